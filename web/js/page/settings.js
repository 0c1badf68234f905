// The settings under the table: bot level, table size and partner (game options,
// so they travel in saves and links), the four-colour deck, learning mode (the
// review shows every card), the advisor, a game's
// own switches (captured points, stop at every knock), sound effects (sound.js),
// continuing after a deal's end by itself (deal-end.js), the table's speed; and the
// player's record (record-view.js: the line, every level's, the days of today's deal)
// and its file (record-file.js). A change that starts a new game asks first while a
// game is in progress (askAbandon).

import { $, el } from "./dom.js";
import { has, t } from "./words.js";
import { redraw, store } from "./store.js";
import { setSetting, setting, storage } from "./storage.js";
import { level, params, randomSeed, remember } from "./address.js";
import { newGame, newGameWithRules } from "./play.js";
import { SPEEDS, setSpeed, speed } from "./speed.js";
import { setupSound } from "./sound.js";
import { showHint } from "./hint.js";
import { showShareLink } from "./share.js";
import { setupRecordFile } from "./record-file.js";
import { drawRecord } from "./record-view.js";
import { extras } from "../games/extras.js";

// A checkbox bound to a yes/no setting; the table redraws when it changes.
function toggle(id, name, { redrawn = true } = {}) {
  $(id).checked = setting(name);
  $(id).onchange = (e) => { setSetting(name, e.target.checked); if (redrawn) redraw(); };
}

// A game in progress (a move of the player's made, not over; a restored game with
// any move) is abandoned only once the player says so, in a dialog (#confirm:
// Escape or "Keep playing" cancels); `what` names the change ("new_game",
// "level", "players", "partner", "rules"). True to go on.
export function askAbandon(what) {
  const m = store.model;
  const moved = store.moved ?? m?.ply > 0;
  if (!m || m.over || !moved || store.viewingShare) return Promise.resolve(true);
  const dialog = $("confirm");
  $("confirm-yes").textContent = t(`confirm.${what}`);
  return new Promise((resolve) => {
    const done = (yes) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(yes);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    // Escape; (the close event of a dialog closed just before may come after this one
    // opened: it finds this one open and is let go)
    dialog.onclose = () => { if (!dialog.open) done(false); };
    dialog.showModal();
    $("confirm-no").focus();
  });
}

// A new game, once a game in progress may be abandoned, even while the bots move
// (play.js lets their answers go); `undo` puts a control back.
async function restart(what, undo = () => {}) {
  if (!(await askAbandon(what))) return undo();
  await newGame(randomSeed());
}

// A select of a game option (players, partner): a new game with it when changed.
function optionSelect(boxId, id, choices, current, words) {
  $(boxId).hidden = !choices;
  if (!choices) return;
  const select = $(id);
  select.replaceChildren(...choices.map((c) => el("option", { value: String(c) }, words(c))));
  select.value = String(current ?? choices[0]);
  select.onchange = async () => {
    const was = String(store.model?.options?.[id] ?? params.get(id) ?? choices[0]);
    const chosen = choices.find((c) => String(c) === select.value);
    if (!(await askAbandon(id))) { select.value = was; return; }
    await newGameWithRules({ ...store.model?.options, [id]: chosen }); // the other rules stay
  };
}

export function setupSettings() {
  const game = params.get("game");
  const info = store.game ?? {};
  const own = extras(game);
  const select = $("level");
  select.replaceChildren(...store.levels.map((lv) => el("option", { value: lv }, t(`level.${lv}`))));
  select.value = store.model?.level ?? level(storage.get("cardtable:level"));
  const describe = () => { // what the chosen level's bot does, in one line
    const own = `level.${game}.${select.value}.line`;
    $("level-line").textContent = t(has(own) ? own : `level.${select.value}.line`);
  };
  describe();
  select.onchange = async () => {
    const was = store.model?.level ?? level(storage.get("cardtable:level"));
    const chosen = select.value;
    if (!(await askAbandon("level"))) { select.value = was; describe(); return; }
    describe();
    storage.set("cardtable:level", chosen);
    params.set("level", chosen);
    await newGame(randomSeed());
  };
  toggle("four-colour", "four-colour");
  toggle("tap-twice", "tap-twice");
  setupSound();
  const solo = Boolean(info.solitaire);
  $("level-box").hidden = solo; // a solitaire has no bots to choose or to wait for
  $("speed-box").hidden = solo;
  $("learning-box").hidden = solo; // a solitaire hides nothing from an opponent
  toggle("learning", "learning");
  const players = info.options?.players;
  const range = players ? Array.from({ length: players.max - players.min + 1 }, (_, i) => players.min + i) : null;
  optionSelect("players-box", "players", range, store.model?.options?.players ?? players?.min, String);
  optionSelect("partner-box", "partner", info.options?.partner?.choices ?? null, store.model?.options?.partner,
    (c) => t(`option.${game}.partner.${c}`));
  $("advisor-box").hidden = !own.advice;
  toggle("advisor-toggle", "advisor");
  $("show-count-box").hidden = !info.settings?.includes("show-count");
  toggle("show-count", "show-count");
  $("knock-stops-box").hidden = !info.settings?.includes("knock-stops");
  toggle("knock-stops", "knock-stops");
  toggle("deal-end-auto", "deal-end-auto", { redrawn: false }); // (read at the next deal's end)
  setupRecordFile();
  const pace = $("speed");
  pace.replaceChildren(...SPEEDS.map((s) => el("option", { value: s }, t(`speed.${s}`))));
  pace.value = speed();
  pace.onchange = () => { setSpeed(pace.value); params.delete("speed"); remember(); };
  $("new-game").onclick = () => restart("new_game");
  $("hint").onclick = () => showHint();
  $("share").onclick = () => showShareLink();
}

// The settings that show the model: the table size and partner chosen, the deal
// number, the player's record in this game.
export function drawSettings(model) {
  if (!$("players-box").hidden) $("players").value = String(model.options?.players);
  if (!$("partner-box").hidden) $("partner").value = model.options?.partner;
  $("seed").textContent = t("table.seed", { seed: model.seed });
  drawRecord(model); // the record line, every level's, the days of today's deal (record-view.js)
}
