"""Each game's part of the shared test support, one module a game:
``tests/support/games/<name>.py``, found by the game's name, so that a new game adds
its own file and edits none shared. Each holds every name of ``PARTS``; the shared
modules (invariants.py, random_play.py, ledgers.py, pages.py) and the tests reach
them through ``part(game)`` or a ``ByGame`` mapping, which import the game's module
only when asked (it imports the shared base classes: no cycle)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from cardtable import games

PARTS = (
    "CHECKER",          # its invariant checker (a tests.support.invariants.Checker)
    "WRONG_COUNT",      # (a tamper with the state's counts, what the checker says then)
    "PROFILE",          # how the random-game tests play it (a random_play.Profile)
    "LEDGER",           # what its events pay (a tests.support.ledgers.Ledger)
    "LEDGER_CASES",     # options the event-ledger contract plays
    "BOT_TABLES",       # options its bots play whole games at
    "BOT_HONESTY",      # where its bots' honesty positions are taken
    "DEFAULT_LEVEL",    # the bot level a new table starts at
    "review_scenario",  # move -> (deck, options, actions): seat 0's move last, on a stacked deck
    "BLUNDER",          # the move there the review flags
    "RIGHT",            # the move there the review takes for best
    "SHORT_GAME",       # a page address's options that keep its game short
    "HOME_PLAYERS",     # {lang: what the landing page says under its name}
    "ARTICLES",         # the articles its rules follow
)


def part(game: str):
    """The support module of ``game`` (a ModuleNotFoundError names a game without one)."""
    return importlib.import_module(f"{__name__}.{game}")


class ByGame(Mapping):
    """One part of every registered game, by the game's name, read when asked."""

    def __init__(self, name: str):
        self.name = name

    def __getitem__(self, game: str):
        if game not in games.names():
            raise KeyError(game)
        return getattr(part(game), self.name)

    def __iter__(self):
        return iter(games.names())

    def __len__(self):
        return len(games.names())
