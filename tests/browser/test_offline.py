"""Offline and repeat visits: the service worker (sw.js, written by build.py) keeps
the site in a cache per build, so a game played once plays again with the network
off, and a new build's cache replaces the old one."""

import json
import os
from pathlib import Path

import pytest

from tests.support.pages import legal_buttons, next_decision, poll, press
from tests.support.service_worker import built_service_worker
from tests.conftest import alert_texts, serve_directory

pytestmark = [pytest.mark.browser, pytest.mark.real_engine("the service worker and the runtime's files kept offline")]

DIST = Path(__file__).resolve().parents[2] / "dist"
GAME = "index.html?game=le_truc&lang=en&speed=instant&seed=5&first_dealer=1"
POLICY = "data/le_truc_policy.bin"

# The service worker's caches (not the memory snapshot's, web/js/snapshot-store.js).
CACHES = "caches.keys().then((names) => names.filter((n) => !n.startsWith('cardtable-snapshot:')))"
BOT_LINES = "[...document.querySelectorAll('#log li')].filter(li => li.textContent.startsWith('The bot')).length"


def wait_until_kept_offline(page, timeout=90.0) -> list[str]:
    """Wait until the service worker controls the page (so it installed: its cache is
    complete); the names of the origin's caches."""
    poll(page, "!!navigator.serviceWorker.controller", timeout)
    return page.evaluate(CACHES)


def cache_name(base: str, version: str) -> str:
    """The service worker's cache for the site at `base` in a given build."""
    return f"cardtable:{base}:{version}"


def cached_paths(page, name: str, base: str) -> set[str]:
    """Site-relative paths held by the cache `name`."""
    urls = page.evaluate("async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", name)
    return {u.removeprefix(base) for u in urls}


def play_until(page, condition, clicks=8):
    """Click the first legal action until the JS `condition` holds; True if it did."""
    for _ in range(clicks):
        if page.evaluate(condition):
            return True
        if next_decision(page):
            return False
        press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    return bool(page.evaluate(condition))


def test_a_game_played_once_plays_again_with_the_network_off(browser, wait_ready):
    # Our own server, so "offline" is also true for the service worker: it is shut down.
    server, base = serve_directory(DIST)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base + GAME + "&level=normal")
        wait_ready(page)
        ours = cache_name(base, built_service_worker()["version"])
        assert wait_until_kept_offline(page) == [ours]
        kept = cached_paths(page, ours, base)
        assert set(built_service_worker()["precache"]) <= kept
        assert POLICY not in kept, "the strong bot's policy is not downloaded for other games"

        # The strong bot fetches its policy while the page is controlled: kept once used.
        page.goto(base + GAME + "&level=strong")
        wait_ready(page)
        assert play_until(page, f"document.querySelectorAll('#log li').length > 0 && {BOT_LINES} > 0")
        poll(page, f"caches.open('{ours}').then((c) => c.match('{base}{POLICY}')).then(Boolean)")

        server.shutdown()
        server.server_close()
        context.set_offline(True)
        responses = []
        context.on("response", lambda r: responses.append(r))
        page.reload()
        wait_ready(page)
        bot_lines = page.evaluate(BOT_LINES)
        assert play_until(page, f"{BOT_LINES} > {bot_lines}"), "the bot answers a move, offline"

        served = {r.url.removeprefix(base): r.from_service_worker for r in responses if r.url.startswith(base)}
        # The PyScript worker is a blob: worker: its fetches went through the page's service worker.
        for path in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "cardtable.zip", POLICY):
            assert served.get(path) is True, path
        assert all(served.values()), "nothing reached the network"
        assert alert_texts(page) == [] and errors == []

        # The installed app starts at the manifest's start_url; a game's own page and
        # the Japanese landing are folders whose index.html the cache serves.
        start = json.loads((DIST / "manifest.en.webmanifest").read_text(encoding="utf-8"))["start_url"]
        for path in (start, "ja/", "play/toepen/ja/?speed=instant"):
            page.goto(base + path)
            wait_ready(page)
            assert alert_texts(page) == [] and errors == [], path
        assert page.inner_text("#game-title") == "トゥーペン"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


@pytest.mark.service_workers
def test_a_new_build_replaces_the_old_cache_and_only_it(page, serve_dir, tmp_path, wait_ready):
    """Served under /card-table/ as on GitHub Pages; the next build is simulated by a
    sw.js with another version."""
    site = tmp_path / "card-table"
    for dirpath, _dirnames, filenames in os.walk(DIST):
        rel = os.path.relpath(dirpath, DIST)
        (site / rel).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            if (rel, name) != (".", "sw.js"):
                (site / rel / name).symlink_to(os.path.join(dirpath, name))
    old = built_service_worker()["version"]
    new = "0" * len(old)
    source = (DIST / "sw.js").read_text(encoding="utf-8")
    (site / "sw.js").write_text(source, encoding="utf-8")
    base = serve_dir(tmp_path)
    page.allowed_origins.add(base.rstrip("/"))
    scope = base + "card-table/"

    page.goto(scope + GAME)
    wait_ready(page)
    assert wait_until_kept_offline(page) == [cache_name(scope, old)]
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == scope + "sw.js"
    others = ["another-app", cache_name(base + "another-repo/", old)]
    page.evaluate("async (names) => { for (const n of names) await caches.open(n); }", others)

    (site / "sw.js").write_text(source.replace(f'"version": "{old}"', f'"version": "{new}"'), encoding="utf-8")
    page.reload()  # the browser checks sw.js on a navigation and finds it changed
    wait_ready(page)
    poll(page, f"caches.keys().then((names) => !names.includes('{cache_name(scope, old)}'))", 90)
    assert sorted(page.evaluate(CACHES)) == sorted(others + [cache_name(scope, new)])
    assert set(built_service_worker()["precache"]) <= cached_paths(page, cache_name(scope, new), scope)
    page.reload()
    wait_ready(page)
    assert page.console_errors == [] and page.page_errors == [] and page.foreign_requests == []
    assert alert_texts(page) == []

