// The page: landing list, the table view, and the loop that lets bots play.
// It only draws what the Python session sends (model JSON) and sends back the
// action strings of the buttons the player presses; no rule lives here.

import { loadCatalogue } from "./catalogue.js";
import { startEngine } from "./engine.js";
import { keepForOffline } from "./offline.js";
import { chooseLanguage, format, loadWords, translatePage } from "./words.js";
import { cardSVG, cardBackSVG, cardName } from "./cards.js";
import * as leTruc from "./games/le_truc.js";
import * as tressette from "./games/tressette.js";
import * as oneontaWhist from "./games/oneonta_whist.js";
import * as japaneseLoo from "./games/japanese_loo.js";
import * as toepen from "./games/toepen.js";
import * as brazilianTruco from "./games/brazilian_truco.js";

let GAMES = []; // the engine's games, in the order the site lists them (games.json)
let INFO = {}; // name -> the game's facts from games.json
let COMING = []; // games listed on the site, not playable yet
const PANELS = { le_truc: leTruc, tressette, brazilian_truco: brazilianTruco, japanese_loo: japaneseLoo, oneonta_whist: oneontaWhist, toepen }; // playable games and their panels
let LEVELS = ["random", "easy", "normal"]; // replaced by the engine's list for the game
const MAX_SEED = 2147483647;
const BOT_DELAY_MS = 700;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const embedded = params.get("embed") === "1";
const store = openStorage();
let dict = {};
let lang = "en";
let engine = null;
let model = null;
let busy = false;
let viewingShare = false; // a shared game or demo is shown: not the reader's own game (yet)
const logged = []; // events of this page, formatted again when the language changes

// --- words ------------------------------------------------------------------------
function t(key, args = {}) {
  return format(dict, key, args);
}

async function loadLanguage(code) {
  dict = await loadWords(code);
  lang = code;
  document.documentElement.lang = code;
  translatePage(t);
  setTitle();
  if (embedded) $("open-site").href = siteLink();
}

function listed(catalogue) {
  return { GAMES: catalogue.games.map((g) => g.name), INFO: Object.fromEntries(catalogue.games.map((g) => [g.name, g])), COMING: catalogue.coming };
}

function setTitle() {
  document.title = INFO[params.get("game")]
    ? `${t("game." + params.get("game"))} — ${t("site.title")}` : t("site.title");
}

// --- small DOM helpers -------------------------------------------------------------
function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Puts `fresh` (new nodes) in `parent` in place of its children, keeping every old
// node that is equal to a new one, and an old element of the same kind where the
// new one differs only in its attributes or inside (its attributes set, its
// children updated the same way). A redraw after a move then leaves alone what
// the move did not change (the other cards of a hand, a seat's head), which the
// browser would otherwise style and lay out anew: most of a redraw's time. Only
// for views built without listeners (clicks are delegated to the document).
function update(parent, fresh) {
  const old = [...parent.childNodes];
  let from = 0; // old nodes are kept in their order
  const placed = fresh.map((node) => {
    for (let j = from; j < old.length; j++) {
      if (old[j].isEqualNode(node)) {
        from = j + 1;
        return old[j];
      }
    }
    const here = old[from];
    if (!here || here.nodeName !== node.nodeName) return node;
    from += 1;
    if (node.nodeType === Node.TEXT_NODE) here.data = node.data;
    else {
      for (const { name } of [...here.attributes]) if (!node.hasAttribute(name)) here.removeAttribute(name);
      for (const { name, value } of node.attributes) {
        if (here.getAttribute(name) === value) continue;
        if (name === "style") here.style.cssText = node.style.cssText; // the policy refuses a style attribute set
        else here.setAttribute(name, value);
      }
      update(here, [...node.childNodes]);
    }
    return here;
  });
  const kept = new Set(placed);
  for (const node of old) if (!kept.has(node)) node.remove();
  let cursor = parent.firstChild;
  for (const node of placed) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}

function showAlert(message) {
  const box = $("alert");
  box.textContent = message;
  box.hidden = false;
}

function clearAlert() {
  $("alert").hidden = true;
  $("alert").textContent = "";
}

// A notice that is not an error (the game plays on); it follows language switches.
function showNote(key) {
  $("note").dataset.i18n = key;
  $("note").textContent = t(key);
  $("note").hidden = false;
}

function fourColour() {
  return store.get("cardtable:four-colour") === "1";
}

// A card's picture, made and parsed once per card and deck and cloned after:
// parsing the markup of every card on the table again after every move was most
// of a redraw's time.
const pictures = new Map();

function picture(key, markup) {
  let template = pictures.get(key);
  if (!template) {
    template = document.createElement("template");
    template.innerHTML = markup();
    pictures.set(key, template);
  }
  return template.content.cloneNode(true);
}

function facePicture(code) {
  const four = fourColour();
  return picture(`${code}${four ? " four" : ""}`, () => cardSVG(code, { fourColour: four, label: false }));
}

const backPicture = () => picture("back", () => cardBackSVG());

