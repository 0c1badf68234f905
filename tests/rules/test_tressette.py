"""Tressette for two on stacked decks: every scenario of docs/rules/tressette.md and the
options. Seat 0 is the non-dealer (``first_dealer=1``) and leads trick 1."""

import random

import pytest

from cardtable import IllegalAction, games
from cardtable.games.tressette import DECK, declarations, thirds, trick_winner

GAME = games.get("tressette")
ND, D = 0, 1


def stack(nd_hand, d_hand, stock=()):
    """A full deck that deals ``nd_hand``/``d_hand`` (padded from the rest) then ``stock``."""
    used = set(nd_hand) | set(d_hand) | set(stock)
    rest = [c for c in DECK if c not in used]
    nd = list(nd_hand) + [rest.pop(0) for _ in range(10 - len(nd_hand))]
    d = list(d_hand) + [rest.pop(0) for _ in range(10 - len(d_hand))]
    return nd + d + list(stock) + rest


def new(nd_hand=(), d_hand=(), stock=(), **options):
    options.setdefault("first_dealer", D)
    return GAME.new_game(seed=1, options=options, deck=stack(nd_hand, d_hand, stock))


def run(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
    return events


def at_last_trick(nd_card, d_card, won_nd, won_d, totals=(0, 0), **options):
    """A deal reduced to its 20th trick, with the given won piles (a stacked position)."""
    s = new(**options)
    s.hands = [[nd_card], [d_card]]
    s.stock, s.known, s.voids = [], [[], []], [[], []]
    s.won = [list(won_nd), list(won_d)]
    s.tricks_played = 19
    s.totals = list(totals)
    s.leader = s._actor = ND
    return s


def test_1_follower_must_follow_suit_or_may_play_anything_when_void():
    s = new(["4S", "3H"], ["KS", "AS", "2H", "JD", "QD", "5D", "6D", "7D", "4D", "3D"])
    run(s, "play 4S")
    assert s.legal_actions() == ["play AS", "play KS"]
    with pytest.raises(IllegalAction, match="follow suit: play one of your spades"):
        s.apply("play 2H")
    s = new(["4S"], ["3H", "2H", "AH", "KH", "QH", "JH", "7H", "6H", "5H", "4H"])
    run(s, "play 4S")
    assert len(s.legal_actions()) == 10  # void in spades: any card
    assert s.view(ND)["voids"][D] == [] and run(s, "play 3H") and s.view(ND)["voids"][D] == ["S"]


def test_2_off_suit_three_never_beats_the_lead():
    s = new(["4S"], ["3H", "2H", "AH", "KH", "QH", "JH", "7H", "6H", "5H", "4H"])
    ev = run(s, "play 4S", "play 3H")
    trick = next(e for e in ev if e["type"] == "trick")
    assert trick["winner"] == ND and trick["why"] == "off_suit"


@pytest.mark.parametrize("high, low", [("2S", "AS"), ("3S", "2S"), ("AS", "KS"), ("KS", "QS"), ("JS", "7S"), ("5S", "4S")])
def test_3_ranking_within_a_suit(high, low):
    assert trick_winner((0, low), (1, high)) == (1, "higher")
    assert trick_winner((0, high), (1, low)) == (0, "higher")


def test_4_both_draw_after_a_trick_winner_first_and_shown():
    s = new(["4S"], ["AS"], stock=["KC", "7D"])
    ev = run(s, "play 4S", "play AS")
    draws = [e for e in ev if e["type"] == "draw"]
    assert [(d["seat"], d["card"]) for d in draws] == [(D, "KC"), (ND, "7D")]  # winner (D) first
    assert s.view(ND)["opponent_known"] == ["KC"] and s.view(D)["opponent_known"] == ["7D"]
    assert [len(h) for h in s.hands] == [10, 10]
    s.apply("play KC")  # once played, a drawn card is no longer "known in hand"
    assert s.view(ND)["opponent_known"] == []


def test_5_trick_10_takes_the_last_two_cards_and_later_tricks_draw_nothing():
    s = new(first_dealer=D)
    for k in range(1, 21):
        stock_before = len(s.stock)
        ev = s.apply(s.legal_actions()[0]) + s.apply(s.legal_actions()[0])
        draws = [e for e in ev if e["type"] == "draw"]
        if k <= 10:
            assert len(draws) == 2 and stock_before == 22 - 2 * k
            assert [len(h) for h in s.hands] == [10, 10] or k == 20
        else:
            assert draws == []
        if k == 10:
            assert s.stock == [] and draws[0]["stock"] == 1 and draws[1]["stock"] == 0
        if k < 20:
            assert [len(h) for h in s.hands] == [min(10, 20 - k)] * 2


def test_6_two_aces_and_seven_courts_make_four_points():
    won = ["AS", "AH", "KS", "KH", "QS", "QH", "JS", "JH", "3S"]  # 6 + 7 = 13 thirds
    assert thirds(won) == 13
    s = at_last_trick("4C", "5D", won, [c for c in DECK if c not in won + ["4C", "5D"]])
    ev = run(s, "play 4C", "play 5D")  # off suit: the leader (ND) wins the last trick
    end = next(e for e in ev if e["type"] == "deal_end")
    assert end["thirds"][ND] == 13 and end["points"][ND] == 4 + 1


def test_7_no_aces_and_five_courts_make_one_point():
    won = ["KS", "KH", "QS", "QH", "JS"]
    s = at_last_trick("4C", "5C", won, [c for c in DECK if c not in won + ["4C", "5C"]])
    ev = run(s, "play 4C", "play 5C")  # D wins the last trick with the 5
    end = next(e for e in ev if e["type"] == "deal_end")
    # the deck holds 32 thirds: ND 5 -> 1 point; D 27 -> 9 points + 1 for the last trick
    assert end["thirds"] == [5, 27] and end["last_trick"] == D
    assert end["points"] == [1, 10]
    assert sum(end["points"]) == 11


def test_8_and_9_deal_points_sum_to_11_and_the_last_trick_scores_one():
    s = new()
    ev = []
    while s.deal_no == 1:
        ev += s.apply(s.legal_actions()[-1])
    end = next(e for e in ev if e["type"] == "deal_end")
    assert sum(end["points"]) == 11
    lw = end["last_trick"]
    assert end["points"][lw] == end["thirds"][lw] // 3 + 1
    assert end["points"][1 - lw] == end["thirds"][1 - lw] // 3


def test_10_non_dealer_leads_first_and_the_dealer_alternates():
    s = new()
    assert s.dealer == D and s.to_act == ND
    while s.deal_no == 1:
        s.apply(s.legal_actions()[0])
    assert s.dealer == ND and s.to_act == D and s.leader == D


def test_11_game_ends_only_after_a_deal_with_someone_at_21():
    won_nd = ["AS", "AH", "AD", "AC"]  # ND: 4 points + last trick = 5
    rest = [c for c in DECK if c not in won_nd + ["4C", "5D"]]
    s = at_last_trick("4C", "5D", won_nd, rest, totals=(10, 7))
    run(s, "play 4C", "play 5D")
    assert not s.is_over and s.totals == [15, 13] and s.deal_no == 2
    s = at_last_trick("4C", "5D", won_nd, rest, totals=(20, 13))
    ev = run(s, "play 4C", "play 5D")
    assert s.is_over and s.totals == [25, 19] and s.result["winner"] == ND
    assert ev[-1] == {"type": "game_over", "winner": ND, "scores": [25, 19]}
    assert sum(s.totals) == 11 * 4 and s.legal_actions() == []


def test_12_equal_totals_at_21_play_another_deal_by_default():
    won_nd = ["AS", "AH", "AD", "AC"]  # ND ends with 5, D with 6
    rest = [c for c in DECK if c not in won_nd + ["4C", "5D"]]
    s = at_last_trick("4C", "5D", won_nd, rest, totals=(17, 16))
    ev = run(s, "play 4C", "play 5D")
    assert s.totals == [22, 22] and not s.is_over and s.deal_no == 2
    assert any(e["type"] == "tie_play_on" for e in ev)
    s = at_last_trick("4C", "5D", won_nd, rest, totals=(17, 16), ties="draw")
    run(s, "play 4C", "play 5D")
    assert s.is_over and s.result["winner"] is None


def test_hidden_draws_option_shows_nothing():
    s = new(["4S"], ["AS"], stock=["KC", "7D"], show_draws=False)
    ev = run(s, "play 4S", "play AS")
    assert [e["card"] for e in ev if e["type"] == "draw"] == [None, None]
    assert s.view(ND)["opponent_known"] == [] and "KC" not in str(s.view(ND))


def test_declarations_option_scores_and_shows_them():
    nd = ["3S", "3H", "3D", "2S", "AS"]  # three 3s (3) and a Napoletana in spades (3)
    assert [d["kind"] for d in declarations(nd)] == ["3x3", "napoletana"]
    s = new(nd, declarations=True)
    assert s.declared == [6, 0]
    assert set(s.view(D)["opponent_known"]) == {"3S", "3H", "3D", "2S", "AS"}
    assert [e["type"] for e in s.opening_events] == ["deal_start", "declare", "declare"]


def test_claim_option():
    s = new(["AS"], ["4S"], claim=True)
    assert "claim" not in s.legal_actions()
    s.totals = [20, 3]
    run(s, "play AS", "play 4S")  # ND takes the ace: 20 + 1 reaches 21 mid-deal
    assert "claim" in s.legal_actions()
    ev = run(s, "claim")
    assert s.is_over and s.result["winner"] == ND and ev[0] == {"type": "claim", "seat": ND, "points": [1, 0],
                                                                         "totals": [21, 3]}
    assert s.result["scores"] == [21, 3] and ev[-1]["scores"] == [21, 3]
    s = new()
    s.totals = [25, 3]
    assert "claim" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="claim option"):
        s.apply("claim")


