// The settings under the table: bot level, table size and partner (game options,
// so they travel in saves and links), the four-colour deck, learning mode (the
// review shows every card), the advisor, a game's
// own switches (captured points, stop at every knock), instant bot moves; and the
// player's record line.

import { $, el } from "./dom.js";
import { has, t } from "./words.js";
import { redraw, store } from "./store.js";
import { readStats, setSetting, setting, storage } from "./storage.js";
import { level, params, randomSeed } from "./address.js";
import { instant, newGame } from "./play.js";
import { showHint } from "./hint.js";
import { showShareLink } from "./share.js";
import { extras } from "../games/extras.js";

// A checkbox bound to a yes/no setting; the table redraws when it changes.
function toggle(id, name, { redrawn = true } = {}) {
  $(id).checked = setting(name);
  $(id).onchange = (e) => { setSetting(name, e.target.checked); if (redrawn) redraw(); };
}

// A select of a game option (players, partner): a new game with it when changed.
function optionSelect(boxId, id, choices, current, words) {
  $(boxId).hidden = !choices;
  if (!choices) return;
  const select = $(id);
  select.replaceChildren(...choices.map((c) => el("option", { value: String(c) }, words(c))));
  select.value = String(current ?? choices[0]);
  select.onchange = () => {
    params.set(id, select.value);
    if (!store.busy) newGame(randomSeed());
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
  select.onchange = () => {
    describe();
    storage.set("cardtable:level", select.value);
    params.set("level", select.value);
    if (!store.busy) newGame(randomSeed());
  };
  toggle("four-colour", "four-colour");
  const solo = Boolean(info.solitaire);
  $("level-box").hidden = solo; // a solitaire has no bots to choose or to wait for
  $("instant-box").hidden = solo;
  $("learning-box").hidden = solo; // a solitaire hides nothing from an opponent
  toggle("learning", "learning");
  const players = info.options?.players;
  const range = players ? Array.from({ length: players.max - players.min + 1 }, (_, i) => players.min + i) : null;
  optionSelect("players-box", "players", range, store.model?.options?.players ?? players?.min, String);
  optionSelect("partner-box", "partner", info.options?.partner?.choices ?? null, store.model?.options?.partner,
    (c) => t(`option.${game}.partner.${c}`));
  $("advisor-box").hidden = !own.advice;
  toggle("advisor-toggle", "advisor");
  $("show-count-box").hidden = !own.hasCount;
  toggle("show-count", "show-count");
  $("knock-stops-box").hidden = !own.knockStops;
  toggle("knock-stops", "knock-stops");
  $("instant").checked = instant();
  $("instant").onchange = (e) => setSetting("instant", e.target.checked);
  $("new-game").onclick = () => { if (!store.busy) newGame(randomSeed()); };
  $("hint").onclick = () => showHint();
  $("share").onclick = () => showShareLink();
}

// The settings that show the model: the table size and partner chosen, the deal
// number, the player's record in this game.
export function drawSettings(model) {
  if (!$("players-box").hidden) $("players").value = String(model.options?.players);
  if (!$("partner-box").hidden) $("partner").value = model.options?.partner;
  $("seed").textContent = t("table.seed", { seed: model.seed });
  const stats = readStats(model.game);
  $("stats").textContent = stats.games
    ? t(model.table.seats.length === 1 ? "stats.solo" : "stats.line", {
      best: stats.best,
      n: stats.games, games: stats.games, wins: stats.wins, pct: Math.round((100 * stats.wins) / stats.games),
      you: (stats.points_for / stats.games).toFixed(1), bot: (stats.points_against / stats.games).toFixed(1),
    })
    : t("stats.none");
}
