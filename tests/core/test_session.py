"""The session and the page bridge: turns, saves that replay exactly, clear errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import IllegalAction, games
from cardtable.bridge import handle
from cardtable.session import SaveError, Session
from cardtable.table import validate_line
from tests.support.games import ByGame


def play_until(session, ply):
    while session.state.to_act is not None and len(session.actions) < ply:
        if session.bot_to_act:
            session.bot_step()
        else:
            session.act(session.state.legal_actions()[-1])


def test_saved_game_restores_to_the_same_position_and_bots_play_on_the_same():
    a = Session("le_truc", 99, level="normal")
    play_until(a, 25)
    b = Session.restore(json.loads(json.dumps(a.save())))
    assert b.state.view(0) == a.state.view(0) and b.actions == a.actions
    # the log can be rebuilt: every replayed action comes back as its own event
    own = [e for e in b.replayed_events if e["type"] in ("keep", "redo", "refuse", "exchange", "play", "accept", "fold")]
    assert len(own) == len(a.actions)
    play_until(a, 60)
    play_until(b, 60)
    assert a.actions == b.actions


def test_human_cannot_act_for_the_bot_and_bot_cannot_act_for_the_human():
    s = Session("le_truc", 3, options={"first_dealer": 0})  # human deals: the bot decides first
    assert s.bot_to_act
    with pytest.raises(IllegalAction, match="not your turn"):
        s.act("keep")
    s.bot_step()
    while s.bot_to_act:
        s.bot_step()
    with pytest.raises(IllegalAction, match="no bot"):
        s.bot_step()


@pytest.mark.parametrize("save, message", [
    ("nonsense", "not readable"),
    ({"v": 9}, "format version"),
    ({"v": 1, "game": "le_truc", "seed": 1, "actions": "keep"}, "moves is damaged"),
    ({"v": 1, "game": "chess", "seed": 1, "actions": []}, "unknown game"),
    ({"v": 1, "game": "le_truc", "seed": "x", "actions": []}, "seed must be"),
    ({"v": 1, "game": "le_truc", "seed": 1, "options": {"target": -1}, "actions": []}, "at least 1"),
    ({"v": 1, "game": "le_truc", "seed": 1, "actions": ["keep", "play 2S"]}, "move 2"),
])
def test_malformed_saves_say_what_is_wrong(save, message):
    with pytest.raises(SaveError, match=message):
        Session.restore(save)


def test_bridge_answers_errors_without_changing_the_game():
    first = json.loads(handle(json.dumps({"op": "new", "game": "le_truc", "seed": 8,
                                          "options": {"first_dealer": 1}})))
    assert first["ok"] and first["model"]["your_turn"]
    assert first["model"]["legal"] == ["keep", "redo"]
    bad = json.loads(handle(json.dumps({"op": "act", "action": "play 2S"})))
    assert not bad["ok"] and bad["kind"] == "illegal" and "not allowed" in bad["error"]
    again = json.loads(handle(json.dumps({"op": "act", "action": "keep"})))
    assert again["ok"] and again["model"]["ply"] == 1
    for req, kind in [("[]", "bad_request"), ("{", "bad_request"), ('{"op": "fly"}', "bad_request"),
                      ('{"op": "new", "game": "le_truc", "level": "god"}', "bad_request"),
                      ('{"op": "restore", "save": {"v": 1}}', "bad_save")]:
        answer = json.loads(handle(req))
        assert not answer["ok"] and answer["kind"] == kind and answer["error"]
    still = json.loads(handle(json.dumps({"op": "act", "action": "play " + again["model"]["legal"][0].split()[1]})))
    assert still["ok"] and still["model"]["ply"] == 2


def test_bridge_lists_the_games():
    answer = json.loads(handle('{"op": "games"}'))
    # in the order the site lists them (the landing page, the builder, the rules pages)
    assert [g["name"] for g in answer["games"]] == ["le_truc", "tressette", "brazilian_truco", "japanese_loo",
                                                        "toepen", "oneonta_whist"]
    assert [g["solitaire"] for g in answer["games"]] == [False] * 5 + [True]
    assert answer["games"][0]["poster"] == ["7H", "6S", "AD"]
    assert answer["games"][0]["levels"] == ["random", "easy", "normal", "strong"]
    assert set(answer) == {"ok", "games"}


def test_each_game_names_the_level_a_first_time_visitor_meets():
    """The page seats a newcomer against ``default_level`` (games.json): a level the
    game offers, where a player who mostly follows the Hint wins about a fair share
    (bench/first_timer.py; the table is in bench/RESULTS.md)."""
    answer = json.loads(handle('{"op": "games"}'))
    for info in answer["games"]:
        assert info["default_level"] in info["levels"], info["name"]
    assert {g["name"]: g["default_level"] for g in answer["games"]} == dict(ByGame("DEFAULT_LEVEL"))
    # one game's own answer (what a table asks for) carries it too
    one = json.loads(handle('{"op": "games", "game": "tressette"}'))
    assert one["games"][0]["default_level"] == "easy"


@pytest.mark.native_only("starts a fresh Python process, which wasm cannot")
def test_a_table_asks_for_its_own_game_and_loads_no_other():
    """The page's first question imports one game's rules and bots, not all six
    (every import is time before the player can play)."""
    code = ("import json, sys; from cardtable.bridge import handle; "
            "a = json.loads(handle(json.dumps({'op': 'games', 'game': 'tressette'}))); "
            "print(json.dumps([[g['name'] for g in a['games']], a['games'][0]['levels'], "
            "sorted(m for m in sys.modules if m.startswith(('cardtable.games.', 'cardtable.bots.')))]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "py")})
    names, levels, modules = json.loads(out.stdout)
    assert names == ["tressette"] and levels == ["random", "easy", "normal", "strong"]
    assert {"cardtable.bots.tressette", "cardtable.games.tressette"} <= set(modules)
    others = {"le_truc", "brazilian_truco", "japanese_loo", "oneonta_whist", "toepen"}
    assert not [m for m in modules if m.rsplit(".", 1)[1] in others]
    for bad in ("chess", 7, ["le_truc"]):
        answer = json.loads(handle(json.dumps({"op": "games", "game": bad})))
        assert answer["ok"] is False and "game" in answer["error"]


def test_model_shows_only_the_human_view():
    s = Session("le_truc", 4)
    m = s.model()
    assert m["table"] == s.state.table(0)
    assert not set(s.state.hands[1]) & set(json.dumps(m).split('"'))


def test_model_sends_the_table_and_the_log_as_texts_not_the_raw_view():
    """The page draws from ``table`` and writes ``log``: one Text per event, in order,
    with the event's kind and what it closes as data (the page reads no key)."""
    for game in ("brazilian_truco", "oneonta_whist"):
        s = Session(game, 5)
        events = list(s.opening_events)
        while not s.state.is_over and s.bot_to_act:
            events += s.bot_step()[1]
        if not s.state.is_over:
            events += s.act(s.state.legal_actions()[0])
        m = s.model(events)
        assert "view" not in m and "events" not in m
        assert m["table"] == s.state.table(0)
        assert [{k: v for k, v in line.items() if k in ("key", "args")} for line in m["log"]] == [
            s.state.describe_event(e, 0, s.state.num_players) for e in events]
        assert [line["kind"] for line in m["log"]] == [e["type"] for e in events]
        assert all(validate_line(line) for line in m["log"])


