// What the page keeps in the browser: the game in progress (its save), the
// player's settings, the rules last played per game and their record per game, bot
// level and rule set (games, wins, average score). The days of today's deal are
// daily-record.js's.

import { store as state } from "./store.js";
import { dailyKey } from "./daily.js";

function openStorage() {
  // localStorage may be refused (private modes, third-party iframes): play on without it.
  let ls = null;
  try { ls = window.localStorage; ls.getItem("x"); } catch { ls = null; }
  return {
    available: ls !== null,
    warned: false,
    get: (k) => { try { return ls ? ls.getItem(k) : null; } catch { return null; } },
    set: (k, v) => { try { if (!ls) return false; ls.setItem(k, v); return true; } catch { return false; } },
    remove: (k) => { try { ls?.removeItem(k); } catch { /* nothing to remove */ } },
    keys: () => { try { return ls ? Array.from({ length: ls.length }, (_, i) => ls.key(i)) : []; } catch { return []; } },
  };
}

export const storage = openStorage();

// A yes/no setting (cardtable:<name> = "1").
export const setting = (name) => storage.get(`cardtable:${name}`) === "1";
export const setSetting = (name, on) => storage.set(`cardtable:${name}`, on ? "1" : "0");

// Keeps the game in progress (a finished one is forgotten); false once if the
// browser refuses (the caller says so: the game plays on, unsaved). A lesson (the
// guided first game) is kept under its own key, and so is a day's deal (daily.js dailyKey: today's and a past day's apart): the
// player's own game stays as it was.
// Beside the save, the table as drawn and the log so far (tableKey), marked with the
// engine that drew them (`engine`): a return to the same build draws them at once,
// before the engine has restored the save (first-table.js).
export function saveGame(engine = "") {
  const model = state.model;
  if (state.viewingShare) return true; // a shared game becomes the reader's own once they play on
  const key = model.daily ? dailyKey(model.game, model.daily.day)
    : `cardtable:${model.tutorial ? "tutorial" : "save"}:${model.game}`;
  if (model.over) { storage.remove(key); storage.remove(tableKey(key)); return true; }
  if (storage.set(key, JSON.stringify(model.save))) {
    // (the store's log does not hold this model's lines yet: the views add them)
    const log = [...state.log, ...model.log];
    if (!storage.set(tableKey(key), JSON.stringify({ model: { ...model, log: [] }, log, engine }))) storage.remove(tableKey(key));
    return true;
  }
  if (storage.warned) return true;
  storage.warned = true;
  return false;
}

// Where a save's last table is kept.
export const tableKey = (saveKey) => `${saveKey}:table`;

// --- the rules last played per game (the options that differ from the article's) ----
const rulesKey = (game) => `cardtable:rules:${game}`;

// What was kept, parsed; an unreadable entry as its raw text (the engine refuses it).
export function storedRules(game) {
  const raw = storage.get(rulesKey(game));
  if (raw === null) return null;
  try { return JSON.parse(raw); } catch { return raw; }
}

export function keepRules(game, rules) {
  const text = JSON.stringify(rules);
  if (storage.get(rulesKey(game)) !== text) storage.set(rulesKey(game), text);
}

export const forgetRules = (game) => storage.remove(rulesKey(game));

// --- the player's record per game, kept beside the save -----------------------------
const STATS_VERSION = 1;

// Kept per bot level and rule set: `:level:<level>` (model.level) where the game has
// bots to choose (a solitaire's record has none), then the article's rules under the
// game's name, any other set under its key (model.house_rules.key, the engine's name
// for it). A record kept before levels were (no `:level:`) stays as it was: the
// games of a level not recorded (`level` "").
const statsKey = (game, rules = "", level = "") =>
  `cardtable:stats:${game}${level ? `:level:${level}` : ""}${rules ? `:rules:${rules}` : ""}`;

const STATS_KEY = /^cardtable:stats:[a-z_]{1,40}(:level:[a-z_]{1,20})?(:rules:[\w=;.,+-]{1,1000})?$/;

// The level a record is kept under: the model's, but for a solitaire (no bots to choose).
export const recordLevel = (model, solitaire) => (solitaire ? "" : model.level ?? "");
const STATS_FIELDS = new Set(["v", "games", "wins", "draws", "points_for", "points_against", "best"]);
const count = (n) => Number.isInteger(n) && n >= 0;

// Whether `stats` is a game's record as recordResult keeps it, under a record's key.
export function isStats(key, stats) {
  if (!STATS_KEY.test(key) || !stats || typeof stats !== "object" || Array.isArray(stats)) return false;
  if (!Object.keys(stats).every((k) => STATS_FIELDS.has(k))) return false;
  return stats.v === STATS_VERSION && count(stats.games) && count(stats.wins) && count(stats.draws)
    && stats.wins + stats.draws <= stats.games
    && Number.isFinite(stats.points_for) && Number.isFinite(stats.points_against)
    && (stats.best === undefined || Number.isFinite(stats.best));
}

export function readStats(game, rules = "", level = "") {
  const key = statsKey(game, rules, level);
  const raw = storage.get(key);
  try {
    const stats = raw ? JSON.parse(raw) : null;
    if (isStats(key, stats)) return stats;
    if (raw) storage.set(`${key}:unreadable`, raw); // set aside, not lost
  } catch {
    storage.set(`${key}:unreadable`, raw);
  }
  return { v: STATS_VERSION, games: 0, wins: 0, draws: 0, points_for: 0, points_against: 0 };
}

// Counts a finished game from the table's result (the outcome and the standings),
// under the game's bot level (none for a solitaire: `solitaire`).
export function recordResult(model, solitaire = false) {
  const rules = model.house_rules?.key ?? "";
  const level = recordLevel(model, solitaire);
  const stats = readStats(model.game, rules, level);
  const r = model.table.result;
  const mine = r.standings.find((s) => s.seat === model.table.viewer);
  const team = (seat) => model.table.seats.find((s) => s.seat === seat)?.team ?? null;
  const mineTeam = team(model.table.viewer);
  const others = r.standings.filter((s) => s.seat !== model.table.viewer // the opponents' average at a bigger table
    && (mineTeam === null || team(s.seat) !== mineTeam));
  stats.games += 1;
  stats.wins += r.outcome === "win" ? 1 : 0;
  stats.draws += r.outcome === "draw" ? 1 : 0;
  const score = Number(mine?.score ?? 0);
  const against = others.length ? others.reduce((a, s) => a + Number(s.score), 0) / others.length : 0;
  stats.points_for += score;
  stats.points_against += against;
  stats.best = Math.max(stats.best ?? -Infinity, score - against); // a solitaire's score, else the margin
  storage.set(statsKey(model.game, rules, level), JSON.stringify(stats));
}

// --- the whole record, for its file (record-file.js) --------------------------------
// Every game's record kept here, {key: stats} (a damaged entry left out, as the page reads it).
export function statsEntries() {
  const out = {};
  for (const key of storage.keys().sort()) {
    if (!STATS_KEY.test(key)) continue;
    try {
      const stats = JSON.parse(storage.get(key));
      if (isStats(key, stats)) out[key] = stats;
    } catch { /* set aside by readStats when the page next reads it */ }
  }
  return out;
}

// The record here becomes `record` ({key: stats}, checked by isStats).
export function replaceStats(record) {
  for (const key of storage.keys()) if (STATS_KEY.test(key)) storage.remove(key);
  for (const [key, stats] of Object.entries(record)) storage.set(key, JSON.stringify(stats));
}
