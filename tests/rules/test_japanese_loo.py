"""Japanese Loo on stacked decks: every scenario of docs/rules/japanese_loo.md and the options.

Seats go clockwise in increasing order; the stacked deck deals one card at a time
from the dealer's left, then turns the next card for trumps.
"""

import pytest

from cardtable import IllegalAction, games
from cardtable.games.japanese_loo import DECK, trick_winner

GAME = games.get("japanese_loo")


def stack(players, dealer, hands=None, turnup="2C", size=5):
    """A deck dealing ``hands`` ({seat: cards}, padded from the rest) and ``turnup``."""
    hands = {s: list(h) for s, h in (hands or {}).items()}
    used = {c for h in hands.values() for c in h} | {turnup}
    rest = [c for c in DECK if c not in used]
    full = {s: hands.get(s, []) + [rest.pop(0) for _ in range(size - len(hands.get(s, [])))] for s in range(players)}
    order = [(dealer + 1 + k) % players for k in range(players)]
    deck = [full[order[i % players]][i // players] for i in range(size * players)]
    return deck + [turnup] + rest


def new(players=6, dealer=0, hands=None, turnup="2C", **options):
    size = 3 if options.get("format") == "three" else 5
    options = {"players": players, "first_dealer": dealer, **options}
    return GAME.new_game(seed=1, options=options, deck=stack(players, dealer, hands, turnup, size))


def run(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
    return events


def declare(state, *choices):
    """Declarations in turn order (dealer's left first, the dealer last)."""
    return run(state, *choices)


def play_out(state, pick=0):
    events = []
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        events += state.apply(state.legal_actions()[pick])
    return events


def test_1_six_players_dealer_antes_two_drops_make_a_pot_of_15_paying_3_a_trick():
    s = new(6)
    assert s.pot == 5 and s.chips[0] == 95
    declare(s, "out", "out", "in", "in", "in", "in")  # seats 1, 2 drop; 3, 4, 5 and the dealer play
    assert s.pot == 15 and s.chips[1] == s.chips[2] == 95
    assert s.phase == "play" and s.trick_value == 3
    ev = play_out(s)
    tricks = [e for e in ev if e["type"] == "trick"]
    assert len(tricks) == 5 and all(t["value"] == 3 for t in tricks)
    assert tricks[-1]["pot"] == 0  # emptied by the five tricks (before any loo is paid)


def test_2_a_looed_player_pays_10_into_the_next_pot():
    # seat 1 holds low diamonds and no trump against the dealer's five top trumps
    hands = {1: ["2D", "3D", "4D", "5D", "6D"], 0: ["AS", "KS", "QS", "JS", "TS"]}
    s = new(3, dealer=0, hands=hands, turnup="2S")
    declare(s, "in", "out", "in")  # pot 5 + 5 = 10: 2 a trick, all to the dealer
    ev = play_out(s)
    loos = [e for e in ev if e["type"] == "loo"]
    assert [e["seat"] for e in loos] == [1] and loos[0]["amount"] == 10
    assert s.loos[1] == 1
    # the next deal: dealer 1 antes 5 onto the 10
    assert s.dealer == 1 and s.pot == 15 and s.chips[1] == 85



def test_2b_two_loos_each_state_the_pot_after_their_own_payment():
    """The log and a ledger read each loo's pot: 10 after the first, 20 after the second."""
    hands = {0: ["AS", "KS", "QS", "JS", "TS"], 1: ["2D", "3D", "4D", "5D", "6D"], 2: ["2H", "3H", "4H", "5H", "6H"]}
    s = new(3, dealer=0, hands=hands, turnup="2S")
    declare(s, "in", "in", "in")  # pot 5: 1 a trick, all to the dealer
    loos = [e for e in play_out(s) if e["type"] == "loo"]
    assert [(e["seat"], e["amount"], e["pot"]) for e in loos] == [(1, 10, 10), (2, 10, 20)]

def test_3_all_non_dealers_drop_the_dealer_takes_the_pot_without_declaring():
    s = new(5)
    ev = declare(s, "out", "out", "out", "out")
    take = next(e for e in ev if e["type"] == "take_pot")
    assert take == {"type": "take_pot", "seat": 0, "amount": 25, "why": "all_dropped"}
    assert s.chips[0] == 100 - 5 + 25 and not [e for e in ev if e["type"] == "loo"]
    assert not any(e["type"] == "declare" and e["seat"] == 0 for e in ev)
    assert s.deal_no == 2 and s.dealer == 1


def test_4_one_player_in_and_the_dealer_drops_the_dealer_pays_and_the_lone_player_takes_it():
    s = new(4)
    ev = declare(s, "out", "in", "out", "out")  # seat 2 alone; the dealer (0) drops
    take = next(e for e in ev if e["type"] == "take_pot")
    assert take["seat"] == 2 and take["amount"] == 5 + 5 + 5 + 5 and take["why"] == "lone_player"
    assert s.chips[0] == 90 and s.chips[2] == 120 and not [e for e in ev if e["type"] in ("loo", "trick")]


def test_4b_option_dealer_drop_free():
    s = new(4, dealer_drop="free")
    declare(s, "out", "in", "out", "out")
    assert s.chips[0] == 95 and s.chips[2] == 115


def test_5_one_player_in_and_the_dealer_in_play_five_tricks_between_them():
    s = new(4)
    ev = declare(s, "out", "in", "out", "in")
    assert s.phase == "play" and sorted(s.ins) == [0, 2]
    ev = play_out(s)
    assert len([e for e in ev if e["type"] == "trick"]) == 5
    assert all(len(e["plays"]) == 2 for e in ev if e["type"] == "trick")


def test_6_must_follow_suit_but_need_not_trump():
    hands = {1: ["AH", "KD", "QD", "JD", "TD"], 2: ["2H", "3S", "4S", "5S", "6S"], 0: ["3H", "7C", "8C", "9C", "TC"]}
    s = new(3, hands=hands, turnup="2S")
    declare(s, "in", "in", "in")
    run(s, "play AH")  # seat 1 leads hearts
    assert s.legal_actions() == ["play 2H"]  # seat 2 holds a heart: must follow
    with pytest.raises(IllegalAction, match="follow suit: play one of your hearts"):
        s.apply("play 3S")
    run(s, "play 2H", "play 3H")
    run(s, "play KD")  # seat 1 won and leads a diamond; seat 2 is void
    assert sorted(s.legal_actions()) == sorted(f"play {c}" for c in ["3S", "4S", "5S", "6S"])
    s = new(3, hands={1: ["AD"], 2: ["2S", "3S", "7H", "8H", "9H"]}, turnup="4S")
    declare(s, "in", "in", "in")
    run(s, "play AD")
    assert "play 7H" in s.legal_actions()  # void in diamonds: a discard is allowed beside trumps


def test_7_a_low_trump_beats_the_ace_of_the_led_suit():
    assert trick_winner([(1, "AH"), (2, "2S"), (0, "KH")], "S") == (2, "trump")
    assert trick_winner([(1, "5H"), (2, "AD"), (0, "KH")], "S") == (0, "led_suit")
    hands = {1: ["AH"], 2: ["2S", "3C", "4C", "5C", "6C"], 0: ["KH"]}
    s = new(3, hands=hands, turnup="3S")
    declare(s, "in", "in", "in")
    ev = run(s, "play AH", "play 2S", "play KH")
    assert ev[-1]["type"] == "trick" and ev[-1]["winner"] == 2 and ev[-1]["why"] == "trump"


def test_8_the_dealers_left_dropped_the_next_player_in_leads():
    s = new(5, dealer=2)
    declare(s, "out", "in", "in", "in", "in")  # seat 3 (dealer's left) drops
    assert s.to_act == 4 and s.leader == 4
    s = new(5, dealer=2)
    declare(s, "out", "out", "out", "in", "in")  # seats 3, 4, 0 drop; 1 and the dealer play
    assert s.to_act == 1


def test_9_the_three_card_game_ante_3_fee_3_loo_6_a_third_per_trick():
    s = new(4, format="three")
    assert s.pot == 3 and all(len(h) == 3 for h in s.hands)
    declare(s, "out", "in", "in", "in")
    assert s.pot == 6 and s.trick_value == 2
    ev = play_out(s)
    assert len([e for e in ev if e["type"] == "trick"]) == 3
    assert all(e["amount"] == 6 for e in ev if e["type"] == "loo")
    assert new(4, format="three", three_card_fee=5).rules["fee"] == 5


def test_10_the_seeds_example_two_loos_three_drops_and_the_ante_make_40():
    s = new(6)
    s.pot += 20  # two loos of the last deal, carried (the dealer's ante 5 is already in)
    declare(s, "out", "out", "out", "in", "in", "in")
    assert s.pot == 20 + 5 + 15 and s.trick_value == 8


def test_11_a_loo_in_the_last_scheduled_deal_brings_one_extension_deal():
    hands = {0: ["2D", "3D", "4D", "5D", "6D"], 2: ["AS", "KS", "QS", "JS", "TS"]}
    s = new(3, dealer=2, hands=hands, turnup="2S", rotations=1)
    s.deal_no = s.scheduled  # this is the last scheduled deal (the stacked cards are its deal)
    start_chips = sum(s.chips) + s.pot
    declare(s, "in", "out", "in")  # seat 0 is looed by the dealer's trumps
    play_out(s)
    assert s.extension and s.dealer == 0 and s.phase == "play"  # the next dealer; no declarations
    assert s.pot == 10 and s.trick_value == 2 and sorted(s.ins) == [0, 1, 2]
    ev = play_out(s)
    assert not [e for e in ev if e["type"] == "loo"] and s.is_over
    assert sum(s.chips) == start_chips


def test_12_no_loo_in_the_last_scheduled_deal_ends_the_game():
    s = new(3, rotations=1)
    s.deal_no = s.scheduled
    declare(s, "out", "out")  # the dealer takes the pot: no play, no loo
    assert s.is_over and s.result["deals"] == 3
    assert s.result["winners"] == [0]


def test_13_five_players_all_ante_one_each():
    s = new(5, all_ante=True)
    assert s.pot == 5 and s.chips == [99] * 5
    with pytest.raises(ValueError, match="exactly five"):
        new(6, all_ante=True)


def test_14_a_pot_not_divisible_by_the_tricks_carries_the_remainder():
    s = new(4, format="three", three_card_fee=5)
    declare(s, "out", "in", "in", "in")  # pot 3 + 5 = 8: 2 a trick, 2 carried
    assert s.pot == 8 and s.trick_value == 2
    ev = play_out(s)
    end = next(e for e in ev if e["type"] == "deal_end")
    looed = len(end["looed"])
    assert end["pot"] == 2 + 6 * looed
    # in the last deal of the game (no loo, so no extension) the final trick's winner
    # takes the remainder: seat 1 wins with A♠, the dealer with the diamonds
    hands = {1: ["AS", "2D", "3D"], 0: ["KH", "4D", "5D"]}
    s = new(4, format="three", three_card_fee=5, rotations=1, hands=hands, turnup="2S")
    s.deal_no = s.scheduled
    declare(s, "in", "out", "out", "in")  # pot 3 + 5 + 5 = 13: 4 a trick, 1 left over
    assert s.trick_value == 4
    ev = run(s, "play AS", "play KH", "play 2D", "play 4D", "play 5D", "play 3D")
    assert not [e for e in ev if e["type"] == "loo"]
    rem = [e for e in ev if e["type"] == "remainder"]
    assert rem == [{"type": "remainder", "seat": 0, "amount": 1}] and s.is_over and s.pot == 0
    assert s.chips[0] == 100 - 3 + 2 * 4 + 1 and s.chips[1] == 100 + 4
    # the last deal's summary (event and view) already holds it: no chip moves after it
    last = [e for e in ev if e["type"] == "deal_end"][-1]
    assert ev.index(last) > ev.index(rem[0]) and last["why"] == "last"
    assert last["chips"] == s.chips == s.view(2)["last_deal"]["chips"] and last["pot"] == 0


def test_15_ten_players_fifty_cards_and_the_turn_up_never_played():
    s = new(10, turnup="AS")
    assert sum(len(h) for h in s.hands) == 50 and len(s.dead) == 1 and s.turnup == "AS"
    declare(s, *["in"] * 10)
    ev = play_out(s)
    played = [e["card"] for e in ev if e["type"] == "play"]
    assert len(played) == 50 and "AS" not in played


def test_chips_are_conserved_and_the_game_ends_after_the_rotations():
    s = GAME.new_game(seed=4, options={"players": 4})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
        assert sum(s.chips) + s.pot == 400
    assert s.deal_no in (8, 9) and s.pot == 0
    assert s.result["winners"] == [i for i, c in enumerate(s.chips) if c == max(s.chips)]


def test_ties_shared_or_broken_by_fewest_loos():
    for rule, expect in (("shared", [0, 1]), ("fewest_loos", [1])):
        s = new(3, rotations=1, ties=rule)
        s.chips, s.loos = [110, 110, 80], [2, 1, 0]
        s.pot = 0
        assert [e for e in s._finish() if e["type"] == "game_over"][0]["winners"] == expect


@pytest.mark.parametrize("options, message", [
    ({"players": 2}, "at least 3"), ({"players": 11}, "at most 10"), ({"format": "three", "players": 6}, "3 to 5"),
    ({"format": "seven"}, "one of"), ({"rotations": 4}, "at most 3"), ({"first_dealer": 7, "players": 4}, "seat"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, options=options)


def test_players_as_an_argument_or_an_option():
    assert GAME.new_game(seed=1, players=4).num_players == 4
    assert GAME.new_game(seed=1, options={"players": 7}).num_players == 7
    with pytest.raises(ValueError, match="disagrees"):
        GAME.new_game(seed=1, players=4, options={"players": 5})


def test_declaring_is_refused_during_play_and_playing_during_declarations():
    s = new(3)
    with pytest.raises(IllegalAction, match="Declare first"):
        s.apply("play " + s.hands[1][0])
    declare(s, "in", "in", "in")
    before = s.view(1)
    with pytest.raises(IllegalAction, match="declared"):
        s.apply("out")
    assert s.view(1) == before


def test_dropped_hands_are_never_shown_and_views_hide_other_hands():
    s = new(4)
    dropped = list(s.hands[1])
    declare(s, "out")
    for seat in range(4):
        text = str(s.view(seat))
        assert not any(c in text for c in dropped)
    other = s.hands[2]
    assert not any(c in str(s.view(3)["hand"]) for c in other)


def test_a_real_game_extension_is_dealt_by_the_first_dealer():
    """Played through (not stacked): after the rotations the deal has come round to
    the first dealer, who deals the extension."""
    for seed in range(20):
        s = GAME.new_game(seed=seed, options={"players": 4, "rotations": 1})
        events = list(s.opening_events)
        while not s.is_over:
            events += s.apply("in" if "in" in s.legal_actions() else s.legal_actions()[0])
        starts = [e for e in events if e["type"] == "deal_start"]
        if starts[-1]["extension"]:
            assert len(starts) == 5 and starts[-1]["dealer"] == starts[0]["dealer"] == s.first_dealer
            return
    pytest.fail("no seed of twenty had a loo in its last deal")


def test_starting_chips_option():
    s = new(4, chips=50)
    assert s.chips == [45, 50, 50, 50] and s.pot == 5  # the dealer (seat 0) has anted


def test_review_keeps_dropped_hands_hidden_unless_learning_mode():
    """§11: dropped hands are never shown; every card of those who stayed in was played."""
    s = new(6, hands={1: ["AS", "KS", "QS", "JS", "TS"]})
    assert s.showdown(0) is None
    dealt = [list(h) for h in s.hands]
    declare(s, "out", "out", "in", "in", "in", "in")  # seats 1 and 2 drop
    play_out(s)
    r = s.showdown(0)
    assert r["deal"] == 1 and r["hands"][0] == dealt[0] and r["hands"][3:] == dealt[3:]
    assert r["hands"][1:3] == [[], []] and r["hidden"] == [[], [None] * 5, [None] * 5, [], [], []]
    assert "AS" not in str(r)
    learn = s.showdown(0, everything=True)
    assert learn["hidden"][1:3] == dealt[1:3] and learn["hands"] == r["hands"]
    assert s.showdown(1)["hands"][1] == dealt[1]  # a dropped hand is known to its owner


def test_review_hides_the_hand_of_a_lone_player_who_takes_the_pot_without_play():
    s = new(3)
    dealt = [list(h) for h in s.hands]
    declare(s, "in", "out", "out")  # seat 1 stays in alone: it takes the pot, no card is played
    r = s.showdown(0)
    assert r["hands"] == [dealt[0], [], []] and r["hidden"] == [[], [None] * 5, [None] * 5]
    assert s.showdown(0, everything=True)["hidden"] == [[], dealt[1], dealt[2]]
