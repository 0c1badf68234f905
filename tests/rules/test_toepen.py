"""Toepen on stacked decks: every scenario of docs/rules/toepen.md, and the options.

Seats go clockwise in increasing order. With dealer 0 and four players the deal
goes to seats 1, 2, 3 and the dealer last; seat 1 decides first and leads.
Knock windows: before each card, the others who may knock are asked clockwise
from the left of the player about to play, who answers last (card or knock).
"""

import pytest

from cardtable import IllegalAction, games
from cardtable.games.toepen import DECK, call_options, trick_winner

GAME = games.get("toepen")


def stack(players, dealer, hands=None, stock=()):
    """A deck dealing ``hands`` ({seat: cards}, padded from the rest), then ``stock`` on top of the stock."""
    hands = {s: list(h) for s, h in (hands or {}).items()}
    used = {c for h in hands.values() for c in h} | set(stock)
    rest = [c for c in DECK if c not in used]
    full = {s: hands.get(s, []) + [rest.pop(0) for _ in range(4 - len(hands.get(s, [])))] for s in range(players)}
    order = [(dealer + 1 + k) % players for k in range(players)]
    return [full[order[i % players]][i // players] for i in range(4 * players)] + list(stock) + rest


def new(players=4, dealer=0, hands=None, stock=(), **options):
    options = {"players": players, "first_dealer": dealer, **options}
    return GAME.new_game(seed=1, options=options, deck=stack(players, dealer, hands, stock))


def act(state, seat, action):
    """``seat`` does ``action``, every knock window before it passed."""
    events = []
    while state.to_act != seat and state.legal_actions() == ["knock", "pass"]:
        events += state.apply("pass")
    assert state.to_act == seat, (state.phase, state.to_act, seat, action)
    return events + state.apply(action)


def to_tricks(state):
    """Everyone keeps, nobody challenges, nobody announces (but the calls made for them)."""
    events = []
    while state.phase in ("exchange", "announce"):
        legal = state.legal_actions()
        events += state.apply(next(a for a in ("keep", "silent", "pass", legal[0]) if a in legal))
    return events


def types(events):
    return [e["type"] for e in events]


# Hands for four players where seat 3 wins every trick it wants and the aces wait in the stock.
LOW = {1: ["7S", "8S", "9S", "TS"], 2: ["7H", "8H", "9H", "TH"], 3: ["KS", "KH", "KD", "KC"], 0: ["7D", "8D", "9D", "TD"]}


# --- README scenarios ------------------------------------------------------------------
def test_1_honest_exchange_challenged_shows_the_discards_and_the_challenger_pays():
    s = new(hands={1: ["TS", "9H", "8D", "7C"]}, stock=["AS", "AH", "KS", "KH"])
    assert s.to_act == 1 and "exchange" in s.legal_actions()
    ev = s.apply("exchange")
    assert s.hands[1] == ["AS", "KS", "AH", "KH"] and len(s.stock) == 12
    assert s.phase == "challenge" and s.to_act == 2  # the exchanger's left is asked first
    assert s.view(3)["exchanges"][0]["discards"] is None  # not shown before a challenge
    ev = s.apply("challenge")
    c = next(e for e in ev if e["type"] == "challenge")
    assert c["why"] == "honest" and sorted(c["discards"]) == sorted(["TS", "9H", "8D", "7C"])
    assert s.chips[2] == 19 and s.chips[1] == 20 and s.pool == 1
    assert s.view(3)["exchanges"][0]["discards"] == ["TS", "9H", "8D", "7C"]  # everyone sees them
    assert s.hands[1] == ["AS", "KS", "AH", "KH"]  # the exchange stands
    assert s.phase == "exchange" and s.to_act == 2  # the window closed at the first challenger


def test_2_bluff_exchange_with_a_jack_challenged_makes_the_exchanger_pay():
    s = new(hands={1: ["JS", "9H", "8D", "7C"]})
    s.apply("exchange")
    ev = act(s, 2, "pass") + act(s, 3, "challenge")
    c = next(e for e in ev if e["type"] == "challenge")
    assert c["why"] == "bluff" and c["seat"] == 1 and c["challenger"] == 3
    assert s.chips[1] == 19 and s.chips[3] == 20 and s.pool == 1


def test_3_unchallenged_exchange_shows_nothing_and_costs_nothing():
    s = new(hands={1: ["JS", "9H", "8D", "7C"]})
    s.apply("exchange")
    ev = s.apply("pass") + s.apply("pass") + s.apply("pass")
    assert "unchallenged" in types(ev) and "challenge" not in types(ev)
    assert s.pool == 0 and s.chips == [20] * 4
    for seat in (0, 2, 3):
        assert s.view(seat)["exchanges"][0]["discards"] is None
    assert s.view(1)["exchanges"][0]["discards"] == ["JS", "9H", "8D", "7C"]  # the exchanger knows
    assert s.phase == "exchange" and s.to_act == 2


def test_3b_the_game_keeps_every_exchange_and_who_challenged_it_and_every_seat_sees_that():
    s = new(hands={1: ["JS", "9H", "8D", "7C"]})
    assert s.view(0)["exchange_history"] == []
    s.apply("exchange")  # seat 1 lies
    act(s, 2, "pass")
    act(s, 3, "challenge")  # the first challenger closes the window: seat 0 is never asked
    act(s, 2, "exchange")
    for seat in (3, 0, 1):
        act(s, seat, "pass")
    history = [{"seat": 1, "asked": [2, 3], "challengers": [3]}, {"seat": 2, "asked": [3, 0, 1], "challengers": []}]
    assert all(s.view(seat)["exchange_history"] == history for seat in range(4))  # public
    copy = s.clone()
    to_tricks(s)
    act(s, 3, "knock")
    for seat in (0, 1, 2):
        act(s, seat, "fold")  # the deal ends
    assert s.deal_no == 2 and s.view(0)["exchanges"] == []  # this deal's exchanges start again
    assert s.view(0)["exchange_history"] == history  # the game's do not
    exchanger = s.to_act
    s.apply("exchange")
    while s.phase == "challenge":
        s.apply("pass")
    assert s.view(0)["exchange_history"][2:] == [{"seat": exchanger, "asked": [(exchanger + k) % 4 for k in (1, 2, 3)],
                                                  "challengers": []}]
    assert copy.view(0)["exchange_history"] == history  # a clone made before keeps its own


def test_4_seven_players_leave_four_in_the_stock_for_the_first_exchanger_only():
    s = new(players=7)
    assert len(s.stock) == 4 and s.to_act == 1 and "exchange" in s.legal_actions()
    s.apply("exchange")
    ev = []
    while s.phase == "challenge":
        ev += s.apply("pass")
    assert len(s.stock) == 0
    short = next(e for e in ev if e["type"] == "stock_short")
    assert short["seats"] == [2, 3, 4, 5, 6, 0]  # nobody else is offered an exchange
    assert s.phase in ("announce", "play") and "exchange" not in s.legal_actions()


def test_4b_eight_players_have_no_stock_and_no_exchange():
    s = new(players=8)
    assert len(s.stock) == 0 and s.phase in ("announce", "play")


def test_5_three_aces_and_no_whistle_pay_the_final_stake_at_the_end():
    s = new(hands={**LOW, 3: ["AS", "AH", "AD", "KC"]}, stock=["AC"])
    to_tricks(s)  # seat 3 stays silent: the seed's "forgetting"
    assert s.missed == [3]
    act(s, 1, "knock")  # the stake rises to 2 with everyone staying
    for seat in (2, 3, 0):
        act(s, seat, "stay")
    ev = []
    while not s.deal_no == 2:
        ev += s.apply(s.legal_actions()[0] if s.legal_actions() != ["knock", "pass"] else "pass")
    missed = [e for e in ev if e["type"] == "pay" and e["why"] == "missed_call"]
    assert missed == [{"type": "pay", "seat": 3, "amount": 2, "why": "missed_call", "to": None, "pool": missed[0]["pool"]}]


def test_5b_a_whistle_with_three_aces_costs_nothing_and_is_shown_to_all():
    s = new(hands={3: ["AS", "AH", "AD", "KC"]}, stock=["AC"])
    while s.to_act != 3 or s.phase != "announce":
        s.apply("keep" if s.phase == "exchange" else "silent" if s.phase == "announce" else "pass")
    assert s.legal_actions() == ["whistle", "silent"]
    assert s.apply("whistle") == []  # shown only when the dealer, last, has chosen too
    assert s.apply("silent")[0] == {"type": "announce", "calls": {"3": "whistle"}}
    assert s.missed == [] and s.view(1)["calls"] == {"3": "whistle"}


def test_6_four_sevens_may_stay_silent_whistle_or_stand():
    assert call_options(["7S", "7H", "7D", "7C"]) == ["whistle", "stand", "silent"]
    s = new(hands={2: ["7S", "7H", "7D", "7C"]})
    while s.phase == "exchange":
        s.apply("keep")
    s.apply("silent")  # seat 1, asked first
    assert s.phase == "announce" and s.to_act == 2
    assert s.legal_actions() == ["whistle", "stand", "silent"]
    to_tricks(s)
    assert s.missed == []  # four sevens oblige nothing


def test_7_two_aces_cannot_whistle():
    assert call_options(["AS", "AH", "KD", "7C"]) == ["silent"]
    s = new(hands={1: ["AS", "AH", "KD", "7C"], 2: ["7S", "7H", "7D", "KC"]})
    while s.phase == "exchange":
        s.apply("keep")
    # everyone is asked (so that being asked gives nothing away); two aces may only stay silent
    assert s.phase == "announce" and s.to_act == 1 and s.legal_actions() == ["silent"]
    with pytest.raises(IllegalAction, match="three aces or three sevens"):
        s.apply("whistle")
    s.apply("silent")
    assert s.phase == "announce" and s.to_act == 2 and s.legal_actions() == ["whistle", "silent"]
    with pytest.raises(IllegalAction, match="three aces or three sevens"):
        s.apply("stand")


def test_8_a_knock_with_one_fold_and_stays_raises_the_stake_to_2_and_play_resumes():
    s = new(hands=LOW)
    to_tricks(s)
    assert s.to_act == 2 and s.legal_actions() == ["knock", "pass"]  # window before seat 1's lead
    ev = act(s, 1, "knock")
    assert ev[-1] == {"type": "knock", "seat": 1, "stake": 1, "raise_to": 2}
    assert s.phase == "respond" and s.to_act == 2 and s.legal_actions() == ["stay", "fold"]
    ev = s.apply("fold")
    assert ev[0]["paid"] == 1 and s.chips[2] == 19 and s.pool == 1
    s.apply("stay")
    ev = s.apply("stay")
    assert {"type": "stake", "seat": 1, "stake": 2} in ev
    assert s.stake == 2 and s.marker == 1 and s.phase == "play"
    assert s.to_act == 1 and "knock" not in s.legal_actions()  # play resumes: seat 1's lead
    assert s.legal_actions() == ["play TS", "play 9S", "play 8S", "play 7S"]


def test_9_everyone_folds_to_a_knock_the_knocker_takes_the_old_stake():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "knock")
    ev = s.apply("fold") + s.apply("fold") + s.apply("fold")
    won = next(e for e in ev if e["type"] == "deal_won")
    assert won == {"type": "deal_won", "seat": 1, "why": "all_folded", "stake": 1}
    # three folds paid 1 each; seat 1 took the old stake of 1 from the pool
    assert s.chips == [19, 21, 19, 19] and s.pool == 2
    assert s.deal_no == 2 and s.dealer == 1 and s.stake == 1 and s.marker == 1


def test_10_no_knock_before_the_next_card_and_never_twice_running():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "knock")
    for _ in range(3):
        s.apply("stay")
    assert s.to_act == 1 and "knock" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="you may knock again only after someone else"):
        s.apply("knock")
    s.apply("play 7S")
    # the window before seat 2's card: seats 3 and 0 are asked, seat 1 is not
    assert s.to_act == 3 and s.legal_actions() == ["knock", "pass"]
    s.apply("pass")
    assert s.to_act == 0
    s.apply("pass")
    assert s.to_act == 2 and "knock" in s.legal_actions()
    s.apply("play 7H")
    assert s.to_act == 0 and s.legal_actions() == ["knock", "pass"]  # seat 1 is skipped again
    s.apply("knock")  # seat 0 knocks before seat 3's card
    assert s.view(1)["may_knock"] is False
    for _ in range(3):
        s.apply("stay")
    s.apply("play KS")  # seat 3
    # before seat 0's card: seat 1 may knock again now that someone else has; seat 0 may not
    assert s.to_act == 1 and s.legal_actions() == ["knock", "pass"]
    s.apply("pass")
    s.apply("pass")  # seat 2
    s.apply("pass")  # seat 3
    assert s.to_act == 0 and s.legal_actions() == ["play TD", "play 9D", "play 8D", "play 7D"]


