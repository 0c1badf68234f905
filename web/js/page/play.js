// The game loop: a model from the engine goes to the store (every view redraws
// from it), the bots play with a pause between their moves (none once the player
// asks to play out a deal they are out of), the engine answers the questions the
// table answers for the player before anything is drawn (told the player's stop
// setting and the Knock clicked between chances, kept for the next one), the
// player's clicks go back as action strings, and a game is saved after every move.

import { $, clearAlert, showAlert } from "./dom.js";
import { sayError, t } from "./words.js";
import { call, live, waits } from "./rpc.js";
import { clearLog, drawUndrawn, redraw, setModel, store } from "./store.js";
import { forgetRules, keepRules, recordResult, saveGame, setting, storage, storedRules } from "./storage.js";
import { embedded, gameOptions, level, params, randomSeed, remember, dropShareParams } from "./address.js";
import { ENGINE } from "./first-table.js";
import { keepForOffline } from "../offline.js";
import { settled } from "./motion.js";
import { endFontWarmup } from "./font-warmup.js";
import { afterGame, afterMove } from "./lasting.js";
import { paced } from "./speed.js";
import { dealEndPending, dealEndWait, endDealEnd, noteDealEnd } from "./deal-end.js";
import { recordDay } from "./daily-record.js";

const BOT_DELAY_MS = 700; // at normal speed (speed.js)

// A notice that is not an error (the game plays on); it follows language switches.
export function showNote(key) {
  $("note").dataset.i18n = key;
  $("note").textContent = t(key);
  $("note").hidden = false;
}

export function save() {
  if (!saveGame(ENGINE)) showNote("error.storage"); // e.g. an embed in a cross-site iframe: play on, unsaved
}

// The engine's answer taken: the record, the save, the table drawn (`soon`: store.js).
export function accept(answer, { soon = false } = {}) {
  const wasOver = store.model?.over ?? true;
  // The redraw replaces the button the player pressed, and removing the focused
  // element makes the browser lay the page out on the spot; letting go of the
  // focus first spares that layout (focusTurn gives it to the next decision).
  if (document.activeElement?.closest?.("#table [data-action]")) document.activeElement.blur();
  const model = answer.model;
  noteDealEnd(store.model, model); // a deal that ended: its box waits for the player (runBots)
  recordDay(model); // today's deal just ended: the day's result, if it has none yet
  if (model.over && !wasOver && !store.viewingShare) {
    recordResult(model, Boolean(store.game?.solitaire));
    afterGame(showNote);
  }
  store.model = model; // saved before the views draw it (the record is drawn from the store)
  save();
  endFontWarmup(); // (its boxes share the table's classes)
  setModel(model, { soon });
  if (live()) engineReady();
}

// The table is drawn and the engine answers it: the page contract's data-ready
// (a table drawn ahead of the engine, head-start.js, is not that yet).
export function engineReady() {
  document.documentElement.dataset.ready = "true";
  keepForOffline(); // once, now that the boot's downloads are over
}

// A request the engine never answered, its game replaced by the engine's own
// (head-start.js): nothing to show, the page moves on with the new game.
const replaced = (e) => e?.kind === "replaced";

export function finishShare() {
  store.viewingShare = false;
  $("demo").hidden = true;
  dropShareParams();
  save();
}

// What the engine needs to answer the questions the table answers for the player
// (model.table.auto: Toepen's "knock?" before another player's card and the
// announcements' only answer): whether the player asked to be stopped at every
// chance to knock (then such a question is drawn and waits for them), and the
// Knock kept from a click between chances (table.ahead), played at the next one.
// Each is sent only when set, so a first table's record still answers the request.
export function prefs() {
  return { stops: setting("knock-stops") || undefined, kept: store.keptAhead ?? undefined };
}

// A click on the ahead decision (Toepen's Knock) while it is not legal yet: kept
// for the player's next chance, or let go by a second click.
export function keepAhead(action) {
  store.keptAhead = store.keptAhead === action ? null : action;
  redraw();
}

let settledModel = null; // the model of the engine's last answer to those questions

