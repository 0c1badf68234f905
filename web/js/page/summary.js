// The box under the table: the last finished round or deal (model.table.summary)
// with its tricks, the score sheet (scores.rows), a few lines of what happened,
// and, where the game allows, the review: every hand of that round, on request.

import { $, el } from "./dom.js";
import { card, chip } from "./cardview.js";
import { say, sayCapital, t, has } from "./words.js";
import { call } from "./rpc.js";
import { extras } from "../games/extras.js";

function miniTricks(areas) {
  const row = el("div", { class: "mini-tricks" });
  for (const a of areas) {
    const col = el("div", { class: "mini-trick", "aria-label": say(a.label) });
    for (const p of a.plays) col.append(card(p.card, { down: p.down, tag: p.tag, peek: p.peek }));
    row.append(col);
  }
  return row;
}

function sheet(scores) {
  const table = el("table", { class: "deal-table score-sheet" });
  const headRow = el("tr", {});
  for (const c of scores.columns) headRow.append(el("th", {}, say(c)));
  table.append(headRow);
  for (const r of scores.rows) {
    const tr = el("tr", { class: `row-${r.label.key.split(".").pop()}`, title: say(r.label) });
    for (const cell of r.cells) tr.append(el("td", {}, say(cell)));
    table.append(tr);
  }
  return table;
}

let shownFor = ""; // the summary drawn last: a redraw of the same keeps an open review

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
  if (model.table.scores.rows.length) parts.push(sheet(model.table.scores));
  for (const line of s.lines) parts.push(el("p", {}, sayCapital(line)));
  if (model.reviewable) {
    // After a round or deal the player may look at every hand (never shown unasked:
    // a folded face-down card stays a secret unless you want to learn from it).
    const review = el("div", { class: "review" });
    const own = `review.${model.game}.button`;
    const button = el("button", { type: "button", class: "review-button" }, t(has(own) ? own : "review.button"));
    button.addEventListener("click", () => showReview(model, review, button));
    parts.push(button, review);
  }
  box.replaceChildren(...parts);
}

async function showReview(model, box, button) {
  const { review } = await call({ op: "review" });
  if (!review) return;
  const own = extras(model.game).review;
  const rows = own ? own(review) : model.table.seats.map((seat) => {
    const row = el("p", { class: "review-hand" });
    row.append(el("strong", {}, `${sayCapital(seat.name)}: `), ...(review.hands[seat.seat] ?? []).map((c) => chip(c)));
    return row;
  });
  box.replaceChildren(...rows);
  button.hidden = true;
}
