// Served by the tests in place of web/js/python-worker.js (tests/support/engine.py):
// the same startEngine, whose requests go to a cardtable.bridge.Bridge in the
// test's own CPython instead of Pyodide in a worker, over HTTP to the server that
// served this file. Each start opens a Bridge of its own, as each real start boots
// a worker of its own. Never part of the site.

const DATA = new URL("../../data/", import.meta.url).href; // as python-worker.js tells it
const BRIDGE = new URL("../../__bridge/", import.meta.url).href;

async function post(name, body) {
  const answer = await fetch(BRIDGE + name, { method: "POST", body }); // (text/plain: no preflight in a sandbox)
  if (!answer.ok) throw new Error(`the test's bridge answered ${answer.status}`);
  return answer.text();
}

export async function startEngine({ onStage = () => {} } = {}) {
  onStage("runtime");
  const id = await post("open", "");
  onStage("python");
  let before = Promise.resolve(); // the request asked last: a worker answers one at a time, in order
  const engine = {
    booted: "bridge", // <html data-boot>: a test sees which engine it had
    async request(obj) {
      const asked = before.then(() => post(id, JSON.stringify(obj)));
      before = asked.catch(() => {});
      const answer = JSON.parse(await asked);
      if (answer.ok && answer.model) globalThis.cardtableLastModel = answer.model; // what a test compares the page with
      return answer;
    },
  };
  const told = await engine.request({ op: "assets", base: DATA });
  if (!told.ok) throw new Error(`the game engine refused its data address: ${told.error}`);
  onStage("ready");
  return engine;
}
