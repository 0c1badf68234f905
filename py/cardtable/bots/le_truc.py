"""Le Truc bots: card play by sampled perfect-information search, stakes by equity.

For each decision the bot samples worlds consistent with what it has seen (the
other hand, any face-down card and the stock re-dealt), solves the card play of
each world exactly (at most three cards each, so the tree is tiny), and averages.
That estimate, the round's equity, then drives the stake decisions:

- a face-down card is mostly a value bet on a position better than even (such an
  offer gains whether it is folded or accepted), sometimes a bluff from a weak one,
  so a face-down card never proves strength;
- a face-down card from the other side is read: each sampled world counts as much
  as the offer was likely there (as if the other player offered the way this bot
  does), and the offer is accepted when that equity beats the break-even of 1 in 4
  (accepting risks 2v to win 2v; folding loses v) plus a margin for the doublings
  still to come, with some randomness near the line so the bot cannot be read
  exactly;
- folding is never chosen when it hands the other player the match.
"""

from __future__ import annotations

import json
import zlib
from functools import lru_cache
from pathlib import Path

from .. import assets
from ..games.le_truc import round_outcome, strength
from . import Bot, ReviewPlan
from .search import best_index, sample_worlds, tally
from .le_truc_match import action_values, folds_the_game, match_choice, near_policy
from .truc_model import RoundModel, hand_key, node_key


@lru_cache(maxsize=None)
def solve(h0: tuple, h1: tuple, results: tuple, leader: int, lead: int | None) -> float:
    """Seat 0's result of open-handed best play (1 win, 0.5 draw, 0 loss).

    Hands are sorted tuples of strengths; ``lead`` is the strength the leader has
    already put down in the current trick, if any.
    """
    decided = round_outcome(results)
    if decided is not None:
        return 1.0 if decided[0] == 0 else 0.0 if decided[0] == 1 else 0.5
    mover = leader if lead is None else 1 - leader
    hand = h0 if mover == 0 else h1
    values = []
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        rest = tuple(rest)
        n0, n1 = (rest, h1) if mover == 0 else (h0, rest)
        if lead is None:
            values.append(solve(n0, n1, results, leader, card))
        else:
            winner = leader if lead > card else mover if card > lead else None
            nxt = leader if winner is None else winner
            values.append(solve(n0, n1, results + (winner,), nxt, None))
    return max(values) if mover == 0 else min(values)


def world_equity(world, seat: int, extra: tuple = ()) -> float:
    """``seat``'s open-handed result in ``world`` after ``extra`` plays (seat, card)."""
    hands = [tuple(sorted(strength(c) for c in h)) for h in world.hands]
    trick = world.tricks[-1] if world.tricks else None
    plays = [(p["seat"], p["card"]) for p in trick["plays"]] if trick else []
    results = tuple(world.results)
    leader = trick["leader"] if trick else 1 - world.dealer
    for s, c in extra:
        h = list(hands[s])
        h.remove(strength(c))
        hands[s] = tuple(h)
        plays.append((s, c))
    if len(plays) == 2:
        a, b = strength(plays[0][1]), strength(plays[1][1])
        winner = plays[0][0] if a > b else plays[1][0] if b > a else None
        results += (winner,)
        leader = leader if winner is None else winner
        lead = None
    else:
        lead = strength(plays[0][1]) if plays else None
    v0 = solve(hands[0], hands[1], results, leader, lead)
    return v0 if seat == 0 else 1.0 - v0


