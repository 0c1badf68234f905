"""The dock's room (``table.room``): what a game declares it can ask is what it asks.
Every set of decisions other than the hand's cards that a viewer meets in whole
games is within one of the declared sets (the page keeps room for those from the
first frame, so a question that comes moves nothing); a card that carries a second
decision is declared (``under``), and so is a viewer who sits a deal out (``out``).
The declaration is the same at every step of a game. A trick in play declares its
places, the cards it holds once taken, so the page keeps them from its first card."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable import bridge, games
from cardtable.table import validate

OPTIONS = {"japanese_loo": {"players": 5}, "toepen": {"players": 4}}


def ask(request: dict) -> dict:
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer["model"]


@pytest.mark.parametrize("game", games.names())
def test_every_question_asked_is_within_the_room_declared(game):
    asked, under, out, rooms = set(), False, False, set()
    for seed in range(1, 7):
        model = ask({"op": "new", "game": game, "seed": seed, "options": OPTIONS.get(game), "level": "random"})
        pick = random.Random(seed)
        for _ in range(600):
            table = validate(model["table"])
            rooms.add(json.dumps(table["room"], sort_keys=True))
            out = out or table["seats"][0]["status"] == "out"
            if model["over"]:
                break
            if not model["your_turn"]:
                model = ask({"op": "bot"})
                continue
            held = set(table["seats"][0]["hand"])
            cards = Counter(d["card"] for d in table["decisions"] if d["group"] == "hand" and d["card"] in held)
            under = under or any(n > 1 for n in cards.values())
            shown = [d for d in table["decisions"] if not (d["group"] == "hand" and d["card"] in held)
                     and (not table["ahead"] or d["action"] != table["ahead"]["action"]) and d["group"] != "bid"]
            if shown:
                asked.add(tuple(sorted(d["label"]["key"] for d in shown)))
            model = ask({"op": "act", "action": pick.choice(model["legal"])})
    assert len(rooms) == 1, f"{game}: the room changed during a game"
    room = json.loads(rooms.pop())
    declared = [Counter(label["key"] for label in labels) for labels in room["sets"]]
    for keys in asked:
        assert any(not Counter(keys) - d for d in declared), f"{game}: {keys} asked, not within {room['sets']}"
    assert (room["under"] is not None) == under, \
        f"{game}: a second decision under a card: declared {room['under']}, seen {under}"
    assert room["out"] == out, f"{game}: the viewer sat a deal out: declared {room['out']}, seen {out}"


@pytest.mark.parametrize("game", games.names())
def test_a_trick_taken_holds_the_places_it_declared(game):
    """Every trick taken in whole games ends with as many cards as its last view in
    play declared places, one fewer for each player who folded since (Toepen's answer
    to a knock); a trick a deal's end cuts short is taken by nobody."""
    declared: dict[tuple, tuple[int, int]] = {}  # a trick by its first card: its places in play, the seats out then
    taken = 0
    for seed in range(1, 7):
        model = ask({"op": "new", "game": game, "seed": seed, "options": OPTIONS.get(game), "level": "random"})
        pick = random.Random(seed)
        for _ in range(600):
            table = validate(model["table"])
            out = sum(seat["status"] == "out" for seat in table["seats"])
            for area in table["areas"]:
                if not area["plays"]:
                    continue
                first = (area["plays"][0]["seat"], area["plays"][0]["card"])
                if area["current"]:
                    assert area["places"] >= len(area["plays"])
                    declared[first] = (area["places"], out)
                elif any(p["won"] for p in area["plays"]) and first in declared:
                    places, out_then = declared.pop(first)
                    assert len(area["plays"]) == places - (out - out_then), f"{game} seed {seed}: {area['id']}"
                    taken += 1
            if model["over"]:
                break
            model = ask({"op": "act", "action": pick.choice(model["legal"])}) if model["your_turn"] else ask({"op": "bot"})
    assert taken > 10, f"{game}: only {taken} tricks seen taken"
