// The Python engine in a plain worker, for a page with an opaque origin: an embed in
// WordPress's iframe (sandbox="allow-scripts", no allow-same-origin). There Chromium
// refuses a worker from our URL, and PyScript's worker (a module worker from a blob:
// URL) fails to start; a classic worker from a blob: URL starts, and it imports this
// module. It runs the same web/worker.py as the PyScript worker, with Pyodide
// loaded directly, and tells the page the same messages (python-worker.js).
//
// Messages: the page posts {id, json}; the worker answers {id, json} or {id, error}.

import { countDownloads } from "./fetch-progress.js";
import { pyodideOptions } from "./pyodide-options.js";
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

const url = (path) => new URL(path, import.meta.url).href;

async function download(address) {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`could not fetch ${address} (HTTP ${response.status})`);
  return response;
}

async function boot() {
  const pyodide = await loadPyodide(pyodideOptions());
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

countDownloads(); // the loading bar (fetch-progress.js)
const handle = boot();
handle.catch((e) => postMessage(`cardtable:failed\n${e?.message ?? e}`));

addEventListener("message", async ({ data }) => {
  if (!data || typeof data.id !== "number") return;
  try {
    postMessage({ id: data.id, json: (await handle)(data.json) });
  } catch (e) {
    postMessage({ id: data.id, error: e?.message ?? String(e) });
  }
});
