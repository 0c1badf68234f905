"""Toepen's table (py/cardtable/tables/toepen.py) on stacked decks: what the player
at seat 0 (the dealer, who decides last) sees at each of the game's moments."""

import random

from cardtable import games
from cardtable.table import badge, text
from tests.rules.test_toepen import LOW, act, new, to_tricks

GAME = games.get("toepen")


def bot(n):
    return text("table.bot_n", n=n)


YOU = text("table.you_name")


def seat(table, n):
    return next(s for s in table["seats"] if s["seat"] == n)


def decisions(table):
    return {d["action"]: d for d in table["decisions"]}


def test_your_exchange_says_a_bluff_costs_one_chip_per_challenger():
    s = new(hands={0: ["AS", "KH", "9D", "7C"]})
    for n in (1, 2, 3):
        act(s, n, "keep")
    table = s.table(0)
    assert table["prompt"] == text("toepen.prompt.exchange", stock=16)
    got = decisions(table)
    assert got["exchange"]["label"] == text("toepen.exchange")
    assert got["exchange"]["cost"] == text("toepen.cost.exchange_bluff")
    assert got["keep"]["group"] == "choice"


def test_a_challenge_shows_the_honest_discards_and_who_paid():
    s = new(hands={3: ["TS", "9H", "8D", "7C"]})
    act(s, 1, "keep")
    act(s, 2, "keep")
    act(s, 3, "exchange")
    table = s.table(0)
    assert table["prompt"] == text("toepen.prompt.challenge", p=bot(3))
    assert decisions(table)["pass"]["label"] == text("toepen.pass_challenge")
    assert decisions(table)["challenge"]["cost"] == text("toepen.cost.challenge")
    assert badge("exchanged", "toepen.state.exchanged") in seat(table, 3)["badges"]
    events = act(s, 0, "challenge")
    table = s.table(0)
    pile = next(p for p in table["piles"] if p["id"] == "discards")
    assert pile["label"] == text("toepen.discards_honest", p=bot(3))
    assert sorted(pile["cards"]) == sorted(["TS", "9H", "8D", "7C"])
    assert seat(table, 0)["score"] == text("toepen.chips_n", n=19)
    assert next(p for p in table["piles"] if p["id"] == "pot")["label"] == text("toepen.pool", pool=1)
    line = GAME.new_game(seed=1).describe_event(next(e for e in events if e["type"] == "challenge"), 0, 4)
    assert line["key"] == "log.toepen.challenge.honest"
    assert line["args"]["challengers"] == [YOU]
    assert line["args"]["payers"] == [text("toepen.pays", p=YOU, n=1)]


def test_an_ordinary_hand_s_only_answer_is_marked_so_the_page_gives_it():
    s = new(hands=LOW)
    while not (s.phase == "announce" and s.to_act == 0):
        s.apply("keep" if s.phase == "exchange" else "silent")
    table = s.table(0)
    assert s.phase == "announce"
    assert table["prompt"] == text("toepen.prompt.wait_announce", p=YOU)
    [only] = table["decisions"]
    assert only["action"] == "silent" and only["cost"] == text("toepen.cost.only")
    assert table["auto"] == {"action": "silent", "pause": False}  # given at once, never asked


def test_three_aces_are_told_that_silence_costs_the_stake():
    s = new(hands={0: ["AS", "AH", "AD", "7C"]})
    while not (s.phase == "announce" and s.to_act == 0):
        s.apply("keep" if s.phase == "exchange" else "silent")
    table = s.table(0)
    assert table["prompt"] == text("toepen.prompt.three_aces")
    got = decisions(table)
    assert got["whistle"]["cost"] is None
    assert got["silent"]["cost"] == text("toepen.cost.forget")
    assert table["auto"] is None  # a real choice is asked
    s.apply("whistle")
    table = s.table(0)
    assert badge("whistle", "toepen.call.whistle") in seat(table, 0)["badges"]
    assert text("toepen.your_call", call=text("toepen.call.whistle")) in table["reminders"]


