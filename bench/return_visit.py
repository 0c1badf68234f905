"""A returning visitor: time to the last table on screen and to a playable engine on a
reload, from the memory snapshot the first visit kept, against the same reload
without it and a bare Pyodide reload.

    python bench/return_visit.py [--runs 5]          (after `python build.py`)

Each run is a fresh browser context per page. Our page: a first visit (cold), then
wait until the service worker controls it and the page has kept its memory
snapshot (web/js/snapshot-keeper.js), then a reload ("return, snapshot"); then the
snapshot is deleted and the page reloads again ("return, no snapshot": what a
returning visitor waited before; the keeper makes a new one only after that load).
The baseline: bench/bare.html (npm's own Pyodide on the main thread, which gets
Chromium's wasm code cache on a reload) loaded and reloaded. Local, unthrottled:
a return reads everything from the device. Every load runs until
<html data-ready="true">; the runs alternate the two pages. On our page's returns
the first frame with the saved game's cards on the table is timed too: the last
table kept with the save, drawn before the engine is up (docs/runtime.md, "The head
start").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import BARE_ROUTE, READY_PROBE, SW_TAKES_OVER, poll_ready, serve_dist  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

PAGE = "index.html?game=le_truc&lang=en&seed=1&speed=instant"
# The first frame with cards in the player's hand, in ms since navigation.
TABLE_PROBE = """
(() => {
  const frame = () => {
    if (document.querySelector("#hand [data-card]")) window.__tableAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""
BASELINE = "bare Pyodide (npm's files)"
RESTORED = "cardtable: booted from the memory snapshot"

# True once the page has kept its snapshot (polls up to 120 s).
SNAPSHOT_KEPT = """async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 1200; i++) {
    for (const name of await caches.keys()) {
      if (name.startsWith("cardtable-snapshot:") && (await (await caches.open(name)).keys()).length) return true;
    }
    await sleep(100);
  }
  return false;
}"""
FORGET = """async () => {
  for (const name of await caches.keys()) if (name.startsWith("cardtable-snapshot:")) await caches.delete(name);
}"""


def visits(browser, url: str, ours: bool, timeout: float) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        said = []
        page.on("console", lambda msg: said.append(msg.text))
        page.add_init_script(READY_PROBE)
        page.add_init_script(TABLE_PROBE)
        page.goto(url, wait_until="commit")
        out = {"first": poll_ready(page, url, timeout) / 1000}
        if not ours:
            page.reload(wait_until="commit")
            out["return"] = poll_ready(page, url, timeout) / 1000
            return out
        if not (page.evaluate(SW_TAKES_OVER) and page.evaluate(SNAPSHOT_KEPT)):
            raise RuntimeError("the page kept no snapshot")
        said.clear()
        page.reload(wait_until="commit")
        out["return"] = poll_ready(page, url, timeout) / 1000
        out["table"] = page.evaluate("window.__tableAt") / 1000
        if RESTORED not in said:
            raise RuntimeError(f"the return did not boot from the snapshot: {said}")
        page.evaluate(FORGET)
        page.reload(wait_until="commit")
        out["return, no snapshot"] = poll_ready(page, url, timeout) / 1000
        out["table, no snapshot"] = page.evaluate("window.__tableAt") / 1000
        return out
    finally:
        context.close()


def measure(runs: int = 5, page: str = PAGE, timeout: float = 180) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    server, base = serve_dist()
    pages = {BASELINE: (base + BARE_ROUTE, False), page: (f"{base}/{page}", True)}
    out: dict[str, dict[str, list[float]]] = {label: {} for label in pages}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for url, ours in pages.values():  # warm-up: browser process and OS file cache
                visits(browser, url, ours, timeout)
            for _ in range(runs):
                for label, (url, ours) in pages.items():
                    for key, value in visits(browser, url, ours, timeout).items():
                        out[label].setdefault(key, []).append(value)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def format_table(times: dict[str, dict[str, list[float]]]) -> str:
    base = times[BASELINE]["return"]
    runs = len(base)
    cell = lambda xs: f"{statistics.median(xs):.2f} s ({min(xs):.2f}–{max(xs):.2f})"  # noqa: E731
    ratio = lambda xs: f"{statistics.median(xs) / statistics.median(base):.2f}"  # noqa: E731
    lines = [f"Returning visit, {runs} fresh contexts each, alternating (a reload after a first visit; "
             "× bare: against bare Pyodide's reload; the last table: the saved game's cards on screen):", "",
             "| page | first visit | return: last table | return: engine up | × bare return "
             "| without the snapshot: last table | engine up | × bare return |",
             "|---|---|---|---|---|---|---|---|"]
    for label, kinds in times.items():
        plain = kinds.get("return, no snapshot")
        table, table_plain = kinds.get("table"), kinds.get("table, no snapshot")
        lines.append(f"| `{label}` | {cell(kinds['first'])} | {cell(table) if table else '—'} | {cell(kinds['return'])} | "
                     f"{ratio(kinds['return'])} | {cell(table_plain) if table_plain else '—'} | "
                     f"{cell(plain) if plain else '—'} | {ratio(plain) if plain else ''} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(format_table(measure(args.runs)))


if __name__ == "__main__":
    main()
