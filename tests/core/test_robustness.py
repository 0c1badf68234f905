"""Robustness: whatever the page (or a hand-edited address, save or share code)
sends the bridge, for every game, at random points of random games: junk is
refused with a sentence a player can read (never a traceback, never an
``internal`` answer), and the game that was running, a demo's recorded moves
included, is exactly as it was."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from cardtable import bridge, games
from cardtable.protocol import shown
from cardtable.session import Session
from tests.support.state_checks import played

GAMES = games.names()
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
EXAMPLES = 25  # per game and test: six games, so about 150 examples a test

ALL_CARDS = sorted({c for name in GAMES for c in getattr(__import__(f"cardtable.games.{name}",
                                                                    fromlist=["DECK"]), "DECK")})
VERBS = ["play", "keep", "redo", "refuse", "exchange", "accept", "fold", "truco", "run", "raise", "in", "out",
         "bid", "knock", "stay", "pass", "burn", "challenge", "whistle", "stand", "silent", "claim", "flip"]

# --------------------------------------------------------------------------- junk
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=30))
junk = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                    max_leaves=12)
huge_text = st.integers(200, 200_000).map(lambda n: "play " + "K" * n)
legal_looking = st.builds(lambda v, c, d: " ".join(filter(None, [v, c, d])), st.sampled_from(VERBS),
                          st.sampled_from(ALL_CARDS + ["", "XX", "10", "-1", "99"]),
                          st.sampled_from(["", "down", "up", "KS"]))
odd_text = st.text(alphabet="がトゥルック🂡\u200b\u0000 \t\n", max_size=20)  # kana, zero-width, NUL, spaces
actions = st.one_of(legal_looking, st.text(max_size=40), odd_text, huge_text, junk)


def ask(request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def table() -> tuple:
    """Everything a refusal must leave alone: the human's model (view, legal moves,
    share code, save), every seat's view, and a demo's recorded moves."""
    s = bridge.default.session
    views = [s.state.view(seat) for seat in range(s.state.num_players)]
    return json.dumps([s.model(), s.save(), views], sort_keys=True, default=str), list(bridge.default.recorded)


def assert_clear_refusal(answer: dict, kinds=("illegal", "bad_request", "bad_save"), names=()) -> None:
    """A refusal of a kind the page knows, with a sentence (optionally naming one of
    ``names``, as sent or quoted), not an exception's name or a traceback, and not
    pages long."""
    assert answer["ok"] is False, answer
    assert answer["kind"] in kinds, answer
    error = answer["error"]
    assert isinstance(error, str) and 8 <= len(error) <= 400 and " " in error, error
    for sign in ("Traceback", "unhashable", "object has no attribute", "NoneType", "object is not",
                 "invalid literal", "index out of range", "not supported between"):
        assert sign not in error, error
    assert not re.match(r"[A-Z]\w*(Error|Exception)\b", error), error
    if names:
        assert any(n in error or shown(n) in error for n in names), (names, error)


def random_session(game: str, seed: int, moves: int) -> Session:
    """A game ``moves`` random moves in (random bots), the human in seat 0."""
    return played(game, seed, moves, level="random")


@st.composite
def tables(draw, game):
    """A running game in the bridge, at a random point, sometimes a demo with
    recorded moves still to come (opened from a share code with ``stop``)."""
    seed = draw(st.integers(0, 2**31 - 1))
    s = random_session(game, seed, draw(st.integers(0, 120)))
    if draw(st.booleans()) and s.actions:
        answer = ask({"op": "share", "code": s.share_code(), "stop": draw(st.integers(0, len(s.actions) - 1))})
        assert answer["ok"] and answer["recorded"] > 0
    else:
        assert ask({"op": "restore", "save": s.save()})["ok"]
    return s


# --------------------------------------------------------------------------- actions
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(data=st.data())
def test_malformed_or_wrong_actions_are_refused_and_change_nothing(game, data):
    """Random text, unicode, huge strings, non-strings, legal-looking moves, and the
    bot's own legal moves played out of turn: refused, the table untouched."""
    data.draw(tables(game))
    state = bridge.default.session.state
    candidates = [actions]
    if not state.is_over and state.to_act != 0:  # a bot's move, sent as the human's
        candidates.append(st.sampled_from(state.legal_actions()))
    action = data.draw(st.one_of(*candidates))
    human_turn = not state.is_over and state.to_act == 0
    assume(not (isinstance(action, str) and human_turn and " ".join(action.split()) in state.legal_actions()))
    before = table()
    answer = ask({"op": "act", "action": action})
    assert_clear_refusal(answer, kinds=("illegal",))
    assert table() == before
    ops = ["step", "bot"] if human_turn else ["hint", "advice", "step", "bot"]  # (the advisor's odds are dear)
    for op in ops:  # the other turn requests: answered, or refused cleanly
        before = table()
        answer = ask({"op": op})
        if not answer["ok"]:
            assert_clear_refusal(answer, kinds=("illegal",))
            assert table() == before


