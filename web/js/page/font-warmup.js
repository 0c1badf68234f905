// Draws, once and out of sight while the engine boots, the text the table draws
// later: Chromium fetches a font at a new size (a "strike"), or a fallback font for
// a new glyph, from its browser process over a synchronous call the first time a
// frame lays such text out, 60–115 ms in a trace here (docs/runtime.md, "No stutter").
// Left to the game, that lands in the middle of the first tricks (the trick's
// smaller cards, the ★ of its winner, the suit signs of the first plays). The boot
// leaves the main thread idle for seconds, so they are fetched then.
//
// The places are the table's own classes (web/css/table.css sizes the cards and
// the text by them), so the warm-up follows the stylesheet; nothing is announced
// (aria-hidden), focusable or shown, and it is gone once a frame has drawn it, and
// at the latest when the table is drawn (endFontWarmup): its boxes share the
// table's classes, so a test or an embed counting seats or cards must never see it.

import { card } from "./cardview.js";
import { el } from "./dom.js";

// Where the table shows cards, as the classes of the boxes around them.
const CARD_PLACES = [
  ["hand"], ["tricks", "trick"], ["tricks", "trick-many", "slot"], ["tricks", "play-slot"],
  ["mini-trick"], ["turned-pile", "turned"], ["panel", "turned-pile", "turned"],
  ["seat-pod", "fan"], ["seat-pod", "alone", "backs"], ["pile-stack"],
];
// Where it shows short text, likewise.
const TEXT_PLACES = [
  ["tricks", "trick", "trick-outcome"], ["tricks", "trick", "play-who"], ["tricks", "trick", "trick-label"],
  ["seat-pod", "badge"], ["seat-pod", "seat-head"], ["badge"], ["tally"], ["card", "down-tag"], ["result"],
  ["stake-note"], ["pile-label"], ["panel", "die-value"], ["status"], ["log"],
];
// Ranks, suits, the winner's star and both languages' scripts.
const SAMPLE = "★ ♠♥♦♣ 0123456789 AKQJ 勝ち負け手札";
// A frame drawn while the page is visible takes two animation frames; a hidden or
// throttled page gets this long instead.
const DRAWN_WITHIN_MS = 1000;

// The nodes inside boxes of these classes, outermost first.
function nest(classes, nodes) {
  let inside = nodes;
  for (const name of [...classes].reverse()) {
    const box = el("div", { class: name });
    box.append(...inside);
    inside = [box];
  }
  return inside[0];
}

let tableDrawn = false; // then the table lays its own text out: no warm-up after that

export function warmFonts(felt, codes = []) {
  if (tableDrawn || !felt || felt.querySelector(".font-warmup")) return;
  const box = el("div", { class: "font-warmup", "aria-hidden": "true" });
  for (const place of CARD_PLACES) {
    const cards = codes.flatMap((code) => [card(code), card(code, { small: true })]);
    box.append(nest(place, cards.length ? cards : [el("span", {}, SAMPLE)]));
  }
  for (const place of TEXT_PLACES) {
    box.append(nest(place, [el("span", {}, SAMPLE), el("b", {}, SAMPLE),
      ...["w6", "w8", "w9"].map((weight) => el("span", { class: weight }, SAMPLE))]));
  }
  felt.append(box);
  requestAnimationFrame(() => requestAnimationFrame(() => box.remove()));
  setTimeout(() => box.remove(), DRAWN_WITHIN_MS);
}

// Takes the warm-up away before the table draws its own seats and cards (and none
// starts after: a table drawn ahead of the engine, head-start.js, comes before it).
export function endFontWarmup() {
  tableDrawn = true;
  for (const box of document.querySelectorAll(".font-warmup")) box.remove();
}
