"""Screenshots of every game at the moments a player sees, to look at by eye
(before and after a change to the page): not a test.

    python tests/tools/screens.py OUT [--games le_truc,toepen] [--langs ja,en]
                                [--sizes phone,desktop,landscape] [--moves 0,6,20,60,end,deal-end]
                                [--seed 5] [--speed instant] [--options players=5]

After `python build.py`. Each game opens at 390x844 ("phone"), 1280x800
("desktop") or 844x390 ("landscape": a phone on its side) with speed=instant (or
`--speed`); the player presses an open decision (a fixed
choice among the buttons, so a run is repeatable) until each of the move counts
("end": until the game is over; "deal-end": until a deal's end shows over the
table, which needs a speed other than instant: the screen as the player sees it,
then its Next deal), and the whole page is saved as
OUT/<game>-<lang>-<size>-<moves>.png.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from cardtable import games  # noqa: E402
from sitebuild import DIST  # noqa: E402
from sitebuild.browser import find_chromium  # noqa: E402
from sitebuild.serve import make_server  # noqa: E402

SIZES = {"phone": (390, 844), "desktop": (1280, 800), "landscape": (844, 390)}


def wait_ready(page, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and page.evaluate("document.documentElement.dataset.ready") != "true":
        time.sleep(0.2)


def play_to(page, done: int, target: int, deal_end: bool = False) -> int:
    """Presses open decisions until ``target`` presses (or the game's end; with
    ``deal_end``, until a deal's end shows). A deal's end on the way is left with
    its Next deal."""
    while done < target and not page.locator("[data-result]").count():
        if page.locator("[data-deal-end]").count():
            if deal_end:
                return done
            page.click("[data-deal-end] button")
            continue
        if page.evaluate("!!document.querySelector('#dock[inert]')"):  # the deal's end is coming
            time.sleep(0.2)
            continue
        buttons = page.locator("button[data-action]:not([disabled])")
        if not buttons.count():
            time.sleep(0.2)
            continue
        try:  # a tap on the button's own top strip: a card of an upper row is partly under the lower row
            button = buttons.nth((done * 7) % buttons.count())
            box = button.bounding_box()
            button.click(timeout=3000, position={"x": box["width"] / 2, "y": min(box["height"] / 2, 22)})
        except Exception:  # the table redrew under the click: try the next decision
            time.sleep(0.2)
            continue
        done += 1
        time.sleep(0.15)
    return done


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--games", default=",".join(games.names()))
    p.add_argument("--langs", default="ja,en")
    p.add_argument("--sizes", default="phone,desktop")
    p.add_argument("--moves", default="0,6,20,60")
    p.add_argument("--seed", default="5")
    p.add_argument("--speed", default="instant", help="the table's pace (a deal's end shows only off instant)")
    p.add_argument("--options", default="", help="the rules in the address, e.g. players=5 (every game given)")
    args = p.parse_args()
    server = make_server(DIST, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(),
                                     args=["--no-sandbox", "--headless", "--disable-gpu"])
        for game in args.games.split(","):
            for lang in args.langs.split(","):
                for size in args.sizes.split(","):
                    width, height = SIZES[size]
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  service_workers="block")
                    page = context.new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.goto(f"{base}index.html?game={game}&lang={lang}&seed={args.seed}&speed={args.speed}"
                              + (f"&{args.options}" if args.options else ""))
                    wait_ready(page)
                    done = 0
                    for mark in args.moves.split(","):
                        target = 10**6 if mark in ("end", "deal-end") else int(mark)
                        done = play_to(page, done, target, deal_end=mark == "deal-end")
                        time.sleep(0.6)
                        label = mark if mark in ("end", "deal-end") else f"{target:03d}"
                        shown = mark == "deal-end" and page.locator("[data-deal-end]").count()
                        page.screenshot(path=str(out / f"{game}-{lang}-{size}-{label}.png"), full_page=not shown)
                        if shown:
                            page.click("[data-deal-end] button")
                    if errors:
                        print(game, lang, size, "page errors:", errors[:3])
                    context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
