// Embedded in an article (embed=1): a compact bar in place of the site's header, one
// steady height told to the parent (web/embed.js, or WordPress's wp-embed.js, sizes
// the iframe to it), and a light poster instead of the table until the reader
// presses Play. The page is exactly as tall as the iframe (html.embed in table.css):
// the table lays itself out in that height, so the article never jumps.

import { $ } from "./dom.js";
import { card } from "./cardview.js";
import { t } from "./words.js";
import { params } from "./address.js";

// Below this the table cannot be played with every decision on screen; it is also
// the height of the first snippets the builder made, which every game is checked at.
export const MIN_HEIGHT = 440;
// WordPress shows an embed at most this tall (wp-embed.js), and so do we.
export const MAX_HEIGHT = 1000;

export function setupEmbed() {
  document.documentElement.classList.add("embed");
  $("embed-bar").append($("new-game"), $("lang"));
  $("embed-bar").hidden = false;
  keepLinksUseful();
  reportHeight();
}

// WordPress adds #?secret=<10 characters> to the iframe's address and only believes
// messages that carry it back.
export function wordPressSecret(hash = location.hash) {
  return hash.match(/[#?&]secret=([A-Za-z0-9]+)/)?.[1] ?? null;
}

// A sandboxed iframe without allow-same-origin (WordPress's embed) has the origin
// "null", and it may open no new window.
const sandboxed = () => globalThis.origin === "null";

// One height, told once at load: the iframe's own (the snippet's), at least
// MIN_HEIGHT, at most MAX_HEIGHT. It never changes after, through Play and the game.
function reportHeight() {
  if (window.parent === window) return;
  const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.round(window.innerHeight)));
  const secret = wordPressSecret();
  const post = () => {
    // "*": the parent is the article, on any site; the height is no secret of ours.
    window.parent.postMessage({ type: "cardtable:height", height, game: params.get("game") }, "*");
    if (secret) window.parent.postMessage({ secret, message: "height", value: height }, "*");
  };
  post();
  // embed.js or wp-embed.js may start after our report: they ask, we answer.
  window.addEventListener("message", (e) => {
    if (e.source !== window.parent) return;
    if (e.data?.type === "cardtable:ask-height" || (secret && e.data?.message === "ready" && e.data?.secret === secret)) post();
  });
}

// The links that open the site in a new tab (the site, the rules) can open nothing
// in a sandbox. Under WordPress they ask the article's page to go there (its "link"
// message: the reader leaves the article for the site, in the same tab); in any
// other sandbox they would do nothing, so they are hidden.
function keepLinksUseful() {
  if (!sandboxed()) return;
  const secret = wordPressSecret();
  if (!secret) {
    document.documentElement.classList.add("no-new-tabs");
    return;
  }
  document.addEventListener("click", (e) => {
    const link = e.target.closest?.("a[target=_blank]");
    if (!link) return;
    e.preventDefault();
    window.parent.postMessage({ secret, message: "link", value: link.href }, "*");
  });
}

// The game's name, three of its cards, one line and Play. The Python runtime (about
// 14 MB) downloads only once the reader presses Play.
export function showPoster(game, posterCards) {
  $("poster-title").dataset.i18n = `game.${game}`;
  $("poster-title").textContent = t(`game.${game}`);
  $("poster-line").dataset.i18n = `game.${game}.line`;
  $("poster-line").textContent = t(`game.${game}.line`);
  $("poster-cards").replaceChildren(...posterCards.map((code) => card(code)));
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
