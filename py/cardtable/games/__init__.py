"""The registry of games: ``names()`` lists them, ``get(name)`` returns a Game.

Each game lives in its own module and is imported only when asked for, so the page
loads just the game being played.
"""

from __future__ import annotations

import importlib

from ..protocol import Game, shown

#: The games, in the order the site lists them: the one list every page, the build
#: and the tests read (through ``names()`` and the games.json build.py writes).
#: Each is the module ``games/<name>.py`` defining ``GAME``, which names its other
#: parts (table, bots, lesson).
NAMES = ("le_truc", "tressette", "brazilian_truco", "japanese_loo", "toepen", "oneonta_whist")


def names() -> list[str]:
    """The playable games, in the order the site lists them."""
    return list(NAMES)


def get(name: str) -> Game:
    """The Game called ``name``; a clear ``ValueError`` for an unknown one."""
    if not isinstance(name, str) or name not in NAMES:
        raise ValueError(f"unknown game {shown(name)}; playable: {', '.join(names())}")
    return importlib.import_module(f"{__name__}.{name}").GAME