@pytest.mark.parametrize("game", games.names())
def test_the_history_has_an_entry_a_finished_deal_with_its_closing_lines(game):
    """The game-over screen's history (model ``history``): one entry a move that ended
    a deal, round or the game, with the log's lines that closed it, in order; the
    last closes the game; a restored game has the same history."""
    s = Session(game, 3, level="random")
    closing = []
    while not s.state.is_over:
        events = s.bot_step()[1] if s.bot_to_act else s.act(s.state.legal_actions()[0])
        lines = [line for line in s.model(events)["log"] if line["closes"]]
        if lines:
            closing.append(lines)
    history = s.model()["history"]
    assert [entry["lines"] for entry in history] == closing and len(history) >= 2
    assert history[-1]["closes"] == "game" and all(e["closes"] in ("deal", "round") for e in history[:-1])
    assert history[-1]["totals"] == s.state.table(0)["scores"]["totals"]
    assert Session.restore(s.save()).model()["history"] == history


#: What the chart's lines are in each game: a step's word, the unit, the goal by default.
CHART = {"le_truc": ("round", "points", 30), "tressette": ("deal", "points", 21),
         "brazilian_truco": ("hand", "points", 12), "japanese_loo": ("deal", "chips", None),
         "toepen": ("deal", "chips", None), "oneonta_whist": ("deal", "points", 30)}


