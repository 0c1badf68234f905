// The landing page: every game the site lists, the playable ones with Play and
// Rules links, the others marked as coming.

import { $, el } from "./dom.js";
import { lang, t } from "./words.js";

export function showHome(playable, coming) {
  $("home").hidden = false;
  $("games").replaceChildren(...playable.concat(coming).map((g) => {
    const open = playable.includes(g);
    const item = el("li", { class: "game-card" + (open ? "" : " coming") });
    item.append(el("h2", {}, t(`game.${g}`)), el("p", {}, t(`game.${g}.line`)));
    if (open) {
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
