// The review of the player's own decisions (the engine's "analyse": every legal
// action's estimated gain from what the player knew, cardtable/analysis.py), after a
// deal (in #last-round) and at the game's end (in #result). It asks the worker for a
// few decisions at a time, so the table's own requests are never kept waiting and
// the page shows its progress; then the costliest flagged decisions, every decision
// on request, each opening as a demo of that position ("Play on from here").
//
// Contract (tests, automation): each reviewed decision is an element with
// data-review-move (the move's index in the game), data-review-decision (the
// player's own count: their 1st, 2nd … decision, as its heading says) and data-loss
// (the loss in the game's unit); the review's box has data-review once complete.
// The numbers a player reads are the engine's words (loss_words, reason: whole
// points or chips, one decimal under 1, "about" where the worlds are sampled).

import { el } from "./dom.js";
import { chip } from "./cardview.js";
import { lang, say, sayCapital, t } from "./words.js";
import { call } from "./rpc.js";
import { store } from "./store.js";
import { gameLink } from "../links.js";

const BUDGET = 2;   // decisions reviewed per request: a bot's move waits for at most this many
const SHOWN = 3;    // the costliest decisions shown first (flagged ones, or where the strong bot differed)
const found = new Map(); // a finished review by what it reviews, so a redraw keeps it
const running = new Map(); // a review under way: a redraw puts back its own button and box

// What a review reviews: this game's deals so far (the last deal's, or the game's at its end).
// (today's deal, "daily", is the same deal however far the game has gone on)
const keyOf = (model, scope) => `${model.game}:${model.seed}:${store.started}:${scope}:${
  scope === "daily" ? "" : model.history?.length ?? 0}`;

// The button that starts the review of the last deal ("deal") or the game ("game"),
// and the box it fills; a redraw while the same deal is the last shows a finished
// review again, or the one under way (the bots' moves after a deal redraw its summary).
export function analysisPart(model, scope) {
  const key = keyOf(model, scope);
  if (running.has(key)) return running.get(key);
  const box = el("div", { class: "analysis", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "analysis-button" },
    t({ game: "analysis.button_game", daily: "duplicate.differ_button" }[scope] ?? "analysis.button"));
  const show = (result) => { button.hidden = true; drawAnalysis(box, model, result, key); };
  button.addEventListener("click", () => run(model, scope, box, button, key, show));
  if (found.has(key)) show(found.get(key));
  return [button, box];
}

async function run(model, scope, box, button, key, show) {
  running.set(key, [button, box]);
  button.disabled = true;
  const bar = el("progress", { max: "1", value: "0" });
  const line = el("p", { class: "analysis-progress" }, t("analysis.starting"));
  box.replaceChildren(line, bar);
  box.setAttribute("aria-busy", "true");
  try {
    for (;;) {
      if (store.model?.game !== model.game || store.model?.seed !== model.seed || !box.isConnected) return;
      const { analysis } = await call({ op: "analyse", scope, budget: BUDGET });
      bar.max = String(Math.max(1, analysis.total));
      bar.value = String(analysis.done);
      line.textContent = t("analysis.progress", { done: analysis.done, total: analysis.total });
      if (analysis.complete) {
        found.set(key, analysis);
        show(analysis);
        return;
      }
      await new Promise((go) => setTimeout(go, 0)); // the page draws between requests
    }
  } catch (e) {
    box.replaceChildren(el("p", { class: "analysis-error", role: "alert" }, t("analysis.failed", { error: e.message })));
    button.disabled = false;
  } finally {
    running.delete(key);
    box.removeAttribute("aria-busy");
  }
}

const number = (x) => String(Math.round(x * 100) / 100); // the game's threshold, a rule's own number
const unitOf = (result, x) => t(`analysis.unit.${result.unit}`, { n: number(x) }); // "1 chip", "2 chips"

const openLists = new Set(); // the reviews whose list of every decision is open

function drawAnalysis(box, model, result, key) {
  if (result.scope === "daily") { drawDiffering(box, model, result, key); return; }
  const flagged = result.decisions.filter((d) => d.flagged);
  const parts = [el("h3", {}, t(flagged.length ? "analysis.title" : "analysis.title_clean"))];
  const over = { threshold: number(result.threshold), unit: unitOf(result, result.threshold) };
  parts.push(el("p", { class: "analysis-summary" }, t("analysis.summary", {
    reviewed: t("analysis.reviewed", { n: result.decisions.length }),
    costly: flagged.length ? t("analysis.costly", { n: flagged.length, ...over }) : t("analysis.none", over) })));
  parts.push(...costliestThenAll(flagged, result.decisions, "analysis.show_all", model, result, key));
  box.replaceChildren(...parts);
  box.dataset.review = "complete";
}

