// Your side of the table: the hand as card buttons (#hand), the decisions that
// are no card (#actions), what is asked (#status) and the game's end (#result).

import { $, el, update } from "./dom.js";
import { BACK, card, facePicture, markTag, markWord } from "./cardview.js";
import { say, t } from "./words.js";
import { decisionButton, inPanel } from "./middle.js";

// A card that may be played is a button saying so; a second way to play it (face
// down) is a small button beside it.
export function drawHand(table) {
  const hand = $("hand");
  const cards = table.seats[0].hand;
  hand.setAttribute("aria-label", t("table.your_hand"));
  hand.classList.toggle("many", cards.length > 5);
  const byCard = new Map();
  for (const d of table.decisions) {
    if (d.group === "hand" && d.card) byCard.set(d.card, [...(byCard.get(d.card) ?? []), d]);
  }
  update(hand, cards.map((code) => {
    const slot = el("div", { class: "hand-slot" });
    const [first, ...more] = code === BACK ? [] : byCard.get(code) ?? [];
    if (first) {
      const mark = markWord(code);
      const b = el("button", { type: "button", class: "card-button", "data-action": first.action, "data-card": code,
        "aria-label": say(first.label) + (mark ? ` (${mark})` : "") });
      b.append(facePicture(code));
      const tag = markTag(code);
      if (tag) b.append(tag);
      slot.append(b);
    } else {
      slot.append(card(code));
    }
    for (const d of more) {
      slot.append(el("button", { type: "button", class: "down-button", "data-action": d.action, "aria-label": say(d.label) },
        d.action.endsWith(" down") ? t("action.play_down") : say(d.label)));
    }
    return slot;
  }));
}

export function drawActions(table) {
  const held = new Set(table.seats[0].hand);
  const shown = table.decisions.filter((d) => !inPanel(table, d) && !(d.group === "hand" && d.card && held.has(d.card)));
  update($("actions"), shown.map((d) => decisionButton(d)));
}

export function drawStatus(model) {
  const status = $("status");
  status.textContent = model.over ? t("table.game_over")
    : model.your_turn ? t("table.your_turn_prompt", { prompt: say(model.table.prompt) })
    : say(model.table.prompt); // the prompt names whose turn it is (a bot, your partner)
  status.classList.toggle("mine", model.your_turn);
}

// The end: the outcome for you (data-result: win, draw or loss), in words, and Play again.
export function drawResult(table) {
  const box = $("result");
  const r = table.result;
  if (!r) { box.hidden = true; box.removeAttribute("data-result"); return; }
  box.dataset.result = r.outcome;
  box.hidden = false;
  box.replaceChildren(el("p", {}, say(r.text)), el("button", { type: "button", class: "again" }, t("table.play_again")));
}
