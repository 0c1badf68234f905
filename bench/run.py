"""The benchmark table: engine speed, bot latency and page boot, with baselines.

    python bench/run.py [--runs 5] [--quick]        (after `python build.py`)

- engine: random Le Truc games per second in CPython and under the vendored
  Pyodide in Node (bench/pyodide_node.mjs), and their ratio;
- bots: the `normal` Le Truc bot's decision time (median and p95 over 200
  positions) in both runtimes, Tressette's bots and endgame solver, and the
  Oneonta Whist advisor (bid and card tables, as the strong autoplayer plays);
- page: time until data-ready of a Le Truc table, cold browser context, against
  a bare Pyodide boot of the same files measured alternately in the same run;
- transfer: the gzip bytes a first visit downloads, runtime against our own
  files (bench/transfer.py).

Every figure is the median of the runs with its min–max spread. Numbers are
reported here and recorded by hand in bench/RESULTS.md, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from bench import engine_bench  # noqa: E402
from bench import transfer  # noqa: E402
from bench.boot import format_table, measure_boot  # noqa: E402

PAGE = "index.html?game=le_truc&lang=en&seed=1&speed=instant"


def spread(xs: list[float], fmt: str = "{:.1f}") -> str:
    return f"{fmt.format(statistics.median(xs))} ({fmt.format(min(xs))}–{fmt.format(max(xs))})"


def pyodide_figures(runs: int, quick: bool, only: str = "") -> dict:
    dist = ROOT / "dist"
    if not (dist / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        sys.exit("bench: dist/ is not built: run `python build.py` first")
    cmd = ["node", str(ROOT / "bench" / "pyodide_node.mjs"), str(dist), str(runs), "quick" if quick else "full", only]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"bench: Pyodide under Node failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="smaller samples (a smoke run)")
    p.add_argument("--no-page", action="store_true", help="skip the browser measurement")
    p.add_argument("--only", default="", help="comma-separated games to measure (default: all)")
    args = p.parse_args(argv)

    native = json.loads(engine_bench.run_all(args.runs, args.quick, args.only))
    wasm = pyodide_figures(args.runs, args.quick, args.only)
    print(f"Card Table benchmarks — {platform.node()}, {platform.processor() or platform.machine()}, "
          f"CPython {platform.python_version()} vs Pyodide (Python {wasm['python']}) in Node; {args.runs} runs")
    print()
    print("| measure | CPython | Pyodide | Pyodide slowdown |")
    print("|---|---|---|---|")
    if "random_games_per_s" in native:
        g_n, g_w = native["random_games_per_s"], wasm["random_games_per_s"]
        print(f"| Le Truc random games per second | {spread(g_n, '{:.0f}')} | {spread(g_w, '{:.0f}')} | "
              f"{statistics.median(g_n) / statistics.median(g_w):.2f}× |")
        for key, label in (("normal_median_ms", "normal bot decision, median ms"), ("normal_p95_ms", "normal bot decision, p95 ms"),
                           ("truc_policy_load_ms", "strong bot: reading its policy file (first decision), ms"),
                           ("truc_strong_median_ms", "strong bot decision, median ms"),
                           ("truc_strong_p95_ms", "strong bot decision, p95 ms")):
            a, b = native[key], wasm[key]
            print(f"| {label} | {spread(a, '{:.2f}')} | {spread(b, '{:.2f}')} | {statistics.median(b) / statistics.median(a):.2f}× |")
    if "tressette_random_games_per_s" in native:
        g_n, g_w = native["tressette_random_games_per_s"], wasm["tressette_random_games_per_s"]
        print(f"| Tressette random games per second | {spread(g_n, '{:.0f}')} | {spread(g_w, '{:.0f}')} | "
              f"{statistics.median(g_n) / statistics.median(g_w):.2f}× |")
        for level in ("normal", "strong"):
            for stat in ("median", "p95"):
                key = f"tressette_{level}_{stat}_ms"
                a, b = native[key], wasm[key]
                print(f"| Tressette {level} decision, {stat} ms | {spread(a, '{:.2f}')} | {spread(b, '{:.2f}')} | "
                      f"{statistics.median(b) / statistics.median(a):.2f}× |")
        a, b = native["tressette_solver_nodes_per_s"], wasm["tressette_solver_nodes_per_s"]
        print(f"| Tressette endgame solver, nodes per second | {spread(a, '{:.0f}')} | {spread(b, '{:.0f}')} | "
              f"{statistics.median(a) / statistics.median(b):.2f}× |")
    if "truco_random_games_per_s" in native:
        g_n, g_w = native["truco_random_games_per_s"], wasm["truco_random_games_per_s"]
        print(f"| Brazilian Truco random games per second | {spread(g_n, '{:.0f}')} | {spread(g_w, '{:.0f}')} | "
              f"{statistics.median(g_n) / statistics.median(g_w):.2f}× |")
        for level in ("normal", "strong"):
            for stat in ("median", "p95", "max"):
                a, b = native[f"truco_{level}_{stat}_ms"], wasm[f"truco_{level}_{stat}_ms"]
                print(f"| Brazilian Truco {level} decision, {stat} ms | {spread(a, '{:.2f}')} | "
                      f"{spread(b, '{:.2f}')} | {statistics.median(b) / statistics.median(a):.2f}× |")
    if "loo_random_games_per_s" in native:
        g_n, g_w = native["loo_random_games_per_s"], wasm["loo_random_games_per_s"]
        print(f"| Japanese Loo random games per second (6 players) | {spread(g_n, '{:.0f}')} | {spread(g_w, '{:.0f}')} | "
              f"{statistics.median(g_n) / statistics.median(g_w):.2f}× |")
        for level in ("normal", "strong"):
            for stat in ("median", "p95", "max"):
                a, b = native[f"loo10_{level}_{stat}_ms"], wasm[f"loo10_{level}_{stat}_ms"]
                print(f"| Japanese Loo {level} decision at 10 players, {stat} ms | {spread(a, '{:.2f}')} | "
                      f"{spread(b, '{:.2f}')} | {statistics.median(b) / statistics.median(a):.2f}× |")
    if "toepen_random_games_per_s" in native:
        g_n, g_w = native["toepen_random_games_per_s"], wasm["toepen_random_games_per_s"]
        print(f"| Toepen random games per second (4 players) | {spread(g_n, '{:.0f}')} | {spread(g_w, '{:.0f}')} | "
              f"{statistics.median(g_n) / statistics.median(g_w):.2f}× |")
        for level, players in (("normal", 4), ("strong", 4), ("strong", 8)):
            for stat in ("median", "p95", "max"):
                a, b = native[f"toepen{players}_{level}_{stat}_ms"], wasm[f"toepen{players}_{level}_{stat}_ms"]
                print(f"| Toepen {level} decision at {players} players, {stat} ms | {spread(a, '{:.2f}')} | "
                      f"{spread(b, '{:.2f}')} | {statistics.median(b) / statistics.median(a):.2f}× |")
    if "whist_first_bid_ms" in native:
        for key, label in (("first_bid_ms", "first bid table of a fresh page"), ("bid_median_ms", "bid table, median"),
                           ("bid_p95_ms", "bid table, p95"), ("bid_max_ms", "bid table, max"),
                           ("card_median_ms", "card table, median"), ("card_p95_ms", "card table, p95")):
            a, b = native[f"whist_{key}"], wasm[f"whist_{key}"]
            print(f"| Oneonta Whist advisor: {label}, ms | {spread(a, '{:.1f}')} | {spread(b, '{:.1f}')} | "
                  f"{statistics.median(b) / statistics.median(a):.2f}× |")
    print(f"| Pyodide boot in Node, ms | | {wasm['node_boot_ms']:.0f} | |")
    if not args.no_page:
        print()
        print(format_table(measure_boot([PAGE], runs=args.runs)))
        print()
        print(transfer.format_table(transfer.measure()))


if __name__ == "__main__":
    main()
