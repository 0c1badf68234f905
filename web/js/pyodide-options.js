// The options every loadPyodide of the site passes, in one place: the PyScript
// worker's (pyodide-progress.js, pyodide-memory-idb.js), the opaque origin's
// (plain-worker.js). Pyodide's files are in vendor/pyodide/ (PyScript would take
// the folder of the module that calls it), and no package lock file is fetched:
// we load no Pyodide packages, so Pyodide gets its lock file's `info` (which it
// checks against its ABI) and no packages, written here by build.py from the
// vendored pyodide-lock.json (docs/runtime.md, "What a boot downloads").

export const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;

const LOCK_INFO = null; // written by build.py

export function pyodideOptions(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  if (LOCK_INFO) {
    delete config.lockFileURL;
    config.lockFileContents = { info: LOCK_INFO, packages: {} };
  }
  return config;
}
