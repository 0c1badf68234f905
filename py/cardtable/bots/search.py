"""Search written once: the sample-worlds-and-average loop every searching bot shares.

A searching bot asks one question many times: "what is each candidate worth, over
worlds consistent with what I know?" The answer is always the same loop: draw
``n`` worlds with ``obs.sample_world(rng)`` (every hidden card dealt, consistently
with the seat's view), let the game score every candidate in each world (a
rollout, an exact solve, an equity), weigh each world if the bot reads something
into it (a bet says "strong"), add up, and pick the best with a fixed tie order.
This module holds that loop; a bot supplies only the game's evaluation.

Every budget here is a count (worlds, rollouts, nodes, bisection steps), never a
clock, so a seeded decision replays the same on any machine and in any runtime.
The worlds are drawn before any is evaluated, in one run of ``rng``, so what a
bot draws from ``rng`` afterwards (a bluff, a noise) does not depend on the
evaluation.
"""

from __future__ import annotations

from typing import Callable, Sequence


def sample_worlds(obs, rng, n: int) -> list:
    """``n`` worlds drawn from ``obs`` (``obs.sample_world(rng)``), in order."""
    return [obs.sample_world(rng) for _ in range(n)]


class Tally:
    """Each column's weighted sum over the worlds, and the sum of the weights.

    A column is whatever the evaluation returns per world, in a fixed order:
    usually one value per candidate action, sometimes several figures per action
    (a win, a score). Sums are kept (not means) so a bot that compares totals or
    divides them its own way gets exactly the numbers it would have added itself.
    """

    __slots__ = ("totals", "weight", "worlds")

    def __init__(self, columns: int = 0):
        self.totals: list[float] = [0.0] * columns
        self.weight = 0      # the sum of the worlds' weights (their count when unweighted)
        self.worlds = 0      # how many worlds were evaluated

    def add(self, values: Sequence[float], weight: float | None = None) -> None:
        """Add one world's values (times ``weight``, if the world is weighed)."""
        totals = self.totals
        if len(totals) < len(values):
            totals.extend([0.0] * (len(values) - len(totals)))
        if weight is None:
            for i, v in enumerate(values):
                totals[i] += v
            self.weight += 1
        else:
            for i, v in enumerate(values):
                totals[i] += weight * v
            self.weight += weight
        self.worlds += 1

    def mean(self, i: int) -> float:
        """Column ``i``'s weighted mean (0.0 with no weight at all)."""
        return self.totals[i] / self.weight if self.weight else 0.0

    def means(self) -> list[float]:
        return [self.mean(i) for i in range(len(self.totals))]


def tally(worlds: Sequence, evaluate: Callable[[object], Sequence[float]],
          weigh: Callable[[object, Sequence[float]], float] | None = None) -> Tally:
    """Determinized search (PIMC): ``evaluate(world)`` gives one value per column in
    each world, summed over ``worlds``, each world counting ``weigh(world, values)``
    if given (a weight may depend on what the world turned out to hold: a bettor
    who would lose there bet less likely). ``evaluate`` may change its world: each
    world is evaluated once, and only after all were drawn."""
    out = Tally()
    for w in worlds:
        values = evaluate(w)
        out.add(values, None if weigh is None else weigh(w, values))
    return out


def search(obs, rng, n: int, evaluate: Callable[[object], Sequence[float]],
           weigh: Callable[[object, Sequence[float]], float] | None = None) -> Tally:
    """Draw ``n`` worlds from ``obs`` and tally ``evaluate`` over them (see ``tally``)."""
    return tally(sample_worlds(obs, rng, n), evaluate, weigh)


def best_index(values: Sequence[float], eps: float = 0.0, prefer: Callable[[int], object] | None = None) -> int:
    """Index of the highest value, ties broken by a fixed order.

    Scanning from the first: a value beats the best so far when it is more than
    ``eps`` above it; a value within ``eps`` of it (a tie) takes over only when
    ``prefer(i)`` ranks higher (e.g. the weaker card, kept back). Without a
    ``prefer`` the first of equal values wins. Never random: a decision replays.
    """
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best] + eps:
            best = i
        elif prefer is not None and values[i] >= values[best] - eps and prefer(i) > prefer(best):
            best = i
    return best


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