@pytest.mark.parametrize("bad", [{"target": 0}, {"ties": "coin"}, {"show_draws": "yes"}, {"trumps": True}])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError, match="option"):
        GAME.new_game(seed=1, options=bad)


def test_illegal_play_changes_nothing():
    s = new(["4S"], ["KS", "2H"])
    run(s, "play 4S")
    before = (s.view(0), s.view(1), s.legal_actions())
    for bad in ("play 2H", "play 9S", "play", "claim"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert (s.view(0), s.view(1), s.legal_actions()) == before


def test_review_shows_both_hands_as_dealt_after_the_deal():
    s = new(["3S"], ["2S"])
    dealt = [sorted(h) for h in s.hands]
    assert s.showdown(0) is None
    while s.deal_no == 1:
        s.apply(s.legal_actions()[0])
    assert [sorted(h) for h in s.showdown(0)["hands"]] == dealt and s.showdown(0)["deal"] == 1
    # every card was played face up by the deal's end: nothing is a back, learning mode or not
    assert s.showdown(0)["hidden"] == [[], []] and s.showdown(1, everything=True)["hands"] == s.showdown(0)["hands"]


def play_without_claiming(state, until):
    """The last legal card each turn (never a claim) until ``until(state)`` holds."""
    while not state.is_over and not until(state):
        state.apply([a for a in state.legal_actions() if a != "claim"][-1])


def test_claim_is_not_offered_in_a_tie_break_deal():
    # Seed 2 to 11: two deals end 11-11 and a third deal is played (E1). Both
    # totals were at the target before it began, so nobody reaches the target
    # during it and a claim would end the game at 11-11 without a winner's margin.
    s = GAME.new_game(seed=2, options={"claim": True, "target": 11})
    play_without_claiming(s, lambda s: s.deal_no == 3)
    assert s.totals == [11, 11] and not s.is_over
    for seat in (0, 1):
        assert not s.view(seat)["may_claim"]
    assert "claim" not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("claim")
    while not s.is_over and s.deal_no == 3:  # nor later in the deal, whatever is captured
        assert "claim" not in s.legal_actions()
        s.apply(s.legal_actions()[-1])
    assert s.is_over and s.totals[s.result["winner"]] > s.totals[1 - s.result["winner"]]


def test_tie_break_deal_at_the_default_target_offers_no_claim():
    won_nd = ["AS", "AH", "AD", "AC"]  # ND ends with 5, D with 6: 22-22
    rest = [c for c in DECK if c not in won_nd + ["4C", "5D"]]
    s = at_last_trick("4C", "5D", won_nd, rest, totals=(17, 16), claim=True)
    run(s, "play 4C", "play 5D")
    assert s.totals == [22, 22] and s.deal_no == 2 and s.tricks_played == 0
    assert "claim" not in s.legal_actions()


def test_a_claim_scores_the_points_captured_in_the_deal():
    s = GAME.new_game(seed=32, options={"claim": True, "target": 5})
    run(s, *"play 7S, play 6S, play KH, play 7H, play 2D, play 4D, play AS, play JS, play 2H, play AH, "
             "play AC, play 5C, play QS, play 5S, play QD, play 5D".split(", "))
    assert s.view(1)["captured_thirds"] == [0, 15] and s.to_act == 1
    ev = run(s, "claim")
    assert s.result == {"winner": 1, "scores": [0, 5], "deals": 1, "claim": True}
    assert ev[-1] == {"type": "game_over", "winner": 1, "scores": [0, 5]}
    assert s.view(0)["totals"] == [0, 5]


def test_a_void_ends_when_the_player_is_seen_to_draw_that_suit():
    s = GAME.new_game(seed=300036)
    run(s, "play QC", "play KD")  # seat 1 cannot follow clubs
    assert s.view(0)["voids"][1] == ["C"]
    run(s, "play AD", "play JD")  # ... and then draws the 2 of clubs, shown
    v = s.view(0)
    assert "2C" in v["opponent_known"]
    assert v["voids"][1] == []  # they hold a club now
    assert v["unseen_voids"][1] == ["C"]  # but their unseen cards still hold none
    for k in range(20):
        world = s.sample_world(0, random.Random(k))
        assert world.view(0) == v
        unseen = [c for c in world.hands[1] if c not in world.known[1]]
        assert "2C" in world.hands[1] and not any(c[1] == "C" for c in unseen)

