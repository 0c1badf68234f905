// Pyodide for the PyScript worker, with its downloads counted for the loading bar
// (fetch-progress.js), restored from the memory snapshot kept on this device when
// there is one (snapshot-store.js; docs/runtime.md, "An instant return").
// python-worker.js names this module as the Pyodide "version" of a normal boot:
// the worker imports it before Pyodide fetches anything.

import { countDownloads } from "./fetch-progress.js";
import { pyodideOptions } from "./pyodide-options.js";
import { findSnapshot, forgetSnapshot } from "./snapshot-store.js";
import { loadPyodide as load, version } from "../../vendor/pyodide/pyodide.mjs";

countDownloads();

// Looked for while PyScript is still starting.
const kept = findSnapshot().catch((e) => ({ bytes: null, why: String(e?.message ?? e) }));

export { version };
export async function loadPyodide(options = {}) {
  let { bytes, why } = await kept;
  if (bytes) {
    try {
      const pyodide = await load(pyodideOptions({ ...options, _loadSnapshot: bytes }));
      try {
        delete pyodide._api.config._loadSnapshot; // Pyodide keeps its options: 30 MB
      } catch { /* only memory */ }
      console.info("cardtable: booted from the memory snapshot"); // for the tests and the bench
      return pyodide;
    } catch (e) {
      await forgetSnapshot(); // unreadable, or Pyodide refused it: never again
      why = e?.message?.startsWith("the kept one") ? e.message
        : `Pyodide refused the kept one (${e?.message ?? e}), deleted`;
    }
  }
  console.info(`cardtable: booted without the memory snapshot: ${why}`);
  return load(pyodideOptions(options));
}
