"""Embeds: the builder's snippet on another site (a cross-site iframe, where Chromium
refuses IndexedDB and localStorage), the light poster, narrow widths, the height
messages and web/embed.js."""

import html
import re
import threading
import time

import pytest

from sitebuild import DIST
from sitebuild.serve import SiteHandler, make_server
from tests.support.pages import game_frame, poll, press, wait_state
from tests.conftest import alert_texts, origin

pytestmark = pytest.mark.browser

EMBED = "index.html?game=le_truc&lang=en&embed=1&speed=instant&seed=5&first_dealer=1"
HEAVY = ("pyodide.asm.wasm", "python_stdlib.zip")


def record_requests(page) -> list[str]:
    """Every URL the context requests from now on (frames and workers included)."""
    seen = []
    page.context.on("request", lambda req: seen.append(req.url))
    return seen


def click_moves(frame, n):
    """Play n decisions by clicking the first open data-action button each time."""
    for _ in range(n):
        poll(frame, "document.querySelector('button[data-action]:not([disabled])')")
        before = frame.evaluate("document.querySelectorAll('#log li').length")
        frame.click("button[data-action]:not([disabled])")
        poll(frame, f"document.querySelectorAll('#log li').length > {before}")


def parent_page(tmp_path, serve_dir, body: str) -> str:
    """A blog page served on http://localhost:<port>/: another site than 127.0.0.1."""
    (tmp_path / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog</title>\n'
        "<script>window.heights = []; addEventListener('message', (e) => {\n"
        "  if (e.data && e.data.type === 'cardtable:height') heights.push(e.data); });</script>\n"
        f"<h1>How to play</h1>\n{body}\n", encoding="utf-8")
    return serve_dir(tmp_path).replace("127.0.0.1", "localhost")


@pytest.mark.service_workers  # refused in a cross-site frame: silently, no warning
@pytest.mark.real_engine("a cross-site frame boots the engine without storage or a service worker")
def test_builder_snippet_plays_in_a_cross_site_iframe(page, site_url, serve_dir, tmp_path, wait_ready):
    page.goto(site_url + "embed.html?lang=en")
    wait_ready(page)
    page.fill("#seed", "5")
    page.select_option("[data-option=first_dealer]", "1")
    page.fill("[data-option=target]", "15")
    snippet = page.input_value("#snippet")
    src = html.unescape(re.search(r'<iframe src="([^"]+)"', snippet).group(1))
    assert src.startswith(site_url + "index.html?game=le_truc&lang=en&embed=1&level=normal")
    assert "seed=5" in src and "first_dealer=1" in src and "target=15" in src
    assert "scoring" not in src, "only the rules that differ from the defaults"
    assert f'<script src="{site_url}web/embed.js" defer></script>' in snippet
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    press(page, "#copy")
    poll(page, "document.getElementById('copy-status').textContent === 'Copied.'")
    assert page.evaluate("navigator.clipboard.readText()") == snippet

    parent = parent_page(tmp_path, serve_dir, snippet)
    page.allowed_origins.add(origin(parent))
    requests = record_requests(page)
    warnings = []
    page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    page.goto(parent)
    frame = game_frame(page)
    wait_state(frame, "poster")
    page.evaluate("""window.frameHeights = [];
        const frame = document.querySelector('iframe[data-cardtable]');
        const seen = () => { const h = frame.getBoundingClientRect().height;
          if (frameHeights.at(-1) !== h) frameHeights.push(h); };
        seen(); new ResizeObserver(seen).observe(frame);""")
    frame.click("#play")
    wait_state(frame, "true")
    click_moves(frame, 3)  # keep, then two cards (the bot answers in between)

    # IndexedDB was refused, so the in-memory one was loaded; localStorage too: one notice.
    assert any("/vendor/fake-indexeddb/" in u for u in requests)
    notes = frame.evaluate("""[...document.querySelectorAll('[role=status]')]
        .filter(e => e.getClientRects().length && e.textContent.trim()).map(e => e.textContent)""")
    assert notes == ["This browser does not let the page save the game; it plays on, but a reload will start afresh."]
    assert alert_texts(frame) == []
    # The parent heard one height, the snippet's own, and it held from the poster
    # through Play and the game: the article never jumps.
    heights = page.evaluate("heights")
    assert heights and {h["game"] for h in heights} == {"le_truc"}
    assert {h["height"] for h in heights} == {720}
    assert page.evaluate("frameHeights") == [720]
    # Refused storage is reported by the page (the notice above), never by the console:
    # no error and no warning is allowed, in the parent or the frame.
    assert page.console_errors == [] and warnings == [] and page.page_errors == []
    assert page.foreign_requests == []


