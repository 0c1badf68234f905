"""The memory-snapshot experiment (web/js/pyodide-snapshot.js, off by default, on with
?snapshot=gz|raw; docs/runtime.md "Memory snapshot"): a restored interpreter plays
exactly the game a normal boot plays, and any doubt about the snapshot means a
normal boot, not a broken page."""

import gzip
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.test_le_truc_page import legal_buttons, next_decision

pytestmark = pytest.mark.browser

DIST = Path(__file__).resolve().parents[2] / "dist"
MAKE = Path(__file__).resolve().parents[2] / "bench" / "make_snapshot.mjs"
RESTORED = "cardtable: booted from the memory snapshot"
PLAIN = "cardtable: booted without the memory snapshot"
GAME = "index.html?game=le_truc&speed=instant&lang=en&seed=11"


def mirror_dist(site: Path) -> None:
    """A copy of dist/ made of symlinks, without any snapshot in data/."""
    for dirpath, _dirnames, filenames in os.walk(DIST):
        rel = os.path.relpath(dirpath, DIST)
        (site / rel).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            if not name.startswith("snapshot."):
                (site / rel / name).symlink_to(os.path.join(dirpath, name))


@pytest.fixture(scope="module")
def snapshot_files(tmp_path_factory):
    """(snapshot bytes, its metadata), made from dist/ by bench/make_snapshot.mjs."""
    if shutil.which("node") is None:
        pytest.skip("node is needed to make the snapshot")
    out = tmp_path_factory.mktemp("snapshot") / "snapshot.bin"
    subprocess.run(["node", str(MAKE), str(DIST), str(out)], check=True, capture_output=True,
                   stdin=subprocess.DEVNULL)
    return out.read_bytes(), json.loads(out.with_suffix(".json").read_text())


def site_with(serve_dir, tmp_path, snapshot: bytes | None, meta: dict | None) -> str:
    """Serve a mirror of dist/ with this snapshot (raw and gzipped) in data/."""
    site = tmp_path / "site"
    mirror_dist(site)
    if snapshot is not None:
        (site / "data" / "snapshot.bin").write_bytes(snapshot)
        (site / "data" / "snapshot.bin.gz").write_bytes(gzip.compress(snapshot, 1))
        (site / "data" / "snapshot.json").write_text(json.dumps(meta))
    return serve_dir(site)


def boot_messages(page) -> list[str]:
    said = []
    page.on("console", lambda msg: said.append(msg.text))
    return said


def play(page) -> str:
    """A fixed policy to the end of the seeded game; the game's log."""
    while not next_decision(page):
        actions = legal_buttons(page)
        choice = next((a for a in actions if a in ("accept", "keep", "refuse")), None)
        page.click(f'button[data-action="{choice or actions[0]}"]')
    return page.inner_text("#log")


def test_restored_interpreter_plays_the_same_game(page, browser, site_url, serve_dir, tmp_path,
                                                  wait_ready, snapshot_files):
    base = site_with(serve_dir, tmp_path, *snapshot_files)
    page.allowed_origins.add(base.rstrip("/"))
    said = boot_messages(page)
    page.goto(base + GAME + "&snapshot=gz")
    wait_ready(page)
    assert RESTORED in said
    restored_log = play(page)
    assert page.console_errors == [] and page.page_errors == []

    context = browser.new_context()
    try:
        normal = context.new_page()
        normal.goto(site_url + GAME)
        wait_ready(normal)
        assert play(normal) == restored_log
    finally:
        context.close()


def corrupt(kind: str, snapshot: bytes, meta: dict) -> tuple[bytes | None, dict | None]:
    if kind == "missing":
        return None, None
    if kind == "other Pyodide build":  # the build id Pyodide checks: header bytes 16-47
        return snapshot[:16] + bytes(32) + snapshot[48:], meta
    if kind == "other cardtable.zip":
        return snapshot, {**meta, "cardtable_zip_sha256": hashlib.sha256(b"old").hexdigest()}
    if kind == "other Pyodide version":
        return snapshot, {**meta, "pyodide": "0.0.1"}
    if kind == "truncated":
        return snapshot[: len(snapshot) // 2], meta
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["missing", "other Pyodide build", "other cardtable.zip",
                                  "other Pyodide version", "truncated"])
def test_a_doubtful_snapshot_means_a_normal_boot(page, serve_dir, tmp_path, wait_ready,
                                                 snapshot_files, kind):
    base = site_with(serve_dir, tmp_path, *corrupt(kind, *snapshot_files))
    page.allowed_origins.add(base.rstrip("/"))
    said = boot_messages(page)
    page.goto(base + "web/boot-check.html?snapshot=raw")
    wait_ready(page)
    assert page.text_content("#python").startswith("3.")
    assert PLAIN in said and RESTORED not in said
    assert page.console_errors == [] and page.page_errors == []