def test_10b_a_knock_blocks_everyone_until_a_card_is_played():
    s = new(hands=LOW)
    to_tricks(s)
    s.apply("knock")  # seat 2, asked first in the window before seat 1's lead
    for _ in range(3):
        s.apply("stay")
    assert s.to_act == 1 and s.legal_actions() == ["play TS", "play 9S", "play 8S", "play 7S"]
    with pytest.raises(IllegalAction, match="a card must be played before the next knock"):
        s.apply("knock")
    before = s.clone().__dict__
    with pytest.raises(IllegalAction):
        s.apply("knock")
    assert s.stake == before["stake"] and s.phase == before["phase"]  # nothing changed


def test_11_end_of_four_tricks_at_stake_3_loser_still_in_pays_then_winner_takes():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "knock")
    s.apply("fold")  # seat 2 pays 1
    s.apply("stay")
    s.apply("stay")
    act(s, 1, "play 7S")
    act(s, 3, "knock")  # seat 3, about to play, knocks
    assert s.phase == "respond" and s.to_act == 0
    s.apply("stay")  # D (seat 0) stays
    s.apply("fold")  # seat 1 folds at stake 2: its 7S is now dead
    assert s.stake == 3 and s.pool == 3
    ev = act(s, 3, "play KS") + act(s, 0, "play 7D")
    assert ev[-1]["type"] == "trick" and ev[-1]["winner"] == 3
    for card3, card0 in (("KH", "8D"), ("KD", "9D"), ("KC", "TD")):
        ev += act(s, 3, f"play {card3}") + act(s, 0, f"play {card0}")
    pays = [e for e in ev if e["type"] == "pay"]
    assert [(p["seat"], p["amount"], p["why"]) for p in pays] == [(0, 3, "lost"), (3, -3, "won")]
    assert pays[0]["pool"] == 6 and pays[1]["pool"] == 3
    assert s.last_deal["chips"] == [17, 18, 19, 23]


