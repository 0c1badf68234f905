// The page: the landing list, or a game's table. It only draws what the Python
// session sends (the model: model.table, the common table of every game, and the
// log as Texts) and sends back the action strings of the buttons the player
// presses; no rule lives here. This file starts the page; the parts are in page/:
// store.js (the one owner of state), address.js, storage.js, words.js, the table
// view (table.js: seats.js, middle.js, hand.js, summary.js), log.js, hint.js,
// play.js (the loop), share.js, settings.js, embed.js, boot.js, home.js.

import { loadCatalogue } from "./catalogue.js";
import { chooseLanguage } from "./i18n.js";
import { $, showAlert } from "./page/dom.js";
import { loadLanguage, t } from "./page/words.js";
import { redraw, store } from "./page/store.js";
import { storage, storedRules, tableKey } from "./page/storage.js";
import { embedded, gameOptions, level, matchesAddress, parseSeed, params, randomSeed, remember, siteLink } from "./page/address.js";
import { checkDaily, dailyAsked, dailyKey } from "./page/daily.js";
import "./page/daily-share.js"; // a finished daily's result to share, under its line
import { rulesLink, tutorialLink, useManifest } from "./links.js";
import { call, useEngine } from "./page/rpc.js";
import { firstTable, savedTable } from "./page/first-table.js";
import { accept, newGame, onAction, runBots, showNote } from "./page/play.js";
import { openShare } from "./page/share.js";
import { setupSettings } from "./page/settings.js";
import "./page/rules-panel.js"; // the rules panel and the house-rules line draw themselves from the store
import "./page/turn-title.js"; // "your turn" in the title while the tab is in the background
import "./page/undo.js"; // Undo my last move, at the easy level
import { raiseFirst } from "./page/tap-twice.js";
import { setupEmbed, showPoster } from "./page/embed-frame.js";
import { bootEngine, drawSkeleton, showBootFailure, showBootStage, startHeadStart } from "./page/startup.js";
import { endFontWarmup, warmFonts } from "./page/font-warmup.js";
import { showHome } from "./page/home.js";
import { showTableView } from "./page/table-view.js";
import { fitScreen } from "./page/screen-fit.js";
import { loadExtras } from "./games/extras.js";
import { startTutorial, tutorialAsked } from "./page/lesson.js";

// The lesson of this game (in an embed, in the embed: its address keeps embed=1, and
// autoplay: the reader has started the engine once already).
function lessonLink(game) {
  if (!embedded && !params.has("speed")) return tutorialLink(game, document.documentElement.lang);
  const lesson = new URLSearchParams({ game, lang: document.documentElement.lang, tutorial: "1" });
  for (const k of ["embed", "autoplay", "speed"]) if (params.has(k)) lesson.set(k, params.get(k));
  return `./?${lesson}`;
}

let catalogue = { games: [] }; // games.json: the games in the site's order
const info = (game) => catalogue.games.find((g) => g.name === game);

function setTitle() {
  const game = params.get("game");
  document.title = info(game) ? `${t("game." + game)} — ${t("site.title")}` : t("site.title");
}

async function useLanguage(code) {
  await loadLanguage(code);
  useManifest(code);
  setTitle();
  if (embedded) $("open-site").href = siteLink(code);
}

async function switchLanguage() {
  const next = document.documentElement.lang === "ja" ? "en" : "ja";
  await useLanguage(next);
  storage.set("cardtable:lang", next);
  $("rules-link").href = rulesLink(params.get("game"), next);
  if (params.get("game")) $("learn-link").href = lessonLink(params.get("game"));
  params.set("lang", next);
  remember();
  if (!$("home").hidden) showHome(catalogue.games.map((g) => g.name));
  if (store.model) { setupSettings(); redraw(); }
  else if (!$("table").hidden) { drawSkeleton(); showBootStage(); } // still booting
}

