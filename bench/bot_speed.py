"""A bot's time, this tree's against a git revision's, measured in the same run.

A change meant to make a bot faster without changing what it plays is measured
here: the game's bots module is read from git at ``--base`` (default ``HEAD``) and
from the working tree, and each plays the same seeded games against itself for
``--decisions`` decisions, in a fresh interpreter each run (a page starts with cold
caches too), the two sides taking turns. Reported: each side's seconds and p95
milliseconds a decision, medians of the runs with their min–max, the ratio, and
whether every decision of every run was the same on both sides (it must be, for a
speed-up only).

    python bench/bot_speed.py tressette strong --runs 5 --decisions 400
    python bench/bot_speed.py japanese_loo strong --options '{"players": 10}'

Run from the repository's root (it needs the history). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))


def bots_module(game: str, base: str | None, suffix: str = "base"):
    """The game's bots module: the working tree's, or the one at git revision ``base``
    loaded as ``cardtable.bots.<game>_<suffix>`` (its relative imports find today's
    package; bench/tries/issue_strong.py loads the issue's bots so too)."""
    if base is None:
        return importlib.import_module(f"cardtable.bots.{game}")
    source = subprocess.run(["git", "show", f"{base}:py/cardtable/bots/{game}.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    name = f"cardtable.bots.{game}_{suffix}"
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    sys.modules[name] = module
    exec(compile(source, f"{game}.py@{base}", "exec"), module.__dict__)
    return module


def self_play(game: str, level: str, base: str | None, decisions: int, seed: int, options: dict | None = None) -> dict:
    """One side's run: the level playing itself from seeded games, each decision timed."""
    from cardtable import games
    from cardtable.bots import decide
    bot = bots_module(game, base).LEVELS[level]()
    rules = games.get(game)
    times, actions = [], []
    game_seed = seed
    state, ply = rules.new_game(seed=game_seed, options=options), 0
    while len(times) < decisions:
        if state.is_over:
            game_seed += 1
            state, ply = rules.new_game(seed=game_seed, options=options), 0
        start = time.perf_counter()
        action = decide(bot, state, game_seed, ply)
        times.append(time.perf_counter() - start)
        actions.append(action)
        state.apply(action)
        ply += 1
    times.sort()
    return {"seconds": sum(times), "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))], "actions": actions}


def one_run(args, side: str) -> dict:
    """A side's run in a fresh interpreter."""
    cmd = [sys.executable, __file__, args.game, args.level, "--base", args.base, "--decisions",
           str(args.decisions), "--seed", str(args.seed), "--options", args.options, "--side", side]
    return json.loads(subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout)


def summary(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("level")
    p.add_argument("--base", default="HEAD", help="the git revision to compare with (default HEAD)")
    p.add_argument("--decisions", type=int, default=400)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="{}", help='the game\'s options as JSON, e.g. \'{"players": 10}\'')
    p.add_argument("--side", choices=("base", "tree"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.side:
        print(json.dumps(self_play(args.game, args.level, args.base if args.side == "base" else None,
                                   args.decisions, args.seed, json.loads(args.options) or None)))
        return 0
    runs = {"base": [], "tree": []}
    for _ in range(args.runs):
        for side in ("base", "tree"):
            runs[side].append(one_run(args, side))
    same = all(b["actions"] == t["actions"] for b, t in zip(runs["base"], runs["tree"]))
    first = next((i for i, (b, t) in enumerate(zip(runs["base"][0]["actions"], runs["tree"][0]["actions"]))
                  if b != t), None)
    print(f"{args.game} {args.level} {args.options}: {args.decisions} decisions a run from seed {args.seed}, "
          f"{args.runs} runs a side, each in a fresh interpreter; medians (min–max)\n")
    print(f"| | {args.base} | this tree | ratio |\n|---|---|---|---|")
    for key, label in (("seconds", "seconds a run"), ("p95_ms", "p95 ms a decision")):
        b = [r[key] for r in runs["base"]]
        t = [r[key] for r in runs["tree"]]
        print(f"| {label} | {summary(b)} | {summary(t)} | {statistics.median(b) / statistics.median(t):.2f}× |")
    print(f"\nevery decision the same on both sides: {'yes' if same else 'NO'}"
          + ("" if first is None else f" (the first run's first difference: decision {first + 1})"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
