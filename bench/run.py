"""The benchmark tables: engine, bots, page start, transfer, responsiveness and the review.

    python bench/run.py [--runs 5] [--quick] [--no-page] [--only GAME,...]   (after `python build.py`)

- engine: random games per second for every game, in CPython and under the
  vendored Pyodide in Node (bench/pyodide_node.mjs: the browser's interpreter
  without the page), and their ratio;
- bots: decision time (median, p95, max) for every game and level above random,
  the bot playing itself from the start, in both runtimes; and the special rows
  (the strong Le Truc bot's policy file, Tressette's endgame solver, the Oneonta
  Whist advisor);
- page: when the table skeleton is painted, and time to data-ready cold (a fresh
  browser context) and warm (a reload), against a bare Pyodide boot of the same
  files measured alternately in the same run (bench/boot.py);
- first visit: time to a playable table over a throttled phone network (and a
  fast home line) with gzip as GitHub Pages serves it, and the bytes on the wire,
  against a bare Pyodide boot of npm's own files (bench/first_visit.py);
- return visit: a reload booted from the memory snapshot the first visit kept,
  without it, and a bare Pyodide reload (bench/return_visit.py);
- transfer: the gzip bytes a first visit downloads, runtime against our own
  files (bench/transfer.py);
- responsiveness: the longest main-thread task while the bots play
  (bench/responsive.py);
- review: a whole game's review of the player's decisions in the page, and how
  often it flags a normal bot's decisions against the strongest's (bench/review.py).

Every figure is the median of the runs with its min–max spread. Numbers are
reported here and recorded by hand in bench/RESULTS.md, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from bench import engine_bench, first_visit, responsive, return_visit, review, transfer  # noqa: E402
from bench.boot import format_table, measure_boot  # noqa: E402
from sitebuild import vendor  # noqa: E402

PAGES = ["index.html?game=le_truc&lang=en&seed=1&speed=instant",
         "index.html?game=toepen&lang=en&seed=1&speed=instant"]


def spread(xs: list[float], fmt: str = "{:.1f}") -> str:
    return f"{fmt.format(statistics.median(xs))} ({fmt.format(min(xs))}–{fmt.format(max(xs))})"


def pyodide_figures(runs: int, quick: bool, only: str = "") -> dict:
    dist = ROOT / "dist"
    if not (dist / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        sys.exit("bench: dist/ is not built: run `python build.py` first")
    cmd = ["node", str(ROOT / "bench" / "pyodide_node.mjs"), str(dist), str(runs), "quick" if quick else "full", only,
           str(vendor.untrimmed_pyodide())]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"bench: Pyodide under Node failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def ratio(slow: list[float], fast: list[float]) -> str:
    return f"{statistics.median(slow) / statistics.median(fast):.2f}×"


def engine_tables(native: dict, wasm: dict) -> list[str]:
    lines = ["| game | random games per second, CPython | under Pyodide | CPython / Pyodide |", "|---|---|---|---|"]
    for game in engine_bench.GAMES:
        key = f"games_per_s:{game}"
        if key in native:
            lines.append(f"| {game} | {spread(native[key], '{:.0f}')} | {spread(wasm[key], '{:.0f}')} | "
                         f"{ratio(native[key], wasm[key])} |")
    lines += ["", "Bot decisions (the bot playing itself from the start of a game), ms:", "",
              "| game | level | median, CPython | p95, CPython | median, Pyodide | p95, Pyodide | max, Pyodide | "
              "Pyodide / CPython (median) |", "|---|---|---|---|---|---|---|---|"]
    for key in native:
        if key.startswith("decision:") and key.endswith(":median"):
            _, table, level, _ = key.split(":")
            k = f"decision:{table}:{level}:"
            lines.append(f"| {table.replace('@', ' at ') + (' players' if '@' in table else '')} | {level} | "
                         f"{spread(native[k + 'median'], '{:.2f}')} | {spread(native[k + 'p95'], '{:.2f}')} | "
                         f"{spread(wasm[k + 'median'], '{:.2f}')} | {spread(wasm[k + 'p95'], '{:.2f}')} | "
                         f"{spread(wasm[k + 'max'], '{:.1f}')} | {ratio(wasm[k + 'median'], native[k + 'median'])} |")
    special = [("truc_policy_load_ms", "Le Truc strong: reading its policy file (its first decision), ms", "{:.0f}"),
               ("tressette_solver_nodes_per_s", "Tressette endgame solver, nodes per second", "{:.0f}"),
               ("tressette_solver_max_ms", "Tressette endgame solver, slowest full solve, ms", "{:.0f}"),
               ("whist_first_bid_ms", "Oneonta Whist advisor: first bid table of a fresh page, ms", "{:.0f}"),
               ("whist_bid_p95_ms", "Oneonta Whist advisor: bid table, p95, ms", "{:.0f}"),
               ("whist_bid_max_ms", "Oneonta Whist advisor: bid table, max, ms", "{:.0f}"),
               ("whist_card_p95_ms", "Oneonta Whist advisor: card table, p95, ms", "{:.1f}")]
    rows = [(label, native[key], wasm[key], fmt) for key, label, fmt in special if key in native]
    if rows:
        lines += ["", "| special | CPython | Pyodide | Pyodide / CPython |", "|---|---|---|---|"]
        for label, a, b, fmt in rows:
            r = ratio(a, b) if "per second" in label else ratio(b, a)
            lines.append(f"| {label} | {spread(a, fmt)} | {spread(b, fmt)} | {r} |")
    lines += ["", f"Pyodide boot in Node: {wasm['node_boot_ms']:.0f} ms."]
    return lines


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="smaller samples (a smoke run)")
    p.add_argument("--no-page", action="store_true", help="skip the browser measurements")
    p.add_argument("--no-engine", action="store_true", help="skip the engine and bot measurements")
    p.add_argument("--only", default="", help="comma-separated games to measure (default: all)")
    p.add_argument("--first-visit-runs", type=int, default=0,
                   help="throttled first visits per page and profile (default: --runs, at least 3)")
    args = p.parse_args(argv)

    print(f"Card Table benchmarks — {platform.node()}, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores; {args.runs} runs; {time.strftime('%Y-%m-%d %H:%M')}")
    if not args.no_engine:
        native = json.loads(engine_bench.run_all(args.runs, args.quick, args.only))
        wasm = pyodide_figures(args.runs, args.quick, args.only)
        print(f"CPython {platform.python_version()} natively; Pyodide (Python {wasm['python']}) in Node "
              f"{subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}")
        print()
        print("\n".join(engine_tables(native, wasm)))
    if not args.no_page:
        print()
        print(format_table(measure_boot(PAGES, runs=args.runs)))
        print()
        print(first_visit.format_table(first_visit.measure(runs=max(3, args.first_visit_runs or args.runs))))
        print()
        print(return_visit.format_table(return_visit.measure(runs=max(3, args.runs))))
        print()
        print(transfer.format_table(transfer.measure()))
        print()
        games = [g for g in responsive.GAMES if not args.only or g in args.only.split(",")]
        print(responsive.format_table(responsive.measure(games, runs=max(1, args.runs // 2))))
        print()
        print(review.format_table(review.measure(games, count=max(1, args.runs // 2))))


if __name__ == "__main__":
    main()
