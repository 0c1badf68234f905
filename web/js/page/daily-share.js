// A daily's result to share (issue 40): a short text for X, LINE or Threads in the
// player's language: the site, "Today's deal", the day, the game, the player's result
// and the strong bot's (once known: the duplicate's) in the game's unit, and the link to
// that day's deal; never a card or a move, so it spoils nothing. Shared through the
// phone's share sheet where there is one, else copied, else shown selected to copy by
// hand; a status line says which. sharePart() is the button and its status, for any
// panel that shows a daily's result; this module also puts one under the daily's line
// (#daily-share) once the daily's deal is over.

import { $, el } from "./dom.js";
import { store, subscribe } from "./store.js";
import { lang, t } from "./words.js";
import { dayWords } from "./daily.js";
import { resultWords } from "./daily-record.js";
import { absolute, dayLink } from "../links.js";

// The text without its link, and the link: `game`, `day` (YYYY-MM-DD), `unit`, the
// player's result `you` and the strong bot's `strong` (null while not known).
export function shareWords({ game, day, unit, you, strong = null }) {
  const mine = resultWords(you, unit);
  const results = strong === null || strong === undefined ? t("daily.share.you", { you: mine })
    : t("daily.share.both", { you: mine, bot: t("daily.share.bot", { level: t("level.strong") }), strong: resultWords(strong, unit) });
  const text = t("daily.share.text", { site: t("site.title"), day: dayWords(day), game: t(`game.${game}`), results });
  return { text, url: absolute(dayLink(game, lang, day)) };
}

// The whole text to post, its link last.
export function shareText(part) {
  const { text, url } = shareWords(part);
  return `${text} ${url}`;
}

// Said in the status line: "daily.share.<what>", or nothing.
function tell(status, what) {
  status.textContent = what ? t(`daily.share.${what}`) : "";
}

// The share sheet where the browser has one (a phone), else the clipboard, else the
// text shown selected in `field` to copy by hand.
async function share(part, status, field) {
  const { text, url } = shareWords(part);
  field.hidden = true;
  tell(status, null);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text, url });
      return tell(status, "shared");
    } catch (e) {
      if (e?.name === "AbortError") return undefined; // the player closed the sheet
    } // refused (no permission, an embed): the clipboard instead
  }
  try {
    await navigator.clipboard.writeText(`${text} ${url}`);
    return tell(status, "copied");
  } catch { /* no clipboard here: the text to copy by hand */ }
  field.value = `${text} ${url}`;
  field.hidden = false;
  field.focus();
  field.select();
  return tell(status, "by_hand");
}

// The "Share my result" button, its status line and the field the text shows in where
// neither the share sheet nor the clipboard takes it.
export function sharePart(part) {
  const box = el("div", { class: "daily-share-part" });
  const button = el("button", { type: "button", class: "daily-share-button" }, t("daily.share.button"));
  const status = el("span", { class: "daily-share-status", role: "status" });
  const field = el("textarea", { class: "daily-share-text", readonly: "", rows: "4", "aria-label": t("daily.share.label") });
  field.hidden = true;
  button.addEventListener("click", () => share(part, status, field));
  box.append(button, status, field);
  return box;
}

// Under the daily's line: the player's result once the daily's deal is over, until
// the comparison with the strong bot's play (duplicate.js) shares both (drawn again
// only when it or the language changes, so the status stays).
let drawn = "";

export function drawLineShare(model = store.model) {
  const daily = model?.daily;
  const box = $("daily-share");
  const done = Boolean(daily?.done && typeof daily.result === "number" && model.chart?.unit && !store.duplicate);
  box.hidden = !done;
  const now = done ? `${model.game} ${daily.day} ${daily.result} ${model.chart.unit} ${lang}` : "";
  if (now === drawn) return;
  drawn = now;
  box.replaceChildren(...(done ? [sharePart({ game: model.game, day: daily.day, unit: model.chart.unit, you: daily.result })] : []));
}

subscribe((model) => drawLineShare(model));
