"""The npm packages Card Table runs on, pinned by version and sha512 and checked
before use, so dist/ never depends on a CDN and a tampered or truncated download
never reaches it.

The runtime (PyScript + Pyodide, and fake-indexeddb for embeds where the browser
refuses IndexedDB) goes into dist/vendor/; the tests' own package (axe-core, the
accessibility audit) is fetched and checked the same way, into .vendor/ only.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

from sitebuild import ROOT, BuildError

#: The downloaded tarballs, kept between builds.
VENDOR = ROOT / ".vendor"

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


def runtime_files() -> dict[str, bytes]:
    """What dist/ ships of the verified npm tarballs, by path inside dist/:
    vendor/pyscript/, vendor/pyodide/ and vendor/fake-indexeddb/."""
    tarballs = {name: vendored_tarball(name, ver, sri) for name, (ver, sri) in RUNTIME.items()}
    out = {}
    for name, data in pyscript_files(tar_members(tarballs["@pyscript/core"], "dist")).items():
        out[f"vendor/pyscript/{name}"] = data
    pyodide = tar_members(tarballs["pyodide"], "")
    for name in PYODIDE_FILES:
        if name not in pyodide:
            raise BuildError(f"pyodide {RUNTIME['pyodide'][0]}: {name} missing from the package")
        out[f"vendor/pyodide/{name}"] = pyodide[name]
    fake_idb = tarballs["fake-indexeddb"]
    for name, data in tar_members(fake_idb, "build/esm", nested=True).items():
        out[f"vendor/fake-indexeddb/{name}"] = data
    out["vendor/fake-indexeddb/LICENSE"] = tar_members(fake_idb, "")["LICENSE"]
    return out


def untrimmed_pyodide() -> Path:
    """A folder with Pyodide's files exactly as npm ships them (the whole standard
    library and the lock file), extracted once into .vendor/: what the tools that run
    Pyodide outside the page use (the engine tests and benchmarks under Node, the
    bare-Pyodide baseline of bench/), while dist/ ships the trimmed library
    (sitebuild/stdlib.py)."""
    version, integrity = RUNTIME["pyodide"]
    folder = VENDOR / f"pyodide-{version}"
    stamp = folder / ".integrity"
    if stamp.is_file() and stamp.read_text() == integrity:
        return folder
    files = tar_members(vendored_tarball("pyodide", version, integrity), "")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (folder / name).write_bytes(files[name])
    stamp.write_text(integrity)
    return folder


def axe_script() -> bytes:
    """axe.min.js from the verified axe-core tarball in .vendor/ (downloaded once), for
    the tests to inject into a page: it never reaches dist/."""
    version, integrity = TEST_ONLY["axe-core"]
    files = tar_members(vendored_tarball("axe-core", version, integrity), "")
    if "axe.min.js" not in files:
        raise BuildError(f"axe-core {version}: axe.min.js missing from the package")
    return files["axe.min.js"]
