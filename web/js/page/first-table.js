// The records the head start answers from (head-start.js): a first table the build
// made with the engine (a pool of deals per game and bot level, and each game's
// lesson: sitebuild/first_tables.py), or the last table kept with a save
// (storage.js). A record that is missing, late, damaged or not this page's is no
// record: the page then starts as it would without one, and says nothing.

import { same } from "./head-start.js";
import { storage, tableKey } from "./storage.js";

// Written by build.py: the pools' folder (named by a hash of the engine that made
// them, so a page never reads another engine's deals) and the deals per pool.
const FIRST_TABLES = { folder: "", size: 0 }; // written by build.py
const VERSION = 1;
const MAX_SEED = 2147483647;

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// An answer the page can draw: a model with its table, moves, log and save.
function drawable(answer) {
  const m = answer?.model;
  return answer?.ok === true && isObject(m) && isObject(m.table) && Array.isArray(m.legal)
    && Array.isArray(m.log) && isObject(m.save) && typeof m.your_turn === "boolean";
}

const exchange = (x) => isObject(x) && isObject(x.request) && typeof x.request.op === "string" && isObject(x.answer);

// A record as the build writes it, for this game (and level, but a lesson's is its
// own) and first request, or null.
function checked(rec, { game, level = null, first }) {
  if (!isObject(rec) || rec.v !== VERSION || rec.game !== game || (level && rec.level !== level)) return null;
  if (!Number.isInteger(rec.seed) || rec.seed < 0 || rec.seed > MAX_SEED) return null;
  if (!Array.isArray(rec.steps) || !rec.steps.length || !Array.isArray(rec.at_decision)) return null;
  if (!rec.steps.every((s) => exchange(s) && drawable(s.answer)) || !rec.at_decision.every(exchange)) return null;
  if (!same(rec.steps[0].request, first(rec.seed))) return null;
  return rec;
}

const folder = (path) => new URL(`../../../${FIRST_TABLES.folder}/${path}`, import.meta.url);

const load = (url) => fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null);

// A record checked, or null; none at all once the engine is up (then the engine deals).
function arriving(record, expected, engine) {
  if (!FIRST_TABLES.folder || !FIRST_TABLES.size) return Promise.resolve(null); // an unbuilt tree has no pool
  const rec = record.then((raw) => checked(raw, expected)).then((rec) => rec && { ...rec, kind: expected.kind });
  return Promise.race([rec, engine.then(() => null, () => null)]);
}

// A deal of the game's pool, at random, for a first game with the article's rules:
// the one preload.js asked for as the page opened, if it guessed this level.
export function firstTable(game, level, engine) {
  const early = window.cardtableBoot?.first;
  const first = (seed) => ({ op: "new", game, seed, options: null, level });
  const index = crypto.getRandomValues(new Uint32Array(1))[0] % (FIRST_TABLES.size || 1);
  const record = early?.level === level ? early.record : load(folder(`${game}/${level}/${index}.json`));
  return arriving(record, { game, level, first, kind: "first" }, engine);
}

// The game's lesson (the guided first game), up to its first step.
export function lessonTable(game, engine) {
  const first = () => ({ op: "tutorial", game });
  return arriving(load(folder(`${game}/lesson.json`)), { game, first, kind: "lesson" }, engine);
}

// The engine this page ships, as the mark of the tables it draws (a save's last table
// from another build may lack what this page reads, or word it otherwise).
export const ENGINE = FIRST_TABLES.folder;

// The save's last table (kept beside it by storage.js saveGame) as a record of its
// restore, or null (none, not this save's, or drawn by another engine).
export function savedTable(saveKey) {
  let save, kept;
  try {
    save = JSON.parse(storage.get(saveKey));
    kept = JSON.parse(storage.get(tableKey(saveKey)));
  } catch {
    return null;
  }
  const answer = { ok: true, model: { ...kept?.model, log: kept?.log } };
  if (!isObject(save) || kept?.engine !== ENGINE || !drawable(answer) || !same(answer.model.save, save)) return null;
  return { kind: "save", steps: [{ request: { op: "restore", save }, answer }], at_decision: [] };
}