def test_12_a_trick_winner_who_folds_passes_the_lead_to_the_left():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "play 7S")
    act(s, 2, "play 7H")
    act(s, 3, "play KS")
    ev = act(s, 0, "play 7D")
    assert ev[-1]["winner"] == 3
    # the window before seat 3's lead: seat 0 knocks, seat 3 folds
    assert s.to_act == 0
    s.apply("knock")
    s.apply("stay")  # seat 1
    s.apply("stay")  # seat 2
    ev = s.apply("fold")  # seat 3
    assert {"type": "lead_passes", "seat": 0, "folded": 3} in ev
    assert s.to_act == 0 and s.view(0)["leader"] == 0


def test_13_an_off_suit_ace_never_wins_and_you_must_follow():
    s = new(hands={1: ["7S", "8H", "9H", "TH"], 2: ["AH", "KS", "QH", "JH"], 3: ["8S", "9D", "TD", "JD"],
                   0: ["AD", "KD", "QD", "JC"]})
    to_tricks(s)
    act(s, 1, "play 7S")
    while s.to_act != 2:
        s.apply("pass")
    assert s.legal_actions() == ["play KS", "knock"]  # seat 2 holds a spade: must follow
    with pytest.raises(IllegalAction, match="must follow suit: play one of your spades"):
        s.apply("play AH")
    act(s, 2, "play KS")
    act(s, 3, "play 8S")
    ev = act(s, 0, "play AD")  # off suit
    assert ev[-1]["winner"] == 2 and ev[-1]["why"] == "led_suit"
    assert trick_winner([(0, "7C"), (1, "AS"), (2, "8C")], set()) == (2, "led_suit")


