"""The common table model (py/cardtable/table.py), over every game.

At every step of random seeded games: ``table(seat)`` has the shared shape, shows
no card hidden from that seat (the invariants' ``hidden`` sets) and is the same in
every world that seat cannot tell apart (``sample_world``), lists exactly the legal
actions on that seat's turn and none otherwise, and uses only words both languages
have. Golden tables at the moments a player notices (the first decision, the first
of each kind of event, the game's end) are stored in tests/golden/tables/ and
compared, so a change to what the page is told shows in review
(``CARDTABLE_UPDATE_GOLDEN=1`` writes them anew).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from cardtable import games
from cardtable.table import BACK, text_keys, validate, validate_text
from sitebuild.words import load as load_words
from tests.support import soak
from tests.support.invariants import cards_in, checker

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "tables"
WORDS = {lang: load_words(lang) for lang in ("en", "ja")}


def random_game(game: str, seed: int, options: dict | None = None):
    """Yields (state, events) after each uniformly random action, from the start."""
    state = games.get(game).new_game(seed=seed, options=options if options is not None
                                     else soak.options_for(game, seed))
    rng = random.Random(f"table/{game}/{seed}")
    yield state, list(getattr(state, "opening_events", []) or [])
    while not state.is_over:
        events = state.apply(rng.choice(state.legal_actions()))
        yield state, events


def check_table(state, seat: int) -> dict:
    table = validate(state.table(seat))
    assert table["game"] == state.game.name and table["viewer"] == seat
    assert sorted(s["seat"] for s in table["seats"]) == list(range(state.num_players))
    legal = state.legal_actions() if not state.is_over and state.to_act == seat else []
    assert sorted(d["action"] for d in table["decisions"]) == sorted(legal), "decisions are not the legal actions"
    for s in table["seats"]:
        assert s["you"] == (s["seat"] == seat)
        assert (s["status"] == "to_act") == (not state.is_over and state.to_act == s["seat"]), s
    # a finished round's summary shows its cards again, as the view's own keys do
    # where a game's checker leaves them out (cards_in's leave_out)
    # the marks name cards by the rules (Truco's manilhas), the same at every step
    shown = cards_in(table, ("marks", "summary") if checker(state).leave_out else ("marks",)) & checker(state).hidden(state, seat)
    assert not shown, f"seat {seat}'s table shows hidden cards {sorted(shown)} in phase {state.phase}"
    missing = {k for k in text_keys(table) for lang in WORDS if k not in WORDS[lang]}
    assert not missing, f"words missing from web/i18n: {sorted(missing)}"
    assert (table["result"] is None) == (not state.is_over)
    return table


GAME_SEEDS = [(game, seed) for game in games.names() for seed in (1, 2, 3)]


@pytest.mark.parametrize("game, seed", GAME_SEEDS)
def test_every_seat_s_table_at_every_step_has_the_shape_and_shows_only_what_it_may(game, seed):
    steps = 0
    for state, _ in random_game(game, seed):
        for seat in range(state.num_players):
            check_table(state, seat)
        steps += 1
    assert steps > 5


@pytest.mark.parametrize("game, seed", GAME_SEEDS)
def test_a_table_is_the_same_in_every_world_its_seat_cannot_tell_apart(game, seed):
    rng = random.Random(seed)
    for n, (state, _) in enumerate(random_game(game, seed)):
        if state.is_over or n % 3:
            continue
        seat = state.to_act
        world = state.sample_world(seat, rng)
        assert world.table(seat) == state.table(seat), f"step {n}: seat {seat}'s table depends on hidden cards"


@pytest.mark.parametrize("game, seed", GAME_SEEDS)
def test_every_event_is_a_line_of_the_log_in_both_languages(game, seed):
    kinds = set()
    for state, events in random_game(game, seed):
        for e in events:
            for viewer in range(state.num_players):
                line = state.describe_event(e, viewer, state.num_players)
                validate_text(line)
                missing = {k for k in text_keys({"line": line}) for lang in WORDS if k not in WORDS[lang]}
                assert not missing, f"{e['type']}: words missing from web/i18n: {sorted(missing)}"
            kinds.add(e["type"])
    assert len(kinds) > 3


def test_a_game_s_own_log_words_are_the_ones_it_declares():
    """A tables module's OWN_LOG_KEYS lists exactly the log.<game>.* words of en.json,
    so a new wording is not silently left unused."""
    for game in games.names():
        module = games.get(game).table_module()
        words = {k.removeprefix(f"log.{game}.") for k in WORDS["en"] if k.startswith(f"log.{game}.")}
        assert set(module.OWN_LOG_KEYS) == words, game


def test_a_table_with_a_foreign_part_is_refused():
    state = games.get("le_truc").new_game(seed=1)
    table = state.table(0)
    table["seats"][0]["hand"].append("ZZZ")
    with pytest.raises(ValueError, match="card code"):
        validate(table)
    table = state.table(0)
    table["prompt"] = "Your turn"
    with pytest.raises(ValueError, match="prompt"):
        validate(table)
    table = state.table(0)
    table["seats"].reverse()
    with pytest.raises(ValueError, match="viewer"):
        validate(table)


def test_backs_stand_for_the_hands_the_viewer_cannot_see():
    state = games.get("le_truc").new_game(seed=4)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    table = state.table(0)
    mine, theirs = table["seats"]
    assert mine["hand"] == state.view(0)["hand"]
    assert theirs["hand"] == [BACK] * len(state.hands[1])


# --------------------------------------------------------------------- golden tables
def moments(game: str, seed: int) -> dict[str, dict]:
    """The human's (seat 0's) table at the first decision, after the first event of
    each kind, and at the end."""
    out: dict[str, dict] = {}
    seen: set[str] = set()
    for n, (state, events) in enumerate(random_game(game, seed)):
        if "start" not in out and state.to_act == 0:
            out["start"] = state.table(0)
        for e in events:
            if e["type"] not in seen:
                seen.add(e["type"])
                out[f"after {e['type']} (step {n})"] = state.table(0)
    out["end"] = state.table(0)
    return out


@pytest.mark.parametrize("game", games.names())
def test_golden_tables(game):
    path = GOLDEN / f"{game}.json"
    found = json.loads(json.dumps(moments(game, 7)))
    if os.environ.get("CARDTABLE_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(found, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert set(found) == set(stored), f"other moments: stored {sorted(stored)}, now {sorted(found)}"
    for moment in stored:
        assert found[moment] == stored[moment], f"{game}, {moment}: the table differs from {path.name}"


@pytest.mark.parametrize("game, seed", GAME_SEEDS)
def test_a_trick_just_taken_is_on_the_table_whole_even_when_it_ends_the_deal(game, seed):
    """The page shows a taken trick whole, its winner marked, before the table moves on
    (web/js/page/motion.js): after every move that takes one, the viewer's table has
    it, in its areas or, when the move ended the deal and cleared them, in the
    summary; it holds the cards the table showed in the trick before the move."""
    taken = 0
    before = None
    for state, events in random_game(game, seed):
        table = state.table(0)
        if before is not None and any(e["type"] == "trick" and e.get("winner", 0) is not None for e in events):
            playing = next(a for a in before["areas"] if a["current"])["plays"]
            shown = [a["plays"] for a in table["areas"] + (table["summary"] or {"areas": []})["areas"]
                     if any(p["won"] for p in a["plays"])]
            def holds(plays):  # every card played before, a back perhaps turned up since
                return all(any(q["seat"] == p["seat"] and p["card"] in (q["card"], BACK) for q in plays) for p in playing)
            assert any(holds(plays) for plays in shown), f"{game}: the trick taken is not on the table: {playing} then {shown}"
            taken += 1
        before = table
    assert taken > 3
