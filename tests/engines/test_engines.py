"""The site in every browser engine the suite can drive besides Chromium: WebKitGTK
(the engine of every iPhone browser) and Firefox ESR (conftest.py, sitebuild/engines.py).
In each: every game boots and plays to its end; a reload restores the game; a second
visit is controlled by the service worker and boots from the memory snapshot (or
falls back with nothing shown); an article on another site frames a game that plays,
and so does WordPress's sandboxed iframe (with the site's address in its policies);
a first visit from an article draws its first table and takes the player's move
before the engine is up; every file the page preloads is downloaded once; and no
page ever records an error. A crash of WebKit's own page process is told apart from
a failure of the page (EngineCrashed, which conftest.py runs once more)."""

from __future__ import annotations

import os
import resource
import signal
import time
from pathlib import Path

import pytest

from sitebuild.engines import EngineCrashed
from tests.support.pages import SHORT_GAMES

pytestmark = pytest.mark.engines

DECISION = "#table button[data-action]:not([disabled])"

# Each game's short game, with the bots of its default level; the games of many seats
# at a table of five and four, not ten and eight: the same bots and page, a quarter
# of the bots' turns (their seats' layouts are Chromium's tests', test_fit and the
# games' page tests; at ten and eight these two were two thirds of WebKit's time).
ENGINE_GAMES = {**SHORT_GAMES, "japanese_loo": "players=5&rotations=1", "toepen": "players=4&chips=10"}


def link(game: str, extra: str = "", seed: int | None = 5) -> str:
    query = f"index.html?game={game}&lang=en&speed=instant" + (f"&seed={seed}" if seed is not None else "")
    return query + (f"&{extra}" if extra else "")


def wait(page, fn: str, *args, timeout: float = 120, frame: str | None = None, what: str = ""):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.js(fn, *args, frame=frame)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{page.name}: timed out waiting for {what or fn}")


STATE = """() => ({ ready: document.documentElement.dataset.ready ?? null,
  ahead: document.documentElement.dataset.headStart ?? null, boot: document.documentElement.dataset.boot ?? null,
  alert: document.getElementById("alert")?.hidden === false ? document.getElementById("alert").textContent : "",
  errors: window.__errors ?? ["the page's error recorder never ran (no script loaded?)"] })"""


def ready(page, frame: str | None = None, timeout: float = 180) -> dict:
    """Waits for data-ready="true" (failing at once on a boot error), then the state."""
    deadline = time.monotonic() + timeout
    state = {}
    while time.monotonic() < deadline:
        state = page.js(STATE, frame=frame)
        if state["ready"] == "true":
            return state
        assert state["ready"] != "error" and not state["alert"], f"{page.name}: {state}"
        time.sleep(0.2)
    raise AssertionError(f"{page.name}: not ready after {timeout:g} s: {state}")


def no_errors(page, frame: str | None = None):
    state = page.js(STATE, frame=frame)
    assert state["errors"] == [] and not state["alert"], f"{page.name}: {state}"


# Clicks the first open decision when the table waits for the player; "over" at the end.
CLICK = """() => {
  if (document.querySelector("[data-result]")) return "over";
  const button = document.querySelector("#table button[data-action]:not([disabled])");
  if (!button || document.querySelector("#table[aria-busy]")) return "";
  button.click();
  return button.dataset.action;
}"""
MOVES = "(game) => (JSON.parse(localStorage.getItem(`cardtable:save:${game}`) ?? 'null')?.actions ?? []).length"


def play_to_the_end(page, frame: str | None = None, limit: int = 600) -> int:
    clicks = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        done = page.js(CLICK, frame=frame)
        if done == "over":
            return clicks
        clicks += bool(done)
        assert clicks < limit, f"{page.name}: the game should have ended"
        time.sleep(0.03)
    raise AssertionError(f"{page.name}: the game did not end in 5 minutes ({clicks} clicks)")


KEPT = """() => caches.keys().then(async (names) => {
  for (const name of names) if (name.startsWith("cardtable-snapshot:") && (await (await caches.open(name)).keys()).length) return true;
  return false;
})"""


def snapshot_kept(engine, timeout: float = 120) -> bool:
    """Waits for the service worker to control the page and for the memory snapshot
    to be kept (True), or for the timeout (False: the next boot is a normal one)."""
    wait(engine, "() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)", timeout=timeout,
         what="the service worker to take over")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if engine.js(KEPT):
            return True
        time.sleep(0.5)
    return False


