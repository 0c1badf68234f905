// The game's end (#result, data-result: win, draw or loss for the player): the
// outcome and your place, the standings (model.table.result: every seat's place
// and final score, best first), the totals deal by deal as a chart (score-chart.js,
// model.chart), the game deal by deal (model.history: the chart's numbers as a
// table and the lines that closed each deal, round or hand), your record in this
// game, the review of your decisions
// in the whole game (analysis.js), and Rematch (a new game with the
// same settings: the button with the class "again" that app.js listens to) or a
// new game with other settings (to the settings under the table).

import { $, el } from "./dom.js";
import { say, sayCapital, t } from "./words.js";
import { recordLine } from "./record-view.js";
import { analysisPart } from "./review.js";
import { duplicateSummary } from "./duplicate.js";
import { numbersTable, scoreChart } from "./score-chart.js";

function standings(table) {
  const r = table.result;
  const name = (seat) => table.seats.find((s) => s.seat === seat)?.name;
  const grid = el("table", { class: "standings" });
  grid.append(el("caption", {}, t("gameover.standings")));
  const head = el("tr", {});
  head.append(el("th", { scope: "col", class: "place" }, t("gameover.col.place")),
    el("th", { scope: "col" }, t(r.standings.some((s) => s.name) ? "gameover.col.side" : "gameover.col.player")), el("th", { scope: "col", class: "score" }, say(r.unit)));
  grid.append(head);
  for (const s of r.standings) {
    const row = el("tr", { class: s.seat === table.viewer ? "you" : null, "data-seat": String(s.seat) });
    const who = s.name ? say(s.name) : sayCapital(name(s.seat)); // a side's name where a row is a side
    row.append(el("td", { class: "place" }, String(s.place)), el("th", { scope: "row" }, who),
      el("td", { class: "score" }, say(s.score)));
    grid.append(row);
  }
  return grid;
}

function history(model) {
  const lines = model.history.flatMap((entry) => entry.lines);
  if (!lines.length) return [];
  const box = el("details", { class: "history" });
  const words = t(`gameover.history.${model.chart?.x ?? "deal"}`); // the game's own step: Le Truc's rounds
  box.append(el("summary", {}, words), ...numbersTable(model));
  const list = el("ol", { tabindex: "0", "aria-label": words }); // it scrolls: the keyboard's too
  list.append(...lines.map((line) => el("li", {}, sayCapital(line))));
  box.append(list);
  return [box];
}

let shownFor = null; // the result drawn last: a redraw keeps an open history and the focus

export function drawResult(model) {
  const box = $("result");
  const table = model.table;
  const r = table.result;
  if (!r) { box.hidden = true; box.removeAttribute("data-result"); shownFor = null; return; }
  const open = box.querySelector("details.history")?.open ?? false;
  const key = `${model.seed}:${model.ply}`;
  const fresh = shownFor !== key;
  shownFor = key;
  box.dataset.result = r.outcome;
  box.hidden = false;
  box.setAttribute("role", "region");
  box.setAttribute("aria-labelledby", "result-title");
  const heading = r.title ? say(r.title) : t(`gameover.title.${r.outcome}`); // a solitaire's own: its goal
  const title = el("h2", { id: "result-title", tabindex: "-1" }, heading);
  const place = r.place ? el("p", { class: "place-line" }, sayCapital(r.place)) : null; // none between two sides
  const again = el("button", { type: "button", class: "again" }, t("gameover.rematch"));
  again.setAttribute("aria-description", t("gameover.rematch_note"));
  const other = el("button", { type: "button", class: "other-settings" }, t("gameover.other"));
  other.addEventListener("click", () => {
    const first = [...document.querySelectorAll(".settings select")].find((n) => n.offsetParent !== null) ?? $("new-game");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  });
  const parts = [title, ...(place ? [place] : []), el("p", { class: "result-text" }, sayCapital(r.text))];
  if (table.seats.length > 1) parts.push(standings(table));
  parts.push(...scoreChart(model, box.clientWidth - 26)); // the box is shown: its width is known
  parts.push(...history(model));
  if (model.daily?.done && model.daily.unit === "game") parts.push(duplicateSummary()); // a solitaire's daily is its game
  parts.push(el("p", { class: "record" }, recordLine(model)));
  const buttons = el("div", { class: "result-buttons" });
  const [review, reviewBox] = analysisPart(model, "game");
  buttons.append(again, other, review);
  parts.push(buttons, reviewBox);
  box.replaceChildren(...parts);
  const details = box.querySelector("details.history");
  if (details) details.open = open;
  if (fresh) requestAnimationFrame(() => title.focus({ preventScroll: false })); // the end is where the player is now
}
