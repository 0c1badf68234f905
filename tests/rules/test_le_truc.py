"""Le Truc rules on stacked decks: every scenario of docs/rules/le_truc.md and every row of
the round-outcome table (docs/rules/le_truc.md §7), both ways round.

Seat 0 is "A", the non-dealer (``first_dealer=1``), and leads the first trick;
seat 1 is "B", the dealer. ``stack`` builds the full 32-card deck from the hands.
"""

import pytest

from cardtable import IllegalAction, games
from cardtable.games.le_truc import DECK, folding, round_outcome

A, B = 0, 1
GAME = games.get("le_truc")


def stack(a_hand, b_hand, stock=()):
    """A full deck dealing ``a_hand`` to the non-dealer and ``b_hand`` to the dealer."""
    top = list(a_hand) + list(b_hand) + list(stock)
    return top + [c for c in DECK if c not in top]


def new(a_hand, b_hand, stock=(), **options):
    options.setdefault("first_dealer", B)
    return GAME.new_game(seed=1, options=options, deck=stack(a_hand, b_hand, stock))


def run(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
    return events


def round_event(events):
    return next(e for e in events if e["type"] == "round")


# --- the scenarios of docs/rules/le_truc.md -------------------------------------------

def test_1_tie_then_b_wins_ends_round_without_trick_3():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"])
    ev = run(s, "keep", "play KS", "play KH", "play 9S", "play AS")
    r = round_event(ev)
    assert (r["winner"], r["why"], r["points"]) == (B, "tied_then_won", 1)
    assert len(s.last_round["tricks"]) == 2  # trick 3 not played
    assert s.scores == [0, 1] and s.round_no == 2


def test_2_two_ties_then_a_wins_trick_3():
    s = new(["KS", "QS", "7S"], ["KH", "QH", "9S"])
    ev = run(s, "keep", "play KS", "play KH", "play QS", "play QH", "play 7S", "play 9S")
    assert (round_event(ev)["winner"], round_event(ev)["why"]) == (A, "won_after_two_ties")
    assert s.scores == [1, 0]


def test_3_all_tied_is_a_draw_roles_swap_and_value_resets():
    s = new(["KS", "QS", "7S"], ["KH", "QH", "7H"])
    ev = run(s, "keep", "play KS", "play KH down", "accept", "play QS", "play QH", "play 7S", "play 7H")
    r = round_event(ev)
    assert (r["winner"], r["why"], r["points"], r["value"]) == (None, "all_tied", 0, 2)
    assert s.scores == [0, 0]
    assert s.dealer == A and s.value == 1 and s.to_act == B  # B is now the non-dealer


def test_3b_draw_replay_option_keeps_the_dealer():
    s = new(["KS", "QS", "7S"], ["KH", "QH", "7H"], draw="replay")
    run(s, "keep", "play KS", "play KH", "play QS", "play QH", "play 7S", "play 7H")
    assert s.dealer == B and s.to_act == A


def test_4_a_wins_then_tie_ends_round():
    s = new(["7S", "KS", "9S"], ["AS", "KH", "TS"])
    ev = run(s, "keep", "play 7S", "play AS", "play KS", "play KH")
    assert (round_event(ev)["winner"], round_event(ev)["why"]) == (A, "won_then_tied")
    assert len(s.last_round["tricks"]) == 2


def test_5_a_b_then_tie_goes_to_first_trick_winner():
    s = new(["7S", "9S", "KS"], ["AS", "TS", "KH"])
    ev = run(s, "keep", "play 7S", "play AS", "play 9S", "play TS", "play KH", "play KS")
    assert (round_event(ev)["winner"], round_event(ev)["why"]) == (A, "first_trick_breaks_tie")


def test_6_a_b_b():
    s = new(["7S", "9S", "TS"], ["AS", "JS", "QS"])
    ev = run(s, "keep", "play 7S", "play AS", "play 9S", "play JS", "play QS", "play TS")
    assert (round_event(ev)["winner"], round_event(ev)["why"]) == (B, "two_tricks")


def test_7_first_lead_cannot_be_face_down():
    s = new(["7S", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep")
    assert s.to_act == A
    assert "play 7S down" not in s.legal_actions()
    assert all(not a.endswith("down") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="face up"):
        s.apply("play 7S down")


def test_8_dealer_follows_face_down_and_is_accepted():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep", "play KS")
    assert "play AS down" in s.legal_actions()
    ev = run(s, "play AS down")
    assert ev[0]["card"] is None and ev[0]["down"]  # the card is not shown
    assert s.view(A)["tricks"][0]["plays"][1]["card"] is None
    assert s.view(B)["tricks"][0]["plays"][1]["card"] == "AS"  # its owner sees it
    assert s.to_act == A and s.legal_actions() == ["fold", "accept"]
    ev = run(s, "accept")
    assert s.value == 2
    assert ev[0] == {"type": "accept", "seat": A, "offerer": B, "value": 2, "card": "AS", "trick": 1}
    assert ev[1]["type"] == "trick" and ev[1]["winner"] == B  # A beats K


def test_9_fold_at_4_scores_4_and_reveals_nothing():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep", "play KS", "play AS down", "accept", "play QS down", "accept")
    assert s.value == 4
    ev = run(s, "play 9S down")
    assert s.view(B)["tricks"][1]["plays"][1]["card"] is None
    ev = run(s, "fold")
    r = round_event(ev)
    assert (r["winner"], r["why"], r["points"]) == (A, "fold", 4)
    assert s.scores == [4, 0]
    hidden = s.view(B)["last_round"]["tricks"][1]["plays"][1]
    assert hidden["seat"] == A and hidden["card"] is None  # the bluff stays hidden
    assert all("9S" not in str(e) for e in ev)


def test_10_two_doublings_in_one_trick():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep", "play KS", "play JS", "play 9S down", "accept")
    assert s.value == 2 and s.to_act == B
    assert "play AS down" in s.legal_actions()
    run(s, "play AS down", "accept")
    assert s.value == 4


def test_11_tied_trick_is_led_again_by_its_leader():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"])
    ev = run(s, "keep", "play KS", "play KH")
    assert ev[-1]["why"] == "tie_same_leader" and ev[-1]["winner"] is None
    assert s.to_act == A
    # and when the dealer led the tied trick, the dealer leads again
    s = new(["7S", "KS", "9S"], ["AS", "KH", "7H"])
    run(s, "keep", "play 9S", "play AS", "play KH", "play KS")
    assert s.to_act == B


@pytest.mark.parametrize("a, b, winner", [
    ("KS", "KH", None), ("6S", "AS", A), ("7S", "6H", A), ("TS", "9H", A),
    ("9S", "TS", B), ("AS", "KH", A), ("JS", "QH", B), ("7C", "7D", None),
])
def test_12_ranking_ignores_suits(a, b, winner):
    s = new([a, "QC", "JC"], [b, "QD", "JD"])
    ev = run(s, "keep", f"play {a}", f"play {b}")
    assert ev[-1]["type"] == "trick" and ev[-1]["winner"] == winner


def test_13_redo_exchange_gives_new_hands_and_no_second_redo():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"], stock=["7S", "7H", "7D", "6S", "6H", "6D"])
    ev = run(s, "redo")
    assert s.to_act == B and s.legal_actions() == ["refuse", "exchange"]
    ev = run(s, "exchange")
    assert sorted(s.hands[A]) == sorted(["7S", "7H", "7D"])
    assert sorted(s.hands[B]) == sorted(["6S", "6H", "6D"])
    assert s.phase == "play" and s.to_act == A  # straight to play: no second redo
    assert "redo" not in s.legal_actions()
    assert "KS" not in str(s.view(B)) and "KH" not in str(s.view(A))  # discards never shown
    assert "KS" not in str(ev)


def test_13b_redo_refused_keeps_the_hands():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"])
    run(s, "redo", "refuse")
    assert sorted(s.hands[A]) == ["9S", "KS", "TS"] and s.phase == "play" and s.to_act == A


def test_13c_keep_goes_straight_to_play():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"])
    assert s.to_act == A and s.legal_actions() == ["keep", "redo"]
    run(s, "keep")
    assert s.phase == "play" and s.to_act == A


@pytest.mark.parametrize("answers, redeal", [(["keep"], "keep"), (["redo", "refuse"], "refuse"),
                                             (["redo", "exchange"], "exchange")])
def test_13e_both_views_say_how_the_card_play_began(answers, redeal):
    """Public: the strong bot's policy depends on it (a refused redo says something
    about both hands)."""
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"])
    assert s.view(A)["redeal"] is None
    run(s, *answers)
    assert s.view(A)["redeal"] == s.view(B)["redeal"] == redeal
    run(s, s.legal_actions()[0])
    assert s.view(B)["redeal"] == redeal


def test_13d_repeated_redeals_option():
    s = new(["KS", "9S", "TS"], ["KH", "AS", "JS"], redeals="repeated")
    for stock_left in (20, 14, 8, 2):
        run(s, "redo", "exchange")
        assert len(s.stock) == stock_left
        if stock_left >= 6:
            assert s.legal_actions() == ["keep", "redo"] and s.to_act == A
    assert s.phase == "play"  # only two cards left: no further redo


def test_14_reaching_30_ends_the_game():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"], target=30)
    s.scores = [0, 28]
    ev = run(s, "keep", "play KS", "play AS down", "accept", "play QS", "play TS")
    assert round_event(ev)["points"] == 2
    assert s.is_over and s.result == {"winner": B, "scores": [0, 30], "rounds": 1}
    assert ev[-1] == {"type": "game_over", "winner": B, "scores": [0, 30]}
    assert s.to_act is None and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("keep")


def test_15_every_play_after_the_first_face_down_reaches_32():
    s = new(["7S", "9S", "KS"], ["AS", "6S", "KH"])
    run(s, "keep", "play 7S",
        "play AS down", "accept",      # 2, A wins trick 1
        "play 9S down", "accept",      # 4
        "play 6S down", "accept",      # 8, B wins trick 2
        "play KH down", "accept")      # 16
    assert s.value == 16
    ev = run(s, "play KS down", "accept")  # 32; tie: A wins on trick 1
    r = round_event(ev)
    assert r["value"] == 32 and r["points"] == 32 and r["winner"] == A
    assert r["why"] == "first_trick_breaks_tie"


# --- the outcome table, every row both ways --------------------------------------

ROWS = [
    ("AA", A, "two_tricks"), ("AT", A, "won_then_tied"), ("ABA", A, "two_tricks"),
    ("ABB", B, "two_tricks"), ("ABT", A, "first_trick_breaks_tie"), ("TA", A, "tied_then_won"),
    ("TTA", A, "won_after_two_ties"), ("TTT", None, "all_tied"),
]
PAIRS = [("7", "6"), ("A", "K"), ("Q", "J")]  # trick k uses these two ranks


def mirror(row):
    return row.translate(str.maketrans("AB", "BA"))


@pytest.mark.parametrize("row, winner, why",
                         ROWS + [(mirror(r), None if w is None else 1 - w, y) for r, w, y in ROWS if "A" in r])
def test_outcome_table_row(row, winner, why):
    a_hand, b_hand = [], []
    for (hi, lo), res in zip(PAIRS, row.ljust(3, "T")):
        a_card, b_card = {"A": (hi, lo), "B": (lo, hi), "T": (hi, hi)}[res]
        a_hand.append(a_card + "S")
        b_hand.append(b_card + "H")
    s = new(a_hand, b_hand)
    events = run(s, "keep")
    for k in range(3):
        if s.round_no > 1:
            break
        leader = s.to_act
        first, second = (a_hand, b_hand) if leader == A else (b_hand, a_hand)
        events += run(s, f"play {first[k]}", f"play {second[k]}")
    r = round_event(events)
    assert (r["winner"], r["why"]) == (winner, why)
    assert len(s.last_round["tricks"]) == len(row)  # stops as soon as it is decided
    assert round_outcome([{"A": A, "B": B, "T": None}[c] for c in row]) == (winner, why)


# --- options, stakes and errors ---------------------------------------------------

def test_accepter_option_limits_who_may_double():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"], doubling="accepter")
    run(s, "keep", "play KS", "play AS down", "accept")  # A accepted
    assert s.to_act == B  # B won trick 1 and leads, but may not double now
    assert all(not a.endswith("down") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="accepted the last doubling"):
        s.apply("play QS down")
    run(s, "play QS")
    assert "play 9S down" in s.legal_actions()  # A, who accepted, may


def test_any_player_may_double_twice_running_by_default():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep", "play KS", "play AS down", "accept")
    assert "play QS down" in s.legal_actions()  # B doubled, and may again


def test_bankroll_option_pays_chips_and_ends_at_zero():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"], scoring="bankroll")
    assert s.scores == [30, 30]
    run(s, "keep", "play KS", "play AS", "play QS", "play 9S")
    assert s.scores == [29, 31]
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"], scoring="bankroll")
    s.scores = [1, 59]
    ev = run(s, "keep", "play KS", "play AS down", "accept", "play QS", "play 9S")
    assert round_event(ev)["points"] == 1  # pays only what is left
    assert s.is_over and s.result["winner"] == B and s.scores == [0, 60]


def test_fold_that_would_lose_points_keeps_value_before_doubling():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    ev = run(s, "keep", "play KS", "play AS down", "fold")
    assert round_event(ev)["points"] == 1 and s.scores == [0, 1]


@pytest.mark.parametrize("scoring, scores, over", [("race", [0, 29], True), ("race", [0, 28], False),
                                                   ("bankroll", [1, 59], True), ("bankroll", [2, 58], False)])
def test_folding_says_what_a_fold_gives_and_whether_it_ends_the_game(scoring, scores, over):
    """``folding``, which the table and the bots read, is what the engine then does."""
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"], scoring=scoring)
    s.scores = list(scores)
    run(s, "keep", "play KS", "play AS down")
    points, ends = folding(s.scores, A, s.value, scoring == "bankroll", s.options["target"])
    before = list(s.scores)
    ev = run(s, "fold")
    assert (round_event(ev)["points"], s.is_over) == (points, ends) == (1, over)
    assert s.scores[B] - before[B] == 1


def test_roles_swap_every_round_and_value_resets():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep", "play KS", "play AS down", "accept", "play QS", "play 9S")
    assert s.round_no == 2 and s.dealer == A and s.value == 1
    assert s.to_act == B and s.legal_actions() == ["keep", "redo"]


@pytest.mark.parametrize("bad", [{"target": 0}, {"redeals": "often"}, {"colour": 1}, {"target": "30"},
                                 {"first_dealer": 2}])
def test_bad_options_are_refused_clearly(bad):
    with pytest.raises(ValueError, match="option"):
        GAME.new_game(seed=1, options=bad)


def test_bad_stacked_deck_is_refused():
    with pytest.raises(ValueError, match="repeated KS"):
        GAME.new_game(seed=1, deck=["KS"] * 32)
    with pytest.raises(ValueError, match="not in this game's deck 2S"):
        GAME.new_game(seed=1, deck=["2S"] + DECK[1:])


@pytest.mark.parametrize("action, message", [
    ("play QH", "do not hold QH"), ("fold", "not allowed now"), ("dance", "not allowed now"),
])
def test_illegal_actions_explain_and_change_nothing(action, message):
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    run(s, "keep")
    before = (s.view(0), s.view(1), s.legal_actions())
    with pytest.raises(IllegalAction, match=message):
        s.apply(action)
    assert (s.view(0), s.view(1), s.legal_actions()) == before


def test_views_hide_the_other_hand_and_the_stock():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    v = s.view(A)
    assert v["hand"] == ["KS", "TS", "9S"] and v["hand_counts"] == [3, 3]
    text = str(v)
    assert not any(c in text for c in ["AS", "JS", "QS"] + s.stock)


def test_same_seed_same_game_and_deals_independent_of_play():
    s1, s2 = GAME.new_game(seed=42), GAME.new_game(seed=42)
    assert s1.view(0) == s2.view(0) and s1.dealer == s2.dealer
    # round 2's cards do not depend on how round 1 went
    a, b = GAME.new_game(seed=42), GAME.new_game(seed=42)
    for st, choice in ((a, "keep"), (b, "redo")):
        st.apply(choice)
        while st.round_no == 1:
            st.apply(st.legal_actions()[0])
    assert sorted(a.hands[0] + a.hands[1]) == sorted(b.hands[0] + b.hands[1])


def test_review_shows_both_hands_of_the_last_round_but_no_view_does():
    s = new(["KS", "9S", "TS"], ["AS", "JS", "QS"])
    assert s.showdown(A) is None
    run(s, "keep", "play KS", "play AS down", "fold")  # the bluff-or-not stays hidden in views
    assert s.showdown(A, everything=True) == {"round": 1, "hands": [["KS", "TS", "9S"], []],
                                            "hidden": [[], ["AS", "QS", "JS"]], "everything": True}
    assert "AS" not in str(s.view(0)["last_round"])


def test_review_keeps_a_folded_face_down_card_hidden_unless_learning_mode():
    """A7/§10: the bluff is never revealed; learning mode lays it open after the round."""
    s = new(["KS", "9S", "TS"], ["AS", "JS", "9H"])
    run(s, "keep", "play KS", "play 9H down", "fold")  # the bot bluffs with its 9 and you fold
    r = s.showdown(A)
    assert r["hands"] == [["KS", "TS", "9S"], []] and r["hidden"] == [[], [None, None, None]]
    assert not {"9H", "AS", "JS"} & set(str(r).split("'"))
    assert s.showdown(A, everything=True)["hidden"] == [[], ["AS", "JS", "9H"]]
    # the bot's view of the review: your face-up KS only, your two unplayed cards backs
    assert s.showdown(B)["hands"] == [["KS"], ["AS", "JS", "9H"]] and s.showdown(B)["hidden"] == [[None, None], []]


def test_review_shows_an_accepted_face_down_card_and_hides_the_unplayed_ones():
    s = new(["AS", "KS", "7H"], ["9S", "TS", "JS"])
    run(s, "keep", "play AS", "play 9S down", "accept", "play KS", "play TS")  # A wins 2 tricks
    assert s.round_no == 2
    r = s.showdown(A)
    assert r["hands"] == [["7H", "AS", "KS"], ["TS", "9S"]] and r["hidden"] == [[], [None]]
    assert s.showdown(A, everything=True)["hidden"] == [[], ["JS"]]