// A card face (or back) as an image with a spoken name.
function card(code, { down = false, owner = null, known = null } = {}) {
  const wrap = el("div", { class: "card" + (down ? " was-down" : "") });
  if (code) {
    wrap.append(facePicture(code));
    wrap.setAttribute("role", "img");
    wrap.setAttribute("aria-label", cardName(code, lang) + (down ? ` (${t("table.doubled_long")})` : ""));
  } else {
    wrap.append(backPicture());
    wrap.setAttribute("role", "img");
    const mine = owner === model?.human && known;
    wrap.setAttribute("aria-label", mine ? `${cardName(known, lang)} (${t("table.face_down")})` : t("table.hidden"));
    if (mine) wrap.append(el("span", { class: "peek", "aria-hidden": "true" }, shortName(known)));
  }
  // A face-down card that was accepted is shown face up, marked as the doubling it was.
  if (down) wrap.append(el("span", { class: "down-tag", "aria-hidden": "true" }, t(code ? "table.doubled" : "table.face_down")));
  return wrap;
}

// A card as a short readable chip ("K♥"), for lists where a picture would be too small.
function chip(code) {
  const node = el("span", { class: `chip suit-${code[1]}`, role: "img", "aria-label": cardName(code, lang) }, shortName(code));
  if (fourColour()) node.classList.add("four");
  return node;
}

function shortName(code) {
  if (code === "BJ" || code === "LJ") return cardName(code, lang); // "Big joker", "ジョーカー(大)"
  const sym = { S: "♠", H: "♥", D: "♦", C: "♣" }[code[1]] ?? "";
  return (code[0] === "T" ? "10" : code[0]) + sym;
}

function playerName(seat) {
  if (seat === model.human) return t("table.you_name");
  return model.players > 2 ? t("table.bot_n", { n: seat }) : t("table.bot_name");
}

const ui = {
  t: (...a) => t(...a), el, card, chip, playerName: (s) => playerName(s),
  cardName: (code) => cardName(code, lang),
  back() {
    const node = el("div", { class: "card small" });
    node.append(backPicture());
    return node;
  },
  get human() { return model?.human ?? 0; },
  get showCount() { return store.get("cardtable:show-count") === "1"; },
  get knockStops() { return store.get("cardtable:knock-stops") === "1"; },
  get model() { return model; },
  formatEvent: (e) => formatEvent(e),
};

