"""What one browser or device does differently, held in Chromium by imitating it
(the same scenes play in WebKit and Firefox in tests/engines/): an iPad that sends a
Mac's user agent is still an iPad in every worker that loads Pyodide; a browser
without CompressionStream makes no memory snapshot it could not keep; Safari's
storage rules (the browser asked to keep the site's storage, a player on iOS told
once how to keep their games); and every file the page preloads is downloaded once."""

from __future__ import annotations

import collections
import threading
import time

import pytest

from bench.first_visit import GzipHandler  # dist/ served as GitHub Pages serves it
from sitebuild import DIST
from sitebuild.serve import make_server
from tests.support.pages import poll, press
from tests.conftest import alert_texts, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.real_engine("other browsers' workers, storage and preloads, imitated around the real boot")]

IPAD = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/18.3 Safari/605.1.15")
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/18.3 Mobile/15E148 Safari/604.1")
DECISION = "#table button[data-action]:not([disabled])"
# What Pyodide asks to tell iOS (pyodide.asm.mjs, getPyEMTrampolinePtr), in a worker.
SEES_IOS = ("/iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' "
            "&& typeof navigator.maxTouchPoints !== 'undefined' && navigator.maxTouchPoints > 1)")


def ipad(context, page):
    """The page as an iPad sends it: a Mac's user agent and platform, five touch points."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": IPAD, "platform": "MacIntel"})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return cdp


def engine_workers(page):
    """The workers that load Pyodide (PyScript's is a blob:; ours and the maker are named)."""
    return [w for w in page.workers if "snapshot-maker" in w.url or w.url.startswith("blob:")]


def test_an_ipad_is_an_ipad_in_pyscripts_worker(browser, site_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        ipad(context, page)
        page.goto(site_url + "index.html?game=le_truc&lang=en&seed=3&speed=instant")
        wait_ready(page)
        assert page.evaluate(SEES_IOS) is True  # the page itself looks like an iPad
        workers = engine_workers(page)
        assert workers, "no engine worker"
        for worker in workers:
            assert worker.evaluate("navigator.maxTouchPoints") == 5, worker.url
            assert worker.evaluate(SEES_IOS) is True, worker.url  # so Pyodide takes iOS's trampoline
    finally:
        context.close()


@pytest.mark.service_workers
def test_an_ipad_is_an_ipad_in_the_snapshot_maker_and_in_our_own_worker(browser, site_url):
    """The snapshot is made for the trampoline an iPad takes, and a return restores it
    in our own worker, where the iPad is an iPad too."""
    context = browser.new_context()
    try:
        page = context.new_page()
        ipad(context, page)
        seen = []
        page.on("worker", lambda w: seen.append(w))
        said = []
        page.on("console", lambda m: said.append(m.text))
        page.goto(site_url + "index.html?game=le_truc&lang=en&seed=3&speed=instant")
        wait_ready(page)
        deadline = time.monotonic() + 60
        maker = None
        while maker is None and time.monotonic() < deadline:
            maker = next((w for w in seen if "snapshot-maker.js" in w.url), None)
            page.wait_for_timeout(100)
        assert maker is not None, "no snapshot maker started"
        # the page's touch points and platform, and the trampoline they mean, handed to it
        assert all(hint in maker.url for hint in ("touch=5", "platform=MacIntel", "calls=js")), maker.url
        poll(page, "caches.keys().then(async (names) => { for (const n of names) if (n.startsWith('cardtable-snapshot:')"
                   " && (await (await caches.open(n)).keys()).some((r) => r.url.endsWith('-js'))) return true; return false; })",
             timeout=120)
        said.clear()
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
        ours = [w for w in engine_workers(page) if w.url.startswith("blob:")]
        assert ours and all(w.evaluate(SEES_IOS) is True for w in ours)
        assert alert_texts(page) == []
    finally:
        context.close()


@pytest.mark.service_workers
def test_without_compression_streams_no_snapshot_is_made_and_nothing_is_said(page, site_url):
    """Safari before 16.4 has no CompressionStream: a 30 MB snapshot made on every
    first visit could never be kept. The page checks first and makes none."""
    page.add_init_script("delete window.CompressionStream; delete window.DecompressionStream;")
    seen = []
    page.on("worker", lambda w: seen.append(w.url))
    page.goto(site_url + "index.html?game=le_truc&lang=en&seed=3&speed=instant")
    wait_ready(page)
    poll(page, "!!navigator.serviceWorker.controller", 60)
    page.wait_for_timeout(4000)  # the keeper waits 1.5 s and an idle moment
    assert not any("snapshot-maker" in url for url in seen), seen
    assert page.evaluate("caches.keys().then((n) => n.filter((x) => x.startsWith('cardtable-snapshot:')))") == []
    assert page.console_errors == [] and page.page_errors == []


# Counts the page's calls to navigator.storage.persist().
COUNT_PERSIST = """
(() => {
  window.__persisted = 0;
  const storage = navigator.storage;
  if (!storage) return;
  storage.persist = () => { window.__persisted += 1; return Promise.resolve(false); };
  storage.persisted = () => Promise.resolve(false);
})();
"""


MOVES = "JSON.parse(localStorage.getItem('cardtable:save:le_truc') ?? '{\"actions\": []}').actions.length"


def play_a_move(page):
    """The player's move, once the engine has answered it."""
    poll(page, f"!!document.querySelector('{DECISION}')")
    before = page.evaluate(MOVES)
    page.locator(DECISION).first.click()
    poll(page, f"{MOVES} > {before}")


def iphone(browser, width: int, height: int):
    """A browser context as an iPhone of that size shows the page (no service worker)."""
    return browser.new_context(user_agent=IPHONE, viewport={"width": width, "height": height}, is_mobile=True,
                               has_touch=True, service_workers="block")


def play_to_the_end(page, timeout=120.0):
    deadline = time.monotonic() + timeout
    while not page.query_selector("[data-result]"):
        assert time.monotonic() < deadline, f"the game did not end in {timeout:g} s"
        if page.query_selector(DECISION):
            page.locator(DECISION).first.click()
        page.wait_for_timeout(50)


def test_on_ios_the_player_is_told_once_how_to_keep_their_games(browser, site_url):
    context = iphone(browser, 390, 844)
    try:
        page = context.new_page()
        page.goto(site_url + "index.html?game=le_truc&lang=ja&seed=3&speed=instant")
        wait_ready(page)
        assert page.is_hidden("#note")
        play_a_move(page)
        note = page.inner_text("#note")
        assert "ホーム画面に追加" in note and "7日間" in note
        page.reload()
        wait_ready(page)
        page.locator(DECISION).first.click()
        page.wait_for_timeout(500)
        assert page.is_hidden("#note") or "ホーム画面" not in page.inner_text("#note")  # once, never again
    finally:
        context.close()


def test_on_an_iphone_on_its_side_the_word_waits_for_the_games_end(browser, site_url):
    """At 844×390 the note above the table would push the next decision off the
    screen: after the first move there is none and every decision stays in sight; the
    player is told at the game's end instead, once."""
    context = iphone(browser, 844, 390)
    try:
        page = context.new_page()
        page.goto(site_url + "index.html?game=le_truc&lang=ja&seed=5&first_dealer=1&target=1&speed=instant")
        wait_ready(page)
        play_a_move(page)
        poll(page, f"!!document.querySelector('{DECISION}')")
        assert page.is_hidden("#note")
        for button in page.query_selector_all(DECISION):
            box = button.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 390, (button.get_attribute("data-action"), box)
        play_to_the_end(page)
        poll(page, "!document.getElementById('note').hidden")
        assert "ホーム画面に追加" in page.inner_text("#note")
    finally:
        context.close()


def test_safari_asks_to_keep_the_sites_storage_at_the_first_save_and_others_at_a_games_end(browser, site_url):
    webkit = browser.new_context(service_workers="block")
    other = browser.new_context(service_workers="block")
    try:
        page = webkit.new_page()
        page.add_init_script("Object.defineProperty(Navigator.prototype, 'vendor', { get: () => 'Apple Computer, Inc.' });")
        page.add_init_script(COUNT_PERSIST)
        page.goto(site_url + "index.html?game=le_truc&lang=en&seed=3&speed=instant")
        wait_ready(page)
        assert page.evaluate("window.__persisted") == 0
        play_a_move(page)
        poll(page, "window.__persisted === 1")
        assert page.is_hidden("#note")  # (a Mac: no Home Screen to tell of)

        page = other.new_page()
        page.add_init_script(COUNT_PERSIST)
        page.goto(site_url + "index.html?game=le_truc&lang=en&seed=5&first_dealer=1&target=1&speed=instant")
        wait_ready(page)
        play_a_move(page)
        assert page.evaluate("window.__persisted") == 0  # Firefox would ask the player: not at a first move
        play_to_the_end(page)
        poll(page, "window.__persisted === 1")
        press(page, "#result .again")
        wait_ready(page)
        play_a_move(page)
        page.wait_for_timeout(300)
        assert page.evaluate("window.__persisted") == 1  # once
    finally:
        webkit.close()
        other.close()


def test_every_file_the_page_preloads_is_downloaded_once(browser):
    """With the caching GitHub Pages gives (ten minutes), a file the page preloads is
    fetched once: the page uses it, or the engine's worker finds it in the cache."""
    counts = collections.Counter()

    class Counting(GzipHandler):
        def send_head(self):
            if self.command == "GET":
                counts[self.path.split("?")[0].lstrip("/")] += 1
            return super().send_head()

    server = make_server(DIST, port=0, quiet=True, handler_class=Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html?game=le_truc&lang=en&seed=3&speed=instant"
        page.goto(url)
        wait_ready(page)
        page.wait_for_timeout(500)
        preloaded = page.evaluate("[...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]"
                                  ".map((l) => new URL(l.href).pathname.slice(1))")
        assert len(preloaded) > 40
        fetched = ["web/i18n/en.json", "games.json"]  # fetched by preload.js for the page (early-fetch.js)
        twice = {path: counts[path] for path in [*preloaded, *fetched] if counts[path] != 1}
        assert twice == {}, twice
    finally:
        context.close()
        server.shutdown()
        server.server_close()
