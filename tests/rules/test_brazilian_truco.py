"""Brazilian Truco on stacked decks: every scenario of docs/rules/brazilian_truco.md, and the options.

Seats go in the order of play (counter-clockwise); partners are opposite, so team
0 is seats 0 and 2 and team 1 is seats 1 and 3. With dealer 3 the mão is seat 0:
it is dealt first, leads trick 1, and the others play 1, 2, 3 in turn.
"""

import pytest

from cardtable import IllegalAction, games
from cardtable.games.brazilian_truco import DECK, hand_outcome, sort_hand, strength, trick_result

GAME = games.get("brazilian_truco")


def stack(dealer=3, sets=(), hands=None, passed=False):
    """A deck giving the mão ``sets`` (its first set and any later ones), then three
    each to the dealer's partner, the dealer's left (unless ``passed``) and the dealer;
    ``hands`` fixes those players' cards, the rest is padded from the unused cards."""
    hands = {s: list(h) for s, h in (hands or {}).items()}
    mao = (dealer + 1) % 4
    sets = [list(x) for x in sets] or [hands.pop(mao, [])]
    used = {c for h in hands.values() for c in h} | {c for x in sets for c in x}
    rest = [c for c in DECK if c not in used]
    out = []
    for x in sets:
        out += x + [rest.pop(0) for _ in range(3 - len(x))]
    for seat in ((dealer + 2) % 4, (dealer + 3) % 4, dealer):
        if passed and seat == (dealer + 3) % 4:
            continue
        h = hands.get(seat, [])
        out += h + [rest.pop(0) for _ in range(3 - len(h))]
    return out + rest


def new(dealer=3, sets=(), hands=None, passed=False, scores=None, keep=True, **options):
    """A game on a stacked deck; the mão keeps its first set unless ``keep`` is False.
    ``scores`` starts the game from a score (the first hand is dealt again for it)."""
    options = {"first_dealer": dealer, **options}
    deck = stack(dealer, sets, hands, passed)
    s = GAME.new_game(seed=1, options=options, deck=deck)
    if scores is not None:
        s.scores = list(scores)
        s.hand_no = 0
        s._stacked = deck
        s.opening_events = s._start_hand()
    if keep and s.phase == "deal":
        s.apply("keep")
    return s


def play(state, *cards):
    """Each card in turn by the seat to act ('4C' face up, '4C down' face down)."""
    events = []
    for c in cards:
        events += state.apply(f"play {c}")
    return events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