// --- the log ---------------------------------------------------------------------------
function formatEvent(e) {
  const args = { ...e };
  let key = `log.${e.type}`;
  if (e.type === "play" && e.down) {
    key = "log.play.down";
    args.next = e.value * 2;
  }
  if (e.why) key += `.${e.why}`; // why a trick, round or pot went where it did
  if (e.type === "draw" && !e.card) key += ".hidden";
  if (e.type === "game_over" && e.winner === null) key += ".draw";
  // pairs indexed by seat (points, totals, …) become name_you / name_bot
  for (const [k, val] of Object.entries(e)) {
    if (Array.isArray(val) && val.length === 2 && val.every((x) => typeof x === "number")) {
      args[`${k}_you`] = val[model.human];
      args[`${k}_bot`] = val[1 - model.human];
    }
  }
  if (typeof e.last_trick === "number") args.last_trick = playerName(e.last_trick);
  for (const k of ["seat", "winner", "dealer", "leader", "offerer"]) if (typeof e[k] === "number") args[k] = playerName(e[k]);
  const actor = [e.seat, e.winner, e.dealer].find((x) => typeof x === "number");
  args.s = lang === "en" && actor !== undefined && actor !== model.human ? "s" : "";
  args.s2 = lang === "en" && typeof e.offerer === "number" && e.offerer !== model.human ? "s" : "";
  if (e.card) args.card = cardName(e.card, lang);
  if (e.type === "trick" && e.cards) {
    args.lead_card = cardName(e.cards[String(e.leader)], lang);
    args.follow_card = cardName(e.cards[String(1 - e.leader)], lang);
    const cards = Object.entries(e.cards).map(([seat, code]) => [Number(seat), cardName(code, lang)]);
    const first = cards.find(([s]) => s === (e.winner ?? e.leader)) ?? cards[0];
    const second = cards.find((c) => c !== first);
    args.cards = t(e.winner === null ? "log.cards.equal" : "log.cards.beats", { a: first[1], b: second[1] });
  }
  if (e.scores) [args.score0, args.score1] = [e.scores[model.human], e.scores[1 - model.human]];
  PANELS[model.game].eventArgs?.(e, args, ui);
  // a game's own wording first (log.<game>.<type>), then the shared one
  const own = `log.${model.game}.${key.slice(4)}`;
  const text = t(own in dict ? own : key, args);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The log grows by the new events only: redrawing it whole after every move took
// most of the main thread's time in long games, and a live region that is
// replaced may be read out again. It is redrawn for a new game or language.
const LOG_LINES = 60;
let logShown = 0; // how many of `logged` the list has taken in

function renderLog({ redraw = false } = {}) {
  const list = $("log");
  if (redraw || logShown > logged.length) {
    list.replaceChildren();
    logShown = Math.max(0, logged.length - LOG_LINES);
  }
  if (logShown === logged.length) return;
  list.append(...logged.slice(logShown).map((e) => el("li", { class: `ev-${e.type}` }, formatEvent(e))));
  logShown = logged.length;
  while (list.childElementCount > LOG_LINES) list.firstElementChild.remove();
  // at the next frame, when the browser lays the page out anyway (reading the
  // height now would force a second layout in the middle of every move)
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function clearLog() {
  logged.length = 0;
  renderLog({ redraw: true });
}

// --- the table -----------------------------------------------------------------------
function render() {
  // The redraw replaces the button the player pressed, and removing the focused
  // element makes the browser lay the page out on the spot; letting go of the
  // focus first spares that layout (focusTurn gives it to the next decision).
  if (document.activeElement?.closest?.("#table [data-action]")) document.activeElement.blur();
  const m = model;
  const v = m.view;
  const game = PANELS[m.game];
  const human = m.human;
  renderSeat($("seat-0"), human, m, game);
  if (game.seatHeads) { // the game draws the top itself (the dummy's pile; every other player)
    $("seat-1").classList.remove("acting");
    update($("seat-1"), game.seatHeads(m, ui));
  } else {
    const bot = 1 - human;
    const backs = el("div", { class: "backs" + (v.hand_counts[bot] > 5 ? " many" : ""), role: "img", "aria-label": t("table.cards_left", { n: v.hand_counts[bot] }) });
    for (let i = 0; i < v.hand_counts[bot]; i++) backs.append(ui.back());
    renderSeat($("seat-1"), bot, m, game, backs);
  }
  update($("tricks"), [game.tricks(v, human, ui)]);
  update($("panel"), [game.panel(v, ui)]);
  renderHand();
  renderActions();
  renderLastRound();
  $("status").textContent = m.over ? t("table.game_over") : `${m.your_turn ? t("table.your_turn") : t("table.bots_turn")}: ${game.prompt(m, t)}`;
  $("status").classList.toggle("mine", m.your_turn);
  renderResult();
  renderStats();
  renderHintButton();
  renderAdvisor();
  if (playerRange) $("players").value = String(m.options.players);
  if (partnerChoices) $("partner").value = m.options.partner;
  $("seed").textContent = t("table.seed", { seed: m.seed });
  renderLog();
}

// One seat's head: the turn mark, who it is, the game's role and score, a score bar.
function renderSeat(node, seat, m, game, ...more) {
  const v = m.view;
  const acting = m.to_act === seat;
  node.classList.toggle("acting", acting);
  const head = el("div", { class: "seat-head" });
  head.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
    el("strong", {}, seat === m.human ? t("table.you") : t("table.bot")),
    el("span", { class: "role" }, game.role(v, seat, t)),
    el("span", { class: "score" }, game.scoreText(v, seat, t)));
  const bar = el("div", { class: "score-bar", "aria-hidden": "true" });
  const filled = el("span");
  filled.style.width = `${Math.round(100 * game.scoreFraction(v, seat))}%`; // CSSOM: the CSP allows no style attributes
  bar.append(filled);
  update(node, [head, bar, ...more]);
}

function renderHand() {
  const m = model;
  const hand = $("hand");
  hand.setAttribute("aria-label", t("table.your_hand"));
  hand.classList.toggle("many", m.view.hand.length > 5);
  const nodes = m.view.hand.map((code) => {
    const up = `play ${code}`;
    const down = `play ${code} down`;
    const slot = el("div", { class: "hand-slot" });
    if (m.legal.includes(up)) {
      const b = el("button", { type: "button", class: "card-button", "data-action": up, "aria-label": t("action.play", { card: cardName(code, lang) }) });
      b.append(facePicture(code));
      slot.append(b);
    } else {
      slot.append(card(code));
    }
    if (m.legal.includes(down)) {
      slot.append(el("button", { type: "button", class: "down-button", "data-action": down,
        "aria-label": t("action.play_down_label", { card: cardName(code, lang) }) }, t("action.play_down")));
    }
    return slot;
  });
  update(hand, nodes);
}

function renderActions() {
  const own = PANELS[model.game].handles ?? (() => false); // drawn by the game's panel
  const others = model.legal.filter((a) => !a.startsWith("play ") && !own(a));
  update($("actions"), others.map((a) => el("button", { type: "button", class: "action", "data-action": a }, t(`action.${a}`))));
}

function renderLastRound() {
  const box = $("last-round");
  const node = PANELS[model.game].lastRound?.(model.view, ui);
  box.hidden = !node;
  if (!node) return;
  // After a round or deal the player may look at the hands (never shown unasked).
  // The engine lays open only what the rules showed the table; a folded face-down
  // card stays a back unless the learning-mode setting asks for every card.
  const review = el("div", { class: "review" });
  const own = `review.${model.game}.button`;
  const label = own in dict ? own : model.players > 2 ? "review.button_all" : "review.button";
  const button = el("button", { type: "button", class: "review-button" }, t(label));
  button.addEventListener("click", () => showReview(review, button));
  box.replaceChildren(node, button, review);
}

function learningOn() {
  return store.get("cardtable:learning") === "1";
}

// A card the rules kept hidden: a back ("?") when unknown, or in learning mode its
// face, both inside a group whose words say the table never saw them.
function hiddenGroup(cards) {
  const group = el("span", { class: "review-hidden", "data-hidden": String(cards.length) });
  group.append(el("span", { class: "review-hidden-label" }, t("review.hidden", { n: cards.length })));
  for (const code of cards) {
    group.append(code ? chip(code) : el("span", { class: "chip back", role: "img", "aria-label": t("table.hidden") }, "?"));
  }
  return group;
}

function reviewRow(name, shown, hidden) {
  const row = el("p", { class: "review-hand" });
  row.append(el("strong", {}, `${name.charAt(0).toUpperCase()}${name.slice(1)}: `));
  for (const code of shown) row.append(chip(code));
  if (hidden.length) row.append(hiddenGroup(hidden));
  return row;
}

async function showReview(box, button) {
  const { review } = await call({ op: "review", everything: learningOn() });
  if (!review) return;
  const own = PANELS[model.game].review;
  const name = (seat) => PANELS[model.game].seatName?.(ui, seat) ?? playerName(seat);
  const seats = review.hands?.map((_, k) => (model.human + k) % review.hands.length) ?? [];
  const rows = own ? own(review, ui) : seats.map((seat) => reviewRow(name(seat), review.hands[seat], review.hidden[seat]));
  for (const d of review.discards ?? []) {
    rows.push(reviewRow(t("review.discards", { seat: name(d.seat) }), d.cards, d.hidden));
  }
  if (!own) rows.push(el("p", { class: "review-note" }, t(review.everything ? "review.note_learning" : "review.note")));
  box.replaceChildren(...rows);
  box.dataset.everything = String(review.everything ?? false);
  button.hidden = true;
}

function renderResult() {
  const box = $("result");
  if (!model.over) { box.hidden = true; box.removeAttribute("data-result"); return; }
  const r = model.result;
  const own = PANELS[model.game].result?.(model, t); // a solitaire: the goal reached or not
  const you = r.scores[model.human];
  const bot = r.scores[1 - model.human];
  const outcome = own?.outcome ?? (r.winner === null ? "draw" : r.winner === model.human ? "win" : "loss");
  box.dataset.result = outcome;
  box.hidden = false;
  const again = el("button", { type: "button", class: "again" }, t("table.play_again"));
  again.addEventListener("click", () => newGame(randomSeed()));
  box.replaceChildren(el("p", {}, own?.text ?? t(`result.${outcome}`, { you, bot })), again);
}

// --- the player's record per game (games, wins, average score), kept beside the save ---
const STATS_VERSION = 1;

function readStats(game) {
  const raw = store.get(`cardtable:stats:${game}`);
  try {
    const stats = raw ? JSON.parse(raw) : null;
    if (stats?.v === STATS_VERSION && Number.isInteger(stats.games)) return stats;
    if (raw) store.set(`cardtable:stats:${game}:unreadable`, raw); // set aside, not lost
  } catch {
    store.set(`cardtable:stats:${game}:unreadable`, raw);
  }
  return { v: STATS_VERSION, games: 0, wins: 0, draws: 0, points_for: 0, points_against: 0 };
}

function recordResult() {
  const stats = readStats(model.game);
  const r = model.result;
  stats.games += 1;
  const solo = model.players === 1;
  stats.wins += (solo ? r.success : r.winner === model.human) ? 1 : 0;
  stats.draws += !solo && r.winner === null ? 1 : 0;
  stats.points_for += r.scores[model.human];
  const others = r.scores.filter((_, seat) => seat !== model.human); // the bots' average at a bigger table
  stats.points_against += solo ? 0 : others.reduce((a, b) => a + b, 0) / others.length;
  if (solo) stats.best = Math.max(stats.best ?? -Infinity, r.scores[0]);
  store.set(`cardtable:stats:${model.game}`, JSON.stringify(stats));
}

function renderStats() {
  const stats = readStats(model.game);
  $("stats").textContent = stats.games
    ? t(model.players === 1 ? "stats.solo" : "stats.line", {
      best: stats.best,
      games: stats.games, wins: stats.wins, pct: Math.round((100 * stats.wins) / stats.games),
      you: (stats.points_for / stats.games).toFixed(1), bot: (stats.points_against / stats.games).toFixed(1),
    })
    : t("stats.none");
}

// --- hints: what the normal bot would do in your seat, and why ------------------------
let hintPly = -1;

function renderHintButton() {
  $("hint").hidden = !model.your_turn;
  if (model.ply !== hintPly) $("hint-text").hidden = true; // a hint is for one position
}

function describeAction(action) {
  const [verb, code, down] = action.split(" ");
  if (verb === "play" && code) return t(down ? "action.play_down_label" : "action.play", { card: cardName(code, lang) });
  if (verb === "bid") return t("action.bid", { n: code });
  const own = `action.${model.game}.${action}`; // a game's own word first ("keep" differs)
  return t(own in dict ? own : `action.${action}`);
}

async function showHint() {
  if (busy || !model?.your_turn) return;
  busy = true;
  try {
    const { hint } = await call({ op: "hint" });
    const reason = { ...hint.reason };
    if (reason.card) reason.card = cardName(reason.card, lang);
    const says = `hint.${model.game}.says` in dict ? `hint.${model.game}.says` : "hint.says";
    const sentence = t(says, { level: t(`level.${hint.level}`), action: describeAction(hint.action) });
    const gap = lang === "ja" ? "" : " "; // Japanese sentences run on without spaces
    const why = reason.key === "hint.generic" ? "" : gap + t(reason.key, reason);
    hintPly = model.ply;
    $("hint-text").textContent = sentence + why;
    $("hint-text").hidden = false;
    for (const b of document.querySelectorAll("button[data-action]")) b.classList.toggle("suggested", b.dataset.action === hint.action);
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
  } finally {
    busy = false;
  }
}

// --- the advisor (a game's odds for the decision at hand; a toggle, off by default) ------
let adviceFor = "";
let adviceData = null;

function advisorOn() {
  return store.get("cardtable:advisor") === "1";
}

async function renderAdvisor() {
  const box = $("advisor");
  const game = PANELS[model.game];
  if (!game.hasAdvisor || !advisorOn() || !model.your_turn) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const position = `${model.seed}:${model.ply}`;
  if (adviceFor === position && adviceData) {
    box.replaceChildren(game.advice(adviceData, model.view, ui));
    return;
  }
  if (adviceFor === position) return; // already asked: the answer is on its way
  adviceFor = position;
  adviceData = null;
  box.replaceChildren(el("p", { class: "advice-wait" }, t("advisor.thinking")));
  try {
    const { advice } = await call({ op: "advice" });
    if (adviceFor !== position || `${model.seed}:${model.ply}` !== position) return; // the game moved on
    adviceData = advice;
    box.replaceChildren(game.advice(advice, model.view, ui));
  } catch (e) {
    adviceFor = "";
    box.replaceChildren(el("p", {}, t(`error.${e.kind ?? "internal"}`, { error: e.message })));
  }
}

// At the next frame: focus() lays the page out to see what can take it, and there
// the browser lays it out anyway (called now, it was a second layout in every move).
function focusTurn() {
  requestAnimationFrame(() => {
    if (!model?.your_turn) return;
    const inside = document.activeElement?.closest?.("#table");
    if (inside && document.activeElement.dataset.action === undefined && document.activeElement.tagName !== "BODY") return;
    const first = document.querySelector("#panel [data-action], #actions [data-action], #hand [data-action]");
    first?.focus({ preventScroll: true });
  });
}

// --- talking to the engine -------------------------------------------------------------
async function call(request) {
  const answer = await engine.request(request);
  if (!answer.ok) {
    const err = new Error(answer.error);
    err.kind = answer.kind;
    throw err;
  }
  return answer;
}

function accept(answer) {
  const wasOver = model?.over ?? true;
  model = answer.model;
  if (model.over && !wasOver && !viewingShare) recordResult();
  logged.push(...model.events);
  save();
  render();
  document.documentElement.dataset.ready = "true"; // the table is drawn and answers clicks
  keepForOffline(); // once, now that the boot's downloads are over
}

function save() {
  if (viewingShare) return; // a shared game becomes the reader's own once they play on
  const key = `cardtable:save:${model.game}`;
  if (model.over) store.remove(key);
  else if (!store.set(key, JSON.stringify(model.save)) && !store.warned) {
    store.warned = true;
    showNote("error.storage"); // e.g. an embed in a cross-site iframe: play on, unsaved
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A decision the game answers for the player unless they act within the pause
// (Toepen: "knock?" before another player's card passes by itself). A click on a
// legal button during the pause settles it instead.
let pendingChoice = null;

function waitForChoice(ms) {
  return new Promise((resolve) => {
    pendingChoice = resolve;
    setTimeout(() => resolve(null), ms);
  });
}

async function runBots() {
  let quiet = false; // a move that showed nothing (a bot passing on a knock) needs no pause
  for (;;) {
    while (model && !model.over && !model.your_turn && !viewingShare) {
      $("table").setAttribute("aria-busy", "true");
      await sleep(instant() || quiet ? 0 : BOT_DELAY_MS);
      accept(await call({ op: "bot" }));
      quiet = model.events.length === 0;
    }
    $("table").removeAttribute("aria-busy");
    const table = model && !model.over && !viewingShare ? PANELS[model.game] : null;
    const forced = table?.forcedAction?.(model); // no choice to make: answered at once
    if (forced) {
      accept(await call({ op: "act", action: forced }));
      quiet = model.events.length === 0;
      continue;
    }
    quiet = false;
    const auto = table?.autoAction?.(model, ui) ?? null;
    if (!auto) break;
    const chosen = await waitForChoice(instant() ? 0 : BOT_DELAY_MS);
    pendingChoice = null;
    accept(await call({ op: "act", action: chosen ?? auto }));
  }
  focusTurn();
}

async function onAction(action) {
  if (pendingChoice && model?.legal.includes(action)) { // answered within the pause
    const settle = pendingChoice;
    pendingChoice = null;
    settle(action);
    return;
  }
  if (busy || !model?.legal.includes(action)) return;
  busy = true;
  clearAlert();
  if (viewingShare) finishShare(); // the reader plays on from the shared position
  // Until the engine answers, no decision is open: disable every action button.
  for (const b of document.querySelectorAll("button[data-action]")) b.disabled = true;
  try {
    accept(await call({ op: "act", action }));
    await runBots();
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
    if (model) render(); // the state is unchanged: offer the same decisions again
  } finally {
    busy = false;
  }
}

function instant() {
  return params.get("speed") === "instant" || store.get("cardtable:instant") === "1";
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (MAX_SEED + 1);
}

async function newGame(seed, { keepAlert = false } = {}) {
  if (!keepAlert) clearAlert();
  clearLog();
  const game = params.get("game");
  const options = gameOptions();
  try {
    accept(await call({ op: "new", game, seed, options, level: level() }));
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
    accept(await call({ op: "new", game, seed, level: level() }));
  }
  params.set("seed", String(seed));
  history.replaceState(null, "", `?${params}`);
  await runBots();
}

function level() {
  const asked = params.get("level");
  if (LEVELS.includes(asked)) return asked;
  const saved = store.get("cardtable:level");
  if (LEVELS.includes(saved)) return saved;
  return LEVELS.includes("normal") ? "normal" : LEVELS[LEVELS.length - 1];
}

// Rule options from the address: every parameter but the page's own.
const PAGE_PARAMS = ["game", "lang", "seed", "level", "speed", "embed", "autoplay", "share", "stop", "caption",
  "snapshot"];

function gameOptions() {
  const out = {};
  for (const [k, v] of params) {
    if (PAGE_PARAMS.includes(k)) continue;
    out[k] = /^-?\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  }
  return Object.keys(out).length ? out : null;
}

function parseSeed() {
  const raw = params.get("seed");
  if (raw === null) return null;
  if (/^\d{1,10}$/.test(raw) && Number(raw) <= MAX_SEED) return Number(raw);
  showAlert(t("error.bad_param", { name: "seed", value: raw, why: t("error.seed") }));
  params.delete("seed");
  return null;
}

// A saved game continues unless the address asks for another deal, level or rules.
function matchesAddress(saved, seedAsked) {
  let save;
  try { save = JSON.parse(saved); } catch { return true; } // restore reports the damage
  if (seedAsked !== null && save.seed !== seedAsked) return false;
  if (params.has("level") && LEVELS.includes(params.get("level")) && save.level !== params.get("level")) return false;
  const asked = gameOptions() ?? {};
  return Object.entries(asked).every(([k, v]) => save.options?.[k] === v);
}

// --- start-up ----------------------------------------------------------------------------
// On a game page the engine is already booting (web/js/preload.js started it as the
// page opened): the runtime's download and start-up are the whole wait, so nothing
// may sit in front of them. Its stages are shown once the table is there.
let bootStage = "runtime";
const BOOT_PROGRESS = { runtime: 15, python: 70, ready: 100 };

function bootEngine() {
  const onStage = (name) => { bootStage = name; showBootStage(); };
  const early = window.cardtableBoot; // started by preload.js as the page opened
  if (!early) return startEngine({ snapshot: params.get("snapshot"), onStage }); // an embed's poster, on Play
  bootStage = early.stage;
  early.listeners.push(onStage);
  return early.engine;
}

function showBootStage() {
  if ($("table").hidden) return;
  $("boot-bar").value = BOOT_PROGRESS[bootStage] ?? 50;
  $("boot-text").textContent = t(`boot.${bootStage}`);
}

function showHome() {
  $("home").hidden = false;
  const list = $("games");
  list.replaceChildren(...GAMES.concat(COMING).map((g) => {
    const item = el("li", { class: "game-card" + (PANELS[g] ? "" : " coming") });
    item.append(el("h2", {}, t(`game.${g}`)), el("p", {}, t(`game.${g}.line`)));
    if (PANELS[g]) {
      const links = el("p", { class: "links" });
      links.append(el("a", { class: "play", href: `?game=${g}&lang=${lang}` }, t("site.play")),
        el("a", { class: "rules-link", href: `rules.html?game=${g}&lang=${lang}` }, t("rules.link")));
      item.append(links);
    } else {
      item.append(el("span", { class: "badge" }, t("site.coming")));
    }
    return item;
  }));
  document.documentElement.dataset.ready = "true";
}

async function showTable(game) {
  $("table").hidden = false;
  $("game-title").dataset.i18n = `game.${game}`;
  $("rules-link").href = `rules.html?game=${game}&lang=${lang}`;
  $("game-title").textContent = t(`game.${game}`);
  const seedAsked = parseSeed();
  renderSkeleton(game);
  requestAnimationFrame(() => performance.mark("cardtable:skeleton")); // bench/boot.py: the frame that shows it
  const booting = bootEngine();
  showBootStage();
  engine = await booting;
  $("boot").hidden = true;
  const info = (await call({ op: "games", game })).games[0];
  LEVELS = info?.levels ?? LEVELS;
  const playersOption = info?.options?.players;
  playerRange = playersOption ? [playersOption.min, playersOption.max] : null;
  partnerChoices = info?.options?.partner?.choices ?? null;
  if (params.has("level") && !LEVELS.includes(params.get("level"))) {
    showAlert(t("error.bad_param", { name: "level", value: params.get("level"), why: t("error.level", { levels: LEVELS.join(", ") }) }));
  }
  if (params.has("share") && await openShare(game)) {
    setupSettings();
    return;
  }
  const saved = store.get(`cardtable:save:${game}`);
  let restored = false;
  if (saved && matchesAddress(saved, seedAsked)) {
    try {
      accept(await call({ op: "restore", save: JSON.parse(saved) }));
      restored = true;
      params.set("seed", String(model.seed));
      history.replaceState(null, "", `?${params}`);
    } catch (e) {
      store.set(`cardtable:save:${game}:unreadable`, saved); // set aside, not lost
      store.remove(`cardtable:save:${game}`);
      showAlert(t("error.bad_save", { error: e.message }));
    }
  }
  setupSettings();
  if (restored) await runBots();
  else await newGame(seedAsked ?? randomSeed(), { keepAlert: true });
}

// --- share codes and demos --------------------------------------------------------------
// ?share=<code> replays a shared game; &stop=N stops at move N as a demo, with
// &caption=… (plain text) above the table, a "Next move" stepper through the rest
// of the recording, and "Play on". A bad code: a message and a fresh game.
async function openShare(game) {
  const stopText = params.get("stop");
  const stop = stopText !== null && /^\d{1,4}$/.test(stopText) ? Number(stopText) : null;
  try {
    const answer = await call({ op: "share", code: params.get("share"), stop });
    if (answer.model.game !== game) throw new Error(t("error.share_game"));
    viewingShare = true;
    clearLog();
    accept(answer);
    if (stopText === null && answer.recorded === 0) {
      finishShare(); // a plain shared game: it is simply continued
      await runBots();
    } else {
      showDemo(answer.recorded);
    }
    return true;
  } catch (e) {
    showAlert(t("error.bad_share", { error: e.message }));
    dropShareParams();
    return false;
  }
}

function showDemo(recorded) {
  const caption = (params.get("caption") ?? "").trim().slice(0, 300);
  $("demo-caption").textContent = caption || t("demo.caption");
  $("demo").hidden = false;
  updateDemo(recorded);
  $("demo-next").onclick = async () => {
    if (busy) return;
    busy = true;
    try {
      const answer = await call({ op: "step" });
      accept(answer);
      updateDemo(answer.recorded);
    } finally {
      busy = false;
    }
  };
  $("demo-play-on").onclick = async () => {
    finishShare();
    await runBots();
  };
}

function updateDemo(recorded) {
  $("demo-next").hidden = recorded === 0 || model.over;
  if (recorded === 0 && !$("demo-caption").dataset.ended) {
    $("demo-caption").dataset.ended = "1";
    $("demo-caption").textContent += ` ${t("demo.end")}`;
  }
}

function finishShare() {
  viewingShare = false;
  $("demo").hidden = true;
  dropShareParams();
  save();
}

function dropShareParams() {
  for (const k of ["share", "stop", "caption"]) params.delete(k);
  if (model) params.set("seed", String(model.seed));
  history.replaceState(null, "", `?${params}`);
}

function shareLink() {
  const url = new URL(location.href);
  url.search = new URLSearchParams({ game: model.game, lang, share: model.share }).toString();
  return url.href;
}

// The empty table, drawn before any Python runs so the page is never blank.
function renderSkeleton(game) {
  const panels = PANELS[game];
  const stub = { tricks: [], value: 1, hand: [], hand_counts: [3, 3] };
  $("seat-1").replaceChildren(el("div", { class: "seat-head" }, t("table.bot")));
  $("seat-0").replaceChildren(el("div", { class: "seat-head" }, t("table.you")));
  $("tricks").replaceChildren(panels.tricks(stub, 0, ui));
  $("panel").replaceChildren(panels.panel(stub, ui));
}

function setupSettings() {
  const select = $("level");
  select.replaceChildren(...LEVELS.map((lv) => el("option", { value: lv }, t(`level.${lv}`))));
  select.value = model?.level ?? level();
  select.onchange = () => {
    store.set("cardtable:level", select.value);
    params.set("level", select.value);
    if (!busy) newGame(randomSeed());
  };
  $("four-colour").checked = fourColour();
  $("four-colour").onchange = (e) => { store.set("cardtable:four-colour", e.target.checked ? "1" : "0"); if (model) render(); };
  $("show-count-box").hidden = !PANELS[params.get("game")]?.hasCount;
  const solo = Boolean(INFO[params.get("game")]?.solitaire);
  setupPlayers();
  $("level-box").hidden = solo; // a solitaire has no bots to choose or to wait for
  $("instant-box").hidden = solo;
  $("learning-box").hidden = solo; // a solitaire hides nothing from an opponent
  $("learning").checked = learningOn();
  $("learning").onchange = (e) => { store.set("cardtable:learning", e.target.checked ? "1" : "0"); if (model) render(); };
  $("advisor-box").hidden = !PANELS[params.get("game")]?.hasAdvisor;
  $("advisor-toggle").checked = advisorOn();
  $("advisor-toggle").onchange = (e) => { store.set("cardtable:advisor", e.target.checked ? "1" : "0"); if (model) render(); };
  $("show-count").checked = ui.showCount;
  $("show-count").onchange = (e) => { store.set("cardtable:show-count", e.target.checked ? "1" : "0"); if (model) render(); };
  setupPartner();
  $("knock-stops-box").hidden = !PANELS[params.get("game")]?.knockStops;
  $("knock-stops").checked = ui.knockStops;
  $("knock-stops").onchange = (e) => { store.set("cardtable:knock-stops", e.target.checked ? "1" : "0"); if (model) render(); };
  $("instant").checked = instant();
  $("instant").onchange = (e) => store.set("cardtable:instant", e.target.checked ? "1" : "0");
  $("new-game").onclick = () => { if (!busy) newGame(randomSeed()); };
  $("hint").onclick = () => showHint();
  $("share").onclick = async () => {
    if (!model) return;
    const link = shareLink();
    $("share-box").hidden = false;
    $("share-link").value = link;
    $("share-link").select();
    let copied = false;
    try { await navigator.clipboard.writeText(link); copied = true; } catch { /* the link is shown to copy by hand */ }
    $("share-note").textContent = t(copied ? "share.copied" : "share.copy_by_hand");
  };
}

// Games for three or more (Japanese Loo) let the player choose the table's size;
// it is the game's "players" option, so it travels in saves, links and embeds.
let playerRange = null;
let partnerChoices = null;

function setupPlayers() {
  const box = $("players-box");
  box.hidden = !playerRange;
  if (!playerRange) return;
  const select = $("players");
  const [lo, hi] = playerRange;
  select.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) => el("option", { value: String(lo + i) }, String(lo + i))));
  select.value = String(model?.options?.players ?? lo);
  select.onchange = () => {
    params.set("players", select.value);
    if (!busy) newGame(randomSeed());
  };
}

