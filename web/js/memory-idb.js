// PyScript opens IndexedDB while it boots, on the page (core.js) and in its worker
// (Pyodide's package cache), and the boot dies when the browser refuses it: Chromium
// does in a cross-site iframe (a game embedded in a blog) when third-party storage
// is blocked. There an in-memory IndexedDB (npm fake-indexeddb, vendored by
// build.py) takes its place; PyScript only keeps caches in it, so nothing is lost.

const FAKE_IDB = new URL("../../vendor/fake-indexeddb/index.js", import.meta.url).href;
const PROBE = "cardtable-probe";

// True when indexedDB.open succeeds here (false when refused, missing or silent).
export function indexedDBWorks(timeoutMs = 3000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const done = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    try {
      const request = indexedDB.open(PROBE);
      request.onsuccess = () => {
        request.result.close();
        indexedDB.deleteDatabase(PROBE);
        done(true);
      };
      request.onerror = (event) => {
        event.preventDefault(); // expected: no "uncaught" report
        done(false);
      };
    } catch {
      done(false); // no indexedDB at all, or a SecurityError thrown at once
    }
  });
}

// Put the in-memory IndexedDB on globalThis (page or worker), where PyScript looks.
export async function installMemoryIndexedDB() {
  let fake;
  try {
    fake = await import(FAKE_IDB);
  } catch (e) {
    throw new Error(`could not load ${FAKE_IDB}: ${e?.message ?? e}`);
  }
  for (const name of ["indexedDB", "IDBFactory", "IDBKeyRange", "IDBDatabase", "IDBTransaction",
    "IDBRequest", "IDBOpenDBRequest", "IDBObjectStore", "IDBIndex", "IDBCursor",
    "IDBCursorWithValue", "IDBVersionChangeEvent"]) {
    // indexedDB is a read-only accessor: define, not assign (as fake-indexeddb/auto does)
    Object.defineProperty(globalThis, name, { value: fake[name], configurable: true, writable: true });
  }
}

// The real IndexedDB if it works, else the in-memory one; true when it had to fall back.
export async function ensureIndexedDB() {
  if (await indexedDBWorks()) return false;
  await installMemoryIndexedDB();
  return true;
}