// The engine's answer to `request` (new, act, bot), sent with the player's stop
// setting and kept Knock, the questions the table answers for the player answered
// (its log has every step's lines). A Knock kept while the request was on its way
// is sent at once after it (`auto`), before anything is drawn, so such a question
// is never drawn; a kept Knock played, or one a knock now blocks, is let go.
async function ask(request) {
  let sent = { ...request, ...prefs() };
  let answer = await call(sent);
  while (answer.model.your_turn && store.keptAhead && sent.kept !== store.keptAhead) {
    sent = { op: "auto", ...prefs() };
    const more = await call(sent);
    answer = { ...more, model: { ...more.model, log: [...answer.model.log, ...more.model.log] },
      answered: [...answer.answered, ...more.answered] };
  }
  return settle(answer);
}

function settle(answer) {
  settledModel = answer.model;
  const ahead = answer.model.table.ahead;
  if (answer.answered?.includes(store.keptAhead) || (store.keptAhead && !(ahead?.open && ahead.action === store.keptAhead))) {
    store.keptAhead = null;
  }
  return answer;
}

// The player is out of this deal (dropped, folded, looed out) and asked to see it
// played out: the bots play at once until the player is back in or the game ends.
function playingOut() {
  const m = store.model;
  if (!store.playOut) return false;
  if (m && !m.over && m.table.seats[0].status === "out") return true;
  store.playOut = false;
  return false;
}

export function playOut() {
  store.playOut = true;
  wakeUp?.();
  redraw();
}

let wakeUp = null; // ends the pause between bot moves early (Play out this deal)

function pause(ms) {
  if (ms <= 0) return Promise.resolve(); // (a timer of 0 waits 4 ms in a loop of them)
  return new Promise((resolve) => {
    wakeUp = resolve;
    setTimeout(resolve, ms);
  }).then(() => { wakeUp = null; });
}

export async function runBots() {
  const mine = store.started;
  const gone = () => mine !== store.started; // another game started: this loop stops
  let quiet = false; // a move that showed nothing (a bot passing on a knock) needs no pause
  for (;;) {
    const m = store.model;
    if (!m || m.over || store.viewingShare || m.tutorial?.done) break; // a lesson ends with its deal
    if (dealEndPending()) { // a deal just ended: its last trick is seen, then its box until Next deal
      await settled();
      if (gone()) return;
      await dealEndWait();
      if (gone()) return;
    }
    if (m !== store.model) continue;
    if (m.your_turn && m.table.auto && m !== settledModel) { // a restored game left at such a question
      const answer = await ask({ op: "auto" });
      if (gone()) return;
      accept(answer);
      continue;
    }
    if (m.your_turn) break;
    $("table").setAttribute("aria-busy", "true");
    await pause(quiet || playingOut() ? 0 : paced(BOT_DELAY_MS));
    if (gone()) return;
    if (!playingOut()) await settled(); // a trick just taken stays in view before the next card
    if (gone()) return;
    let answer;
    try {
      answer = await ask({ op: "bot" });
    } catch (e) {
      if (gone()) return;
      if (replaced(e)) break;
      throw e;
    }
    if (gone()) return;
    accept(answer, { soon: paced(BOT_DELAY_MS) === 0 }); // at the instant pace: drawn once the bots pause
    quiet = store.model.log.length === 0;
  }
  drawUndrawn(); // the table the player now sees and answers
  $("table").removeAttribute("aria-busy");
  focusTurn();
}

// At the next frame: focus() lays the page out to see what can take it, and there
// the browser lays it out anyway (called now, it was a second layout in every move).
function focusTurn() {
  requestAnimationFrame(() => {
    if (!store.model?.your_turn) return;
    const inside = document.activeElement?.closest?.("#table");
    if (inside && document.activeElement.dataset.action === undefined && document.activeElement.tagName !== "BODY") return;
    const first = document.querySelector("[data-tutorial-next]") // a lesson's step: the move it asks for
      ?? document.querySelector("#panel [data-action], #actions [data-action], #hand [data-action]");
    first?.focus({ preventScroll: true });
  });
}

