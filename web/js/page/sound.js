// Short sound effects: a card played, a trick taken, a raise or a knock, a deal or
// the game won or lost. Off by default: the setting "Sound effects"
// (cardtable:sound). Which sound a move makes is the engine's word, never this
// page's: each new line of the log carries its `sound` (the game's SOUNDS, in
// py/cardtable/tables/) and each new entry of the history whether the player won
// or lost that deal, round or game (py/cardtable/session.py); the page plays
// them in order, a short gap apart. Web Audio, which keeps to the iPhone's
// silent switch (an <audio> element would not); the AudioContext is made, and
// resumed, only in a gesture of the player's (the checkbox, a tap, a key). The
// files, web/sounds/<name>.wav (a few KB each, made by the build:
// sitebuild/sounds.py), are fetched only once sound is on, at that first
// gesture, and never precached (the service worker keeps each once fetched).
// Silent at the instant speed (tests, the quickest play), and for a model that
// is no move of the game in view (a new game, a restore, an undo).

import { $ } from "./dom.js";
import { store, subscribe } from "./store.js";
import { setSetting, setting } from "./storage.js";
import { paced, speed } from "./speed.js";

const FILES = ["card", "trick", "raise", "won", "lost"]; // the sounds there are files for
const GAP_MS = 220; // between two sounds of one answer, at normal speed
const MOST = 3; // sounds of one answer at most (a settled Toepen question may bring more lines)

let context = null; // made in the first gesture with sound on
const buffers = new Map(); // name -> Promise of its AudioBuffer (null if it could not be had)

const on = () => setting("sound");

// In a gesture: the AudioContext made or woken up, the files asked for. A promise
// of the context running (or not: no Web Audio, a refusal).
function unlock() {
  if (!on()) return Promise.resolve(false);
  if (!context) {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return Promise.resolve(false);
    try {
      if (navigator.audioSession) navigator.audioSession.type = "ambient"; // Safari: the silent switch, others' music kept
    } catch { /* an older Safari: Web Audio is ambient already */ }
    context = new Context();
  }
  for (const name of FILES) load(name);
  if (context.state === "running") return Promise.resolve(true);
  return context.resume().then(() => context.state === "running", () => false);
}

// The file of `name`, fetched and decoded once (again at a later gesture if it failed).
function load(name) {
  if (!buffers.has(name)) {
    const url = new URL(`../../sounds/${name}.wav`, import.meta.url);
    const buffer = fetch(url)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(response.status))))
      // (the callbacks: an older Safari's decodeAudioData returns no promise)
      .then((bytes) => new Promise((resolve, reject) => context.decodeAudioData(bytes, resolve, reject)))
      .catch(() => { buffers.delete(name); return null; });
    buffers.set(name, buffer);
  }
  return buffers.get(name);
}

// Plays `name` in `delay` ms, if sound is on and the context runs.
async function play(name, delay = 0) {
  if (!context || !FILES.includes(name)) return;
  if (context.state !== "running") { context.resume().catch(() => {}); return; } // (woken by the next gesture)
  const buffer = await load(name);
  if (!buffer || !on() || context.state !== "running") return;
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  source.start(context.currentTime + delay / 1000);
}

// The sounds of one answer: its new lines', then its new history entries', in
// order, the same sound twice in a row heard once, MOST at most.
function sounds(lines, ends) {
  const names = [];
  for (const name of [...lines.map((l) => l.sound), ...ends.map((e) => e.sound)]) {
    if (name && name !== names[names.length - 1]) names.push(name);
  }
  return names.slice(0, MOST);
}

let heard = null; // the model last heard: its game, seed, move and history, and the page's game count

subscribe((model, { fresh = [], redraw = false } = {}) => {
  if (redraw) return;
  const before = heard;
  const history = model.history ?? [];
  heard = { game: model.game, seed: model.seed, ply: model.ply, ends: history.length, started: store.started };
  if (!on() || !context || !before || speed() === "instant") return;
  if (before.started !== store.started || before.game !== model.game || before.seed !== model.seed
    || !(model.ply > before.ply)) return; // not a move of the game in view
  sounds(fresh, history.slice(before.ends)).forEach((name, i) => play(name, i * paced(GAP_MS)));
});

// The setting (settings.js): turned on, the context is made in this very gesture
// and a card's sound says so (or the silent switch keeps it quiet, as it should).
export function setupSound() {
  const box = $("sound");
  box.checked = on();
  box.onchange = () => {
    setSetting("sound", box.checked);
    if (box.checked) unlock().then((running) => { if (running) play("card"); });
  };
}

// Any gesture at a table wakes the sound up (a return with sound on has no
// context until the first tap: browsers start none before one); the list of
// games has nothing to play.
for (const kind of ["pointerup", "touchend", "keydown", "click"]) {
  document.addEventListener(kind, () => {
    if (on() && store.model && context?.state !== "running") unlock();
  }, { capture: true, passive: true });
}