@pytest.mark.real_engine("what the runtime downloads, and when")
def test_poster_downloads_no_runtime_until_play(page, site_url, wait_ready):
    requests = record_requests(page)
    page.goto(site_url + EMBED)
    wait_state(page, "poster")
    page.wait_for_timeout(500)  # anything eager would have started by now
    assert page.inner_text("#poster h1") == "Le Truc"
    assert page.locator("#poster-cards svg").count() == 3
    assert "three cards each" in page.inner_text("#poster")
    assert page.locator("button[data-action]").count() == 0
    assert not [u for u in requests if "/vendor/" in u], "the poster loads only our small files"
    assert page.evaluate("document.querySelector('header.site').getClientRects().length") == 0

    press(page, "#play")
    wait_ready(page)
    for name in HEAVY:
        assert any(u.endswith("/vendor/pyodide/" + name) for u in requests)
    assert not any("fake-indexeddb" in u for u in requests), "the real IndexedDB works here"
    assert page.console_errors == [] and page.page_errors == []


@pytest.mark.parametrize("game", ["le_truc", "tressette", "japanese_loo", "oneonta_whist"])
def test_embed_fits_280_and_360_px_without_horizontal_scroll(browser, site_url, wait_ready, game):
    context = browser.new_context(viewport={"width": 280, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + f"index.html?game={game}&lang=ja&embed=1&speed=instant&seed=9")
    wait_state(page, "poster")
    assert page.evaluate("document.documentElement.scrollWidth") <= 280
    press(page, "#play")
    wait_ready(page)
    poll(page, "document.querySelector('button[data-action]')")
    for width in (280, 360):
        page.set_viewport_size({"width": width, "height": 640})
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{width} px"
    bar = page.evaluate("[...document.querySelectorAll('#embed-bar button')].map(b => b.id)")
    assert bar == ["new-game", "lang"]
    assert page.evaluate("document.querySelector('.settings').getClientRects().length") == 0
    context.close()


def test_embed_js_resizes_only_from_the_games_own_frame(page, site_url, serve_dir, tmp_path):
    """The game reports its height (at least 440 px); a message from another frame changes nothing."""
    game = site_url + EMBED.replace("seed=5", "seed=6")
    # another frame saying heights every 200 ms, one naming the game and one not (so
    # that embed.js, loaded from another address, hears both whenever it starts)
    (tmp_path / "other.html").write_text(
        "<script>setInterval(() => {"
        "parent.postMessage({type: 'cardtable:height', height: 999, game: 'le_truc'}, '*');"
        "parent.postMessage({type: 'cardtable:height', height: 998}, '*'); }, 200);</script>")
    parent = parent_page(tmp_path, serve_dir,
                         f'<iframe id="game" src="{html.escape(game)}" style="width:100%;height:150px;border:0"></iframe>\n'
                         '<iframe id="other" data-cardtable src="other.html" style="height:150px"></iframe>\n'
                         f'<script src="{site_url}web/embed.js" defer></script>')
    page.allowed_origins.add(origin(parent))
    page.goto(parent)
    frame = game_frame(page, "#game")
    wait_state(frame, "poster")
    # found by its src (no data-cardtable needed); 150 px is too short to play: 440
    poll(page, "document.getElementById('game').getBoundingClientRect().height === 440")
    # other.html is marked data-cardtable: it may size itself (its own frame), never the game
    poll(page, "['999px', '998px'].includes(document.getElementById('other').style.height)")
    page.wait_for_timeout(500)  # more of its messages
    assert page.evaluate("document.getElementById('game').getBoundingClientRect().height") == 440
    assert frame.evaluate("document.documentElement.getBoundingClientRect().height") == 440
    assert page.console_errors == [] and page.page_errors == []


def test_builder_offers_each_games_own_rules_and_keeps_choices_across_languages(page, site_url, wait_ready):
    page.goto(site_url + "embed.html?lang=en")
    wait_ready(page)
    page.select_option("#game", "tressette")
    rules = page.evaluate("[...document.querySelectorAll('[data-option]')].map(i => i.dataset.option)")
    assert sorted(rules) == ["claim", "declarations", "first_dealer", "show_draws", "target", "ties"]
    page.uncheck("[data-option=show_draws]")
    page.select_option("#level", "easy")
    press(page, "#lang")
    poll(page, "document.documentElement.lang === 'ja'")
    assert "山札から引いたカード" in page.inner_text("#rule-fields")
    assert not page.is_checked("[data-option=show_draws]") and page.input_value("#level") == "easy"
    src = html.unescape(re.search(r'src="([^"]+)"', page.input_value("#snippet")).group(1))
    assert "game=tressette" in src and "show_draws=false" in src and "level=easy" in src
    poll(page, f"document.getElementById('preview').src === {src!r}")  # the preview follows
    assert page.console_errors == [] and page.page_errors == []


def test_builder_for_the_solitaire_offers_its_rules_and_no_bot_level(page, site_url, wait_ready):
    page.goto(site_url + "embed.html?lang=en")
    wait_ready(page)
    page.select_option("#game", "oneonta_whist")
    rules = page.evaluate("[...document.querySelectorAll('[data-option]')].map(i => i.dataset.option)")
    assert sorted(rules) == ["deals", "exact_bonus", "joker_anytime", "success", "target"]
    assert page.is_hidden("#level")
    page.check("[data-option=joker_anytime]")
    src = html.unescape(re.search(r'src="([^"]+)"', page.input_value("#snippet")).group(1))
    assert "game=oneonta_whist" in src and "joker_anytime=true" in src and "level=" not in src
    assert page.console_errors == [] and page.page_errors == []


class SlowWords(SiteHandler):
    """dist/ with the words a second late, as on a slow phone network."""

    def do_GET(self):
        if "/web/i18n/" in self.path:
            time.sleep(1)
        super().do_GET()


@pytest.mark.real_engine("a routed context (the bridge's) hides how the browser aborts a left page's fetch; "
                         "the previews are posters, no runtime boots")
def test_a_preview_replaced_while_it_starts_reports_no_failure(page, wait_ready):
    """A blogger changing two fields in a row replaces the preview while it still
    fetches its words: the browser aborts that fetch, and neither the preview nor the
    builder reports it (it reported "Failed to fetch" as a failed start)."""
    server = make_server(DIST, port=0, quiet=True, handler_class=SlowWords)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        site = f"http://127.0.0.1:{server.server_address[1]}/"
        page.allowed_origins.add(origin(site))
        page.goto(site + "embed.html?lang=en")
        wait_ready(page)
        page.fill("#seed", "5")  # a new preview, fetching its words
        page.wait_for_timeout(300)
        page.fill("[data-option=target]", "15")  # and the next one in its place
        poll(page, "document.getElementById('preview').src.includes('target=15')")
        page.wait_for_timeout(1500)  # the first preview's words, had it lived
        assert page.console_errors == [] and page.page_errors == []
        assert alert_texts(page) == []
    finally:
        server.shutdown()
        server.server_close()