export async function onAction(action) {
  const model = store.model;
  if (store.busy || !model?.legal.includes(action)) return;
  store.busy = true;
  const mine = store.started;
  clearAlert();
  if (store.viewingShare) finishShare(); // the reader plays on from the shared position
  // Until the engine answers, no decision is open: disable every action button; the
  // one pressed shows it is kept while the engine is still starting.
  if (action === store.keptAhead) store.keptAhead = null; // (clicked now that it is legal)
  const kept = waits({ op: "act", action, ...prefs() });
  for (const b of document.querySelectorAll("button[data-action]")) {
    b.disabled = true;
    if (kept && b.dataset.action === action) b.classList.add("kept");
  }
  if (kept) $("status").textContent = t("table.move_kept");
  try {
    const answer = await ask({ op: "act", action });
    if (mine !== store.started) return; // another game started meanwhile
    accept(answer);
    store.moved = true; // a game in progress: a change of settings asks before abandoning it
    if (!model.tutorial) afterMove(showNote);
    await runBots();
  } catch (e) {
    if (replaced(e) || mine !== store.started) return; // (the game it was for is gone: head-start.js, New game)
    if (e.kind === "tutorial") store.tutorialWrong = model.tutorial?.wrong ?? null; // said in the lesson's box
    else showAlert(sayError(e));
    redraw(); // the state is unchanged: offer the same decisions again
  } finally {
    if (mine === store.started) store.busy = false;
  }
}

// A new game, at once, even while the bots move or a move is on its way: their
// answers are let go (store.started counts the games), the pause between bot moves ends now.
export async function newGame(seed, { keepAlert = false, rulesInAddress = false, daily = null } = {}) {
  const mine = ++store.started;
  wakeUp?.();
  endDealEnd(); // a deal's end shown for the old game goes (its loop lets go)
  store.busy = true; // until the new game is drawn: a click meanwhile would be for the old one
  if (!keepAlert) clearAlert();
  clearLog();
  store.keptAhead = null;
  store.playOut = false;
  store.moved = false;
  const game = params.get("game");
  const lv = level(storage.get("cardtable:level"));
  const asked = gameOptions(); // the address's rules, else the ones last played here (not in an embed)
  const kept = asked || embedded ? null : storedRules(game);
  if (!daily && params.has("daily")) { // another game, level or rules: it is not today's deal, said so
    params.delete("daily");
    remember();
    showNote("daily.left");
  }
  try {
    try {
      const answer = await ask(daily ? { op: "new", game, daily } // the engine's deal of that day
        : { op: "new", game, seed, options: asked ?? kept, level: lv });
      if (mine !== store.started) return;
      accept(answer);
    } catch (e) {
      if (mine !== store.started) return;
      if (kept) { // remembered rules the engine refuses: forgotten, the article's rules instead
        forgetRules(game);
        showNote("panel.bad_stored");
      } else showAlert(sayError(e));
      const answer = await ask({ op: "new", game, seed, level: lv });
      if (mine !== store.started) return;
      accept(answer);
    }
  } finally {
    if (mine === store.started) store.busy = false;
  }
  if (rulesInAddress) addressRules();
  if (!daily) params.set("seed", String(seed)); // a daily's address keeps its daily=: the day is its deal
  remember();
  await runBots();
}

// The address names the rules the game plays: rules the engine refused (the alert
// says why) do not stay there, so a reload does not ask for them again.
function addressRules() {
  for (const name of Object.keys(store.game?.options ?? {})) params.delete(name);
  for (const c of store.model?.house_rules?.changes ?? []) params.set(c.option, String(c.value));
}

// A new game with `options` (the rules panel's whole set, or a change of table size
// or partner): the options that differ from the game's defaults go in the address
// (so a reload, a rematch and a share play them) and are remembered for the game.
export async function newGameWithRules(options) {
  const declared = store.game?.options ?? {};
  const rules = Object.fromEntries(Object.entries(options).filter(([k, v]) => k in declared && v !== declared[k].default));
  for (const name of Object.keys(declared)) params.delete(name);
  for (const [k, v] of Object.entries(rules)) params.set(k, String(v));
  remember();
  if (!embedded) keepRules(params.get("game"), rules);
  await newGame(randomSeed(), { rulesInAddress: true });
}
