"""The page's words (sitebuild/words.py): the shared ones in web/i18n/<lang>.json,
each game's in web/i18n/games/<name>.<lang>.json, merged by the build into the one
file the page fetches. Both languages have the same words, each file holds only
its own, a word has one place, and the built file is the merge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable import games
from sitebuild import DIST, BuildError, words

LANGS = ("en", "ja")


def test_the_build_finds_the_registry_s_games():
    assert words.game_names() == sorted(games.names())


def test_both_languages_have_the_same_words_but_english_singulars():
    """A `<key>.one` is a singular ("1 card"), which only a language that has one
    needs; every other word is in both languages, so neither page shows a bare key."""
    en, ja = words.load("en"), words.load("ja")
    assert set(ja) <= set(en), sorted(set(ja) - set(en))
    for key in set(en) - set(ja):
        assert key.endswith(".one") and key.removesuffix(".one") in ja, key


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_s_words_are_in_its_own_file_and_only_there(lang):
    shared = words.read(words.WORDS / f"{lang}.json")
    for game in games.names():
        own = words.read(words.game_file(game, lang))
        assert own, f"{game} has no words in {lang}"
        assert f"game.{game}" in own
        assert all(words.belongs(key, game) for key in own), game
        assert not any(words.belongs(key, game) for key in shared), game
    names = {p.name for p in words.GAMES.iterdir()}
    assert names == {f"{game}.{lang}.json" for game in games.names() for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_merge_is_every_file_s_words_each_once(lang):
    files = [words.WORDS / f"{lang}.json"] + [words.game_file(game, lang) for game in games.names()]
    merged = words.load(lang)
    assert len(merged) == sum(len(words.read(path)) for path in files)
    for path in files:
        assert words.read(path).items() <= merged.items(), path.name


def write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def sources(tmp_path, monkeypatch):
    """Words files of two games in a folder of their own, for the refusals."""
    monkeypatch.setattr(words, "WORDS", tmp_path)
    monkeypatch.setattr(words, "GAMES", tmp_path / "games")
    monkeypatch.setattr(words, "ROOT", tmp_path)
    monkeypatch.setattr(words, "game_names", lambda: ["le_truc", "toepen"])
    write(tmp_path / "en.json", {"site.title": "Card Table"})
    write(tmp_path / "games" / "le_truc.en.json", {"game.le_truc": "Le Truc"})
    write(tmp_path / "games" / "toepen.en.json", {"game.toepen": "Toepen"})
    assert words.load("en") == {"site.title": "Card Table", "game.le_truc": "Le Truc", "game.toepen": "Toepen"}
    return tmp_path


@pytest.mark.parametrize("path, data, says", [
    ("en.json", {"site.title": "Card Table", "game.toepen": "Toepen"}, "belongs in its game's file"),
    ("games/le_truc.en.json", {"game.le_truc": "Le Truc", "option.toepen.x": "X"}, "is not a word of le_truc"),
    ("games/spades.en.json", {"game.spades": "Spades"}, "no game of that name"),
])
def test_a_word_out_of_its_place_is_refused(sources, path, data, says):
    write(sources / path, data)
    with pytest.raises(BuildError, match=says):
        words.load("en")


def test_a_key_of_two_games_in_both_their_files_is_refused(sources):
    write(sources / "games" / "le_truc.en.json", {"game.le_truc": "Le Truc", "le_truc.toepen": "X"})
    write(sources / "games" / "toepen.en.json", {"game.toepen": "Toepen", "le_truc.toepen": "X"})
    with pytest.raises(BuildError, match="defined twice"):
        words.load("en")


def test_a_key_written_twice_in_one_file_is_refused(sources):
    (sources / "en.json").write_text('{"site.title": "A", "site.title": "B"}', encoding="utf-8")
    with pytest.raises(BuildError, match="defined twice"):
        words.load("en")


def test_a_game_without_its_words_is_refused(sources):
    (sources / "games" / "toepen.en.json").unlink()
    with pytest.raises(BuildError, match="missing"):
        words.load("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_words_are_the_merge(lang):
    built = DIST / "web" / "i18n" / f"{lang}.json"
    if not built.exists():
        pytest.skip("dist/ is not built (python build.py)")
    assert json.loads(built.read_text(encoding="utf-8")) == words.load(lang)
    assert not (DIST / "web" / "i18n" / "games").exists(), "the games' own files are merged, not shipped"
