// Makes a Pyodide memory snapshot of an interpreter with cardtable already imported
// (a private Pyodide API, see docs/runtime.md "Memory snapshot"), in Node.
//
//   node bench/make_snapshot.mjs <dist> <out.bin>
//
// Writes <out.bin> (the wasm heap plus Pyodide's table of JS references) and
// <out>.json beside it: the Pyodide version and build id the snapshot needs and the
// hash of the cardtable.zip it imported, which web/js/pyodide-snapshot.js checks
// before using it (a stale snapshot would run old game code).
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, out] = process.argv.slice(2);
if (!dist || !out) throw new Error("usage: node bench/make_snapshot.mjs <dist> <out.bin>");
const indexURL = path.resolve(dist, "vendor/pyodide") + "/";
const pyodideMjs = path.join(indexURL, "pyodide.mjs");
const { loadPyodide, version } = await import(pathToFileURL(pyodideMjs).href);

const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
// The same place PyScript's `files` unpacks cardtable.zip in the page (its cwd).
const zip = await readFile(path.join(dist, "cardtable.zip"));
pyodide.unpackArchive(new Uint8Array(zip), "zip", { extractDir: "/home/pyodide" });
// Everything a first game may import (the games and bots load lazily by name), so
// the restored interpreter imports nothing from the zip. Nothing may keep a JS
// object alive: the snapshot can only refer to JS globals by path.
const imported = pyodide.runPython(`
import sys, importlib, pkgutil
sys.path.insert(0, "/home/pyodide")
import cardtable.bridge, cardtable.games, cardtable.bots
for package in (cardtable.games, cardtable.bots):
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")
sys.path.remove("/home/pyodide")
len([m for m in sys.modules if m.startswith("cardtable")])
`);
const snapshot = pyodide.makeMemorySnapshot();
const buildId = pyodide._api.config.BUILD_ID;
await writeFile(out, snapshot);
await writeFile(out.replace(/\.bin$/, "") + ".json",
  JSON.stringify({ pyodide: version, build_id: buildId, bytes: snapshot.length,
    cardtable_zip_sha256: createHash("sha256").update(zip).digest("hex") }) + "\n");
console.log(JSON.stringify({ out, bytes: snapshot.length, modules: imported, pyodide: version, build_id: buildId }));