# --------------------------------------------------------------------------- options
def strict_in(value, choices) -> bool:
    return any(type(value) is type(c) and value == c for c in choices)


@st.composite
def bad_options(draw, game):
    """Options for ``game`` with exactly one bad entry: an unknown name, a value of
    the wrong type, or a number out of range. Returns (options, the bad name)."""
    spec = games.get(game).options
    name = draw(st.sampled_from(sorted(spec) + ["?unknown"]))
    if name == "?unknown":
        name = draw(st.text(min_size=1, max_size=20).filter(lambda k: k not in spec))
        return {name: draw(junk)}, name
    opt = spec[name]
    if opt.choices:
        value = draw(junk.filter(lambda v: not strict_in(v, opt.choices)))
    elif isinstance(opt.default, bool):
        value = draw(junk.filter(lambda v: not isinstance(v, bool)))
    else:
        out_of_range = st.one_of(st.integers(max_value=opt.minimum - 1), st.integers(min_value=opt.maximum + 1))
        value = draw(st.one_of(junk.filter(lambda v: isinstance(v, bool) or not isinstance(v, int)), out_of_range))
    return {name: value}, name


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(data=st.data())
def test_malformed_options_are_refused_naming_the_option(game, data):
    """``new`` with a bad option (unknown, wrong type, out of range, nested junk) or
    options that are not a mapping: refused as a bad request naming the option,
    and the game already running (or demo) untouched."""
    data.draw(tables(game))
    before = table()
    if data.draw(st.integers(0, 5)) == 0:
        options, names = data.draw(junk.filter(lambda v: not isinstance(v, dict) and v is not None)), ("options",)
    else:
        options, bad = data.draw(bad_options(game))
        names = (bad, "first_dealer") if bad == "players" else (bad,)  # fewer players can strand the dealer
    answer = ask({"op": "new", "game": game, "seed": 1, "options": options})
    assert_clear_refusal(answer, kinds=("bad_request",), names=names)
    assert table() == before


@pytest.mark.parametrize("field, values", [
    ("game", junk.filter(lambda v: v not in GAMES)),
    ("seed", junk.filter(lambda v: isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 2**31)),
    ("level", junk.filter(lambda v: v not in ("random", "easy", "normal", "strong"))),
    ("human", junk.filter(lambda v: v != 0)),
])
@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(data=st.data())
def test_malformed_new_game_requests_are_refused(field, values, data):
    """``new`` with a bad game, seed, level or seat: refused, naming what is wrong."""
    game = data.draw(st.sampled_from(GAMES))
    data.draw(tables(game))
    before = table()
    request = {"op": "new", "game": game, "seed": 7, "level": "normal", "human": 0}
    request[field] = data.draw(values)
    assume(not (field == "human" and isinstance(request["human"], int) and not isinstance(request["human"], bool)
                and 0 <= request["human"] < games.get(game).new_game(seed=7).num_players))
    answer = ask(request)
    assert_clear_refusal(answer, kinds=("bad_request",), names=({"human": "seat"}.get(field, field),))
    assert table() == before


