"""WordPress's embed: the game in an iframe with sandbox="allow-scripts" and no
allow-same-origin (an opaque origin: no storage, no service worker, no worker from
our URL), on another site, hidden until it answers WordPress's height message."""

import time

import pytest

from tests.support.pages import game_frame, poll, wait_state
from tests.conftest import alert_texts, origin

pytestmark = [pytest.mark.browser, pytest.mark.real_engine("WordPress's sandbox: an opaque origin, where our own worker boots Pyodide")]

# A short game: one point wins.
GAME = "index.html?game=le_truc&lang=en&embed=1&speed=instant&seed=5&first_dealer=1&target=1"

# Our own few lines in place of wp-embed.js: believe only the frame's secret, cap the
# height at 200..1000, un-hide the frame, record the heights; say "ready" to it.
STAND_IN = """<script>
window.heights = []; window.links = [];
addEventListener('message', (e) => {
  const frame = document.getElementById('game');
  const d = e.data;
  if (e.source !== frame.contentWindow || !d || d.secret !== frame.dataset.secret) return;
  if (d.message === 'height') {
    const h = Math.min(1000, Math.max(200, parseInt(d.value, 10)));
    heights.push(d.value);
    frame.style.position = ''; frame.style.clip = '';
    frame.height = h;
  }
  if (d.message === 'link') links.push(d.value);  // wp-embed.js would go there
});
document.getElementById('game').addEventListener('load', (e) =>
  e.target.contentWindow.postMessage({message: 'ready', secret: 'abc123'}, '*'));
</script>"""


def wordpress_page(tmp_path, serve_dir, src: str) -> str:
    (tmp_path / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>A WordPress blog</title>\n'
        "<h1>How to play</h1>\n"
        f'<iframe id="game" sandbox="allow-scripts" security="restricted" src="{src}#?secret=abc123" '
        'data-secret="abc123" width="600" height="720" title="Le Truc" '
        'style="position:absolute;clip:rect(1px,1px,1px,1px)"></iframe>\n' + STAND_IN, encoding="utf-8")
    return serve_dir(tmp_path).replace("127.0.0.1", "localhost")


def test_wordpress_sandboxed_embed_plays_to_the_end(page, site_url, serve_dir, tmp_path):
    parent = wordpress_page(tmp_path, serve_dir, site_url + GAME)
    page.allowed_origins.add(origin(parent))
    page.goto(parent)
    frame = game_frame(page, "#game")
    assert frame.evaluate("window.origin") == "null", "the frame really is sandboxed"
    wait_state(frame, "poster")
    poll(page, "heights.length > 0")
    assert page.evaluate("document.getElementById('game').style.position") == "", "un-hidden"
    frame.click("#play")
    wait_state(frame, "true")
    for _ in range(60):  # play the first open decision until the game ends
        if frame.evaluate("!!document.querySelector('[data-result]:not([hidden])')"):
            break
        poll(frame, "document.querySelector('button[data-action]:not([disabled])') || document.querySelector('[data-result]:not([hidden])')")
        button = frame.query_selector("button[data-action]:not([disabled])")
        if button:
            try:
                button.click(timeout=2000)
            except Exception:  # redrawn under the click: the next turn decides
                pass
        time.sleep(0.1)
    assert frame.evaluate("!!document.querySelector('[data-result]:not([hidden])')"), "the game ended"
    # a link to a new tab can open none here: it asks WordPress to take the reader there
    frame.click("#open-site")
    poll(page, "links.length === 1")
    link = page.evaluate("links[0]")
    assert link == site_url + "play/le_truc/en/", link  # the game's own page, on the site's host as wp-embed.js requires
    assert len(page.frames) == 2 and page.url == parent, "nothing opened or navigated by itself"
    heights = page.evaluate("heights")
    assert heights and all(h == heights[0] for h in heights) and 200 <= heights[0] <= 1000
    notes = frame.evaluate("""[...document.querySelectorAll('[role=status]')]
        .filter(e => e.getClientRects().length && e.textContent.trim()).map(e => e.textContent)""")
    assert notes == ["This browser does not let the page save the game; it plays on, but a reload will start afresh."]
    assert alert_texts(frame) == []
    assert page.console_errors == [] and page.page_errors == []
    # the worker's own blob: (the frame's opaque origin) is no other site
    assert [u for u in page.foreign_requests if not u.startswith("blob:null/")] == []
