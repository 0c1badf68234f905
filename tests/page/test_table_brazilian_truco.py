"""Brazilian Truco's table (cardtable.tables.brazilian_truco) on stacked decks: what a
player sees at the moments that matter: who sits where, the truco ladder and what
each answer costs, the mão's deal, the hands of eleven and iron, the last hand and
the end."""

from cardtable.table import BACK, badge, card_name, text, validate, validate_text
from tests.rules.test_brazilian_truco import new, of, play

HANDS = {0: ["3S", "4H", "5H"], 1: ["5S", "4S", "2S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]}


def decisions(table):
    return {d["action"]: d for d in table["decisions"]}


def seat(table, n):
    return next(s for s in table["seats"] if s["seat"] == n)


def test_the_seats_go_round_clockwise_you_left_partner_right_and_play_goes_the_other_way():
    s = new(hands=HANDS)
    t = validate(s.table(0))
    assert [(x["seat"], x["name"]["key"], x["team"]) for x in t["seats"]] == [
        (0, "table.you_name", 0), (3, "brazilian_truco.left", 1), (2, "brazilian_truco.partner", 0), (1, "brazilian_truco.right", 1)]
    # seat 1 plays after seat 0, so seat 0 is on seat 1's left
    t1 = validate(s.table(1))
    assert [(x["seat"], x["name"]["key"], x["team"]) for x in t1["seats"]] == [
        (1, "table.you_name", 0), (0, "brazilian_truco.left", 1), (3, "brazilian_truco.partner", 0), (2, "brazilian_truco.right", 1)]
    # the dealer (seat 3) and the mão (seat 0) wear their badges; you act, with your cards, the others show backs
    assert seat(t, 3)["badges"] == [badge("dealer", "brazilian_truco.dealer")] and seat(t, 0)["badges"] == [badge("mao", "brazilian_truco.mao")]
    assert seat(t, 0)["status"] == "to_act" and seat(t, 0)["hand"] == ["3S", "5H", "4H"]
    assert seat(t, 1)["hand"] == [BACK] * 3 and seat(t, 1)["status"] == "waiting"
    assert t["prompt"] == text("brazilian_truco.join", a=text("brazilian_truco.prompt.trick", trick=text("brazilian_truco.trick_of", n=1),
                                                        what=text("brazilian_truco.prompt.lead")),
                               b=text("brazilian_truco.prompt.or_truco"))


def test_a_face_down_card_shows_to_its_owner_only_and_never_wins():
    s = new(hands=HANDS)
    play(s, "3S down", "2S", "QS", "JS")
    mine, theirs = s.table(0), s.table(1)
    assert mine["areas"][0]["plays"][0] == {"seat": 0, "card": BACK, "down": True, "dead": False, "won": False,
                                            "tag": {"key": "table.face_down"}, "peek": "3S"}
    assert theirs["areas"][0]["plays"][0]["card"] == BACK
    # 2S (seat 1) takes the trick: marked won, and the record says lost for us, won for them
    assert [p["won"] for p in mine["areas"][0]["plays"]] == [False, True, False, False]
    assert mine["areas"][0]["outcome"] == text("brazilian_truco.rec.lost") and theirs["areas"][0]["outcome"] == text("brazilian_truco.rec.won")
    assert mine["areas"][1]["current"] and not mine["areas"][0]["current"]


def test_answering_a_truco_names_the_caller_and_prices_each_answer_on_the_ladder():
    s = new(hands=HANDS)
    play(s, "3S", "5S", "QS", "JS", "4H")  # we take trick 1; seat 1 is next
    s.apply("truco")
    t = validate(s.table(0))
    d = decisions(t)
    assert set(d) == {"accept", "run", "raise"} and all(x["group"] == "answer" for x in d.values())
    assert d["accept"]["label"] == text("brazilian_truco.accept", value=3)
    assert d["run"]["label"] == text("brazilian_truco.run", prev=1) and d["run"]["cost"] == text("brazilian_truco.cost.run", n=1)
    assert d["raise"]["label"] == text("brazilian_truco.raise", up=6)
    ask = text("brazilian_truco.prompt.answer", p=text("brazilian_truco.right"), value=3, prev=1)
    assert t["prompt"] == text("brazilian_truco.join_tight", a=ask, b=text("brazilian_truco.prompt.or_raise", up=6))
    assert t["stake"]["value"] == 1 and t["stake"]["ladder"] == [1, 3, 6, 9, 12] and t["stake"]["step"] == 0
    assert t["stake"]["note"] == text("brazilian_truco.offer_line", team=text("brazilian_truco.them"), value=3, prev=1)
    assert seat(t, 1)["last"] == text("brazilian_truco.said_truco")
    # we raise to 6: the stake steps up to 3, they are asked about 6, running gives us 3
    s.apply("raise")
    t1 = validate(s.table(1))
    assert t1["stake"]["value"] == 3 and t1["stake"]["step"] == 1
    assert decisions(t1)["raise"]["label"] == text("brazilian_truco.raise", up=9)
    assert decisions(t1)["run"]["cost"] == text("brazilian_truco.cost.run", n=3)
    assert seat(t1, 0)["last"] == text("brazilian_truco.said_raise", value=6)
    t0 = s.table(0)
    assert t0["decisions"] == [] and t0["prompt"] == text("brazilian_truco.prompt.wait_answer", p=text("brazilian_truco.right"), value=6)
    # accepted: the hand is worth 6 and trick 2 decides it
    s.apply("accept")
    t = s.table(1)
    assert t["stake"]["value"] == 6 and t["stake"]["step"] == 2
    assert t["stake"]["note"] == text("brazilian_truco.decided_by", n=2)


def test_the_mao_s_deal_keep_pass_burn_and_the_partner_s_passed_cards_face_up():
    sets = [["4C", "7H", "AS"], ["4S", "5S", "6S"]]
    s = new(sets=sets, keep=False, passed=True)
    t = validate(s.table(0))
    d = decisions(t)
    assert list(d) == ["keep", "pass", "burn"] and all(x["group"] == "choice" for x in d.values())
    assert d["pass"]["label"] == text("brazilian_truco.pass")
    assert t["prompt"] == text("brazilian_truco.prompt.deal")  # short: what is left of passing and burning is beside
    assert t["reminders"][1:] == [text("brazilian_truco.pass_left"), text("brazilian_truco.burn_left", n=3)]
    assert text("brazilian_truco.burn_left", n=3) not in s.table(2)["reminders"]  # the partner is not choosing
    assert s.table(2)["prompt"] == text("brazilian_truco.prompt.wait_deal", p=text("brazilian_truco.partner"))
    s.apply("pass")
    s.apply("keep")
    partner = seat(s.table(0), 2)
    assert partner["hand"] == ["4C", "7H", "AS"]
    assert partner["badges"] == [badge("got_pass", "brazilian_truco.got_pass"), badge("known_cards", "brazilian_truco.known_cards")]
    assert seat(s.table(1), 2)["hand"] == [BACK] * 3  # the others never saw the set


def test_burned_cards_lie_face_up_on_their_pile():
    s = new(sets=[["4H", "5H", "6H"]], keep=False)
    s.apply("burn")
    burned = s.table(1)["piles"]
    assert burned == [{"id": "burned", "label": text("brazilian_truco.burned"), "count": 3, "cards": ["6H", "5H", "4H"]}]


def test_the_hand_of_eleven_is_a_choice_with_the_partner_s_hand_open():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 7], keep=False)
    t = validate(s.table(0))
    d = decisions(t)
    assert d["accept"] == {"action": "accept", "group": "choice", "label": text("brazilian_truco.eleven_play"),
                           "card": None, "cost": None}
    assert d["run"]["group"] == "choice" and d["run"]["cost"] == text("brazilian_truco.cost.run", n=1)
    assert t["prompt"] == text("brazilian_truco.prompt.eleven", them=7)
    assert seat(t, 2)["hand"] == ["QS", "7S", "6H"] and badge("open_hand", "brazilian_truco.open_hand") in seat(t, 2)["badges"]
    assert t["stake"] == {"label": text("brazilian_truco.value", value=3), "value": 3, "ladder": [3], "step": 0, "note": None}
    assert text("brazilian_truco.eleven_us") in t["reminders"]
    them = s.table(1)
    assert text("brazilian_truco.eleven_them") in them["reminders"] and seat(them, 3)["hand"] == [BACK] * 3
    assert them["prompt"] == text("brazilian_truco.prompt.wait_eleven", p=text("brazilian_truco.left"))


