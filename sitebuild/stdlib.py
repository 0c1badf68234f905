"""The standard library the site ships: only the modules its Python imports.

Pyodide's python_stdlib.zip is the whole library (2.5 MB gzip, the largest download
of a first visit after the wasm). The page's Python needs a small part of it: what
Pyodide imports to start, what PyScript's worker imports, and what our package
imports. That list is measured (`python build.py stdlib`) and kept in
sitebuild/stdlib-modules.txt, so a change to it is a reviewed diff; the build cuts
python_stdlib.zip down to exactly those modules, at the same address, so every
loadPyodide of the site uses it, and strips their comments and docstrings (every
line keeps its number; sitebuild/source_strip.py): 2.50 MB becomes about 0.46 MB.

The measurement, from a built dist/ holding the whole library:

- Node (sitebuild/stdlib_trace.mjs + stdlib_trace.py): npm's own Pyodide imports
  every module of cardtable and every module they name anywhere, then plays a game
  of each game at each bot level through the bridge with the page's requests;
- Chromium: the page boots in its PyScript worker and plays a game to its end
  against the strong Le Truc bot (whose policy the worker fetches), and the
  worker says which modules it has loaded.

The union of both, restricted to modules that are files of the library, is the
list. A module missing from it fails a test (the engine suite under Pyodide and
every browser test run against the trimmed build), not a player's game.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import threading
import time
import zipfile
from pathlib import Path

from sitebuild import ROOT, BuildError

LIST = ROOT / "sitebuild" / "stdlib-modules.txt"
TRACE = ROOT / "sitebuild" / "stdlib_trace.mjs"
STRIP = ROOT / "sitebuild" / "source_strip.py"
STRIP_RUNNER = ROOT / "sitebuild" / "stdlib_strip.mjs"
#: Where the library sits in Pyodide's file system (sys.path) in Node and the browser.
LIBRARY_PREFIX = "/lib/python314.zip/"
#: The fixed time every member of the trimmed zip carries: the same list gives the
#: same bytes, so the service worker's version changes only with the list.
ZIP_TIME = (2026, 1, 1, 0, 0, 0)

HEADER = """\
# The standard-library modules the site ships (sitebuild/stdlib.py): the ones
# Pyodide, PyScript's worker and the cardtable package import, measured by
# `python build.py stdlib`: {how}.
# The build cuts Pyodide's python_stdlib.zip to these. Re-measure after adding an import of a module that is not here; the
# engine suite under Pyodide and the browser tests fail without it.
"""


def listed(path: Path = LIST) -> list[str]:
    """The modules of the list, without comments."""
    if not path.is_file():
        raise BuildError(f"{path.relative_to(ROOT)} is missing: run `python build.py stdlib`")
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def module_files(names: list[str], members: set[str]) -> list[str]:
    """The zip members of the named modules: a module's own file, or a package's
    __init__.py; a package's parents come with it (an import needs them)."""
    wanted = set()
    for name in names:
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            stem = "/".join(parts[:depth])
            for candidate in (f"{stem}.py", f"{stem}/__init__.py"):
                if candidate in members:
                    wanted.add(candidate)
                    break
            else:
                if depth == len(parts):
                    raise BuildError(f"sitebuild/stdlib-modules.txt lists {name}, which is not a module of "
                                     "Pyodide's python_stdlib.zip: re-measure with `python build.py stdlib`")
    return sorted(wanted)


def shipped(full: bytes, names: list[str]) -> bytes:
    """The python_stdlib.zip the site ships: the named modules, without comments and
    docstrings (sitebuild/source_strip.py). Kept in .vendor/ by the hash of what
    makes it, since the stripping runs Pyodide under Node (about 12 s)."""
    from sitebuild import vendor

    cut = trim(full, names)
    digest = hashlib.sha256(cut)
    for script in (STRIP, STRIP_RUNNER):
        digest.update(script.read_bytes())
    cached = vendor.VENDOR / f"python_stdlib-{digest.hexdigest()[:16]}.zip"
    if cached.is_file():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory(prefix="stdlib-strip-") as tmp:
        source, target = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        source.write_bytes(cut)
        run = subprocess.run(["node", str(STRIP_RUNNER), str(vendor.untrimmed_pyodide()),
                              str(source), str(target)], capture_output=True, text=True)
        if run.returncode:
            raise BuildError(f"stripping the standard library under Node failed:\n{run.stderr[-3000:]}")
        data = target.read_bytes()
    for old in vendor.VENDOR.glob("python_stdlib-*.zip"):
        old.unlink()
    cached.write_bytes(data)
    return data


