"""Le Truc's strong bot plays the game, not only the round (cardtable/bots/le_truc_match.py):
the chance of the game from every score, the bot departing from the solved round where
the score bends a round's points, and playing the solved round where it does not."""

import pytest

from cardtable.bots import Observation
from cardtable.bots.le_truc import LeTrucRoundBot, StrongLeTrucBot, shipped_policy
from cardtable.bots.le_truc_match import action_values, game_chances, late, nearest_nodes
from cardtable.protocol import derived_rng
from tests.rules.test_le_truc import A, B, new

SEEDS = range(12)


@pytest.mark.parametrize("scoring, size, draw", [("race", 30, "swap"), ("race", 12, "replay"),
                                                 ("bankroll", 60, "swap")])
def test_the_chance_of_the_game_is_the_same_seen_from_either_side(scoring, size, draw):
    w = game_chances(scoring, size, draw)
    for (mine, theirs, deal), chance in w.items():
        assert 0 < chance < 1
        assert chance + w[(theirs, mine, not deal)] == pytest.approx(1, abs=1e-9)


def test_the_chance_of_the_game_grows_with_one_s_score_and_falls_with_the_other_s():
    w = game_chances("race", 30, "swap")
    assert w[(0, 0, True)] == pytest.approx(0.5, abs=0.05)
    for deal in (True, False):
        for a in range(29):
            assert w[(a + 1, 10, deal)] > w[(a, 10, deal)]
            assert w[(10, a + 1, deal)] < w[(10, a, deal)]
    assert w[(29, 0, True)] > 0.99 and w[(0, 29, True)] < 0.01


def a_round_it_cannot_lose(scores):
    """A (the bot, the non-dealer) led a seven and won the first trick; it keeps a
    king and the other seven, so the round is A's whatever B holds (a tie in the
    last trick goes to the first trick's winner). What is open is the stake."""
    s = new(["KS", "7C", "7H"], ["JH", "9S", "JD"])
    s.scores = list(scores)
    for action in ("keep", "play 7H", "play 9S"):
        s.apply(action)
    assert s.to_act == A and s.view(A)["may_play_down"]
    return s


def test_near_the_end_the_strong_bot_plays_for_the_stake_the_game_needs():
    """At 28-27 a round worth 2 ends the game. Offering the king face down is worth
    more points (a fold still pays 1, an accepted offer can grow to 4 or 8), but
    showing it reaches a stake of 2 more surely, the other's own offers included:
    the solved round alone offers it most of the time, the strong bot never."""
    s = a_round_it_cannot_lose([28, 27])
    obs = Observation(s, A)
    assert {LeTrucRoundBot().choose(obs, derived_rng(k, "t")) for k in SEEDS} == {"play KS", "play KS down"}
    assert {StrongLeTrucBot().choose(obs, derived_rng(k, "t")) for k in SEEDS} == {"play KS"}
    game, points = action_values(obs.view, obs.legal, StrongLeTrucBot().policy())
    assert points["play KS down"] > points["play KS"]
    assert game["play KS"] > game["play KS down"] + 0.02


@pytest.mark.parametrize("scores", [[0, 0], [17, 17], [0, 17]])
def test_early_in_a_game_the_strong_bot_plays_the_solved_round(scores):
    """Until a player is within 12 of the 30 points, the same choices, seed by seed."""
    obs = Observation(a_round_it_cannot_lose(scores), A)
    for k in SEEDS:
        assert StrongLeTrucBot().explain(obs, derived_rng(k, "t")) == LeTrucRoundBot().explain(obs, derived_rng(k, "t"))


def test_the_game_is_near_its_end_within_two_fifths_of_the_target():
    race = {"scoring": "race", "target": 30}
    assert not late(dict(race, scores=[17, 0])) and late(dict(race, scores=[0, 18]))
    assert late(dict(race, target=10, scores=[6, 0])) and not late(dict(race, target=10, scores=[5, 5]))
    bankroll = {"scoring": "bankroll", "target": 30}
    assert not late(dict(bankroll, scores=[47, 13])) and late(dict(bankroll, scores=[12, 48]))


def test_the_hint_says_the_game_is_what_counts():
    obs = Observation(a_round_it_cannot_lose([28, 27]), A)
    action, reason = StrongLeTrucBot().explain(obs, derived_rng(1, "t"))
    assert action == "play KS"
    assert reason["key"] == "hint.le_truc.match.play" and reason["card"] == "KS" and 90 <= reason["pct"] <= 100


def test_where_the_policy_file_has_no_node_the_nearest_one_is_read():
    """A nine played face down after a queen won the first trick is a move the policy
    never makes, so the file has no node for the dealer's next card; the strong bot
    reads the node with the same cards and tricks and another record of who made the
    accepted offers. A node the file holds, but not for this hand, stays unread: the
    policy never reaches it with this hand, and the reading of moves must see that."""
    policy = shipped_policy()
    near = StrongLeTrucBot().policy()
    node = policy.model.node_of([(0, 3, False), (1, 0, False), (0, 0, True)])
    rest = (2, 7)   # the dealer's jack and seven
    assert not policy.knows("keep", node) and policy.play_chances("keep", node, rest) is None
    stand_in = next(n for n in nearest_nodes(node, "offers") if policy.knows("keep", n))
    assert stand_in[:5] == node[:5] and stand_in[5] != node[5]
    assert near.play_chances("keep", node, rest) == policy.play_chances("keep", stand_in, rest) is not None
    held = policy.model.node_of([(0, 7, False), (1, 0, False), (0, 7, True)])
    assert policy.knows("keep", held) and near.play_chances("keep", held, (2, 4)) is None


def test_under_rules_the_policy_was_not_solved_for_the_round_s_play_stands():
    s = new(["QD", "7C", "QH"], ["TD", "9S", "6C"], doubling="accepter")
    s.scores = [26, 26]
    for action in ("keep", "play QD", "play TD"):
        s.apply(action)
    obs = Observation(s, A)
    assert action_values(obs.view, obs.legal, shipped_policy()) is None
    assert s.view(B)["doubling"] == "accepter"
