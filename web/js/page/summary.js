// The box under the table: the last finished round or deal (model.table.summary)
// with its tricks, the score sheet (scores.rows), a few lines of what happened,
// the showdown: the hands of that round as the rules showed them, on request
// (every card in learning mode), and the review of the player's decisions in it
// (analysis.js).

import { $, el } from "./dom.js";
import { card, chip } from "./cardview.js";
import { say, sayCapital, t, has } from "./words.js";
import { setting } from "./storage.js";
import { call } from "./rpc.js";
import { extras } from "../games/extras.js";
import { analysisPart } from "./review.js";

function miniTricks(areas) {
  const row = el("div", { class: "mini-tricks" });
  for (const a of areas) {
    const col = el("div", { class: "mini-trick", "aria-label": say(a.label) });
    for (const p of a.plays) col.append(card(p.card, { down: p.down, tag: p.tag, peek: p.peek }));
    row.append(col);
  }
  return row;
}

// The score sheet; where its columns are the seats, each row's label heads it.
function sheet(scores, bySeat) {
  const table = el("table", { class: "deal-table score-sheet" });
  const headRow = el("tr", {});
  if (bySeat) headRow.append(el("th", {}, ""));
  for (const c of scores.columns) headRow.append(el("th", {}, sayCapital(c)));
  table.append(headRow);
  for (const r of scores.rows) {
    const tr = el("tr", { class: `row-${r.id}`, title: bySeat ? null : say(r.label) });
    if (bySeat) tr.append(el("th", {}, say(r.label)));
    for (const cell of r.cells) tr.append(el("td", {}, say(cell)));
    table.append(tr);
  }
  return table;
}

let shownFor = ""; // the summary drawn last: a redraw of the same keeps an open showdown

export function drawSummary(model, { redraw = false } = {}) {
  const box = $("last-round");
  const s = model.table.summary;
  box.hidden = !s;
  if (!s) { shownFor = ""; return; }
  const key = JSON.stringify([s, model.table.scores.rows]);
  if (key === shownFor && !redraw) return;
  shownFor = key;
  const parts = [el("h2", {}, sayCapital(s.label))];
  if (s.areas.length) parts.push(miniTricks(s.areas));
  if (model.table.scores.rows.length) parts.push(sheet(model.table.scores, model.table.scores.columns.length === model.table.seats.length));
  for (const line of s.lines) parts.push(el("p", {}, sayCapital(line)));
  // After a round or deal the player may look at the hands (never shown unasked).
  // The engine lays open only what the rules showed the table; a folded face-down
  // card stays a back unless the learning-mode setting asks for every card.
  const showdown = el("div", { class: "showdown" });
  const own = `showdown.${model.game}.button`;
  const label = has(own) ? own : model.table.seats.length > 2 ? "showdown.button_all" : "showdown.button";
  const button = el("button", { type: "button", class: "showdown-button" }, t(label));
  button.addEventListener("click", () => showShowdown(model, showdown, button));
  box.replaceChildren(...parts, button, showdown, ...analysisPart(model, "deal"));
}

// A card the rules kept hidden: a back ("?") when unknown, or in learning mode its
// face, both inside a group whose words say the table never saw them.
function hiddenGroup(cards) {
  const group = el("span", { class: "showdown-hidden", "data-hidden": String(cards.length) });
  group.append(el("span", { class: "showdown-hidden-label" }, t("showdown.hidden", { n: cards.length })));
  for (const code of cards) {
    group.append(code ? chip(code) : el("span", { class: "chip back", role: "img", "aria-label": t("table.hidden") }, "?"));
  }
  return group;
}

function handRow(name, shown, hidden = []) {
  const row = el("p", { class: "showdown-hand" });
  row.append(el("strong", {}, `${name.charAt(0).toUpperCase()}${name.slice(1)}: `), ...shown.map((c) => chip(c)));
  if (hidden.length) row.append(hiddenGroup(hidden));
  return row;
}

async function showShowdown(model, box, button) {
  const { showdown } = await call({ op: "showdown", everything: setting("learning") });
  if (!showdown) return;
  const own = extras(model.game).showdown;
  const name = (seat) => say(model.table.seats.find((s) => s.seat === seat)?.name);
  const rows = own ? own(showdown) : model.table.seats.filter((s) => showdown.hands?.[s.seat])
    .map((s) => handRow(name(s.seat), showdown.hands[s.seat], showdown.hidden?.[s.seat]));
  for (const d of showdown.discards ?? []) rows.push(handRow(t("showdown.discards", { seat: name(d.seat) }), d.cards, d.hidden));
  if (!own) rows.push(el("p", { class: "showdown-note" }, t(showdown.everything ? "showdown.note_learning" : "showdown.note")));
  box.replaceChildren(...rows);
  box.dataset.everything = String(showdown.everything ?? false);
  button.hidden = true;
}