def test_14_a_payment_to_zero_ends_the_game_after_settlement_most_chips_wins():
    s = new(hands=LOW, chips=10)
    s.chips = [1, 10, 12, 10]  # seat 0 is down to its last chip
    s.pool = 20
    to_tricks(s)
    act(s, 1, "knock")
    s.apply("fold")  # seat 2 pays 1
    s.apply("stay")
    s.apply("stay")  # seat 0 stays in at stake 2
    ev = []
    while not s.is_over:
        legal = s.legal_actions()
        ev += s.apply("pass" if legal == ["knock", "pass"] else legal[0])
    assert s.deal_no == 1  # no second deal
    assert {"type": "bankrupt", "seat": 0} in ev
    pay0 = next(e for e in ev if e["type"] == "pay" and e["seat"] == 0)
    assert pay0["amount"] == 1  # it had only one chip to pay the stake of 2
    assert s.chips[0] == 0 and s.result["winner"] == 3 and s.chips[3] == 12
    assert s.result["winners"] == [3]


# --- settlement and end options ------------------------------------------------------
def finish_deal_with_seat_3_winning(s):
    """Everyone stays in; seat 3 takes every trick at stake 1."""
    to_tricks(s)
    ev = []
    for cards in (("7S", "7H", "KS", "7D"), ("8S", "8H", "KH", "8D"), ("9S", "9H", "KD", "9D"), ("TS", "TH", "KC", "TD")):
        order = [1, 2, 3, 0] if not ev else [3, 0, 1, 2]
        by_seat = dict(zip([1, 2, 3, 0], cards))
        for seat in order:
            ev += act(s, seat, f"play {by_seat[seat]}")
    return ev


