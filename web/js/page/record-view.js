// The player's record in the settings: the line for the bot level in play (also on
// the game-over screen), a table of every level's record in this game and rule set
// (and the games of a record kept before levels were, "level not recorded"), and the
// days of today's deal (daily-record.js): the streak, the days played and the best
// result, and a month's calendar marking each day played with its result. A
// solitaire's record has no level (no bots to choose).

import { $, el } from "./dom.js";
import { lang, t } from "./words.js";
import { store } from "./store.js";
import { readStats, recordLevel, storage } from "./storage.js";
import { dayBefore, readDays, resultWords } from "./daily-record.js";
import { dayWords, localDay } from "./daily.js";

const solitaire = () => Boolean(store.game?.solitaire);
const levelName = (lv) => (lv ? t(`level.${lv}`) : t("stats.level_unknown"));

// A record's figures as its words take them.
function figures(stats) {
  return {
    best: stats.best, n: stats.games, games: stats.games, wins: stats.wins,
    pct: Math.round((100 * stats.wins) / stats.games),
    you: (stats.points_for / stats.games).toFixed(1), bot: (stats.points_against / stats.games).toFixed(1),
  };
}

// The player's record in this game at the level in play, in one line. A rule set
// other than the article's has its own record, said so.
export function recordLine(model) {
  const rules = model.house_rules?.key ?? "";
  const level = recordLevel(model, solitaire());
  const stats = readStats(model.game, rules, level);
  const solo = model.table.seats.length === 1;
  const line = !stats.games ? t(level ? "stats.level_none" : "stats.none", { level: levelName(level) })
    : t(solo ? "stats.solo" : level ? "stats.level_line" : "stats.line", { ...figures(stats), level: levelName(level) });
  return rules ? t("stats.house_rules", { record: line }) : line;
}

// Every level's record in this game and rule set, in the levels' order, then the
// games of no recorded level: [level, stats] with a game or more.
function levelRecords(model) {
  const rules = model.house_rules?.key ?? "";
  return [...store.levels, ""].map((lv) => [lv, readStats(model.game, rules, lv)]).filter(([, s]) => s.games > 0);
}

function drawLevels(model) {
  const table = $("level-record");
  const rows = solitaire() ? [] : levelRecords(model);
  const current = recordLevel(model, false);
  table.hidden = !rows.length; // (one level's too: its best game is said only here)
  if (table.hidden) return table.replaceChildren();
  const head = el("tr");
  for (const key of ["stats.col.level", "stats.col.wins", "stats.col.score", "stats.col.best"]) head.append(el("th", { scope: "col" }, t(key)));
  const body = el("tbody");
  for (const [lv, stats] of rows) {
    const f = figures(stats);
    const row = el("tr", { class: lv === current ? "current" : null });
    row.append(el("th", { scope: "row" }, lv === current ? t("stats.current", { level: levelName(lv) }) : levelName(lv)),
      el("td", {}, t("stats.cell.wins", f)), el("td", {}, t("stats.cell.score", f)),
      el("td", {}, Number.isFinite(stats.best) ? resultWords(stats.best, model.chart?.unit) : "—")); // (kept since levels were)
    body.append(row);
  }
  const thead = el("thead");
  thead.append(head);
  table.replaceChildren(el("caption", {}, t("stats.by_level")), thead, body);
}

// --- the days of today's deal --------------------------------------------------------
// The streak: the days in a row with a recorded daily, ending today or yesterday.
export function streak(days, today = localDay()) {
  let day = days[today] ? today : dayBefore(today);
  let n = 0;
  while (days[day]) { n += 1; day = dayBefore(day); }
  return { n, today: Boolean(days[today]) };
}

let shown = null; // the month in view: [year, month (0-11)], this month unless the player moved
let drawn = ""; // what the days section was drawn from

const two = (n) => String(n).padStart(2, "0");
const monthOf = (day) => [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1];
const before = ([y, m], [y2, m2]) => y < y2 || (y === y2 && m < m2);

