"""The registry of games: ``names()`` lists them, ``get(name)`` returns a Game.

A game is the module ``games/<name>.py`` ending with its ``GAME``: nothing else
registers it. Each is imported only when asked for, so the page loads just the
game being played; ``names()`` (the site's list, for the build, a share code and
the tests) imports them all to read their ``number``, the order the site lists
them in and the index a share code names a game by.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from ..protocol import Game, shown


def _modules() -> list[str]:
    """Every game module's name: the package's own files, none imported."""
    return sorted(p.stem for p in Path(__file__).parent.glob("*.py") if not p.stem.startswith("_"))


def names() -> list[str]:
    """The playable games, in the order the site lists them (their ``number``)."""
    return sorted(_modules(), key=lambda name: get(name).number)


def numbered(number: int) -> str | None:
    """The game whose ``number`` this is (a share code's), or None."""
    return next((name for name in _modules() if get(name).number == number), None)


def get(name: str) -> Game:
    """The Game called ``name``; a clear ``ValueError`` for an unknown one."""
    known = isinstance(name, str) and name.isidentifier() and not name.startswith("_") \
        and importlib.util.find_spec(f"{__name__}.{name}") is not None
    if not known:
        raise ValueError(f"unknown game {shown(name)}; playable: {', '.join(_modules())}")
    game = importlib.import_module(f"{__name__}.{name}").GAME
    if game.name != name:
        raise ValueError(f"games/{name}.py declares the game {game.name!r}")
    return game
