"""Today's deal: one deal a game and a day, the same cards for every player, without a server.

The day is the player's own calendar day (the page sends it as ``YYYY-MM-DD`` in
the player's time zone: a reader in Japan has a new deal at midnight JST). The
deal's seed comes from the game's name and the day alone, by a rule that never
changes once published (docs/daily.md):

    seed = random.Random("daily/<game>/<YYYY-MM-DD>").randrange(2**31)

(``protocol.derived_rng``: a string seed goes through SHA-512, the same in
CPython and Pyodide), so the same day gives the same deal on every machine and
in every runtime, and tests hold golden seeds for a few days. The rules are the article's (every
option at its default) and the bots the game's first level (``Game.default_level``);
what a daily is, a game's first deal or its whole game, is ``Game.daily``.
"""

from __future__ import annotations

import re

from . import games
from .protocol import MAX_SEED, derived_rng, shown

DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_day(day: object) -> str:
    """``day`` itself when it names a day of the calendar as ``YYYY-MM-DD``; a
    ValueError that says why for anything else. (By hand: the page's standard
    library leaves ``datetime`` out, sitebuild/stdlib-modules.txt.)"""
    if not isinstance(day, str) or not DAY.fullmatch(day):
        raise ValueError(f"today's deal needs a day written YYYY-MM-DD, not {shown(day)}")
    year, month, date = (int(part) for part in day.split("-"))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not (1 <= year and 1 <= month <= 12 and 1 <= date <= days[month - 1]):
        raise ValueError(f"{shown(day)} is no day of the calendar")
    return day


def daily_seed(game: str, day: object) -> int:
    """The seed of ``game``'s deal on ``day`` (see the module's rule)."""
    when = parse_day(day)
    games.get(game)  # an unknown game is refused by name
    return derived_rng("daily", game, when).randrange(MAX_SEED + 1)


def daily_setup(game: str, day: object) -> dict:
    """What starts ``game``'s deal of ``day``: its seed, the article's rules (no
    option changed) and the game's first bot level."""
    return {"seed": daily_seed(game, day), "options": None, "level": games.get(game).default_level,
            "day": parse_day(day)}


def is_daily(game: str, day: object, seed: int, options: dict, level: str) -> bool:
    """Whether a game with these (seed, resolved options, level) is ``game``'s deal of ``day``."""
    setup = daily_setup(game, day)
    return (seed == setup["seed"] and level == setup["level"]
            and options == games.get(game).resolve_options(None))
