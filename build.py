#!/usr/bin/env python3
"""Build, serve and test Card Table (standard library only).

    python build.py                 vendor the runtime, assemble dist/
    python build.py serve [--port N]  build, then serve dist/ on 127.0.0.1
    python build.py test [ARGS...]    install test deps, find Chromium, build, run pytest

The runtime (PyScript + Pyodide, and fake-indexeddb for embeds where the browser
refuses IndexedDB) comes from npm at pinned versions and is checked against
pinned sha512 hashes, so dist/ never depends on a CDN and a tampered or
truncated download never reaches it. The tests' own npm package (axe-core, the
accessibility audit) is fetched and checked the same way, into .vendor/ only.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / ".vendor"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"  # only made on a distro Python that refuses pip (PEP 668)
PACKAGE = ROOT / "py" / "cardtable"

#: npm packages the site runs on: name -> (version, npm integrity).
RUNTIME = {
    "@pyscript/core": (
        "0.7.31",
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
    ),
    "pyodide": (
        "314.0.7",
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    ),
    # An in-memory IndexedDB, loaded only where the browser refuses the real one
    # (a cross-site iframe with third-party storage blocked): see docs/runtime.md.
    "fake-indexeddb": (
        "6.2.8",
        "sha512-mpVW/HLUqwKXJ6F/s0hMgdK1eQfM4ncTHDioNGHWL0WKV3VcZCoZq1NKgboBbAge07aRCO7L48yziKssL59XEQ==",
    ),
}

#: npm packages only the tests use, fetched and checked like the runtime but never
#: written to dist/: axe-core, the accessibility audit of tests/browser/test_axe.py.
TEST_ONLY = {
    "axe-core": (
        "4.14.1",
        "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
    ),
}

#: Pages at the site's root: the app, and the page that makes embed snippets.
PAGES = ("index.html", "embed.html", "rules.html")

#: What Pyodide needs at run time (no packages: our code ships in cardtable.zip).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: PyScript chunks loaded lazily only by features we do not use (code editor,
#: terminal): their dynamic imports are not followed, so they are not shipped.
LAZY_UNUSED = re.compile(r"^(codemirror|xterm)|^m?py$")

#: MIME types the browser insists on (wasm streaming, module scripts).
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/plain",
    ".md": "text/markdown",
    ".woff2": "font/woff2",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
}

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: Flags that keep headless Chromium from phoning home or needing a sandbox/GPU.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class BuildError(Exception):
    """A failure explained in one line to the user (no traceback)."""


# --------------------------------------------------------------------------- vendoring


def sri_sha512(path: Path) -> str:
    """The npm/SRI integrity string of a file, to compare with the pinned one."""
    digest = hashlib.sha512()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def tarball_name(name: str, version: str) -> str:
    """The file name `npm pack` gives a package (`@scope/pkg` -> `scope-pkg-1.0.tgz`)."""
    return f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


def npm_pack(name: str, version: str) -> None:
    """Download a package tarball into the cache with npm (its own registry/auth setup)."""
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm not found, needed to download {name}@{version}: "
            "install Node.js/npm (e.g. apt-get install npm)"
        )
    proc = subprocess.run(
        [npm, "pack", f"{name}@{version}", "--loglevel=error"],
        cwd=VENDOR, capture_output=True, text=True, stdin=subprocess.DEVNULL,
    )
    if proc.returncode != 0:
        raise BuildError(f"`npm pack {name}@{version}` failed (offline or registry error?): "
                         + npm_error_summary(proc.stderr))


def npm_error_summary(stderr: str) -> str:
    """npm's error code and first real message, on one line, from its multi-line report."""
    lines = [l.removeprefix("npm error").strip() for l in stderr.splitlines()
             if l.startswith("npm error")]
    code = next((l.split()[1] for l in lines if l.startswith("code ")), "")
    message = next((l for l in lines if l and not l.startswith(("code ", "syscall ", "errno "))),
                   stderr.strip().splitlines()[-1] if stderr.strip() else "no output")
    return f"{code}: {message}" if code else message


def vendored_tarball(name: str, version: str, integrity: str) -> Path:
    """A verified tarball of the package: reuse the cached one, else download and check it."""
    VENDOR.mkdir(exist_ok=True)
    path = VENDOR / tarball_name(name, version)
    if path.exists() and sri_sha512(path) == integrity:
        return path
    path.unlink(missing_ok=True)
    npm_pack(name, version)
    if not path.exists():
        raise BuildError(f"`npm pack {name}@{version}` did not produce {path.name}")
    got = sri_sha512(path)
    if got != integrity:
        path.unlink()
        raise BuildError(
            f"integrity mismatch for {name}@{version}: expected {integrity}, got {got} "
            "(bad tarball deleted)"
        )
    return path


