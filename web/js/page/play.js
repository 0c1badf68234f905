// The game loop: a model from the engine goes to the store (every view redraws
// from it), the bots play with a pause between their moves, the player's clicks
// go back as action strings, and a game is saved after every move.

import { $, clearAlert, showAlert } from "./dom.js";
import { t } from "./words.js";
import { call } from "./rpc.js";
import { clearLog, redraw, setModel, store } from "./store.js";
import { recordResult, saveGame, setting } from "./storage.js";
import { gameOptions, level, params, remember, dropShareParams } from "./address.js";
import { storage } from "./storage.js";
import { keepForOffline } from "../offline.js";
import { settled } from "./motion.js";

const BOT_DELAY_MS = 700;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function instant() {
  return params.get("speed") === "instant" || setting("instant");
}

// A notice that is not an error (the game plays on); it follows language switches.
export function showNote(key) {
  $("note").dataset.i18n = key;
  $("note").textContent = t(key);
  $("note").hidden = false;
}

export function save() {
  if (!saveGame()) showNote("error.storage"); // e.g. an embed in a cross-site iframe: play on, unsaved
}

export function accept(answer) {
  const wasOver = store.model?.over ?? true;
  // The redraw replaces the button the player pressed, and removing the focused
  // element makes the browser lay the page out on the spot; letting go of the
  // focus first spares that layout (focusTurn gives it to the next decision).
  if (document.activeElement?.closest?.("#table [data-action]")) document.activeElement.blur();
  const model = answer.model;
  if (model.over && !wasOver && !store.viewingShare) recordResult(model);
  store.model = model; // saved before the views draw it (the record is drawn from the store)
  save();
  setModel(model);
  document.documentElement.dataset.ready = "true"; // the table is drawn and answers clicks
  keepForOffline(); // once, now that the boot's downloads are over
}

export function finishShare() {
  store.viewingShare = false;
  $("demo").hidden = true;
  dropShareParams();
  save();
}

// A decision the table answers for the player unless they act within the pause
// (Toepen: "knock?" before another player's card passes by itself). A click on a
// legal button during the pause settles it instead.
let pendingChoice = null;

function waitForChoice(ms) {
  return new Promise((resolve) => {
    pendingChoice = resolve;
    setTimeout(() => resolve(null), ms);
  });
}

export async function runBots() {
  let quiet = false; // a move that showed nothing (a bot passing on a knock) needs no pause
  for (;;) {
    while (store.model && !store.model.over && !store.model.your_turn && !store.viewingShare) {
      $("table").setAttribute("aria-busy", "true");
      await sleep(instant() || quiet ? 0 : BOT_DELAY_MS);
      await settled(); // a trick just taken stays in view before the next card
      accept(await call({ op: "bot" }));
      quiet = store.model.log.length === 0;
    }
    $("table").removeAttribute("aria-busy");
    const m = store.model;
    // A decision the table answers for the player (model.table.auto): at once, or
    // after the usual pause unless they asked to be stopped (Toepen's setting).
    const auto = m && !m.over && !store.viewingShare ? m.table.auto : null;
    if (auto && !auto.pause) { // no choice to make: answered at once
      accept(await call({ op: "act", action: auto.action }));
      quiet = store.model.log.length === 0;
      continue;
    }
    quiet = false;
    if (!auto || setting("knock-stops")) break;
    const chosen = await waitForChoice(instant() ? 0 : BOT_DELAY_MS);
    pendingChoice = null;
    accept(await call({ op: "act", action: chosen ?? auto.action }));
  }
  focusTurn();
}

// At the next frame: focus() lays the page out to see what can take it, and there
// the browser lays it out anyway (called now, it was a second layout in every move).
function focusTurn() {
  requestAnimationFrame(() => {
    if (!store.model?.your_turn) return;
    const inside = document.activeElement?.closest?.("#table");
    if (inside && document.activeElement.dataset.action === undefined && document.activeElement.tagName !== "BODY") return;
    const first = document.querySelector("#panel [data-action], #actions [data-action], #hand [data-action]");
    first?.focus({ preventScroll: true });
  });
}

export async function onAction(action) {
  const model = store.model;
  if (pendingChoice && model?.legal.includes(action)) { // answered within the pause
    const settle = pendingChoice;
    pendingChoice = null;
    settle(action);
    return;
  }
  if (store.busy || !model?.legal.includes(action)) return;
  store.busy = true;
  clearAlert();
  if (store.viewingShare) finishShare(); // the reader plays on from the shared position
  // Until the engine answers, no decision is open: disable every action button.
  for (const b of document.querySelectorAll("button[data-action]")) b.disabled = true;
  try {
    accept(await call({ op: "act", action }));
    await runBots();
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
    redraw(); // the state is unchanged: offer the same decisions again
  } finally {
    store.busy = false;
  }
}

export async function newGame(seed, { keepAlert = false } = {}) {
  if (!keepAlert) clearAlert();
  clearLog();
  const game = params.get("game");
  const lv = level(storage.get("cardtable:level"));
  try {
    accept(await call({ op: "new", game, seed, options: gameOptions(), level: lv }));
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
    accept(await call({ op: "new", game, seed, level: lv }));
  }
  params.set("seed", String(seed));
  remember();
  await runBots();
}
