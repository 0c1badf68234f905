// After a first boot, when the page is idle, makes and keeps the memory snapshot
// the next visit boots from (docs/runtime.md, "An instant return").
//
// Only where the service worker controls the page: the return visit then has the
// runtime's files on the device too, and the places that refuse a service worker
// (a cross-site iframe without storage, WordPress's sandbox, private modes) are the
// places without lasting storage. Never twice for one version: a page that finds
// one kept (it booted from it) makes none.

import { hasSnapshot, snapshotsPossible } from "./snapshot-store.js";
import { callsOf, navigatorHints } from "./worker-navigator.js";

const IDLE_MS = 1500; // after the table is playable: the first moves come first
const GIVE_UP_MS = 120_000; // a maker that neither finishes nor fails

let started = false;

export function keepSnapshotWhenIdle() {
  if (started || !snapshotsPossible()) return;
  started = true;
  setTimeout(() => {
    const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
    idle(() => makeUnlessKept().catch((e) => console.info(`cardtable: no memory snapshot kept (${e?.message ?? e})`)));
  }, IDLE_MS);
}

async function makeUnlessKept() {
  const hints = navigatorHints(); // (as the engine's worker gets them: the snapshot is for it)
  if (await hasSnapshot(callsOf(hints))) return;
  const maker = new Worker(new URL(`./snapshot-maker.js?${hints}`, import.meta.url), { type: "module" });
  const answer = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: "it took too long" }), GIVE_UP_MS);
    maker.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    maker.onerror = (event) => { clearTimeout(timer); resolve({ ok: false, error: event.message || "the maker failed" }); };
  });
  maker.terminate();
  if (!answer.ok) throw new Error(answer.error);
  console.info(`cardtable: memory snapshot kept (${answer.bytes} bytes, ${answer.stored} gzipped, ${answer.ms} ms)`);
}