def tar_members(tgz: Path, folder: str, nested: bool = False) -> dict[str, bytes]:
    """Regular files under `package/<folder>/` of an npm tarball, by relative name
    (only the folder's own files unless `nested`)."""
    prefix = f"package/{folder}/" if folder else "package/"
    out = {}
    with tarfile.open(tgz, "r:gz") as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith(prefix):
                rel = member.name[len(prefix):]
                if nested or "/" not in rel:
                    out[rel] = tar.extractfile(member).read()
    return out


# Static `from"./x.js"` / `import"./x.js"` and dynamic `import("./x.js")`.
STATIC_IMPORT = re.compile(rb'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')
DYNAMIC_IMPORT = re.compile(rb'\bimport\(\s*"\./([\w.-]+\.js)"\s*\)')


def chunk_base(filename: str) -> str:
    """`codemirror_view-BsXnWedx.js` -> `codemirror_view`: a chunk's name without its hash."""
    return re.sub(r"-[\w-]{8}\.js$", "", filename)


def pyscript_files(dist_files: dict[str, bytes]) -> dict[str, bytes]:
    """core.js, core.css and every chunk they import, minus editor/terminal chunks.

    Follows the import graph instead of listing hashed names, so a version bump
    keeps working; dynamic imports of unused UI features are not followed.
    """
    keep, todo = {}, ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        if name not in dist_files:
            raise BuildError(f"@pyscript/core: {name} is imported but missing from dist/")
        keep[name] = dist_files[name]
        todo += [m.decode() for m in STATIC_IMPORT.findall(keep[name])]
        todo += [
            m.decode() for m in DYNAMIC_IMPORT.findall(keep[name])
            if not LAZY_UNUSED.match(chunk_base(m.decode()))
        ]
    keep["core.css"] = dist_files["core.css"]
    return keep


def vendor_runtime(out: Path) -> None:
    """Write vendor/pyscript/, vendor/pyodide/ and vendor/fake-indexeddb/ from the
    verified npm tarballs."""
    tarballs = {name: vendored_tarball(name, ver, sri) for name, (ver, sri) in RUNTIME.items()}
    for name, data in pyscript_files(tar_members(tarballs["@pyscript/core"], "dist")).items():
        write(out / "vendor" / "pyscript" / name, data)
    pyodide = tar_members(tarballs["pyodide"], "")
    for name in PYODIDE_FILES:
        if name not in pyodide:
            raise BuildError(f"pyodide {RUNTIME['pyodide'][0]}: {name} missing from the package")
        write(out / "vendor" / "pyodide" / name, pyodide[name])
    fake_idb = tarballs["fake-indexeddb"]
    for name, data in tar_members(fake_idb, "build/esm", nested=True).items():
        write(out / "vendor" / "fake-indexeddb" / name, data)
    write(out / "vendor" / "fake-indexeddb" / "LICENSE", tar_members(fake_idb, "")["LICENSE"])


def axe_script() -> bytes:
    """axe.min.js from the verified axe-core tarball in .vendor/ (downloaded once), for
    the tests to inject into a page: it never reaches dist/."""
    version, integrity = TEST_ONLY["axe-core"]
    files = tar_members(vendored_tarball("axe-core", version, integrity), "")
    if "axe.min.js" not in files:
        raise BuildError(f"axe-core {version}: axe.min.js missing from the package")
    return files["axe.min.js"]


