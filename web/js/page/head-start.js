// The head start: the table drawn, and the player's decision taken, before the
// engine is up (docs/runtime.md, "The head start"). A stand-in for the engine
// answers the page's requests from a record (a first table the build made with the
// engine, or the last table kept with a save: first-table.js) and keeps every
// request it has no answer for. When the engine is ready it hands over: the engine
// is asked again, in the same order, every request the record answered that
// changed the game (the new game, the bots' moves, the player's move) and each
// answer is checked against the one drawn; the requests kept are then sent in turn
// behind them. So a tap is never lost (kept until the engine can play it) and never
// played twice (the engine hears it once).

// Requests that ask without changing the game: they keep the record's place.
const ASKS = new Set(["hint", "advice", "showdown", "analyse", "games", "ping"]);
// Requests that start a game afresh: a difference before them no longer matters.
const STARTS = new Set(["new", "tutorial", "restore", "share"]);

// The same JSON value (key order aside): a request or an answer.
export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

// What a request is as JSON (undefined fields dropped), as the engine would read it.
const asJSON = (value) => JSON.parse(JSON.stringify(value));

// A request the engine was not there to answer, dropped because the game it was
// about is being replaced (the page lets it go quietly: play.js).
export function replaced() {
  const e = new Error("replaced by the engine's own game");
  e.kind = "replaced";
  return e;
}

// `booting`: a promise of the engine. `onDiffer({ record, request, recorded,
// answer })` is called when the engine answers a recorded request otherwise than the
// record did; it returns true when the requests kept after it still stand (the
// engine's answer drawn in its place), false when they are about a game the engine
// does not have (each is then rejected with kind "replaced"). `onAhead(record)`: the
// record's first answer is given (the table is drawn ahead of the engine).
// `onLive({ replaced, difference })`: the engine answers every request from now on.
export function headStart(booting, { onDiffer = () => false, onAhead = () => {}, onLive = () => {}, onFail = () => {} } = {}) {
  let record = null; // { kind, steps: [{request, answer}], at_decision: [...] }
  let next = 0; // the record's steps answered so far
  let done = false; // the record no longer applies: a move made, or a request it has no answer for
  let engine = null; // the engine, once it has taken over
  let failure = null;
  const journal = []; // what the engine must hear, in order: { request, recorded } or { request, resolve, reject }

  // The record's answer to `request` at this point, or null; `take` moves past it.
  function lookup(request, take) {
    if (!record || done || engine) return null;
    if (next < record.steps.length) {
      const step = record.steps[next];
      if (!same(request, step.request)) return null;
      if (take) next += 1;
      return step.answer;
    }
    const found = record.at_decision.find((a) => same(request, a.request));
    if (!found) return null;
    if (take && !ASKS.has(request.op) && found.answer.ok) done = true; // the move is made: the record ends here
    return found.answer;
  }

  async function handOver(real) {
    let difference = null;
    for (let i = 0; i < journal.length; i++) { // the journal grows while the engine answers
      const entry = journal[i];
      if (entry.recorded) {
        if (ASKS.has(entry.request.op) || difference) continue;
        const answer = await real.request(entry.request);
        if (same(answer, entry.recorded)) continue;
        difference = { record, request: entry.request, recorded: entry.recorded, answer };
        if (onDiffer(difference)) difference = null; // the engine's answer stands in for the record's
        continue;
      }
      if (difference && STARTS.has(entry.request.op)) difference = null; // another game: the old one is moot
      if (difference) {
        entry.reject(replaced());
        continue;
      }
      try {
        entry.resolve(await real.request(entry.request));
      } catch (e) {
        entry.reject(e);
      }
    }
    journal.length = 0;
    engine = real;
    onLive({ replaced: Boolean(difference), difference });
  }

  booting.then(handOver, (error) => {
    failure = error;
    for (const entry of journal.splice(0)) entry.reject?.(error);
    onFail(error);
  });

  return {
    // The record to answer from, given just before the request it begins with; too
    // late once the engine is up or the page has asked anything else.
    expect(given) {
      if (engine || journal.length || record || !given) return false;
      record = given;
      return true;
    },
    // Whether `request` would wait for the engine (the page marks a kept move so).
    waits(request) {
      return !engine && !lookup(asJSON(request), false);
    },
    // The engine is up and has taken over.
    get live() {
      return engine !== null;
    },
    request(request) {
      if (engine) return engine.request(request);
      if (failure) return Promise.reject(failure);
      const asked = asJSON(request);
      const answer = lookup(asked, true);
      if (answer) {
        if (!journal.length) onAhead(record);
        journal.push({ request: asked, recorded: answer });
        return Promise.resolve(structuredClone(answer)); // the page may change its copy (settle joins logs)
      }
      if (!ASKS.has(asked.op)) done = true; // the game moves on without the record
      return new Promise((resolve, reject) => journal.push({ request: asked, resolve, reject }));
    },
  };
}
