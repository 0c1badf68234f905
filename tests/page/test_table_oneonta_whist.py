"""Oneonta Whist's table (py/cardtable/tables/oneonta_whist.py) on stacked decks:
what the player reads at the bid, at a lead, after a deal and at the end."""

from cardtable import games
from cardtable.games.oneonta_whist import DECK
from cardtable.table import badge, card_name, suit_sign, text, validate, validate_text
from cardtable.tables.oneonta_whist import DUMMY

GAME = games.get("oneonta_whist")

SPADES = ["AS", "KS", "QS", "JS", "TS"]
DIAMONDS = ["AD", "KD", "QD", "JD"]
# Hearts are trumps (TH turned); the dummy leads the four other hearts, then TD,
# then four clubs; the player holds the spades and four diamonds, no trump, no joker.
VOID_IN_TRUMPS = {"hand": SPADES + DIAMONDS, "dummy": ["AH", "KH", "QH", "JH", "TD", "AC", "KC", "QC", "JC"],
                  "turned": "TH", "dead": ["TC", "BJ", "LJ"]}


def deal(hand, dummy, turned, dead, **options):
    """A game whose first deal gives ``hand`` to the player and ``dummy`` (leading in that
    order) to the dummy, ``turned`` for trumps and ``dead`` unseen."""
    deck = []
    for d, h in zip(dummy, hand):
        deck += [d, h]
    deck += [turned] + list(dead)
    assert sorted(deck) == sorted(DECK)
    return GAME.new_game(seed=1, options=options, deck=deck)


def table(state):
    return validate(state.table(0))


def test_the_bid_buttons_say_what_each_bid_wins_and_loses():
    state = deal(**VOID_IN_TRUMPS, exact_bonus=2)
    t = table(state)
    assert t["prompt"] == text("oneonta_whist.prompt.bid")
    bids = {d["action"]: d for d in t["decisions"]}
    assert [d["group"] for d in t["decisions"]] == ["bid"] * 10
    assert bids["bid 0"]["label"] == text("oneonta_whist.bid_n", n=0)
    assert bids["bid 0"]["cost"] == text("oneonta_whist.cost.bid0", made="+2")
    assert bids["bid 3"]["cost"] == text("oneonta_whist.cost.bid", made="+5", bid=3)
    assert bids["bid 9"]["cost"] == text("oneonta_whist.cost.bid_all", made="+11", bid=9)
    assert t["stake"] is None and t["areas"][0]["label"] == text("oneonta_whist.before_lead")
    piles = {p["id"]: p for p in t["piles"]}
    assert (piles["dummy"]["count"], piles["dead"]["count"]) == (9, 3)
    assert piles["dummy"]["cards"] == piles["dead"]["cards"] == []
    hearts = text("oneonta_whist.suit_line", sym=suit_sign("H"), name=text("suit.H"))
    assert piles["turnup"]["cards"] == ["TH"]
    assert piles["turnup"]["label"] == text("oneonta_whist.turned_line", turned=text("oneonta_whist.turned"),
                                            trumps=text("oneonta_whist.trumps", suit=hearts))
    assert text("oneonta_whist.trumps", suit=hearts) in t["reminders"]


def test_a_trump_lead_when_you_hold_no_trump_says_any_card_loses():
    state = deal(**VOID_IN_TRUMPS)
    state.apply("bid 1")
    t = table(state)
    assert t["prompt"] == text("oneonta_whist.prompt.void_trump", suit=suit_sign("H"))
    assert t["areas"][0]["plays"] == [{"seat": DUMMY, "card": "AH", "down": False, "dead": False, "won": False, "tag": None, "peek": None}]
    assert t["areas"][0]["label"] == text("oneonta_whist.trick", n=1) and t["areas"][0]["current"]
    assert sorted(d["card"] for d in t["decisions"]) == sorted(SPADES + DIAMONDS)
    assert t["stake"]["label"] == text("oneonta_whist.bid_taken", bid=1, taken=0)
    assert (t["stake"]["step"], t["stake"]["note"]) == (1, text("oneonta_whist.to_play", n=9))
    assert t["seats"][0]["last"] == text("action.bid", n=1)


