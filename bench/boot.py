"""Page boot time: our pages against a bare Pyodide boot of the same vendored files.

    python bench/boot.py [PAGE ...] [--runs 5]      (after `python build.py`)

PAGE is a path inside dist/ (default: index.html, else web/boot-check.html) or a
full http(s) URL (e.g. the deployed site). Each load is a cold browser context
(empty HTTP and code caches) and runs until <html data-ready="true">; loads of the
pages alternate so drift hits all of them alike. The baseline, bench/bare.html,
only runs loadPyodide() on the main thread, from npm's own Pyodide files (the whole
standard library and the lock file, as a bare Pyodide site ships them; dist/ ships
a trimmed library and no lock file: docs/runtime.md, "What a boot downloads").

From Python (e.g. a later bench/run.py):

    from bench.boot import measure_boot, format_table
    print(format_table(measure_boot(["web/boot-check.html"], runs=5)))
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository's own packages
    sys.path.insert(0, str(ROOT))

from sitebuild import DIST, vendor  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from sitebuild.serve import SiteHandler, make_server  # noqa: E402

BARE = Path(__file__).with_name("bare.html")
BARE_ROUTE = "/bench/bare.html"
UNTRIMMED_ROUTE = "/bench/untrimmed/"
BASELINE = "bare Pyodide"

# Records when data-ready becomes "true", in ms since navigation start, so the
# polling interval does not blur the measurement.
READY_PROBE = """
new MutationObserver(() => {
  if (!window.__readyAt && document.documentElement?.dataset.ready === "true")
    window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


# Waits (up to 20 s) until a service worker the page registered controls it and has
# its cache filled; resolves false at once on a page without one (the bare baseline).
SW_TAKES_OVER = """async () => {
  if (!navigator.serviceWorker) return false;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 20 && !(await navigator.serviceWorker.getRegistration()); i++) await sleep(50);
  if (!(await navigator.serviceWorker.getRegistration())) return false;
  for (let i = 0; i < 400 && !navigator.serviceWorker.controller; i++) await sleep(50);
  return Boolean(navigator.serviceWorker.controller);
}"""


def serve_dist(handler_class: type = SiteHandler):
    """dist/ on a free port, plus bench/bare.html at /bench/bare.html and npm's own
    Pyodide files (the whole standard library, the lock file) under
    /bench/untrimmed/, which the bare page boots; returns (server, url)."""
    untrimmed = vendor.untrimmed_pyodide()

    class Handler(handler_class):
        def translate_path(self, path):
            route = urlsplit(path).path
            if route == BARE_ROUTE:
                return str(BARE)
            if route.startswith(UNTRIMMED_ROUTE):
                return str(untrimmed / Path(route).name)
            return super().translate_path(path)

    if not (DIST / "vendor" / "pyodide").is_dir():
        raise SystemExit("dist/ is missing: run `python build.py` first")
    server = make_server(DIST, port=0, quiet=True, handler_class=Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def poll_ready(page, url: str, timeout: float) -> float:
    """Milliseconds from navigation start to data-ready="true" (the probe's record)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready_at, state = page.evaluate("[window.__readyAt, document.documentElement?.dataset.ready]")
        if ready_at:
            return ready_at
        if state == "error":
            raise RuntimeError(f"{url}: the page reported a boot error")
        time.sleep(0.05)
    raise RuntimeError(f"{url}: not ready after {timeout:g} s")


def time_load(browser, url: str, timeout: float, warm: bool = False) -> dict[str, float]:
    """Seconds to data-ready in a fresh context ("cold"), and, with ``warm``, again on
    a reload in the same context ("warm": a repeat visit, from the service worker's
    cache once it has taken over, with the code caches filled and the game restored
    from its save); "paint" is when the page drew its table skeleton
    (app.js marks the frame), where it has one."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        page.goto(url, wait_until="commit")
        out = {"cold": poll_ready(page, url, timeout) / 1000}
        paint = page.evaluate("performance.getEntriesByName('cardtable:skeleton')[0]?.startTime ?? null")
        if paint is not None:
            out["paint"] = paint / 1000
        if warm:
            page.evaluate(SW_TAKES_OVER)  # a repeat visit starts from the service worker's cache
            page.reload(wait_until="commit")
            out["warm"] = poll_ready(page, url, timeout) / 1000
        return out
    finally:
        context.close()


def default_page() -> str:
    """The landing page once it exists, else the boot check."""
    return "index.html" if (DIST / "index.html").exists() else "web/boot-check.html"


def measure_boot(pages: list[str] | None = None, runs: int = 5, chromium: str | None = None,
                 timeout: float = 120, warm: bool = True) -> dict[str, dict[str, list[float]]]:
    """Boot times in seconds, {label: {"cold": [...], "warm": [...], "paint": [...]}},
    the bare Pyodide baseline first; loads alternate between the pages."""
    from playwright.sync_api import sync_playwright

    pages = pages or [default_page()]
    chromium = chromium or find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found: apt-get install chromium, or "
                         "python -m playwright install chromium")
    server, base = serve_dist()
    urls = {BASELINE: base + BARE_ROUTE}
    urls.update({p: p if "://" in p else f"{base}/{p.lstrip('/')}" for p in pages})
    times: dict[str, dict[str, list[float]]] = {label: {} for label in urls}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for url in urls.values():  # warm-up: browser process and OS file cache
                time_load(browser, url, timeout)
            for _ in range(runs):
                for label, url in urls.items():
                    for kind, value in time_load(browser, url, timeout, warm).items():
                        times[label].setdefault(kind, []).append(value)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return times


def format_table(times: dict[str, dict[str, list[float]]]) -> str:
    """Markdown: median, min–max and ratio of medians to the baseline (the first row)
    for the cold and warm loads, and when the skeleton was painted."""
    base = next(iter(times.values()))
    runs = len(base["cold"])

    def cell(values, ref=None):
        if not values:
            return "", ""
        med = statistics.median(values)
        text = f"{med:.2f} s ({min(values):.2f}–{max(values):.2f})"
        return text, (f"{med / statistics.median(ref):.2f}" if ref else "")

    lines = [f"Page boot, {runs} loads each, alternating (cold: a fresh browser context; "
             "warm: a reload in it):", "",
             "| page | skeleton painted | data-ready, cold | × bare | data-ready, warm | × bare |",
             "|---|---|---|---|---|---|"]
    for label, kinds in times.items():
        paint, _ = cell(kinds.get("paint"))
        cold, cold_x = cell(kinds["cold"], base["cold"])
        warm, warm_x = cell(kinds.get("warm"), base.get("warm"))
        lines.append(f"| `{label}` | {paint or '—'} | {cold} | {cold_x} | {warm or '—'} | {warm_x} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """CLI: measure the given pages and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", help="paths in dist/ or http(s) URLs")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--cold-only", action="store_true", help="skip the warm reloads")
    args = parser.parse_args(argv)
    print(format_table(measure_boot(args.pages, runs=args.runs, timeout=args.timeout, warm=not args.cold_only)))


if __name__ == "__main__":
    main()
