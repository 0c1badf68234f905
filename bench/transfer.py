"""What a first visit downloads, gzip-compressed: the runtime against our own files.

    python bench/transfer.py [PAGE ...]            (after `python build.py`)

Loads each page in a fresh browser context until data-ready (for an embed, also
after pressing Play), records every response from the site, and adds up the
gzip -9 size of each file from dist/ (what a static host with compression sends;
the wasm and the zips barely compress). "runtime" is everything under vendor/;
"ours" is the rest: pages, web/, cardtable.zip, games.json.
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from bench.boot import serve_dist  # noqa: E402
from sitebuild import DIST  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

PAGES = ["index.html?game=le_truc&lang=en&seed=1&speed=instant",
         "index.html?game=tressette&lang=en&seed=1&speed=instant",
         "index.html?game=le_truc&lang=en&embed=1"]


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def first_visit(browser, url: str, dist: Path) -> dict[str, int]:
    """{dist path: gzip bytes} of the files one cold visit fetched."""
    context = browser.new_context()
    page = context.new_page()
    fetched: set[str] = set()
    page.on("response", lambda r: fetched.add(unquote(urlsplit(r.url).path)))
    context.on("response", lambda r: fetched.add(unquote(urlsplit(r.url).path)))
    page.goto(url)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if page.evaluate("document.documentElement.dataset.ready") == "true":
            break
        if page.evaluate("!!document.getElementById('poster') && !document.getElementById('poster').hidden"):
            break
        time.sleep(0.1)
    time.sleep(0.5)
    context.close()
    sizes = {}
    for path in fetched:
        rel = path.lstrip("/") or "index.html"
        file = dist / rel
        if file.is_file():
            sizes[rel] = gzip_size(file)
    return sizes


def measure(pages: list[str] | None = None) -> list[tuple[str, int, int]]:
    """(page, runtime bytes, our bytes) per page."""
    from playwright.sync_api import sync_playwright

    server, base = serve_dist()
    out = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for page in pages or PAGES:
                sizes = first_visit(browser, f"{base}/{page}", DIST)
                runtime = sum(v for k, v in sizes.items() if k.startswith("vendor/"))
                out.append((page, runtime, sum(sizes.values()) - runtime))
            browser.close()
    finally:
        server.shutdown()
    return out


def format_table(rows) -> str:
    lines = ["| first visit | runtime (vendor/), gzip | our code and assets, gzip |", "|---|---|---|"]
    for page, runtime, ours in rows:
        lines.append(f"| `{page}` | {runtime / 1e6:.2f} MB | {ours / 1e3:.0f} KB |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(format_table(measure(sys.argv[1:] or None)))
