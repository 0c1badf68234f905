"""Toepen bots (what every game's bots keep, legal, reproducible and honest, is
tests/bots/test_bots.py): sensible at the stake decisions, bluffing at
their rates, and each level ahead of the one below at the table."""

import random

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots import toepen as tb
from cardtable.games.toepen import DECK
from cardtable_lab import arena
from tests.rules.test_toepen import ACES, LOW, PLAIN, TABLE, act, new, to_tricks

GAME = games.get("toepen")


def test_the_card_rule_keeps_the_best_card_for_the_last_trick():
    assert tb.keeper(["AS", "7H", "8D"], set()) == "AS"
    assert tb.keeper(["KS", "QH"], {"AS"}) == "KS"  # the ace of spades is gone: K♠ is the master
    # following in trick 1 with a spade to spare: the low one, keeping the ace
    assert tb.choose_card(["AS", "8S", "7H"], ["AS", "8S"], [(1, "9S")], 1, set()) == "8S"
    # third trick: win it with the other card to lead the last with the master
    assert tb.choose_card(["QH", "AS"], ["QH"], [(1, "9H")], 3, set()) == "QH"


def test_normal_stays_with_the_master_card_and_folds_a_hopeless_hand():
    hands = {1: ["AS", "8D", "9D", "TD"], 2: ["7S", "7H", "8H", "7C"], 3: ["KS", "KH", "KD", "KC"],
             0: ["QS", "QH", "QD", "QC"]}
    s = new(hands=hands)
    to_tricks(s)
    act(s, 3, "knock")  # seat 3, asked first before seat 1's lead
    normal = bots.make("toepen", "normal")
    assert s.to_act == 0
    s.apply("stay")
    assert s.to_act == 1  # holds the master ace of spades and leads
    assert normal.choose(Observation(s, 1), random.Random(1)) == "stay"
    s.apply("stay")
    assert s.to_act == 2  # three sevens and an eight: hopeless
    assert normal.choose(Observation(s, 2), random.Random(1)) == "fold"
    assert bots.make("toepen", "strong").choose(Observation(s, 2), random.Random(1)) == "fold"


def test_a_likely_last_trick_is_knocked():
    s = new(hands=LOW)
    to_tricks(s)
    for seat, card in ((1, "7S"), (2, "7H"), (3, "KS"), (0, "7D"), (3, "KH"), (0, "8D"), (1, "8S"), (2, "8H"),
                       (3, "KD"), (0, "9D"), (1, "9S"), (2, "9H")):
        act(s, seat, f"play {card}")
    while s.to_act != 3:  # seat 3 leads the last trick with K♣; only the unseen A♣ beats it
        s.apply("pass")
    p = tb.win_chance(Observation(s, 3), random.Random(2), 400)
    assert 0.75 < p < 0.9  # three cards among nineteen unseen: the ace is out about 16% of the time
    assert bots.make("toepen", "normal").choose(Observation(s, 3), random.Random(2)) == "knock"
    assert bots.make("toepen", "strong").choose(Observation(s, 3), random.Random(2)) == "knock"


def test_honest_exchanges_are_made_and_lies_and_sevens_bluffs_happen_at_their_rates():
    honest = new(hands={1: ["TS", "9H", "8D", "7C"]})
    normal = bots.make("toepen", "normal")
    assert normal.choose(Observation(honest, 1), random.Random(0)) == "exchange"
    weak = new(hands={1: ["JS", "9H", "8D", "7C"]})
    lies = sum(normal.choose(Observation(weak, 1), random.Random(k)) == "exchange" for k in range(400))
    assert 0.2 * 400 < lies < 0.4 * 400  # about 30%
    strong = new(hands={1: ["AS", "9H", "8D", "7C"]})
    assert all(normal.choose(Observation(strong, 1), random.Random(k)) == "keep" for k in range(50))
    sevens = new(hands={1: ["7S", "7H", "7D", "KC"]})
    while sevens.phase == "exchange":
        sevens.apply("keep")
    assert sevens.phase == "announce" and sevens.to_act == 1
    whistles = sum(normal.choose(Observation(sevens, 1), random.Random(k)) == "whistle" for k in range(400))
    assert 0.25 * 400 < whistles < 0.45 * 400  # about 35%


def test_challenges_follow_the_chance_of_a_lie():
    view = {"hand": ["TS", "9S", "8S", "7S"], "played": [], "exchanges": []}
    few_numbers_left = tb.lie_posterior(view)
    view = {"hand": ["AS", "KS", "QS", "JS"], "played": [], "exchanges": []}
    many_numbers_left = tb.lie_posterior(view)
    assert few_numbers_left > many_numbers_left  # holding number cards makes an honest hand rarer


def test_mandatory_calls_are_always_made():
    s = new(hands={3: ["AS", "AH", "AD", "KC"]}, stock=["AC"])
    while not (s.phase == "announce" and s.to_act == 3):
        s.apply("keep" if s.phase == "exchange" else "silent" if s.phase == "announce" else "pass")
    for level in ("easy", "normal", "strong"):
        assert bots.make("toepen", level).choose(Observation(s, 3), random.Random(3)) == "whistle"


def test_the_hint_says_why():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "knock")
    action, reason = bots.hint("toepen", s, 1, 0, "normal")
    assert action in ("stay", "fold") and reason["key"] == f"hint.toepen.{action}" and "%" in reason["chance"]


@pytest.mark.parametrize("strong, weak, seeds", [("normal", "easy", 4), ("easy", "random", 6)])
def test_each_level_gains_on_a_table_of_the_level_below(strong, weak, seeds):
    r = arena.run_table("toepen", strong, weak, 4, 4 * seeds, first_seed=300, jobs=1)
    assert r["edge"] > 0, r


def test_arena_command_for_toepen(capsys):
    assert arena.main(["toepen", "normal", "easy", "-p", "3", "-n", "3", "-j", "1"]) == 0
    out = capsys.readouterr().out
    assert "chips per deal" in out and "edge per deal" in out


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_other_bots_decide_alike_whether_or_not_a_player_hides_three_aces(level):
    """Seat 1 stays silent on three aces, or holds an ordinary hand: every other
    bot's decisions (and reasons) through the announcements and up to the first
    card are the same, since nothing they see differs (the stock's top twelve
    cards, all the others may take in exchanges, are the same at both tables)."""
    bot = bots.make("toepen", level)
    dealt = {c for hand in (*TABLE.values(), ACES, PLAIN) for c in hand}
    stock = [c for c in DECK if c not in dealt]

    def decisions(seat1_hand):
        s = new(hands={**TABLE, 1: seat1_hand}, stock=stock)
        out = []
        while s.phase != "play" or not s.played:
            seat = s.to_act
            if seat == 1:
                action = "silent" if s.phase == "announce" else "pass" if "pass" in s.legal_actions() else "keep"
                if s.phase == "play" and action == "keep":
                    action = s.legal_actions()[0]
            else:
                action, why = bot.explain(Observation(s, seat), random.Random(len(out)))
                out.append((s.phase, seat, action, why))
            s.apply(action)
        return out

    with_aces = decisions(ACES)
    assert [d[:3] for d in with_aces if d[0] == "announce"] == [("announce", 2, "silent"), ("announce", 3, "silent"),
                                                                 ("announce", 0, "silent")]
    assert with_aces == decisions(PLAIN)
