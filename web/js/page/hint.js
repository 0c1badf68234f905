// Hints (what the normal bot would do in your seat, and why: a sentence the engine
// words, py/cardtable/hinttext.py) and the advisor (a game's odds for the decision
// at hand, drawn by that game: a setting, off by default).

import { $, el, showAlert } from "./dom.js";
import { say, sayError, t } from "./words.js";
import { call } from "./rpc.js";
import { store } from "./store.js";
import { setting } from "./storage.js";
import { extras } from "../games/extras.js";

let hintPly = -1;

export function drawHintButton(model) {
  $("hint").hidden = !model.your_turn;
  if (model.ply !== hintPly) $("hint-text").hidden = true; // a hint is for one position
}

export async function showHint() {
  const model = store.model;
  if (store.busy || !model?.your_turn) return;
  store.busy = true;
  const mine = store.started;
  try {
    const { hint } = await call({ op: "hint" });
    if (mine !== store.started) return; // a hint for a game no longer on the table
    hintPly = model.ply;
    $("hint-text").textContent = say(hint.words); // the bot's move and its reason, in words
    $("hint-text").hidden = false;
    for (const b of document.querySelectorAll("button[data-action]")) b.classList.toggle("suggested", b.dataset.action === hint.action);
  } catch (e) {
    if (mine === store.started) showAlert(sayError(e));
  } finally {
    if (mine === store.started) store.busy = false;
  }
}

// --- the advisor ------------------------------------------------------------------------
let adviceFor = "";
let adviceData = null;

export async function drawAdvisor(model) {
  const box = $("advisor");
  const game = extras(model.game);
  if (!game.advice || !setting("advisor") || !model.your_turn) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const position = `${model.seed}:${model.ply}`;
  if (adviceFor === position && adviceData) {
    box.replaceChildren(game.advice(adviceData));
    return;
  }
  if (adviceFor === position) return; // already asked: the answer is on its way
  adviceFor = position;
  adviceData = null;
  box.replaceChildren(el("p", { class: "advice-wait" }, t("advisor.thinking")));
  try {
    const { advice } = await call({ op: "advice" });
    const now = store.model;
    if (adviceFor !== position || `${now.seed}:${now.ply}` !== position) return; // the game moved on
    adviceData = advice;
    box.replaceChildren(game.advice(advice));
  } catch (e) {
    adviceFor = "";
    box.replaceChildren(el("p", {}, sayError(e)));
  }
}