def test_every_game_boots_and_plays_to_its_end(engine, engines_site):
    """The first game boots cold; once its visit has kept the memory snapshot, the
    others boot from it, as a returning player's do (WebKit's cold boot is 10-20 s:
    five more of them were a minute of the suite, and the cold boot is this test's
    first game and every other test's)."""
    boots = {}
    for game, options in ENGINE_GAMES.items():
        engine.goto(engines_site.url + link(game, options))
        boots[game] = ready(engine)["boot"]
        assert play_to_the_end(engine) > 0, game
        no_errors(engine)
        if len(boots) == 1:
            snapshot_kept(engine)
    assert boots[next(iter(ENGINE_GAMES))] == "pyscript", boots


def test_a_reload_restores_the_game(engine, engines_site):
    engine.goto(engines_site.url + link("japanese_loo", "players=5"))
    ready(engine)
    wait(engine, f"() => !!document.querySelector('{DECISION}')")
    before = engine.js(MOVES, "japanese_loo")
    engine.js(CLICK)
    wait(engine, f"(n) => ({MOVES})('japanese_loo') > n", before)
    wait(engine, f"() => !!document.querySelector('{DECISION}')")
    hand = "() => [...document.querySelectorAll('#hand [data-card]')].map((n) => n.dataset.card)"
    saved, cards = engine.js("() => localStorage.getItem('cardtable:save:japanese_loo')"), engine.js(hand)
    engine.reload()
    ready(engine)
    assert engine.js("() => localStorage.getItem('cardtable:save:japanese_loo')") == saved
    assert engine.js(hand) == cards
    no_errors(engine)


def test_a_second_visit_is_the_service_workers_and_boots_from_the_snapshot(engine, engines_site):
    engine.goto(engines_site.url + link("le_truc"))
    ready(engine)
    kept = snapshot_kept(engine)
    engine.reload()
    state = ready(engine)
    assert engine.js("() => Boolean(navigator.serviceWorker.controller)")
    assert state["boot"] == ("snapshot" if kept else "pyscript"), (kept, state)
    wait(engine, f"() => !!document.querySelector('{DECISION}')")
    engine.js(CLICK)
    no_errors(engine)


def test_an_article_on_another_site_frames_a_game_that_plays(engine, engines_site):
    game = engines_site.url + link("le_truc", "embed=1&first_dealer=1&target=1")
    engine.goto(engines_site.parent(game))
    wait(engine, "() => document.documentElement.dataset.ready === 'poster'", frame="#game")
    engine.js("() => document.getElementById('play').click()", frame="#game")
    ready(engine, frame="#game")
    assert play_to_the_end(engine, frame="#game") > 0
    no_errors(engine, frame="#game")


def test_wordpresss_sandboxed_iframe_plays_with_the_sites_address_in_its_policy(engine, based_site):
    game = based_site.url + link("le_truc", "embed=1&first_dealer=1&target=1")
    engine.goto(based_site.parent(game, sandbox=True))
    wait(engine, "() => document.documentElement.dataset.ready === 'poster'", frame="#game",
         what="the poster (nothing of the page loads if its policy refuses its own files)")
    assert engine.js("() => window.origin", frame="#game") == "null"
    engine.js("() => document.getElementById('play').click()", frame="#game")
    state = ready(engine, frame="#game")
    assert state["boot"] == "plain"
    assert play_to_the_end(engine, frame="#game") > 0
    no_errors(engine, frame="#game")


def test_a_first_visit_from_an_article_plays_before_the_engine_is_up(engine, engines_site):
    engines_site.hold()
    try:
        engine.goto(engines_site.url + link("brazilian_truco", seed=None))
        wait(engine, f"() => document.documentElement.dataset.headStart === 'first' && !!document.querySelector('{DECISION}')",
             what="the first table, drawn ahead")
        assert engine.js(STATE)["ready"] is None
        before = engine.js(MOVES, "brazilian_truco")
        action = engine.js(CLICK)
        wait(engine, f"(n) => ({MOVES})('brazilian_truco') > n", before, what="the move, drawn at once")
    finally:
        engines_site.release()
    ready(engine)
    # The engine has played the kept move once, and the game goes on: the next
    # decision (the player's own, or after the bots' answer) is taken by the engine.
    wait(engine, f"() => !!document.querySelector('{DECISION}')", what="the next decision, the engine up")
    after = engine.js(MOVES, "brazilian_truco")
    engine.js(CLICK)
    wait(engine, f"(n) => ({MOVES})('brazilian_truco') > n", after, what="a move the engine plays")
    moves = engine.js("() => JSON.parse(localStorage.getItem('cardtable:save:brazilian_truco')).actions")
    assert moves[before] == action and after > before
    no_errors(engine)