# --- README scenarios ------------------------------------------------------------------
def test_1_ranking_manilhas_then_three_two_ace_king_jack_queen_seven_six_five_four():
    order = ["4C", "7H", "AS", "7D", "3S", "2H", "AH", "KS", "JD", "QC", "7S", "6H", "5D", "4H"]
    values = [strength(c) for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    # below the manilhas suits never matter
    assert strength("AH") == strength("AC") == strength("AD")
    assert strength("7S") == strength("7C") and strength("4H") == strength("4S") == strength("4D")
    assert strength("3S") == strength("3H") == strength("3D") == strength("3C")
    assert len(DECK) == 40 and not any(c[0] in "T98" for c in DECK)


def test_2_two_kings_of_opposing_teams_tie_and_the_first_king_leads():
    s = new(hands={0: ["KS", "4H", "5H"], 1: ["KH", "4S", "5S"], 2: ["QS", "6S", "6H"], 3: ["JS", "6D", "6C"]})
    ev = play(s, "KS", "KH", "QS", "JS")
    trick = of(ev, "trick")[0]
    assert trick["winner"] is None and trick["why"] == "tie" and trick["next"] == 0
    assert s.to_act == 0 and s.results == [None]
    # the tie-lead option: the last tying card
    s = new(hands={0: ["KS", "4H", "5H"], 1: ["KH", "4S", "5S"], 2: ["QS", "6S", "6H"], 3: ["JS", "6D", "6C"]},
            tie_lead="last")
    play(s, "KS", "KH", "QS", "JS")
    assert s.to_act == 1


def test_3_two_kings_of_partners_win_for_their_team_and_the_first_leads():
    s = new(hands={0: ["QS", "4H", "5H"], 1: ["KH", "4S", "5S"], 2: ["JS", "6S", "6H"], 3: ["KS", "6D", "6C"]})
    ev = play(s, "QS", "KH", "JS", "KS")
    trick = of(ev, "trick")[0]
    assert trick["winner"] == 1 and trick["why"] == "same_team" and trick["next"] == 1
    assert s.to_act == 1


@pytest.mark.parametrize("results,outcome", [
    ([None, 0], (0, "won_after_ties")), ([0, None], (0, "first_trick_breaks_tie")),
    ([0, 1, None], (0, "first_trick_breaks_tie")), ([1, 0, None], (1, "first_trick_breaks_tie")),
    ([None, None, None], (None, "all_tied")),
])
def test_4_hand_table_readme_rows(results, outcome):
    assert hand_outcome(results) == outcome


# every row of the spec's table (A = 0, B = 1, T = None); "-" rows end after two tricks
TABLE = [
    ("AA", 0), ("AT", 0), ("ABA", 0), ("ABT", 0), ("ABB", 1), ("TA", 0), ("TTA", 0), ("TTT", None),
    ("TTB", 1), ("TB", 1), ("BAA", 0), ("BAT", 1), ("BAB", 1), ("BT", 1), ("BB", 1),
]


@pytest.mark.parametrize("row,winner", TABLE)
def test_4_the_full_fifteen_row_hand_table(row, winner):
    results = [{"A": 0, "B": 1, "T": None}[x] for x in row]
    assert hand_outcome(results)[0] == winner
    assert all(hand_outcome(results[:k]) is None for k in range(1, len(results)))


def test_4_tied_then_won_ends_the_hand_without_trick_three():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "4S", "5S"], 2: ["QS", "5H", "6H"], 3: ["JS", "6D", "6C"]})
    play(s, "KS", "KH", "QS", "JS")  # tied: seat 0 leads trick 2
    ev = play(s, "3H", "4S", "5H", "6D")
    hand = of(ev, "hand")[0]
    assert hand["winner"] == 0 and hand["why"] == "won_after_ties" and hand["points"] == 1
    assert s.scores == [1, 0] and s.hand_no == 2


