"""Today's ``strong`` against the ``strong`` of issue 39: the whole gain, by head to head.

Issue 39's item 2 asks each game's ``strong`` to gain +0.25 over the ``strong`` of the
day the issue was filed. This script registers that bot as the arena level
``issue``: its module is read from git at ``ISSUE_BASE`` (the last commit before the
issue's first work) and loaded beside today's, so it plays against today's engine
(whose changes since are additive: new view fields the old bot does not read).

    python bench/tries/issue_strong.py toepen strong issue -p 4 -n 400 --seed 9101 -j 2

(the arguments are ``python -m cardtable_lab.arena``'s). Tressette's ``w30`` and
Japanese Loo's ``w64`` (``tressette_strong.py``, ``more_worlds.py``) are the same
bots by their settings, and Brazilian Truco's ``doubt70`` (``truco_reading.py``). Needs the
repository's history and the lab's path: run from the repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench.bot_speed import bots_module  # noqa: E402
from cardtable_lab import arena  # noqa: E402

ISSUE_BASE = "5f820dc^"  # main before the first commit of issue 39's work (2026-11-28)
GAMES = ("toepen",)


def issue_module(game: str):
    """The game's bots module as it was at ``ISSUE_BASE``, loaded as
    ``cardtable.bots.<game>_issue`` (so its relative imports find today's package)."""
    return bots_module(game, ISSUE_BASE, "issue")


for _game in GAMES:
    arena.RETIRED[(_game, "issue")] = issue_module(_game).LEVELS["strong"]

if __name__ == "__main__":
    raise SystemExit(arena.main(sys.argv[1:]))
