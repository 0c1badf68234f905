"""State.clone(): the protocol's one clone for every game against the hand-written
clones each game had before it, in the same run, and what that costs the bots.

    python bench/clone.py [--against COMMIT] [--repeat 9]

The old clones are read from ``COMMIT`` (the last one with a hand-written clone per
game) and bound to today's State classes, which keep the same fields. For each
game: microseconds per clone over 40 positions of a random game, and the normal
bot's (else the strongest's) milliseconds per decision over 10 positions with each
clone in turn, alternating, with how many clones a decision makes. Medians, with
the spread (min–max) of the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cardtable import bots, games  # noqa: E402
from cardtable.protocol import State  # noqa: E402

BEFORE = "d14beda"  # the last commit whose games each wrote their own clone


def old_clone(name: str, commit: str):
    """The game's hand-written clone at ``commit``, as a function of a state."""
    src = subprocess.run(["git", "show", f"{commit}:py/cardtable/games/{name}.py"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    start = src.index("    def clone(self")
    end = src.index("        return new\n", start) + len("        return new\n")
    cls = type(games.get(name).new_game(seed=1))
    code = "\n".join(line[4:] for line in src[start:end].splitlines()).replace(f'-> "{cls.__name__}"', "")
    scope = {cls.__name__: cls}
    exec(code, scope)
    return scope["clone"]


def positions(name: str, n: int, choices_only: bool, seed: int = 5) -> list:
    """``n`` positions of random games (only real choices, for the bots)."""
    out, rng = [], random.Random(seed)
    game = games.get(name)
    state = game.new_game(seed=seed)
    while len(out) < n:
        if state.is_over:
            state = game.new_game(seed=rng.randrange(10**6))
        if not choices_only or (len(state.legal_actions()) > 1 and rng.random() < 0.3):
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def spread(xs: list[float], digits: int) -> str:
    return f"{statistics.median(xs):.{digits}f} ({min(xs):.{digits}f}–{max(xs):.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print("| game | µs a clone: before | now | bot | clones a decision | ms a decision: before | now |")
    print("|---|---|---|---|---|---|---|")
    for name in games.names():
        old = old_clone(name, args.against)
        states = positions(name, 40, False)
        cls = type(states[0])
        before, now = [], []
        for _ in range(args.repeat):
            before.append(timeit.timeit(lambda: [old(s) for s in states], number=30) / (30 * len(states)) * 1e6)
            now.append(timeit.timeit(lambda: [s.clone() for s in states], number=30) / (30 * len(states)) * 1e6)
        level = "normal" if "normal" in bots.levels(name) else bots.levels(name)[-1]
        bot, choices = bots.make(name, level), positions(name, 10, True)
        count = [0]

        def counted(state):
            count[0] += 1
            return State.clone(state)

        cls.clone = counted
        for i, p in enumerate(choices):
            bots.decide(bot, p, 1, i)
        made = count[0] / len(choices)
        slow, fast = [], []
        for _ in range(max(3, args.repeat // 3)):
            for times, clone in ((slow, old), (fast, State.clone)):
                cls.clone = clone
                start = time.perf_counter()
                for i, p in enumerate(choices):
                    bots.decide(bot, p, 1, i)
                times.append((time.perf_counter() - start) / len(choices) * 1e3)
        del cls.clone
        print(f"| {name} | {spread(before, 2)} | {spread(now, 2)} | {level} | {made:.0f} | {spread(slow, 2)} | "
              f"{spread(fast, 2)} |", flush=True)


if __name__ == "__main__":
    main()
