"""Oneonta Whist on stacked decks: every scenario of docs/rules/oneonta_whist.md and the options.

The stacked deck deals one card at a time, dummy first: the dummy's cards are
led in the order dealt, card 19 is turned for trumps, cards 20-22 are dead.
"""

import pytest

from cardtable import IllegalAction, games
from cardtable.games.oneonta_whist import DECK, edward_score, power, trick_winner

GAME = games.get("oneonta_whist")


def stack(hand=(), dummy=(), turned="QH", dead=()):
    """A deck dealing ``hand`` to the player and ``dummy`` (leading in that order) to the
    dummy, ``turned`` for trumps and ``dead`` under it, padded from the rest."""
    used = set(hand) | set(dummy) | {turned} | set(dead)
    rest = [c for c in DECK if c not in used]
    hand = list(hand) + [rest.pop(0) for _ in range(9 - len(hand))]
    dummy = list(dummy) + [rest.pop(0) for _ in range(9 - len(dummy))]
    dead = list(dead) + [rest.pop(0) for _ in range(3 - len(dead))]
    deck = []
    for d, h in zip(dummy, hand):
        deck += [d, h]
    return deck + [turned] + dead


def new(hand=(), dummy=(), turned="QH", dead=(), **options):
    return GAME.new_game(seed=1, options=options, deck=stack(hand, dummy, turned, dead))


