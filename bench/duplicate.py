"""Duplicate: the time from the end of today's deal to the strong bot's comparison on screen.

    python bench/duplicate.py [--games G ...] [--days 3] [--think 1.0 0] [--cold] [--json FILE]
                                                                   (after `python build.py`)

Issue 40's measure (goal: at most 3 s in the page, every game). Each run opens
today's deal of one game and one day (`daily=1`, a fresh Chromium context with its
clock fixed at noon in Tokyo on that day, `speed=instant`) in the built site with
the real engine (Pyodide in the worker), and plays the player's decisions as a
player would, the first open decision each time, after ``--think`` seconds of
thought: the worker plays the strong bot's replay a decision at a time while the
player thinks (page/duplicate.js), so a player who thinks gets the comparison
sooner than one who answers at once (``--think 0``, the worst case).

A MutationObserver installed before the page loads notes when the comparison's
section (#duplicate) shows, which is when the daily's end reaches the page, and
when it gets `data-duplicate` (both results on screen); the figure is the time
between them. With ``--cold`` the page is then reloaded and the figure is the same
after the reload, counted from the later of the section's showing and the engine's
being up (`html[data-boot]`: the first table is drawn before it, from the record
of the last one): the finished daily restored, the replay played from its start
with nothing done beforehand (a player who comes back to the day's deal later).
A solitaire's daily is its whole game, and a finished game's save is forgotten: a
reload deals afresh (practice), so Oneonta Whist has no cold figure. Medians over the days with the spread (min–max); a measurement,
never asserted in a test. Figures: bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository's own packages
    sys.path.insert(0, str(ROOT))

from sitebuild import DIST  # noqa: E402
from sitebuild.serve import make_server  # noqa: E402

GAMES = ["le_truc", "tressette", "brazilian_truco", "japanese_loo", "toepen", "oneonta_whist"]

WATCH = """
window.__duplicate = {};
new MutationObserver(() => {
  const box = document.getElementById("duplicate");
  if (!box) return;
  if (!box.hidden && window.__duplicate.shown === undefined) window.__duplicate.shown = performance.now();
  if (box.dataset.duplicate && window.__duplicate.done === undefined) window.__duplicate.done = performance.now();
  if (document.documentElement.dataset.boot && window.__duplicate.live === undefined) window.__duplicate.live = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "data-duplicate", "data-boot"] });
"""

OPEN = """[...document.querySelectorAll('button[data-action]:not([disabled])')]
  .filter((b) => !b.closest('[inert]')).map((b) => b.dataset.action)"""


def poll(page, expression, timeout=300.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        page.wait_for_timeout(20)
    raise TimeoutError(expression)


def one(browser, url, game, day, think, cold=False):
    """Seconds from the daily's end on screen to both results on screen (``cold``: after a reload)."""
    context = browser.new_context(timezone_id="Asia/Tokyo", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(WATCH)
    noon = datetime.datetime.fromisoformat(f"{day}T03:00:00+00:00")
    page.clock.set_fixed_time(noon)
    page.goto(f"{url}?game={game}&lang=en&daily=1&speed=instant")
    try:
        while page.evaluate("window.__duplicate.shown === undefined"):
            actions = poll(page, f"window.__duplicate.shown !== undefined ? ['-'] : ({OPEN}).length ? {OPEN} : null")
            if actions == ["-"]:
                break
            page.wait_for_timeout(think * 1000)
            try:
                page.click(f'button[data-action="{actions[0]}"]', timeout=2000)
            except Exception:  # the decision went away (a knock window the table passed)
                pass
        poll(page, "window.__duplicate.done !== undefined")
        if cold:
            page.reload()
            poll(page, "window.__duplicate.done !== undefined")
        marks = page.evaluate("window.__duplicate")
        return (marks["done"] - max(marks["shown"], marks.get("live", 0) if cold else 0)) / 1000
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="+", default=GAMES)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--think", type=float, nargs="+", default=[1.0, 0.0])
    parser.add_argument("--cold", action="store_true", help="the time after a reload of the finished daily")
    parser.add_argument("--url")
    parser.add_argument("--json")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url = args.url
    if url is None:
        server = make_server(DIST)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
    days = [f"2026-12-{d:02d}" for d in range(1, args.days + 1)]
    games = [g for g in args.games if not (args.cold and g == "oneonta_whist")]  # (no cold figure: above)
    out = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--headless", "--disable-gpu"])
        print(f"{'game':16} {'think':>6}  median s (min–max) over {len(days)} days")
        for game in games:
            for think in args.think:
                times = [one(browser, url, game, day, think, args.cold) for day in days]
                out[f"{game}:{think}"] = times
                print(f"{game:16} {think:6.1f}  {statistics.median(times):.2f} ({min(times):.2f}–{max(times):.2f})",
                      flush=True)
        browser.close()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