def test_5_a_face_down_card_never_wins_even_the_zap():
    s = new(hands={0: ["4C", "4H", "5H"], 1: ["5S", "4S", "6S"], 2: ["KS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    ev = play(s, "4C down", "5S", "KS", "JS")
    trick = of(ev, "trick")[0]
    assert trick["winner"] == 0 and trick["next"] == 2  # the partner's king wins, not the hidden zap
    assert ev[0]["card"] is None and all(p["card"] is None for p in s.view(1)["tricks"][0]["plays"][:1])
    assert s.view(0)["tricks"][0]["plays"][0]["card"] == "4C"  # its owner still sees it
    # every card face down: tied, and the same leader leads again
    s = new(hands={0: ["4C", "4H", "5H"], 1: ["5S", "4S", "6S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    ev = play(s, "4C down", "5S down", "QS down", "JS down")
    trick = of(ev, "trick")[0]
    assert trick["winner"] is None and trick["why"] == "all_down" and s.to_act == 0


def _won_trick_one_by_team_0():
    s = new(hands={0: ["3S", "4H", "5H"], 1: ["5S", "4S", "2S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    play(s, "3S", "5S", "QS", "JS")  # team 0 wins trick 1; seat 0 leads
    return s


def test_6_an_accepted_truco_decides_the_hand_by_the_current_trick():
    s = _won_trick_one_by_team_0()
    play(s, "4H")
    assert s.to_act == 1 and "truco" in s.legal_actions()
    ev = s.apply("truco")
    assert ev[0]["value"] == 3 and s.phase == "answer" and s.to_act == 0  # the human answers for team 0
    assert s.legal_actions() == ["accept", "run", "raise"]
    s.apply("accept")
    assert s.value == 3 and s.to_act == 1  # the caller now plays
    ev = play(s, "2S", "6H", "6D")
    hand = of(ev, "hand")[0]
    assert hand["winner"] == 1 and hand["why"] == "truco_trick" and hand["points"] == 3
    assert s.scores == [0, 3] and s.hand_no == 2  # no trick 3


def test_7_truco_raised_to_six_then_run_gives_the_raisers_three():
    s = _won_trick_one_by_team_0()
    play(s, "4H")
    s.apply("truco")
    ev = s.apply("raise")
    assert ev[0]["value"] == 6 and s.to_act == 1  # the caller's team answers, by the caller
    ev = s.apply("run")
    hand = of(ev, "hand")[0]
    assert of(ev, "run")[0]["points"] == 3 and hand["winner"] == 0 and hand["points"] == 3
    assert s.scores == [3, 0]


def _trucoed_tie_before_call(**options):
    """Trick 2: seat 0 leads K, seat 1 plays K (a tie on the table), then seat 2 calls truco."""
    s = new(hands={0: ["3S", "KS", "5H"], 1: ["5S", "KH", "2S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            **options)
    play(s, "3S", "5S", "QS", "JS")
    play(s, "KS", "KH")
    s.apply("truco")  # seat 2 (team 0) calls with both kings already down
    return s


def test_8_a_trucoed_tie_made_before_the_call_loses_for_the_team_that_called():
    s = _trucoed_tie_before_call(partner="free")
    assert s.to_act == 3
    s.apply("accept")
    ev = play(s, "6H", "6D")
    hand = of(ev, "hand")[0]
    assert hand["winner"] == 1 and hand["why"] == "truco_tie_before_call" and hand["points"] == 3


def test_8_pagat_option_the_last_bettor_loses():
    s = _trucoed_tie_before_call(partner="free", truco_tie="last_bettor")
    s.apply("raise")  # team 1 raises to 6 and team 0 accepts: team 1 bet last
    assert s.to_act == 2
    s.apply("accept")
    ev = play(s, "6H", "6D")
    hand = of(ev, "hand")[0]
    assert hand["winner"] == 0 and hand["points"] == 6
    # with the seed's rule the same sequence loses for team 0, which called first
    s = _trucoed_tie_before_call(partner="free")
    s.apply("raise")
    s.apply("accept")
    assert of(play(s, "6H", "6D"), "hand")[0]["winner"] == 1


def _trucoed_tie_after_call(**options):
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            **options)
    s.apply("truco")  # seat 0 calls before the first card
    s.apply("accept")
    play(s, "KS", "KH", "QS", "JS")  # tied, both kings after the call
    return s


def test_9_a_trucoed_tie_after_the_call_is_settled_by_one_more_trick():
    s = _trucoed_tie_after_call()
    assert s.phase == "play" and s.to_act == 0 and s.decider == 2
    hand = of(play(s, "3H", "5S", "6H", "6D"), "hand")[0]
    assert hand["winner"] == 0 and hand["points"] == 3 and hand["why"] == "truco_trick"


def test_9_a_second_tie_ties_the_hand_and_nobody_scores():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "3S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    s.apply("truco")
    s.apply("accept")
    play(s, "KS", "KH", "QS", "JS")
    hand = of(play(s, "3H", "3S", "6H", "6D"), "hand")[0]
    assert hand["winner"] is None and hand["why"] == "truco_tied" and s.scores == [0, 0]
    # pagat's option plays on while cards remain: trick 3 decides
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "3S", "5S"], 2: ["QS", "6H", "4D"], 3: ["JS", "6D", "6C"]},
            after_tie="continue")
    s.apply("truco")
    s.apply("accept")
    play(s, "KS", "KH", "QS", "JS")
    play(s, "3H", "3S", "6H", "6D")
    assert s.hand_no == 1 and s.decider == 3
    hand = of(play(s, "4H", "5S", "4D", "6C"), "hand")[0]
    assert hand["winner"] == 1 and hand["points"] == 3


def test_9_a_trucoed_tie_in_trick_three_ties_the_hand():
    s = new(hands={0: ["3S", "4S", "KS"], 1: ["2S", "3H", "KH"], 2: ["QS", "4H", "6S"], 3: ["JS", "5H", "6C"]})
    play(s, "3S", "2S", "QS", "JS")  # team 0
    play(s, "4S", "3H", "4H", "5H")  # team 1: seat 1 leads trick 3
    assert s.results == [0, 1]
    s.apply("truco")
    s.apply("accept")
    hand = of(play(s, "KH", "6S", "6C", "KS"), "hand")[0]  # KH and KS tie, both after the call
    assert hand["winner"] is None and hand["why"] == "truco_tied" and s.scores == [0, 0]


def test_10_a_raise_that_accepting_already_wins_is_not_offered():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[7, 3])
    play(s, "KS")
    s.apply("truco")  # team 1 (seat 1) calls
    s.apply("raise")  # team 0 at 7: "vale 6"
    assert s.to_act == 1 and "raise" in s.legal_actions()  # team 1 at 3 may still say 9
    s.apply("raise")
    assert s.offer["value"] == 9 and s.legal_actions() == ["accept", "run"]  # 7 + 9 wins already
    with pytest.raises(IllegalAction, match="already wins"):
        s.apply("raise")
    # the team at 7 facing "vale 6" (7 + 6 >= 12) cannot say 9
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[7, 3])
    s.apply("truco")
    s.apply("raise")  # team 1 answers with vale 6
    assert s.to_act == 0 and s.legal_actions() == ["accept", "run"]


def test_11_the_raise_chain_stops_at_twelve():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    values = [s.apply("truco")[0]["value"]]
    for _ in range(3):
        values.append(s.apply("raise")[0]["value"])
    assert values == [3, 6, 9, 12] and s.legal_actions() == ["accept", "run"]
    s.apply("accept")
    assert s.value == 12


def test_12_two_burns_and_a_pass_leave_a_fourth_set_that_must_be_kept():
    sets = [["4H", "5H", "6H"], ["4S", "5S", "6S"], ["4D", "5D", "6D"], ["4C", "7H", "AS"]]
    s = new(sets=sets, keep=False, passed=True)
    assert s.legal_actions() == ["keep", "pass", "burn"]
    ev = s.apply("burn")
    assert ev[0]["cards"] == ["6H", "5H", "4H"] and s.burned == ["6H", "5H", "4H"]
    s.apply("pass")
    assert s.legal_actions() == ["keep", "burn"]  # one pass per hand
    with pytest.raises(IllegalAction, match="Only one set"):
        s.apply("pass")
    ev = s.apply("burn")
    assert of(ev, "keep") and of(ev, "keep")[0]["forced"] and s.phase == "play"
    assert sort_hand(s.hands[0]) == ["4C", "7H", "AS"] and s.hands[2] == ["4S", "5S", "6S"]


def test_13_the_partner_who_received_a_pass_gets_no_more_cards():
    sets = [["4C", "7H", "AS"], ["4S", "5S", "6S"]]
    s = new(sets=sets, keep=False, passed=True, hands={1: ["KS", "KH", "KD"], 3: ["QS", "QH", "QD"]})
    s.apply("pass")
    s.apply("keep")
    assert sort_hand(s.hands[2]) == ["4C", "7H", "AS"] and s.hands[0] == ["4S", "5S", "6S"]
    assert sorted(s.hands[1]) == ["KD", "KH", "KS"] and sorted(s.hands[3]) == ["QD", "QH", "QS"]
    assert len(s.stock) == 40 - 12  # two sets to the mão, three each to seats 1 and 3
    # the mão saw what it passed; nobody else but the partner knows it
    assert s.view(0)["partner_known"] == ["4C", "7H", "AS"]
    assert s.view(1)["partner_known"] == [] and s.view(3)["hand"] == ["QS", "QH", "QD"]


def test_14_at_eleven_no_truco_partners_see_each_other_and_may_run():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 7], keep=False)
    assert s.special == "eleven" and s.phase == "eleven" and s.to_act == 0 and s.value == 3
    assert s.legal_actions() == ["accept", "run"]
    assert s.view(0)["partner_known"] == sort_hand(["QS", "6H", "7S"]) and s.view(2)["partner_known"]
    assert s.view(1)["partner_known"] == [] and s.view(3)["partner_known"] == []
    ev = s.apply("run")
    assert of(ev, "hand")[0]["winner"] == 1 and s.scores == [11, 8]
    # playing: worth 3, and truco is never offered to anyone
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 7], keep=False)
    s.apply("accept")
    for card in ["3H", "KH", "QS", "JS", "KS", "5S", "6H", "6D"]:
        assert "truco" not in s.legal_actions()
        s.apply(f"play {card}")
    assert s.is_over and s.scores == [14, 7] and s.result["winner"] == 0 and s.result["winners"] == [0, 2]
    with pytest.raises(IllegalAction):
        s.apply("truco")


def test_14_the_mao_keeps_its_first_set_at_eleven():
    sets = [["4H", "5H", "6H"]]
    s = new(sets=sets, scores=[3, 11], keep=False)
    assert s.phase == "eleven" and s.to_act == 1  # team 1's next player decides
    assert sorted(s.hands[0]) == ["4H", "5H", "6H"]
    # the option without a choice: straight to play, worth 3
    s = new(sets=sets, scores=[3, 11], keep=False, eleven="play")
    assert s.phase == "play" and s.value == 3 and "truco" not in s.legal_actions()


def test_15_the_iron_hand_is_played_blind_and_a_tie_is_played_again():
    s = new(hands={0: ["KS", "4H", "5H"], 1: ["KH", "4S", "5S"], 2: ["QS", "6H", "6S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 11], keep=False)
    assert s.special == "iron" and s.legal_actions() == ["flip"]
    assert all(s.view(seat)["hand"] == [] for seat in range(4))
    ev = []
    for _ in range(4):
        ev += s.apply("flip")
    assert [e["card"] for e in of(ev, "play")] == ["KS", "KH", "QS", "JS"]  # the top cards, in deal order
    for _ in range(8):
        ev += s.apply("flip")
    hand = of(ev, "hand")[0]
    assert hand["winner"] is None and s.scores == [11, 11]
    assert s.special == "iron" and s.hand_no == 2 and s.dealer == 0


def test_16_only_one_truco_per_hand():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            after_tie="continue")
    s.apply("truco")
    s.apply("accept")
    for card in ["KS", "KH", "QS", "JS", "3H"]:
        assert s.hand_no == 1 and s.phase == "play" and "truco" not in s.legal_actions()
        with pytest.raises(IllegalAction, match="only one call per hand"):
            s.apply("truco")
        s.apply(f"play {card}")


# --- the rest of the rules and the options ---------------------------------------------
def test_the_mao_leads_and_play_goes_counter_clockwise():
    s = new(dealer=1)
    assert s.mao == 2 and s.to_act == 2
    order = []
    for _ in range(4):
        order.append(s.to_act)
        s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_the_deal_order_after_the_mao_keeps():
    s = new(dealer=1, hands={2: ["4C", "7H", "AS"], 3: ["KS", "KH", "KD"], 0: ["QS", "QH", "QD"],
                             1: ["JS", "JH", "JD"]})
    assert [sorted(h) for h in s.hands] == [["QD", "QH", "QS"], ["JD", "JH", "JS"], ["4C", "7H", "AS"],
                                            ["KD", "KH", "KS"]]


def test_simple_deal_skips_the_offer():
    s = new(keep=False, deal="simple")
    assert s.phase == "play" and all(len(h) == 3 for h in s.hands)


def test_face_down_in_trick_one_can_be_forbidden():
    s = new(face_down="not_first_trick")
    assert not any(a.endswith(" down") for a in s.legal_actions())
    card = s.hands[0][0]
    with pytest.raises(IllegalAction, match="not allowed in the first trick"):
        s.apply(f"play {card} down")
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    if not s.is_over and s.hand_no == 1:
        assert any(a.endswith(" down") for a in s.legal_actions())


def test_kqj_ranking_option():
    assert strength("QS", "kqj") > strength("JS", "kqj") and strength("JS") > strength("QS")
    assert trick_result([(0, "QS", False), (1, "JH", False), (2, "4H", False), (3, "5H", False)], "kqj")[0] == 0


def test_tie_lead_option_leader():
    assert trick_result([(2, "4H", False), (3, "KS", False), (0, "KH", False), (1, "5H", False)],
                        tie_lead="leader")[1] == 2


def test_tied_hand_options():
    hands = {0: ["KS", "3H", "4H"], 1: ["KH", "3S", "4S"], 2: ["QS", "6H", "6S"], 3: ["JS", "6D", "6C"]}
    moves = ["KS", "KH", "QS", "JS", "3H", "3S", "6H", "6D", "4H", "4S", "6S", "6C"]  # three ties
    s = new(hands=hands)
    play(s, *moves)
    assert s.scores == [0, 0] and s.dealer == 0  # nobody scores, the deal moves on
    s = new(hands=hands, tied_hand="dealer")
    play(s, *moves)
    assert s.scores == [0, 1]  # dealer 3's team
    s = new(hands=hands, tied_hand="redeal")
    play(s, *moves)
    assert s.scores == [0, 0] and s.dealer == 3 and s.hand_no == 2


def test_partner_defers_never_calls_truco_and_the_human_answers():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            partner="defers")
    play(s, "KS", "KH")
    assert s.to_act == 2 and "truco" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="leaves truco to you"):
        s.apply("truco")
    play(s, "QS")
    s.apply("truco")  # seat 3 calls
    assert s.to_act == 0


def test_partner_free_answers_when_it_plays_next():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            partner="free")
    play(s, "KS", "KH", "QS")
    s.apply("truco")  # seat 3 calls; seat 0 plays next in this trick? no: the trick ends with 3
    assert s.to_act == 0
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            partner="free")
    play(s, "KS")
    s.apply("truco")  # seat 1 calls: seat 2 is next to play and answers
    assert s.to_act == 2


