"""Offline: the solver's strategy and the page's Le Truc bots as policies for the
exact best response (:mod:`cardtable_lab.truc.best_response`).

- a solver's average strategy (:func:`solver_policy`), read through the abstraction
  it was solved in, to measure a solve as it goes;
- ``strong``: the shipped policy file, read through the very code the bot uses
  (:class:`cardtable.bots.le_truc.TrucPolicy`), so what is measured is what the page
  plays, 255ths and all;
- ``game``: the strong bot as the page plays it, the solved round played for the
  game (:mod:`cardtable.bots.le_truc_match`), measured at the game's first round
  (0-0 in a race to 30): the shipped policy's chances, except where the bot plays
  for the game, which it does with certainty (asked on a rebuilt engine state);
- ``normal`` / ``easy``: each decision is asked of the real bot, on a real engine
  state rebuilt from the public history (the responder's unseen cards filled in
  arbitrarily: the bots never look at them). Their decisions depend on sampled
  worlds and coin flips, so each information set is asked ``samples`` times with
  generators seeded from it, and the frequencies are the policy measured.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cardtable import games
from cardtable.bots import Observation, make
from cardtable.bots.le_truc import shipped_policy
from cardtable.bots.le_truc_match import match_choice, near_policy
from cardtable.bots.truc_model import RoundModel, remaining
from cardtable.protocol import derived_rng
from cardtable.games.le_truc import DECK, strength

from .best_response import DOWN, UP, Policy


class SolverPolicy(Policy):
    """A solver's current average strategy, read through the abstraction."""

    def __init__(self, solver):
        self.solver, self.model = solver, solver.model
        solver_redo = solver.average_redo()
        self.redo_p = [solver_redo[0][:, 1], solver_redo[1][:, 1]]
        self.tables = {}
        for start, sub in solver.subs.items():
            sub.use_average()
            self.tables[start] = (sub.sig.copy(), sub.asig.copy())

    def redo(self, seat, hands):
        return self.redo_p[seat][hands]

    def play(self, seat, start, history, state, hands):
        g = self.solver.g
        n = self.solver.g.id[state]
        sig = self.tables[start][0]
        local = {h: a for a, h in enumerate(self.model.holding(state[seat]))}
        nm = g.mv_cnt[n]
        out = np.zeros((len(hands), self.model.ranks, 2))
        for q, h in enumerate(hands):
            a = local[h]
            for kk in range(nm):
                x = g.st_off[n] + (a * nm + kk) * 2
                out[q, g.mv_rank[g.mv_off[n] + kk]] = sig[x:x + 2]
        return out

    def answer(self, seat, start, history, state, hands):
        g = self.solver.g
        n = self.solver.g.id[state]
        asig = self.tables[start][1]
        local = {h: a for a, h in enumerate(self.model.holding(state[seat]))}
        return np.array([asig[g.an_off[n] + local[h]] for h in hands])


def solver_policy(solver) -> SolverPolicy:
    return SolverPolicy(solver)


class ShippedPolicy(Policy):
    """The strong bot's policy file, read as the bot reads it."""

    def __init__(self, model: RoundModel, policy=None):
        self.model = model
        self.p = policy or shipped_policy()
        self.missing = 0   # look-ups of a possible hand that the file lacks (the bot would fall back)

    def redo(self, seat, hands):
        return np.array([self.p.redo_chance(seat, self.model.hands[h]) / 255 for h in hands])

    def play(self, seat, start, history, node, hands):
        out = np.zeros((len(hands), self.model.ranks, 2))
        for q, h in enumerate(hands):
            rest = remaining(self.model.hands[h], node[seat])
            chances = self.p.play_chances(start, node, rest)
            if chances is None:   # the bot would ask the normal bot: count it, play uniformly
                self.missing += self.model.possible(self.model.hands[h], node[1 - seat])
                chances = {(r, d): 1 for r in set(rest) for d in ((False,) if not history else (False, True))}
            total = sum(chances.values())
            for (r, d), c in chances.items():
                out[q, r, DOWN if d else UP] = c / total
        return out

    def answer(self, seat, start, history, node, hands):
        out = np.zeros(len(hands))
        for q, h in enumerate(hands):
            c = self.p.accept_chance(start, node, remaining(self.model.hands[h], node[seat]))
            if c is None:
                self.missing += self.model.possible(self.model.hands[h], node[1 - seat])
                c = 127.5
            out[q] = c / 255
        return out


SUITS = "SHDC"
ORDER = "9TJQKA67"