def test_the_last_trick_shows_who_took_it_and_the_prompt_says_follow():
    state = deal(**VOID_IN_TRUMPS)
    for action in ["bid 1", "play AS", "play KS", "play QS", "play JS"]:
        state.apply(action)
    t = table(state)
    assert t["prompt"] == text("oneonta_whist.prompt.follow", suit=suit_sign("D"))
    assert sorted(d["action"] for d in t["decisions"]) == ["play AD", "play JD", "play KD", "play QD"]
    state.apply("play AD")
    t = table(state)
    last = t["areas"][1]
    assert last["id"] == "last_trick" and last["label"] == text("oneonta_whist.last_trick", n=5)
    assert [(p["seat"], p["card"], p["won"]) for p in last["plays"]] == [(DUMMY, "TD", False), (0, "AD", True)]
    assert last["outcome"] == text("oneonta_whist.you_won")
    assert t["stake"]["label"] == text("oneonta_whist.bid_taken", bid=1, taken=1)
    assert t["stake"]["note"] == text("oneonta_whist.to_play", n=4)
    assert t["seats"][0]["last"] == text("log.oneonta_whist.play", card=card_name("AD"))
    assert t["prompt"] == text("oneonta_whist.prompt.void", suit=suit_sign("C"))


def play_out(state):
    """The first deal as above: the spades on the trumps, AD on TD, the rest on the clubs (1 trick)."""
    for action in ["bid 1", "play AS", "play KS", "play QS", "play JS", "play AD",
                   "play TS", "play KD", "play QD", "play JD"]:
        state.apply(action)


def test_after_a_deal_the_sheet_has_its_row_in_words_and_the_summary_its_line():
    state = deal(**VOID_IN_TRUMPS, exact_bonus=1)
    play_out(state)
    t = table(state)
    (row,) = t["scores"]["rows"]
    assert row["label"] == text("oneonta_whist.made") and row["id"] == "made"
    ten_of_hearts = text("oneonta_whist.cell.card", rank="10", sym=suit_sign("H"))
    assert row["cells"] == [1, ten_of_hearts, 1, 1, text("oneonta_whist.cell.made", score="+2"), 2]
    assert [c["key"] for c in t["scores"]["columns"]] == [
        f"oneonta_whist.col.{c}" for c in ("deal", "turned", "bid", "taken", "score", "total")]
    assert t["summary"]["label"] == text("oneonta_whist.sheet", n=1, of=9)
    assert t["summary"]["lines"] == [text("oneonta_whist.sheet_line", made=1, deals=1, total=2, target=30)]
    seat = t["seats"][0]
    assert seat["badges"] == [badge("deal_of", "oneonta_whist.deal_of", n=2, of=9)]
    assert seat["score"] == text("oneonta_whist.score_line", label=text("table.score"),
                                 total=text("oneonta_whist.total", score=2, target=30))
    assert seat["progress"] == 2 / 30 and seat["status"] == "to_act"
    # the new deal: no bid, no last trick, the bid buttons again
    assert t["stake"] is None and [a["id"] for a in t["areas"]] == ["trick"] and seat["last"] is None
    assert t["prompt"] == text("oneonta_whist.prompt.bid")


def test_a_missed_bid_and_a_joker_turned_read_in_words():
    hand = ["AS", "KS", "QS", "JS", "TS", "AD", "KD", "QD", "JD"]
    dummy = ["LJ", "AH", "KH", "QH", "JH", "TH", "AC", "KC", "QC"]
    state = deal(hand, dummy, "BJ", ["JC", "TC", "TD"])
    t = table(state)
    assert text("oneonta_whist.no_trump") in t["reminders"]
    state.apply("bid 2")
    assert table(state)["prompt"] == text("oneonta_whist.prompt.void_joker")
    for card in hand:
        state.apply(f"play {card}")
    (row,) = table(state)["scores"]["rows"]
    assert row["label"] == text("oneonta_whist.under")
    assert row["cells"][1] == text("oneonta_whist.joker.BJ")
    assert row["cells"][4] == text("oneonta_whist.cell.missed", score="-2")


def test_the_end_says_whether_the_goal_was_reached_by_the_success_rule():
    for rule, outcome in (("at_least", "win"), ("more_than", "loss")):
        state = deal(**VOID_IN_TRUMPS, deals=1, target=1, success=rule)
        play_out(state)
        t = table(state)
        assert t["result"]["outcome"] == outcome
        assert t["result"]["text"] == text(f"oneonta_whist.result.{outcome}", score=1, target=1, made=1, deals=1)
        assert t["result"]["standings"] == [{"seat": 0, "place": 1, "score": 1, "name": None}]
        # a solitaire's place: the score against the goal
        assert t["result"]["place"] == text("oneonta_whist.result.place", score=1, target=1, diff="+0")
        # and its own heading: the goal reached or not, never "you lose"
        assert t["result"]["title"] == text(f"oneonta_whist.result.title.{outcome}")
        assert t["prompt"] == text("table.game_over") and t["decisions"] == []
        assert t["seats"][0]["status"] == "waiting"
        assert t["scores"]["goal"] == text("oneonta_whist.goal", target=1,
                                           rule=text(f"option.oneonta_whist.success.{rule}"))


