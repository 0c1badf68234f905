// The end of a deal, round or hand, where the player looks: a box over the table
// (#deal-end, data-deal-end while shown) with the lines that closed it (the
// model's history: its new entries) and the totals after it, named by the score
// sheet's columns, and "Next deal" (focused: Enter). The bots' loop (play.js)
// waits for it; the table under it (the new deal, already dealt and saved) is
// inert meanwhile, so none of the new deal's decisions is played through the box. At the instant
// speed nothing waits and no box shows. A setting lets it continue by itself
// after a few seconds (DELAY_MS, scaled by the speed). The end of the game is
// the game-over screen's (gameover.js), not this box's.

import { $, el } from "./dom.js";
import { say, sayCapital, t } from "./words.js";
import { redraw, store, subscribe } from "./store.js";
import { setting } from "./storage.js";
import { paced, speed } from "./speed.js";
import { duplicateSummary } from "./duplicate.js";

const DELAY_MS = 4000; // the setting's wait at normal speed
const COVERED = ["stage", "dock"]; // the table's parts the box keeps from clicks and keys

let waiting = null; // the entries shown: { entries, columns, kind }
let release = null; // ends the wait (Next deal, the setting's countdown, a new game)
let ticker = null;
let focusNext = false; // the box's next drawing focuses its Next deal (a box just shown)

// The history entries an answer added that end a deal or round (not the game:
// the game-over screen shows those), for the same game only: a restore, a new
// game or a shared game's position shows none.
export function noteDealEnd(before, model) {
  if (!before || before.game !== model.game || before.seed !== model.seed) return;
  if (model.over || model.tutorial || store.viewingShare || speed() === "instant") return;
  const added = model.history.slice(before.history?.length ?? 0);
  if (!added.length || added.some((e) => e.closes === "game")) return;
  const ends = added.filter((e) => e.closes === "deal" || e.closes === "round");
  if (!ends.length) return;
  const shown = waiting?.entries ?? [];
  waiting = { entries: [...shown, ...ends], columns: model.table.scores?.columns ?? [],
    kind: ends[ends.length - 1].closes, unit: model.chart?.unit,
    daily: waiting?.daily || Boolean(model.daily?.done && !before.daily?.done) }; // today's deal just ended
  // the new deal is drawn at once, under the last trick's hold: none of it is played before the box
  for (const id of COVERED) $(id)?.setAttribute("inert", "");
}

export const dealEndPending = () => waiting !== null;
// What just ended while its box waits ("deal", "round"), for the status line; else null.
export const dealEndKind = () => (waiting && release ? waiting.kind : null);

// Shows the box if a deal just ended and waits for the player; at once otherwise.
export function dealEndWait() {
  if (!waiting) return Promise.resolve();
  if (speed() === "instant") { waiting = null; return Promise.resolve(); }
  return new Promise((resolve) => {
    release = resolve;
    focusNext = true;
    redraw(); // draws the box (below) and the status, which says the deal is over, not whose turn is next
    if (setting("deal-end-auto")) countdown(paced(DELAY_MS));
  });
}

// Hides the box and lets the loop go on (Next deal, the countdown, a new game).
export function endDealEnd() {
  clearInterval(ticker);
  ticker = null;
  waiting = null;
  const box = $("deal-end");
  if (box) {
    box.hidden = true;
    box.removeAttribute("data-deal-end");
    box.replaceChildren();
  }
  for (const id of COVERED) $(id)?.removeAttribute("inert");
  const go = release;
  release = null;
  if (go) redraw(); // the status says the new deal's turn again
  go?.();
}

function countdown(ms) {
  const until = Date.now() + ms;
  const tick = () => {
    const left = Math.max(0, until - Date.now());
    const note = $("deal-end")?.querySelector(".deal-end-auto");
    if (note) note.textContent = t("deal_end.auto", { n: Math.ceil(left / 1000) });
    if (left <= 0) endDealEnd();
  };
  ticker = setInterval(tick, 250);
  tick();
}

// The totals after the deal, each with its counter as the chart words it ("17 chips", 「17枚」).
function totals(entry, columns, unit) {
  const values = entry.totals ?? [];
  const counted = (v) => (typeof v === "number" && unit ? t(`chart.value.${unit}`, { n: v }) : say(v));
  if (!values.length) return null;
  const grid = el("table", { class: "deal-end-totals" });
  grid.append(el("caption", {}, t("deal_end.totals")));
  values.forEach((value, i) => {
    const row = el("tr", {});
    row.append(el("th", { scope: "row" }, columns[i] ? sayCapital(columns[i]) : ""), el("td", {}, counted(value)));
    grid.append(row);
  });
  return grid;
}

function render() {
  const box = $("deal-end");
  if (!box || !waiting) return;
  const focused = focusNext || box.contains(document.activeElement);
  focusNext = false;
  const { entries, columns, kind, unit } = waiting;
  const title = el("h2", { id: "deal-end-title" }, t(`deal_end.title.${kind}`));
  const lines = el("ul", { id: "deal-end-lines", class: "deal-end-lines" });
  lines.append(...entries.flatMap((e) => e.lines).map((line) => el("li", {}, sayCapital(line))));
  const card = el("div", { class: "deal-end-box" });
  card.append(title, lines);
  const sheet = totals(entries[entries.length - 1], columns, unit);
  if (sheet) card.append(sheet);
  const next = el("button", { type: "button", class: "deal-end-next" }, t(`deal_end.next.${kind}`));
  next.addEventListener("click", () => endDealEnd());
  card.addEventListener("keydown", (event) => { // Escape closes it, as a dialog's does
    if (event.code === "Escape") { event.preventDefault(); endDealEnd(); }
  });
  // kept in sight on a short screen, with today's deal's two results (the strong bot's on the same cards)
  const foot = el("div", { class: "deal-end-foot" });
  if (waiting.daily) foot.append(duplicateSummary());
  foot.append(next);
  card.append(foot);
  if (setting("deal-end-auto")) card.append(el("p", { class: "deal-end-auto", "aria-hidden": "true" }, ""));
  box.replaceChildren(card);
  box.dataset.dealEnd = kind;
  box.hidden = false;
  for (const id of COVERED) $(id)?.setAttribute("inert", "");
  if (focused) requestAnimationFrame(() => next.focus({ preventScroll: true }));
}

// Drawn on a redraw: when it first shows, and in the new language when that changes.
subscribe((model, { redraw = false } = {}) => {
  if (redraw && waiting && release) render();
});
