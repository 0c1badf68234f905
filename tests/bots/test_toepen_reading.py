"""Toepen's strong reads the others' knocks, passes and answers (``stake_weight`` in bots/toepen.py):
the engine logs them where every seat sees them, a world in which a knocker holds
the top of a suit counts more than one in which it holds nothing, and the strong
bot's chance against a knock falls where the reading says the knocker beats it."""

import random

from cardtable import bots
from cardtable.bots import Observation
from cardtable.bots import toepen as tb
from cardtable.bots.toepen_stake_counts import COUNTS
from cardtable_lab.toepen_likelihoods import count_table
from tests.rules.test_toepen import LOW, act, new, to_tricks


def test_the_log_keeps_every_knock_pass_and_answer_and_every_seat_sees_it():
    s = new(hands=LOW)
    to_tricks(s)
    assert s.view(0)["stake_log"] == []
    s.apply("pass")  # seat 2, asked first before seat 1's lead
    s.apply("pass")  # seat 3
    s.apply("pass")  # seat 0
    s.apply("play 7S")  # seat 1 leads where it could have knocked: a pass
    s.apply("knock")  # seat 3, asked first before seat 2's card
    s.apply("fold")  # seat 0
    s.apply("stay")  # seat 1
    s.apply("stay")  # seat 2
    log = s.view(0)["stake_log"]
    assert [(e["seat"], e["action"]) for e in log] == [
        (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"), (3, "knock"), (0, "fold"), (1, "stay"), (2, "stay")]
    assert [e["before"] for e in log] == [0, 0, 0, 0, 1, 1, 1, 1]  # cards played before each
    assert {e["trick"] for e in log} == {1}
    assert [e["in"] for e in log] == [4, 4, 4, 4, 4, 4, 3, 3]  # players still in: seat 0 has folded
    assert all(s.view(seat)["stake_log"] == log for seat in range(4))  # public: the same for everyone


def test_the_log_starts_again_with_each_deal():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 3, "knock")
    for seat in (0, 1, 2):
        act(s, seat, "fold")  # everyone folds: seat 3 wins, the next deal starts
    assert s.deal_no == 2
    assert s.view(0)["stake_log"] == []


def _knocked_before_the_lead():
    """Seat 3 knocks before anyone plays; seat 0 is asked whether to stay."""
    s = new(hands={0: ["KS", "8D", "9D", "TD"], 1: ["7S", "8S", "9S", "7H"], 2: ["8H", "9H", "TH", "7C"],
                   3: ["QH", "QD", "QC", "JS"]})
    to_tricks(s)
    act(s, 3, "knock")
    assert s.to_act == 0 and s.legal_actions() == ["stay", "fold"]
    return s


def test_a_knock_makes_a_world_where_the_knocker_holds_a_master_card_likelier():
    s = _knocked_before_the_lead()
    weigh = tb.stake_weight(s.view(0), 0)
    master, nothing = s.clone(), s.clone()
    master.hands[3] = ["AS", "QD", "QC", "JH"]  # the ace of spades: no unseen card above it
    nothing.hands[3] = ["JD", "QD", "JC", "QC"]  # every keeper has two or more above it unseen
    # normal knocks on 9% of trick-one hands with a master card, almost never without
    # one; the floor (a bluff, a player who is not normal) keeps the ratio near five
    assert weigh(master) > 4 * weigh(nothing)


def test_strong_reckons_its_chance_lower_against_a_knock_it_has_read():
    s = _knocked_before_the_lead()
    obs = Observation(s, 0)
    plain = tb.win_chance(obs, random.Random(3), 400)
    read = tb.win_chance(obs, random.Random(3), 400, tb.stake_weight(obs.view, 0))
    # the same worlds (the same random numbers), weighed: the knocker likely holds the
    # ace of spades above seat 0's king, or another master card
    assert read < 0.85 * plain


def test_the_counts_file_holds_what_normal_tables_do():
    """Regenerate with ``python -m cardtable_lab.toepen_likelihoods`` when this fails:
    the counts were made on seeds 9001-9040, so one of them may not exceed them."""
    for size in sorted(tb.READ_SIZES):
        for (f, yes), n in count_table(9001, size).items():
            key = (size, *f)
            assert key in COUNTS and COUNTS[key][0 if yes else 1] >= n, (key, yes, n)


def _five_at_the_table_seat_four_knocks(seat_0: list[str]):
    """Five players (a size not counted): seats 2 and 3 pass, seat 4 knocks, seat 0 answers."""
    s = new(players=5, hands={0: seat_0, 1: ["7S", "8S", "9S", "7H"], 2: ["8H", "9H", "TH", "7C"],
                              3: ["JD", "8C", "9C", "TC"], 4: ["QH", "QD", "QC", "JS"]})
    to_tricks(s)
    act(s, 4, "knock")
    assert s.to_act == 0 and s.legal_actions() == ["stay", "fold"]
    return s


def test_the_log_is_read_only_at_the_table_sizes_it_was_counted_at():
    assert 5 not in tb.READ_SIZES
    s = _five_at_the_table_seat_four_knocks(["KS", "8D", "9D", "TD"])
    assert len(s.view(0)["stake_log"]) == 3  # logged at every size
    assert tb.stake_weight(s.view(0), 0) is None  # but read where counted only
    three = new(players=3, hands={0: ["KS", "8D", "9D", "TD"], 1: ["7S", "8S", "9S", "7H"],
                                  2: ["QH", "QD", "QC", "JS"]})
    to_tricks(three)
    act(three, 2, "knock")
    weigh = tb.stake_weight(three.view(0), 0)  # three players are counted
    master, nothing = three.clone(), three.clone()
    master.hands[2] = ["AS", "QD", "QC", "JH"]
    nothing.hands[2] = ["JD", "QD", "JC", "QC"]
    assert weigh(master) > 4 * weigh(nothing)


def test_at_another_table_size_strong_answers_a_knock_as_normal_reads_it():
    """Unread, the knock still counts as ``normal`` counts it: by the knocker's strength."""
    obs = Observation(_five_at_the_table_seat_four_knocks(["AH", "8D", "9D", "TD"]), 0)
    strong = bots.make("toepen", "strong").explain(obs, random.Random(1))
    normal = bots.make("toepen", "normal").explain(obs, random.Random(1))
    assert strong == normal  # the same worlds, weighed alike: 26%, where unweighed they give 28%
