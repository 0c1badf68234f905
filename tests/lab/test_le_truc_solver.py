"""The Le Truc solver and its exact best response, on rounds small enough to check by hand.

The one-card round (ranks 0 < 1 < 2, one card each, no redo): the non-dealer's card
is face up, so the dealer knows the outcome and may play face down; facing that,
the non-dealer folds (the dealer scores 1) or accepts (the stake doubles to 2).
Worked by hand: the dealer offers with every winning card and bluffs one time in
three with the 0 against a 1 (the other bluffs lose for sure); the 1 accepts two
times in three, the 0 folds, the 2 accepts. The round is worth -1/9 to the
non-dealer. Against the random bot (every card up or down at even odds, every
answer a coin flip) the best responses earn 1/6 as non-dealer and 1/2 as dealer.
"""

import hashlib

import pytest

# The offline solver runs on numpy and numba, never in the page: under Pyodide
# (tests/pyodide/pyodide_suite.py), which has neither, this module is skipped.
np = pytest.importorskip("numpy", reason="the offline Le Truc solver needs numpy (not in Pyodide)")
pytest.importorskip("numba", reason="the offline Le Truc solver needs numba (not in Pyodide)")

from cardtable.bots.truc_model import RoundModel
from cardtable_lab.truc.__main__ import main as truc_main
from cardtable_lab.truc.best_response import (DOWN, UP, Policy, UniformPolicy, best_response_value,
                                              exploitability)
from cardtable_lab.truc.policies import solver_policy
from cardtable_lab.truc.solve import Solver

ONE_CARD = dict(ranks=3, copies=1, hand=1, redo=False)


class HandEquilibrium(Policy):
    """The one-card round's equilibrium as worked out in the module docstring."""

    def play(self, seat, start, history, state, hands):
        out = np.zeros((len(hands), 3, 2))
        if seat == 0:                       # the lead: face up, it is the only card
            for q, h in enumerate(hands):
                out[q, h, UP] = 1.0
            return out
        lead = history[0][1]
        for q, y in enumerate(hands):
            if y > lead:
                out[q, y, DOWN] = 1.0       # a sure win: offer
            elif (lead, y) == (1, 0):
                out[q, y, DOWN], out[q, y, UP] = 1 / 3, 2 / 3
            else:
                out[q, y, UP] = 1.0         # the 2 always accepts: no bluff
        return out

    def answer(self, seat, start, history, state, hands):
        return np.array([{0: 0.0, 1: 2 / 3, 2: 1.0}[h] for h in hands])


def test_best_response_to_random_is_exact_on_the_one_card_round():
    m = RoundModel(**ONE_CARD)
    policy = UniformPolicy(m)
    assert best_response_value(m, policy, 0) == pytest.approx(1 / 6)
    assert best_response_value(m, policy, 1) == pytest.approx(1 / 2)
    assert exploitability(m, policy) == pytest.approx(1 / 3)


def test_hand_worked_equilibrium_cannot_be_exploited():
    m = RoundModel(**ONE_CARD)
    policy = HandEquilibrium()
    assert best_response_value(m, policy, 0) == pytest.approx(-1 / 9)
    assert best_response_value(m, policy, 1) == pytest.approx(1 / 9)
    assert exploitability(m, policy) == pytest.approx(0, abs=1e-12)


def test_a_deviation_from_equilibrium_is_punished_by_exactly_its_cost():
    """The dealer bluffs the 0 against the 1 every time. Then the 1 accepts every
    offer: +2 against the 0, -2 against the 2; with the other deals (0 v 1: -1,
    0 v 2: -1, 2 v 0: +1, 2 v 1: +1) the non-dealer's best is 0 a round, not -1/9."""
    class OverBluff(HandEquilibrium):
        def play(self, seat, start, history, state, hands):
            out = super().play(seat, start, history, state, hands)
            if seat == 1 and history[0][1] == 1:
                for q, y in enumerate(hands):
                    if y == 0:
                        out[q, 0] = (0.0, 1.0)
            return out

    m = RoundModel(**ONE_CARD)
    assert best_response_value(m, OverBluff(), 0) == pytest.approx(0.0)


def test_solver_finds_the_one_card_equilibrium():
    m = RoundModel(**ONE_CARD)
    s = Solver(m)
    for _ in range(1000):
        s.iterate()
    policy = solver_policy(s)
    assert exploitability(m, policy) < 0.005
    shown = ((0, 1, False),)
    accept = policy.answer(0, "keep", shown, m.node_of(shown), [1])[0]
    assert accept == pytest.approx(2 / 3, abs=0.02)


def test_exploitability_falls_as_iterations_grow():
    """A three-card round on four ranks, the redo and the exchange included."""
    m = RoundModel(ranks=4, copies=4, hand=3, redo=True)
    s = Solver(m)
    seen = []
    for target in (10, 40, 160):
        while s.t < target:
            s.iterate()
        seen.append(exploitability(m, solver_policy(s)))
    assert seen[0] > seen[1] > seen[2]
    assert seen[2] < 0.25 * seen[0]


def test_the_solve_command_is_deterministic(tmp_path):
    """Same parameters, same bytes: the shipped file is reproducible from its command."""
    outs = []
    for k in range(2):
        path = tmp_path / f"p{k}.bin"
        truc_main(["solve", "-i", "30", "--ranks", "4", "--hand", "3", "-o", str(path)])
        outs.append(hashlib.sha256(path.read_bytes()).hexdigest())
    assert outs[0] == outs[1]
