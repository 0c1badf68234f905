"""The guided first games (cardtable.tutorial): each replays as its script says, with
honest bots, refuses a move that is not the step's without changing anything, comes
back to the same step from a save, and has its words and rules sections in both
languages."""

import json
import re
from pathlib import Path

import pytest

from cardtable import bridge, games, tutorial
from cardtable.protocol import IllegalAction
from cardtable.session import Session

ROOT = Path(__file__).resolve().parents[2]
GAMES = games.names()
LANGS = ("en", "ja")


def words(game, lang):
    return json.loads((ROOT / "web" / "i18n" / "tutorial" / f"{game}.{lang}.json").read_text(encoding="utf-8"))


def follow(game):
    """Play the tutorial as the page would: each step's move on the player's turn (the
    table's own answers where it gives one), the bots' moves collected between."""
    session = Session.tutorial(game)
    plan = session.lesson.tutorial
    seen = []  # (bots' moves before the step, the step's model)
    moved = []
    finish = None  # the bots' moves after the last step (to the deal's end, or to a free ending)
    while not session.lesson.done(session.state):
        if session.bot_to_act:
            moved.append(session.bot_step()[0])
            continue
        model = session.model()["tutorial"]
        auto = session.state.table(0).get("auto")
        if model["waiting"]:
            assert auto, f"{game}: the player's turn with no step and no table answer"
            session.act(auto["action"])
            continue
        if model["free"]:  # the deal played out the player's way: here, as the suggestion says
            finish = tuple(moved) if finish is None else finish
        else:
            seen.append((tuple(moved), model))
            moved = []
        session.act(model["action"])
    return session, plan, seen, tuple(moved) if finish is None else finish


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_plays_as_its_script_says_with_honest_bots(game):
    session, plan, seen, finish = follow(game)
    assert [bots for bots, _ in seen] == [step.bots for step in plan.steps]
    assert finish == plan.finish
    assert [m["action"] for _, m in seen] == [step.action for step in plan.steps]
    assert [m["step"] for _, m in seen] == list(range(1, len(plan.steps) + 1))
    assert session.model()["tutorial"] == {"done": True, "steps": len(plan.steps)}
    assert session.model()["share"] is None  # a share code cannot carry the stacked deck
    with pytest.raises(IllegalAction):  # nor could the review replay it
        session.analyse("deal")


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_its_words_and_its_rules_section_in_both_languages(game):
    plan = tutorial.get(game)
    assert 3 <= len(plan.steps) <= 12
    for lang in LANGS:
        said = words(game, lang)
        rules = (ROOT / "web" / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8")
        expected = {f"tutorial.{game}.done"} | ({f"tutorial.{game}.free"} if plan.free else set()) | {f"tutorial.{game}.{n}{end}" for n in range(1, len(plan.steps) + 1)
                                                for end in ("", ".wrong")}
        assert set(said) == expected, lang
        for key, text in said.items():
            assert text.strip() and "{" not in text, key
            assert len(text) <= (130 if lang == "en" else 70), f"{key} ({lang}) is {len(text)} characters: two lines at most"
        for step in plan.steps:
            assert re.search(rf'<h2 id="{re.escape(step.rule)}"', rules), f"{game}.{lang}: no section {step.rule!r}"
            assert step.look in tutorial.LOOKS + ("",)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_other_than_the_steps_is_refused_and_changes_nothing(game):
    session = Session.tutorial(game)
    while session.bot_to_act:
        session.bot_step()
    before = session.model()
    other = next(a for a in before["legal"] if a != before["tutorial"]["action"])
    with pytest.raises(tutorial.TutorialMove) as refused:
        session.act(other)
    assert refused.value.step == 1
    assert session.model() == before
    with pytest.raises(IllegalAction):  # a move that is not legal at all stays illegal, not a lesson
        session.act("no such move")


def test_the_bridge_refuses_a_wrong_move_with_the_step_whose_words_explain_it():
    answer = json.loads(bridge.handle(json.dumps({"op": "tutorial", "game": "le_truc"})))
    assert answer["ok"] and answer["model"]["tutorial"]["step"] == 1
    assert answer["model"]["save"]["tutorial"] is True
    refused = json.loads(bridge.handle(json.dumps({"op": "act", "action": "redo"})))
    assert refused == {"ok": False, "kind": "tutorial", "step": 1, "error": refused["error"]}
    again = json.loads(bridge.handle(json.dumps({"op": "act", "action": "keep"})))
    assert again["ok"] and again["model"]["tutorial"]["step"] == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_save_comes_back_to_the_same_step(game):
    session = Session.tutorial(game)
    plan = session.lesson.tutorial
    while session.lesson.taken < len(plan.steps) // 2 + 1:
        if session.bot_to_act:
            session.bot_step()
        else:
            model = session.model()["tutorial"]
            session.act(model["action"] if not model["waiting"] else session.state.table(0)["auto"]["action"])
    restored = Session.restore(json.loads(json.dumps(session.save())))
    assert restored.lesson is not None and restored.lesson.taken == session.lesson.taken
    assert restored.model() == session.model()


def test_an_unknown_game_has_no_tutorial():
    with pytest.raises(ValueError, match="no_such_game"):
        Session.tutorial("no_such_game")


def test_the_script_tool_prints_what_the_bots_do_between_the_steps(capsys):
    script = pytest.importorskip("cardtable_lab.tutorial_script")  # (the lab: not in the page's interpreter)
    script.play("le_truc", None)
    printed = capsys.readouterr().out
    plan = tutorial.get("le_truc")
    for n, step in enumerate(plan.steps, 1):
        assert f"step {n}: bots={step.bots!r}" in printed
    assert f"finish={plan.finish!r}" in printed and "not used: []" in printed
