"""Every decision on screen, nothing under the dock: a whole game of every game at a
phone's size (390×844), a laptop's (1280×800) and a phone on its side (844×390),
the page never scrolled, and at each decision every
open decision on the table (`#table button[data-action]`, the hand's cards too) is
wholly inside the viewport, at least 44 px each way on the phone, and the one
thing found at its own tap point (so a card under another still has a part of
its own); no line of text of the status or of the felt outside the dock lies
under the dock (the thing found at the line's centre is never the dock), the
status is wholly on screen, and what the stage holds beyond its height is
clipped by it (it scrolls), never drawn under the dock; the decision then taken
is a real tap there, in a fixed round-robin. And the table does not jump: the
dock's top and the hand's top are where they were at the game's first decision at
every later decision (the dock keeps room for every question the game can ask,
table.room; screen-fit.js keeps what a part has needed).

Set FIT_SHOTS=<folder> to keep a screenshot of the viewport at a few decisions."""

import os
import time
from pathlib import Path

import pytest

from tests.support.pages import SHORT_GAMES

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1280, 800), "landscape": (844, 390)}
LIMIT = 400  # decisions: every game above ends well before

# At a decision: what is wrong with each open decision (empty when all is well),
# and where to tap each (its own point: the middle of its top strip, which the
# card over the lower half of an upper-row card leaves free).
CHECK = """(minSide) => {
  if (document.querySelector('[data-result]')) return { over: true };
  const open = [...document.querySelectorAll('#table button[data-action]')].filter((b) => !b.disabled);
  if (!open.length || document.querySelector('#table[aria-busy]')) return { open: [] };
  const W = innerWidth, H = innerHeight;
  return { scrolled: scrollX || scrollY, open: open.map((b) => {
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 22);
    const hit = document.elementFromPoint(x, y);
    const wrong = [];
    if (r.left < 0 || r.top < 0 || r.right > W || r.bottom > H) wrong.push(`off screen ${JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))}`);
    if (r.width < minSide || r.height < minSide) wrong.push(`small ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (!hit || hit.closest('button') !== b) wrong.push('covered at its tap point');
    return { action: b.dataset.action, x, y, wrong };
  }) };
}"""


# At a decision: each line of text (a text node's line box) of the status and of the
# stage (the felt but the dock) that lies under the dock or off screen.
UNDER_DOCK = """() => {
  const dock = document.getElementById('dock'), stage = document.getElementById('stage');
  const box = stage.getBoundingClientRect();
  const clips = ['auto', 'scroll', 'hidden'].includes(getComputedStyle(stage).overflowY);
  const wrong = [];
  for (const root of [document.getElementById('status'), stage]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n; (n = walker.nextNode());) {
      const host = n.parentElement;
      if (!n.textContent.trim() || !host.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (host.closest('.sr-only, .font-warmup')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width < 2 || r.height < 2) continue;
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const text = n.textContent.trim().slice(0, 24);
        if (root === stage && (y < box.top || y > box.bottom)) { // beyond the stage's height: clipped by it
          if (!clips) wrong.push(`${text}: drawn beyond the stage`);
          continue;
        }
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { wrong.push(`${text}: off screen`); continue; }
        const hit = document.elementFromPoint(x, y);
        if (hit && dock.contains(hit)) wrong.push(`${text}: under the dock`);
      }
    }
  }
  return wrong;
}"""


# Where the dock and the hand lie (their tops, rounded to the pixel).
PLACES = """() => ['dock', 'hand'].map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top))"""


def decision(page, timeout=60.0):
    """Polls until a decision is open or the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = page.evaluate(CHECK, 0)
        if state.get("over") or state["open"]:
            return state
        page.wait_for_timeout(30)
    raise AssertionError("no decision came")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", SHORT_GAMES)
def test_every_decision_is_on_screen_without_scrolling(browser, site_url, game, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    shots = os.environ.get("FIT_SHOTS")
    try:
        page.goto(site_url + f"?game={game}&lang=en&seed=5&speed=instant&level=random&{SHORT_GAMES[game]}")
        deadline = time.monotonic() + 90
        while page.evaluate("document.documentElement.dataset.ready") != "true":
            assert time.monotonic() < deadline, "the table never became ready"
            page.wait_for_timeout(100)
        assert page.locator("#alert").is_hidden(), page.inner_text("#alert")  # the options were taken
        min_side = 0 if size == "desktop" else 44
        first_places, moved = None, []
        for n in range(LIMIT):
            state = decision(page)
            if state.get("over"):
                break
            state = page.evaluate(CHECK, min_side)  # settled: measured again as drawn
            if state.get("over"):
                break
            if not state["open"]:
                continue
            if shots and n in (0, 3, 12, 30):
                Path(shots).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=f"{shots}/{game}-{size}-{n:03d}.png")
            assert not state["scrolled"], f"{game} {size}: the page scrolled at decision {n}"
            wrong = [(b["action"], b["wrong"]) for b in state["open"] if b["wrong"]]
            assert not wrong, f"{game} {size}, decision {n}: {wrong}"
            hidden = page.evaluate(UNDER_DOCK)
            assert not hidden, f"{game} {size}, decision {n}: {hidden}"
            places = page.evaluate(PLACES)
            first_places = first_places or places
            if places != first_places:
                moved.append((n, places))
            pick = state["open"][n % len(state["open"])]
            page.mouse.click(pick["x"], pick["y"])
        else:
            pytest.fail(f"{game} did not end within {LIMIT} decisions")
        assert page.locator("[data-result]").count() == 1
        assert not moved, f"{game} {size}: the dock and the hand (tops) were at {first_places}, then {moved[:5]}"
        assert not errors, errors
    finally:
        context.close()
