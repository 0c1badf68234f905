"""The registry of games: ``names()`` lists them, ``get(name)`` returns a Game.

Each game lives in its own module and is imported only when asked for, so the page
loads just the game being played.
"""

from __future__ import annotations

import importlib

from ..engine import Game, shown

# name -> module; a game not yet written is listed in ``COMING`` for the chooser.
_MODULES = {"le_truc": "le_truc", "tressette": "tressette", "brazilian_truco": "brazilian_truco",
             "japanese_loo": "japanese_loo", "oneonta_whist": "oneonta_whist", "toepen": "toepen"}
COMING: list[str] = []


def names() -> list[str]:
    """The playable games, in the order the site lists them."""
    return list(_MODULES)


def get(name: str) -> Game:
    """The Game called ``name``; a clear ``ValueError`` for an unknown or coming one."""
    if not isinstance(name, str) or name not in _MODULES:
        if name in COMING:
            raise ValueError(f"{name} is not playable yet")
        raise ValueError(f"unknown game {shown(name)}; playable: {', '.join(names())}")
    return importlib.import_module(f"{__name__}.{_MODULES[name]}").GAME