class BotPolicy(Policy):
    """A level of the page's Le Truc bot, asked on rebuilt states."""

    def __init__(self, model: RoundModel, level: str, samples: int = 4):
        self.model, self.level, self.samples = model, level, samples
        self.bot = make("le_truc", level)
        self.game = games.get("le_truc")
        self.queries = 0

    # Seat 0 is the non-dealer: the first dealer is seat 1.
    def _deck(self, hands_by_seat):
        """A stacked deck giving each seat its rank hands (old hands, then new ones
        after an exchange), suits assigned in order."""
        used = {r: 0 for r in range(8)}

        def cards(ranks):
            out = []
            for r in ranks:
                out.append(ORDER[r] + SUITS[used[r]])
                used[r] += 1
            return out

        order = []
        for h in hands_by_seat:
            order += cards(h)
        rest = [c for c in DECK if c not in order]
        return order + rest

    def _fill(self, known: list, avoid: list) -> tuple:
        """A three-card rank hand containing ``known`` and leaving room for ``avoid``."""
        counts = {r: known.count(r) + avoid.count(r) for r in range(8)}
        hand = list(known)
        for r in range(8):
            while len(hand) < 3 and counts[r] < 4:
                hand.append(r)
                counts[r] += 1
        return tuple(sorted(hand))

    def _state(self, seat, start, history, hand, pending: bool):
        """An engine state at this decision: ``seat`` holds ``hand`` (ranks, as dealt
        for the card play), the history replayed, a face-down card pending if asked."""
        other = 1 - seat
        theirs = [r for s, r, _ in history if s == other]
        their_hand = self._fill(theirs, list(hand))
        if pending and len(theirs) >= 3:
            raise AssertionError("no card left for the pending offer")
        hands = [None, None]
        hands[seat], hands[other] = tuple(hand), their_hand
        if start == "exchange":
            old = [self._fill([], list(hands[0]) + list(hands[1])), None]
            old[1] = self._fill([], list(hands[0]) + list(hands[1]) + list(old[0]))
            deck = self._deck([old[0], old[1], hands[0], hands[1]])
        else:
            deck = self._deck([hands[0], hands[1]])
        s = self.game.new_game(seed=1, options={"first_dealer": 1}, deck=deck)
        if start == "keep":
            s.apply("keep")
        else:
            s.apply("redo")
            s.apply(start)
        for who, r, down in history:
            card = next(c for c in s.hands[who] if strength(c) == r)
            s.apply(f"play {card} down" if down else f"play {card}")
            if down:
                s.apply("accept")
        if pending:
            left = s.hands[other]
            s.apply(f"play {left[0]} down")
        return s

    @lru_cache(maxsize=None)
    def _decide(self, seat, start, history, hand, pending):
        s = self._state(seat, start, history, hand, pending)
        obs = Observation(s, seat)
        counts = {}
        for k in range(self.samples):
            self.queries += 1
            a = self.bot.choose(obs, derived_rng("best-response", seat, start, history, hand, pending, k))
            counts[a] = counts.get(a, 0) + 1
        return counts

    def redo(self, seat, hands):
        out = np.zeros(len(hands))
        for q, h in enumerate(hands):
            hand = self.model.hands[h]
            deck = self._deck([hand, self._fill([], list(hand))] if seat == 0
                              else [self._fill([], list(hand)), hand])
            s = self.game.new_game(seed=1, options={"first_dealer": 1}, deck=deck)
            if seat == 1:
                s.apply("redo")
            obs = Observation(s, seat)
            yes = "redo" if seat == 0 else "exchange"
            out[q] = sum(self.bot.choose(obs, derived_rng("best-response", seat, h, k)) == yes
                         for k in range(self.samples)) / self.samples
        return out

    def play(self, seat, start, history, state, hands):
        out = np.zeros((len(hands), self.model.ranks, 2))
        for q, h in enumerate(hands):
            if not self.model.possible(self.model.hands[h], state[1 - seat]):
                continue   # ruled out by the other side's cards: it weighs nothing
            counts = self._decide(seat, start, history, self.model.hands[h], False)
            for a, n in counts.items():
                w = a.split()
                out[q, strength(w[1]), DOWN if len(w) == 3 else UP] += n / self.samples
        return out

    def answer(self, seat, start, history, state, hands):
        return np.array([self._decide(seat, start, history, self.model.hands[h], True).get("accept", 0)
                         / self.samples if self.model.possible(self.model.hands[h], state[1 - seat]) else 0.0
                         for h in hands])


class GamePolicy(ShippedPolicy):
    """The strong bot playing for the game, at 0-0: the policy file's chances (at the
    nearest node it has, as the bot reads it) except where :func:`match_choice`
    departs from them (with certainty)."""

    def __init__(self, model: RoundModel):
        super().__init__(model, near_policy(shipped_policy()))
        self.states = BotPolicy(model, "normal")   # only its rebuilt engine states are used
        self.departures = 0   # (history, hand) pairs where the bot plays for the game

    def _departure(self, seat, start, history, hand, pending, mix_of):
        s = self.states._state(seat, start, history, hand, pending)
        obs = Observation(s, seat)
        mix = mix_of(obs)
        decided = match_choice(obs.view, obs.legal, self.p, mix)
        self.departures += decided is not None
        return None if decided is None else decided[0]

    def play(self, seat, start, history, node, hands):
        out = super().play(seat, start, history, node, hands)
        for q, h in enumerate(hands):
            if not self.model.possible(self.model.hands[h], node[1 - seat]) or out[q].sum() == 0:
                continue

            def mix_of(obs, row=out[q]):
                card = {}
                for a in obs.legal:
                    card.setdefault(strength(a.split()[1]), a.split()[1])
                return {f"play {card[r]}" + (" down" if d else ""): row[r, d] for r in range(self.model.ranks)
                        for d in (UP, DOWN) if row[r, d] > 0}
            action = self._departure(seat, start, history, self.model.hands[h], False, mix_of)
            if action is not None:
                words = action.split()
                out[q] = 0
                out[q, strength(words[1]), DOWN if len(words) == 3 else UP] = 1
        return out

    def answer(self, seat, start, history, node, hands):
        out = super().answer(seat, start, history, node, hands)
        for q, h in enumerate(hands):
            if not self.model.possible(self.model.hands[h], node[1 - seat]):
                continue
            action = self._departure(seat, start, history, self.model.hands[h], True,
                                     lambda obs, a=out[q]: {"accept": a, "fold": 1 - a})
            if action is not None:
                out[q] = 1.0 if action == "accept" else 0.0
        return out


def bot_policy(model: RoundModel, name: str) -> Policy:
    if name == "strong":
        return ShippedPolicy(model)
    if name == "game":
        return GamePolicy(model)
    return BotPolicy(model, name)