@pytest.mark.parametrize("mode, chips, pool", [
    ("pool", [19, 19, 19, 21], 2),      # three losers pay 1, the winner takes 1
    ("literal", [20, 20, 20, 20], 0),   # losers pay nothing, the empty pool pays nothing
    ("direct", [19, 19, 19, 23], 0),    # losers pay the winner
    ("lives", [19, 19, 19, 20], 3),     # losers pay, the winner gains nothing
])
def test_settlement_options(mode, chips, pool):
    s = new(hands=LOW, settlement=mode)
    finish_deal_with_seat_3_winning(s)
    assert s.deal_no == 2 and s.last_deal["chips"] == chips and s.last_deal["pool"] == pool


def test_literal_settlement_pays_the_winner_from_the_pool():
    s = new(hands=LOW, settlement="literal")
    s.pool = 5
    finish_deal_with_seat_3_winning(s)
    assert s.last_deal["chips"] == [20, 20, 20, 21] and s.last_deal["pool"] == 4


def test_last_standing_eliminates_the_bankrupt_and_skips_them():
    s = new(hands=LOW, end="last_standing", chips=10)
    s.chips = [1, 10, 10, 10]
    finish_deal_with_seat_3_winning(s)
    assert s.alive == [False, True, True, True] and not s.is_over
    assert s.dealer == 1 and s.in_deal == [2, 3, 1] and s.hands[0] == []


def test_last_standing_ends_with_one_player_left():
    s = new(players=3, dealer=0, hands={1: ["7S", "8S", "9S", "TS"], 2: ["KS", "KH", "KD", "KC"],
                                         0: ["7D", "8D", "9D", "TD"]}, end="last_standing", chips=10)
    s.chips = [1, 1, 10]
    to_tricks(s)
    ev = []
    while not s.is_over:
        legal = s.legal_actions()
        ev += s.apply("pass" if legal == ["knock", "pass"] else legal[0])
    assert s.result["winners"] == [2] and s.alive == [False, False, True]


def test_a_tie_for_most_chips_is_shared_or_played_on():
    s = new(hands=LOW, chips=10)
    s.chips = [1, 11, 11, 9]  # seats 0, 1 and 2 lose 1, seat 3 wins 1: a tie at 10
    finish_deal_with_seat_3_winning(s)
    assert s.is_over and s.result["winners"] == [1, 2, 3] and s.result["winner"] is None
    s = new(hands=LOW, chips=10, ties="play_on")
    s.chips = [1, 11, 11, 9]
    ev = finish_deal_with_seat_3_winning(s)
    assert not s.is_over and {"type": "play_on", "seats": [1, 2, 3]} in ev
    assert s.alive == [False, True, True, True]


def test_debt_lets_chips_go_below_zero():
    s = new(hands=LOW, chips=10, debt=True, settlement="direct")
    s.chips = [1, 10, 10, 10]
    to_tricks(s)
    act(s, 1, "knock")
    for _ in range(3):
        s.apply("stay")
    ev = []
    while s.deal_no == 1 and not s.is_over:
        legal = s.legal_actions()
        ev += s.apply("pass" if legal == ["knock", "pass"] else legal[0])
    assert s.is_over and min(s.chips) < 0


# --- exchange options ----------------------------------------------------------------------
def test_every_player_may_challenge_and_a_caught_liar_pays_each():
    s = new(hands={1: ["JS", "9H", "8D", "7C"]}, challenges="all")
    s.apply("exchange")
    ev = s.apply("challenge") + s.apply("pass") + s.apply("challenge")
    c = next(e for e in ev if e["type"] == "challenge")
    assert c["challengers"] == [2, 0] and c["payments"] == [[1, 2]] and s.chips[1] == 18


def test_every_wrong_challenger_pays_one():
    s = new(hands={1: ["TS", "9H", "8D", "7C"]}, challenges="all")
    s.apply("exchange")
    s.apply("challenge")
    s.apply("challenge")
    s.apply("pass")
    assert s.chips == [20, 20, 19, 19] and s.pool == 2


def test_repeated_exchanges_while_the_stock_lasts():
    s = new(exchanges="repeat")
    s.apply("exchange")
    for _ in range(3):
        s.apply("pass")
    assert s.to_act == 1 and s.phase == "exchange"  # again
    s.apply("exchange")
    for _ in range(3):
        s.apply("pass")
    s.apply("keep")
    assert s.to_act == 2 and len(s.stock) == 8


