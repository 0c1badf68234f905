"""Undo at the easy level (Session.undone, the bridge's "undo"): the player's last
decision taken back with the bots' answers after it, to the very position it was
made in; past the questions the table answered for the player; refused at any other
level, in a lesson and after the game, with nothing changed."""

import json
import random

import pytest

from cardtable import games
from cardtable.bridge import Bridge
from cardtable.protocol import IllegalAction
from cardtable.session import Session


def played(game: str, level: str, decisions: int, seed: int = 7) -> tuple[Session, list]:
    """A session `decisions` decisions of the player's in (each followed by the bots'
    moves), and the table and legal moves seen before each decision."""
    session = Session(game, seed, level=level)
    rng = random.Random(seed)
    seen = []
    session.settle()
    while True:
        while session.bot_to_act:
            session.bot_step()
            session.settle()
        if session.state.is_over or len(seen) == decisions:
            return session, seen
        seen.append((session.state.table(0), session.state.legal_actions(), len(session.actions)))
        session.act(rng.choice(session.state.legal_actions()))
        session.settle()


@pytest.mark.parametrize("game", [g for g in games.names() if g != "oneonta_whist"] + ["oneonta_whist"])
def test_undo_takes_back_the_players_last_decision_and_the_bots_answers(game):
    session, seen = played(game, "easy", 3)
    assert session.can_undo and session.model()["undo"]
    table, legal, moves = seen[-1]
    undone = session.undone()
    assert undone.state.table(0) == table and undone.state.legal_actions() == legal
    assert len(undone.actions) == moves and undone.actions == session.actions[:moves]
    twice = undone.undone()  # and the one before
    assert twice.state.table(0) == seen[-2][0] and len(twice.actions) == seen[-2][2]


def test_undo_goes_past_the_questions_the_table_answered_for_the_player():
    """Toepen asks the player at every other player's card whether to knock; the
    table answers "pass" (a move of the player's) unless they stop at every chance."""
    session, seen = played("toepen", "easy", 6, seed=12)
    answered = [i for i, seat in enumerate(session.movers) if seat == 0]
    assert len(answered) > 6  # more moves of the player's than decisions: the table's answers
    undone = session.undone()
    assert undone.state.table(0)["auto"] is None
    assert len(undone.actions) == seen[-1][2]


@pytest.mark.parametrize("level", ["random", "normal", "strong"])
def test_undo_is_refused_at_another_level_with_nothing_changed(level):
    session, _ = played("le_truc", level, 2)
    before = session.save()
    assert not session.can_undo and not session.model()["undo"]
    with pytest.raises(IllegalAction, match="easy level"):
        session.undone()
    assert session.save() == before


def test_undo_is_refused_before_a_move_and_after_the_game():
    fresh = Session("tressette", 3, level="easy")
    assert not fresh.can_undo
    with pytest.raises(IllegalAction):
        fresh.undone()
    over, _ = played("le_truc", "easy", 10_000)
    assert over.state.is_over and not over.can_undo


def test_the_bridge_undoes_and_sends_the_whole_log_afresh():
    bridge = Bridge()
    ask = lambda **req: json.loads(bridge.handle(json.dumps(req)))
    model = ask(op="new", game="le_truc", seed=5, level="easy")["model"]
    while not model["your_turn"]:
        model = ask(op="bot")["model"]
    assert not model["undo"]
    first, ply = model["legal"], model["ply"]
    model = ask(op="act", action=first[0])["model"]
    while not model["your_turn"] and not model["over"]:
        model = ask(op="bot")["model"]
    assert model["undo"]
    answer = ask(op="undo")
    back = answer["model"]
    assert back["legal"] == first and back["ply"] == ply and not back["undo"]
    assert len(back["log"]) > 0  # the whole game's lines, drawn afresh
    refusal = ask(op="undo")  # nothing left to undo: refused, the table unchanged
    assert refusal["ok"] is False and refusal["kind"] == "illegal"
    assert ask(op="auto")["model"]["legal"] == first
    refused = Bridge()
    refused.handle(json.dumps({"op": "new", "game": "le_truc", "seed": 5, "level": "normal"}))
    assert json.loads(refused.handle(json.dumps({"op": "undo"})))["kind"] == "illegal"