def test_asked_to_knock_before_another_s_card_then_to_stay_or_fold():
    s = new(hands=LOW)
    to_tricks(s)
    s.apply("pass")  # seats 2 and 3 pass the window before seat 1's lead
    s.apply("pass")
    table = s.table(0)
    assert table["prompt"] == text("toepen.prompt.poll", p=bot(1), **{"raise": 2})
    got = decisions(table)
    assert got["knock"]["label"] == text("toepen.knock", **{"raise": 2})
    assert got["pass"]["label"] == text("toepen.pass_knock")
    assert table["auto"] == {"action": "pass", "pause": True}  # passes after the pause, unless stopped
    s.apply("pass")
    s.apply("knock")  # seat 1 knocks
    act(s, 2, "stay")
    act(s, 3, "fold")
    table = s.table(0)
    assert table["prompt"] == text("toepen.prompt.respond", k=bot(1), stake=1, **{"raise": 2})
    got = decisions(table)
    assert got["stay"]["label"] == text("toepen.stay", **{"raise": 2})
    assert got["stay"]["cost"] == text("toepen.cost.stay", **{"raise": 2})
    assert got["fold"]["label"] == text("toepen.fold", stake=1)
    assert got["fold"]["cost"] == text("toepen.cost.fold", stake=1)
    assert table["auto"] is None
    knocker = seat(table, 1)
    assert badge("knocked", "toepen.knocked") in knocker["badges"] and badge("marker", "toepen.marker", stake=1) in knocker["badges"]
    assert knocker["last"] == text("toepen.knock", **{"raise": 2})
    folded = seat(table, 3)
    assert folded["status"] == "out" and badge("folded", "toepen.state.folded") in folded["badges"]
    assert table["stake"]["note"] == text("toepen.marker_with", p=bot(1))
    s.apply("stay")
    table = s.table(0)
    assert table["stake"]["value"] == 2 and table["stake"]["ladder"][table["stake"]["step"]] == 2


def test_the_stake_ladder_runs_to_the_cap():
    s = new(hands=LOW, stake_cap=8)
    table = s.table(0)
    assert table["stake"]["ladder"] == [1, 2, 3, 4, 5, 6, 7, 8] and table["stake"]["step"] == 0
    assert table["stake"]["note"] == text("toepen.stake_note", marker=text("toepen.marker_with", p=YOU),
                                          cap=text("toepen.cap", cap=8))
    assert new(hands=LOW).table(0)["stake"]["ladder"] == [1, 2]


def test_a_folded_player_s_card_is_dead_on_the_trick_and_in_the_log():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "play 7S")
    act(s, 2, "play 7H")
    act(s, 3, "knock")
    act(s, 0, "stay")
    act(s, 1, "stay")
    events = act(s, 2, "fold")
    trick = next(a for a in s.table(0)["areas"] if a["id"] == "trick")
    dead = next(p for p in trick["plays"] if p["seat"] == 2)
    assert dead["dead"] and dead["tag"] == text("toepen.dead")
    assert not next(p for p in trick["plays"] if p["seat"] == 1)["dead"]
    fold = next(e for e in events if e["type"] == "fold")
    line = s.describe_event(fold, 0, 4)
    assert line["args"]["dead_note"] == text("toepen.dead_note", card=text("card.name", code="7H"))


def test_the_deal_summary_says_how_each_seat_ended_and_the_chips_now():
    s = new(hands=LOW)
    to_tricks(s)
    act(s, 1, "knock")
    for n in (2, 3, 0):
        act(s, n, "fold")
    summary = s.table(0)["summary"]
    assert summary["label"] == text("toepen.last_deal", n=1, p=bot(1), stake=1)
    assert summary["lines"][0] == text("toepen.summary.row", p=YOU, end=text("toepen.state.folded"), paid="0",
                                       chips=19)
    assert summary["lines"][1] == text("toepen.summary.row", p=bot(1), end=text("toepen.end.all_folded"),
                                       paid="+1", chips=21)


