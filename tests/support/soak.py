"""Soak: many whole seeded games per game, every invariant checked (tests/support/invariants.py).

    python tests/support/soak.py                       # 10,000 random games per game (what CI runs)
    python tests/support/soak.py --bots normal -n 1000 # 1,000 games per game between normal bots
    python tests/support/soak.py --game toepen -n 500 -j 2 --seed-base 1

Random play is uniform over the legal actions from a generator seeded per game.
With ``--bots LEVEL`` every seat is that bot (Oneonta Whist, a solitaire, has no
``normal``: its highest level plays). Japanese Loo and Toepen draw the table size
from the seed. Prints, per game: games, actions, exceptions, invariant failures,
unfinished games and the time; exits 1 if any count that must be 0 is not.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots, games  # noqa: E402
from tests.support.invariants import checker  # noqa: E402

MAX_ACTIONS = 20000  # far beyond any game seen; a game still running then counts as unfinished
PLAYERS = {"japanese_loo": (3, 10), "toepen": (3, 8)}


def options_for(game: str, seed: int) -> dict:
    """The default rules; the table size drawn from the seed where it is an option."""
    if game in PLAYERS:
        return {"players": random.Random(f"{seed}/players").randint(*PLAYERS[game])}
    return {}


def bot_level(game: str, level: str) -> str:
    """``level`` if the game has it, else its strongest (the solitaire's autoplayer)."""
    levels = bots.levels(game)
    return level if level in levels else levels[-1]


@dataclass
class Counts:
    game: str
    games: int = 0
    actions: int = 0
    exceptions: int = 0
    failures: int = 0
    unfinished: int = 0
    seconds: float = 0.0  # wall clock
    cpu: float = 0.0  # processor time (what the games cost, whatever else the machine runs)
    problems: list[str] = field(default_factory=list)

    def add(self, other: "Counts") -> None:
        for k in ("games", "actions", "exceptions", "failures", "unfinished", "seconds", "cpu"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.problems += other.problems

    @property
    def clean(self) -> bool:
        return not (self.exceptions or self.failures or self.unfinished)

    def line(self) -> str:
        return (f"{self.game:16} games {self.games:6}  actions {self.actions:9}  exceptions {self.exceptions}  "
                f"invariant failures {self.failures}  unfinished {self.unfinished}  "
                f"{self.seconds:6.1f} s ({self.cpu:.1f} s CPU)")


def play_one(game: str, seed: int, level: str | None, view_every: int, counts: Counts) -> None:
    """One whole game: random play (``level`` None) or ``level`` bots in every seat.
    Cheap invariants after every action, one seat's view every ``view_every``
    actions (each seat in turn); a failure or an exception is counted with its seed."""
    state = games.get(game).new_game(seed=seed, options=options_for(game, seed))
    rng = random.Random(f"soak/{seed}")
    bot = bots.make(game, level) if level else None
    try:
        check = checker(state)
        ply = 0
        while not state.is_over and ply < MAX_ACTIONS:
            legal = state.legal_actions()
            action = bots.decide(bot, state, seed, ply) if bot else rng.choice(legal)
            assert action in legal, f"{action!r} chosen but not legal"
            check.before(state, action)
            events = state.apply(action)
            ply += 1
            check.after(state, events)
            if ply % view_every == 0:  # one seat's view in turn
                check.views(state, [ply // view_every % state.num_players])
        counts.actions += ply
        if state.is_over:
            check.finish(state)
        else:
            counts.unfinished += 1
            counts.problems.append(f"{game} seed {seed}: not over after {ply} actions")
    except AssertionError as e:
        counts.failures += 1
        counts.problems.append(f"{game} seed {seed}: invariant: {e}")
    except Exception:
        counts.exceptions += 1
        counts.problems.append(f"{game} seed {seed}: exception:\n{traceback.format_exc()}")
    counts.games += 1


def soak(game: str, seeds, level: str | None = None, view_every: int = 20) -> Counts:
    """Play each seed of ``seeds`` once; the counts."""
    counts = Counts(game)
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        play_one(game, seed, level, view_every, counts)
    counts.seconds, counts.cpu = time.perf_counter() - start, time.process_time() - cpu
    return counts


def _soak_job(args) -> Counts:
    return soak(*args)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=games.names(), help="one game (repeatable); all by default")
    parser.add_argument("--bots", metavar="LEVEL", help="bots of this level in every seat (default: random play)")
    parser.add_argument("-n", type=int, default=None, help="games per game (10,000 random, 1,000 with bots)")
    parser.add_argument("--seed-base", type=int, default=1, help="first seed (seeds are consecutive)")
    parser.add_argument("-j", type=int, default=1, help="processes")
    parser.add_argument("--view-every", type=int, default=20,
                        help="check a seat's view every N actions (the seats in turn)")
    args = parser.parse_args(argv)
    n = args.n or (1000 if args.bots else 10000)
    names = args.game or games.names()
    what = f"{args.bots} bots" if args.bots else "random play"
    print(f"soak: {n} games per game, {what}, seeds {args.seed_base}..{args.seed_base + n - 1}", flush=True)
    all_clean = True
    for game in names:
        level = bot_level(game, args.bots) if args.bots else None
        start = time.perf_counter()
        if args.j > 1:
            from concurrent.futures import ProcessPoolExecutor
            chunks = [range(args.seed_base + k, args.seed_base + n, args.j) for k in range(args.j)]
            with ProcessPoolExecutor(args.j) as pool:
                parts = list(pool.map(_soak_job, [(game, c, level, args.view_every) for c in chunks]))
            counts = Counts(game)
            for part in parts:
                counts.add(part)
        else:
            counts = soak(game, range(args.seed_base, args.seed_base + n), level, args.view_every)
        counts.seconds = time.perf_counter() - start
        if level and level != args.bots:
            counts.game = f"{game} ({level})"
        print(counts.line(), flush=True)
        for problem in counts.problems[:5]:
            print("   ", problem)
        all_clean &= counts.clean
    return 0 if all_clean else 1


if __name__ == "__main__":
    sys.exit(main())
