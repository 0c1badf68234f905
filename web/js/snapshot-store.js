// The memory snapshot kept on this device (docs/runtime.md, "An instant return"):
// an interpreter with our package imported, made in the browser after a first
// boot (snapshot-maker.js) and restored by the next boot (pyodide-progress.js).
//
// It lives in Cache Storage, gzipped, under one address per exact runtime and site
// version (SNAPSHOT_KEY, written by build.py: Pyodide's version and a hash of the
// wasm, its JavaScript, the standard library, cardtable.zip and worker.py). Pyodide's
// snapshot API is private, so every doubt means no snapshot: a missing entry,
// another key, a body that does not gunzip, a length or SHA-256 that is not the one
// stored with it (a restore copies the bytes into the interpreter's memory as they
// are, so a changed byte would be a broken interpreter), or more than Pyodide can restore (pyodide#6254: the heap is 30 MiB when
// the module is made, and the restore copies the snapshot into it unchecked). A bad
// entry is deleted, so it is tried once.

const SNAPSHOT_KEY = ""; // written by build.py
// The largest heap Pyodide 314 restores (pyodide#6254): the one it starts with.
export const MAX_HEAP = 31457280;

// A snapshot is a header (magic number, where the heap starts, Pyodide's build id,
// its table of JavaScript references) and then the interpreter's heap.
function heapBytes(bytes) {
  const start = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (!(start > 0 && start < bytes.length)) throw new Error("not a Pyodide snapshot");
  return bytes.length - start;
}
const SITE = new URL("../../", import.meta.url).href;
// Not the service worker's `cardtable:<site>:<version>` caches, which it replaces
// whole with each build: this one holds a single entry it keeps current itself.
const CACHE = `cardtable-snapshot:${SITE}`;
// One entry per way of calling Python (worker-navigator.js callsOf): an interpreter
// set up for one trampoline is no use to a worker that takes the other.
const entry = (calls) => new URL(`snapshot/${SNAPSHOT_KEY}-${calls}`, SITE).href;

// Cache Storage, and the streams that gzip a snapshot and gunzip it (Safari before
// 16.4 has neither: it would make a 30 MB snapshot on every first visit and then
// could not keep it); in an opaque origin even reading `caches` throws.
export function snapshotsPossible() {
  try {
    return Boolean(SNAPSHOT_KEY) && typeof caches !== "undefined"
      && typeof CompressionStream === "function" && typeof DecompressionStream === "function";
  } catch {
    return false;
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function cache() {
  return caches.open(CACHE); // throws where storage is refused
}

// The kept snapshot for this exact runtime and site: {kept: null, why} when there is
// none, else {kept: {gzipped, bytes, sha256}}: a promise of its gzipped body (read
// from the cache as it is, quick and off the page's thread) and what its headers
// say it holds. The engine's worker checks it (checkSnapshot).
export async function findSnapshot(calls) {
  if (!snapshotsPossible()) return { kept: null, why: "no snapshot in this build or browser" };
  let store;
  try {
    store = await cache();
  } catch (e) {
    return { kept: null, why: `no storage: ${e?.message ?? e}` };
  }
  const response = await store.match(entry(calls));
  if (!response) return { kept: null, why: "none kept yet" };
  const gzipped = response.arrayBuffer();
  gzipped.catch(() => {}); // the worker awaits it, or not at all
  return { kept: { gzipped, calls, bytes: response.headers.get("x-snapshot-bytes"),
    sha256: response.headers.get("x-snapshot-sha256") } };
}

// The snapshot's bytes from what findSnapshot found, checked: it gunzips, to the
// length and SHA-256 its headers give, with a heap Pyodide can restore; otherwise
// the entry is deleted (so it is tried once) and the promise rejects saying why.
export async function checkSnapshot({ gzipped, calls, bytes: size, sha256: hash }) {
  try {
    const expected = Number(size);
    if (!(expected > 0)) throw new Error(`a size of ${size} bytes`);
    const stream = new Blob([await gzipped]).stream().pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    if (bytes.length !== expected) throw new Error(`${bytes.length} bytes, ${expected} expected`);
    if (await sha256(bytes) !== hash) throw new Error("its SHA-256 differs");
    if (heapBytes(bytes) > MAX_HEAP) throw new Error(`a heap of ${heapBytes(bytes)} bytes`);
    return bytes;
  } catch (e) {
    await forgetSnapshot(calls);
    throw new Error(`the kept one was unreadable (${e?.message ?? e}), deleted`);
  }
}

export async function hasSnapshot(calls) {
  try {
    return Boolean(snapshotsPossible() && await (await cache()).match(entry(calls)));
  } catch {
    return false;
  }
}

// Keeps `bytes` as this version's snapshot and deletes any other version's.
export async function saveSnapshot(bytes, calls) {
  if (heapBytes(bytes) > MAX_HEAP) throw new Error(`a heap of ${heapBytes(bytes)} bytes: more than Pyodide restores`);
  const gzipped = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const store = await cache();
  for (const request of await store.keys()) {
    if (request.url !== entry(calls)) await store.delete(request);
  }
  await store.put(entry(calls), new Response(gzipped, {
    headers: {
      "content-type": "application/octet-stream",
      "x-snapshot-bytes": String(bytes.length),
      "x-snapshot-sha256": await sha256(bytes),
    },
  }));
  return gzipped.size;
}

export async function forgetSnapshot(calls) {
  try {
    await (await cache()).delete(entry(calls));
  } catch { /* nothing kept, nothing to forget */ }
}
