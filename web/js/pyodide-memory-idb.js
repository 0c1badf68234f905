// Pyodide for a PyScript worker that may not use IndexedDB (see memory-idb.js).
// python-worker.js names this module as the Pyodide "version" when the page found
// IndexedDB refused: the worker imports it before PyScript opens its cache there,
// and the worker shares the page's storage rights, so it falls back too.

import { installMemoryIndexedDB } from "./memory-idb.js";
import { countDownloads } from "./fetch-progress.js";
import { pyodideOptions } from "./pyodide-options.js";
import { useNavigatorHints } from "./worker-navigator.js";

// Before Pyodide's module is evaluated (worker-navigator.js): the page's hints, the query.
useNavigatorHints(new URL(import.meta.url).search);
const { loadPyodide: load, version } = await import("../../vendor/pyodide/pyodide.mjs");

countDownloads(); // the loading bar (fetch-progress.js)
await installMemoryIndexedDB();

export { version };
export const loadPyodide = (options = {}) => load(pyodideOptions(options));