// Today's deal beside the strong bot's play (duplicate.js): the decisions where the
// player chose otherwise than the strong bot would have, each with its cost; a long
// list (a solitaire's whole game) shows its costliest first and the rest on request.
function drawDiffering(box, model, result, key) {
  const differ = result.decisions.filter((d) => d.played !== d.strong);
  const parts = [el("h3", {}, t("duplicate.differ_title")), el("p", { class: "analysis-summary" }, differ.length
    ? t("duplicate.differ_count", { n: differ.length, total: result.decisions.length }) : t("duplicate.differ_none"))];
  if (differ.length > SHOWN) parts.push(...costliestThenAll(differ, differ, "duplicate.differ_all", model, result, key));
  else if (differ.length) parts.push(list(differ, model, result, "analysis-every"));
  box.replaceChildren(...parts);
  box.dataset.review = "complete";
}

// The costliest few of ``top`` first, then every one of ``all`` in play order behind
// a "show all" that stays open across redraws.
function costliestThenAll(top, all, words, model, result, key) {
  const parts = [];
  const costliest = [...top].sort((a, b) => b.loss - a.loss).slice(0, SHOWN);
  if (costliest.length) parts.push(list(costliest, model, result, "analysis-top"));
  if (all.length) {
    const every = el("details", { class: "analysis-all" });
    every.open = openLists.has(key);
    every.addEventListener("toggle", () => { if (every.open) openLists.add(key); else openLists.delete(key); });
    every.append(el("summary", {}, t(words, { n: all.length })), list(all, model, result, "analysis-every"));
    parts.push(every);
  }
  return parts;
}

function list(decisions, model, result, cls) {
  const ol = el("ol", { class: `analysis-list ${cls}` });
  for (const d of decisions) ol.append(item(d, model, result));
  return ol;
}

function labelOf(d, action) {
  return say(d.actions.find((a) => a.action === action)?.label ?? { key: "analysis.action", args: { action } });
}

// One decision: the move, what was asked, the cards, what was played against the
// best found and the strong bot's choice, the loss with its interval, the reason and
// the link that opens the position as a demo.
function item(d, model, result) {
  const li = el("li", { class: "analysis-item" + (d.flagged ? " flagged" : ""), "data-review-move": String(d.move),
    "data-review-decision": String(d.decision), "data-loss": String(d.loss) });
  const head = el("p", { class: "analysis-head" });
  head.append(el("strong", {}, t("analysis.move", { n: d.decision })));
  if (d.flagged) head.append(" ", el("span", { class: "analysis-flag" }, t("analysis.flag")));
  head.append(" ", sayCapital(d.position.prompt));
  li.append(head);
  const cards = el("p", { class: "analysis-position" });
  cards.append(el("span", { class: "analysis-label" }, t("analysis.hand")), ...d.position.hand.map((c) => chip(c)));
  if (d.position.area?.plays.length) {
    cards.append(el("span", { class: "analysis-label" }, sayCapital(d.position.area.label)),
      ...d.position.area.plays.map((p) => chip(p.card, { down: p.down })));
  }
  for (const pile of d.position.shown) {
    cards.append(el("span", { class: "analysis-label" }, sayCapital(pile.label)), ...pile.cards.map((c) => chip(c)));
  }
  li.append(cards);
  const choices = el("ul", { class: "analysis-choices" });
  choices.append(el("li", {}, t("analysis.you", { action: labelOf(d, d.played) })));
  if (d.best !== d.played) choices.append(el("li", {}, t("analysis.best", { action: labelOf(d, d.best) })));
  choices.append(el("li", {}, t("analysis.strong", { action: labelOf(d, d.strong) })));
  li.append(choices);
  li.append(el("p", { class: "analysis-loss" }, say(d.loss_words)));
  li.append(el("p", { class: "analysis-reason" }, sayCapital(d.reason)));
  if (d.played === d.strong && !d.flagged && d.loss > result.threshold) {
    li.append(el("p", { class: "analysis-note" }, t("analysis.strong_too")));
  }
  if (d.hint) li.append(el("p", { class: "analysis-note analysis-hint" }, say(d.hint.words)));
  const caption = t("analysis.caption", { n: d.decision, played: labelOf(d, d.played), best: labelOf(d, d.best) });
  li.append(el("a", { class: "analysis-demo", href: gameLink(model.game, lang, { share: model.share, stop: d.move, caption }) },
    t("analysis.play_on")));
  return li;
}
