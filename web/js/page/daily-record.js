// The days of today's deal a player finished (docs/daily.md, "Once a day"): per game,
// `cardtable:days:<game>` = {v: 1, days: {"YYYY-MM-DD": {result, level, strong?}}},
// the day's result being the first finished attempt's (model.daily.result, the
// engine's number: the player's standing's change over the daily's deal or game).
// A later attempt the same day is practice: it changes nothing, and the page says
// so under the daily's line (#daily-practice). The streak and the calendar of these
// days are drawn by record-view.js; the record's file carries them (record-file.js).

import { $ } from "./dom.js";
import { store, subscribe } from "./store.js";
import { t } from "./words.js";
import { dayWords, isDay, localDay } from "./daily.js";
import { storage } from "./storage.js";

const DAYS_VERSION = 1;
const daysKey = (game) => `cardtable:days:${game}`;
const DAYS_KEY = /^cardtable:days:[a-z_]{1,40}$/;
const LEVEL = /^[a-z_]{1,20}$/;
const ENTRY_FIELDS = new Set(["result", "level", "strong"]);

const plain = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);

// Whether `value` is a game's days as recordDay keeps them, under a days key.
export function isDays(key, value) {
  if (!DAYS_KEY.test(key) || !plain(value) || value.v !== DAYS_VERSION || !plain(value.days)) return false;
  if (!Object.keys(value).every((k) => k === "v" || k === "days")) return false;
  return Object.entries(value.days).every(([day, entry]) => isDay(day) && plain(entry)
    && Object.keys(entry).every((k) => ENTRY_FIELDS.has(k))
    && Number.isFinite(entry.result) && typeof entry.level === "string" && LEVEL.test(entry.level)
    && (entry.strong === undefined || Number.isFinite(entry.strong)));
}

export const isDaysKey = (key) => DAYS_KEY.test(key);

// The game's days ({day: entry}); a damaged entry is set aside, not lost, and reads as none.
export function readDays(game) {
  const raw = storage.get(daysKey(game));
  if (raw === null) return {};
  try {
    const value = JSON.parse(raw);
    if (isDays(daysKey(game), value)) return value.days;
  } catch { /* set aside below */ }
  storage.set(`${daysKey(game)}:unreadable`, raw);
  storage.remove(daysKey(game));
  return {};
}

const writeDays = (game, days) => storage.set(daysKey(game), JSON.stringify({ v: DAYS_VERSION, days }));

// The day before `day` (YYYY-MM-DD), in the player's calendar.
export function dayBefore(day) {
  const [y, m, d] = day.split("-").map(Number);
  return localDay(new Date(y, m - 1, d - 1));
}

const openedToday = new Set(); // the days whose deal this visit showed while it was today's

// The daily's result, once its deal (or game) has ended, kept as the day's when the
// day has none yet: the first finished attempt. Only a deal played while it was
// today's counts (one begun before midnight may end after it); an earlier day's deal
// (daily=YYYY-MM-DD) is practice. Called with every model the engine sends.
export function recordDay(model) {
  const daily = model?.daily;
  if (!daily || store.viewingShare) return false;
  if (daily.day === localDay()) openedToday.add(daily.day);
  if (!daily.done || !Number.isFinite(daily.result) || !openedToday.has(daily.day)) return false;
  const days = readDays(model.game);
  if (days[daily.day]) return false;
  days[daily.day] = { result: daily.result, level: String(model.level ?? "") };
  return writeDays(model.game, days);
}

// The strong bot's result on the same deal (the duplicate, a number) kept beside the
// day's own, once: only where the day is recorded and has none yet. True if kept.
export function noteStrong(game, day, strong) {
  if (!Number.isFinite(strong)) return false;
  const days = readDays(game);
  const entry = days[day];
  if (!entry || entry.strong !== undefined) return false;
  entry.strong = strong;
  return writeDays(game, days);
}

// --- the whole of it, for the record's file (record-file.js) ------------------------
// Every game's days kept here, {key: value} (a damaged entry left out).
export function daysEntries() {
  const out = {};
  for (const key of storage.keys().sort()) {
    if (!DAYS_KEY.test(key)) continue;
    try {
      const value = JSON.parse(storage.get(key));
      if (isDays(key, value)) out[key] = value;
    } catch { /* set aside by readDays when the page next reads it */ }
  }
  return out;
}

// The days here become `entries` ({key: value}, checked by isDays).
export function replaceDays(entries) {
  for (const key of storage.keys()) if (DAYS_KEY.test(key)) storage.remove(key);
  for (const [key, value] of Object.entries(entries)) storage.set(key, JSON.stringify(value));
}

// --- the words for a result -----------------------------------------------------------
// A result as the page writes a change of standing, signed (+2, −1, ±0: the review's
// analysis.signed), in the unit's words ("+2 points", 「+2点」, docs/japanese.md);
// `unit` is the engine's (model.chart.unit: chart.value.<unit>), none for the number alone.
export function resultWords(result, unit) {
  const size = Math.round(Math.abs(result) * 10) / 10; // the engine's standings are whole; a tenth at most
  const sign = size === 0 ? "±" : result > 0 ? "+" : "\u2212";
  return sign + (unit ? t(`chart.value.${unit}`, { n: size }) : String(size));
}

// --- once a day: a second attempt the same day is practice, said so -------------------
// A daily that opens unfinished on a day already recorded is another attempt: the note
// stays with it (its own end included) until the page leaves it.
let practice = null; // the day of the practice attempt on screen

subscribe((model) => {
  const daily = model?.daily ?? null;
  const entry = daily ? readDays(model.game)[daily.day] : undefined;
  if (!daily || !entry) practice = null;
  else if (!daily.done) practice = daily.day;
  else if (practice !== daily.day) practice = null;
  const note = $("daily-practice");
  if (!note) return;
  note.hidden = practice === null;
  if (practice === null) { note.textContent = ""; return; }
  const mine = resultWords(entry.result, model.chart?.unit);
  const result = entry.strong === undefined ? mine // and the strong bot's on the same cards, where kept
    : t("daily.practice_both", { result: mine, strong: resultWords(entry.strong, model.chart?.unit) });
  note.textContent = t(practice === localDay() ? "daily.practice" : "daily.practice_past", { result, day: dayWords(practice) });
});
