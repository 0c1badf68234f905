"""dist/first/<key>/: the first tables, a pool of deals per game and bot level and each
game's lesson, recorded by the engine up to the player's first decision
(py/cardtable_lab/first_tables.py) so the page can draw one and take the player's
move while Python starts (docs/runtime.md, "The head start").

The key is a hash of everything the records depend on (the engine's package and the
recorder), so a page only ever asks for the deals of the engine it ships, and a
build with an unchanged engine reuses the records made before (.cache/first-tables/).
The engine runs in child processes, as for games.json: the build never imports it.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild import ROOT, BuildError

#: The site's folder of first tables (not precached: a visit fetches one file of it).
FOLDER = "first"
PACKAGE = ROOT / "py" / "cardtable"
RECORDER = ROOT / "py" / "cardtable_lab" / "first_tables.py"
CACHE = ROOT / ".cache" / "first-tables"
#: Deals per game and level (the recorder's POOL_SIZE, read from its source so the
#: build need not import it).
POOL_SIZE = int(re.search(r"^POOL_SIZE = (\d+)$", RECORDER.read_text(encoding="utf-8"), re.MULTILINE)[1])
#: The line build.py fills in, in the page's script that reads the records and in
#: preload.js, which fetches one as the page opens.
PAGE_LINE = re.compile(r"^( *)const FIRST_TABLES = \{ folder: \"\", size: 0 \};.*$", re.MULTILINE)
PAGE_SCRIPTS = (Path("web") / "js" / "page" / "first-table.js", Path("web") / "js" / "preload.js")


def engine_key() -> str:
    """A hash of the engine's files and the recorder: the records' version."""
    digest = hashlib.sha256()
    files = [p for p in sorted(PACKAGE.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
             and p.suffix not in (".pyc", ".pyo")]
    for path in [*files, RECORDER]:
        digest.update(b"\0" + path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def recorded(key: str) -> Path:
    """The records of engine ``key``, made now unless kept from an earlier build."""
    done = CACHE / key
    if (done / ".complete").exists():
        return done
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = CACHE / f".{key}-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYTHONDONTWRITEBYTECODE": "1"}
    jobs = str(max(1, min(4, os.cpu_count() or 1)))
    print(f"build.py: recording the first tables (engine {key}, {jobs} processes)…", flush=True)
    proc = subprocess.run([sys.executable, "-m", "cardtable_lab.first_tables", str(tmp), "--jobs", jobs],
                          env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError("the first tables could not be recorded: "
                         + (proc.stderr.strip().splitlines() or ["(no output)"])[-1])
    (tmp / ".complete").write_bytes(b"")
    for old in CACHE.iterdir():  # one engine's records are kept, the newest
        if old != tmp:
            shutil.rmtree(old, ignore_errors=True)
    tmp.rename(done)
    return done


def write(out: Path) -> str:
    """Copy the records into ``out``/first/<key>/ and tell the page where they are;
    returns that folder, relative to ``out``."""
    key = engine_key()
    folder = f"{FOLDER}/{key}"
    shutil.copytree(recorded(key), out / folder, ignore=shutil.ignore_patterns(".complete"))
    line = f'const FIRST_TABLES = {{ folder: "{folder}", size: {POOL_SIZE} }}; // written by build.py'
    for rel in PAGE_SCRIPTS:
        source = (out / rel).read_text(encoding="utf-8")
        if len(PAGE_LINE.findall(source)) != 1:
            raise BuildError(f"{rel}: expected one line matching {PAGE_LINE.pattern!r} to fill in")
        (out / rel).write_text(PAGE_LINE.sub(lambda m: m[1] + line, source), encoding="utf-8")
    return folder
