"""Offline: the exact best response to a Le Truc policy, and so its exploitability.

    python -m cardtable_lab.truc best-response strong normal random

The game is one round under the default rules, scored in points, as in
:mod:`cardtable_lab.truc.solve`, but the best responder is not abstracted: it
remembers the whole public history (every card, its order, which were face down)
and its own hands, the discarded one after an exchange included. Its value is found
by walking the true public tree with, at every node, the opponent's reach for each
of its possible hands and the responder's value for each of its own, taking the
best action for every information set. The exploitability of a policy is the mean
of the two seats' best-response values (the game's value cancels out), in points
per round: 0 for an equilibrium.

A policy here answers, for a seat and a public history, with action probabilities
for each of the hands it might hold: see :class:`Policy` (the solver's and the
page's bots as policies are in :mod:`cardtable_lab.truc.policies`).
"""

from __future__ import annotations

import numpy as np

from cardtable.bots.truc_model import RoundModel

from .solve import Exchange

UP, DOWN = 0, 1


class Policy:
    """What a policy must say (hands are indices into ``model.hands``).

    ``history`` is the round's public history: (seat, rank, face_down) for every card
    shown, face-down cards that were accepted included; ``state`` the abstract node it
    leads to (:mod:`cardtable.bots.truc_model`); ``start`` is 'keep', 'refuse' or
    'exchange'.
    """

    def redo(self, seat: int, hands) -> np.ndarray:
        """Per hand: the non-dealer's chance to ask a redo (seat 0), the dealer's to exchange (1)."""
        raise NotImplementedError

    def play(self, seat: int, start: str, history: tuple, state: tuple, hands) -> np.ndarray:
        """(hands, ranks, 2): the chance of playing each rank face up and face down."""
        raise NotImplementedError

    def answer(self, seat: int, start: str, history: tuple, state: tuple, hands) -> np.ndarray:
        """Per hand: the chance to accept the face-down card just played."""
        raise NotImplementedError


class UniformPolicy(Policy):
    """The ``random`` bot: each legal action equally likely."""

    def __init__(self, model: RoundModel):
        self.model = model

    def redo(self, seat, hands):
        return np.full(len(hands), 0.5)

    def play(self, seat, start, history, state, hands):
        model = self.model
        first = not history
        mine = [r for s, r, _ in history if s == seat]
        out = np.zeros((len(hands), model.ranks, 2))
        for a, h in enumerate(hands):
            rest = list(model.hands[h])
            for r in mine:
                rest.remove(r)
            ranks = sorted(set(rest))
            # the random bot picks among action strings: one per card, each card up or down
            per_card = 1 if first else 2
            n = len(rest) * per_card
            for r in ranks:
                out[a, r, UP] = rest.count(r) / n
                if not first:
                    out[a, r, DOWN] = rest.count(r) / n
        return out

    def answer(self, seat, start, history, state, hands):
        return np.full(len(hands), 0.5)


