"""What the browser tests do on a game's page as a player would: wait for a
decision, read the buttons, click through a game, compare the table before and
after a reload, check that nothing went wrong.

    from tests.support.pages import legal_buttons, next_decision, poll
"""

import time


from tests.conftest import alert_texts, evaluate_unless_navigating, waiting_in_the_page
from tests.support.games import ByGame


# Short games with the most seats and cards each game has (each game's SHORT_GAME in
# tests/support/games/<name>.py); random bots answer at once.
SHORT_GAMES = ByGame("SHORT_GAME")


def poll(page, expression, timeout=30.0):
    """Wait for a JS expression to be truthy and return its value (no
    wait_for_function: it needs eval); the page checks it every 10 ms itself. A
    navigation under way (no context to evaluate in) is waited out."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        value = evaluate_unless_navigating(page, waiting_in_the_page(expression, min(left, 5)))
        if value:
            return value
    raise AssertionError(f"timed out waiting for {expression}")


# Where a player's tap on the element lands, if it lands on it: the element enabled,
# not in motion (a finite animation of it or of a box it is in; not its own
# transition, a hovered card's lift, which never takes it from under the finger), scrolled into view
# where needed (as Playwright scrolls: nearest, then centre, end, start, for a
# sticky dock), and its middle its own (nothing over it); else why not.
AIM = r"""(selector) => {
  const e = document.querySelector(selector);
  if (!e) return "no element matches";
  const name = (n) => n ? n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + [...n.classList].map((c) => "." + c).join("") : "nothing";
  if (e.disabled || e.closest("[inert]")) return "it is disabled";
  const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.target?.contains?.(e)
    && a.effect.getComputedTiming().endTime !== Infinity && !(a instanceof CSSTransition && a.effect.target === e));
  if (moving) return "it is moving";
  let hit = null;
  for (const block of ["nearest", "center", "end", "start"]) {
    const r = e.getBoundingClientRect();
    const seen = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    if (block !== "nearest" || !seen) e.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
    const box = e.getBoundingClientRect();
    if (!box.width || !box.height) return "it is not shown";
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    hit = document.elementFromPoint(x, y);
    if (hit && e.contains(hit)) {
      // where the tap that follows lands: nothing said when on the element, else what
      // took it and whether that is something a player presses
      removeEventListener("click", window.__tapWatch, true);
      window.__tapLanded = null;
      window.__tapWatch = (ev) => {
        if (e.contains(ev.target)) return;
        const pressable = Boolean(ev.target.closest?.("a, button, input, select, textarea, label, summary, [data-action], [tabindex]"));
        window.__tapLanded = { on: name(ev.target), pressable };
      };
      addEventListener("click", window.__tapWatch, { capture: true, once: true });
      return [x, y];
    }
  }
  return `its middle is covered by ${name(hit)}`;
}"""


def press(page, selector, timeout=30.0):
    """A player's tap on ``selector`` (CSS, the first match): a real mouse click at
    its middle once it is there to be tapped (AIM: enabled, still, on screen, nothing
    over it), checked again until ``timeout``. Playwright's click makes the same
    checks frame by frame, about 100 ms a click; the whole-game tests click hundreds
    of times. A tap the page moved out from under between the aim and the click (a
    busy machine's late layout) is tried again if it pressed nothing else, as a
    player taps again; one that pressed something else fails the test, naming it."""
    if not hasattr(page, "mouse"):  # a frame: its own coordinates are not the page's
        page.click(selector, timeout=timeout * 1000)
        return
    deadline = time.monotonic() + timeout
    while True:
        aim = evaluate_unless_navigating(page, AIM, selector)
        if isinstance(aim, list):
            page.mouse.click(*aim)
            landed = evaluate_unless_navigating(page, "window.__tapLanded")
            if not landed:  # on it (or the tap took the page elsewhere)
                return
            # The page moved between the aim and the tap (a busy machine's late
            # layout): a tap that pressed nothing is tried again, as a player would.
            if landed["pressable"]:
                raise AssertionError(f"a tap on {selector} landed on {landed['on']}, moved under it")
            aim = f"a tap landed on {landed['on']}, moved under it"
        if time.monotonic() > deadline:
            raise AssertionError(f"could not tap {selector}: {aim}")
        page.wait_for_timeout(20)


def next_decision(page):
    """Wait until the human has a button to press or the game is over; True if over.
    A deal's end shown over the table (``[data-deal-end]``, only at a speed other
    than instant) is read and left with its Next deal, as a player would."""
    for _ in range(100):
        state = poll(page, """document.querySelector('[data-result]') ? 'over'
            : document.querySelector('[data-deal-end] button') ? 'deal-end'
            : ([...document.querySelectorAll('button[data-action]:not([disabled])')].some((b) => !b.closest('[inert]'))
               ? 'turn' : '')""")
        if state != "deal-end":
            return state == "over"
        press(page, "[data-deal-end] button")
    raise AssertionError("a deal's end after every Next deal")


def legal_buttons(page):
    return page.evaluate("[...document.querySelectorAll('button[data-action]:not([disabled])')].map(b => b.dataset.action)")


def play_to_the_end(page, choose=lambda actions, clicks: actions[clicks % len(actions)], limit=400):
    """Click the button ``choose(legal actions, clicks so far)`` names until the game
    ends; the number of clicks."""
    clicks = 0
    while not next_decision(page):
        press(page, f'button[data-action="{choose(legal_buttons(page), clicks)}"]')
        clicks += 1
        assert clicks < limit, "the game should end"
    return clicks


TABLE_PARTS = ("#seat-0", "#seat-1", "#tricks", "#panel", "#hand", "#actions")


CANONICAL_MARKUP = r"""(parts) => {
  // the room a part has needed so far (screen-fit.js: min-height, data-kept) is the page's memory of
  // this visit's layout, not the table: a reload starts it afresh
  const attrs = (n) => [...n.attributes].filter((a) => a.name !== "data-kept")
    .map((a) => [a.name, a.name === "style" ? a.value.replace(/min-height:[^;]*;?\s*/g, "").trim() : a.value])
    .filter(([name, value]) => name !== "style" || value);
  const canon = (n) => n.nodeType === Node.TEXT_NODE ? n.data
    : n.nodeType !== Node.ELEMENT_NODE ? ""
    : `<${n.nodeName}${attrs(n).map(([name, value]) => ` ${name}="${value}"`).sort().join("")}>`
      + [...n.childNodes].map(canon).join("") + `</${n.nodeName}>`;
  return parts.map((p) => canon(document.querySelector(p)));
}"""


def table_markup(page):
    """The table's markup, part by part, each element's attributes in one order
    (their order means nothing, and a redraw that sets one adds it last)."""
    return page.evaluate(CANONICAL_MARKUP, list(TABLE_PARTS))


def assert_reload_keeps_the_table(page, wait_ready, parts=("#seat-0", "#seat-1", "#tricks", "#panel", "#log")):
    """Reload at a decision: the same buttons and the same table, log included.
    The markup must match too: the page redraws a move by changing only what it
    changed (app.js update), and a reload draws the same position from nothing,
    so any node that redraw left stale shows up here."""
    next_decision(page)
    before = [legal_buttons(page)] + [page.inner_text(p) for p in parts]
    markup = table_markup(page)
    page.reload()
    wait_ready(page)
    next_decision(page)
    assert [legal_buttons(page)] + [page.inner_text(p) for p in parts] == before
    assert table_markup(page) == markup


def press_enter_through(page, decisions):
    """Answer up to ``decisions`` decisions with Enter on the button the page focused
    (keyboard alone), each adding to the log; stops early at the game's end."""
    for _ in range(decisions):
        if next_decision(page):
            break
        poll(page, "document.activeElement && document.activeElement.dataset.action")
        before = page.evaluate("document.querySelectorAll('#log li').length")
        page.keyboard.press("Enter")
        poll(page, f"document.querySelectorAll('#log li').length > {before}")


