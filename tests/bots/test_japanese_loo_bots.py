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


def test_strong_counts_a_chip_left_in_the_pot_as_a_share_of_it():
    # seat 1 holds low diamonds and no trump against the dealer's five top trumps
    hands = {1: ["2D", "3D", "4D", "5D", "6D"], 0: ["AS", "KS", "QS", "JS", "TS"]}
    s = new(3, dealer=0, hands=hands, turnup="2S")
    s.apply("in"), s.apply("out")  # seat 1 in, seat 2 drops: a pot of 10, seat 1 to be looed
    dealer_gets = lb.value_after(s.clone(), 0, "in")
    looed_gets = lb.value_after(s.clone(), 1, "in")
    # the dealer takes the 10 (100 - 5 + 10); seat 1 pays the loo (100 - 10); the 10 it
    # leaves in the pot count a third each, and seat 1's ante for the next deal not at all
    assert dealer_gets == pytest.approx(105 + 10 / 3)
    assert looed_gets == pytest.approx(90 + 10 / 3)


def test_strong_values_a_drop_that_ends_the_deal_at_that_deals_end():
    """The dealer's drop leaves the pot to the one player in: the deal ends with the
    drop, and so does its play-out (it once played the whole next deal out too)."""
    s = new(3, dealer=0, hands={1: ["2D", "3D", "4D", "5D", "6D"]}, turnup="2S")
    s.apply("in"), s.apply("out")  # seat 1 in, seat 2 drops (5 into a pot of 5)
    for me, chips in ((0, 100 - 5 - 5), (1, 100 + 15), (2, 100 - 5)):  # the dealer antes and drops
        assert lb.value_after(s.clone(), me, "out") == float(chips)


def test_strong_counts_only_chips_once_the_game_is_over():
    s = new(3, dealer=0, rotations=1)
    while s.deal_no < 3:  # to the game's last deal, everyone in, the first legal card
        s.apply(s.legal_actions()[0])
    for action, over in (("out", True), ("in", False)):  # on this deal "in" ends in a loo
        after = s.clone()
        after.apply(action)
        lb.rollout(after)
        assert after.is_over == over
        ends = [lb.value_after(s.clone(), me, action) for me in range(3)]
        if over:  # the game ends with this deal, the pot empty: chips alone
            assert ends == [float(c) for c in after.chips] and after.pot == 0
        else:  # the extension deal, without an ante, plays for the pot
            assert ends == pytest.approx([c + after.pot / 3 for c in after.chips]) and after.pot == 10


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 5, "all_ante": True}, {"players": 3, "rotations": 1}])
def test_a_play_out_that_stops_between_deals_values_every_seat_as_the_dealt_next_deal_does(options):
    """``strong``'s play-outs leave a world between deals (``deal_next``), without
    dealing the next deal or taking its ante: each seat's ``deal_value`` is the one
    the dealt next deal gives, to the bit, and the world says where the game goes
    on (the next deal's number, dealer and pot), with nothing left to play."""
    rng = random.Random(5)
    between = 0
    for seed in range(30):
        s = GAME.new_game(seed=seed, options=options)
        for _ in range(rng.randrange(8)):  # into the deal, or a later one
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        dealt, stopped = s.clone(), s.clone()
        stopped.deal_next = False
        lb.rollout(dealt)
        lb.rollout(stopped)
        n = s.num_players
        assert [lb.deal_value(stopped, me) for me in range(n)] == [lb.deal_value(dealt, me) for me in range(n)]
        if dealt.is_over:
            assert stopped.is_over
            continue
        between += 1
        assert stopped.phase == "between" and stopped.legal_actions() == [] and stopped.to_act is None
        assert (stopped.deal_no, stopped.dealer, stopped.extension) == (dealt.deal_no, dealt.dealer, dealt.extension)
        assert stopped.anted == [0] * n and sum(dealt.anted) == dealt.pot - stopped.pot
        assert [c + a for c, a in zip(dealt.chips, dealt.anted)] == stopped.chips
    assert between > 15


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