class BestResponse:
    """The best-response value for one seat against a fixed policy."""

    def __init__(self, model: RoundModel, policy: Policy, seat: int):
        self.model, self.policy, self.seat = model, policy, seat
        hands = model.hands
        self.nh = len(hands)
        self.holds = {}          # played ranks (sorted) -> boolean mask over hands
        self.nodes = 0

    def _mask(self, played: tuple) -> np.ndarray:
        m = self.holds.get(played)
        if m is None:
            m = np.zeros(self.nh, bool)
            m[list(self.model.holding(played))] = True
            self.holds[played] = m
        return m

    def subgame(self, start: str, row_hand: np.ndarray, weights: np.ndarray, reach: np.ndarray) -> np.ndarray:
        """The responder's best value for each of its private rows (a hand, or an old
        and a new hand), where ``weights[row, h]`` is the chance of the row with the
        opponent holding ``h`` and ``reach`` the opponent's chance of getting here."""
        self.start = start
        opp = np.nonzero(reach > 0)[0]
        return self._node(self.model.root(), (), weights[:, opp], np.asarray(row_hand), opp, reach[opp])

    def _node(self, state, history, W, rows, opp, reach):
        """Values for the rows ``rows`` (their hands) given ``W`` (rows x opponent hands
        ``opp``) and the opponent's reach; terminal children are settled here in bulk."""
        self.nodes += 1
        model, b = self.model, self.seat
        m = model.mover(state)
        first = not history
        if m == b:
            best = np.full(len(rows), -np.inf)
            alpha = None if first else self.policy.answer(1 - b, self.start, history, state, opp)
            for r, child, child_down, done in model.moves(state):
                keep = self._mask(tuple(sorted(state[b] + (r,))))[rows]
                if not keep.any():
                    continue
                sub = W[keep]
                up = self._value(child, done, history + ((b, r, False),), sub, rows[keep], opp, reach)
                if not first:
                    fold = sub @ (reach * (1 - alpha))
                    ok = alpha > 0
                    acc = (2.0 * self._value(child_down, done, history + ((b, r, True),), sub[:, ok], rows[keep],
                                             opp[ok], reach[ok] * alpha[ok]) if ok.any() else 0.0)
                    up = np.maximum(up, fold + acc)
                idx = np.nonzero(keep)[0]
                best[idx] = np.maximum(best[idx], up)
            best[best == -np.inf] = 0.0   # hands the cards shown rule out (weight 0)
            return best
        # the opponent moves; the responder answers a face-down card without seeing it
        probs = self.policy.play(m, self.start, history, state, opp)
        up_end = np.zeros(len(opp))      # face-up cards that end the round: payoff x reach
        acc_end = np.zeros(len(opp))     # the same for face-down cards, once accepted
        offered = np.zeros(len(opp))     # every face-down card (what a fold gives up)
        total = np.zeros(len(rows))
        accept = np.zeros(len(rows))
        for r, child_up, child_down, done in model.moves(state):
            for mode in ((UP,) if first else (UP, DOWN)):
                child = child_up if mode == UP else child_down
                p = reach * probs[:, r, mode]
                if mode == DOWN:
                    offered += p
                if child is None:
                    if mode == UP:
                        up_end += self._payoff(done) * p
                    else:
                        acc_end += 2.0 * self._payoff(done) * p
                    continue
                ok = p > 0
                if ok.any():
                    v = self._node(child, history + ((m, r, mode == DOWN),), W[:, ok], rows, opp[ok], p[ok])
                    if mode == UP:
                        total += v
                    else:
                        accept += 2.0 * v
        total += W @ up_end
        if offered.any():
            total += np.maximum(-(W @ offered), accept + W @ acc_end)
        return total

    def _payoff(self, done) -> float:
        return 0.0 if done == "draw" else (1.0 if done == self.seat else -1.0)

    def _value(self, child, done, history, W, rows, opp, reach):
        if child is None:
            return self._payoff(done) * (W @ reach)
        return self._node(child, history, W, rows, opp, reach)


def best_response_value(model: RoundModel, policy: Policy, seat: int, log=None) -> float:
    """The most a player in ``seat`` can expect per round against ``policy``."""
    n = len(model.hands)
    ways = np.array([[model.ways(a, b) for b in model.hands] for a in model.hands], float)
    c = ways / ways.sum()
    br = BestResponse(model, policy, seat)
    hands = np.arange(n)
    cs = c if seat == 0 else c.T        # [responder's hand, opponent's hand]
    if not model.redo:
        return float(br.subgame("keep", hands, cs, np.ones(n)).sum())
    other = 1 - seat
    p_other = policy.redo(other, list(range(n)))   # the opponent's redo (seat 0) or exchange (seat 1)
    ex = Exchange(model)
    if seat == 0:
        keep = br.subgame("keep", hands, cs, np.ones(n))
        refuse = br.subgame("refuse", hands, cs, 1 - p_other)
        # rows: (old hand o, new hand) ; weight of the opponent's new hand
        W = np.zeros((n * n, n))
        for o in range(n):
            w = cs[o] * p_other                              # over the dealer's old hand q
            W[o * n:(o + 1) * n] = (w @ ex.M[ex.combo_of[o]]).reshape(n, n)
        ex_rows = br.subgame("exchange", np.tile(hands, n), W, np.ones(n))
        exchange = ex_rows.reshape(n, n).sum(axis=1)
        value = np.maximum(keep, refuse + exchange).sum()
    else:
        keep = br.subgame("keep", hands, cs, 1 - p_other)
        refuse = br.subgame("refuse", hands, cs, p_other)
        W = np.zeros((n * n, n))
        for o in range(n):
            w = cs[o] * p_other                               # over the non-dealer's old hand q
            # M's pairs are (non-dealer's new, dealer's new): this dealer's new hand is the second
            W[o * n:(o + 1) * n] = (w @ ex.M[ex.combo_of[:, o]]).reshape(n, n).T
        ex_rows = br.subgame("exchange", np.tile(hands, n), W, np.ones(n))
        exchange = ex_rows.reshape(n, n).sum(axis=1)
        value = (keep + np.maximum(refuse, exchange)).sum()
    if log:
        log(f"  seat {seat}: {br.nodes} nodes")
    return float(value)


def exploitability(model: RoundModel, policy: Policy, log=None) -> float:
    """Mean best-response gain over both seats, in points per round (0 at equilibrium)."""
    return 0.5 * (best_response_value(model, policy, 0, log) + best_response_value(model, policy, 1, log))
