// Your side of the table, the dock at the foot of the felt: the hand as card
// buttons (#hand), every decision that is no card (#actions: answers, choices and
// bids) and what is asked (#status); the game's end is gameover.js.

import { $, el, keepRoomFor, phrased, update } from "./dom.js";
import { BACK, card, cornerText, facePicture, markTag, markWord } from "./cardview.js";
import { say, t } from "./words.js";
import { decisionButton } from "./middle.js";
import { dealEndKind } from "./deal-end.js";

// A card that may be played is a button saying so, named from its content: the
// corner's text first ("K♠, Play King of spades"), then its decision, in a span for
// screen readers beside the picture (aria-hidden). A second way to play it (face
// down) is a button under it. More than five cards lie in two rows on a narrow
// screen, the lower row over the foot of the upper (CSS, from the "lower" marks).
// The cards that may not be played are dimmed only while a card is to be played:
// during any other decision the whole hand reads plainly.
export function drawHand(table) {
  const hand = $("hand");
  const cards = table.seats[0].hand;
  hand.setAttribute("aria-label", t("table.your_hand"));
  hand.classList.toggle("many", cards.length > 5);
  const half = Math.ceil(cards.length / 2);
  hand.style.setProperty("--half", String(half));
  const byCard = new Map();
  for (const d of table.decisions) {
    if (d.group === "hand" && d.card) byCard.set(d.card, [...(byCard.get(d.card) ?? []), d]);
  }
  hand.classList.toggle("playing", byCard.size > 0);
  update(hand, cards.map((code, i) => {
    const slot = el("div", { class: "hand-slot" + (cards.length > 5 && i >= half ? " lower" : "") });
    const [first, ...more] = code === BACK ? [] : byCard.get(code) ?? [];
    if (first) {
      const mark = markWord(code);
      const b = el("button", { type: "button", class: "card-button", "data-action": first.action, "data-card": code });
      b.append(facePicture(code), el("span", { class: "sr-only" }, mark
        ? t("table.card_button_marked", { corner: cornerText(code), label: say(first.label), mark })
        : t("table.card_button", { corner: cornerText(code), label: say(first.label) })));
      const tag = markTag(code);
      if (tag) b.append(tag);
      slot.append(b);
    } else {
      slot.append(card(code));
    }
    for (const d of more) {
      slot.append(el("button", { type: "button", class: "down-button", "data-action": d.action, "aria-label": say(d.label) },
        say(table.room.under ?? d.label)));
    }
    // the room of the button a card can carry under it (table.room.under, its words):
    // the hand keeps its height when that button comes
    if (!more.length && table.room.under) slot.append(el("span", { class: "down-button down-room", "aria-hidden": "true" }, say(table.room.under)));
    return slot;
  }));
}

// The decisions that are no card in your hand, in the dock: bids as a grid of
// numbers, the others as a row of buttons.
export function drawActions(table) {
  const held = new Set(table.seats[0].hand);
  const shown = table.decisions.filter((d) => !(d.group === "hand" && d.card && held.has(d.card)));
  const bids = shown.filter((d) => d.group === "bid");
  const parts = shown.filter((d) => d.group !== "bid").map((d) => decisionButton(d));
  if (bids.length) {
    const row = el("div", { class: "bid-buttons", role: "group", "aria-label": say(table.prompt) });
    row.append(...bids.map((d) => decisionButton(d, "bid-button")));
    parts.unshift(row);
  }
  update($("actions"), parts);
  // the room the decisions keep: every set the game can ask, in its widest words
  keepRoomFor($("actions-room"), table.room.sets.map((labels) => labels.map((label) => ["room-button", say(label)])));
}

export function drawStatus(model) {
  const status = $("status");
  const ended = dealEndKind(); // a deal's end box waits: the next deal's turn is not yet anyone's
  status.replaceChildren(...phrased(model.over ? t("table.game_over")
    : ended ? t(`deal_end.status.${ended}`)
    : model.your_turn ? t("table.your_turn_prompt", { prompt: say(model.table.prompt) })
    : say(model.table.prompt))); // the prompt names whose turn it is (a bot, your partner)
  status.classList.toggle("mine", model.your_turn && !ended);
}
