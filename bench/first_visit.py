"""A first visit as a reader on a phone network feels it: time to the first decision
on screen, to the bots' answer to it and to a playable engine, and the bytes on
the wire, our game page against a bare Pyodide boot.

    python bench/first_visit.py [--runs 3] [--profile phone,home] [--games le_truc,...]
                                                                    (after `python build.py`)

Each load is a fresh browser context (empty HTTP cache, no service worker: it
registers only after data-ready and would not change this time) throttled through
the DevTools protocol (`Network.emulateNetworkConditions`). Chromium applies a
page's throttling to the requests of its dedicated workers too: the engine's
PyScript worker (a blob: worker) fetches the wasm, the standard library and our
package, and the report shows the wasm's own download time from the browser's
request timing (it must be at least its size over the bandwidth, which the report
checks). The server gzips text and wasm and lets the browser cache a file for
ten minutes, as GitHub Pages does (not zips or pictures), and counts the bytes it writes to the sockets, headers included, until
the page is playable (`<html data-ready="true">`): every request, the worker's
too. Pages alternate, our page and the bare baseline (bench/bare.html: npm's own
Pyodide files, whole standard library and lock file, `loadPyodide()` on the main
thread), so drift hits both alike.

Per game, two links: an article's (no seed: the page draws a first table the build
recorded and takes the player's move while Python starts, docs/runtime.md "The
head start") and the same game with a seed (no head start: what every visit did
before). For the article link, the first live decision on screen (the first frame
with an enabled decision, probed in the page), then the bench clicks it at once and
times the bots' answer (the first frame, once the engine is up, with a bot's move
drawn after it or the player's next decision), with `speed=instant` so the pause
between bot moves is left out of both.

Profiles: "phone" is the issue's 9 Mbit/s down, 1.5 Mbit/s up, 60 ms latency;
"home" a fast home line, 50 Mbit/s down, 10 up, 20 ms.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import io
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import BARE_ROUTE, READY_PROBE, poll_ready, serve_dist  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from sitebuild.serve import SiteHandler  # noqa: E402

PAGE = "index.html?game=le_truc&lang=en&seed=1&speed=instant"
BASELINE = "bare Pyodide (npm's files)"
#: The games timed by default: a two-player game, a four-seat team game, a big table.
GAMES = ("le_truc", "brazilian_truco", "japanese_loo")
#: In-page times, ms since navigation: the first frame with a live decision, the
#: bench's click on it, and the first frame with the bots' answer (the engine up,
#: and a move after the player's drawn, or the player's next decision).
DECISION_PROBE = """
(() => {
  const t = (window.__times = {});
  const game = new URLSearchParams(location.search).get("game");
  const moves = () => { try { return JSON.parse(localStorage.getItem(`cardtable:save:${game}`)).actions.length; } catch { return 0; } };
  const live = () => document.querySelector("#table button[data-action]:not([disabled])");
  addEventListener("click", () => { if (t.decision && !t.click) { t.click = performance.now(); t.k = moves(); } }, true);
  const frame = () => {
    const now = performance.now();
    if (!t.decision && live()) t.decision = now;
    if (t.click && !t.answer && document.documentElement.dataset.ready === "true" && (moves() > t.k + 1 || live())) t.answer = now;
    if (!t.answer) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def article_link(game: str) -> str:
    return f"index.html?game={game}&lang=en&speed=instant"


def seed_link(game: str) -> str:
    return f"index.html?game={game}&lang=en&seed=1&speed=instant"
#: name -> (download bits/s, upload bits/s, latency ms)
PROFILES = {"phone": (9e6, 1.5e6, 60), "home": (50e6, 10e6, 20)}
#: What GitHub Pages compresses: text and wasm (not zips, pictures or fonts).
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".py", ".wasm", ".md", ".txt")


class WireCount:
    """Bytes written to the browser, for the visit under way."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
            return n


COUNT = WireCount()


class CountingWriter:
    """The handler's socket file, counting what goes through it."""

    def __init__(self, raw):
        self.raw = raw

    def write(self, data) -> int:
        COUNT.add(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class GzipHandler(SiteHandler):
    """dist/ as GitHub Pages sends it: text and wasm gzipped for a browser that
    accepts it (each file compressed once), every byte sent counted."""

    cache: dict[str, bytes] = {}
    cache_lock = threading.Lock()

    def setup(self):
        super().setup()
        self.wfile = CountingWriter(self.wfile)

    def end_headers(self):
        # GitHub Pages' caching (sitebuild.serve revalidates everything, for development).
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Access-Control-Allow-Origin", "*")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not (path.is_file() and path.suffix in GZIPPED and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        with self.cache_lock:
            body = self.cache.get(str(path))
            if body is None:
                body = self.cache[str(path)] = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def page_with_script(self, src: str):
        """The site's HTML page at the requested address (not the vendored runtime's)
        with `<script src>` first in its head, as the response; None for anything else.
        What a bench or a test needs in every page before the page's own scripts run
        (a probe, an error recorder), where a driver cannot add it."""
        file = Path(self.translate_path(self.path))
        file = file / "index.html" if file.is_dir() else file
        if file.suffix != ".html" or not file.is_file() or "vendor" in file.parts:
            return None
        page = file.read_bytes().replace(b'<meta charset="utf-8">',
                                         f'<meta charset="utf-8">\n<script src="{src}"></script>'.encode(), 1)
        return self.answer(page, "text/html")

    def answer(self, data: bytes, kind: str):
        """`data` as the response, uncompressed (a subclass's own page or script)."""
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)


def wait_for(page, expression: str, timeout: float):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.02)
    raise RuntimeError(f"timed out waiting for {expression}")


def visit(browser, url: str, profile: tuple[float, float, float], timeout: float,
          decide: bool = False) -> dict[str, float]:
    """One cold, throttled visit: seconds to data-ready, bytes on the wire by then,
    and the wasm's download in seconds with its size (from the browser's timing);
    with ``decide``, the first live decision and the bots' answer to a click on it."""
    down, up, latency = profile
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": down / 8, "uploadThroughput": up / 8})
        wasm = {}

        def finished(request):  # the worker's requests (the bare page's main thread reports none)
            if request.url.endswith(".wasm") and request.method == "GET":
                timing = request.timing
                size = request.sizes()["responseBodySize"]
                wasm.update(seconds=(timing["responseEnd"] - timing["requestStart"]) / 1000, bytes=size)

        page.on("requestfinished", finished)
        page.add_init_script(READY_PROBE)
        page.add_init_script(DECISION_PROBE)
        COUNT.take()
        page.goto(url, wait_until="commit")
        out = {}
        if decide:
            out["decision"] = wait_for(page, "window.__times?.decision", timeout) / 1000
            page.locator("#table button[data-action]:not([disabled])").first.click()
            out["answer"] = wait_for(page, "window.__times?.answer", timeout) / 1000
        out["ready"] = poll_ready(page, url, timeout) / 1000
        out["wire"] = COUNT.take()
        time.sleep(0.2)  # the wasm's requestfinished event
        return {**out, "wasm_s": wasm.get("seconds", 0), "wasm_bytes": wasm.get("bytes", 0)}
    finally:
        context.close()


def measure(runs: int = 3, profiles: list[str] | None = None, games: tuple[str, ...] = GAMES,
            timeout: float = 180) -> dict[str, dict[str, dict[str, list[float]]]]:
    """{profile: {label: {"ready": [...], "wire": [...], ...}}}, the baseline first;
    per game its seed link, then its article link (with "decision" and "answer")."""
    from playwright.sync_api import sync_playwright

    server, base = serve_dist(GzipHandler)
    urls = {BASELINE: base + BARE_ROUTE}
    for game in games:
        urls[seed_link(game)] = f"{base}/{seed_link(game)}"
        urls[article_link(game)] = f"{base}/{article_link(game)}"
    out: dict[str, dict[str, dict[str, list[float]]]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            decides = lambda label: label.startswith("index.html") and "seed=" not in label  # noqa: E731
            for label, url in urls.items():  # warm-up: browser process and the server's gzip cache
                visit(browser, url, (1e9, 1e9, 0), timeout, decides(label))
            for name in profiles or list(PROFILES):
                table = out[name] = {label: {} for label in urls}
                for _ in range(runs):
                    for label, url in urls.items():
                        for key, value in visit(browser, url, PROFILES[name], timeout, decides(label)).items():
                            table[label].setdefault(key, []).append(value)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def format_table(results: dict[str, dict[str, dict[str, list[float]]]]) -> str:
    """Markdown per profile: time to data-ready (median, min–max, × bare) and MB on
    the wire, and the check that the worker's wasm download was throttled."""
    lines = []
    for name, table in results.items():
        down, up, latency = PROFILES[name]
        base = next(iter(table.values()))
        runs = len(base["ready"])
        lines += [f"First visit, {name} network ({down / 1e6:g} Mbit/s down, {up / 1e6:g} up, {latency:g} ms; "
                  f"gzip as GitHub Pages; {runs} cold loads each, alternating):", "",
                  "| page | playable (data-ready) | × bare | on the wire | wasm download (its floor) |",
                  "|---|---|---|---|---|"]
        for label, kinds in table.items():
            med = statistics.median(kinds["ready"])
            ratio = med / statistics.median(base["ready"])
            wasm_s = statistics.median(kinds["wasm_s"])
            floor = statistics.median(kinds["wasm_bytes"]) * 8 / down
            wasm = f"{wasm_s:.2f} s ({floor:.2f} s)" if wasm_s else "—"
            lines.append(f"| `{label}` | {med:.2f} s ({min(kinds['ready']):.2f}–{max(kinds['ready']):.2f}) | "
                         f"{ratio:.2f} | {statistics.median(kinds['wire']) / 1e6:.2f} MB | "
                         f"{wasm} |")
        lines.append("")
        lines += decision_table(table)
    return "\n".join(lines).rstrip()


def decision_table(table: dict[str, dict[str, list[float]]]) -> list[str]:
    """Per game: the article link's first live decision (× bare Pyodide's boot), the
    bots' answer to it, against the seed link's data-ready (what every visit waited
    for before the head start), and the article link's own data-ready."""
    bare = statistics.median(next(iter(table.values()))["ready"])
    cell = lambda xs: f"{statistics.median(xs):.2f} s ({min(xs):.2f}–{max(xs):.2f})"  # noqa: E731
    lines = ["| game (article link) | first live decision | × bare | bots' first answer | "
             "seed link's data-ready (before) | answer − before | engine up (data-ready) |",
             "|---|---|---|---|---|---|---|"]
    for label, kinds in table.items():
        if "decision" not in kinds:
            continue
        game = label.split("game=")[1].split("&")[0]
        before = table[seed_link(game)]["ready"]
        lines.append(f"| {game} | {cell(kinds['decision'])} | {statistics.median(kinds['decision']) / bare:.2f} | "
                     f"{cell(kinds['answer'])} | {cell(before)} | "
                     f"{statistics.median(kinds['answer']) - statistics.median(before):+.2f} s | {cell(kinds['ready'])} |")
    return lines + [""]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", default=",".join(PROFILES), help="comma-separated: " + ", ".join(PROFILES))
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    args = parser.parse_args(argv)
    print(format_table(measure(max(args.runs, 1), args.profile.split(","), tuple(args.games.split(",")))))


if __name__ == "__main__":
    main()
