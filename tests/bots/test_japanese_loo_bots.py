"""Japanese Loo bots (what every game's bots keep, legal, reproducible and honest, is
tests/bots/test_bots.py): sensible at play-or-drop, and each level ahead of the one
below at the table."""

import random

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots import japanese_loo as lb
from cardtable_lab import arena
from tests.rules.test_japanese_loo import new

GAME = games.get("japanese_loo")


def test_normal_stays_in_with_master_trumps_and_drops_a_hopeless_hand():
    strong_hand = {1: ["AS", "KS", "QS", "AH", "AD"]}
    s = new(6, dealer=0, hands=strong_hand, turnup="2S")
    assert bots.make("japanese_loo", "normal").choose(Observation(s, 1), random.Random(1)) == "in"
    weak = {1: ["2H", "3H", "4D", "5C", "6C"]}
    s = new(6, dealer=0, hands=weak, turnup="2S")
    assert bots.make("japanese_loo", "normal").choose(Observation(s, 1), random.Random(1)) == "out"
    assert bots.make("japanese_loo", "strong").choose(Observation(s, 1), random.Random(1)) == "out"


def test_wins_cheaply_when_last_surely_when_not_and_sheds_when_it_cannot():
    trick = ["9H", "QH"]  # the legal cards are given: here, the hearts of a hand K♥ A♥ 2♣
    assert lb.heuristic_card(["KH", "AH"], trick, "S", 0, []) == "KH"  # last: the cheapest winner
    assert lb.heuristic_card(["KH", "AH"], trick, "S", 2, []) == "AH"  # others to come: the surest
    assert lb.heuristic_card(["3D", "7C", "4S"], trick, "S", 0, []) == "4S"  # void: trump to win
    assert lb.heuristic_card(["2H", "JH"], ["AH"], "S", 1, []) == "2H"  # cannot win: shed the lowest


def test_leads_a_master_trump():
    assert lb.heuristic_card(["QS", "2D", "5C"], [], "S", 3, ["AS", "KS"]) == "QS"
    assert lb.heuristic_card(["QS", "AD", "5C"], [], "S", 3, []) == "AD"


def test_strong_hint_says_why():
    s = new(4)
    action, reason = bots.hint("japanese_loo", s, 1, 0, "strong")
    assert action in ("in", "out") and reason["key"].startswith("hint.japanese_loo.sim_")
    action, reason = bots.hint("japanese_loo", s, 1, 0, "normal")
    assert reason["key"] == f"hint.japanese_loo.{action}"


@pytest.mark.parametrize("strong, weak, seeds", [("normal", "easy", 12), ("easy", "random", 12), ("strong", "normal", 4)])
def test_each_level_wins_chips_at_a_table_of_the_level_below(strong, weak, seeds):
    r = arena.run_table("japanese_loo", strong, weak, 4, 4 * seeds, first_seed=300, jobs=1)
    assert r["per_deal"] > 0, r


def test_arena_command_for_a_table(capsys):
    assert arena.main(["japanese_loo", "normal", "easy", "-p", "3", "-n", "3", "-j", "1"]) == 0
    assert "chips per deal" in capsys.readouterr().out
