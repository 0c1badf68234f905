"""A hint as words (py/cardtable/hinttext.py): the sentence the page only says, in
words both languages have, naming the action as the table labels it and the bot's
chance rounded, never "about 0%" or "about 100%"."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from cardtable import games
from cardtable.hinttext import chance, words
from cardtable.session import Session
from cardtable.table import text, text_keys, validate_text
from sitebuild.words import load as load_words

ROOT = Path(__file__).resolve().parents[2]
WORDS = {lang: load_words(lang) for lang in ("en", "ja")}


def test_a_chance_is_rounded_and_never_about_none_or_all():
    assert chance(40.4) == text("hint.chance", n=40) and chance("40.5%") == text("hint.chance", n=41)
    assert chance("0.4%") == text("hint.chance.low") and chance(99.6) == text("hint.chance.high")
    assert chance(None) == "" and chance("n/a") == ""


def test_the_sentence_names_a_card_as_the_table_does_and_gives_the_reason_after_it():
    label = text("action.play", card=text("card.name", code="7S"))
    decisions = [{"action": "play 7S", "label": label}]
    said = words("le_truc", "play 7S", {"key": "hint.le_truc.play", "card": "7S", "pct": 63}, "normal", decisions)
    assert said == text("hint.with_reason", says=text("hint.says", level=text("level.normal"), action=label),
                        why=text("hint.le_truc.play", card=text("card.name", code="7S"), pct=63,
                                 about=text("hint.chance", n=63)))
    assert words("toepen", "knock", {"key": "hint.generic"}, "normal", []) == text(
        "hint.says", level=text("level.normal"), action=text("action.toepen.knock"))
    assert words("oneonta_whist", "bid 3", {"key": "hint.generic"}, "strong", [])["key"] == "hint.oneonta_whist.says"


def test_a_game_s_own_action_words_are_the_ones_it_declares():
    for game in games.names():
        module = importlib.import_module(f"cardtable.tables.{game}")
        own = {k.removeprefix(f"action.{game}.") for k in WORDS["en"] if k.startswith(f"action.{game}.")}
        assert set(getattr(module, "OWN_ACTION_WORDS", ())) == own, game


@pytest.mark.parametrize("game", games.names())
def test_every_hint_of_a_game_is_a_sentence_in_both_languages(game):
    s = Session(game, 11, level="random")
    hints = 0
    while not s.state.is_over and hints < 12:
        if s.bot_to_act:
            s.bot_step()
            continue
        hint = s.hint()
        validate_text(hint["words"])
        missing = {k for k in text_keys({"w": hint["words"]}) for lang in WORDS if k not in WORDS[lang]}
        assert not missing, f"words missing from web/i18n: {sorted(missing)}"
        hints += 1
        s.act(hint["action"])
    assert hints >= 3
