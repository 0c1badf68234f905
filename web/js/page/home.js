// The landing page: every game as a card with its characteristic cards (games.json's
// poster, drawn with our own card art), how many play, one line, and its links:
// Play (Continue and New game when a game is saved), Today's deal (daily.js), Learn
// to play (the guided first game), Rules, Embed in your article.
// The addresses come from links.js; the player counts are games.json's, as words.

import { loadCatalogue } from "../catalogue.js";
import { dailyLink, embedLink, gameLink, rulesLink, tutorialLink } from "../links.js";
import { card } from "./cardview.js";
import { $, el } from "./dom.js";
import { randomSeed } from "./address.js";
import { storage } from "./storage.js";
import { has, lang, t } from "./words.js";

// "2 players", "3–10 players", "Solitaire: one player", or the game's own sentence
// (home.players.<game>) where a number alone would not say who sits where.
function playersText(info) {
  const [min, max] = info.players;
  const own = `home.players.${info.name}`;
  if (has(own)) return t(own);
  if (info.solitaire) return t("home.players_solitaire");
  return min === max ? t("home.players_fixed", { n: min }) : t("home.players", { min, max });
}

const link = (cls, href, text, label) => el("a", { class: cls, href, "aria-label": label }, text);

function gameCard(info) {
  const g = info.name;
  const name = t(`game.${g}`);
  const saved = storage.get(`cardtable:save:${g}`) !== null;
  const item = el("li", { class: "game-card", "data-game": g });
  const cards = el("div", { class: "home-cards", "aria-hidden": "true" });
  cards.append(...info.poster.map((code) => card(code)));
  const links = el("p", { class: "links" });
  if (saved) {
    // the table restores the save at the plain address; a fresh deal's seed starts anew
    links.append(link("play continue", gameLink(g, lang), t("home.continue"), t("home.continue_label", { game: name })),
      link("new-game", gameLink(g, lang, { seed: randomSeed() }), t("home.new_game"), t("home.new_game_label", { game: name })));
  } else {
    links.append(link("play", gameLink(g, lang), t("site.play"), t("home.play_label", { game: name })));
  }
  links.append(link("daily-link", dailyLink(g, lang), t("daily.link"), t("daily.link_label", { game: name })),
    link("learn-link", tutorialLink(g, lang), t("tutorial.learn"), t("tutorial.learn_label", { game: name })),
    link("rules-link", rulesLink(g, lang), t("rules.link"), t("home.rules_label", { game: name })),
    link("embed-link", embedLink(g, lang), t("home.embed"), t("home.embed_label", { game: name })));
  item.append(cards, el("h2", {}, name), el("p", { class: "players" }, playersText(info)),
    el("p", { class: "line" }, t(`game.${g}.line`)), links);
  return item;
}

export async function showHome(playable) {
  const { games } = await loadCatalogue();
  $("home").hidden = false;
  $("builder-link").href = embedLink(null, lang);
  const open = games.filter((g) => playable.includes(g.name)).map(gameCard);
  $("games").replaceChildren(...open);
  document.documentElement.dataset.ready = "true";
}