def assert_clean(page):
    """No console error, uncaught error, request to another origin or alert shown.
    (The messages are spelt out: pytest rewrites the asserts of test files, not of
    this helper's.)"""
    found = {"console errors": page.console_errors, "page errors": page.page_errors,
             "foreign requests": page.foreign_requests, "alerts": alert_texts(page)}
    found = {kind: items for kind, items in found.items() if items}
    assert not found, f"the page is not clean: {found}"


def click(page, action):
    """Click a decision; False if it went away first (a knock window the table passed)."""
    try:
        press(page, f'button[data-action="{action}"]:not([disabled])', timeout=2)
        return True
    except AssertionError:
        return False


def play_on(page, choose, limit=800, until=None):
    """Click ``choose(actions)`` until the game ends, or until ``until(actions)``
    holds: then the game must not end first (a condition that never holds would
    play the whole game and test nothing it names)."""
    for _ in range(limit):
        if next_decision(page):
            assert until is None, "the game ended before the decision the test waits for"
            return None
        actions = legal_buttons(page)
        if not actions:  # a knock window the table passed in the meantime
            continue
        if until and until(actions):
            return actions
        click(page, choose(actions))
    raise AssertionError("the game should end")


def steady(actions):
    """Keep, stay in, never knock or challenge: a player who sees every deal through."""
    for a in ("keep", "stay", "silent", "pass"):
        if a in actions:
            return a
    return next(a for a in actions if a.startswith("play ") or a in ("whistle", "stand"))


def game_frame(page, selector="iframe[data-cardtable]", timeout=30.0):
    """The Frame of the iframe at `selector`, once it has its document."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        handle = page.query_selector(selector)
        frame = handle and handle.content_frame()
        if frame and frame.url.startswith("http"):
            return frame
        page.wait_for_timeout(50)
    raise AssertionError("no game iframe")


def wait_state(frame, state, timeout=60.0):
    """Wait for <html data-ready=state> ("poster", "true"); fail at once on "error"."""
    got = poll(frame, f"['{state}', 'error'].find((s) => s === document.documentElement.dataset.ready)", timeout)
    assert got == state, f"the game failed: {alert_texts(frame)}"


def choose_file(page, file):
    """The player opens ``file`` with the record's button; returns what the page then says."""
    page.evaluate("document.getElementById('record-status').textContent = ''")
    with page.expect_file_chooser() as chooser:
        page.click("#record-open")
    chooser.value.set_files(str(file))
    for _ in range(100):
        if page.inner_text("#record-status") or page.is_visible("#record-ask"):
            break
        page.wait_for_timeout(50)
    return page.inner_text("#record-status")
