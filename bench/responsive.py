"""Responsiveness: the longest main-thread task while the bots think and play.

    python bench/responsive.py [--runs 3] [--moves 12] [GAME ...]     (after `python build.py`)

Each run opens a game's table in a fresh browser context (bots at `strong` where
the game has it, else `normal`; `speed=instant`, so bot moves come back to back
and the page redraws after each one: the busiest the main thread gets) and, from
data-ready on, records the browser's long-task entries (PerformanceObserver
"longtask": every task over 50 ms) while a player clicks through ``--moves``
decisions. A probe also sets a 10 ms timer again and again and records the
longest gap between two ticks, which bounds the longest task below 50 ms too
(a gap of 10–15 ms means nothing blocked). The bots think in the worker, so the page should never freeze.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from bench.boot import READY_PROBE, poll_ready, serve_dist  # noqa: E402
from cardtable import games  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

GAMES = games.names()
STRONG = {"le_truc", "tressette", "brazilian_truco", "japanese_loo", "toepen"}

PROBE = """
window.__long = [];
window.__gap = 0;
window.__watch = () => {
  window.__long = [];
  window.__gap = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({ type: "longtask" });
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
    setTimeout(tick, 10);
  };
  setTimeout(tick, 10);
};
"""

DECISION = """document.querySelector('[data-result]') ? 'over'
  : (document.querySelector('button[data-action]:not([disabled])') ? 'turn' : '')"""


CLICK = """(last) => {
  const buttons = [...document.querySelectorAll('button[data-action]:not([disabled])')];
  const b = last ? buttons.at(-1) : buttons[0];
  b?.click();
  return Boolean(b);
}"""


def watch_game(browser, base: str, game: str, moves: int, seed: int) -> dict:
    """{"long": [task ms, ...], "gap": longest probe gap ms, "moves": clicks made}."""
    level = "strong" if game in STRONG else "normal"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        page.add_init_script(PROBE)
        url = f"{base}/index.html?game={game}&lang=en&seed={seed}&speed=instant&level={level}"
        page.goto(url)
        poll_ready(page, url, 120)
        page.evaluate("window.__watch()")
        clicks = 0
        while clicks < moves:
            deadline = time.monotonic() + 60
            while not (state := page.evaluate(DECISION)):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{game}: no decision came")
                time.sleep(0.02)
            if state == "over":
                break
            # the first or the last legal button, alternately (to vary the play a little)
            if page.evaluate(CLICK, clicks % 2):
                clicks += 1
        time.sleep(0.3)
        long, gap = page.evaluate("[window.__long, window.__gap]")
        return {"long": long, "gap": gap, "moves": clicks}
    finally:
        context.close()


def measure(games: list[str] | None = None, runs: int = 3, moves: int = 12) -> dict[str, list[dict]]:
    from playwright.sync_api import sync_playwright

    server, base = serve_dist()
    out: dict[str, list[dict]] = {g: [] for g in games or GAMES}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for r in range(runs):
                for game in out:
                    out[game].append(watch_game(browser, base, game, moves, seed=r + 1))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def format_table(results: dict[str, list[dict]]) -> str:
    runs = len(next(iter(results.values())))
    lines = [f"Main thread while the bots play (speed=instant, {runs} runs per game, the player's clicks "
             "included):", "",
             "| game (bot level) | moves clicked | tasks over 50 ms | longest task, ms | longest gap of the probe, ms |",
             "|---|---|---|---|---|"]
    for game, rs in results.items():
        longest = [max(r["long"], default=0) for r in rs]
        count = sum(len(r["long"]) for r in rs)
        gaps = [r["gap"] for r in rs]
        level = "strong" if game in STRONG else "normal"
        worst = f"{max(longest):.0f}" if count else "none over 50"
        lines.append(f"| {game} ({level}) | {sum(r['moves'] for r in rs)} | {count} | {worst} | "
                     f"{statistics.median(gaps):.0f} ({min(gaps):.0f}–{max(gaps):.0f}) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help=f"default: {' '.join(GAMES)}")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--moves", type=int, default=12)
    args = p.parse_args(argv)
    print(format_table(measure(args.games or None, args.runs, args.moves)))


if __name__ == "__main__":
    main()
