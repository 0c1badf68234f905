"""Python's speed in each browser engine under each of Pyodide's call trampolines:
whether the page should choose the JavaScript one where Pyodide would take the
WebAssembly one (issue 36: Mac Safari seemed 4× slower than an iPhone's).

    python bench/trampoline.py [--runs 3] [--engines chromium,webkit,firefox] [--game japanese_loo]

Pyodide calls Python's C functions through a WebAssembly trampoline, except where
it sees iOS, where it takes a JavaScript one (web/js/worker-navigator.js). Each run
opens a fresh browser per trampoline, alternating, and times in a worker
(bench/trampoline/) bench/engine_bench.py's workloads under npm's own Pyodide: 600
random games and 40 decisions of the strong bot playing itself; the worker is
shown the page's own navigator ("wasm") or an iPad's ("js"). Medians with min–max
and the ratio js / wasm; recorded by hand in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import serve_dist  # noqa: E402
from bench.engines import ENGINES  # noqa: E402
from sitebuild import engines  # noqa: E402
from sitebuild.serve import SiteHandler  # noqa: E402

HERE = Path(__file__).resolve().parent
#: The worker's navigator: the page's own, or an iPad's (Pyodide's test for iOS).
HINTS = {"wasm": "", "js": "touch=5&platform=MacIntel"}


class Handler(SiteHandler):
    def translate_path(self, path):
        route = urlsplit(path).path
        if route.startswith("/bench/trampoline/"):
            return str(HERE / "trampoline" / Path(route).name)
        if route == "/bench/engine_bench.py":
            return str(HERE / "engine_bench.py")
        return super().translate_path(path)


def time_once(engine: str, url: str, timeout: float = 600) -> dict:
    with engines.open_engine(engine) as page:
        page.goto(url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if page.js("() => document.documentElement.dataset.ready === 'true'"):
                result = page.js("() => window.__result")
                if "error" in result:
                    raise RuntimeError(f"{engine}: {result['error']}")
                return result
            time.sleep(0.2)
    raise RuntimeError(f"{engine}: no result in {timeout:g} s")


def measure(runs: int, engine_names: list[str], game: str) -> dict[str, dict[str, list[dict]]]:
    server, base = serve_dist(Handler)
    out = {e: {calls: [] for calls in HINTS} for e in engine_names}
    try:
        for _ in range(runs):
            for engine in engine_names:
                for calls, hints in HINTS.items():
                    result = time_once(engine, f"{base}/bench/trampoline/page.html?game={game}&{hints}")
                    if result["ios"] != (calls == "js"):
                        raise RuntimeError(f"{engine}: the worker did not take the {calls} trampoline")
                    out[engine][calls].append(result)
    finally:
        server.shutdown()
        server.server_close()
    return out


def format_table(results: dict[str, dict[str, list[dict]]]) -> str:
    def spread(xs, fmt="{:.0f}"):
        return f"{fmt.format(statistics.median(xs))} ({fmt.format(min(xs))}–{fmt.format(max(xs))})"

    lines = ["| engine | trampoline | the whole workload, ms | random games per second | strong bot's decision, median ms | js / wasm |",
             "|---|---|---|---|---|---|"]
    for engine, by_calls in results.items():
        wasm = statistics.median(r["ms"] for r in by_calls["wasm"])
        for calls, rows in by_calls.items():
            ms = [r["ms"] for r in rows]
            ratio = f"{statistics.median(ms) / wasm:.2f}" if calls == "js" else "1.00"
            lines.append(f"| {engine} | {calls} | {spread(ms)} | {spread([r['games']['games_per_s'] for r in rows])} "
                         f"| {spread([r['bots']['median_ms'] for r in rows], '{:.1f}')} | {ratio} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--game", default="japanese_loo")
    args = parser.parse_args(argv)
    names = [e for e in args.engines.split(",") if e]
    print(f"Python under each call trampoline, {args.game}, {args.runs} runs\n")
    print(format_table(measure(args.runs, names, args.game)))


if __name__ == "__main__":
    main()