@pytest.mark.parametrize("game", games.names())
def test_the_chart_has_a_line_a_seat_or_side_and_a_point_a_finished_deal(game):
    """The game-over chart (model ``chart``): a line per seat, per side where the
    game has sides (Brazilian Truco: us and them), one for a solitaire; each with a
    point per entry of the history, the standing after it: the score sheet's totals
    where it has them (the solitaire's running total otherwise); the viewer's line
    marked and ending on the viewer's final score, the highest line marked as
    leading, the goal a number where the game is played to one."""
    s = Session(game, 3, level="random")
    while not s.state.is_over:
        s.bot_step() if s.bot_to_act else s.act(s.state.legal_actions()[0])
    m = s.model()
    chart, history, table = m["chart"], m["history"], m["table"]
    x, unit, goal = CHART[game]
    assert (chart["x"], chart["unit"], chart["goal"]) == (x, unit, goal)
    sides = 2 if game == "brazilian_truco" else m["players"]
    assert len(chart["series"]) == sides
    assert [line["you"] for line in chart["series"]] == [True] + [False] * (sides - 1)
    assert all(len(line["points"]) == len(history) >= 2 for line in chart["series"])
    by_entry = [[line["points"][i] for line in chart["series"]] for i in range(len(history))]
    if table["scores"]["totals"]:  # the totals' columns are the lines, in order
        assert [line["name"] for line in chart["series"]] == table["scores"]["columns"]
        assert by_entry == [entry["totals"] for entry in history]
    else:  # Oneonta Whist: the sheet's running total, deal by deal
        assert by_entry == [[row["cells"][-1]] for row in table["scores"]["rows"]]
    mine = next(st["score"] for st in table["result"]["standings"] if st["seat"] == table["viewer"])
    assert chart["series"][0]["points"][-1] == mine
    last = [line["points"][-1] for line in chart["series"]]
    assert [line["leads"] for line in chart["series"]] == [v == max(last) for v in last]
    if goal is not None and table["result"]["outcome"] == "win" and game != "oneonta_whist":
        assert mine >= goal
    assert Session.restore(s.save()).model()["chart"] == chart


def test_le_truc_s_bankroll_chart_counts_chips_and_has_no_goal_line():
    s = Session("le_truc", 4, options={"scoring": "bankroll"}, level="random")
    chart = s.model()["chart"]
    assert (chart["unit"], chart["goal"]) == ("chips", None)
    assert all(line["points"] == [] for line in chart["series"])  # no round finished yet
    while not s.state.is_over:
        s.bot_step() if s.bot_to_act else s.act(s.state.legal_actions()[0])
    m = s.model()
    assert m["table"]["result"]["unit"] == {"key": "result.unit.chips"}  # the standings count chips too
    assert sorted(line["points"][-1] for line in m["chart"]["series"]) == [0, 60]  # one side has them all


def test_bridge_learns_where_the_data_files_are(monkeypatch):
    """The page tells Python once where data/ is; data files are then fetched from
    there (the strong Le Truc bot's policy), and a bad address is refused."""
    from cardtable import assets
    monkeypatch.setattr(assets, "BASE_URL", None)
    bad = json.loads(handle('{"op": "assets", "base": "no-slash"}'))
    assert bad["ok"] is False and bad["kind"] == "bad_request" and assets.BASE_URL is None
    assert json.loads(handle('{"op": "assets", "base": "https://example.org/site/data/"}'))["ok"]
    asked = []
    monkeypatch.setattr(assets, "fetch", lambda url: asked.append(url) or b"bytes")
    assert assets.read("bots/le_truc_policy.bin") == b"bytes"
    assert asked == ["https://example.org/site/data/le_truc_policy.bin"]