// A partnership game (Brazilian Truco) lets the player say what the bot partner may
// decide alone; it is the game's "partner" option, so it travels like the rules.
function setupPartner() {
  const box = $("partner-box");
  const choices = partnerChoices;
  box.hidden = !choices;
  if (!choices) return;
  const select = $("partner");
  select.replaceChildren(...choices.map((c) => el("option", { value: c }, t(`option.${params.get("game")}.partner.${c}`))));
  select.value = model?.options?.partner ?? choices[0];
  select.onchange = () => {
    params.set("partner", select.value);
    if (!busy) newGame(randomSeed());
  };
}

async function switchLanguage() {
  const next = lang === "ja" ? "en" : "ja";
  await loadLanguage(next);
  store.set("cardtable:lang", next);
  $("rules-link").href = `rules.html?game=${params.get("game")}&lang=${next}`;
  params.set("lang", next);
  history.replaceState(null, "", `?${params}`);
  if (!$("home").hidden) showHome();
  if (model) { setupSettings(); render(); renderLog({ redraw: true }); }
}

function openStorage() {
  // localStorage may be refused (private modes, third-party iframes): play on without it.
  let ls = null;
  try { ls = window.localStorage; ls.getItem("x"); } catch { ls = null; }
  return {
    warned: false,
    get: (k) => { try { return ls ? ls.getItem(k) : null; } catch { return null; } },
    set: (k, v) => { try { if (!ls) return false; ls.setItem(k, v); return true; } catch { return false; } },
    remove: (k) => { try { ls?.removeItem(k); } catch { /* nothing to remove */ } },
  };
}

