"""The first tables (py/cardtable_lab/first_tables.py), built into dist/first/<key>/:
what the page draws of a new game before its engine is up. Every built file must be
what the engine records now for its seed and level, so a change to the rules or
the bots that was not rebuilt fails here; under Pyodide a sample of them is recorded
again by the page's own interpreter, so the page never disagrees with CPython's
records (tests/pyodide)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from cardtable import bots, games, tutorial
from cardtable_lab import first_tables
from sitebuild import DIST, ROOT
from sitebuild import first_tables as build

UNDER_PYODIDE = sys.platform == "emscripten"


def built() -> tuple[str, int]:
    """The folder and pool size the build wrote into the page."""
    script = DIST / build.PAGE_SCRIPTS[0]
    if not script.is_file():
        pytest.fail("dist/ is missing: run `python build.py` first", pytrace=False)
    found = re.search(r'^const FIRST_TABLES = \{ folder: "([^"]+)", size: (\d+) \};', script.read_text(), re.M)
    assert found, "build.py did not write the first tables' folder into first-table.js"
    return found[1], int(found[2])


def test_the_page_reads_the_records_of_the_engine_it_ships():
    folder, size = built()
    assert folder == f"{build.FOLDER}/{build.engine_key()}", (
        "dist/ holds first tables of another engine: run `python build.py` again")
    assert size == first_tables.POOL_SIZE >= 64
    preload = (DIST / "web/js/preload.js").read_text()  # which asks for one as the page opens
    assert f'const FIRST_TABLES = {{ folder: "{folder}", size: {size} }};' in preload


def test_every_game_and_level_has_its_pool_and_every_game_its_lesson():
    folder, size = built()
    root = DIST / folder
    for game in games.names():
        levels = sorted(p.name for p in (root / game).iterdir() if p.is_dir())
        assert levels == sorted(bots.levels(game)), game
        for level in levels:
            names = sorted(p.name for p in (root / game / level).iterdir())
            assert names == sorted(f"{i}.json" for i in range(size)), (game, level)
        assert (root / game / f"{first_tables.LESSON}.json").is_file(), game


def pools() -> list[tuple[str, str]]:
    return [(game, level) for game, level in first_tables.tasks() if level != first_tables.LESSON]


@pytest.mark.parametrize("game, level", pools())
def test_every_pool_file_is_what_the_engine_records_now(game, level):
    """Byte for byte: under Pyodide the first deal of each pool (minutes otherwise)."""
    folder, size = built()
    for index in range(1 if UNDER_PYODIDE else size):
        path = DIST / folder / game / level / f"{index}.json"
        assert path.read_bytes() == first_tables.encode(first_tables.pool_record(game, level, index)), (
            f"{path.relative_to(DIST)} is not what the engine records now: run `python build.py` again")


@pytest.mark.parametrize("game", games.names())
def test_every_lesson_file_is_what_the_engine_records_now(game):
    folder, _ = built()
    path = DIST / folder / game / f"{first_tables.LESSON}.json"
    assert path.read_bytes() == first_tables.encode(first_tables.lesson_record(game))


@pytest.mark.parametrize("game", games.names())
def test_a_record_leads_to_the_players_first_decision_and_answers_every_move_there(game):
    """The page's requests in its order (a new game; the table's own answers and the
    bots' moves), ending at the player's decision; there the Hint and every legal
    move, each answered as the engine answers it from that position."""
    level = bots.levels(game)[-1]
    rec = first_tables.pool_record(game, level, 3)
    assert rec["seed"] in [first_tables.pool_seed(game, level, 3, a) for a in range(first_tables.TRIES)]
    first, *rest = rec["steps"]
    assert first["request"] == {"op": "new", "game": game, "seed": rec["seed"], "options": None, "level": level}
    for before, step in zip(rec["steps"], rest):
        model = before["answer"]["model"]
        assert not model["your_turn"] or model["table"]["auto"], "the record went past the player's decision"
        assert step["request"]["op"] in ("bot", "act")
    decision = rec["steps"][-1]["answer"]["model"]
    assert decision["your_turn"] and not decision["table"]["auto"] and not decision["over"]
    asked = [a["request"] for a in rec["at_decision"]]
    assert asked == [{"op": "hint"}] + [{"op": "act", "action": a} for a in decision["legal"]]
    assert rec["at_decision"][0]["answer"]["hint"]["action"] in decision["legal"]
    for answer in rec["at_decision"][1:]:
        assert answer["answer"]["ok"] and answer["answer"]["model"]["ply"] == decision["ply"] + 1


def test_a_first_table_opens_on_the_players_move_never_on_a_deals_end():
    """No pool record lets the bots end a deal before the player's first decision
    (the page would open on a deal-end box for a hand the player never saw, as it did
    for Brazilian Truco's hands run before the player's turn); the lessons are theirs."""
    folder, size = built()
    for game, level in pools():
        for index in range(size):
            rec = json.loads((DIST / folder / game / level / f"{index}.json").read_bytes())
            assert not first_tables.closes_a_deal(rec), f"{game}/{level}/{index}.json ends a deal"
    truco = [first_tables.pool_seed("brazilian_truco", "normal", 4, a) for a in range(2)]
    assert truco[0] == 510378640 != truco[1]  # a hand the bots settle: the place takes the next deal
    run = first_tables.record(first_tables.new_game("brazilian_truco", "normal", truco[0]),
                              game="brazilian_truco", level="normal", seed=truco[0])
    assert first_tables.closes_a_deal(run) and first_tables.pool_record("brazilian_truco", "normal", 4)["seed"] == truco[1]


def test_a_lessons_record_refuses_every_move_but_the_steps_as_the_lesson_does():
    rec = first_tables.lesson_record("le_truc")
    step = tutorial.get("le_truc").steps[0].action
    assert rec["steps"][0]["request"] == {"op": "tutorial", "game": "le_truc"}
    moves = {a["request"]["action"]: a["answer"] for a in rec["at_decision"] if a["request"]["op"] == "act"}
    assert moves[step]["ok"]
    refused = [a for action, a in moves.items() if action != step]
    assert refused and all(a["kind"] == "tutorial" and a["step"] == 1 for a in refused)


def test_the_pools_deals_differ():
    seeds = [first_tables.pool_seed("le_truc", "normal", i) for i in range(first_tables.POOL_SIZE)]
    assert len(set(seeds)) == len(seeds)
    assert first_tables.pool_seed("le_truc", "normal", 0) != first_tables.pool_seed("le_truc", "strong", 0)


def test_a_record_file_is_the_same_bytes_every_time():
    one = first_tables.encode(first_tables.pool_record("toepen", "normal", 5))
    assert one == first_tables.encode(first_tables.pool_record("toepen", "normal", 5))
    assert json.loads(one)["v"] == first_tables.VERSION


def test_no_word_the_player_reads_speaks_of_python():
    """What the page says while the engine starts (and anywhere else) speaks of the
    table and the bots, never of the machinery: no Python, PyScript, Pyodide or
    「実行環境」 in any of the page's words, in either language."""
    words = ROOT / "web" / "i18n"
    for path in sorted(words.rglob("*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            for term in ("Python", "PyScript", "Pyodide", "実行環境"):
                assert term not in text, f"{path.name} {key}: {text}"