def test_the_result_names_first_place_and_the_standings():
    s = GAME.new_game(seed=5, options={"players": 3, "chips": 10})
    rng = random.Random(5)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    winners, chips = s.result["winners"], s.result["scores"]
    for viewer in range(3):
        result = s.table(viewer)["result"]
        outcome = ("win" if len(winners) == 1 else "draw") if viewer in winners else "loss"
        assert result["outcome"] == outcome
        assert result["text"]["key"] == f"toepen.result.{outcome}"
        mine = next(r["place"] for r in result["standings"] if r["seat"] == viewer)
        assert result["place"]["args"] == {"place": mine, "of": text("result.of_players", n=3)}
        assert [r["score"] for r in result["standings"]] == sorted(chips, reverse=True)
        assert {r["seat"] for r in result["standings"] if r["place"] == 1} == set(winners)


def test_the_knock_is_ahead_whenever_you_may_knock_now_or_at_your_coming_chance():
    """The page keeps one Knock button from ``ahead``: open between other players'
    moves too, shut (still there, at the current stake) while a knock just made
    blocks the next, and after your own knock until someone else knocks."""
    s = new(hands=LOW)
    to_tricks(s)
    assert s.to_act == 2  # a bot is asked first: your chance is still to come
    table = s.table(0)
    assert table["decisions"] == [] and table["auto"] is None
    assert table["ahead"] == {"action": "knock", "group": "answer", "label": text("toepen.knock", **{"raise": 2}),
                              "card": None, "cost": None, "open": True}
    s.apply("pass")
    s.apply("pass")  # your chance, before bot 1's lead: asked, and the same knock is ahead
    assert s.table(0)["ahead"]["open"] and "knock" in decisions(s.table(0))
    s.apply("knock")  # you knock: no knock of yours until someone else knocks
    assert not s.table(0)["ahead"]["open"]
    assert not any(s.table(seat)["ahead"]["open"] for seat in (1, 2, 3))  # a knock blocks the next until a card
    act(s, 1, "stay")
    act(s, 2, "stay")
    act(s, 3, "stay")  # the stake is 2: a knock now would make it 3
    assert s.to_act == 1 and not s.table(1)["ahead"]["open"]  # blocked until the next card
    assert s.table(0)["ahead"]["label"] == text("toepen.knock", **{"raise": 3})
    s.apply(next(a for a in s.legal_actions() if a.startswith("play ")))
    assert not s.table(0)["ahead"]["open"] and s.table(1)["ahead"]["open"]
    assert s.table(1)["ahead"]["label"] == text("toepen.knock", **{"raise": 3})


def test_the_knock_always_says_one_above_the_stake_on_the_table():
    """Knocking raises the stake by one (rules §8.2): the Knock button says the stake
    the panel shows plus one at every moment of every deal, shut or open (it used to
    go missing while shut, and the page kept the last label it had seen: a knock to
    6 at stake 1 in the next deal, or to 2 at stake 2 after your own knock)."""
    for seed in (5, 12):
        state = GAME.new_game(seed=seed, options={"players": 4})
        rng = random.Random(seed)
        deals = set()
        while not state.is_over:
            table = state.table(0)
            ahead, stake = table["ahead"], table["stake"]
            assert ahead is not None and ahead["action"] == "knock"
            assert ahead["label"] == text("toepen.knock", **{"raise": stake["value"] + 1})
            assert ahead["open"] == (state.view(0)["may_knock"])
            deals.add(state.deal_index)
            legal = state.legal_actions()
            knocks = [a for a in legal if a == "knock"]
            state.apply(knocks[0] if knocks and rng.random() < 0.3 else rng.choice(legal))
        assert len(deals) > 1
        assert state.table(0)["ahead"] is None  # the game is over: no Knock


def test_the_other_games_have_nothing_ahead():
    for name in ("le_truc", "tressette", "brazilian_truco", "japanese_loo", "oneonta_whist"):
        s = games.get(name).new_game(seed=2)
        assert s.table(0)["ahead"] is None
