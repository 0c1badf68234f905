"""dist/, the whole site, assembled from the repository and the vendored runtime:
the pages, web/ (its words merged, sitebuild/words.py), the engine zipped as cardtable.zip, games.json (the engine's own
list of its games, for pages that never start Python), and the lines the build
writes into files it ships (preload.js's lists, the loading bar's total, sw.js's
version and precache list). A build is whole or leaves dist/ untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from sitebuild import DIST, ROOT, BuildError, first_tables, pages, sounds, source_strip, stdlib, vendor, words

#: The engine the page runs, zipped whole into cardtable.zip.
PACKAGE = ROOT / "py" / "cardtable"

#: Pages at the site's root: the app, and the page that makes embed snippets.
PAGES = ("index.html", "embed.html", "rules.html")


def write(path: Path, data: bytes) -> None:
    """Write bytes, creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def skip_junk(name: str) -> bool:
    """Bytecode caches and editor droppings never belong in the site."""
    return name in ("__pycache__", ".DS_Store") or name.endswith((".pyc", ".pyo", "~"))


#: Package data the page fetches only when it needs it (dist/data/), not in the zip:
#: the strong Le Truc bot's solved policy, read on its first decision.
LAZY_DATA = ("bots/le_truc_policy.bin",)


def zip_package(src: Path, dest: Path) -> None:
    """cardtable.zip with paths `cardtable/...`, byte-identical for identical sources.

    The runtime package goes in whole, all but its lazy data: what runs offline only
    lives beside it in py/cardtable_lab/, which is never zipped. Its sources lose
    their comments and docstrings, every line keeping its number, so a traceback
    from the page still points at the repository's line (sitebuild/source_strip.py):
    a third less to download."""
    if not (src / "__init__.py").exists():
        raise BuildError(f"{src.relative_to(ROOT)}/__init__.py not found: nothing to package")
    files = sorted(
        p for p in src.rglob("*")
        if p.is_file() and not any(skip_junk(part) for part in p.relative_to(src.parent).parts)
        and p.relative_to(src).as_posix() not in LAZY_DATA
    )
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(src.parent).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            data = path.read_bytes()
            if path.suffix == ".py":
                data = source_strip.stripped(data.decode("utf-8")).encode("utf-8")
            zf.writestr(info, data)


def games_json() -> bytes:
    """The engine's answer to {"op": "games"} (options, defaults, bot levels), for
    pages that never start Python (embed.html). Asked in a child process, so the
    build never imports the package itself and leaves no bytecode behind."""
    code = "from cardtable.bridge import handle; print(handle('{\"op\": \"games\"}'))"
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL)
    if proc.returncode != 0 or not proc.stdout.startswith('{"ok": true'):
        raise BuildError("cardtable could not list its games: "
                         + (proc.stderr.strip().splitlines() or [proc.stdout.strip()])[-1])
    return proc.stdout.encode()


#: The service worker, at the site's root so its scope covers every page.
SERVICE_WORKER = "sw.js"
#: Not precached: what a visit fetches only in some cases (the strong bot's policy,
#: the in-memory IndexedDB of cross-site embeds, the sound effects of a player who
#: turned them on: each cached once used; one first table of the pools, for a first
#: game), PyScript chunks shipped but never fetched in our flow (docs/runtime.md),
#: the deployment check page, and GitHub Pages' marker.
NOT_PRECACHED = re.compile(r"^(data/|first/|web/sounds/|vendor/fake-indexeddb/|vendor/pyscript/(zip|toml|pyodide_graph)-"
                           r"|web/(js/)?boot-check\.|\.nojekyll$"
                           r"|web/pictures/(?!icon-|apple-touch-icon)|play/.*/oembed\.json$)")
BUILD_LINE = re.compile(r"^const BUILD = .*;.*$", re.MULTILINE)
CHUNKS_LINE = re.compile(r"^  const PYSCRIPT_CHUNKS = \[\];.*$", re.MULTILINE)
GAMES_LINE = re.compile(r"^  const GAMES = \[\];.*$", re.MULTILINE)
LEVELS_LINE = re.compile(r"^    const LEVELS = \{\};.*$", re.MULTILINE)
MODULES_LINE = re.compile(r"^  const APP_MODULES = \[\];.*$", re.MULTILINE)
#: A static import or re-export of a relative module, in our own JavaScript.
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;"]*?\bfrom\s*"(\.[^"]+)"|^\s*import\s*"(\.[^"]+)"', re.MULTILINE)
BYTES_LINE = re.compile(r"^const RUNTIME_BYTES = 0;.*$", re.MULTILINE)
LOCK_LINE = re.compile(r"^const LOCK_INFO = null;.*$", re.MULTILINE)
SNAPSHOT_LINE = re.compile(r'^const SNAPSHOT_KEY = "";.*$', re.MULTILINE)
#: What a memory snapshot of the interpreter depends on (web/js/snapshot-store.js).
SNAPSHOT_INPUTS = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                   "vendor/pyodide/python_stdlib.zip", "cardtable.zip", "web/worker.py")
#: Pyodide's package lock file: read at build time, never shipped (web/js/pyodide-options.js).
LOCK_FILE = "vendor/pyodide/pyodide-lock.json"
STDLIB_ZIP = "vendor/pyodide/python_stdlib.zip"
#: What the worker downloads by fetch() in a normal boot (pyodide.asm.mjs is
#: imported, not fetched, so not counted): the loading bar's total.
WORKER_DOWNLOADS = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip",
                    "cardtable.zip", "web/worker.py")


