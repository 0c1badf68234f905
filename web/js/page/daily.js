// Today's deal (cardtable/daily.py; the address's daily=1, or daily=YYYY-MM-DD for a
// past day's deal, a shared result's link): the day it is asked for, by the player's
// own calendar, and the table's line that says a daily is in view. The engine decides
// the deal, its rules and its level from the day; the page only says which day it is:
// <html data-daily="YYYY-MM-DD"> (the page contract) and a line under the title
// ("Today's deal · November 28, 2026", or for another day "The deal of November 28,
// 2026 · Today's deal →"); the table's link to today's.

import { $, el, showAlert } from "./dom.js";
import { subscribe } from "./store.js";
import { lang, t } from "./words.js";
import { embedded, params, remember } from "./address.js";
import { dailyLink } from "../links.js";

// The day in the player's own time zone, as YYYY-MM-DD (a reader in Japan: JST).
export function localDay(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The date of a day written YYYY-MM-DD (at noon UTC), or null for anything that is no
// day of the calendar ("2026-13-40", "abc").
function dateOf(day) {
  const m = DAY.exec(typeof day === "string" ? day : "");
  if (!m) return null;
  const [year, month, date] = m.slice(1).map(Number);
  const d = new Date(Date.UTC(2000, 0, 1, 12));
  d.setUTCFullYear(year, month - 1, date);
  return year >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === date ? d : null;
}

// Where a day's deal is saved: today's apart from a past day's (a shared result's
// link), so that opening one never replaces the other in progress; both apart from
// the player's own game (cardtable:save:<game>).
export const dailyKey = (game, day) => `cardtable:${day === localDay() ? "daily" : "daily-past"}:${game}`;

// Whether `day` is a day of the calendar written YYYY-MM-DD (no 2026-02-30).
export const isDay = (day) => dateOf(day) !== null;

// The day whose deal the address asks for, or null: daily=1 is today's; a day
// written YYYY-MM-DD up to today is that day's; anything else today's (checkDaily says so).
export function dailyAsked() {
  const raw = params.get("daily");
  if (raw === null) return null;
  const today = localDay();
  return raw !== "1" && dateOf(raw) && raw <= today ? raw : today;
}

// Once, before the address is read: a day not come yet here (a link from a time zone
// ahead: a note) or no day at all (an alert) opens today's deal, and the address asks
// for today's (a reload opens it again, with nothing said).
export function checkDaily() {
  const raw = params.get("daily");
  if (raw === null || raw === "1" || (dateOf(raw) && raw <= localDay())) return;
  if (!dateOf(raw)) showAlert(t("error.bad_param", { name: "daily", value: raw, why: t("error.daily") }));
  else { // no mistake: a note (it follows a change of language)
    $("note").dataset.i18n = "daily.future";
    $("note").textContent = t("daily.future");
    $("note").hidden = false;
  }
  params.set("daily", "1");
  remember();
}

// A day written YYYY-MM-DD, as the player's language writes a date ("2026年11月28日");
// null for anything else.
export function dayWords(day) {
  const date = dateOf(day);
  return date && new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

// The line's words for `day`: today's, or another day's with the way to today's
// (not in an embed, whose builder asks for today's deal).
function dayLine(day, game) {
  if (day === localDay() || embedded) return [t(day === localDay() ? "daily.line" : "daily.past_line", { day: dayWords(day) })];
  const mark = "\u0000"; // where the link goes in the language's own word order
  const [before, after = ""] = t("daily.past", { day: dayWords(day), today: mark }).split(mark);
  return [before, el("a", { class: "daily-today", href: dailyLink(game, lang) }, t("daily.to_today")), after];
}

let drawn = ""; // the line's day, today and language as drawn

subscribe((model) => {
  const day = model?.daily?.day ?? null;
  if (day) document.documentElement.dataset.daily = day;
  else delete document.documentElement.dataset.daily;
  const line = $("daily-line");
  line.hidden = !day;
  const now = day ? `${day} ${localDay()} ${lang}` : "";
  if (now !== drawn) { // (a redraw keeps the line, and the link's focus)
    drawn = now;
    line.replaceChildren(...(day ? dayLine(day, model.game) : []));
  }
  // the table's way to today's deal (not in an embed: its builder offers the daily)
  const link = $("daily-link");
  link.hidden = embedded || Boolean(day) || !model;
  if (model) link.href = dailyLink(model.game, lang);
});
