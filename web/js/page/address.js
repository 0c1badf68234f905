// What the address asks for: the game, the deal (seed), the bot level, the rule
// options (every parameter that is not the page's own), embedding and speed.
// Values from the address are only ever compared or shown as text.

import { store } from "./store.js";
import { gameLink } from "../links.js";

// A game's own page (play/<game>/<lang>/, made by build.py for its link card) names
// its game and language on <html>; its address then needs neither.
const implied = { game: document.documentElement.dataset.game, lang: document.documentElement.dataset.pageLang };

export const params = new URLSearchParams(location.search);
for (const [k, v] of Object.entries(implied)) if (v && !params.has(k)) params.set(k, v);
export const embedded = params.get("embed") === "1";
export const MAX_SEED = 2147483647;

const PAGE_PARAMS = ["game", "lang", "seed", "level", "speed", "embed", "autoplay", "share", "stop", "caption", "tutorial",
  "daily"];

// The address bar keeps this page's path (a game's own page stays itself: <base>
// would send a bare "?…" to the site's root) and shows only what the page does not imply.
export function remember() {
  const shown = new URLSearchParams(params);
  for (const [k, v] of Object.entries(implied)) if (v && shown.get(k) === v) shown.delete(k);
  const query = shown.toString();
  history.replaceState(null, "", location.pathname + (query ? `?${query}` : ""));
}


// Rule options from the address: every parameter but the page's own.
export function gameOptions() {
  const out = {};
  for (const [k, v] of params) {
    if (PAGE_PARAMS.includes(k)) continue;
    out[k] = /^-?\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  }
  return Object.keys(out).length ? out : null;
}

// The seed asked for, or null; `bad(raw)` is told of a malformed one (then dropped).
export function parseSeed(bad) {
  const raw = params.get("seed");
  if (raw === null) return null;
  if (/^\d{1,10}$/.test(raw) && Number(raw) <= MAX_SEED) return Number(raw);
  bad(raw);
  params.delete("seed");
  return null;
}

export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (MAX_SEED + 1);
}

// The bot level: the address's, else the player's last choice, else the game's
// level for a first visit (the engine's default_level: one a newcomer following
// the Hint beats about as often as a fair share, bench/first_timer.py).
export function level(saved) {
  const levels = store.levels;
  const asked = params.get("level");
  if (levels.includes(asked)) return asked;
  if (levels.includes(saved)) return saved;
  const first = store.game?.default_level;
  if (levels.includes(first)) return first;
  return levels.includes("normal") ? "normal" : levels[levels.length - 1];
}

// A saved game continues unless the address asks for another deal, level or rules;
// where it asks for today's deal (`dayAsked`, daily.js), only that day's continues.
export function matchesAddress(saved, seedAsked, dayAsked = null) {
  let save;
  try { save = JSON.parse(saved); } catch { return true; } // restore reports the damage
  if (dayAsked !== null) return save?.daily === dayAsked;
  if (seedAsked !== null && save.seed !== seedAsked) return false;
  if (params.has("level") && store.levels.includes(params.get("level")) && save.level !== params.get("level")) return false;
  const asked = gameOptions() ?? {};
  return Object.entries(asked).every(([k, v]) => save.options?.[k] === v);
}

export function dropShareParams() {
  for (const k of ["share", "stop", "caption"]) params.delete(k);
  if (store.model) params.set("seed", String(store.model.seed));
  remember();
}

// The same game on the site itself, for a reader who wants more than the embed.
export function siteLink(lang) {
  const game = params.get("game");
  return game ? gameLink(game, lang) : "./";
}
