// Duplicate (issue 40; cardtable/duplicate.py): today's deal played again by the
// strong bot from the player's seat, on the same cards against the same opponents,
// and the two results side by side. The worker plays it a decision at a time while
// the player thinks (so it is ready soon after the daily ends) and on when the daily
// is over; the engine says the strong bot's result only once the player's own is in.
// Then the section under the table (#duplicate) shows both results, the engine's
// verdict, the result to share (daily-share.js) and the decisions where the player
// and the strong bot chose differently (the review, review.js, scope "daily").
//
// Contract (tests, automation): #duplicate has data-duplicate, {"you": n, "strong": n},
// once both are known; every .duplicate-summary (the deal-end box's, the game-over
// screen's) says the two results in a line.

import { $, el } from "./dom.js";
import { call, live } from "./rpc.js";
import { store, subscribe } from "./store.js";
import { say, t } from "./words.js";
import { analysisPart } from "./review.js";
import { drawLineShare, sharePart } from "./daily-share.js";
import { noteStrong } from "./daily-record.js";

const BUDGET_PLAYING = 1; // the strong bot's decisions a request while the player plays: a click waits for one at most
const BUDGET_DONE = 4; // and once the daily is over, the player waiting for the comparison

let job = null; // { replay, answer, busy, error }: the replay of the daily on screen

const replayOf = (model) => `${model.game}:${model.daily.day}:${store.started}`;
const same = (model, replay) => store.model?.daily && replayOf(store.model) === replay && model.game === store.model.game;

// Asks the worker for more of the replay, one request at a time, while it is worth it:
// the player's turn (the worker is otherwise idle) or a daily over (the player waits).
async function advance() {
  const model = store.model;
  if (!job || job.busy || job.answer?.complete || job.error || !model?.daily) return;
  if (!live()) { setTimeout(advance, 500); return; } // the head start answers the table meanwhile
  if (!model.daily.done && (!model.your_turn || job.answer?.replayed)) return; // (played out: it waits for the player's end)
  const replay = job.replay;
  job.busy = true;
  try {
    const { duplicate } = await call({ op: "duplicate", budget: model.daily.done ? BUDGET_DONE : BUDGET_PLAYING });
    if (job?.replay !== replay) return;
    job.answer = duplicate;
  } catch (e) {
    if (job?.replay === replay) job.error = e;
  } finally {
    if (job?.replay === replay) job.busy = false;
  }
  if (job?.replay !== replay || !same(model, replay)) return;
  if (job.answer?.complete) {
    store.duplicate = job.answer; // the share under the daily's line gives way to the comparison's
    drawLineShare();
    noteStrong(model.game, model.daily.day, job.answer.strong); // the day's record keeps it beside the player's
  }
  draw(store.model);
  setTimeout(advance, 0); // the page draws between requests
}

// The two results in a line ("Today's deal: you +2 points, the strong bot +3 points."),
// or that the strong bot is still playing; kept up to date as the replay goes on.
export function duplicateSummary() {
  const line = el("p", { class: "duplicate-summary", role: "status" });
  fillSummary(line);
  return line;
}

function fillSummary(line) {
  const answer = job?.answer;
  line.textContent = answer?.complete
    ? t("duplicate.summary", { you: say(answer.words.you), strong: say(answer.words.strong) })
    : t("duplicate.playing");
}

function results(answer) {
  const grid = el("table", { class: "duplicate-results" });
  grid.append(el("caption", {}, t("duplicate.title")));
  for (const [who, words] of [["duplicate.you", answer.words.you], ["duplicate.strong", answer.words.strong]]) {
    const row = el("tr", {});
    row.append(el("th", { scope: "row" }, t(who)), el("td", {}, say(words)));
    grid.append(row);
  }
  return grid;
}

function draw(model) {
  const box = $("duplicate");
  if (!box) return;
  const daily = model?.daily;
  if (!daily?.done || !job || store.viewingShare) {
    box.hidden = true;
    box.removeAttribute("data-duplicate");
    return;
  }
  box.hidden = false;
  for (const line of document.querySelectorAll(".duplicate-summary")) fillSummary(line);
  const answer = job.answer;
  if (job.error) {
    box.replaceChildren(el("h2", { id: "duplicate-title" }, t("duplicate.title")),
      el("p", { class: "duplicate-error", role: "alert" }, t("duplicate.failed", { error: job.error.message })));
    return;
  }
  if (!answer?.complete) {
    box.removeAttribute("data-duplicate");
    box.replaceChildren(el("h2", { id: "duplicate-title" }, t("duplicate.title")),
      el("p", { class: "duplicate-playing", role: "status" }, t("duplicate.playing")));
    return;
  }
  if (box.dataset.drawn === job.replay && box.dataset.lang === document.documentElement.lang) return; // drawn: keep the review's state
  box.dataset.duplicate = JSON.stringify({ you: answer.you, strong: answer.strong });
  box.dataset.drawn = job.replay;
  box.dataset.lang = document.documentElement.lang;
  const [review, reviewBox] = analysisPart(model, "daily");
  box.replaceChildren(el("h2", { id: "duplicate-title" }, t("duplicate.title")), results(answer),
    el("p", { class: "duplicate-verdict" }, say(answer.words.verdict)),
    el("p", { class: "duplicate-honest" }, say(answer.words.honest)),
    sharePart({ game: model.game, day: daily.day, unit: answer.counted, you: answer.you, strong: answer.strong }),
    review, reviewBox);
}

subscribe((model, { redraw = false } = {}) => {
  if (!model?.daily || store.viewingShare) {
    job = null;
  } else if (job?.replay !== replayOf(model)) {
    job = { replay: replayOf(model), answer: null, busy: false, error: null };
  }
  store.duplicate = job?.answer?.complete ? job.answer : null;
  if (redraw) delete $("duplicate")?.dataset.drawn; // another language: drawn again
  draw(model);
  advance();
});