// --- embedded in an article (embed=1) --------------------------------------------------
function setupEmbed() {
  document.documentElement.classList.add("embed");
  $("embed-bar").append($("new-game"), $("lang"));
  $("embed-bar").hidden = false;
  reportHeight();
}

// The same game on the site itself, for a reader who wants more than the embed.
function siteLink() {
  const game = params.get("game");
  return game ? `./?game=${encodeURIComponent(game)}&lang=${lang}` : "./";
}

// Tell the parent page our height whenever it changes; web/embed.js on the
// article's page resizes the iframe to it, so the game never scrolls inside.
function reportHeight() {
  if (window.parent === window) return;
  let last = 0;
  const post = (again = false) => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last && !again) return;
    last = height;
    window.parent.postMessage({ type: "cardtable:height", height, game: params.get("game") }, "*");
  };
  new ResizeObserver(() => post()).observe(document.documentElement);
  // embed.js may start after our first report: it asks, we answer.
  window.addEventListener("message", (e) => {
    if (e.source === window.parent && e.data?.type === "cardtable:ask-height") post(true);
  });
}

// A light poster instead of the table: the game's name, three of its cards, one line
// and Play. The Python runtime (about 14 MB) downloads only once the reader presses Play.
function showPoster(game) {
  $("poster-title").dataset.i18n = `game.${game}`;
  $("poster-title").textContent = t(`game.${game}`);
  $("poster-line").dataset.i18n = `game.${game}.line`;
  $("poster-line").textContent = t(`game.${game}.line`);
  $("poster-cards").replaceChildren(...INFO[game].poster.map((code) => card(code)));
  $("poster").hidden = false;
  $("new-game").hidden = true;
  document.documentElement.dataset.ready = "poster";
  return new Promise((resolve) => {
    $("play").addEventListener("click", () => {
      $("poster").hidden = true;
      $("new-game").hidden = false;
      delete document.documentElement.dataset.ready;
      resolve();
    }, { once: true });
  });
}

