// Pyodide with its downloads counted for the loading bar (fetch-progress.js), for
// the engine's workers: PyScript's (python-worker.js names this module as its
// Pyodide "version", with the page's navigator hints as its query: the worker
// imports it before Pyodide fetches anything) and our own (plain-worker.js, whose
// start applies the hints), which may restore the memory snapshot the page read
// (snapshot-store.js; docs/runtime.md, "An instant return").

import { countDownloads } from "./fetch-progress.js";
import { pyodideOptions } from "./pyodide-options.js";
import { forgetSnapshot } from "./snapshot-store.js";
import { useNavigatorHints } from "./worker-navigator.js";

// Before Pyodide's module is evaluated: it tells iOS as it loads (worker-navigator.js).
useNavigatorHints(new URL(import.meta.url).search);
const { loadPyodide: load, version } = await import("../../vendor/pyodide/pyodide.mjs");

countDownloads();

export { version };
export const loadPyodide = (options = {}) => load(pyodideOptions(options));

// Pyodide restored from `bytes` (a promise of the snapshot's checked bytes, which
// Pyodide awaits only when it restores the heap, so reading it overlaps its own
// start), or, where there is none or it fails (the entry then deleted, so it is
// tried once), a normal start; either way the console says which, and why.
export async function loadFromSnapshot(bytes, why = "none kept", calls = "wasm") {
  if (bytes) {
    try {
      const pyodide = await load(pyodideOptions({ _loadSnapshot: bytes }));
      try {
        delete pyodide._api.config._loadSnapshot; // Pyodide keeps its options: 30 MB
      } catch { /* only memory */ }
      console.info("cardtable: booted from the memory snapshot"); // for the tests and the bench
      postMessage("cardtable:snapshot"); // for the page (python-worker.js: engine.booted)
      return pyodide;
    } catch (e) {
      await forgetSnapshot(calls); // unreadable, or Pyodide refused it: never again
      why = e?.message?.startsWith("the kept one") ? e.message
        : `Pyodide refused the kept one (${e?.message ?? e}), deleted`;
    }
  }
  console.info(`cardtable: booted without the memory snapshot: ${why}`);
  return load(pyodideOptions());
}
