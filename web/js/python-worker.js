// Boots the Python engine (cardtable) in a PyScript worker from our own vendored
// files and gives the page one call: request(obj) -> obj, JSON through
// cardtable.bridge.handle. docs/runtime.md explains the choices.
//
//   const engine = await startEngine({ onStage: (name) => ... });
//   const answer = await engine.request({ op: "ping" });
//
// Stages: "runtime" (download/boot started), "python" (interpreter up, importing
// cardtable), "ready". The engine says how it booted (`booted`): "pyscript",
// "plain" (our own worker: an opaque origin) or "snapshot" (our own worker, from the
// memory snapshot kept on this device). onProgress(done, total) follows the worker's downloads in
// bytes where they are known (a normal boot: pyodide-progress.js counts them; the
// total is the files' sizes, written by build.py); without it, the stages alone.
// Every boot failure rejects with an Error whose message is fit to show the player.

import { ensureIndexedDB } from "./memory-idb.js";
import { findSnapshot } from "./snapshot-store.js";
import { callsOf, navigatorHints } from "./worker-navigator.js";

// All URLs relative to this file, so the site works at / and under /<repo>/.
const url = (path) => new URL(path, import.meta.url).href;

const PYSCRIPT = url("../../vendor/pyscript/core.js");
const PYODIDE_PROGRESS = url("./pyodide-progress.js"); // Pyodide, its downloads counted
const PYODIDE_MEMORY_IDB = url("./pyodide-memory-idb.js"); // where IndexedDB is refused
const PACKAGE_ZIP = url("../../cardtable.zip");
const DATA = url("../../data/"); // large package data, fetched by Python only when needed
const WORKER_PY = url("../worker.py");
// Where the page's origin is opaque (WordPress's sandboxed embed): our own worker.
const PLAIN_WORKER = url("./plain-worker.js");
const NAVIGATOR = url("./worker-navigator.js");

// Fetched inside the worker, where a missing file makes Pyodide hang instead of
// failing: checked up front (in parallel with the boot) to fail fast and clearly.
const RUNTIME_FILES = [
  url("../../vendor/pyodide/pyodide.asm.wasm"),
  url("../../vendor/pyodide/python_stdlib.zip"),
  PACKAGE_ZIP,
  WORKER_PY,
];

// The bytes the worker downloads in a normal boot (the files of RUNTIME_FILES);
// 0 where unknown (an unbuilt tree), then the bar follows the stages alone.
const RUNTIME_BYTES = 0; // written by build.py

export async function startEngine({ onStage = () => {}, onProgress = () => {}, timeoutSeconds = 300 } = {}) {
  const failed = deferred();
  const timer = setTimeout(
    () => failed.reject(new Error(`the game engine did not start within ${timeoutSeconds} s`)),
    timeoutSeconds * 1000,
  );
  const guard = (promise) => Promise.race([promise, failed.promise]);
  const downloaded = (bytes) => RUNTIME_BYTES && onProgress(Math.min(bytes, RUNTIME_BYTES), RUNTIME_BYTES);
  try {
    onStage("runtime");
    checkFiles(RUNTIME_FILES).catch(failed.reject);
    // A return with the memory snapshot kept on this device boots in our own worker
    // (PyScript's start was more than half of it); so does an opaque origin, where
    // PyScript's worker cannot start. The page reads the snapshot meanwhile.
    // What Pyodide reads of the navigator, the page's own in every worker.
    const hints = navigatorHints();
    const found = opaqueOrigin() ? { kept: null, why: "an opaque origin keeps nothing" }
      : await findSnapshot(callsOf(hints)).catch((e) => ({ kept: null, why: String(e?.message ?? e) }));
    if (found.kept || opaqueOrigin()) {
      const engine = await guard(startPlainWorker({ onStage, downloaded, failed, snapshot: found, hints }));
      const told = await guard(engine.request({ op: "assets", base: DATA }));
      if (!told.ok) throw new Error(`the game engine refused its data address: ${told.error}`);
      onStage("ready");
      return engine;
    }
    console.info(`cardtable: booted without the memory snapshot: ${found.why}`); // (PyScript's worker)
    // Before PyScript loads: core.js opens IndexedDB as it is imported.
    const memoryIDB = await guard(ensureIndexedDB());
    const core = await guard(
      import(PYSCRIPT).catch((e) => {
        throw new Error(`could not load the game engine from ${PYSCRIPT}: ${e?.message ?? e}`);
      }),
    );
    // PyWorker needs PyScript's hooks, which exist only once its plugins have
    // loaded, and <py-script> is defined right then. (core.whenDefined("py") is
    // something else: it waits for a main-thread interpreter we never start.)
    await guard(customElements.whenDefined("py-script"));

    const loaded = deferred();
    const watch = (_wrap, xworker) => watchBoot(xworker, { onStage, downloaded, loaded, failed },
      (data) => data instanceof Error && failed.reject(data));
    core.hooks.main.onWorker.add(watch);
    let worker;
    try {
      worker = await guard(
        core.PyWorker(WORKER_PY, {
          // without a version the worker fetches Pyodide from a CDN
          version: `${memoryIDB ? PYODIDE_MEMORY_IDB : PYODIDE_PROGRESS}${hints ? `?${hints}` : ""}`,
          config: {
            files: { [PACKAGE_ZIP]: "./*" }, // absolute: the worker's base URL is a blob:
            sync_main_only: true, // no SharedArrayBuffer: works without COOP/COEP headers
          },
        }),
      );
    } finally {
      core.hooks.main.onWorker.delete(watch);
    }
    await guard(loaded.promise);
    const engine = {
      booted: "pyscript",
      async request(obj) {
        return JSON.parse(await worker.sync.handle(JSON.stringify(obj)));
      },
    };
    const told = await guard(engine.request({ op: "assets", base: DATA }));
    if (!told.ok) throw new Error(`the game engine refused its data address: ${told.error}`);
    onStage("ready");
    return engine;
  } catch (e) {
    throw e instanceof Error ? e : new Error(String(e));
  } finally {
    clearTimeout(timer);
  }
}