def test_the_showdown_shows_the_humans_knowledge_and_learning_mode_everything():
    s = Session("le_truc", 5, level="random", options={"first_dealer": 1})
    while s.state.round_no == 1:
        s.bot_step() if s.bot_to_act else s.act(s.state.legal_actions()[-1])
    r, learn = s.showdown(), s.showdown(everything=True)
    assert len(r["hands"][0]) == 3 and r["hidden"][0] == []  # your own cards are always known
    assert r["hidden"][1] and set(r["hidden"][1]) == {None}  # the bot's unseen cards are backs
    assert learn["hands"] == r["hands"] and len(learn["hidden"][1]) == len(r["hidden"][1])
    assert None not in learn["hidden"][1] and learn["everything"] and not r["everything"]
    assert sorted(learn["hands"][1] + learn["hidden"][1]) == sorted(s.state.laid_open_hands[1])


def test_the_review_of_decisions_goes_a_few_at_a_time_over_the_last_deal_then_the_game():
    s = Session("le_truc", 5, level="normal", options={"first_dealer": 1})
    with pytest.raises(IllegalAction, match="no deal has ended"):
        s.analyse()
    while s.state.round_no < 3:
        s.bot_step() if s.bot_to_act else s.act(s.state.legal_actions()[-1])
    first = s.analyse("deal", budget=1)
    assert first["deal"] == 2 and first["done"] == 1 and not first["complete"] and first["total"] > 1
    steps = 1
    while not (last := s.analyse("deal", budget=1))["complete"]:
        steps += 1
    assert steps + 1 >= last["total"] == last["done"] == len(last["decisions"]) >= 2
    assert all(d["deal"] == 2 and d["unit"] == "points" for d in last["decisions"])
    # the game's review keeps what the deal's review found
    whole = s.analyse("game", budget=1000)
    assert whole["complete"] and whole["total"] > last["total"]
    assert [d for d in whole["decisions"] if d["deal"] == 2] == last["decisions"]
    assert whole["decisions"] == sorted(whole["decisions"], key=lambda d: d["move"])


def test_bridge_analyse_refuses_a_bad_scope_or_budget_and_changes_nothing():
    assert json.loads(handle(json.dumps({"op": "new", "game": "japanese_loo", "seed": 8})))["ok"]
    early = json.loads(handle('{"op": "analyse"}'))
    assert not early["ok"] and early["kind"] == "illegal" and "no deal has ended" in early["error"]
    for bad, words in (('"scope": "week"', "the last deal, the game or today's deal"), ('"budget": -1', "budget"),
                       ('"budget": true', "budget")):
        answer = json.loads(handle('{"op": "analyse", %s}' % bad))
        assert not answer["ok"] and answer["kind"] == "bad_request" and words in answer["error"]


def said(words: dict, lang: str) -> str:
    """A Text as the page says it (web/js/page/words.js: say): Texts in the arguments
    first, a list joined with the language's separator."""
    import re
    from sitebuild.words import load
    dictionary = load(lang)

    def say(x):
        if isinstance(x, list):
            return dictionary["list.separator"].join(say(v) for v in x)
        if not isinstance(x, dict):
            return str(x)
        args = {k: say(v) for k, v in x.get("args", {}).items()}
        return re.sub(r"\{(\w+)\}", lambda m: args.get(m.group(1), ""), dictionary[x["key"]])
    return say(words)


