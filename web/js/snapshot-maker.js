// A module worker that makes the memory snapshot of an interpreter with our package
// imported, and keeps it (snapshot-store.js). Started by snapshot-keeper.js once a
// first boot has succeeded and the page is idle; the game's own engine runs in
// another worker, so play goes on meanwhile. Posts {ok, bytes, stored, ms} or
// {ok: false, error}, then the page ends it.
//
// The snapshot holds what worker.py imports at its start (the bridge and what it
// imports); each game's rules and bots load as that game is asked for, which is
// quick once Python is up. Nothing here may keep a JavaScript object alive: the
// snapshot can refer to JavaScript only by global paths.

import { pyodideOptions } from "./pyodide-options.js";
import { saveSnapshot } from "./snapshot-store.js";
import { callsOf, useNavigatorHints } from "./worker-navigator.js";

// The page's navigator hints (its query), before Pyodide's module is evaluated: the
// interpreter is set up here as the engine's worker will set it up.
const hints = new URL(import.meta.url).search;
useNavigatorHints(hints);
const { loadPyodide } = await import("../../vendor/pyodide/pyodide.mjs");

const url = (path) => new URL(path, import.meta.url).href;

async function make() {
  const started = performance.now();
  const pyodide = await loadPyodide(pyodideOptions({ _makeSnapshot: true }));
  const response = await fetch(url("../../cardtable.zip"));
  if (!response.ok) throw new Error(`cardtable.zip: HTTP ${response.status}`);
  // Where PyScript's `files` unpacks it in the engine's worker (its working folder).
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
import cardtable.assets, cardtable.bridge
sys.path.remove("/home/pyodide")
`);
  const bytes = pyodide.makeMemorySnapshot();
  const stored = await saveSnapshot(bytes, callsOf(hints));
  return { ok: true, bytes: bytes.length, stored, ms: Math.round(performance.now() - started) };
}

make().then(postMessage, (e) => postMessage({ ok: false, error: String(e?.message ?? e) }));