def test_signals_show_the_partners_manilhas_only():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4C"], 2: ["AS", "7H", "7S"], 3: ["JS", "6D", "6C"]},
            signals=True)
    assert s.view(0)["partner_known"] == ["7H", "AS"] and s.view(3)["partner_known"] == ["4C"]
    assert s.view(2)["partner_known"] == [] and s.view(1)["partner_known"] == []


def test_running_a_first_truco_gives_one():
    s = new()
    s.apply("truco")
    ev = s.apply("run")
    assert of(ev, "hand")[0]["points"] == 1 and s.scores == [1, 0]


def test_first_to_twelve_wins_and_scores_may_pass_twelve():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[10, 4])
    s.apply("truco")
    s.apply("accept")
    play(s, "3H", "KH", "QS", "JS")
    assert s.is_over and s.scores == [13, 4] and s.result["winner"] == 0
    with pytest.raises(IllegalAction, match="over"):
        s.apply("truco")


# --- bad input: a clear message and nothing changed -------------------------------------
@pytest.mark.parametrize("action,message", [
    ("play 9S", "You do not hold"), ("play", "Say which card"), ("raise", "not allowed now"),
    ("flip", "not allowed now"), ("dance", "not allowed now"), ("play KS sideways", "not a way to play"),
])
def test_illegal_actions_change_nothing(action, message):
    s = new(hands={0: ["KS", "3H", "4H"]})
    before = (s.view(0), s.legal_actions())
    with pytest.raises(IllegalAction, match=message):
        s.apply(action)
    assert (s.view(0), s.legal_actions()) == before


