// The one owner of the page's state: the model the engine sent last (the table,
// the log, what the player may do) and the few facts of this visit. Views
// subscribe and redraw from it; nothing else keeps a copy.

const views = [];

export const store = {
  model: null, // the session's model (py/cardtable/session.py model()): table, log, legal ...
  game: null, // the game's facts from games.json and the engine (levels, options)
  levels: ["random", "easy", "normal"], // the engine's bot levels for the game
  busy: false, // a request is on its way: clicks wait
  started: 0, // the games this page has started: an answer for an earlier one is let go (play.js)
  viewingShare: false, // a shared game or demo is shown: not the reader's own game (yet)
  moved: undefined, // the player has moved in this game (undefined: a restored game, not known)
  keptAhead: null, // the ahead decision (Toepen's Knock) clicked between chances, for the next one
  playOut: false, // the player asked to see the deal they are out of played out at once
  duplicate: null, // the strong bot's play of today's deal beside the player's, once both are known (duplicate.js)
  tutorialWrong: null, // the lesson's words for the move it just refused (lesson.js), until the next move
  log: [], // every log line of this page (Texts), said again when the language changes
};

// `view(model, {fresh})` is called after every new model drawn (fresh: the lines
// added to the log since the last one drawn) and on `redraw()` (a setting or the
// language changed).
export function subscribe(view) {
  views.push(view);
}

// The lines of models taken but not drawn yet, and the timer that will draw them.
let undrawn = null;
let timer = 0;
// A model taken `soon` waits this long for the next: at the instant pace the bots
// answer one after another in milliseconds, and each table drawn was a layout and
// a raster the player never saw (at ten seats, nine tables a move); a bot that
// thinks longer shows where the table stands.
const SOON_MS = 100;

// The engine's new model: drawn now, or with `soon` once no other has come for
// SOON_MS (or when drawUndrawn is called: the bots' turn over).
export function setModel(model, { soon = false } = {}) {
  store.model = model;
  store.log.push(...model.log);
  undrawn = [...(undrawn ?? []), ...model.log];
  if (!soon) drawUndrawn();
  else timer ||= setTimeout(drawUndrawn, SOON_MS);
}

// The model taken last, drawn now if it is not yet.
export function drawUndrawn() {
  clearTimeout(timer);
  timer = 0;
  if (undrawn === null || !store.model) return;
  const fresh = undrawn;
  undrawn = null;
  for (const view of views) view(store.model, { fresh });
}

export function redraw() {
  if (!store.model) return;
  drawUndrawn();
  for (const view of views) view(store.model, { fresh: [], redraw: true });
}

// A new game: the log starts again (its view redraws the list at the next model),
// and what the last game left undrawn is let go.
export function clearLog() {
  store.log.length = 0;
  store.logCleared = true;
  clearTimeout(timer);
  timer = 0;
  undrawn = null;
}