class NormalLeTrucBot(Bot):
    """The shared logic; levels differ by sample count, noise and offer rates."""

    level = "normal"
    worlds = 48
    # Chance of playing face down, by the equity of the position (low, middle, high).
    # An offer with equity above one half gains whether it is accepted or folded;
    # the bluffs from weak positions keep the high offers from being read.
    strong_line = 0.55
    weak_line = 0.25
    offer_rates = (0.3, 0.1, 0.9)
    accept_line = 0.3     # equity needed to accept, after reading the offer
    redo_line = 0.42      # below this equity the non-dealer asks for a redo
    card_noise = 0.0      # chance of playing a random card (easy)
    read_offers = True    # weigh worlds by how likely the offer was in each

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        """The decision and its reason: the equity (chance to win the round, draws
        counting half) that drove it, for the hint sentence."""
        v = obs.view
        worlds = sample_worlds(obs, rng, self.worlds)  # drawn first: the rng then goes on to the noise
        me = obs.seat
        if v["phase"] == "redo_ask":
            eq = self._mean(worlds, me)
            action = "redo" if eq < self.redo_line else "keep"
            return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq)}
        if v["phase"] == "redo_answer":
            eq = self._mean(worlds, me)
            action = "refuse" if eq >= 0.5 else "exchange"
            return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq)}
        if v["phase"] == "answer":
            return self._answer(v, worlds, me, rng)
        return self._play(v, obs.legal, worlds, me, rng)

    @staticmethod
    def _mean(worlds, seat, extra=()):
        return tally(worlds, lambda w: (world_equity(w, seat, extra),)).mean(0)

    def offer_rate(self, equity: float) -> float:
        """How often this bot plays face down from a position of this equity."""
        low, middle, high = self.offer_rates
        if equity >= 0.999:
            return 1.0  # a certain win: an offer can only gain
        return high if equity > self.strong_line else low if equity < self.weak_line else middle

    def _answer(self, v, worlds, me, rng):
        if folds_the_game(v, me):
            return "accept", {"key": "hint.le_truc.accept_or_lose"}

        def weigh(w, values):
            # Read the offer: a world counts as much as the offer was likely in it,
            # assuming the other player offers the way this bot does.
            return self.offer_rate(1.0 - values[0]) if self.read_offers else 1.0

        eq = tally(worlds, lambda w: (world_equity(w, me),), weigh).mean(0)
        line = self.accept_line + rng.uniform(-0.05, 0.05)
        action = "accept" if eq >= line else "fold"
        return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq), "value": v["value"],
                        "next": 2 * v["value"]}

    def _play(self, v, legal, worlds, me, rng):
        ups = [a for a in legal if not a.endswith(" down")]
        if self.card_noise and rng.random() < self.card_noise:
            best = rng.choice(ups)
            eq = self._mean(worlds, me, ((me, best.split()[1]),))
        else:
            cards = [a.split()[1] for a in ups]
            means = tally(worlds, lambda w: [world_equity(w, me, ((me, c),)) for c in cards]).means()
            # ties: keep the stronger card back (equal cards: the greater action text)
            i = best_index(means, prefer=lambda i: (-strength(cards[i]), ups[i]))
            eq, best = means[i], ups[i]
        reason = {"key": "hint.le_truc.play", "card": best.split()[1], "pct": round(100 * eq)}
        if not v["may_play_down"]:
            return best, reason
        if rng.random() < self.offer_rate(eq):
            kind = "value" if eq > self.strong_line else "bluff" if eq < self.weak_line else "mixed"
            return best + " down", dict(reason, key=f"hint.le_truc.down_{kind}")
        return best, reason


class EasyLeTrucBot(NormalLeTrucBot):
    """Fewer worlds, some careless cards, offers mostly on strength, no reading."""

    level = "easy"
    worlds = 12
    strong_line = 0.75
    weak_line = 0.3
    offer_rates = (0.1, 0.1, 0.5)
    accept_line = 0.35
    card_noise = 0.25
    read_offers = False


POLICY_NAME = "bots/le_truc_policy.bin"          # package data, fetched lazily in the page
POLICY_FILE = Path(__file__).with_name("le_truc_policy.bin")


