"""Tressette's table (cardtable.tables.tressette) on stacked decks and seeded games:
what a player sees: the seats and their badges, the prompt to lead, follow or
discard, what is known of the other hand (shown draws, voids), the draws, the
claim and what it counts, the last deal's sheet, the result and the log."""

from cardtable import games
from cardtable.table import BACK, badge, card_name, suit_sign, text, validate
from tests.rules.test_tressette import ND, D, at_last_trick, new, run


def area(table, name):
    return next((a for a in table["areas"] if a["id"] == name), None)


def decisions(table):
    return {d["action"]: d for d in table["decisions"]}


def test_the_non_dealer_leads_first_and_the_table_names_both_seats_and_the_rank_order():
    s = new(["4S", "3H"], ["KS", "AS"])
    t = validate(s.table(ND))
    you, bot = t["seats"]
    assert (you["seat"], you["name"], you["badges"], you["status"]) == (
        ND, text("table.you_name"), [badge("nondealer", "tressette.role.nondealer")], "to_act")
    assert (bot["seat"], bot["name"], bot["badges"], bot["status"]) == (
        D, text("table.bot_name"), [badge("dealer", "tressette.role.dealer")], "waiting")
    assert bot["hand"] == [BACK] * 10 and you["hand"] == s.view(ND)["hand"]
    assert you["score"] == text("tressette.score_line", label=text("table.score"),
                                total=text("table.to_win", score=0, target=21))
    assert t["prompt"] == text("tressette.prompt.lead")
    assert t["piles"] == [{"id": "stock", "label": text("tressette.stock", n=20), "count": 20, "cards": []}]
    assert set(decisions(t)) == set(s.legal_actions())
    assert decisions(t)["play 4S"] == {"action": "play 4S", "group": "hand", "card": "4S", "cost": None,
                                       "label": text("decision.play", card=card_name("4S"))}
    assert text("tressette.ranks") in t["reminders"]
    assert t["stake"] is None and t["summary"] is None and t["result"] is None
    # the dealer waits, and is told so
    assert validate(s.table(D))["prompt"] == text("tressette.prompt.wait") and not s.table(D)["decisions"]


def test_following_is_asked_by_suit_and_a_void_says_the_card_cannot_win():
    s = new(["4S"], ["KS", "AS"])
    run(s, "play 4S")
    t = s.table(D)
    assert t["prompt"] == text("tressette.prompt.follow", suit=suit_sign("S"))
    assert set(decisions(t)) == {"play AS", "play KS"}
    assert t["seats"][1]["last"] == card_name("4S")  # the leader's card, in its bubble
    s = new(["4S"], ["3H", "2H", "AH", "KH", "QH", "JH", "7H", "6H", "5H", "4H"])
    run(s, "play 4S")
    assert s.table(D)["prompt"] == text("tressette.prompt.void", suit=suit_sign("S"))


def test_a_void_and_the_shown_draws_show_in_the_other_hand_and_the_draws():
    s = games.get("tressette").new_game(seed=300036)
    run(s, "play QC", "play KD")  # seat 1 cannot follow clubs; then 3H and AS are drawn, shown
    t = validate(s.table(0))
    bot = t["seats"][1]
    assert bot["badges"] == [badge("dealer", "tressette.role.dealer"), badge("void", "tressette.badge.void", sym=suit_sign("C"))]
    assert bot["hand"] == ["AS"] + [BACK] * 9  # the drawn ace face up, backs for the rest
    assert text("tressette.voids", suits=text("tressette.void_suit", sym=suit_sign("C"),
                                              name=text("suit.C"))) in t["reminders"]
    assert area(t, "draws")["plays"] == [
        {"seat": 0, "card": "3H", "down": False, "dead": False, "won": False, "tag": None, "peek": None},
        {"seat": 1, "card": "AS", "down": False, "dead": False, "won": False, "tag": None, "peek": None}]
    last = area(t, "last_trick")
    assert last["label"] == text("tressette.last_trick", n=1)
    assert [(p["card"], p["won"]) for p in last["plays"]] == [("QC", True), ("KD", False)]
    assert last["outcome"] == text("table.won_by", p=text("table.you_name"))
    assert area(s.table(1), "last_trick")["outcome"] == text("table.won_by", p=text("table.bot_name"))
    assert area(t, "trick")["label"] == text("tressette.trick", n=2)
    # the running count: your queen and the bot's king are two thirds
    assert t["reminders"][-1] == {**text("tressette.count", you="0⅔", bot="0"), "setting": "show-count"}
    # the bot then draws the 2 of clubs, shown: it holds a club again, but its hidden cards none
    run(s, "play AD", "play JD")
    bot = s.table(0)["seats"][1]
    assert bot["hand"] == ["AS", "2C"] + [BACK] * 8
    assert bot["badges"] == [badge("dealer", "tressette.role.dealer"),
                             badge("unseen_void", "tressette.badge.unseen_void", sym=suit_sign("C"))]
    assert text("tressette.no_voids") in s.table(0)["reminders"]


