"""The runtime boots from dist/ alone: PyScript worker, vendored Pyodide, cardtable.zip.

web/boot-check.html starts the engine exactly as the game page does (web/js/engine.js)
and pings Python; it stays in the site to diagnose a deployment.
"""

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

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
