"""The parts of build.py, one subject a module, so the tests and benchmarks import
what they use (the server, the browser finder, dist/'s place) instead of the script.

    vendor    the pinned npm packages: download, sha512 check, the files we ship
    site      dist/ assembled: pages, web/, cardtable.zip, games.json, fill-ins, sw.js
    serve     the static server for dist/ (build.py serve, the tests, the benchmarks)
    browser   a Chromium for the browser tests: found, or installed with apt
    testing   build.py test: test tools, a venv where pip is refused, pytest

Standard library only, like build.py: a fresh clone builds with Python and npm alone.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


class BuildError(Exception):
    """A failure explained in one line to the user (no traceback)."""