def test_hidden_draws_are_backs_in_the_draws_and_in_the_other_hand():
    s = new(["4S"], ["AS"], stock=["KC", "7D"], show_draws=False)
    run(s, "play 4S", "play AS")
    t = validate(s.table(ND))
    assert [p["card"] for p in area(t, "draws")["plays"]] == [BACK, BACK]
    assert t["seats"][1]["hand"] == [BACK] * 10 and "KC" not in str(t)
    assert t["piles"][0]["count"] == 18


def test_the_claim_says_what_it_counts_and_the_result_names_the_claim():
    s = new(["AS"], ["4S"], claim=True)
    s.totals = [20, 3]
    run(s, "play AS", "play 4S")  # the ace's point brings 20 to 21 during the deal
    claim = decisions(validate(s.table(ND)))["claim"]
    assert claim == {"action": "claim", "group": "choice", "label": text("action.claim"), "card": None,
                     "cost": text("tressette.claim_note", you=21, bot=3)}
    run(s, "claim")
    mine, theirs = validate(s.table(ND)), validate(s.table(D))
    assert mine["result"]["outcome"] == "win"
    assert mine["result"]["text"] == text("tressette.result.claim.win", you=21, bot=3)
    assert theirs["result"]["text"] == text("tressette.result.claim.loss", you=3, bot=21)
    assert mine["result"]["standings"] == [{"seat": ND, "place": 1, "score": 21, "name": None},
                                           {"seat": D, "place": 2, "score": 3, "name": None}]
    assert mine["prompt"] == text("table.game_over") and all(x["status"] == "waiting" for x in mine["seats"])


def test_the_last_deal_is_a_sheet_of_card_points_last_trick_declarations_points_and_totals():
    won_nd = ["AS", "AH", "KS", "QS", "3S"]  # 3 + 3 + 1 + 1 + 1 = 9 thirds: 3 points
    rest = [c for c in ("2S", "2H", "3H", "KH", "QH", "JH", "AD", "AC", "3D")]  # the bot's 13 thirds
    s = at_last_trick("4C", "5C", won_nd, rest, totals=(4, 2))
    s.declared = [0, 3]
    run(s, "play 4C", "play 5C")  # the bot takes the last trick
    t = validate(s.table(ND))
    d = s.view(ND)["last_deal"]
    assert d["points"] == [3, 4 + 1 + 3]
    assert [(r["label"]["key"], r["cells"]) for r in t["scores"]["rows"]] == [
        ("tressette.row.cards", ["3", "4⅓"]), ("tressette.row.last", ["", "+1"]),
        ("tressette.row.declared", [0, 3]), ("tressette.row.points", [3, 8]), ("tressette.row.totals", [7, 10])]
    assert t["scores"]["columns"] == [text("table.you"), text("table.bot")]
    assert t["scores"]["totals"] == [7, 10] and t["scores"]["goal"] == text("tressette.goal", target=21)
    assert t["summary"]["label"] == text("tressette.last_deal", n=1)
    assert t["summary"]["lines"] == [text("log.deal_end", deal=1, points_you=3, points_bot=8,
                                          last_trick=text("table.bot_name"), totals_you=7, totals_bot=10)]
    # the bot's seat sees the same sheet from its side
    assert [r["cells"] for r in s.table(D)["scores"]["rows"]][0] == ["4⅓", "3"]


def test_a_drawn_game_says_so_to_both():
    # you 7 thirds (2 points), the bot 3 thirds and the last trick (2 points): 21 each
    s = at_last_trick("4C", "5C", ["AS", "AH", "KS"], ["AD"], totals=(19, 19), ties="draw")
    run(s, "play 4C", "play 5C")
    t = validate(s.table(ND))
    assert t["result"]["outcome"] == "draw" and t["result"]["text"] == text("result.draw", you=21, bot=21)
    assert [x["place"] for x in t["result"]["standings"]] == [1, 1]


def test_the_log_names_a_declaration_and_its_cards():
    s = new(["3S", "3H", "3D", "2S", "AS"], declarations=True)
    declare = s.opening_events[1]
    line = s.describe_event(declare, D, 2)
    assert line == text("log.declare", seat=text("table.bot_name"), kind=text("decl.3x3"),
                        cards=[card_name("3S"), card_name("3H"), card_name("3D")], points=3, s="s", s2="")
    assert s.describe_event(declare, ND, 2)["args"]["seat"] == text("table.you_name")
    trick = {"type": "trick", "number": 1, "winner": 0, "leader": 0, "why": "higher",
             "cards": {"0": "3S", "1": "4S"}, "points": 1}
    assert s.describe_event(trick, 0, 2)["key"] == "log.tressette.trick.higher"
    assert s.describe_event(trick, 0, 2)["args"]["cards"] == text("log.cards.beats", a=card_name("3S"),
                                                                  b=card_name("4S"))
