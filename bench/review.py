"""The review of a player's decisions: how long a whole game's review takes in the
browser's worker, and how often it flags a normal bot's decisions against a strong one's.

    python bench/review.py [--games 3] [GAME ...]      (after `python build.py`)

For each game, ``--games`` whole games are played in CPython by a bot in seat 0 (the
player's seat) against the strong bots (normal where a game has no strong). Each
game with a ``normal`` player is saved as the page saves a game, put in a fresh
browser context's storage, and opened: the page restores it at its end, and the
timer runs from the click on "Review my decisions in this game" to the review's
``data-review`` (the worker reviewing two decisions a request, as a player gets
it). The same games, and as many with the ``strong`` bot in seat 0, are reviewed in
CPython to count the flagged decisions: the review should find the weaker bot's
mistakes more often than the stronger one's (a sanity figure).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from bench.boot import READY_PROBE, poll_ready, serve_dist  # noqa: E402
from cardtable import analysis, bots, games  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

GAMES = games.names()


def play(game: str, seed: int, player: str) -> dict:
    """A whole game, ``player`` in seat 0 against the game's strongest bots: its save."""
    state = games.get(game).new_game(seed=seed)
    top = bots.levels(game)[-1]
    seats = {s: bots.make(game, player if s == 0 else top) for s in range(state.num_players)}
    actions: list[str] = []
    while not state.is_over:
        actions.append(bots.decide(seats[state.to_act], state, seed, len(actions)))
        state.apply(actions[-1])
    return {"v": 1, "game": game, "seed": seed, "options": state.options, "level": top, "human": 0,
            "actions": actions}


def flag_rate(save: dict) -> tuple[int, int]:
    """(flagged, reviewed) decisions of seat 0 in the saved game."""
    reviewed = analysis.review_game(save["game"], save["seed"], save["options"], save["actions"], 0)
    return sum(d["flagged"] for d in reviewed), len(reviewed)


def time_in_page(browser, base: str, save: dict) -> float:
    """Seconds from the click on the game's review to data-review, in the page."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        page.goto(f"{base}/index.html")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"cardtable:save:{save['game']}", json.dumps(save)])
        url = f"{base}/index.html?game={save['game']}&lang=en&speed=instant"
        page.goto(url)
        poll_ready(page, url, 120)
        page.wait_for_selector("#result .analysis-button", timeout=60_000)
        start = time.monotonic()
        page.click("#result .analysis-button")
        while page.evaluate("document.querySelector('#result .analysis')?.dataset.review") != "complete":
            if time.monotonic() - start > 600:
                raise RuntimeError(f"{save['game']}: the review did not finish")
            time.sleep(0.02)
        return time.monotonic() - start
    finally:
        context.close()


def measure(names: list[str], count: int, weaker_level: str = "normal") -> dict[str, dict]:
    from playwright.sync_api import sync_playwright

    out = {}
    server, base = serve_dist()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for game in names:
                weaker = weaker_level if weaker_level in bots.levels(game) else "random"
                stronger = bots.levels(game)[-1]
                row = {"weaker": weaker, "stronger": stronger, "seconds": [], "decisions": [],
                       "flags": {weaker: [0, 0], stronger: [0, 0]}}
                for k in range(count):
                    for level in (weaker, stronger):
                        save = play(game, 100 + k, level)
                        flagged, reviewed = flag_rate(save)
                        row["flags"][level][0] += flagged
                        row["flags"][level][1] += reviewed
                        if level == weaker:
                            row["decisions"].append(reviewed)
                            row["seconds"].append(time_in_page(browser, base, save))
                out[game] = row
                print(f"{game}: done", file=sys.stderr)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def format_table(results: dict[str, dict]) -> str:
    lines = ["The review of a whole game (the player's seat the weaker bot against the strongest; in the "
             "page, from the click to data-review):", "",
             "| game | decisions reviewed | page seconds, median (min–max) | worst | "
             "flagged: weaker bot | flagged: strongest bot |", "|---|---|---|---|---|---|"]
    for game, r in results.items():
        s = r["seconds"]
        weak, strong = r["flags"][r["weaker"]], r["flags"][r["stronger"]]
        rate = lambda f: f"{f[0]}/{f[1]} = {100 * f[0] / max(1, f[1]):.1f}%"
        lines.append(f"| {game} | {statistics.median(r['decisions']):.0f} | {statistics.median(s):.1f} "
                     f"({min(s):.1f}–{max(s):.1f}) | {max(s):.1f} | {r['weaker']}: {rate(weak)} | "
                     f"{r['stronger']}: {rate(strong)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help=f"default: {' '.join(GAMES)}")
    p.add_argument("--games", dest="count", type=int, default=3, help="whole games per game and level")
    p.add_argument("--weaker", default="normal", help="the level reviewed against the strongest (default normal)")
    args = p.parse_args(argv)
    print(format_table(measure(args.games or GAMES, args.count, args.weaker)))


if __name__ == "__main__":
    main()
