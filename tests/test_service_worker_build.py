"""build.py's dist/sw.js: which files it precaches and when its version changes."""

from tests.browser.test_offline import built_service_worker
from tests.conftest import build

FILES = {
    "index.html": b"<!doctype html>",
    "cardtable.zip": b"PK",
    "web/js/app.js": b"// app",
    "vendor/pyodide/pyodide.asm.wasm": b"\0asm",
    "vendor/pyscript/core.js": b"// core",
    "vendor/pyscript/zip-T1gzVEcZ.js": b"// never fetched",
    "vendor/fake-indexeddb/index.js": b"// embeds only",
    "data/le_truc_policy.bin": b"policy",
    "web/boot-check.html": b"<!doctype html>",
    "web/js/boot-check.js": b"// diagnose",
    ".nojekyll": b"",
}


def built(tmp_path, files):
    for rel, data in files.items():
        build.write(tmp_path / rel, data)
    build.write_service_worker(tmp_path)
    return built_service_worker(tmp_path)


def test_precaches_what_every_visit_needs_and_nothing_else(tmp_path):
    assert built(tmp_path, FILES)["precache"] == [
        "cardtable.zip", "index.html", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js", "web/js/app.js"]


def test_the_version_changes_with_any_files_bytes_and_only_then(tmp_path):
    first = built(tmp_path / "a", FILES)["version"]
    assert built(tmp_path / "b", FILES)["version"] == first
    assert built(tmp_path / "c", {**FILES, "data/le_truc_policy.bin": b"policy 2"})["version"] != first
    assert built(tmp_path / "d", {**FILES, "web/js/app.js": b"// app 2"})["version"] != first