def test_the_anytime_joker_is_reminded_only_in_a_no_trump_deal():
    hand = ["LJ", "KS", "QS", "JS", "TS", "AD", "KD", "QD", "JD"]
    dummy = ["AS", "AH", "KH", "QH", "JH", "TH", "AC", "KC", "QC"]
    anytime = text("option.oneonta_whist.joker_anytime")
    assert anytime in table(deal(hand, dummy, "BJ", ["JC", "TC", "TD"], joker_anytime=True))["reminders"]
    assert anytime not in table(deal(hand, dummy, "BJ", ["JC", "TC", "TD"]))["reminders"]
    assert anytime not in table(deal(hand, dummy, "TC", ["JC", "BJ", "TD"], joker_anytime=True))["reminders"]


# --- the log ---------------------------------------------------------------------------
def said(state, event):
    """``event``'s line in the player's log, checked as a Text."""
    line = state.describe_event(event, 0, 1)
    validate_text(line)
    return line


def test_the_log_names_the_dummy_s_lead_your_card_and_how_the_trick_went():
    state = deal(**VOID_IN_TRUMPS)
    (start,) = state.opening_events
    line = said(state, start)
    assert line["key"] == "log.oneonta_whist.deal_start"
    assert (line["args"]["turned"], line["args"]["trump"]) == (card_name("TH"), text("suit.H"))
    bid, lead = state.apply("bid 1")
    assert said(state, bid)["key"] == "log.oneonta_whist.bid" and said(state, bid)["args"]["bid"] == 1
    line = said(state, lead)
    assert line["key"] == "log.oneonta_whist.lead" and line["args"]["card"] == card_name("AH")
    mine, trick, _ = state.apply("play AS")
    line = said(state, mine)
    assert line["key"] == "log.oneonta_whist.play" and line["args"]["card"] == card_name("AS")
    line = said(state, trick)
    assert line["key"] == "log.oneonta_whist.trick.dummy_trump"  # "the trump A♥ beats your A♠"
    assert {k: line["args"][k] for k in ("number", "lead", "card", "taken", "bid")} == {
        "number": 1, "lead": card_name("AH"), "card": card_name("AS"), "taken": 0, "bid": 1}


def test_a_deal_s_line_says_made_under_or_over_the_bid():
    for bid, word, score in ((1, "oneonta_whist.made", 1), (2, "oneonta_whist.under", -2), (0, "oneonta_whist.over", -1)):
        state = deal(**VOID_IN_TRUMPS)
        state.apply(f"bid {bid}")
        events = []
        for card in ["AS", "KS", "QS", "JS", "AD", "TS", "KD", "QD", "JD"]:  # one trick: AD on TD
            events += state.apply(f"play {card}")
        (end,) = [e for e in events if e["type"] == "deal_end"]
        line = said(state, end)
        assert line["key"] == "log.oneonta_whist.deal_end"
        assert (line["args"]["bid"], line["args"]["taken"], line["args"]["result"], line["args"]["score"]) == (
            bid, 1, text(word), score)


def test_a_joker_turned_and_the_game_s_end_read_in_words():
    hand = ["AS", "KS", "QS", "JS", "TS", "AD", "KD", "QD", "JD"]
    dummy = ["LJ", "AH", "KH", "QH", "JH", "TH", "AC", "KC", "QC"]
    state = deal(hand, dummy, "BJ", ["JC", "TC", "TD"], deals=1, target=1)
    (start,) = state.opening_events
    assert said(state, start)["args"]["trump"] == text("oneonta_whist.no_trump_word")
    assert said(state, start)["args"]["turned"] == card_name("BJ")
    events = state.apply("bid 2")
    for card in hand:
        events += state.apply(f"play {card}")
    (over,) = [e for e in events if e["type"] == "game_over"]
    line = said(state, over)
    assert line["key"] == "log.oneonta_whist.game_over"
    assert line["args"]["outcome"] == text("oneonta_whist.goal_missed", target=1)
    assert (line["args"]["score"], line["args"]["bids_made"]) == (-2, 0)