def run(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
    return events


def test_1_the_deck_has_22_cards_20_suit_cards_and_two_jokers():
    assert len(DECK) == 22 == len(set(DECK))
    assert sorted(c for c in DECK if c not in ("BJ", "LJ")) == sorted(r + s for r in "AKQJT" for s in "SHDC")
    assert "BJ" in DECK and "LJ" in DECK
    s = new()
    v = s.view(0)
    assert len(v["hand"]) == 9 and v["dummy_count"] == 9 and v["dead_count"] == 3


def test_2_hearts_turned_trump_order_is_big_little_then_a_to_10():
    order = ["BJ", "LJ", "AH", "KH", "QH", "JH", "TH"]
    assert sorted(order, key=power, reverse=True) == order
    for hi, lo in zip(order, order[1:]):
        assert trick_winner(lo, hi, "H") == (True, "higher")
        assert trick_winner(hi, lo, "H") == (False, "lower")
    s = new(turned="QH")
    assert s.view(0)["trump"] == "H" and s.view(0)["turned"] == "QH"


def test_3_joker_turned_means_no_trump_and_the_other_joker_beats_every_card():
    hand = ["BJ", "TS", "AH", "KH", "QH", "AC", "KC", "QC", "JC"]
    s = new(hand=hand, dummy=["AS", "AD"], turned="LJ")
    assert s.view(0)["trump"] is None
    run(s, "bid 1")
    assert s.legal_actions() == ["play TS"]  # can follow spades: the joker must wait
    run(s, "play TS")
    assert len(s.legal_actions()) == 8 and "play BJ" in s.legal_actions()  # void in diamonds
    ev = run(s, "play BJ")
    trick = next(e for e in ev if e["type"] == "trick")
    assert trick["won"] and trick["why"] == "ruff"
    # the joker led by the dummy in a no-trump deal: nobody can follow, it wins
    assert trick_winner("BJ", "AS", None) == (False, "dummy_trump")


def test_4_the_dummy_leads_every_trick_even_after_the_player_wins():
    s = new(hand=["AS", "AD", "AC"], dummy=["KS", "KD", "KC"], turned="QH")
    ev = run(s, "bid 3")
    assert ev[-1] == {"type": "lead", "card": "KS", "trick": 1}
    ev = run(s, "play AS")
    assert ev[1]["won"] and ev[-1] == {"type": "lead", "card": "KD", "trick": 2}
    ev = run(s, "play AD")
    assert ev[1]["won"] and ev[-1]["card"] == "KC"
    assert s.to_act == 0 and s.view(0)["taken"] == 2


def test_5_a_trump_led_and_the_only_trump_is_the_little_joker_it_must_be_played():
    s = new(hand=["LJ", "AS", "AD", "AC", "KS", "KD", "KC", "QS", "QD"], dummy=["TH"], turned="QH")
    run(s, "bid 1")
    assert s.legal_actions() == ["play LJ"]
    with pytest.raises(IllegalAction, match="follow suit.*jokers count as trumps"):
        s.apply("play AS")
    ev = run(s, "play LJ")
    assert ev[1]["won"] and ev[1]["why"] == "higher"


def test_6_a_joker_led_must_be_followed_with_a_heart_or_the_other_joker():
    s = new(hand=["BJ", "TH", "AS", "AD", "AC", "KS", "KD", "KC", "QS"], dummy=["LJ"], turned="QH")
    run(s, "bid 1")
    assert s.legal_actions() == ["play BJ", "play TH"]
    assert run(s.clone(), "play TH")[1]["won"] is False
    assert run(s, "play BJ")[1]["won"] is True
    s = new(hand=["AS", "AD", "AC", "KS", "KD", "KC", "QS", "QD", "QC"], dummy=["BJ"], turned="QH")
    run(s, "bid 0")
    assert len(s.legal_actions()) == 9  # no heart, no joker: any card, and it loses


def test_7_void_in_the_led_suit_the_player_may_ruff_or_discard():
    s = new(hand=["TH", "AD", "KD", "QD", "JD", "TD", "AC", "KC", "QC"], dummy=["AS"], turned="QH")
    run(s, "bid 1")
    assert len(s.legal_actions()) == 9
    ruff = run(s.clone(), "play TH")[1]
    discard = run(s.clone(), "play AD")[1]
    assert (ruff["won"], ruff["why"]) == (True, "ruff")
    assert (discard["won"], discard["why"]) == (False, "discard")


@pytest.mark.parametrize("bid, took, score", [(5, 4, -5), (4, 5, -1), (3, 3, 3), (0, 0, 0), (0, 2, -2), (9, 9, 9)])
def test_8_edward_scoring(bid, took, score):
    assert edward_score(bid, took) == score


def test_8_edward_scoring_over_a_played_deal():
    # three sure winners (A's over kings) and six sure losers
    for bid, score in ((3, 3), (4, -4), (2, -1)):
        s = new(*SURE_THREE, turned="QH")
        run(s, f"bid {bid}")
        while s.view(0)["deal"] == 1:
            ev = run(s, s.legal_actions()[0])
        end = next(e for e in ev if e["type"] == "deal_end")
        assert (end["bid"], end["taken"], end["score"], end["total"]) == (bid, 3, score, score)
        assert s.view(0)["history"][0]["made"] is (bid == 3)


def test_9_bids_range_from_0_to_9_and_nothing_else():
    s = new()
    assert s.legal_actions() == [f"bid {n}" for n in range(10)]
    for bad in ("bid 10", "bid -1", "bid x", "bid", "play AS"):
        before = s.view(0)
        with pytest.raises(IllegalAction, match="0 to 9"):
            s.apply(bad)
        assert s.view(0) == before
    run(s, "bid 4")
    with pytest.raises(IllegalAction, match="already bid"):
        s.apply("bid 5")


def test_10_turned_and_dead_cards_never_appear_and_the_pile_stays_hidden():
    dead = ["AS", "KS", "QS"]
    s = new(turned="JS", dead=dead)
    v = s.view(0)
    assert v["turned"] == "JS" and "dummy" not in v and "dead" not in v
    assert set(v["unseen"]) == set(DECK) - set(v["hand"]) - {"JS"}  # pile and dead unknown
    run(s, "bid 0")
    seen = []
    while s.view(0)["deal"] == 1:
        v = s.view(0)
        seen.append(v["lead"])
        assert v["led"] == seen and v["dummy_count"] == 9 - len(seen)
        run(s, s.legal_actions()[-1])
    assert not set(seen) & (set(dead) | {"JS"})


def test_nine_deals_and_the_goal_of_30():
    s = GAME.new_game(seed=3)
    deals = 0
    while not s.is_over:
        a = s.legal_actions()[0]
        deals += a.startswith("bid")
        run(s, a)
    assert deals == 9 and s.result["deals"] == 9
    assert s.result["score"] == sum(r["score"] for r in s.view(0)["history"])
    assert s.result["success"] is (s.result["score"] >= 30)
    assert s.legal_actions() == [] and s.to_act is None
    with pytest.raises(IllegalAction, match="over"):
        s.apply("bid 1")


SURE_THREE = (["AS", "AD", "AC", "TS", "TD", "TC", "JS", "JD", "JC"],
              ["KS", "KD", "KC", "AH", "KH", "LJ", "BJ", "QS", "QD"])  # exactly three tricks


def play_out(state, bid):
    run(state, f"bid {bid}")
    while not state.is_over:
        run(state, state.legal_actions()[0])
    return state.result


@pytest.mark.parametrize("rule, reached", [("at_least", True), ("more_than", False)])
def test_goal_reached_at_the_target_or_only_beyond_it(rule, reached):
    res = play_out(new(*SURE_THREE, deals=1, target=3, success=rule), 3)
    assert res["score"] == 3 and res["success"] is reached and res["bids_made"] == 1


def test_option_joker_anytime_lets_the_no_trump_joker_be_played_while_following():
    hand = ["BJ", "TS", "AD", "KD", "QD", "JD", "TD", "AC", "KC"]
    s = new(hand=hand, dummy=["AS"], turned="LJ", joker_anytime=True)
    run(s, "bid 1")
    assert s.legal_actions() == ["play BJ", "play TS"]
    ev = run(s, "play BJ")
    assert ev[1]["won"] and ev[1]["why"] == "joker"
    s = new(hand=hand, dummy=["AS"], turned="LJ")
    run(s, "bid 1")
    assert s.legal_actions() == ["play TS"]
    # in a deal with a trump suit the option changes nothing
    s = new(hand=["BJ"] + hand[1:], dummy=["AS"], turned="QH", joker_anytime=True)
    run(s, "bid 1")
    assert s.legal_actions() == ["play TS"]


def test_option_exact_bonus_adds_to_a_made_bid_only():
    assert edward_score(3, 3, 2) == 5 and edward_score(3, 2, 2) == -3 and edward_score(3, 4, 2) == -1
    assert play_out(new(*SURE_THREE, exact_bonus=2, deals=1), 3)["score"] == 5


@pytest.mark.parametrize("options, message", [
    ({"deals": 0}, "at least 1"), ({"success": "over"}, "one of"), ({"joker_anytime": "yes"}, "true or false"),
    ({"trumps": 1}, "unknown option"), ({"exact_bonus": -1}, "at least 0"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, options=options)


def test_a_bad_stacked_deck_is_refused():
    with pytest.raises(ValueError, match="missing"):
        GAME.new_game(seed=1, deck=DECK[:-1])
    with pytest.raises(ValueError, match="not in this game's deck"):
        GAME.new_game(seed=1, deck=DECK[:-1] + ["9S"])


def test_the_review_lays_the_finished_deal_open():
    s = new(hand=["AS"], dummy=["KS"], turned="QH", dead=["AH", "KH", "JH"], deals=2)
    assert s.showdown() is None
    run(s, "bid 1")
    while s.view(0)["deal"] == 1:
        run(s, s.legal_actions()[0])
    r = s.showdown()
    assert r["dead"] == ["AH", "KH", "JH"] and r["turned"] == "QH" and r["dummy"][0] == "KS"
    assert len(r["dummy"]) == 9 and "AS" in r["hand"]
