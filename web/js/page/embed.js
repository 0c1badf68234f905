// Embedded in an article (embed=1): a compact bar in place of the site's header,
// the page's height told to the parent (web/embed.js sizes the iframe to it), and
// a light poster instead of the table until the reader presses Play.

import { $ } from "./dom.js";
import { card } from "./cardview.js";
import { t } from "./words.js";
import { params } from "./address.js";

export function setupEmbed() {
  document.documentElement.classList.add("embed");
  $("embed-bar").append($("new-game"), $("lang"));
  $("embed-bar").hidden = false;
  reportHeight();
}

// Tell the parent page our height whenever it changes, so the game never scrolls inside.
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