def test_the_iron_hand_hides_every_card_and_flipping_is_the_only_choice():
    s = new(hands={0: ["KS", "4H", "5H"], 1: ["KH", "4S", "5S"], 2: ["QS", "6H", "6S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 11], keep=False)
    t = validate(s.table(0))
    assert all(x["hand"] == [BACK] * 3 for x in t["seats"])
    assert t["decisions"] == [{"action": "flip", "group": "choice", "label": text("brazilian_truco.flip"),
                               "card": None, "cost": None}]
    assert t["prompt"] == text("brazilian_truco.prompt.flip") and text("brazilian_truco.iron") in t["reminders"]
    assert t["stake"]["ladder"] == [1] and t["stake"]["step"] == 0


def test_the_last_hand_is_summed_up_and_the_end_says_who_won():
    s = new(hands=HANDS)
    play(s, "3S", "5S", "QS", "JS", "4H")
    s.apply("truco")
    s.apply("accept")
    play(s, "2S", "6H", "6D")  # they take the trucoed trick 2: 3 points
    t = validate(s.table(0))
    assert t["summary"]["label"] == text("brazilian_truco.last_hand", n=1, team=text("brazilian_truco.them"), points=3)
    assert t["summary"]["lines"] == [text("brazilian_truco.why.truco_trick", value=3), text("brazilian_truco.record_line", marks="✓ ✗")]
    assert seat(t, 1)["score"] == text("brazilian_truco.score_line", us=3, them=0) and seat(t, 1)["progress"] == 0.25
    assert t["scores"]["totals"] == [0, 3]
    # hand 2: the mão (seat 1) keeps and calls truco at once, we run: no trick, no record line
    s.apply("keep")
    s.apply("truco")
    s.apply("run")
    t = s.table(0)
    assert t["summary"]["label"] == text("brazilian_truco.last_hand", n=2, team=text("brazilian_truco.them"), points=1)
    assert t["summary"]["lines"] == [text("brazilian_truco.why.ran", value=1)]
    # the game's end
    s = new(hands=HANDS, scores=[10, 4])
    s.apply("truco")
    s.apply("accept")
    play(s, "3S", "5S", "QS", "JS")
    t = validate(s.table(0))
    assert t["result"]["outcome"] == "win" and t["result"]["text"] == text("brazilian_truco.result.win", us=13, them=4)
    assert [(x["seat"], x["place"], x["score"], x["name"]) for x in t["result"]["standings"]] == [
        (0, 1, 13, text("brazilian_truco.col.us")), (3, 2, 4, text("brazilian_truco.col.them"))]  # a row a side
    assert t["result"]["place"] is None  # two sides: the outcome and the score say it
    assert t["result"]["unit"] == text("result.unit.points")
    assert s.table(1)["result"]["place"] is None
    assert t["prompt"] == text("table.game_over") and all(x["status"] == "waiting" for x in t["seats"])
    assert s.table(1)["result"]["text"] == text("brazilian_truco.result.loss", us=4, them=13)


# --- the log ---------------------------------------------------------------------------
def said(state, event, viewer):
    """``event``'s line in ``viewer``'s log, checked as a Text."""
    line = state.describe_event(event, viewer, 4)
    validate_text(line)
    return line


def test_a_trick_s_line_names_the_winning_team_and_each_seat_s_card_face_down_ones_unseen():
    s = new(hands=HANDS)
    events = play(s, "3S down", "2S", "QS", "JS")
    (trick,) = of(events, "trick")
    down = said(s, of(events, "play")[0], 1)
    assert down["key"] == "log.brazilian_truco.play.down" and down["args"]["seat"] == text("brazilian_truco.left")
    assert "card" not in down["args"]
    mine, theirs = said(s, trick, 0), said(s, trick, 1)
    assert mine["key"] == "log.brazilian_truco.trick.higher" and mine["args"]["number"] == 1
    assert mine["args"]["winner"] == text("brazilian_truco.them") and theirs["args"]["winner"] == text("brazilian_truco.us")
    assert mine["args"]["plays"] == [
        text("brazilian_truco.trick_play", seat=text("table.you_name"), card=text("table.face_down")),
        text("brazilian_truco.trick_play", seat=text("brazilian_truco.right"), card=card_name("2S")),
        text("brazilian_truco.trick_play", seat=text("brazilian_truco.partner"), card=card_name("QS")),
        text("brazilian_truco.trick_play", seat=text("brazilian_truco.left"), card=card_name("JS"))]
    # seat 1 does not see seat 0's face-down card either: seat 0 sits on its left
    assert theirs["args"]["plays"][0] == text("brazilian_truco.trick_play", seat=text("brazilian_truco.left"), card=text("table.face_down"))
    assert mine["args"]["s"] == mine["args"]["es"] == ""  # "they win", not "they wins"
    (lead,) = s.apply("play 4S")  # seat 1 took trick 1 and leads the next
    assert said(s, lead, 1)["key"] == "log.brazilian_truco.play"
    assert (said(s, lead, 1)["args"]["seat"], said(s, lead, 1)["args"]["s"]) == (text("table.you_name"), "")
    assert said(s, lead, 0)["args"]["seat"] == text("brazilian_truco.right") and said(s, lead, 0)["args"]["s"] == "s"


def test_the_truco_the_run_and_the_hand_it_ends_read_with_their_stakes():
    s = new(hands=HANDS)
    play(s, "3S", "5S", "QS", "JS", "4H")  # we take trick 1; seat 1 is next
    (call,) = s.apply("truco")
    line = said(s, call, 0)
    assert line["key"] == "log.brazilian_truco.truco"
    assert (line["args"]["seat"], line["args"]["value"], line["args"]["s"]) == (text("brazilian_truco.right"), 3, "s")
    assert said(s, call, 2)["args"]["seat"] == text("brazilian_truco.left")
    events = s.apply("run")
    run, hand = of(events, "run")[0], of(events, "hand")[0]
    line = said(s, run, 0)
    assert line["key"] == "log.brazilian_truco.run"
    assert (line["args"]["seat"], line["args"]["points"], line["args"]["s"]) == (text("table.you_name"), 1, "")
    assert said(s, run, 3)["args"]["seat"] == text("brazilian_truco.right") and said(s, run, 3)["args"]["s"] == "s"
    line = said(s, hand, 0)
    assert line["key"] == "log.brazilian_truco.hand.ran"
    assert (line["args"]["winner"], line["args"]["points"]) == (text("brazilian_truco.them"), 1)
    assert said(s, hand, 1)["args"]["winner"] == text("brazilian_truco.us")


def test_the_hand_of_eleven_and_the_game_s_end_read_for_each_team():
    s = new(hands={0: ["KS", "3H", "4H"], 1: ["KH", "5S", "4S"], 2: ["QS", "6H", "7S"], 3: ["JS", "6D", "6C"]},
            scores=[11, 7], keep=False)
    (start,) = of(s.opening_events, "hand_start")
    line = said(s, start, 0)
    assert line["key"] == "log.brazilian_truco.hand_start"
    assert line["args"]["special"] == text("brazilian_truco.special.eleven")
    assert (line["args"]["dealer"], line["args"]["mao"]) == (text("brazilian_truco.left"), text("table.you_name"))
    events = s.apply("run")
    line = said(s, of(events, "eleven")[0], 0)
    assert line["key"] == "log.brazilian_truco.eleven" and line["args"]["choice"] == text("brazilian_truco.choice.run")
    assert said(s, of(events, "hand")[0], 0)["key"] == "log.brazilian_truco.hand.eleven_run"
    # the end: each team reads its own score first
    s = new(hands=HANDS, scores=[10, 4])
    s.apply("truco")
    s.apply("accept")
    (over,) = of(play(s, "3S", "5S", "QS", "JS"), "game_over")
    ours, theirs = said(s, over, 2), said(s, over, 3)
    assert ours["key"] == "log.brazilian_truco.game_over"
    assert (ours["args"]["winner"], ours["args"]["scores_you"], ours["args"]["scores_bot"]) == (text("brazilian_truco.us"), 13, 4)
    assert (theirs["args"]["winner"], theirs["args"]["scores_you"], theirs["args"]["scores_bot"]) == (
        text("brazilian_truco.them"), 4, 13)



def test_the_manilhas_are_marked_strongest_first_the_same_for_every_seat():
    s = new(hands=HANDS)
    marked = [("4C", text("brazilian_truco.manilha", n=1)), ("7H", text("brazilian_truco.manilha", n=2)),
              ("AS", text("brazilian_truco.manilha", n=3)), ("7D", text("brazilian_truco.manilha", n=4))]
    for viewer in range(4):
        t = validate(s.table(viewer))
        assert [(m["card"], m["tag"]) for m in t["marks"]] == marked
        assert t["reminders"][0] == text("brazilian_truco.order.kjq")  # the order the marks number
