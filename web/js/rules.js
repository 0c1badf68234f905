// The rules page: rules.html?game=<name>&lang=<ja|en>. The text is our own static
// page per game and language (web/rules/<game>.<lang>.html); the options table is
// drawn from dist/games.json, the engine's own list, so it cannot drift from it.

import { loadCatalogue } from "./catalogue.js";
import { embedLink, gameLink, tutorialLink, useManifest } from "./links.js";
import { choicesText, optionName, valueName } from "./rule-options.js";
import { chooseLanguage, format, loadWords, translatePage } from "./i18n.js";
import { leaving } from "./leaving.js";

const params = new URLSearchParams(location.search);
// A game's own rules page (rules/<game>/<lang>/) names its game and language on <html>.
for (const [k, v] of [["game", document.documentElement.dataset.game], ["lang", document.documentElement.dataset.pageLang]]) {
  if (v && !params.has(k)) params.set(k, v);
}
const $ = (id) => document.getElementById(id);
let dict = {};

// "Read the article (Japanese): <title>, <title>", each opening in a new tab: the
// articles the game's rules follow, as its GAME declares them (games.json). The
// i18n line rules.source.<game> names them and says what was taken from them.
function articleLinks(info) {
  const list = info.articles ?? [];
  if (!list.length) return [t("rules.article_unlinked")];
  const out = [t("rules.article"), " "];
  list.forEach(({ title, url }, i) => {
    const a = el("a", title);
    Object.assign(a, { href: url, target: "_blank", rel: "noopener", className: "article-link", lang: "ja" });
    a.setAttribute("aria-label", t("rules.article_new_tab", { title }));
    if (i) out.push(t("list.separator"));
    out.push(a);
  });
  return out;
}
const t = (key, args) => format(dict, key, args);

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

async function show(lang) {
  const [words, { games }] = await Promise.all([loadWords(lang), loadCatalogue()]);
  dict = words;
  document.documentElement.lang = lang;
  useManifest(lang);
  translatePage(t);
  const info = games.find((g) => g.name === params.get("game")) ?? games[0];
  const game = info.name;
  document.title = `${t("rules.title", { game: t(`game.${game}`) })} — ${t("site.title")}`;
  $("title").textContent = t("rules.title", { game: t(`game.${game}`) });
  $("play").textContent = t("rules.play", { game: t(`game.${game}`) });
  $("play").href = gameLink(game, lang);
  $("learn").textContent = t("tutorial.learn");
  $("learn").href = tutorialLink(game, lang);
  $("embed").textContent = t("rules.embed", { game: t(`game.${game}`) });
  $("embed").href = embedLink(game, lang);
  $("source").textContent = t(`rules.source.${game}`);
  $("articles").replaceChildren(...articleLinks(info));
  const res = await fetch(new URL(`../rules/${game}.${lang}.html`, import.meta.url));
  if (!res.ok) throw new Error(`missing rules text (HTTP ${res.status})`);
  $("text").innerHTML = await res.text(); // our own static page, never built from the address
  const rows = [el("tr")];
  rows[0].append(el("th", t("rules.option")), el("th", t("rules.default")), el("th", t("rules.choices")));
  for (const [name, opt] of Object.entries(info.options)) {
    const words = { t, has: (key) => key in dict };
    const row = el("tr");
    row.dataset.option = name;
    row.append(el("td", optionName(words, game, name)), el("td", valueName(words, game, name, opt.default)),
      el("td", choicesText(words, game, name, opt)));
    const code = el("code", `${name}=`);
    row.cells[0].append(" ", code);
    rows.push(row);
  }
  $("options").replaceChildren(...rows);
  // a section asked for by the address: the options (the table's house-rules line) or a
  // rule a step of the guided first game teaches (its link names the section's id)
  const asked = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  asked?.scrollIntoView();
  asked?.classList.add("asked");
  document.documentElement.dataset.ready = "true";
}

let saved = null;
try { saved = localStorage.getItem("cardtable:lang"); } catch { /* storage refused: use the browser language */ }
let lang = chooseLanguage(params.get("lang"), saved);
$("lang").addEventListener("click", async () => {
  lang = lang === "ja" ? "en" : "ja";
  params.set("lang", lang);
  history.replaceState(null, "", `${location.pathname}?${params}`); // this page's path: <base> is the root
  await show(lang);
});
show(lang).catch((e) => {
  if (leaving()) return; // its fetches aborted by the browser, not failed
  $("alert").hidden = false;
  $("alert").textContent = String(e?.message ?? e);
});
