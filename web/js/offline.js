// Registers the service worker (sw.js at the site's root, docs/runtime.md) so that
// later visits start from its cache and play with the network off.
//
// Called once the game is ready, never before: the first visit's boot already
// downloads ~14 MB, and the worker's install then finds those files in the HTTP
// cache instead of competing with the boot for them.

import { keepSnapshotWhenIdle } from "./snapshot-keeper.js";

let asked = false;

export function keepForOffline() {
  if (asked || !("serviceWorker" in navigator)) return;
  asked = true;
  // Refused in some places (a cross-site iframe without storage, private modes):
  // the game plays on as before, only not offline. In a sandboxed iframe without
  // allow-same-origin (WordPress's embed) even reading navigator.serviceWorker throws.
  try {
    navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url)).catch(() => {});
    // Where the worker takes over, the next visit also boots from a memory snapshot.
    navigator.serviceWorker.ready.then(() => keepSnapshotWhenIdle()).catch(() => {});
  } catch { /* no service worker here */ }
}