async function showTable(game) {
  $("table").hidden = false;
  fitScreen(); // the felt fits the screen from the first frame
  $("game-title").dataset.i18n = `game.${game}`;
  $("rules-link").href = rulesLink(game, document.documentElement.lang);
  $("learn-link").href = lessonLink(game);
  $("game-title").textContent = t(`game.${game}`);
  const seedAsked = parseSeed((raw) => showAlert(t("error.bad_param", { name: "seed", value: raw, why: t("error.seed") })));
  drawSkeleton();
  requestAnimationFrame(() => {
    performance.mark("cardtable:skeleton"); // bench/boot.py: the frame that shows it
    // after that frame is painted: the skeleton first, then the fonts (font-warmup.js)
    setTimeout(() => warmFonts(document.querySelector(".felt"), info(game)?.poster), 0);
  });
  const booting = bootEngine();
  booting.then((engine) => {
    endFontWarmup();
    document.documentElement.dataset.boot = engine.booted; // how the engine started (tests, support)
  }, () => {});
  showBootStage();
  // The line to the engine from now on: until it is up, the head start answers what a
  // record holds (a first table, a save's last table) and keeps the rest for it.
  const early = startHeadStart(booting);
  useEngine(early);
  store.game = info(game); // games.json: the engine's own answer for every game
  await loadExtras(store.game); // what this game alone draws, where it has any
  store.levels = store.game.levels ?? store.levels;
  if (params.has("level") && !store.levels.includes(params.get("level"))) {
    showAlert(t("error.bad_param", { name: "level", value: params.get("level"), why: t("error.level", { levels: store.levels.join(t("list.separator")) }) }));
  }
  showTableView();
  if (tutorialAsked()) { // the guided first game: its own save, never the player's game
    setupSettings();
    return startTutorial(game, { early, booting });
  }
  if (params.has("share") && await openShare(game)) {
    setupSettings();
    return;
  }
  checkDaily(); // a day not come yet, or no day: today's, said so
  const day = dailyAsked(); // the day's deal, by the player's own calendar: kept apart from the player's game
  const key = day ? dailyKey(game, day) : `cardtable:save:${game}`;
  const saved = storage.get(key);
  let restored = false;
  if (saved && matchesAddress(saved, seedAsked, day)) {
    const last = savedTable(key); // the table drawn last, at once; the engine restores the save behind it
    if (last) early.expect({ ...last, restart: (answer) => unreadableSave(key, saved, answer.error) });
    try {
      accept(await call({ op: "restore", save: JSON.parse(saved) }));
      restored = true;
      if (!day) params.set("seed", String(store.model.seed));
      remember();
    } catch (e) {
      unreadableSave(key, saved, e.message, { start: false });
    }
  }
  setupSettings();
  if (restored) return runBots();
  // A reader from an article (no seed, the article's rules): a deal the build dealt
  // already, drawn at once and played while the engine starts.
  const first = seedAsked === null && !day && articleRules(game) ? await firstTable(game, level(storage.get("cardtable:level")), booting) : null;
  if (first) early.expect({ ...first, restart: () => replaceFirst(first.seed) });
  await newGame(first?.seed ?? seedAsked ?? randomSeed(), { keepAlert: true, daily: day });
}

// The game asks for the article's rules: none in the address, none kept from the last
// game (an embed keeps none).
const articleRules = (game) => !gameOptions() && (embedded || storedRules(game) === null);

// A save the engine cannot restore is set aside, not lost, and a new game starts.
function unreadableSave(key, saved, error, { start = true } = {}) {
  storage.set(`${key}:unreadable`, saved);
  storage.remove(key);
  storage.remove(tableKey(key));
  showAlert(t("error.bad_save", { error }));
  if (start) newGame(randomSeed(), { keepAlert: true, daily: dailyAsked() }); // the day's deal afresh, if asked
}

// The first table drawn was not the engine's (a stale file): the engine's game of that deal.
function replaceFirst(seed) {
  showNote("first.replaced");
  newGame(seed, { keepAlert: true });
}

async function main() {
  const game = params.get("game");
  const poster = embedded && params.get("autoplay") !== "1"; // the runtime waits for Play
  if (embedded) setupEmbed(); // first: the site's header never shows in an article
  const loading = loadCatalogue(); // beside the words, not after them
  await useLanguage(chooseLanguage(params.get("lang"), storage.get("cardtable:lang")));
  catalogue = await loading;
  setTitle(); // the game's name, now that the list is known
  $("lang").addEventListener("click", () => switchLanguage());
  document.addEventListener("click", (e) => {
    const button = e.target.closest("button[data-action]");
    if (button && !raiseFirst(button, e)) onAction(button.dataset.action);
    else if (e.target.closest("#result .again")) newGame(randomSeed());
  });
  const names = catalogue.games.map((g) => g.name);
  if (!game) return showHome(names);
  if (!names.includes(game)) {
    showAlert(t("error.unknown_game", { value: game }));
    return showHome(names);
  }
  if (poster) await showPoster(game, info(game).poster);
  await showTable(game);
}

main().catch(showBootFailure);
