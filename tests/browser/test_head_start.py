"""The head start: the table drawn, and the player's move taken, before the engine is
up (web/js/page/head-start.js). The runtime's wasm is held back (a route) so the
engine cannot start until the test lets it: an article link then draws a first
table the build recorded, with live decisions and Hint; a tap is drawn at once and
played once the engine is up, exactly once; a reload meanwhile keeps the game; a
save's last table draws before data-ready; a missing or damaged record means a normal
start with nothing shown; a record the engine disagrees with is reported and
replaced. data-ready keeps its meaning: the engine is up."""

from __future__ import annotations

import json
import time

import pytest

from tests.conftest import alert_texts, wait_ready
from tests.support.pages import press

pytestmark = [pytest.mark.browser, pytest.mark.real_engine("the head start's record handed over to the engine as it comes up")]

DECISION = "#table button[data-action]:not([disabled])"


class HeldRuntime:
    """The interpreter's wasm held back until release(): the engine cannot start."""

    def __init__(self, page):
        self.routes = []
        self.released = False
        page.route("**/vendor/pyodide/pyodide.asm.wasm", self.hold)

    def hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def poll(page, expression, timeout=30.0, arg=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(expression, arg)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {expression}")


STATE = """(game) => ({
  headStart: document.documentElement.dataset.headStart ?? null,
  ready: document.documentElement.dataset.ready ?? null,
  save: JSON.parse(localStorage.getItem(`cardtable:save:${game}`) ?? "null"),
  hand: [...document.querySelectorAll('#hand [data-card]')].map((n) => n.dataset.card),
  log: document.querySelectorAll('#log li').length,
  status: document.getElementById('status').textContent,
  note: document.getElementById('note').hidden ? "" : document.getElementById('note').textContent,
})"""


def state(page, game):
    return page.evaluate(STATE, game)


def first_decision(page, game):
    """Waits for a live decision on a table drawn ahead of the engine."""
    poll(page, f"() => document.querySelector('{DECISION}')")
    return state(page, game)


def moves(page, game):
    return (state(page, game)["save"] or {}).get("actions", [])


def goes_on(page, game, k, timeout=30.0):
    """The game goes on past its k-th move: a bot answers, or the player's next move is."""
    deadline = time.monotonic() + timeout
    while len(moves(page, game)) <= k:
        assert time.monotonic() < deadline, f"the game did not go on past move {k}"
        if page.locator(DECISION).count() and not page.locator("#table[aria-busy]").count():
            page.locator(DECISION).first.click()
        page.wait_for_timeout(50)


def no_errors(page, allowed=()):
    """No page error, no console error but the browser's own line for a response the
    test gave (a missing file), and no alert."""
    console = [c for c in page.console_errors if not any(a in c for a in allowed)]
    assert page.page_errors == [] and console == [], page.page_errors + console
    assert alert_texts(page) == []


@pytest.mark.parametrize("game", ["le_truc", "brazilian_truco", "japanese_loo"])
def test_an_article_link_plays_before_the_engine_and_its_tap_is_played_once(page, site_url, game):
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game={game}&lang=en&speed=instant")
    before = first_decision(page, game)
    assert before["headStart"] == "first" and before["ready"] is None, before
    assert before["hand"] and before["status"].startswith("Your turn"), before
    assert f"seed={before['save']['seed']}" in page.url  # the deal dealt is the address's
    # the Hint answers from the record
    press(page, "#hint")
    poll(page, "() => !document.getElementById('hint-text').hidden && document.getElementById('hint-text').textContent")
    # a tap: drawn at once, kept
    button = page.locator(DECISION).first
    action = button.get_attribute("data-action")
    button.click()
    poll(page, "(n) => JSON.parse(localStorage.getItem(`cardtable:save:${n.game}`)).actions.length > n.k",
         arg={"game": game, "k": len(before["save"]["actions"])})
    assert moves(page, game) == before["save"]["actions"] + [action]
    assert state(page, game)["ready"] is None
    held.release()
    wait_ready(page)
    # the engine played it once, and the game goes on
    k = len(before["save"]["actions"]) + 1
    goes_on(page, game, k)
    now = moves(page, game)
    assert now[:k] == before["save"]["actions"] + [action]
    poll(page, f"() => document.querySelector('{DECISION}') || document.querySelector('[data-result]')")
    assert state(page, game)["headStart"] is None
    no_errors(page)


def test_a_reload_while_the_engine_starts_keeps_the_game(page, site_url):
    game = "le_truc"
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game={game}&lang=en&speed=instant")
    before = first_decision(page, game)
    action = page.locator(DECISION).first.get_attribute("data-action")
    press(page, f'{DECISION}[data-action="{action}"]')
    poll(page, "(k) => JSON.parse(localStorage.getItem('cardtable:save:le_truc')).actions.length > k",
         arg=len(before["save"]["actions"]))
    drawn = state(page, game)
    page.reload()
    poll(page, "() => document.documentElement.dataset.headStart === 'save'")
    after = state(page, game)
    assert after["ready"] is None
    assert after["hand"] == drawn["hand"] and after["log"] == drawn["log"] and after["save"] == drawn["save"]
    held.release()
    wait_ready(page)
    k = len(drawn["save"]["actions"])
    assert drawn["save"]["actions"][-1] == action
    goes_on(page, game, k)
    assert moves(page, game)[:k] == drawn["save"]["actions"]
    no_errors(page)


def a_saved_game(page, site_url, game):
    """A game one move in, saved with its last table beside it: the state drawn."""
    page.goto(f"{site_url}?game={game}&lang=ja&seed=11&speed=instant")
    wait_ready(page)
    page.locator(DECISION).first.click()
    poll(page, f"() => document.querySelector('{DECISION}')")
    return state(page, game)


def test_a_saves_last_table_draws_before_the_engine_and_takes_the_next_move(page, site_url):
    game = "japanese_loo"
    drawn = a_saved_game(page, site_url, game)
    held = HeldRuntime(page)
    page.reload()
    poll(page, f"() => document.documentElement.dataset.headStart === 'save' && document.querySelector('{DECISION}')")
    after = state(page, game)
    assert after["ready"] is None
    assert (after["hand"], after["log"], after["save"], after["status"]) == (
        drawn["hand"], drawn["log"], drawn["save"], drawn["status"])
    # the next move: kept (marked, said so) until the engine is up, then played once
    button = page.locator(DECISION).first
    action = button.get_attribute("data-action")
    button.click()
    assert page.locator(f'button.kept[data-action="{action}"]').count() == 1
    assert "ボットの準備ができしだい" in state(page, game)["status"]
    assert moves(page, game) == drawn["save"]["actions"]
    held.release()
    wait_ready(page)
    k = len(drawn["save"]["actions"])
    poll(page, "(k) => JSON.parse(localStorage.getItem('cardtable:save:japanese_loo')).actions.length > k", arg=k)
    assert moves(page, game)[: k + 1] == drawn["save"]["actions"] + [action]
    goes_on(page, game, k + 1)
    no_errors(page)


def test_a_saves_last_table_from_another_build_is_not_drawn_and_the_engine_restores_the_game(page, site_url):
    """A table kept by another build's page may lack what this page reads (or word it
    otherwise): it is no record, and the save itself is restored by the engine."""
    game = "japanese_loo"
    drawn = a_saved_game(page, site_url, game)
    page.evaluate("""(key) => {
      const kept = JSON.parse(localStorage.getItem(key));
      localStorage.setItem(key, JSON.stringify({ ...kept, engine: "first/an-older-engine" }));
    }""", f"cardtable:save:{game}:table")
    held = HeldRuntime(page)
    page.reload()
    page.wait_for_timeout(1500)
    early = state(page, game)
    assert early["headStart"] is None and page.locator(DECISION).count() == 0, early
    held.release()
    wait_ready(page)
    poll(page, f"() => document.querySelector('{DECISION}')")
    after = state(page, game)
    assert (after["hand"], after["save"]) == (drawn["hand"], drawn["save"])
    no_errors(page)


@pytest.mark.parametrize("damage", ["missing", "not JSON", "another level's"])
def test_a_missing_or_damaged_first_table_means_a_normal_start_with_nothing_shown(page, site_url, damage):
    asked = []

    def spoil(route):
        asked.append(route.request.url)
        if damage == "missing":
            route.fulfill(status=404, body="not found")
        elif damage == "not JSON":
            route.fulfill(status=200, content_type="application/json", body='{"v": 1, "steps": [')
        else:
            other = route.request.url.replace("/normal/", "/easy/")
            route.fulfill(response=route.fetch(url=other))

    page.route("**/first/**", spoil)
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game=le_truc&lang=en&speed=instant")
    poll(page, "() => true")
    deadline = time.monotonic() + 10
    while not asked and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert asked, "the page should have asked for a first table"
    page.wait_for_timeout(800)
    early = state(page, "le_truc")
    assert early["headStart"] is None and page.locator(DECISION).count() == 0, early
    held.release()
    wait_ready(page)
    poll(page, f"() => document.querySelector('{DECISION}')")
    assert state(page, "le_truc")["note"] == ""
    no_errors(page, allowed=["status of 404 (Not Found) [" + asked[0]] if damage == "missing" else ())


def test_a_first_table_the_engine_disagrees_with_is_reported_and_replaced(page, site_url):
    game = "le_truc"
    records = []

    def tamper(route):
        response = route.fetch()
        record = response.json()
        records.append(json.loads(json.dumps(record)))
        for exchange in record["steps"] + record["at_decision"]:
            model = exchange["answer"].get("model")
            if model:  # another hand than the deal's: a stale record, as the page would see one
                model["table"]["seats"][0]["hand"] = ["AS", "AH", "AD"]
        route.fulfill(response=response, body=json.dumps(record))

    page.route("**/first/**", tamper)
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game={game}&lang=en&speed=instant")
    drawn = first_decision(page, game)
    assert drawn["hand"] == ["AS", "AH", "AD"] and drawn["headStart"] == "first"
    page.locator(DECISION).first.click()  # a tap on a table that is not the engine's: not played
    held.release()
    wait_ready(page)
    poll(page, f"() => document.querySelector('{DECISION}')")
    now = state(page, game)
    original = records[0]["steps"][-1]["answer"]["model"]
    assert now["note"] == "The cards were dealt again: the deal shown first was out of date."
    assert now["hand"] == original["table"]["seats"][0]["hand"] != ["AS", "AH", "AD"]
    assert now["save"]["seed"] == records[0]["seed"] and f"seed={records[0]['seed']}" in page.url
    assert now["save"]["actions"] == original["save"]["actions"]  # the engine's own game of that deal
    no_errors(page)


def test_the_lessons_first_step_is_taken_before_the_engine(page, site_url):
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game=le_truc&lang=ja&tutorial=1&speed=instant")
    poll(page, "() => document.querySelector('[data-tutorial-next]')")
    assert state(page, "le_truc")["headStart"] == "lesson"
    press(page, "[data-tutorial-next]")
    poll(page, "() => document.querySelector('[data-tutorial-step=\"2\"]')")
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:tutorial:le_truc')).actions") == ["keep"]
    held.release()
    wait_ready(page)
    poll(page, "() => document.querySelector('[data-tutorial-next]')")
    no_errors(page)


def test_an_embeds_play_shows_the_table_at_once(page, site_url):
    held = HeldRuntime(page)
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page.goto(f"{site_url}?game=brazilian_truco&lang=en&embed=1")
    poll(page, "() => document.documentElement.dataset.ready === 'poster'")
    page.wait_for_timeout(300)
    assert wasm == []  # an article with several games downloads no runtime before Play
    press(page, "#play")
    first_decision(page, "brazilian_truco")
    assert state(page, "brazilian_truco")["headStart"] == "first"
    held.release()
    wait_ready(page)
    no_errors(page)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_wait_speaks_of_the_table_and_the_bots_never_of_python(page, site_url, lang):
    """What the page says while it waits: the boot's line before a table is drawn, and
    the calm line beside a table drawn ahead."""
    page.route("**/first/**", lambda route: route.fulfill(status=404, body=""))
    held = HeldRuntime(page)
    page.goto(f"{site_url}?game=toepen&lang={lang}")
    waiting = poll(page, "() => document.getElementById('boot-text').textContent")
    page.unroute("**/first/**")
    page.goto(f"{site_url}?game=tressette&lang={lang}")
    first_decision(page, "tressette")
    ahead = page.inner_text("#boot-text")
    for text in (waiting, ahead, page.inner_text("body")):
        assert "Python" not in text and "実行環境" not in text and "PyScript" not in text, text
    assert ahead.startswith({"en": "The bots are getting ready", "ja": "ボットが準備をしています"}[lang])
    held.release()
    wait_ready(page)
