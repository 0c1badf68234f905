// embed.html: a blogger picks a game, language, rules, bot level and deal, sees the
// embed live, and copies the iframe snippet. The games, their options (defaults,
// choices, bounds) and bot levels come from games.json, which build.py writes from
// the engine's own answer to {"op": "games"}: no Python runs on this page.

import { loadCatalogue } from "./catalogue.js";
import { fieldValue, ruleField } from "./rule-options.js";
import { chooseLanguage, format, loadWords, translatePage } from "./i18n.js";
import { leaving } from "./leaving.js";

const $ = (id) => document.getElementById(id);
const SITE = new URL("../../", import.meta.url).href; // this file is <site>/web/js/
const PREVIEW_HEIGHT = 720; // px: the game takes the height it is given and keeps it (web/js/page/embed-frame.js)

let dict = {};
let lang = "en";
let games = [];
const wordsByLang = {};

async function wordsOf(code) {
  wordsByLang[code] ??= await loadWords(code);
  return wordsByLang[code];
}

const t = (key, args) => format(dict, key, args);

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const game = () => games.find((g) => g.name === $("game").value) ?? games[0];

// --- the form --------------------------------------------------------------------
function fillGames() {
  const chosen = $("game").value;
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name }, t(`game.${g.name}`))));
  if (chosen) $("game").value = chosen;
}

function fillLevels() {
  const chosen = $("level").value;
  const levels = game().levels;
  $("level").replaceChildren(...levels.map((lv) => el("option", { value: lv }, t(`level.${lv}`))));
  $("level").value = levels.includes(chosen) ? chosen : levels.includes("normal") ? "normal" : levels.at(-1);
  $("level").closest("label").hidden = game().players[1] === 1; // a solitaire has no bots
}

// `kept`: the values chosen so far (a language switch redraws the labels, not the choices).
function fillRules(kept = {}) {
  const options = game().options;
  const words = { t, has: (key) => key in dict };
  $("rule-fields").replaceChildren(...Object.entries(options).map(([name, option]) =>
    ruleField(words, game().name, name, option, kept[name] ?? option.default, { idPrefix: "builder-rule" })));
}

function ruleInputs() {
  return [...$("rule-fields").querySelectorAll("[data-option]")];
}

function chosenRules() {
  const options = game().options;
  return Object.fromEntries(ruleInputs().map((i) => [i.dataset.option, fieldValue(i, options[i.dataset.option])]));
}

// --- the snippet ---------------------------------------------------------------------
// The rule options that differ from the defaults, as address parameters.
function ruleParams(params) {
  const options = game().options;
  for (const input of ruleInputs()) {
    const option = options[input.dataset.option];
    const value = fieldValue(input, option); // a bad number keeps the default
    if (value !== undefined && value !== option.default) params.set(input.dataset.option, String(value));
  }
}

function embedURL() {
  const params = new URLSearchParams({ game: game().name, lang: $("embed-lang").value, embed: "1" });
  // today's deal: the day decides the deal, the rules (the article's) and the level (docs/daily.md)
  if ($("daily").checked) params.set("daily", "1");
  for (const id of ["level", "seed", "rules"]) $(id).disabled = $("daily").checked;
  if ($("daily").checked) return `${SITE}index.html?${params}`;
  if (game().players[1] > 1) params.set("level", $("level").value);
  const seed = $("seed").value;
  if (seed !== "" && $("seed").checkValidity()) params.set("seed", seed); // 0–2147483647, whole
  ruleParams(params);
  return `${SITE}index.html?${params}`;
}

const escapeHTML = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// The iframe's title (a screen reader's name for it) is in the embed's language.
function snippet(url, words) {
  const title = `${format(words, `game.${game().name}`)} — ${format(words, "site.title")}`;
  const style = `display:block;width:100%;max-width:760px;height:${PREVIEW_HEIGHT}px;border:0`;
  // width and height too: WordPress keeps them where it drops style (sitebuild/pages.py's
  // embed_snippet makes the same lines for the oEmbed answer).
  return `<iframe src="${escapeHTML(url)}" width="760" height="${PREVIEW_HEIGHT}" title="${escapeHTML(title)}" data-cardtable loading="lazy" style="${style}"></iframe>\n`
    + `<script src="${escapeHTML(SITE)}web/embed.js" defer></script>`;
}

async function update() {
  const url = embedURL();
  $("snippet").value = snippet(url, await wordsOf($("embed-lang").value));
  // The preview is the reader's view: the same address (the poster first).
  if ($("preview").getAttribute("src") !== url) $("preview").src = url;
  $("preview").title = t("builder.preview");
  $("copy-status").textContent = "";
}

// Any field changed; another game has other levels and rules.
function onInput(event) {
  if (event.target === $("game")) {
    fillLevels();
    fillRules();
  }
  update();
}

async function copySnippet() {
  const text = $("snippet").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    $("snippet").select(); // an older or stricter browser: the selection may still copy
    if (!document.execCommand("copy")) {
      $("copy-status").textContent = t("builder.copy_failed");
      return;
    }
  }
  $("copy-status").textContent = t("builder.copied");
}

// --- start-up --------------------------------------------------------------------------
function savedLanguage() {
  try { return localStorage.getItem("cardtable:lang"); } catch { return null; }
}

async function setLanguage(code) {
  dict = await wordsOf(code);
  lang = code;
  document.documentElement.lang = code;
  document.title = `${t("builder.title")} — ${t("site.title")}`;
  translatePage(t);
}

async function switchLanguage() {
  const next = lang === "ja" ? "en" : "ja";
  try { localStorage.setItem("cardtable:lang", next); } catch { /* not saved: fine */ }
  await setLanguage(next);
  fillGames();
  fillLevels();
  fillRules(chosenRules());
  await update();
}

async function main() {
  const params = new URLSearchParams(location.search);
  await setLanguage(chooseLanguage(params.get("lang"), savedLanguage()));
  games = (await loadCatalogue()).games;
  $("embed-lang").value = lang;
  fillGames();
  // embed.html?game=<name>: the landing and rules pages open the builder on their game
  if (games.some((g) => g.name === params.get("game"))) $("game").value = params.get("game");
  fillLevels();
  fillRules();
  $("preview").style.height = `${PREVIEW_HEIGHT}px`;
  $("form").addEventListener("input", onInput);
  $("form").addEventListener("submit", (e) => e.preventDefault());
  $("copy").addEventListener("click", copySnippet);
  $("lang").addEventListener("click", switchLanguage);
  await update();
  document.documentElement.dataset.ready = "true";
}

main().catch((e) => {
  if (leaving()) return; // its fetches aborted by the browser, not failed
  console.error(e);
  $("alert").textContent = String(e?.message ?? e);
  $("alert").hidden = false;
  document.documentElement.dataset.ready = "error";
});