# --------------------------------------------------------------------------- saves
@st.composite
def damaged_saves(draw, session: Session):
    """A real save with one field made wrong, or its moves changed so that they no
    longer replay, or something that is not a save at all; and what the refusal
    should name."""
    save = json.loads(json.dumps(session.save()))
    how = draw(st.sampled_from(["junk", "text", "v", "game", "seed", "options", "level", "human",
                                "actions", "move"]))
    if how == "junk":
        return draw(junk.filter(lambda v: not isinstance(v, dict))), ("not readable",)
    if how == "text":  # a save cut short where the page keeps it as text
        text = json.dumps(save)
        return text[:draw(st.integers(0, len(text) - 1))], ("not readable",)
    if how == "actions":
        not_all_text = st.lists(junk, min_size=1).filter(lambda v: not all(isinstance(a, str) for a in v))
        save["actions"] = draw(st.one_of(junk.filter(lambda v: not isinstance(v, list)), not_all_text))
        return save, ("moves",)
    if how == "move":  # a move replaced by one that is not legal at that point
        assume(save["actions"])
        k = draw(st.integers(0, len(save["actions"]) - 1))
        replay = Session(session.game_name, session.seed, session.options, "random")
        for a in save["actions"][:k]:
            replay._play(a)
        legal = replay.state.legal_actions()
        save["actions"][k] = draw(actions.filter(lambda a: isinstance(a, str) and " ".join(a.split()) not in legal))
        return save, (f"move {k + 1}",)
    if how == "options":
        save["options"] = draw(st.one_of(bad_options(session.game_name).map(lambda o: o[0]),
                                         junk.filter(lambda v: not isinstance(v, dict) and v is not None)))
        return save, ("set up",)
    save[how] = draw({
        "v": junk.filter(lambda v: not (type(v) is int and v == 1)),
        "game": junk.filter(lambda v: v not in GAMES),
        "seed": junk.filter(lambda v: isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 2**31),
        "level": junk.filter(lambda v: v not in ("random", "easy", "normal", "strong")),
        "human": junk.filter(lambda v: v != 0),
    }[how])
    if how == "human" and type(save["human"]) is int and 0 <= save["human"] < session.state.num_players:
        return save, None  # another seat is a fine save
    return save, ("format version",) if how == "v" else ("set up",)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(data=st.data())
def test_damaged_saves_are_refused_and_the_running_game_kept(game, data):
    """``restore`` with random JSON, a cut or altered real save, a field of the
    wrong type, or moves that do not replay: refused as ``bad_save`` saying why,
    and the game on the table (or demo) untouched."""
    data.draw(tables(game))
    other = random_session(game, data.draw(st.integers(0, 2**31 - 1)), data.draw(st.integers(0, 80)))
    save, names = data.draw(damaged_saves(other))
    assume(names is not None)
    before = table()
    answer = ask({"op": "restore", "save": save})
    assert_clear_refusal(answer, kinds=("bad_save",), names=names)
    assert table() == before


# --------------------------------------------------------------------------- share codes
def code_bytes(code: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        return None


@st.composite
def damaged_codes(draw, code: str):
    """A real share code with characters changed, cut, inserted or deleted, or random
    text, or not text at all."""
    how = draw(st.sampled_from(["change", "cut", "insert", "delete", "text", "junk"]))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if how == "text":
        return draw(st.text(max_size=60))
    if how == "junk":
        return draw(junk.filter(lambda v: not isinstance(v, str)))
    i = draw(st.integers(0, len(code) - 1))
    if how == "change":
        return code[:i] + draw(st.sampled_from(alphabet + "=+/ !é")) + code[i + 1:]
    if how == "cut":
        return code[:i]
    if how == "insert":
        return code[:i] + draw(st.text(alphabet=alphabet + "=+/ ", min_size=1, max_size=3)) + code[i:]
    return code[:i] + code[i + 1:]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES * 3, **SETTINGS)
@given(data=st.data())
def test_damaged_share_codes_are_refused_and_the_running_game_kept(game, data):
    """``share`` with a damaged code, random text or a non-string: refused as
    ``bad_save``, the table untouched; a change that leaves the same bytes (a
    base64 letter's unused bits) opens the same game."""
    data.draw(tables(game))
    shared = random_session(game, data.draw(st.integers(0, 2**31 - 1)), data.draw(st.integers(0, 80)))
    code = shared.share_code()
    bad = data.draw(damaged_codes(code))
    before = table()
    answer = ask({"op": "share", "code": bad})
    if answer["ok"]:
        assert isinstance(bad, str) and code_bytes(bad) == code_bytes(code)
        assert answer["model"]["save"] == shared.save()
        return
    assert_clear_refusal(answer, kinds=("bad_save",))
    assert table() == before


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, **SETTINGS)
@given(data=st.data())
def test_bad_demo_stops_are_refused_and_the_running_game_kept(game, data):
    """``share`` with a sound code but a ``stop`` that is not a whole number of
    moves (negative, fractional, text, a list ...): refused naming the stopping
    move, the table untouched."""
    data.draw(tables(game))
    code = random_session(game, data.draw(st.integers(0, 2**31 - 1)), 20).share_code()
    stop = data.draw(junk.filter(lambda v: v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0)))
    before = table()
    answer = ask({"op": "share", "code": code, "stop": stop})
    assert_clear_refusal(answer, kinds=("bad_save",), names=("stopping move",))
    assert table() == before


