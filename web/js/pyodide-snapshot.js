// EXPERIMENT (not the default; docs/runtime.md "Memory snapshot"): Pyodide for the
// PyScript worker, restored from a memory snapshot of an interpreter that has
// cardtable imported already (made by bench/make_snapshot.mjs into data/).
// python-worker.js names this module as the Pyodide "version" only when asked to
// (startEngine({ snapshot })). The snapshot API is private to Pyodide, so any
// doubt means a normal boot: a missing, truncated or unreadable snapshot, another
// Pyodide version, another cardtable.zip, or a restore that throws (Pyodide itself
// refuses a snapshot of another build of its wasm).
//
// The module's own query picks the file: ?snapshot=raw fetches snapshot.bin,
// anything else snapshot.bin.gz, gunzipped here (static hosts such as GitHub
// Pages do not compress binary files themselves).

import { loadPyodide as load, version } from "../../vendor/pyodide/pyodide.mjs";

// PyScript sets indexURL to this module's folder; Pyodide's files are in vendor/.
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const DATA = new URL("../../data/", import.meta.url);
const PACKAGE_ZIP = new URL("../../cardtable.zip", import.meta.url);
const RAW = new URL(import.meta.url).searchParams.get("snapshot") === "raw";

// Started as the worker imports this module, before PyScript opens its cache.
let snapshot = fetchSnapshot().catch((e) => {
  console.warn(`memory snapshot not used: ${e?.message ?? e}`);
  return null;
});

async function get(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function fetchSnapshot() {
  const [meta, zip, body] = await Promise.all([
    get(new URL("snapshot.json", DATA)).then((r) => r.json()),
    get(PACKAGE_ZIP).then((r) => r.arrayBuffer()),
    get(new URL(RAW ? "snapshot.bin" : "snapshot.bin.gz", DATA)),
  ]);
  if (meta.pyodide !== version) throw new Error(`made for Pyodide ${meta.pyodide}, this is ${version}`);
  // The snapshot holds cardtable's modules already imported: they must be this site's.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", zip));
  const zipHash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (meta.cardtable_zip_sha256 !== zipHash) throw new Error("made from another cardtable.zip");
  const stream = RAW ? body.body : body.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  if (bytes.length !== meta.bytes) throw new Error(`${bytes.length} bytes, expected ${meta.bytes}`);
  return bytes;
}

export { version };
export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const bytes = await snapshot;
  snapshot = null; // 31 MB: not kept once copied into the interpreter's memory
  if (bytes) {
    let pyodide = null;
    try {
      pyodide = await load({ ...config, _loadSnapshot: bytes });
    } catch (e) {
      console.warn(`memory snapshot refused, booting normally: ${e?.message ?? e}`);
    }
    if (pyodide) {
      try {
        delete pyodide._api.config._loadSnapshot; // Pyodide keeps its options
      } catch {} // only memory
      console.info("cardtable: booted from the memory snapshot"); // for the bench and tests
      return pyodide;
    }
  }
  console.info("cardtable: booted without the memory snapshot");
  return load(config);
}