# What the engine's worker alone imports, before Pyodide's files.
WORKER_CHAIN = ("web/js/pyodide-progress.js", "web/js/fetch-progress.js", "web/js/pyodide-options.js",
                "vendor/pyodide/pyodide.mjs")
# What the page and the worker both import: WebKit's worker fetches them again, whether
# the page preloaded them or not.
SHARED = ("web/js/snapshot-store.js", "web/js/worker-navigator.js")
# What preload.js fetches itself for the page (early-fetch.js).
FETCHED = ("web/i18n/en.json", "games.json")


def test_every_file_the_page_preloads_is_downloaded_once(engine, engines_site):
    """With GitHub Pages' caching, until the service worker's install: the page uses
    every file it preloads, the words and the games' list preload.js fetches are
    downloaded once (a `preload as=fetch` was downloaded twice in WebKit), and so is
    the worker's own chain (preloaded where the worker finds it in the cache,
    Chromium's and Firefox's; not in WebKit, which would download it twice)."""
    engines_site.recount()
    engine.goto(engines_site.url + link("le_truc"))
    ready(engine)
    wait(engine, "() => !!navigator.serviceWorker?.controller", what="the service worker (the page's own loads are over)")
    preloaded = engine.js("() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]"
                          ".map((l) => new URL(l.href).pathname.slice(1))")
    assert len(preloaded) > 40
    expected = lambda path: 2 if engine.name == "webkit" and path in SHARED else 1  # noqa: E731
    wrong = {path: engines_site.counts[path] for path in {*preloaded, *WORKER_CHAIN, *FETCHED}
             if engines_site.counts[path] != expected(path)}
    assert wrong == {}, f"{engine.name}: {wrong}"
    no_errors(engine)


# Clicks the first open decision until today's deal is compared with the strong bot's play.
DAILY_CLICK = """() => {
  const box = document.getElementById("duplicate");
  if (box?.dataset.duplicate) return "compared";
  const button = document.querySelector("#table button[data-action]:not([disabled])");
  if (!button || document.querySelector("#table[aria-busy]") || button.closest("[inert]")) return "";
  button.click();
  return button.dataset.action;
}"""


def test_todays_deal_is_played_and_compared_with_the_strong_bots_play(engine, engines_site):
    engine.goto(engines_site.url + "index.html?game=le_truc&lang=ja&daily=1&speed=instant")
    ready(engine)
    day = engine.js("() => document.documentElement.dataset.daily")
    assert day and engine.js("() => document.getElementById('daily-line').textContent").startswith("今日の一局")
    deadline = time.monotonic() + 120
    while engine.js(DAILY_CLICK) != "compared":
        assert time.monotonic() < deadline, f"{engine.name}: no comparison after the daily's round"
        time.sleep(0.05)
    compared = engine.js("() => JSON.parse(document.getElementById('duplicate').dataset.duplicate)")
    assert set(compared) == {"you", "strong"} and all(isinstance(v, (int, float)) for v in compared.values())
    rows = engine.js("() => [...document.querySelectorAll('#duplicate .duplicate-results th')].map((n) => n.textContent)")
    assert rows == ["あなた", "強いボット"]
    no_errors(engine)


def page_process(engine) -> int:
    """The pid of WebKit's page process: the WebKitWebProcess under the driver."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    todo = list(children.get(engine.driver.service.process.pid, []))
    while todo:
        pid = todo.pop()
        try:
            if Path(f"/proc/{pid}/exe").resolve().name == "WebKitWebProcess":
                return pid
        except OSError:
            pass
        todo += children.get(pid, [])
    raise AssertionError("webkit: no WebKitWebProcess under the driver")


@pytest.mark.parametrize("engine", ["webkit"], indirect=True)
def test_a_crash_of_webkits_page_process_is_told_apart_from_a_failing_page(engine):
    """The page's process aborted as a failed assertion in WebKit aborts it (a SIGSEGV
    is JavaScriptCore's own signal, which it ignores): the next call says the browser
    crashed (EngineCrashed, which the suite runs once more), not that the page failed."""
    engine.goto("data:text/html,<title>A page</title>")
    assert engine.js("() => document.title") == "A page"
    assert not engine.crashed()
    pid = page_process(engine)
    resource.prlimit(pid, resource.RLIMIT_CORE, (0, 0))  # (no core file of gigabytes)
    os.kill(pid, signal.SIGABRT)
    deadline = time.monotonic() + 30
    while not engine.crashed():
        assert time.monotonic() < deadline, "webkit: MiniBrowser never wrote that its page process crashed"
        time.sleep(0.1)
    with pytest.raises(EngineCrashed, match="WebProcess CRASHED"):
        engine.js("() => document.title")
