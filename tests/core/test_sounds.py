"""The sounds the page plays (web/js/page/sound.js) are the engine's: each line of the
log carries the sound its event makes (a card played, a trick taken, a raise or a
knock: the game's tables module's ``SOUNDS``), and each finished deal, round or game
in the session's history whether the player won or lost it (their standing rose or
fell over the deal; the game's outcome). Checked over seeded games of every game,
the player's moves chosen at random, against what the rules say each event is."""

from __future__ import annotations

import io
import random
import struct
import wave

import pytest

from cardtable import games
from cardtable.session import Session
from cardtable.table import END_SOUNDS, LINE_SOUNDS, SOUNDS, validate_line
from sitebuild import site, sounds

#: The events that raise the stake in each game that has one: Le Truc's card played
#: face down (an offer to double), Brazilian Truco's truco and its raises, Toepen's knock.
RAISES = {"le_truc": {("play", True)}, "brazilian_truco": {("truco", False), ("raise", False)},
          "toepen": {("knock", False)}}


def expected(game: str, kind: str, down: bool) -> str | None:
    """The sound a line of ``kind`` should make, by the rules, not by the module's table."""
    if (kind, down) in RAISES.get(game, set()):
        return "raise"
    return {"play": "card", "trick": "trick"}.get(kind)


def played(game: str, seed: int):
    """A game against random bots, the player moving at random: yields (session,
    events of a move, the player's standing before that move) after every move."""
    s = Session(game, seed, level="random")
    rng = random.Random(f"sounds/{game}/{seed}")
    while not s.state.is_over:
        before = s.state.standing(0)
        events = s.bot_step()[1] if s.bot_to_act else s.act(rng.choice(s.state.legal_actions()))
        yield s, events, before


@pytest.mark.parametrize("game", games.names())
def test_every_line_makes_the_sound_of_its_event_and_every_deal_is_won_or_lost(game):
    lines, ends = set(), set()
    for seed in range(1, 13):
        since = None  # the player's standing when the last deal ended
        for s, events, before in played(game, seed):
            since = before if since is None else since
            model = s.model(events)
            for event, line in zip(events, model["log"]):
                validate_line(line)
                down = bool(event.get("down"))
                assert line["sound"] == expected(game, event["type"], down), (game, seed, event)
                if line["sound"]:
                    lines.add(line["sound"])
            if any(line["closes"] for line in model["log"]):
                entry = model["history"][-1]
                now = s.state.standing(0)
                if entry["closes"] == "game":
                    outcome = s.state.table(0)["result"]["outcome"]
                    assert entry["sound"] == {"win": "won", "loss": "lost", "draw": None}[outcome], (game, seed)
                else:
                    assert entry["sound"] == ("won" if now > since else "lost" if now < since else None), (game, seed)
                    if entry["sound"]:
                        ends.add(entry["sound"])
                since = now
        assert Session.restore(s.save()).model()["history"] == s.model()["history"]  # a restore hears the same
        if lines == ({"card", "trick"} | ({"raise"} if game in RAISES else set())) and ends == set(END_SOUNDS):
            break
    assert lines == {"card", "trick"} | ({"raise"} if game in RAISES else set()), game
    assert ends == set(END_SOUNDS), f"{game}: a deal won and a deal lost in twelve games"


@pytest.mark.parametrize("game", games.names())
def test_a_game_s_sounds_are_lines_sounds_and_close_nothing(game):
    module = games.get(game).table_module()
    assert module.SOUNDS and set(module.SOUNDS.values()) <= set(LINE_SOUNDS)
    assert not {kind.split(".")[0] for kind in module.SOUNDS} & set(module.CLOSES)  # an ending's sound is won or lost


def test_le_truc_a_round_folded_is_lost_by_the_folder_and_won_by_the_other():
    """Le Truc, the player offering to double with every card and folding to every
    offer: a round they fold is lost, one a bot folds to their face-down card is won,
    whatever the score was before."""
    heard = {}
    for seed in range(1, 20):
        s = Session("le_truc", seed, level="random")
        while not s.state.is_over and len(heard) < 2:
            if s.bot_to_act:
                events = s.bot_step()[1]
            else:
                legal = s.state.legal_actions()
                action = next((a for a in legal if a in ("fold", "keep", "refuse") or a.endswith(" down")), legal[0])
                events = s.act(action)
            folds = [e for e in events if e["type"] == "fold"]
            if folds and not s.state.is_over:
                folder = "player" if folds[0]["seat"] == 0 else "bot"
                heard[folder] = s.history[-1]["sound"]
        if len(heard) == 2:
            break
    assert heard == {"player": "lost", "bot": "won"}


# --------------------------------------------------------------------- the files
def test_every_sound_the_engine_names_is_a_small_short_wav_the_build_makes():
    """sitebuild/sounds.py makes one file per sound (the build never imports the
    engine, so the two lists are held equal here): mono 16-bit PCM at 22,050 Hz,
    under a fifth of a second and 10 KB, not clipped, silent at both ends (no
    click), and the same bytes every build."""
    assert set(sounds.NAMES) == set(SOUNDS)
    for name in sounds.NAMES:
        data = sounds.wav(name)
        assert len(data) < 10_000 and data == sounds.wav(name), name
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050), name
            assert w.getnframes() / w.getframerate() <= 0.2, name
            pcm = struct.unpack(f"<{w.getnframes()}h", w.readframes(w.getnframes()))
        assert 8000 < max(abs(x) for x in pcm) < 32767, name
        assert abs(pcm[0]) < 200 and abs(pcm[-1]) < 200, name


def test_the_sounds_are_never_precached():
    """A player who never turns sound on never downloads it: the service worker's
    install leaves web/sounds/ out (it keeps a file once a page fetched it)."""
    assert all(site.NOT_PRECACHED.match(f"web/sounds/{name}.wav") for name in sounds.NAMES)
    assert not site.NOT_PRECACHED.match("web/js/page/sound.js")  # the code that plays them is precached
