"""The page's words in one language: the words shared by every page
(web/i18n/<lang>.json) merged with each game's own (web/i18n/games/<name>.<lang>.json),
so a game's words live in files of that game. The build ships the merge as
dist/web/i18n/<lang>.json, the one file the page fetches; the build's other parts and
the tests read the words here, never the files themselves.

A game's words are the keys that name it as a dotted part (`game.<name>`,
`option.<name>.*`, `<name>.*`, `log.<name>.*`...). A key defined twice, or a game's
file holding a key that is not its game's, is refused: a word has one place.
"""

from __future__ import annotations

import json
from pathlib import Path

from sitebuild import ROOT, BuildError

WORDS = ROOT / "web" / "i18n"
GAMES = WORDS / "games"
#: The registry: a game is a module of this package (cardtable.games), which the
#: build lists without importing it (games_json asks the engine in a child process).
REGISTRY = ROOT / "py" / "cardtable" / "games"


def game_names() -> list[str]:
    """The registered games, by name (the modules of cardtable.games, as ``games._modules``)."""
    return sorted(p.stem for p in REGISTRY.glob("*.py") if not p.stem.startswith("_"))


def belongs(key: str, game: str) -> bool:
    """Whether a key is one of ``game``'s words: it names the game as a dotted part."""
    return game in key.split(".")


def read(path: Path) -> dict[str, str]:
    """One words file, refusing a key written twice in it (json.loads keeps the last)."""
    def pairs(items: list[tuple[str, str]]) -> dict[str, str]:
        seen = {}
        for key, value in items:
            if key in seen:
                raise BuildError(f"{path.relative_to(ROOT)}: {key} is defined twice")
            seen[key] = value
        return seen
    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=pairs)


def game_file(game: str, lang: str) -> Path:
    """Where ``game``'s words in ``lang`` live."""
    return GAMES / f"{game}.{lang}.json"


def load(lang: str) -> dict[str, str]:
    """Every word of the page in ``lang``: the shared ones, then each game's (by name)."""
    names = game_names()
    merged = read(WORDS / f"{lang}.json")
    for key in merged:
        if any(belongs(key, game) for game in names):
            raise BuildError(f"web/i18n/{lang}.json: {key} belongs in its game's file")
    for path in sorted(GAMES.glob(f"*.{lang}.json")):
        if path.name.removesuffix(f".{lang}.json") not in names:
            raise BuildError(f"{path.relative_to(ROOT)}: no game of that name is registered")
    for game in names:
        path = game_file(game, lang)
        if not path.exists():
            raise BuildError(f"{path.relative_to(ROOT)} is missing: every game has its words")
        for key, value in read(path).items():
            if not belongs(key, game):
                raise BuildError(f"{path.relative_to(ROOT)}: {key} is not a word of {game}")
            if key in merged:
                raise BuildError(f"{path.relative_to(ROOT)}: {key} is defined twice")
            merged[key] = value
    return merged


def encoded(lang: str) -> bytes:
    """The merged words as the site ships them, formatted like the sources."""
    return (json.dumps(load(lang), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
