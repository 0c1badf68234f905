// Cards as the page draws them: a picture (face or back) with a spoken name, a
// short chip ("K♥") for lists, in the four-colour deck when the player asks.

import { cardSVG, cardBackSVG } from "../card-art.js";
import { el } from "./dom.js";
import { name, say, t } from "./words.js";
import { setting } from "./storage.js";

export const BACK = "back"; // a card the viewer may not see (py/cardtable/table.py BACK)

const fourColour = () => setting("four-colour");

// A card's picture, made and parsed once per card and deck and cloned after:
// parsing the markup of every card on the table again after every move was most
// of a redraw's time.
const pictures = new Map();

function picture(key, markup) {
  let template = pictures.get(key);
  if (!template) {
    template = document.createElement("template");
    template.innerHTML = markup();
    pictures.set(key, template);
  }
  return template.content.cloneNode(true);
}

export function facePicture(code) {
  const four = fourColour();
  return picture(`${code}${four ? " four" : ""}`, () => cardSVG(code, { fourColour: four, label: false }));
}

const backPicture = () => picture("back", () => cardBackSVG());

// The cards that carry a word wherever they show face up (the table's marks:
// Truco's manilhas), set from each model before it is drawn.
let marks = new Map();
export function setMarks(list = []) {
  marks = new Map(list.map((m) => [m.card, m.tag]));
}

// A card's mark as a word under its picture (for a card drawn without card()).
export function markTag(code) {
  const mark = marks.get(code);
  return mark ? el("span", { class: "down-tag mark", "aria-hidden": "true" }, say(mark)) : null;
}

export const markWord = (code) => (marks.has(code) ? say(marks.get(code)) : "");

// A card face (or back) as an image with a spoken name. A played card may carry a
// tag (a word under it: "face down", "accepted", else its mark) and, behind a
// back, the viewer's own card peeking through (`peek`).
export function card(code, { down = false, small = false, tag = null, peek = null } = {}) {
  const wrap = el("div", { class: "card" + (small ? " small" : "") + (down ? " was-down" : ""), role: "img",
    "data-card": code && code !== BACK ? code : null });
  const said = tag ? say(tag) : down ? t("table.face_down") : markWord(code);
  if (code && code !== BACK) {
    wrap.append(facePicture(code));
    wrap.setAttribute("aria-label", name(code) + (said ? ` (${said})` : ""));
  } else {
    wrap.append(backPicture());
    wrap.setAttribute("aria-label", peek ? `${name(peek)} (${said || t("table.face_down")})` : said || t("table.hidden"));
    if (peek) wrap.append(el("span", { class: "peek", "aria-hidden": "true" }, shortName(peek)));
  }
  if (said) wrap.append(el("span", { class: "down-tag", "aria-hidden": "true" }, said));
  return wrap;
}

export function shortName(code) {
  if (code === "BJ" || code === "LJ") return name(code); // "Big joker", "ジョーカー（大）"
  const sym = { S: "♠", H: "♥", D: "♦", C: "♣" }[code[1]] ?? "";
  return (code[0] === "T" ? "10" : code[0]) + sym;
}

// What a card's corner shows ("10♥", "K♠"; a joker's "JOKER"): the start of a card
// button's name, so the name holds the words a player sees on it (WCAG 2.5.3).
export const cornerText = (code) => (code === "BJ" || code === "LJ" ? "JOKER" : shortName(code));

// A small back, inside a group that says what it is (a hand across the table, a pile).
export function back() {
  const node = el("div", { class: "card small" });
  node.append(backPicture());
  return node;
}

// A card as a short readable chip ("K♥"), for lists where a picture would be too small.
export function chip(code, { down = false } = {}) {
  if (!code || code === BACK) {
    return el("span", { class: "chip down", role: "img", "aria-label": t(down ? "table.face_down" : "table.hidden") }, "▨");
  }
  const node = el("span", { class: `chip suit-${code[1]}`, role: "img", "aria-label": name(code) }, shortName(code));
  if (fourColour()) node.classList.add("four");
  return node;
}