def fill_in(source: str, placeholder: re.Pattern, line: str, what: str) -> bytes:
    """``source`` with its one placeholder line replaced by ``line`` (what build.py
    writes into a file it ships: hashed names, the version)."""
    if len(placeholder.findall(source)) != 1:
        raise BuildError(f"{what}: expected exactly one line matching {placeholder.pattern!r} to fill in")
    return placeholder.sub(lambda _m: line, source).encode()


def module_graph(entry: Path) -> list[str]:
    """Every module ``entry`` imports, directly or not (static imports only), as paths
    relative to its folder, sorted."""
    entry = entry.resolve()
    seen: set[Path] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        for match in IMPORT.finditer(module.read_text(encoding="utf-8")):
            target = (module.parent / (match[1] or match[2])).resolve()
            if target not in seen and target != entry and target.is_file():
                seen.add(target)
                todo.append(target)
    return sorted(os.path.relpath(p, entry.parent).replace(os.sep, "/") for p in seen)


def write_preload_lists(out: Path) -> None:
    """Fill in web/js/preload.js's lists: the games (so a link to an unknown one
    downloads no runtime) and their bot levels (the level a first table is fetched
    for), the PyScript chunks a boot imports (their names carry a hash), which the
    page then fetches at once instead of after core.js, and app.js's modules, which
    it asks for all at once instead of one level of imports at a time."""
    preload = out / "web" / "js" / "preload.js"
    listed = json.loads((out / "games.json").read_bytes())["games"]
    games = [g["name"] for g in listed]
    levels = {g["name"]: {"levels": g.get("levels", []), "first": g.get("default_level")} for g in listed}
    chunks = sorted(p.name for p in (out / "vendor" / "pyscript").glob("*.js")
                    if p.name != "core.js" and not NOT_PRECACHED.match(f"vendor/pyscript/{p.name}"))
    app = out / "web" / "js" / "app.js"
    modules = module_graph(app) if app.exists() else []
    source = preload.read_text(encoding="utf-8")
    for placeholder, line in (
            (GAMES_LINE, f"  const GAMES = {json.dumps(games)}; // written by build.py"),
            (LEVELS_LINE, f"    const LEVELS = {json.dumps(levels)}; // written by build.py"),
            (CHUNKS_LINE, f"  const PYSCRIPT_CHUNKS = {json.dumps(chunks)}; // written by build.py"),
            (MODULES_LINE, f"  const APP_MODULES = {json.dumps(modules)}; // written by build.py")):
        source = fill_in(source, placeholder, line, "web/js/preload.js").decode()
    write(preload, source.encode())


def write_runtime_bytes(out: Path) -> None:
    """Fill in web/js/python-worker.js's total of the bytes the worker downloads, which the
    loading bar measures its progress against (the files' sizes as served)."""
    engine = out / "web" / "js" / "python-worker.js"
    total = sum((out / rel).stat().st_size for rel in WORKER_DOWNLOADS)
    write(engine, fill_in(engine.read_text(encoding="utf-8"), BYTES_LINE,
                          f"const RUNTIME_BYTES = {total}; // written by build.py", "web/js/python-worker.js"))


def write_lock_info(out: Path, lock_file: bytes) -> None:
    """Fill in web/js/pyodide-options.js's copy of the lock file's `info` (its ABI
    version, which Pyodide checks): with it Pyodide needs no lock file, since we
    load no Pyodide packages, so the 119 KB file is neither shipped nor fetched."""
    options = out / "web" / "js" / "pyodide-options.js"
    info = json.loads(lock_file)["info"]
    write(options, fill_in(options.read_text(encoding="utf-8"), LOCK_LINE,
                           f"const LOCK_INFO = {json.dumps(info)}; // written by build.py",
                           "web/js/pyodide-options.js"))


