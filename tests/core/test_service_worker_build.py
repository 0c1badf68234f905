"""build.py's dist/sw.js: which files it precaches and when its version changes."""

from sitebuild import ROOT, site
from tests.support.service_worker import built_service_worker

FILES = {
    "index.html": b"<!doctype html>",
    "cardtable.zip": b"PK",
    "web/js/app.js": b"// app",
    "vendor/pyodide/pyodide.asm.wasm": b"\0asm",
    "vendor/pyscript/core.js": b"// core",
    "vendor/pyscript/zip-T1gzVEcZ.js": b"// never fetched",
    "vendor/fake-indexeddb/index.js": b"// embeds only",
    "data/le_truc_policy.bin": b"policy",
    "web/sounds/card.wav": b"RIFF",
    "web/boot-check.html": b"<!doctype html>",
    "web/js/boot-check.js": b"// diagnose",
    ".nojekyll": b"",
}


def built(tmp_path, files):
    for rel, data in files.items():
        site.write(tmp_path / rel, data)
    site.write_service_worker(tmp_path)
    return built_service_worker(tmp_path)


def test_precaches_what_every_visit_needs_and_nothing_else(tmp_path):
    assert built(tmp_path, FILES)["precache"] == [
        "cardtable.zip", "index.html", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js", "web/js/app.js"]


def test_the_version_changes_with_any_files_bytes_and_only_then(tmp_path):
    first = built(tmp_path / "a", FILES)["version"]
    assert built(tmp_path / "b", FILES)["version"] == first
    assert built(tmp_path / "c", {**FILES, "data/le_truc_policy.bin": b"policy 2"})["version"] != first
    assert built(tmp_path / "d", {**FILES, "web/js/app.js": b"// app 2"})["version"] != first


def test_preload_is_told_the_games_and_the_chunks_a_boot_imports(tmp_path):
    """web/js/preload.js gets the games (a link to another name downloads no runtime)
    and PyScript's chunks, without the ones never fetched."""
    source = (ROOT / "web" / "js" / "preload.js").read_text(encoding="utf-8")
    site.write(tmp_path / "web/js/preload.js", source.encode())
    site.write(tmp_path / "games.json", b'{"ok": true, "games": [{"name": "le_truc", "levels": ["easy", "normal"], '
               b'"default_level": "normal"}, {"name": "toepen"}]}')
    site.write(tmp_path / "web/js/app.js", b'import { a } from "./a.js";\nimport "./page/b.js";\n')
    site.write(tmp_path / "web/js/a.js", b'export { b } from "./page/b.js";\nexport const a = 1;\n')
    site.write(tmp_path / "web/js/page/b.js", b'import {\n  c,\n} from "../c.js";\nexport const b = c; // import x from "./nowhere.js"\n')
    site.write(tmp_path / "web/js/c.js", b"export const c = 2;\n")
    for name in ("core.js", "core-C9KDLldu.js", "error-D2315lOB.js", "zip-T1gzVEcZ.js"):
        site.write(tmp_path / "vendor/pyscript" / name, b"//")
    site.write_preload_lists(tmp_path)
    filled = (tmp_path / "web/js/preload.js").read_text(encoding="utf-8")
    assert '  const GAMES = ["le_truc", "toepen"]; // written by build.py' in filled
    assert '  const PYSCRIPT_CHUNKS = ["core-C9KDLldu.js", "error-D2315lOB.js"]; // written by build.py' in filled
    # the levels a first table is fetched for, and app.js's modules (static imports, all levels deep)
    assert ('    const LEVELS = {"le_truc": {"levels": ["easy", "normal"], "first": "normal"}, '
            '"toepen": {"levels": [], "first": null}}; // written by build.py') in filled
    assert '  const APP_MODULES = ["a.js", "c.js", "page/b.js"]; // written by build.py' in filled