def test_exchange_is_refused_once_the_stock_is_short():
    s = new(players=7, exchanges="repeat")  # even a player who may exchange again
    s.apply("exchange")
    while s.phase == "challenge":
        s.apply("pass")
    assert len(s.stock) == 0 and s.phase != "exchange"
    with pytest.raises(IllegalAction):
        s.apply("exchange")


# --- announcement options ------------------------------------------------------------
def test_missed_call_auto_announces_for_you():
    s = new(hands={3: ["AS", "AH", "AD", "AC"]}, missed_call="auto")
    for _ in range(4):
        s.apply("keep")
    s.apply("silent")
    s.apply("silent")
    assert s.to_act == 3 and s.legal_actions() == ["stand"]  # asked like everyone, with one answer
    ev = to_tricks(s)
    assert {"type": "announce", "calls": {"3": "stand"}} in ev and s.missed == []


def test_four_sevens_stand_only_under_the_option():
    assert call_options(["7S", "7H", "7D", "7C"], sevens_whistle=False) == ["stand", "silent"]


# --- knocking options -----------------------------------------------------------------
def test_stake_cap_stops_knocking_at_8():
    s = new(hands=LOW, stake_cap=8)
    s.stake = 8  # as if seven knocks had been made
    to_tricks(s)
    assert "knock" not in s.legal_actions() and s.to_act == 1
    s2 = new(hands=LOW)
    s2.stake = 8
    to_tricks(s2)
    assert s2.legal_actions() == ["knock", "pass"]


def test_knock_from_the_deal_opens_windows_in_the_exchange_round():
    s = new(hands=LOW, knock_from="deal")
    assert s.phase == "exchange" and s.to_act == 2 and s.legal_actions() == ["knock", "pass"]
    s.apply("knock")
    s.apply("fold")  # seat 3
    s.apply("stay")  # seat 0
    s.apply("stay")  # seat 1
    assert s.stake == 2 and s.phase == "exchange" and s.to_act == 1
    assert s.legal_actions() == ["exchange", "keep"]  # no knock until an action
    s.apply("keep")
    assert 3 not in s.active()
    with pytest.raises(IllegalAction):
        GAME.new_game(seed=1, options={"first_dealer": 0}).apply("knock")


def test_a_folded_players_card_is_dead_and_the_lead_follows_the_live_cards():
    hands = {1: ["9S", "8H", "7D", "7C"], 2: ["AS", "8D", "9D", "TD"], 3: ["7S", "KH", "8C", "9C"],
             0: ["8S", "QH", "TC", "JC"]}
    s = new(hands=hands)
    to_tricks(s)
    act(s, 1, "play 9S")
    act(s, 2, "play AS")
    act(s, 3, "knock")
    s.apply("stay")  # seat 0
    s.apply("stay")  # seat 1
    ev = s.apply("fold")  # seat 2: its ace of spades is dead
    assert ev[0]["dead"] == "AS"
    act(s, 3, "play 7S")
    ev = act(s, 0, "play 8S")
    assert ev[-1]["winner"] == 1 and ev[-1]["plays"][1] == [2, "AS", True]
    # under the "live" option the folded ace still takes tricks 1-3, and the lead passes left
    s = new(hands=hands, folded_card="live")
    to_tricks(s)
    act(s, 1, "play 9S")
    act(s, 2, "play AS")
    act(s, 3, "knock")
    s.apply("stay")
    s.apply("stay")
    s.apply("fold")
    act(s, 3, "play 7S")
    ev = act(s, 0, "play 8S")
    assert next(e for e in ev if e["type"] == "trick")["winner"] == 2
    assert {"type": "lead_passes", "seat": 3, "folded": 2} in ev


def test_when_the_led_card_is_dead_the_earliest_live_suit_wins():
    hands = {1: ["9S", "8H", "7D", "7C"], 2: ["7H", "8D", "9D", "TD"], 3: ["8C", "KH", "9C", "TC"],
             0: ["QH", "JH", "AD", "JC"]}
    s = new(hands=hands)
    to_tricks(s)
    act(s, 1, "play 9S")
    act(s, 2, "knock")
    s.apply("stay")  # seat 3
    s.apply("stay")  # seat 0
    s.apply("fold")  # seat 1: the led 9S is dead
    act(s, 2, "play 7H")
    act(s, 3, "play 8C")
    ev = act(s, 0, "play QH")  # void in spades
    t = ev[-1]
    assert t["type"] == "trick" and t["why"] == "dead_lead"
    # no live spade: the earliest live card is the 7H, so hearts decide and the QH wins
    assert t["winner"] == 0


