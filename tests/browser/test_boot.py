"""The runtime boots from dist/ alone: PyScript worker, vendored Pyodide, cardtable.zip.

web/boot-check.html starts the engine exactly as the game page does (web/js/python-worker.js)
and pings Python; it stays in the site to diagnose a deployment.
"""

import os
import re
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.real_engine("the boot itself: the runtime's files, its stages and bytes, a subfolder, a missing file")]

BOOT_CHECK = "web/boot-check.html"
DIST = Path(__file__).resolve().parents[2] / "dist"


def assert_clean(page):
    """Nothing went wrong on the way: no console errors, no exceptions, no other origin."""
    assert page.console_errors == [], "console errors"
    assert page.page_errors == [], "uncaught exceptions"
    assert page.foreign_requests == [], "requests to another origin"


def test_engine_boots_and_answers_python(page, site_url, wait_ready):
    page.goto(site_url + BOOT_CHECK)
    wait_ready(page)
    assert page.text_content("#python").startswith("3."), "ping should return sys.version"
    stages = [s.split(":")[0] for s in page.evaluate("document.documentElement.dataset.stages").split()]
    assert stages == ["runtime", "python", "ready"]
    assert_clean(page)


def test_engine_boots_from_a_subfolder(page, serve_dir, tmp_path, wait_ready):
    """GitHub Pages serves a project site under /<repo>/: every URL must be relative."""
    (tmp_path / "card-table").symlink_to(DIST, target_is_directory=True)
    base = serve_dir(tmp_path)
    page.allowed_origins.add(base.rstrip("/"))
    page.goto(base + "card-table/" + BOOT_CHECK)
    wait_ready(page)
    assert_clean(page)


# What the loading shows, each time it changes: the bar's values, its words, and the
# key rules and rank order in the panel (the panel holds the game once it is ready).
WATCH_LOADING = """
window.__loading = { bars: [], texts: [], rules: 0, order: "" };
new MutationObserver(() => {
  const seen = window.__loading, bar = document.getElementById("boot-bar"), text = document.getElementById("boot-text");
  if (bar && seen.bars.at(-1) !== bar.value) seen.bars.push(bar.value);
  if (text && seen.texts.at(-1) !== text.textContent) seen.texts.push(text.textContent);
  seen.rules = Math.max(seen.rules, document.querySelectorAll(".learn-rules li").length);
  seen.order = document.querySelector(".learn-order")?.textContent ?? seen.order;
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


@pytest.mark.parametrize("lang, order", [("en", "Strongest first: 7 > 6 > A > K"), ("ja", "強さ：7 > 6 > A > K")])
def test_while_the_runtime_loads_the_table_shows_the_key_rules_and_the_bytes_downloaded(
        page, site_url, wait_ready, lang, order):
    page.add_init_script(WATCH_LOADING)
    page.goto(site_url + f"index.html?game=le_truc&lang={lang}")
    wait_ready(page)
    seen = page.evaluate("window.__loading")
    assert seen["rules"] == 3 and seen["order"].startswith(order)
    # the download in megabytes, against the build's total of the runtime's files
    assert any(re.search(r"\d+\.\d (of|/) 1\d\.\d MB", t) for t in seen["texts"]), seen["texts"]
    bars = seen["bars"]
    assert bars == sorted(bars) and bars[-1] == 100
    assert set(bars) - {5, 15, 70, 100}, "the bar moved only with the stages"
    assert_clean(page)


WATCH_WARMUP = """
window.__warmup = { added: 0, presentAtReady: null };
new MutationObserver(() => {
  if (document.querySelector(".font-warmup")) window.__warmup.added = 1;
  if (document.documentElement.dataset.ready === "true" && window.__warmup.presentAtReady === null) {
    window.__warmup.presentAtReady = document.querySelectorAll(".font-warmup").length;
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def test_the_fonts_are_warmed_while_booting_and_the_warmup_is_gone_before_the_table_draws(
        page, site_url, wait_ready):
    """The warm-up's boxes carry the table's classes: a seat count must never see them."""
    page.add_init_script(WATCH_WARMUP)
    page.goto(site_url + "index.html?game=toepen&lang=en&seed=5&players=8")
    wait_ready(page)
    seen = page.evaluate("window.__warmup")
    assert seen == {"added": 1, "presentAtReady": 0}
    assert page.evaluate("document.querySelectorAll('.seat-pod').length") == 7


@pytest.mark.parametrize("path", [BOOT_CHECK, "index.html?game=le_truc&lang=en"])
def test_missing_runtime_file_is_reported_not_hung(page, serve_dir, tmp_path, path):
    """A deployment without pyodide.asm.wasm (Pyodide would hang) fails at once, in an alert."""
    site = tmp_path / "site"
    for dirpath, _dirnames, filenames in os.walk(DIST):
        rel = os.path.relpath(dirpath, DIST)
        (site / rel).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            if name != "pyodide.asm.wasm":
                (site / rel / name).symlink_to(os.path.join(dirpath, name))
    page.goto(serve_dir(site) + path)
    alert = page.locator("[role=alert]")
    alert.wait_for(state="visible", timeout=30_000)
    assert "pyodide.asm.wasm" in alert.text_content()
    assert page.evaluate("document.documentElement.dataset.ready") != "true"
