"""Bots: always legal, honest (decide only from what their seat may know),
deterministic given the seed, and stronger than the level below."""

import random

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable_lab import arena

GAME = games.get("le_truc")
LEVELS = ["random", "easy", "normal", "strong"]


def positions(n, seed=0):
    """A spread of positions from random play, every phase included."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = GAME.new_game(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 80)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over:
            out.append(s)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_legal_actions(level):
    bot = bots.make("le_truc", level)
    for i, s in enumerate(positions(150, seed=1)):
        assert bots.decide(bot, s, 7, i) in s.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_honest_redealing_hidden_cards_changes_nothing(level):
    """Re-deal what the bot cannot see (consistently with its view): same choice."""
    bot = bots.make("le_truc", level)
    phases = set()
    for i, s in enumerate(positions(120, seed=2)):
        seat = s.to_act
        phases.add(s.phase)
        choice = bots.decide(bot, s, 11, i)
        for k in range(3):
            other = s.sample_world(seat, random.Random(1000 * i + k))
            assert other.view(seat) == s.view(seat)
            assert other.hands[1 - seat] != s.hands[1 - seat] or other.stock != s.stock or not s.stock
            assert bots.decide(bot, other, 11, i) == choice
    assert {"redo_ask", "play", "answer"} <= phases


def test_observation_exposes_only_the_seat_view():
    s = positions(1, seed=3)[0]
    obs = Observation(s, s.to_act)
    assert obs.view == s.view(s.to_act) and obs.legal == s.legal_actions()
    assert not hasattr(obs, "state") and not hasattr(obs, "__dict__")


def test_bot_decisions_are_deterministic_given_seed_and_ply():
    bot = bots.make("le_truc", "normal")
    s = positions(1, seed=4)[0]
    assert len({bots.decide(bot, s.clone(), 5, 3) for _ in range(5)}) == 1


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


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="levels: random, easy, normal, strong"):
        bots.make("le_truc", "grandmaster")