# --- errors -----------------------------------------------------------------------------------
@pytest.mark.parametrize("options, message", [
    ({"players": 9}, "at most 8"),
    ({"players": 2}, "at least 3"),
    ({"chips": 5}, "at least 10"),
    ({"settlement": "winner"}, "must be one of"),
    ({"first_dealer": 5}, "seat from 0 to 3"),
    ({"stake_cap": 5}, "must be one of"),
    ({"debt": "yes"}, "true or false"),
    ({"knocks": 1}, "unknown option"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, options=options)


def test_illegal_actions_explain_themselves_and_change_nothing():
    s = new(hands=LOW)
    with pytest.raises(IllegalAction, match="Knocking starts with the first card"):
        s.apply("knock")
    with pytest.raises(IllegalAction, match="exchange"):
        s.apply("play 7S")
    to_tricks(s)
    assert s.to_act == 2
    with pytest.raises(IllegalAction, match="Before the next card, say 'knock'"):
        s.apply("play 7H")
    while s.to_act != 1:
        s.apply("pass")
    with pytest.raises(IllegalAction, match="do not hold"):
        s.apply("play AS")
    assert s.hands[1] == ["TS", "9S", "8S", "7S"] and s.phase == "play"


def test_the_dealer_moves_left_and_the_stake_resets():
    s = new(hands=LOW)
    finish_deal_with_seat_3_winning(s)
    assert s.dealer == 1 and s.stake == 1 and s.marker == 1 and s.in_deal == [2, 3, 0, 1]


# --- announcements are private until the reveal (§7, C14) -------------------------------------
# The audit's table: seat 1 holds three aces, or (the same table otherwise) an ordinary hand
# with the aces left in the stock. Nobody exchanges; the dealer is seat 0.
TABLE = {2: ["KS", "QH", "JD", "8C"], 3: ["KC", "KH", "QD", "9S"], 0: ["QS", "JH", "TD", "8S"]}
ACES = ["AS", "AH", "AD", "9C"]
PLAIN = ["9D", "9H", "JC", "8D"]


def announce_trace(seat1_hand, seat1_call):
    """The views of seats 0, 2 and 3 (with their legal actions when asked, and a
    sampled world of seat 0) at each step from the end of the exchanges to the first
    view after the reveal; seat 1 says ``seat1_call``, the others ``silent``."""
    import random

    s = new(hands={**TABLE, 1: seat1_hand})
    for _ in range(4):
        s.apply("keep")
    trace = []
    while True:
        world = s.sample_world(0, random.Random(7))
        step = {seat: s.view(seat) for seat in (0, 2, 3)}
        step["legal"] = s.legal_actions() if s.to_act in (0, 2, 3) else None
        step["world"] = ([sorted(h) for h in world.hands], world.calls, world.queue)
        trace.append(step)
        if s.phase != "announce":
            return s, trace
        s.apply(seat1_call if s.to_act == 1 else "silent")


def test_announcements_show_nobody_who_holds_aces_until_all_are_revealed():
    aces, with_aces = announce_trace(ACES, "silent")
    plain, without = announce_trace(PLAIN, "silent")
    assert with_aces[0][0]["phase"] == "announce"  # the step happens either way
    # every seat is asked in turn, from the dealer's left to the dealer; nobody else
    # learns anything, not even whether seat 1 stayed silent on three aces
    assert [step[0]["to_act"] for step in with_aces] == [1, 2, 3, 0, 2]
    assert with_aces == without
    assert aces.missed == [1] and plain.missed == []  # (the forgetting is paid at the end)
    # a whistle is shown only with everyone's calls, at the reveal
    whistled, trace = announce_trace(ACES, "whistle")
    assert trace[:-1] == without[:-1]
    assert trace[-1][0]["calls"] == {"1": "whistle"} and without[-1][0]["calls"] == {}
    assert whistled.view(1)["calls"] == {"1": "whistle"} and whistled.missed == []


def test_an_ordinary_hand_is_asked_too_and_may_only_stay_silent():
    s = new(hands={**TABLE, 1: ACES})
    for _ in range(4):
        s.apply("keep")
    assert s.to_act == 1 and s.legal_actions() == ["whistle", "silent"]
    assert s.view(1)["calls"] == {}
    s.apply("whistle")
    assert s.view(1)["calls"] == {"1": "whistle"} and s.view(2)["calls"] == {}  # one's own call only
    assert s.to_act == 2 and s.legal_actions() == ["silent"]
    with pytest.raises(IllegalAction, match="three aces or three sevens"):
        s.apply("whistle")
    s.apply("silent")
    s.apply("silent")
    ev = s.apply("silent")  # the dealer, last: everything is shown together
    assert ev[0] == {"type": "announce", "calls": {"1": "whistle"}}
    assert s.phase == "play" and all(s.view(seat)["calls"] == {"1": "whistle"} for seat in range(4))


def test_the_reveal_is_logged_even_when_nobody_announces():
    s = new(hands={**TABLE, 1: PLAIN})
    ev = to_tricks(s)
    assert {"type": "announce", "calls": {}} in ev


def test_a_fold_under_the_live_option_says_the_card_stays_live_until_the_last_trick():
    hands = {1: ["9S", "8H", "7D", "7C"], 2: ["AS", "8D", "9D", "TD"], 3: ["7S", "KH", "8C", "9C"],
             0: ["8S", "QH", "TC", "JC"]}
    s = new(hands=hands, folded_card="live")
    to_tricks(s)
    act(s, 1, "play 9S")
    act(s, 2, "play AS")
    act(s, 3, "knock")
    s.apply("stay")
    s.apply("stay")
    ev = s.apply("fold")  # seat 2, in trick 1: its ace still counts
    assert ev[0] == {"type": "fold", "seat": 2, "paid": 1, "pool": 1, "dead": None, "live": "AS"}
    assert [p["dead"] for p in s.view(0)["trick"]] == [False, False]
    act(s, 3, "play 7S")
    ev = act(s, 0, "play 8S")
    trick = next(e for e in ev if e["type"] == "trick")
    assert trick["winner"] == 2 and trick["plays"][1] == [2, "AS", False]
    # in the fourth trick a folded player's card is dead under either option
    s = new(hands=LOW, folded_card="live")
    to_tricks(s)
    for cards in (("7S", "7H", "KS", "7D"), ("KH", "8D", "8S", "8H"), ("KD", "9D", "9S", "9H")):
        order = [1, 2, 3, 0] if cards[0] == "7S" else [3, 0, 1, 2]
        for seat, card in zip(order, cards):
            act(s, seat, f"play {card}")
    act(s, 3, "play KC")
    act(s, 0, "knock")
    ev = s.apply("fold")  # seat 1, who has not played to the last trick yet
    assert ev[0]["dead"] is None and ev[0]["live"] is None
    s.apply("stay")
    ev = s.apply("fold")  # seat 3: its K♣ led the last trick
    assert ev[0]["dead"] == "KC" and ev[0]["live"] is None
    assert [p["dead"] for p in s.view(0)["trick"]] == [True]


def test_the_showdown_keeps_folded_hands_and_unchallenged_discards_hidden_unless_learning_mode():
    """§11: after the deal you see your own cards, every card played and the challenged
    discards; folded hands and an unchallenged discard stay backs, learning mode shows them."""
    s = new(hands={1: ["JS", "9H", "8D", "7C"], 2: ["TS", "9S", "8S", "7S"]},
            stock=["AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"])
    assert s.showdown(0) is None
    s.apply("exchange")  # seat 1 lies about a jack and nobody challenges
    act(s, 2, "pass"), act(s, 3, "pass"), act(s, 0, "pass")
    act(s, 2, "exchange")  # seat 2's honest four, challenged by seat 3: shown to everyone
    act(s, 3, "challenge")
    to_tricks(s)
    act(s, 1, "play AS")
    act(s, 2, "knock")
    while s.deal_no == 1:
        s.apply("fold")
    dealt0 = s.laid_open["held"][0]
    r = s.showdown(0)
    assert r["deal"] == 1 and r["hands"][0] == dealt0 and r["hidden"][0] == []
    assert r["hands"][1] == ["AS"] and r["hidden"][1] == [None] * 3  # seat 1 folded after its ace
    assert r["hands"][2] == [] and r["hidden"][2] == [None] * 4  # the knocker never showed a card
    assert r["discards"] == [{"seat": 1, "cards": [], "hidden": [None] * 4},
                             {"seat": 2, "cards": ["TS", "9S", "8S", "7S"], "hidden": []}]
    assert "JS" not in str(r) and "KS" not in str(r)
    learn = s.showdown(0, everything=True)
    assert learn["hidden"][1] == ["AH", "AD", "AC"] and learn["hidden"][2] == ["KS", "KH", "KD", "KC"]
    assert learn["discards"][0]["hidden"] == ["JS", "9H", "8D", "7C"]
    assert s.showdown(1)["discards"][0] == {"seat": 1, "cards": ["JS", "9H", "8D", "7C"], "hidden": []}