@pytest.mark.parametrize("options,message", [
    ({"ranking": "qkj"}, "ranking"), ({"signals": "yes"}, "true or false"), ({"first_dealer": 4}, "first_dealer"),
    ({"players": 4}, "unknown option"), ({"partner": "bossy"}, "partner"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, options=options)


def test_three_players_is_refused():
    with pytest.raises(ValueError, match="exactly 4"):
        GAME.new_game(seed=1, players=3)


def test_review_keeps_face_down_and_unplayed_cards_hidden_unless_learning_mode():
    """After a hand you see what the table saw: a face-down card and the cards of a
    hand ended by a run stay backs; learning mode lays every hand open."""
    s = new(hands={0: ["3S", "4H", "5H"], 1: ["5S", "4S", "2S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]})
    assert s.showdown(0) is None
    play(s, "3S", "5S down", "QS", "JS", "4H")
    s.apply("truco")
    s.apply("raise")
    s.apply("run")  # seat 1's team runs: its unplayed cards are never shown
    r = s.showdown(0)
    assert r["hand"] == 1 and r["hands"] == [sort_hand(["3S", "4H", "5H"]), [], ["QS"], ["JS"]]
    assert r["hidden"] == [[], [None] * 3, [None] * 2, [None] * 2] and "5S" not in str(r)
    learn = s.showdown(0, everything=True)
    assert learn["hands"] == r["hands"] and learn["hidden"][1] == sort_hand(["5S", "4S", "2S"])
    assert learn["hidden"][2] == sort_hand(["6H", "7S"]) and learn["everything"]
    assert s.showdown(1)["hands"][1] == sort_hand(["5S", "4S", "2S"])  # each seat knows its own cards


def test_review_at_eleven_shows_the_partners_hand_it_saw():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 7], keep=False)
    s.apply("run")
    r = s.showdown(0)
    assert r["hands"][2] == sort_hand(["QS", "6H", "7S"]) and r["hidden"][2] == []
    assert r["hands"][1] == [] and r["hidden"][1] == [None] * 3
    assert s.showdown(1)["hidden"][0] == [None] * 3  # team 1 never saw team 0's hands
