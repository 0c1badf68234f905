// The Python engine in our own worker, without PyScript: for a page with an opaque
// origin (an embed in WordPress's iframe, sandbox="allow-scripts" without
// allow-same-origin: there Chromium refuses a worker from our URL, and PyScript's
// worker, a module worker from a blob: URL, fails to start), and for a return that
// boots from the memory snapshot kept on this device (PyScript's own start was more
// than half of such a boot). A classic worker from a blob: URL imports this module.
// It runs the same web/worker.py as the PyScript worker, with Pyodide loaded
// directly, and tells the page the same messages (python-worker.js).
//
// Its start (python-worker.js) has applied the page's navigator hints
// (worker-navigator.js) before importing it.
//
// Messages: the page posts {snapshot: true|false, why, calls} first, and where true, later
// {snapshotGzipped, why} (the kept entry as read from the cache, checked here, or
// null and why not); then {id, json}, which the worker answers with {id, json} or
// {id, error}.

import { loadFromSnapshot } from "./pyodide-progress.js";
import { checkSnapshot } from "./snapshot-store.js";

const url = (path) => new URL(path, import.meta.url).href;

async function download(address) {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`could not fetch ${address} (HTTP ${response.status})`);
  return response;
}

// What the page tells of the snapshot: {bytes} (a promise of them, which Pyodide
// awaits only when it restores the heap) or {bytes: null, why}.
const told = new Promise((resolve) => {
  let settle;
  const bytes = new Promise((ok, refuse) => { settle = { ok, refuse }; });
  bytes.catch(() => {}); // Pyodide awaits it, or the fallback says why
  addEventListener("message", ({ data }) => {
    if (data?.snapshot === false) resolve({ bytes: null, why: data.why, calls: data.calls });
    if (data?.snapshot === true) resolve({ bytes, calls: data.calls });
    if (data && "snapshotGzipped" in data) {
      if (data.snapshotGzipped) checkSnapshot(data.snapshotGzipped).then(settle.ok, settle.refuse);
      else settle.refuse(new Error(data.why));
    }
  });
});

async function boot() {
  const { bytes, why, calls } = await told;
  const pyodide = await loadFromSnapshot(bytes, why, calls);
  const [zip, source] = await Promise.all([
    download(url("../../cardtable.zip")).then((r) => r.arrayBuffer()),
    download(url("../worker.py")).then((r) => r.text()),
  ]);
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  // worker.py talks to the page through PyScript's xworker: here, our postMessage.
  pyodide.registerJsModule("polyscript", { xworker: { postMessage: (message) => postMessage(message) } });
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  pyodide.runPython(source);
  return pyodide.globals.get("handle");
}

const handle = boot(); // (pyodide-progress.js counts the downloads for the loading bar)
handle.catch((e) => postMessage(`cardtable:failed\n${e?.message ?? e}`));

addEventListener("message", async ({ data }) => {
  if (!data || typeof data.id !== "number") return;
  try {
    postMessage({ id: data.id, json: (await handle)(data.json) });
  } catch (e) {
    postMessage({ id: data.id, error: e?.message ?? String(e) });
  }
});
