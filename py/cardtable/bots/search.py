"""Game-independent search helpers for the bots.

Every budget here is a count (worlds, nodes, bisection steps), never a clock, so
a seeded decision replays the same on any machine and in any runtime.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence


def highest_passing(test: Callable[[int], object], lo: int, hi: int) -> tuple[int, object]:
    """The largest ``p`` in ``[lo, hi]`` whose ``test(p)`` is truthy, and that answer.

    ``test`` must be monotone (true up to some point, false after) and ``test(lo)``
    true; it is asked about log2(hi - lo) times. Used to turn yes/no searches
    ("can I make at least p?") into an exact value without ever searching a wide
    window, which is where alpha-beta is fastest.
    """
    best = test(lo)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        got = test(mid)
        if got:
            lo, best = mid, got
        else:
            hi = mid - 1
    return lo, best


def average_over_worlds(worlds: Sequence, moves: Sequence[Hashable],
                        evaluate: Callable[[object], Sequence[float]]) -> list[float]:
    """Determinized search (PIMC): each move's mean value over sampled worlds.

    ``evaluate(world)`` returns one value per move, in the order of ``moves``, for
    a world in which every hidden card has been dealt; averaging over worlds drawn
    consistently with what the player knows estimates the move's worth.
    """
    totals = [0.0] * len(moves)
    for w in worlds:
        for i, v in enumerate(evaluate(w)):
            totals[i] += v
    n = max(1, len(worlds))
    return [t / n for t in totals]


def best_index(values: Sequence[float], eps: float = 1e-9) -> int:
    """Index of the highest value; the first one among near-ties (a fixed order)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best] + eps:
            best = i
    return best