function drawDays(model) {
  const box = $("days");
  box.hidden = !storage.available;
  if (box.hidden) return;
  const days = readDays(model.game);
  const today = localDay();
  const unit = model.chart?.unit;
  shown ??= monthOf(today);
  const signature = JSON.stringify([days, today, lang, unit, shown]);
  if (signature === drawn) return;
  drawn = signature;
  const played = Object.keys(days).sort();
  const { n, today: now } = streak(days, today);
  $("days-streak").textContent = !played.length ? t("days.none")
    : n ? t(now ? "days.streak_today" : "days.streak_yesterday", { n }) : t("days.no_streak");
  $("days-best").hidden = !played.length;
  $("days-month").hidden = !played.length;
  if (!played.length) return;
  const best = played.reduce((a, d) => (days[d].result >= days[a].result ? d : a)); // the latest of the best
  $("days-best").textContent = t("days.played", { n: played.length, best: resultWords(days[best].result, unit), day: dayWords(best) });
  const first = monthOf(played[0]);
  const last = monthOf(today);
  if (before(shown, first)) shown = first;
  $("days-prev").disabled = !before(first, shown);
  $("days-next").disabled = !before(shown, last);
  $("days-prev").onclick = () => { shown = shown[1] ? [shown[0], shown[1] - 1] : [shown[0] - 1, 11]; drawDays(model); };
  $("days-next").onclick = () => { shown = shown[1] < 11 ? [shown[0], shown[1] + 1] : [shown[0] + 1, 0]; drawDays(model); };
  $("days-calendar").replaceChildren(...calendar(shown, days, today, unit));
}

// A month's table: a week a row from Sunday, each day its number, a day played its
// result under it ("+2") and in words for a screen reader ("November 28, 2026: +2 points").
function calendar([year, month], days, today, unit) {
  const week = (i) => new Date(2023, 0, 1 + i); // a Sunday, and the days after it
  const short = new Intl.DateTimeFormat(lang, { weekday: "short" });
  const long = new Intl.DateTimeFormat(lang, { weekday: "long" });
  const head = el("tr");
  for (let i = 0; i < 7; i++) head.append(el("th", { scope: "col", abbr: long.format(week(i)) }, short.format(week(i))));
  const caption = new Intl.DateTimeFormat(lang, { year: "numeric", month: "long" }).format(new Date(year, month, 1));
  const body = el("tbody");
  const count = new Date(year, month + 1, 0).getDate();
  let row = el("tr");
  for (let i = 0; i < new Date(year, month, 1).getDay(); i++) row.append(el("td", { class: "empty" }));
  for (let d = 1; d <= count; d++) {
    const day = `${year}-${two(month + 1)}-${two(d)}`;
    const entry = days[day];
    const cell = el("td", { class: [entry ? "played" : "", day === today ? "today" : ""].join(" ").trim() || null,
      "aria-current": day === today ? "date" : null });
    if (entry) {
      const result = resultWords(entry.result, unit);
      const words = entry.strong === undefined ? t("days.day", { day: dayWords(day), result })
        : t("days.day_strong", { day: dayWords(day), result, strong: resultWords(entry.strong, unit) });
      cell.append(el("span", { class: "day-n", "aria-hidden": "true" }, String(d)),
        el("span", { class: "day-r", "aria-hidden": "true" }, resultWords(entry.result, null)),
        el("span", { class: "sr-only" }, words));
    } else cell.append(el("span", { class: "day-n" }, String(d)));
    row.append(cell);
    if (row.children.length === 7) { body.append(row); row = el("tr"); }
  }
  if (row.children.length) {
    while (row.children.length < 7) row.append(el("td", { class: "empty" }));
    body.append(row);
  }
  const thead = el("thead");
  thead.append(head);
  return [el("caption", {}, t("days.calendar", { month: caption })), thead, body];
}

// The record's part of the settings, redrawn with every model (the days section only
// when what it shows changed).
export function drawRecord(model) {
  $("stats").textContent = recordLine(model);
  drawLevels(model);
  drawDays(model);
}