def write_snapshot_key(out: Path) -> None:
    """Fill in web/js/snapshot-store.js's key: Pyodide's version and a hash of what a
    memory snapshot of the interpreter holds, so a kept snapshot is used only by the
    exact runtime and package it was made from."""
    store = out / "web" / "js" / "snapshot-store.js"
    digest = hashlib.sha256()
    for rel in SNAPSHOT_INPUTS:
        digest.update(b"\0" + rel.encode() + b"\0" + (out / rel).read_bytes())
    key = f"pyodide-{vendor.RUNTIME['pyodide'][0]}-{digest.hexdigest()[:20]}"
    write(store, fill_in(store.read_text(encoding="utf-8"), SNAPSHOT_LINE,
                         f'const SNAPSHOT_KEY = "{key}"; // written by build.py', "web/js/snapshot-store.js"))


def write_words(out: Path) -> None:
    """dist/web/i18n/<lang>.json: the shared words merged with every game's
    (sitebuild/words.py), the one file of words the page fetches; the games' own
    files are not shipped."""
    shutil.rmtree(out / "web" / "i18n" / "games")
    for path in sorted((ROOT / "web" / "i18n").glob("*.json")):
        write(out / "web" / "i18n" / path.name, words.encoded(path.stem))


def write_service_worker(out: Path) -> None:
    """dist/sw.js: sw.js with this build's version and files to precache.

    The version hashes every built file's path and bytes, so any change gives a
    new sw.js, hence a new cache that replaces the old one."""
    source = (ROOT / SERVICE_WORKER).read_text(encoding="utf-8")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256(source.encode())
    for rel in files:
        digest.update(b"\0" + rel.encode() + b"\0" + (out / rel).read_bytes())
    build_info = {"version": digest.hexdigest()[:16],
                  "precache": [rel for rel in files if not NOT_PRECACHED.match(rel)]}
    line = "const BUILD = " + json.dumps(build_info, indent=1) + "; // written by build.py"
    write(out / SERVICE_WORKER, fill_in(source, BUILD_LINE, line, SERVICE_WORKER))


def assemble(out: Path, base_url: str | None = None, trim_stdlib: bool = True) -> None:
    """Everything dist/ holds, written into `out`; with the site's absolute address,
    the pages carry their link cards (sitebuild/pages.py). The standard library is
    cut to the modules the site imports (sitebuild/stdlib.py) unless `trim_stdlib`
    is false (the measurement of that list)."""
    if not (ROOT / "index.html").exists():
        print("build.py: warning: index.html not found; dist/ has no landing page", file=sys.stderr)
    for page in PAGES:
        if (ROOT / page).exists():
            shutil.copy2(ROOT / page, out / page)
    if (ROOT / "web").is_dir():
        shutil.copytree(ROOT / "web", out / "web",
                        ignore=lambda _dir, names: [n for n in names if skip_junk(n)])
        write_words(out)
    sounds.write(out / "web" / "sounds")  # made, not kept: sitebuild/sounds.py
    zip_package(PACKAGE, out / "cardtable.zip")
    for name in LAZY_DATA:
        if (PACKAGE / name).exists():
            (out / "data").mkdir(exist_ok=True)
            shutil.copy2(PACKAGE / name, out / "data" / Path(name).name)
    write(out / "games.json", games_json())
    if base_url is None:
        pages.warn_without_base()
    pages.write_pages(out, json.loads((out / "games.json").read_bytes())["games"], base_url)
    if base_url is not None:  # every page's policy names the site beside 'self' (WebKit's sandbox)
        for page in sorted(p for p in out.rglob("*.html") if "vendor" not in p.relative_to(out).parts):
            page.write_text(pages.widen_csp(page.read_text(encoding="utf-8"), base_url), encoding="utf-8")
    runtime = vendor.runtime_files()
    write_lock_info(out, runtime.pop(LOCK_FILE))
    if trim_stdlib:
        runtime[STDLIB_ZIP] = stdlib.shipped(runtime[STDLIB_ZIP], stdlib.listed())
    for rel, data in runtime.items():
        write(out / rel, data)
    write_preload_lists(out)
    write_runtime_bytes(out)
    write_snapshot_key(out)
    first_tables.write(out)
    (out / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
    write_service_worker(out)  # last: it hashes everything above


def build(base_url: str | None = None) -> Path:
    """Assemble into a temporary folder, then swap it in: dist/ is whole or untouched.
    The base URL is --base-url's, else CARDTABLE_BASE_URL's (pages.base_url)."""
    base_url = pages.base_url(base_url)
    tmp = Path(tempfile.mkdtemp(prefix=".dist-build-", dir=ROOT))
    tmp.chmod(0o755)  # mkdtemp makes it private; a web root must be readable
    try:
        assemble(tmp, base_url)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = None
    if DIST.exists():
        old = DIST.with_name(f".dist-old-{os.getpid()}")
        DIST.rename(old)
    tmp.rename(DIST)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return DIST
