// The one line to the engine (web/js/python-worker.js, Python in a worker): a request
// out, its answer back, an engine error as a thrown Error with its kind.

let engine = null;

export function useEngine(e) {
  engine = e;
}

export async function call(request) {
  const answer = await engine.request(request);
  if (!answer.ok) {
    const err = new Error(answer.error);
    err.kind = answer.kind;
    throw err;
  }
  return answer;
}