# --------------------------------------------------------------------------- site


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
    lives beside it in py/cardtable_lab/, which is never zipped."""
    if not (src / "__init__.py").exists():
        raise BuildError(f"{src.relative_to(ROOT)}/__init__.py not found: nothing to package")
    files = sorted(
        p for p in src.rglob("*")
        if p.is_file() and not any(skip_junk(part) for part in p.relative_to(src.parent).parts)
        and p.relative_to(src).as_posix() not in LAZY_DATA
    )
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(src.parent).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())


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
#: the in-memory IndexedDB of cross-site embeds: both cached once used), PyScript
#: chunks shipped but never fetched in our flow (docs/runtime.md), the deployment
#: check page, and GitHub Pages' marker.
NOT_PRECACHED = re.compile(r"^(data/|vendor/fake-indexeddb/|vendor/pyscript/(zip|toml|pyodide_graph)-"
                           r"|web/(js/)?boot-check\.|\.nojekyll$)")
BUILD_LINE = re.compile(r"^const BUILD = .*;.*$", re.MULTILINE)
CHUNKS_LINE = re.compile(r"^  const PYSCRIPT_CHUNKS = \[\];.*$", re.MULTILINE)
GAMES_LINE = re.compile(r"^  const GAMES = \[\];.*$", re.MULTILINE)
BYTES_LINE = re.compile(r"^const RUNTIME_BYTES = 0;.*$", re.MULTILINE)
#: What the worker downloads by fetch() in a normal boot (pyodide.asm.mjs is
#: imported, not fetched, so not counted): the loading bar's total.
WORKER_DOWNLOADS = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip",
                    "vendor/pyodide/pyodide-lock.json", "cardtable.zip", "web/worker.py")


def fill_in(source: str, placeholder: re.Pattern, line: str, what: str) -> bytes:
    """``source`` with its one placeholder line replaced by ``line`` (what build.py
    writes into a file it ships: hashed names, the version)."""
    if len(placeholder.findall(source)) != 1:
        raise BuildError(f"{what}: expected exactly one line matching {placeholder.pattern!r} to fill in")
    return placeholder.sub(lambda _m: line, source).encode()


def write_preload_lists(out: Path) -> None:
    """Fill in web/js/preload.js's two lists: the games (so a link to an unknown one
    downloads no runtime) and the PyScript chunks a boot imports (their names carry
    a hash), which the page then fetches at once instead of after core.js."""
    preload = out / "web" / "js" / "preload.js"
    games = [g["name"] for g in json.loads((out / "games.json").read_bytes())["games"]]
    chunks = sorted(p.name for p in (out / "vendor" / "pyscript").glob("*.js")
                    if p.name != "core.js" and not NOT_PRECACHED.match(f"vendor/pyscript/{p.name}"))
    source = preload.read_text(encoding="utf-8")
    source = fill_in(source, GAMES_LINE, f"  const GAMES = {json.dumps(games)}; // written by build.py",
                     "web/js/preload.js").decode()
    write(preload, fill_in(source, CHUNKS_LINE, f"  const PYSCRIPT_CHUNKS = {json.dumps(chunks)}; // written by build.py",
                           "web/js/preload.js"))


def write_runtime_bytes(out: Path) -> None:
    """Fill in web/js/python-worker.js's total of the bytes the worker downloads, which the
    loading bar measures its progress against (the files' sizes as served)."""
    engine = out / "web" / "js" / "python-worker.js"
    total = sum((out / rel).stat().st_size for rel in WORKER_DOWNLOADS)
    write(engine, fill_in(engine.read_text(encoding="utf-8"), BYTES_LINE,
                          f"const RUNTIME_BYTES = {total}; // written by build.py", "web/js/python-worker.js"))


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


def assemble(out: Path) -> None:
    """Everything dist/ holds, written into `out`."""
    if not (ROOT / "index.html").exists():
        print("build.py: warning: index.html not found; dist/ has no landing page", file=sys.stderr)
    for page in PAGES:
        if (ROOT / page).exists():
            shutil.copy2(ROOT / page, out / page)
    if (ROOT / "web").is_dir():
        shutil.copytree(ROOT / "web", out / "web",
                        ignore=lambda _dir, names: [n for n in names if skip_junk(n)])
    zip_package(PACKAGE, out / "cardtable.zip")
    for name in LAZY_DATA:
        if (PACKAGE / name).exists():
            (out / "data").mkdir(exist_ok=True)
            shutil.copy2(PACKAGE / name, out / "data" / Path(name).name)
    write(out / "games.json", games_json())
    vendor_runtime(out)
    write_preload_lists(out)
    write_runtime_bytes(out)
    (out / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
    write_service_worker(out)  # last: it hashes everything above


def build() -> Path:
    """Assemble into a temporary folder, then swap it in: dist/ is whole or untouched."""
    tmp = Path(tempfile.mkdtemp(prefix=".dist-build-", dir=ROOT))
    tmp.chmod(0o755)  # mkdtemp makes it private; a web root must be readable
    try:
        assemble(tmp)
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


# --------------------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types module scripts and wasm streaming need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, like real static hosts
    quiet = False

    def end_headers(self):
        # Always revalidate: a rebuilt dist/ must never be mixed with stale files.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A browser that leaves mid-download (a reload, a closed tab, a test going
    offline) is no server error: only other errors are printed."""

    allow_reuse_address = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 8000, quiet: bool = False,
                handler_class: type = SiteHandler):
    """A threading HTTP server for `directory` on 127.0.0.1 (port 0 picks a free one)."""
    handler = functools.partial(
        type("Handler", (handler_class,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer(("127.0.0.1", port), handler)


def listen(port: int):
    """The dist/ server, bound before building so a busy port fails fast."""
    try:
        return make_server(DIST, port)
    except OSError as e:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {e.strerror}") from None


def serve(server) -> None:
    """Serve dist/ until Ctrl-C."""
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


# --------------------------------------------------------------------------- browser


def launchable(exe: str) -> bool:
    """True when the binary runs at all (`--version`), e.g. not a broken snap stub."""
    try:
        proc = subprocess.run([exe, "--version"], capture_output=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0


def playwright_chromium(python: str = sys.executable) -> str | None:
    """Playwright's own Chromium, if `playwright install chromium` put one on disk."""
    code = ("from playwright.sync_api import sync_playwright\n"
            "with sync_playwright() as p: print(p.chromium.executable_path)")
    try:
        proc = subprocess.run([python, "-c", code], capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = proc.stdout.strip()
    return path if proc.returncode == 0 and path and Path(path).is_file() else None


def system_chromium() -> str | None:
    """A Chromium/Chrome on PATH (or Debian's /usr/bin/chromium)."""
    candidates = [shutil.which(n) for n in CHROMIUM_NAMES] + ["/usr/bin/chromium"]
    for exe in candidates:
        if exe and Path(exe).is_file() and launchable(exe):
            return exe
    return None


def find_chromium(python: str = sys.executable) -> str | None:
    """The browser the tests drive: Playwright's bundled one first, else the system's."""
    exe = playwright_chromium(python)
    if exe and launchable(exe):
        return exe
    return system_chromium()


def install_chromium() -> None:
    """As root on Debian/Ubuntu, install Chromium with apt (CI on a fresh machine)."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
        print("build.py:", " ".join(cmd), flush=True)
        if subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL).returncode != 0:
            raise BuildError(f"`{' '.join(cmd)}` failed; install Chromium yourself "
                             "(apt-get install chromium, or python -m playwright install chromium)")


def ensure_chromium(python: str = sys.executable) -> str:
    """Find a Chromium, installing one with apt when we can; else say what to install."""
    exe = find_chromium(python)
    can_apt = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")
    if exe is None and can_apt:
        install_chromium()
        exe = system_chromium()
    if exe is None:
        raise BuildError("no Chromium found for the browser tests: install one "
                         "(apt-get install chromium, or python -m playwright install chromium)")
    return exe


# --------------------------------------------------------------------------- test


def externally_managed() -> bool:
    """True for a distro Python that refuses `pip install` outside a venv (PEP 668)."""
    in_venv = sys.prefix != sys.base_prefix
    marker = Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
    return not in_venv and marker.exists()


def python_for_tests() -> str:
    """The Python to install into and test with: this one, or .venv/ on a distro Python."""
    if not externally_managed():
        return sys.executable
    venv_python = VENV / "bin" / "python"
    if not venv_python.exists():
        print(f"build.py: this Python is externally managed; creating {VENV.name}/", flush=True)
        proc = subprocess.run([sys.executable, "-m", "venv", str(VENV)], stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise BuildError("could not create .venv/ (on Debian/Ubuntu: apt-get install python3-venv)")
    return str(venv_python)


def pip_install_test_deps(python: str) -> None:
    """`pip install -e .[test]`, so a fresh clone needs nothing but Python."""
    proc = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "-e", ".[test]"], cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    if proc.returncode != 0:
        raise BuildError("`pip install -e .[test]` failed (see pip's output above)")


def run_tests(pytest_args: list[str]) -> int:
    """Install, find a browser, build, then run pytest; returns pytest's exit code."""
    python = python_for_tests()
    pip_install_test_deps(python)
    chromium = ensure_chromium(python)
    print(f"build.py: browser {chromium}", flush=True)
    build()
    axe_script()  # fetched once here, before two pytest workers could both download it
    env = {**os.environ, "CARDTABLE_CHROMIUM": chromium, "CARDTABLE_REQUIRE_BROWSER": "1"}
    if not pytest_args and (os.cpu_count() or 1) >= 2:
        # Two workers (pytest-xdist): the browser tests, which mostly wait on the page,
        # stay together in one (tests/conftest.py groups them) while the other runs
        # the CPU-bound engine tests: the suite takes the longer half, not the sum.
        pytest_args = ["-n", "2", "--dist", "loadgroup"]
    return subprocess.run([python, "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode


# --------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    """Dispatch the sub-command; `test` passes everything after it to pytest."""
    if argv and argv[0] == "test":
        return run_tests(argv[1:])
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="assemble dist/ (the default)")
    serve_p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test deps, build, run pytest [ARGS...]")
    args = parser.parse_args(argv)
    server = listen(args.port) if args.command == "serve" else None
    build()
    print(f"build.py: built {DIST.relative_to(ROOT)}/", flush=True)
    if server is not None:
        serve(server)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