// A sandboxed iframe without allow-same-origin (WordPress's embed) has the origin "null".
const opaqueOrigin = () => globalThis.origin === "null";

// There Chromium refuses new Worker(<our URL>) and PyScript's worker (a module worker
// from a blob: URL) never starts; a classic worker from a blob: URL does, and it
// imports plain-worker.js, which runs worker.py with Pyodide directly. Pyodide
// refuses a classic worker, which it recognises by importScripts: hidden, so it
// loads its own files with import(), which a classic worker also has.
async function startPlainWorker({ onStage, downloaded, failed, snapshot, hints }) {
  // (A classic worker's messages are dispatched once this script has run, before the
  // import has: those that come first are kept and dispatched again once it has.)
  const code = `Object.defineProperty(self, "importScripts", { value: undefined });
const early = [], keep = (e) => early.push(e.data);
addEventListener("message", keep);
import(${JSON.stringify(NAVIGATOR)}).then((m) => m.useNavigatorHints(${JSON.stringify(hints)}))
  .then(() => import(${JSON.stringify(PLAIN_WORKER)})).then(() => {
  removeEventListener("message", keep);
  for (const data of early) dispatchEvent(new MessageEvent("message", { data }));
}, (e) => postMessage("cardtable:failed\\n" + e.message));`;
  const source = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const worker = new Worker(source);
  // The snapshot's gzipped bytes go to the worker as they are read from the cache:
  // it checks them there, off the page's thread.
  const { kept, why } = snapshot;
  worker.postMessage({ snapshot: Boolean(kept), why, calls: callsOf(hints) });
  kept?.gzipped.then(
    (gzipped) => worker.postMessage({ snapshotGzipped: { ...kept, gzipped } }, [gzipped]),
    (e) => worker.postMessage({ snapshotGzipped: null, why: `the kept one could not be read (${e?.message ?? e})` }),
  );
  const loaded = deferred();
  const waiting = new Map();
  let next = 0;
  let booted = "plain";
  watchBoot(worker, { onStage, downloaded, loaded, failed }, (data) => {
    if (data === "cardtable:snapshot") booted = "snapshot";
    if (typeof data?.id !== "number") return;
    const { resolve, reject } = waiting.get(data.id);
    waiting.delete(data.id);
    if ("error" in data) reject(new Error(data.error));
    else resolve(JSON.parse(data.json));
  });
  await loaded.promise;
  return {
    booted, // "plain", or "snapshot" where it restored the one kept
    request(obj) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, json: JSON.stringify(obj) });
      });
    },
  };
}

// The boot's messages, the same from either worker (worker.py and plain-worker.js
// post them): its stages, its downloaded bytes, loaded or failed; anything else
// goes to `other`. A crash of the worker fails the boot too.
function watchBoot(worker, { onStage, downloaded, loaded, failed }, other) {
  worker.addEventListener("message", ({ data }) => {
    if (data === "cardtable:python") onStage("python");
    else if (typeof data === "string" && data.startsWith("cardtable:bytes\n")) downloaded(Number(data.slice(16)));
    else if (data === "cardtable:loaded") loaded.resolve();
    else if (typeof data === "string" && data.startsWith("cardtable:failed\n"))
      failed.reject(new Error(`the game engine failed to load:\n${data.slice(17)}`));
    else other(data);
  });
  worker.addEventListener("error", (event) => {
    failed.reject(new Error(`the game engine stopped: ${event.message || "unknown error"}`));
  });
}

async function checkFiles(urls) {
  await Promise.all(
    urls.map(async (u) => {
      let response;
      try {
        response = await fetch(u, { method: "HEAD", cache: "no-cache" });
      } catch (e) {
        throw new Error(`could not reach ${u}: ${e?.message ?? e}`);
      }
      if (!response.ok) throw new Error(`a file the game needs is missing: ${u} (HTTP ${response.status})`);
    }),
  );
}

function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => {}); // rejections are observed through guard()
  return { promise, resolve, reject };
}
