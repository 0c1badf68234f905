"""Every browser engine in one run: a cold first visit's time to the first live
decision, to the bots' first answer and to data-ready, against bare Pyodide, in
Chromium, WebKitGTK (the engine of every iPhone browser) and Firefox ESR.

    python bench/engines.py [--runs 3] [--engines chromium,webkit,firefox]
                            [--games le_truc,brazilian_truco,japanese_loo] [--network phone|local]

Each visit is a fresh browser (sitebuild/engines.py: its own profile, so no cache,
no service worker, no memory snapshot). Per engine and run, in turn: the bare
Pyodide page (bench/bare.html, npm's own files); each game's article link (no
seed: the build's first table is drawn and played while Python starts), where the
bench clicks the first live decision at once; the same game with a seed (no head
start: the cold boot to data-ready and to the first decision).

The network is shaped by the server, the same for every engine (bench/first_visit.py
throttles Chromium through CDP, which the others lack): each response waits the
profile's latency, and every byte shares the profile's download rate; text and wasm
are gzipped as GitHub Pages sends them. Times are taken in the page (ms since its
navigation started) by a probe the server puts first in every HTML page, so the
drivers' polling does not blur them. Medians with min–max; recorded by hand in
bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import BARE_ROUTE, READY_PROBE, serve_dist  # noqa: E402
from bench.first_visit import DECISION_PROBE, GAMES, PROFILES, GzipHandler, article_link, seed_link  # noqa: E402
from sitebuild import engines  # noqa: E402

ENGINES = ("chromium", *engines.ENGINES)
PROBE_ROUTE = "/__bench/probe.js"
NETWORKS = {"phone": PROFILES["phone"], "local": None}
DECISION = "#table button[data-action]:not([disabled])"


class Shaper:
    """One line's download rate, shared by every response, and its latency."""

    def __init__(self, profile: tuple[float, float, float] | None):
        self.rate = profile[0] if profile else None  # bits per second
        self.latency = profile[2] / 1000 if profile else 0.0
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, n: int) -> None:
        """Waits until the line has carried `n` more bytes."""
        if self.rate is None:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + n * 8 / self.rate
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class ShapedWriter:
    def __init__(self, raw, shaper: Shaper):
        self.raw, self.shaper = raw, shaper

    def write(self, data) -> int:
        self.shaper.send(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def handler_for(shaper: Shaper) -> type:
    class Handler(GzipHandler):
        """dist/ as GitHub Pages sends it, over the shaped line, each page with the probe first."""

        def setup(self):
            super().setup()
            self.wfile = ShapedWriter(self.wfile, shaper)

        def send_head(self):
            time.sleep(shaper.latency)
            route = self.path.split("?")[0]
            if route == PROBE_ROUTE:
                return self.answer((READY_PROBE + DECISION_PROBE).encode(), "text/javascript")
            return self.page_with_script(PROBE_ROUTE) or super().send_head()

    return Handler


def wait_for(page, fn: str, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.js(fn)
        if value:
            return value
        state = page.js("() => document.documentElement.dataset.ready ?? null")
        if state == "error":
            raise RuntimeError(f"{page.name}: the page reported a boot error")
        time.sleep(0.05)
    raise RuntimeError(f"{page.name}: timed out waiting for {what}")


def visit(engine: str, url: str, kind: str, timeout: float) -> dict[str, float]:
    """One cold visit in a fresh browser: seconds from navigation to each moment."""
    with engines.open_engine(engine, width=390, height=844) as page:
        page.goto(url)
        if kind == "bare":
            return {"ready": wait_for(page, "() => window.__readyAt", timeout, "data-ready") / 1000}
        out = {"decision": wait_for(page, "() => window.__times?.decision", timeout, "a live decision") / 1000}
        if kind == "article":
            page.js(f"() => document.querySelector('{DECISION}').click()")
            out["answer"] = wait_for(page, "() => window.__times?.answer", timeout, "the bots' answer") / 1000
        out["ready"] = wait_for(page, "() => window.__readyAt", timeout, "data-ready") / 1000
        return out


def measure(runs: int, engine_names: list[str], games: list[str], network: str,
            timeout: float = 240) -> dict[str, dict[str, dict[str, list[float]]]]:
    """{engine: {label: {moment: [seconds per run]}}}: labels "bare", then each
    game's article link and seed link."""
    server, base = serve_dist(handler_for(Shaper(NETWORKS[network])))
    pages = {"bare": (base + BARE_ROUTE, "bare")}
    for game in games:
        pages[f"{game}: article link"] = (f"{base}/{article_link(game)}", "article")
        pages[f"{game}: seed link"] = (f"{base}/{seed_link(game)}", "seed")
    out: dict[str, dict[str, dict[str, list[float]]]] = {e: {label: {} for label in pages} for e in engine_names}
    try:
        for engine in engine_names:  # warm-up: the engine's first start, the server's gzip cache
            for url, kind in pages.values():
                visit(engine, url, kind, timeout)
        for run in range(runs):
            for engine in engine_names:
                for label, (url, kind) in pages.items():
                    for moment, seconds in visit(engine, url, kind, timeout).items():
                        out[engine][label].setdefault(moment, []).append(seconds)
                print(f"bench/engines.py: run {run + 1} of {runs}: {engine} done", file=sys.stderr, flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return out


def cell(values: list[float] | None, bare: float | None = None) -> str:
    if not values:
        return "—"
    median = statistics.median(values)
    text = f"{median:.2f} s ({min(values):.2f}–{max(values):.2f})"
    return text + (f", {median / bare:.2f}×" if bare else "")


def format_table(results: dict[str, dict[str, dict[str, list[float]]]]) -> str:
    lines = ["| engine | page | first live decision (× bare) | bots' first answer | data-ready (× bare) |",
             "|---|---|---|---|---|"]
    for engine, pages in results.items():
        bare = statistics.median(pages["bare"]["ready"]) if pages["bare"].get("ready") else None
        for label, moments in pages.items():
            lines.append(f"| {engine} | {label} | {cell(moments.get('decision'), bare)} | {cell(moments.get('answer'))} "
                         f"| {cell(moments.get('ready'), bare)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--network", choices=list(NETWORKS), default="phone")
    args = parser.parse_args(argv)
    names = [e for e in args.engines.split(",") if e]
    for name in names:
        if name != "chromium" and engines.missing(name):
            raise SystemExit(f"{name} is not installed here (missing {', '.join(engines.missing(name))}): "
                             "python build.py test installs it")
    down, _, latency = NETWORKS[args.network] or (0, 0, 0)
    line = f"{down / 1e6:g} Mbit/s down, {latency:g} ms" if down else "no shaping"
    print(f"Cold first visits, {args.runs} runs, network {args.network} ({line}); seconds since navigation\n")
    print(format_table(measure(args.runs, names, [g for g in args.games.split(",") if g], args.network)))


if __name__ == "__main__":
    main()
