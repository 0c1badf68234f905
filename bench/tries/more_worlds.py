"""Strong with more worlds in Japanese Loo and Brazilian Truco: how much of what it
loses is its search's own noise, not what it does not know.

Loo's ``strong`` tried each card over ``max(8, 128 // cards)`` worlds (about 25 with
five cards) and its play-or-drop over 64, each world one play-out by ``normal``'s
rules, while a deal's chips swing by the pot. Truco's ``strong`` solves 30 worlds
exactly. The levels ``wN`` keep everything else and draw N worlds; Loo's ``w256``
was merged as its ``strong`` (2026-12-06, late night), and ``w64`` is the ``strong``
of before. The Loo levels count chips alone, as they were measured (since 2026-12-07,
evening, ``strong`` also counts a share of the pot, ``value_after``):

    python bench/tries/more_worlds.py japanese_loo w256 w64 -p 4 -n 400 --seed 8001 -j 2
    python bench/tries/more_worlds.py brazilian_truco w120 strong -n 400 --seed 8001 -j 2

(the arguments are ``python -m cardtable_lab.arena``'s). Needs the lab's path: run
from the repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots  # noqa: E402
from cardtable.bots import japanese_loo as loo  # noqa: E402
from cardtable_lab import arena  # noqa: E402

COUNTS = {"japanese_loo": (64, 128, 256, 512), "brazilian_truco": (60, 120, 240)}

def chips_alone(self, state, me: int, action: str) -> float:
    """Loo's value of a play-out before 2026-12-07, evening: the seat's chips alone."""
    state.step(action)
    loo.rollout(state)
    return float(state.chips[me])


for _game, _counts in COUNTS.items():
    _strong = bots.module(_game).LEVELS["strong"]
    for _n in _counts:
        _fields = {"worlds": _n, "level": f"w{_n}"}
        if _game == "japanese_loo":
            _fields["value"] = chips_alone  # as measured (2026-12-06, late night)
        arena.RETIRED[(_game, f"w{_n}")] = type(f"{_strong.__name__}W{_n}", (_strong,), _fields)

if __name__ == "__main__":
    raise SystemExit(arena.main(sys.argv[1:]))
