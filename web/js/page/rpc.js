// The one line to the engine (web/js/python-worker.js, Python in a worker): a request
// out, its answer back, an engine error as a thrown Error with its kind. Until the
// engine is up the line goes through the head start (head-start.js), which answers
// what it can from a record and keeps the rest for the engine.

let engine = null;

export function useEngine(e) {
  engine = e;
}

// The engine itself answers (the head start, where there is one, has handed over).
export const live = () => Boolean(engine) && engine.live !== false;

// Whether `request` would wait for the engine to come up.
export const waits = (request) => engine?.waits?.(request) ?? false;

export async function call(request) {
  const answer = await engine.request(request);
  if (!answer.ok) {
    const err = new Error(answer.error);
    err.kind = answer.kind;
    if (answer.words) err.words = answer.words; // the same as a Text, for the player's language
    throw err;
  }
  return answer;
}
