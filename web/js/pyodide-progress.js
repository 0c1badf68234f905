// Pyodide for the PyScript worker, with its downloads counted for the loading bar
// (fetch-progress.js). python-worker.js names this module as the Pyodide "version" of a
// normal boot: the worker imports it before Pyodide fetches anything.

import { countDownloads } from "./fetch-progress.js";
import { pyodideOptions } from "./pyodide-options.js";
import { loadPyodide as load, version } from "../../vendor/pyodide/pyodide.mjs";

countDownloads();

export { version };
export const loadPyodide = (options = {}) => load(pyodideOptions(options));