def test_a_forged_code_with_a_sound_check_is_refused_like_a_damaged_one():
    """A code rebuilt with a valid checksum around impossible contents (a seat
    that does not exist, rules that are not a mapping, an unknown game): refused."""
    code = random_session("le_truc", 5, 12).share_code()
    body = bytearray(code_bytes(code)[:-4])
    for forge in (lambda b: b.__setitem__(3, 7), lambda b: b.__setitem__(1, 99), lambda b: b.__setitem__(0, 2)):
        forged = bytearray(body)
        forge(forged)
        data = bytes(forged) + zlib.crc32(bytes(forged)).to_bytes(4, "big")
        before = table() if bridge.default.session else None
        answer = ask({"op": "share", "code": base64.urlsafe_b64encode(data).decode().rstrip("=")})
        assert_clear_refusal(answer, kinds=("bad_save",))
        assert before is None or table() == before


# --------------------------------------------------------------------------- requests
@settings(max_examples=60, **SETTINGS)
@given(text=st.one_of(st.text(max_size=80), st.sampled_from(["[" * 100_000, '{"op": ' * 50_000, "NaN", "1e999"]),
                      junk.map(json.dumps)))
def test_any_request_text_gets_an_answer_not_a_crash(text):
    """Whatever text reaches the bridge (cut, deeply nested, not an object), the
    answer is a clear refusal or a real answer, never an internal error."""
    answer = json.loads(bridge.handle(text))
    if not answer["ok"]:
        assert_clear_refusal(answer)


# --------------------------------------------------------------------------- found by this suite
@pytest.mark.parametrize("request_, names", [
    # a negative seed made the share code's number encoding loop for ever: the page hung
    ({"op": "new", "game": "le_truc", "seed": -1}, ("seed",)),
    ({"op": "new", "game": "toepen", "seed": 2**31}, ("seed",)),
    # a seat given as True or 1.0 passed as seat 1 (True == 1), and 1.0 then broke the deal
    ({"op": "new", "game": "le_truc", "options": {"first_dealer": 1.0}}, ("first_dealer",)),
    ({"op": "new", "game": "tressette", "options": {"first_dealer": True}}, ("first_dealer",)),
    ({"op": "new", "game": "toepen", "options": {"stake_cap": 8.0}}, ("stake_cap",)),
    # the solitaire has no bots to refuse a level: the share code failed after the table was replaced
    ({"op": "new", "game": "oneonta_whist", "level": "god"}, ("level",)),
    ({"op": "new", "game": ["le_truc"]}, ("game",)),  # "unhashable type: 'list'"
    ({"op": "new", "game": "le_truc", "level": {"a": 1}}, ("level",)),
    ({"op": "act", "action": None}, ("action",)),  # "'NoneType' object has no attribute 'split'"
    ({"op": "act", "action": "play " + "K" * 100_000}, ("not a move",)),  # quoted back whole
    ({"op": "restore", "save": {"v": True, "game": "le_truc", "seed": 1, "actions": []}}, ("version",)),
])
def test_requests_that_once_broke_the_bridge_are_refused_cleanly(request_, names):
    """Each of these was answered with an internal error, a hang, an unreadable
    message, or accepted: now a clear refusal, and a running demo keeps its moves."""
    s = random_session("le_truc", 3, 30)
    assert ask({"op": "share", "code": s.share_code(), "stop": 10})["recorded"] == 20
    before = table()
    answer = ask(request_)
    assert_clear_refusal(answer, names=names)
    assert table() == before