def trim(full: bytes, names: list[str]) -> bytes:
    """python_stdlib.zip holding only the named modules (deflated, in a fixed order
    and time, so the same list always gives the same bytes)."""
    with zipfile.ZipFile(io.BytesIO(full)) as source:
        members = set(source.namelist())
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
            for name in module_files(names, members):
                info = zipfile.ZipInfo(name, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                target.writestr(info, source.read(name), compresslevel=9)
    return out.getvalue()


def library_modules(loaded: dict[str, str]) -> set[str]:
    """Of {module: file}, the library's modules, named by their file (a frozen alias
    such as _frozen_importlib is the file it was made from: importlib/_bootstrap.py)."""
    names = set()
    for file in loaded.values():
        if file.startswith(LIBRARY_PREFIX) and file.endswith(".py"):
            names.add(file[len(LIBRARY_PREFIX):-3].removesuffix("/__init__").replace("/", "."))
    return names


def trace_in_node(dist: Path) -> set[str]:
    """The library modules Pyodide loads by itself and for our package (Node)."""
    from sitebuild import vendor

    run = subprocess.run(["node", str(TRACE), str(vendor.untrimmed_pyodide()), str(dist)],
                         capture_output=True, text=True)
    if run.returncode:
        raise BuildError(f"the import trace under Node failed:\n{run.stderr[-3000:]}")
    return library_modules(json.loads(run.stdout.strip().splitlines()[-1])["loaded"])


# Appended to a copy of web/worker.py in the browser measurement: the worker keeps a
# function the measurement calls through Playwright's handle on the worker.
WORKER_PROBE = """

def _cardtable_loaded_modules():
    import json as _json, sys as _sys
    return _json.dumps({name: str(getattr(module, "__file__", "") or "")
                        for name, module in list(_sys.modules.items())})


import js as _js
from pyodide.ffi import create_proxy as _create_proxy

_js.cardtableLoadedModules = _create_proxy(_cardtable_loaded_modules)
"""


def trace_in_browser(dist: Path) -> set[str]:
    """The library modules the page's PyScript worker has loaded after a whole game
    (dist/ must hold the whole library, as a build before trimming does)."""
    from playwright.sync_api import sync_playwright

    from sitebuild import browser, serve

    with tempfile.TemporaryDirectory(prefix="stdlib-trace-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        worker = site / "web" / "worker.py"
        worker.write_text(worker.read_text(encoding="utf-8") + WORKER_PROBE, encoding="utf-8")
        server = serve.make_server(site, port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=browser.ensure_chromium(), args=browser.CHROMIUM_ARGS)
                page = chromium.new_page()
                page.goto(f"{base}/index.html?game=le_truc&lang=en&seed=1&level=strong&speed=instant")
                deadline = time.monotonic() + 240
                while not page.locator("[data-result]").count():  # the player's first choice, each time
                    if time.monotonic() > deadline:
                        raise BuildError("the browser trace: the game did not finish within 240 s")
                    buttons = page.locator("button[data-action]:not([disabled])")
                    try:
                        buttons.first.click(timeout=2000) if buttons.count() else time.sleep(0.2)
                    except Exception:  # the table redrew under the click
                        time.sleep(0.2)
                answer = next(w for w in page.workers if w.evaluate("typeof cardtableLoadedModules") == "function")
                loaded = json.loads(answer.evaluate("cardtableLoadedModules()"))
                chromium.close()
        finally:
            server.shutdown()
    return library_modules(loaded)


def measure(dist: Path) -> list[str]:
    """Re-measure the list from a build holding the whole library (build.py makes
    one with ``site.assemble(..., trim_stdlib=False)``), and write it."""
    node = trace_in_node(dist)
    page = trace_in_browser(dist)
    names = sorted(node | page)
    how = f"{len(node)} modules in Node, {len(page)} in the page, {len(names)} in all"
    body = "".join(f"{name}\n" for name in names)
    LIST.write_text(HEADER.format(how=how) + body, encoding="utf-8")
    return names
