"""The duplicate (cardtable/duplicate.py): today's deal played again by the strong bot
from the player's seat. It meets the same cards and the same opponents (a player who
plays as the strong bot would gets the strong bot's result, move for move), it decides
from the player's view alone (re-dealing what the seat cannot see changes no choice),
it is the same on every run, and the session says the strong bot's result only once
the player's own daily is done."""

import json
import random

import pytest

from cardtable import duplicate, games
from cardtable.bridge import Bridge
from cardtable.protocol import IllegalAction
from cardtable.session import Session

DAY = "2026-11-29"


def play_as_the_strong_bot(session, replay):
    """The player's moves chosen as the replay's strong bot chooses them; the bots' by theirs."""
    while not session.model()["daily"]["done"]:
        if session.bot_to_act:
            session.bot_step()
        else:
            replay.moves = list(session.actions)  # the strong bot's generator is the move's
            session.act(replay.choose(session.state))


@pytest.mark.parametrize("game", games.names())
def test_a_player_who_plays_as_the_strong_bot_gets_its_result_move_for_move(game):
    replay = duplicate.Duplicate(game, DAY)
    replay.step(10_000)
    assert replay.done and replay.decisions > 0
    session = Session.daily_game(game, DAY)
    play_as_the_strong_bot(session, duplicate.Duplicate(game, DAY))
    assert session.actions == replay.moves  # the same cards, the same opponents' answers
    assert session.model()["daily"]["result"] == replay.result


@pytest.mark.parametrize("game", games.names())
def test_the_replay_is_the_same_on_every_run_and_in_any_steps(game):
    whole = duplicate.Duplicate(game, DAY)
    whole.step(10_000)
    stepped = duplicate.Duplicate(game, DAY)
    calls = 0
    while not stepped.done:
        stepped.step(1)
        calls += 1
    assert stepped.moves == whole.moves and stepped.result == whole.result
    assert calls == whole.decisions  # one strong decision a step, the others' moves between them


@pytest.mark.parametrize("game", games.names())
def test_the_strong_bot_decides_from_the_players_view_alone(game):
    replay = duplicate.Duplicate(game, DAY)
    checked = 0
    while not replay.done and checked < 4:
        state = replay.state
        if state.to_act == replay.human:
            honest = replay.choose(state)
            for k in range(2):  # every card the seat did not see dealt anew
                redealt = state.sample_world(replay.human, random.Random(k))
                assert redealt.view(replay.human) == state.view(replay.human)
                assert replay.choose(redealt) == honest
            checked += 1
        replay.step(1)
    assert checked >= 1


def test_the_session_says_the_strong_result_only_once_the_player_is_done():
    session = Session.daily_game("le_truc", DAY)
    early = session.duplicate(1000)  # the replay may run while the player plays ...
    assert early["strong"] is None and early["you"] is None and early["complete"] is False
    assert early["replayed"] is True  # (played out: the page asks no more until the player's end)
    while not session.model()["daily"]["done"]:
        if session.bot_to_act:
            session.bot_step()
        else:
            session.act(session.hint()["action"])
    after = session.duplicate(0)  # ... and says it once the player's daily is over
    replay = duplicate.Duplicate("le_truc", DAY)
    replay.step(10_000)
    you = session.model()["daily"]["result"]
    assert {k: after[k] for k in ("day", "complete", "unit", "decisions", "you", "strong")} == {
        "day": DAY, "complete": True, "unit": "deal", "decisions": replay.decisions, "you": you,
        "strong": replay.result}
    verdict = "better" if you > replay.result else "same" if you == replay.result else "worse"
    assert after["verdict"] == verdict and after["counted"] == "points"
    assert after["words"]["verdict"]["key"] == f"duplicate.verdict.{verdict}"


def test_the_comparison_says_both_results_signed_in_the_games_unit():
    said = duplicate.comparison("toepen", -2, 3)
    assert said["verdict"] == "worse" and said["counted"] == "chips"
    assert said["words"] == {
        "you": {"key": "duplicate.amount", "args": {"n": "−2", "unit": {"key": "analysis.unit.chips", "args": {"n": 2}}}},
        "strong": {"key": "duplicate.amount", "args": {"n": "+3", "unit": {"key": "analysis.unit.chips", "args": {"n": 3}}}},
        "verdict": {"key": "duplicate.verdict.worse", "args": {"n": "5", "unit": {"key": "analysis.unit.chips", "args": {"n": 5}}}},
        "honest": {"key": "duplicate.honest"}}
    assert duplicate.comparison("oneonta_whist", 3, 3, alone=True)["words"]["honest"] == {"key": "duplicate.honest_alone"}
    assert duplicate.comparison("le_truc", 1, 1)["verdict"] == "same"
    assert duplicate.comparison("oneonta_whist", 25, 17)["verdict"] == "better"


def test_only_a_daily_is_replayed_and_a_bad_budget_is_refused():
    with pytest.raises(IllegalAction, match="only today's deal"):
        Session("tressette", 5).duplicate()
    session = Session.daily_game("tressette", DAY)
    for budget in (-1, 1.5, True, "2", 1001):
        with pytest.raises(ValueError, match="budget"):
            session.duplicate(budget)


def test_the_daily_review_covers_the_first_deal_after_the_game_plays_on():
    with pytest.raises(IllegalAction, match="not today's deal"):
        Session("toepen", 3).analyse("daily")
    session = Session.daily_game("toepen", DAY)
    with pytest.raises(IllegalAction, match="once it is over"):
        session.analyse("daily")
    while len(session.history) < 2:  # the daily's deal and the next
        if session.bot_to_act:
            session.bot_step()
        else:
            session.act(session.hint()["action"])
    review = session.analyse("daily", 1000)
    first = session._daily_deal
    assert review["complete"] and review["deal"] == first
    assert review["decisions"] and all(d["deal"] == first for d in review["decisions"])
    assert session.analyse("deal", 1000)["deal"] != first  # the last deal is the next one


def test_the_bridge_replays_the_daily():
    bridge = Bridge()
    assert json.loads(bridge.handle(json.dumps({"op": "new", "game": "japanese_loo", "daily": DAY})))["ok"]
    answer = json.loads(bridge.handle(json.dumps({"op": "duplicate", "budget": 2})))
    assert answer["ok"] and answer["duplicate"]["complete"] is False and answer["duplicate"]["strong"] is None
    refused = json.loads(bridge.handle(json.dumps({"op": "duplicate", "budget": "all"})))
    assert refused == {"ok": False, "kind": "bad_request",
                       "error": "budget is a number of decisions from 0 to 1000, not 'all'"}


def test_every_word_of_the_comparison_is_in_both_languages():
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "web" / "i18n"
    words = {lang: json.loads((root / f"{lang}.json").read_text()) for lang in ("en", "ja")}
    keys = set()
    for you, strong, alone in ((2, 1, False), (1, 1, True), (-3, 4, False)):
        for game in games.names():
            said = duplicate.comparison(game, you, strong, alone)["words"]
            stack = list(said.values())
            while stack:
                x = stack.pop()
                if isinstance(x, dict):
                    if "key" in x:
                        keys.add(x["key"])
                    stack.extend(x.values())
    assert len(keys) >= 7
    for lang in ("en", "ja"):
        assert sorted(k for k in keys if k not in words[lang]) == [], lang