@pytest.mark.parametrize("game, options, english, japanese", [
    ("japanese_loo", {"players": 99}, "option 'players' must be at most 10, not 99",
     "「players」は10以下で指定してください（99は使えません）。"),
    ("le_truc", {"target": 0}, "option 'target' must be at least 1, not 0",
     "「target」は1以上で指定してください（0は使えません）。"),
    ("le_truc", {"target": "ten"}, "option 'target' must be a whole number, not 'ten'",
     "「target」は整数で指定してください（「ten」は使えません）。"),
    ("le_truc", {"scoring": "poker"}, "option 'scoring' must be one of 'race', 'bankroll', not 'poker'",
     "「scoring」にはrace、bankrollのどれかを指定してください（「poker」は使えません）。"),
    ("tressette", {"claim": "yes"}, "option 'claim' must be true or false, not 'yes'",
     "「claim」はtrueかfalseで指定してください（「yes」は使えません）。"),
    ("tressette", {"players": 3}, "unknown option(s) 'players' for tressette "
     "(known: claim, declarations, first_dealer, show_draws, target, ties)",
     "トレセッテ（2人用）には「players」というルールはありません"
     "（使えるのはclaim、declarations、first_dealer、show_draws、target、ties）。"),
    ("toepen", {"players": 3, "first_dealer": 5}, "first_dealer must be a seat from 0 to 2",
     "「first_dealer」は0から2までの席の番号で指定してください。"),
    ("japanese_loo", {"players": 7, "format": "three"}, "the three-card game is for 3 to 5 players",
     "3カードルーは3〜5人で遊びます。"),
])
def test_a_refused_rule_option_is_worded_in_both_languages(game, options, english, japanese):
    """A bad address (``?players=99``) is refused in the page's language: the answer's
    ``words`` say in English exactly its message, and in Japanese a Japanese one."""
    answer = json.loads(handle(json.dumps({"op": "new", "game": game, "seed": 1, "options": options})))
    assert not answer["ok"] and answer["kind"] == "bad_request"
    assert answer["error"] == english
    assert said(answer["words"], "en") == english
    assert said(answer["words"], "ja") == japanese


def test_bridge_showdown_takes_the_learning_setting_and_refuses_a_bad_one():
    assert json.loads(handle(json.dumps({"op": "new", "game": "le_truc", "seed": 8})))["ok"]
    assert json.loads(handle('{"op": "showdown", "everything": true}')) == {"ok": True, "showdown": None}
    bad = json.loads(handle('{"op": "showdown", "everything": "yes"}'))
    assert not bad["ok"] and bad["kind"] == "bad_request" and "true or false" in bad["error"]


def _toepen_game(stops: bool, kept_at: int | None = None, seed: int = 4):
    """A Toepen game played through the bridge as the page plays it: the player's
    first legal move, the bots' moves, ``stops`` sent; a Knock kept from the
    ``kept_at``-th bot move on. Yields each answer."""
    answer = json.loads(handle(json.dumps({"op": "new", "game": "toepen", "seed": seed, "level": "random",
                                           "options": {"players": 4}, "stops": stops})))
    yield answer
    bot_moves = 0
    kept = None
    while answer["ok"] and not answer["model"]["over"] and bot_moves < 400:
        model = answer["model"]
        request = {"op": "act", "action": model["legal"][0]} if model["your_turn"] else {"op": "bot"}
        if not model["your_turn"]:
            bot_moves += 1
            if kept_at is not None and bot_moves >= kept_at and model["table"]["ahead"]["open"]:
                kept = "knock"
        answer = json.loads(handle(json.dumps({**request, "stops": stops, **({"kept": kept} if kept else {})})))
        if kept in answer.get("answered", []):
            kept = None
            kept_at = None
        yield answer


def test_the_session_answers_the_table_s_questions_and_records_them_as_the_player_s_moves():
    """No question the table answers for the player is ever left open (the page never
    draws a false "your turn"); the answers are the player's moves in the save, which
    replays to the same table."""
    answered = []
    for answer in _toepen_game(stops=False):
        assert answer["ok"], answer
        model = answer["model"]
        assert not (model["your_turn"] and model["table"]["auto"]), "a question the table answers was left open"
        answered += answer["answered"]
        lines = len(model["log"])
    assert "pass" in answered and model["over"] and lines
    restored = Session.restore(model["save"])
    assert restored.model()["table"] == model["table"] and restored.actions == model["save"]["actions"]


def test_a_player_who_stops_at_every_chance_is_asked_and_a_kept_knock_is_played_at_the_next_chance():
    stopped = [a["model"] for a in _toepen_game(stops=True)
               if a["model"]["your_turn"] and (a["model"]["table"]["auto"] or {}).get("pause")]
    assert stopped and all(m["legal"] == ["knock", "pass"] for m in stopped)
    knocked = [a for a in _toepen_game(stops=False, kept_at=3) if "knock" in a.get("answered", [])]
    assert knocked, "the kept Knock was not played"
    assert any(line["kind"] == "knock" for line in knocked[0]["model"]["log"])
    refused = json.loads(handle(json.dumps({"op": "bot", "stops": "yes"})))
    assert refused["kind"] == "bad_request"
