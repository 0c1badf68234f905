"""Le Truc bots: bluffing and folding at times, accepting when folding would lose the
match, and each level stronger than the one below. What every game's bots keep
(legal, reproducible, honest) is tests/bots/test_bots.py."""


import pytest

from cardtable import bots, games
from cardtable_lab import arena
from tests.support import bot_checks

GAME = games.get("le_truc")


def positions(n, seed=0):
    """A spread of positions from random play, every phase included."""
    return bot_checks.positions("le_truc", n, seed, moves=80)


def test_normal_bot_bluffs_sometimes_and_folds_sometimes():
    """Not a stone wall and not a pushover: it plays face down with weak cards at
    times, and folds to a face-down card at times, but not always."""
    bot = bots.make("le_truc", "normal")
    weak_down = weak_total = folds = answers = 0
    for i, s in enumerate(positions(600, seed=5)):
        v = s.view(s.to_act)
        action = bots.decide(bot, s, 13, i)
        if s.phase == "answer":
            answers += 1
            folds += action == "fold"
        elif s.phase == "play" and v["may_play_down"]:
            from cardtable.games.le_truc import strength
            if max(strength(c) for c in v["hand"]) <= 3:  # nothing above a queen
                weak_total += 1
                weak_down += action.endswith("down")
    assert answers > 20 and 0 < folds < answers
    assert weak_total > 10 and 0 < weak_down < weak_total


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_bot_accepts_when_folding_would_lose_the_match(level):
    from tests.rules.test_le_truc import new, run
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    s.scores = [0, 29]
    run(s, "keep", "play KS", "play AS down")
    assert all(bots.decide(bots.make("le_truc", level), s, seed, 3) == "accept" for seed in range(20))


@pytest.mark.parametrize("strong, weak, pairs", [("normal", "random", 30), ("easy", "random", 30), ("normal", "easy", 150)])
def test_bots_beat_the_level_below_in_the_arena(strong, weak, pairs):
    r = arena.run("le_truc", strong, weak, 2 * pairs, first_seed=100, jobs=1)
    assert r["win_rate"] - r["win_ci"] > 0.5
    assert r["margin"] > 0