class TrucPolicy:
    """The solved round (``python -m cardtable_lab.truc solve``), as the strong bot reads it.

    Hands and nodes are those of :mod:`cardtable.bots.truc_model`; every chance is a
    whole number of 255ths, exactly as stored.
    """

    def __init__(self, blob: bytes):
        doc = json.loads(zlib.decompress(blob))
        self.meta = doc["meta"]
        self.model = RoundModel(**self.meta["model"])
        self._redo, self._play, self._answer = doc["redo"], doc["play"], doc["answer"]
        self._split: dict[str, list] = {}

    def _entry(self, table: dict, start: str, node: tuple, seat: int, rest: tuple, answer: bool = False):
        """The stored value for ``seat`` holding ``rest`` at ``node``, or None.

        A node's values are one string, one per hand that could have shown the
        node's cards (the model's order); it is split on first use, so reading the
        file stays cheap."""
        key = node_key(start, node, answer=answer)
        values = self._split.get(key)
        if values is None:
            values = table[key].split(",") if key in table else []
            self._split[key] = values
        m = self.model
        slot = m.holding(node[seat]).index(m.index[tuple(sorted(node[seat] + rest))])
        return (values[slot] or None) if slot < len(values) else None

    def knows(self, start: str, node: tuple, answer: bool = False) -> bool:
        """Whether the file holds ``node`` at all (for some hand): the nodes the policy
        itself can reach."""
        return node_key(start, node, answer=answer) in (self._answer if answer else self._play)

    def redo_chance(self, role: int, hand: tuple) -> int:
        """255ths: the non-dealer's (role 0) chance to ask a redo, the dealer's to exchange."""
        return self._redo[hand_key(hand)][role]

    def play_chances(self, start: str, node: tuple, rest: tuple) -> dict | None:
        """{(rank, face_down): 255ths} for the mover holding ``rest``; None if not stored."""
        ranks = sorted(set(rest))
        modes = (False,) if not node[0] and not node[1] else (False, True)
        if len(ranks) * len(modes) == 1:
            return {(ranks[0], False): 255}
        entry = self._entry(self._play, start, node, self.model.mover(node), rest)
        if entry is None:
            return None
        q = bytes.fromhex(entry)
        return {(r, d): q[k * len(modes) + x] for k, r in enumerate(ranks) for x, d in enumerate(modes)}

    def accept_chance(self, start: str, node: tuple, rest: tuple) -> int | None:
        """255ths: the answerer's chance to accept a face-down card played at ``node``."""
        q = self._entry(self._answer, start, node, 1 - self.model.mover(node), rest, answer=True)
        return None if q is None else int(q)


_POLICY: TrucPolicy | None = None


def shipped_policy() -> TrucPolicy:
    """Read the policy file once, on the strong bot's first decision (not at start-up)."""
    global _POLICY
    if _POLICY is None:
        _POLICY = TrucPolicy(assets.read(POLICY_NAME))
    return _POLICY


def abstract_node(view: dict, model: RoundModel) -> tuple[str, tuple, int]:
    """(start, node, role) of the solver's abstraction for the seat of ``view``.

    Roles: 0 the non-dealer, 1 the dealer. The node is found by replaying the cards
    shown so far through the model, so it is the solver's node by construction. A
    face-down card awaiting this seat's answer is left out: the answer is keyed by
    the node before it was played.
    """
    nd = 1 - view["dealer"]
    role = lambda seat: 0 if seat == nd else 1   # noqa: E731
    shown = [(role(p["seat"]), strength(p["card"]), p["down"])
             for t in view["tricks"] for p in t["plays"] if p["card"] is not None and
             (p["revealed"] or p["seat"] == view["seat"])]
    return view["redeal"] or "keep", model.node_of(shown), role(view["seat"])


def _draw(chances: dict, rng) -> object:
    """One key of ``chances`` (whole 255ths), drawn with the seeded generator."""
    x = rng.randrange(sum(chances.values()))
    for key in sorted(chances, key=repr):
        x -= chances[key]
        if x < 0:
            return key
    raise AssertionError("chances must be positive")


