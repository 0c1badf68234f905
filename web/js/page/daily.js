// Today's deal (cardtable/daily.py; the address's daily=1): the day it is asked for,
// the player's own calendar day, and the table's line that says a daily is in view.
// The engine decides the deal, its rules and its level from the day; the page only
// says which day it is: <html data-daily="YYYY-MM-DD"> (the page contract) and a
// line under the title ("Today's deal · November 28, 2026"); the table's link to it.

import { $ } from "./dom.js";
import { subscribe } from "./store.js";
import { lang, t } from "./words.js";
import { embedded, params } from "./address.js";
import { dailyLink } from "../links.js";

// The day in the player's own time zone, as YYYY-MM-DD (a reader in Japan: JST).
export function localDay(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// The day whose deal the address asks for (today's), or null.
export const dailyAsked = () => (params.get("daily") === "1" ? localDay() : null);

// A day written YYYY-MM-DD, as the player's language writes a date ("2026年11月28日");
// null for anything else.
export function dayWords(day) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(date);
}

subscribe((model) => {
  const day = model?.daily?.day ?? null;
  if (day) document.documentElement.dataset.daily = day;
  else delete document.documentElement.dataset.daily;
  const line = $("daily-line");
  line.hidden = !day;
  line.textContent = day ? t("daily.line", { day: dayWords(day) }) : "";
  // the table's way to today's deal (not in an embed: its builder offers the daily)
  const link = $("daily-link");
  link.hidden = embedded || Boolean(day) || !model;
  if (model) link.href = dailyLink(model.game, lang);
});