async function main() {
  const game = params.get("game");
  const poster = embedded && params.get("autoplay") !== "1"; // the runtime waits for Play
  if (embedded) setupEmbed(); // first: the site's header never shows in an article
  const catalogue = loadCatalogue(); // beside the words, not after them
  await loadLanguage(chooseLanguage(params.get("lang"), store.get("cardtable:lang")));
  ({ GAMES, INFO, COMING } = listed(await catalogue));
  setTitle(); // the game's name, now that the list is known
  $("lang").addEventListener("click", () => switchLanguage());
  document.addEventListener("click", (e) => {
    const button = e.target.closest("button[data-action]");
    if (button) onAction(button.dataset.action);
  });
  if (!game) return showHome();
  if (!GAMES.includes(game)) {
    showAlert(t("error.unknown_game", { value: game }));
    return showHome();
  }
  if (!PANELS[game]) {
    showAlert(t("error.not_yet", { game: t(`game.${game}`) }));
    return showHome();
  }
  if (poster) await showPoster(game);
  await showTable(game);
}

main().catch((e) => {
  console.error(e);
  $("boot").hidden = true;
  showAlert(`${t("boot.failed", { error: e?.message ?? e })} ${t("boot.retry")}`);
  document.documentElement.dataset.ready = "error";
});