class LeTrucRoundBot(Bot):
    """Plays the solved policy: a near-equilibrium strategy for one round, sampled with
    the seeded generator, so its face-down cards bluff at equilibrium rates.

    Its one concession to the match score: it never folds when folding hands the
    other player the match. Where the policy has no entry (only under other rules
    than the defaults) it decides as the normal bot does. This was the strong bot
    until it learnt to play the game (:class:`StrongLeTrucBot`); the arena measures
    one against the other, and the review follows it (its unit is the round's points).
    """

    level = "strong"

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def policy(self):
        """The policy this bot plays."""
        return shipped_policy()

    def explain(self, obs, rng):
        v = obs.view
        policy = self.policy()
        start, node, role = abstract_node(v, policy.model)
        hand = tuple(sorted(strength(c) for c in v["hand"]))
        if v["phase"] in ("redo_ask", "redo_answer"):
            q = policy.redo_chance(role, hand)
            yes = rng.randrange(255) < q
            action = ("redo" if yes else "keep") if v["phase"] == "redo_ask" else ("exchange" if yes else "refuse")
            return action, {"key": f"hint.le_truc.policy.{action}", "pct": round(100 * (q if yes else 255 - q) / 255)}
        if v["phase"] == "answer":
            if folds_the_game(v, obs.seat):
                return "accept", {"key": "hint.le_truc.accept_or_lose"}
            q = policy.accept_chance(start, node, hand)
            if q is None:
                return self._fallback(obs, rng)
            mix = {"accept": q / 255, "fold": 1 - q / 255}
            decided = self.for_the_game(obs, policy, mix)
            if decided is not None:
                return decided
            action = "accept" if rng.randrange(255) < q else "fold"
            pct = round(100 * (q if action == "accept" else 255 - q) / 255)
            return action, {"key": f"hint.le_truc.policy.{action}", "pct": pct}
        chances = policy.play_chances(start, node, hand)
        if chances is None:
            return self._fallback(obs, rng)
        if not v["may_play_down"]:   # e.g. the 'accepter' rule: the offers become plain plays
            merged = {}
            for (r, _), q in chances.items():
                merged[(r, False)] = merged.get((r, False), 0) + q
            chances = merged
        chances = {k: q for k, q in chances.items() if q > 0}
        card_of = {}   # each rank's card: the first legal one, as the policy has always played it
        for a in obs.legal:
            if a.startswith("play "):
                card_of.setdefault(strength(a.split()[1]), a.split()[1])
        total = sum(chances.values())
        mix = {f"play {card_of[r]}" + (" down" if down else ""): q / total for (r, down), q in chances.items()}
        decided = self.for_the_game(obs, policy, mix)
        if decided is not None:
            return decided
        r, down = _draw(chances, rng)
        card = card_of[r]
        pct = round(100 * chances[(r, down)] / 255)
        if down:
            return f"play {card} down", {"key": "hint.le_truc.policy.down", "card": card, "pct": pct}
        return f"play {card}", {"key": "hint.le_truc.policy.play", "card": card, "pct": pct}

    def for_the_game(self, obs, policy, mix: dict):
        """(action, reason) where the game's score changes the round's right play; None
        where the policy's own choice stands. The round's policy alone never departs."""
        return None

    @staticmethod
    def _fallback(obs, rng):
        """Where the policy has no entry (other rules than the solved ones)."""
        return NormalLeTrucBot().explain(obs, rng)


class StrongLeTrucBot(LeTrucRoundBot):
    """The solved round played for the game: where the score makes the best card or
    answer for the game differ from the policy's own mix by more than a small margin
    (late in a game, or once the stake is high), it takes that; otherwise it plays
    the policy as :class:`LeTrucRoundBot` does (:mod:`cardtable.bots.le_truc_match`)."""

    def policy(self):
        """The shipped policy, read at the nearest node it has where its own departures
        have led the round off what the file holds."""
        return near_policy(shipped_policy())

    def for_the_game(self, obs, policy, mix: dict):
        decided = match_choice(obs.view, obs.legal, policy, mix)
        if decided is None:
            return None
        return self._said(*decided)

    def _fallback(self, obs, rng):
        """Where even the nearest node is missing: the best action for the game, by
        the same search; under rules the policy was not solved for, the normal bot."""
        both = action_values(obs.view, obs.legal, self.policy()) if obs.view["phase"] in ("play", "answer") else None
        if both is None:
            return NormalLeTrucBot().explain(obs, rng)
        game = both[0]
        return self._said(max(sorted(game), key=game.get), max(game.values()))

    @staticmethod
    def _said(action: str, chance: float):
        """(action, reason): the hint for a move played for the game."""
        words = action.split()
        kind = "accept" if action == "accept" else "fold" if action == "fold" else \
            "down" if len(words) == 3 else "play"
        reason = {"key": f"hint.le_truc.match.{kind}", "pct": round(100 * chance)}
        if len(words) > 1:
            reason["card"] = words[1]
        return action, reason


# --- the review (cardtable/analysis.py) -------------------------------------------------
REVIEW = ReviewPlan(unit="points", threshold=0.25, worlds=16,  # points of the round
                    rollout=LeTrucRoundBot)  # the shipped near-equilibrium policy, a table lookup a decision: the
                                             # review's unit is the round's points, the policy's own


ADVISOR = None  # no advisor: the page offers none
LEVELS = {"easy": EasyLeTrucBot, "normal": NormalLeTrucBot, "strong": StrongLeTrucBot}
