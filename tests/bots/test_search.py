"""Search written once: the bots' shared sample-worlds-and-average loop, and the
public fast path (``State.step``) it uses instead of the rules' private methods."""

import ast
import random
from pathlib import Path

import pytest

from cardtable import games
from cardtable.bots import search

BOTS = Path(__file__).resolve().parents[2] / "py" / "cardtable" / "bots"


class FakeObs:
    """An observation whose worlds are numbers, logging when each is drawn."""

    def __init__(self, log):
        self.log = log
        self.drawn = 0

    def sample_world(self, rng):
        self.drawn += 1
        self.log.append(("draw", self.drawn))
        return {"n": self.drawn, "r": rng.random()}


def test_search_draws_every_world_first_then_evaluates_each_once():
    log = []
    obs = FakeObs(log)

    def evaluate(w):
        log.append(("eval", w["n"]))
        return [w["n"], 10 * w["n"]]

    got = search.search(obs, random.Random(3), 4, evaluate)
    assert log == [("draw", k) for k in (1, 2, 3, 4)] + [("eval", k) for k in (1, 2, 3, 4)]
    assert got.worlds == 4 and got.weight == 4
    assert got.totals == [10.0, 100.0]
    assert got.means() == [2.5, 25.0]


def test_the_worlds_come_from_the_bots_generator_alone():
    a = search.sample_worlds(FakeObs([]), random.Random(9), 5)
    b = search.sample_worlds(FakeObs([]), random.Random(9), 5)
    assert a == b


def test_a_weight_may_depend_on_what_the_world_held():
    """A world where the bettor would lose counts less: a bet says "strong"."""
    worlds = [1, 0, 1, 1]          # 1: the bettor wins there
    got = search.tally(worlds, lambda w: (w, 1 - w), lambda w, values: 1.0 if values[0] else 0.5)
    assert got.weight == 3.5
    assert got.mean(0) == pytest.approx(3 / 3.5) and got.mean(1) == pytest.approx(0.5 / 3.5)


def test_no_worlds_mean_nothing_rather_than_a_division_by_zero():
    assert search.Tally(2).means() == [0.0, 0.0]


def test_ties_go_to_a_fixed_choice():
    assert search.best_index([1.0, 3.0, 3.0, 2.0]) == 1                      # the first of equals
    assert search.best_index([1.0, 3.0, 3.0 + 1e-12], eps=1e-9) == 1         # a near-tie is a tie
    assert search.best_index([1.0, 3.0, 3.0 + 1e-6], eps=1e-9) == 2
    strengths = [5, 9, 2]
    assert search.best_index([3.0, 3.0, 3.0], prefer=lambda i: -strengths[i]) == 2  # keep strong cards back
    assert search.best_index([3.0, 4.0, 3.0], prefer=lambda i: -strengths[i]) == 1  # value first


@pytest.mark.parametrize("name", games.names())
def test_step_plays_a_legal_action_exactly_as_apply_does(name):
    """Search applies actions it took from legal_actions() with ``step``: the same
    events and the same position as ``apply``, only without the re-check."""
    game = games.get(name)
    rng = random.Random(5)
    for seed in range(4):
        s = game.new_game(seed=seed)
        for _ in range(150):
            if s.is_over:
                break
            action = rng.choice(s.legal_actions())
            t = s.clone()
            assert t.step(action) == s.apply(action)
            assert t.to_act == s.to_act and t.legal_actions() == s.legal_actions()
            assert [t.view(k) for k in range(s.num_players)] == [s.view(k) for k in range(s.num_players)]


def test_apply_still_checks_what_step_does_not():
    s = games.get("japanese_loo").new_game(seed=1)
    before = s.view(s.to_act)
    with pytest.raises(ValueError):
        s.apply("play XX")
    assert s.view(s.to_act) == before


@pytest.mark.parametrize("name", games.names())
def test_game_bots_touch_no_private_part_of_a_state(name):
    """A bot reads a (sampled) State only through its public face: the rules'
    private helpers may change without a bot noticing."""
    tree = ast.parse((BOTS / f"{name}.py").read_text())
    private = sorted({f"{ast.unparse(node)} (line {node.lineno})" for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                      and not node.attr.startswith("__")
                      and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))})
    assert not private, f"bots/{name}.py reaches into private parts: {', '.join(private)}"
