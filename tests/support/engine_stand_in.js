// Served by the tests in place of web/js/python-worker.js (tests/support/engine.py):
// the same startEngine, whose requests go to a cardtable.bridge.Bridge in the
// test's own CPython instead of Pyodide in a worker. Each start opens a Bridge of
// its own, as each real start boots a worker of its own. Never part of the site.

const DATA = new URL("../../data/", import.meta.url).href; // as python-worker.js tells it

export async function startEngine({ onStage = () => {} } = {}) {
  onStage("runtime");
  const id = await globalThis.cardtableBridgeOpen();
  onStage("python");
  const engine = {
    booted: "bridge", // <html data-boot>: a test sees which engine it had
    async request(obj) {
      const answer = JSON.parse(await globalThis.cardtableBridgeHandle(id, JSON.stringify(obj)));
      if (answer.ok && answer.model) globalThis.cardtableLastModel = answer.model; // what a test compares the page with
      return answer;
    },
  };
  const told = await engine.request({ op: "assets", base: DATA });
  if (!told.ok) throw new Error(`the game engine refused its data address: ${told.error}`);
  onStage("ready");
  return engine;
}
