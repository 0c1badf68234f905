// The seats of the table (model.table.seats, clockwise from the viewer): yours at
// the bottom, in the dock with your hand (#seat-0); the others round the top of
// the felt (#seat-1, one place each, a "pod"): one opposite you; a partner
// opposite and the opponents left and right; more on an arc that climbs the
// left side, crosses the top and comes down the right, the trick in its middle.
// A player alone faces the face-down piles instead (a dummy's pile, dead cards).

import { $, el, phrasedEl, update } from "./dom.js";
import { BACK, back, card, chip } from "./cardview.js";
import { has, say, sayCapital, t } from "./words.js";
import { redraw } from "./store.js";

// The felt's shape, from the window's (table.css's layouts): short on a phone of
// 700 px or more on its side (the dock takes the window's right, so the felt is a
// phone's width and half its height, until the window is wide enough for a felt of
// 700 px: 0.58 of 1220), where two seats go down each side and the rest across the
// top, three rows in all; else wide from 700 px (the seats across the top), narrow
// below (a phone upright, or a small one on its side: more of them down the sides).
// The ring is laid out again when the shape changes.
const wideWindow = matchMedia("(min-width: 700px)");
const onItsSide = matchMedia("(min-width: 700px) and (max-width: 1219px) and (max-height: 600px) and (min-aspect-ratio: 5/4)");
for (const query of [wideWindow, onItsSide]) query.addEventListener("change", () => redraw());
const feltShape = () => (onItsSide.matches ? "short" : wideWindow.matches ? "wide" : "narrow");

// A seat's name as the head of its place ("Left opponent" where the name is "the
// left opponent"): the word's title form where the language has one.
function title(seat) {
  const own = `${seat.name.key}_title`;
  return has(own) ? say({ key: own, args: seat.name.args }) : sayCapital(seat.name);
}

// The bot to act "thinks": three dots (still under prefers-reduced-motion).
function thinking() {
  const dots = el("span", { class: "thinking", "aria-hidden": "true" });
  dots.append(el("i"), el("i"), el("i"));
  return dots;
}

// Your head in the dock: the turn mark, who you are, role badges, score, a score bar.
function head(seat) {
  const acting = seat.status === "to_act";
  const box = el("div", { class: "seat-head" });
  box.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
    el("strong", {}, title(seat)),
    el("span", { class: "role" }, seat.badges.map(say).join(" · ")),
    el("span", { class: "score" }, say(seat.score)));
  return [box, bar(seat)];
}

function bar(seat) {
  const box = el("div", { class: "score-bar", "aria-hidden": "true" });
  const filled = el("span");
  filled.style.width = `${Math.round(100 * (seat.progress ?? 0))}%`; // CSSOM: the CSP allows no style attributes
  box.append(filled);
  return box;
}

// A hand seen from across the table: a small fanned stack of its backs (a few at
// most where many seats share the felt) with the count on it, and any card shown
// face up (all of them opposite you, where one seat has the whole top).
function backs(hand, { faces, most }) {
  const hidden = hand.filter((c) => c === BACK).length;
  const drawn = faces ? hand : hand.filter((c) => c === BACK).slice(0, most);
  const box = el("div", { class: "backs", role: "img", "aria-label": t("table.cards_left", { n: faces ? hand.length : hidden }) });
  const fan = el("div", { class: "fan" });
  for (const code of drawn) fan.append(code === BACK ? back() : card(code, { small: true }));
  box.append(fan, el("span", { class: "count", "aria-hidden": "true" }, String(faces ? hand.length : hidden)));
  if (faces && hidden !== hand.length) { // the cards known face up, named after the count
    const known = hand.filter((c) => c !== BACK).map((c) => chip(c).getAttribute("aria-label"));
    box.setAttribute("aria-label", `${t("table.cards_left", { n: hand.length })}: ${known.join(t("list.separator"))}`);
  }
  return box;
}

// The seat's bubble: its card in the area being played to (a chip), else the
// last thing it did, in words.
function last(seat, played) {
  if (played) return [chip(played.card, { down: played.down })];
  const l = seat.last;
  if (!l) return [];
  if (seat.last_card) return [chip(seat.last_card)];
  return [phrasedEl("span", { class: "seat-last" }, say(l))];
}

// A badge's class is its id (dealer, mao, in, out, knocked ...), for colour.
const badge = (b) => phrasedEl("span", { class: `badge ${b.id}` }, say(b));

// Another seat's place: its backs, name, score (a team's is in the panel), badges,
// a bubble with its last move, and the cards of its hand known face up.
function pod(seat, played, alone, most) {
  const acting = seat.status === "to_act";
  const partner = seat.team !== null && seat.team === 0;
  const node = el("div", { class: `seat-pod${acting ? " acting" : ""}${seat.status === "out" ? " out dropped" : ""}${partner ? " partner" : ""}${alone ? " alone" : ""}`,
    role: "listitem", "data-seat": String(seat.seat) });
  const name = el("div", { class: "pod-name" });
  name.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""), el("strong", {}, title(seat)));
  if (acting) name.append(thinking());
  const line = el("div", { class: "pod-line" });
  if (seat.score && (seat.team === null || alone)) line.append(el("span", { class: alone ? "score" : "score score-count" }, say(seat.score)));
  line.append(...seat.badges.map(badge));
  node.append(backs(seat.hand, { faces: alone, most }), name, line);
  if (alone && seat.progress !== null) node.append(bar(seat));
  const said = last(seat, played);
  const bubble = el("div", { class: said.length ? "bubble" : "bubble quiet", ...(said.length ? {} : { "aria-hidden": "true" }) });
  bubble.append(...(said.length ? said : ["\u00a0"])); // none yet: its room kept, so the pod keeps its height
  node.append(bubble);
  const known = alone ? [] : seat.hand.filter((c) => c !== BACK);
  if (known.length) {
    const row = el("div", { class: "pod-line known-cards" });
    row.append(...known.map((c) => chip(c)));
    node.append(row);
  }
  return node;
}

// The face-down piles opposite a player alone: a few backs and the count.
function pile(p) {
  const label = say(p.label);
  const box = el("div", { class: `trick-pile ${p.id}`, role: "img", "aria-label": label });
  const stack = el("div", { class: "pile-stack", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(p.count ?? 0, 3); i++) stack.append(back());
  box.append(stack, el("span", { class: "pile-label", "aria-hidden": "true" }, label));
  return box;
}

// Piles drawn at the top (a player alone faces them) rather than in the panel.
export const topPiles = (table) => (table.seats.length === 1 ? table.piles.filter((p) => !p.cards.length) : []);

// Where each of `n` other seats sits on the ring (a grid: the sides' columns
// first and last, the top row between them, the trick in the middle): clockwise
// from your left, up the left side, across the top, down the right side.
export function ringPlaces(n, shape = feltShape()) {
  const side = n < 3 ? 0 : n < 6 || shape === "wide" ? 1 : shape === "short" || n < 8 ? 2 : 3; // seats on each side
  const top = n - 2 * side;
  const cols = top + (side ? 2 : 0);
  const rows = side + 1;
  const places = [];
  for (let i = side; i >= 1; i--) places.push({ col: 1, row: i + 1 }); // up the left side
  for (let i = 0; i < top; i++) places.push({ col: i + (side ? 2 : 1), row: 1 }); // across the top
  for (let i = 1; i <= side; i++) places.push({ col: cols, row: i + 1 }); // down the right side
  return { places, cols: Math.max(cols, 1), rows, side, top };
}

export function drawSeats(table) {
  const [me, ...others] = table.seats;
  const mine = $("seat-0");
  mine.dataset.seat = String(me.seat);
  mine.classList.toggle("acting", me.status === "to_act");
  update(mine, head(me));
  const top = $("seat-1");
  const ring = $("ring");
  const shape = feltShape();
  const { places, cols, rows, side, top: across } = ringPlaces(others.length, shape);
  // many seats on a phone's felt: on its side, two a side; upright, three or more across the top
  ring.classList.toggle("crowded", side > 1 && (shape === "short" || across >= 3)); // (table.css: narrower sides)
  ring.style.setProperty("--cols", String(cols));
  ring.style.setProperty("--inner", String(Math.max(cols - 2, 1)));
  ring.dataset.seats = String(others.length);
  ring.classList.toggle("sided", side > 0);
  // The trick: under the top row, between the sides.
  const tricks = $("tricks");
  tricks.style.gridRow = `2 / ${Math.max(rows + 1, 3)}`;
  tricks.style.gridColumn = side ? `2 / ${cols}` : "1 / -1";
  if (others.length) top.setAttribute("role", "list");
  else top.removeAttribute("role");
  if (others.length === 1) top.dataset.seat = String(others[0].seat);
  else delete top.dataset.seat;
  top.classList.toggle("acting", others.length === 1 && others[0].status === "to_act");
  if (!others.length) {
    const piles = el("div", { class: "trick-piles" });
    piles.append(...topPiles(table).map(pile));
    piles.style.gridColumn = "1 / -1";
    update(top, [piles]);
    return;
  }
  const current = table.areas.find((a) => a.current) ?? [...table.areas].reverse().find((a) => a.plays.length);
  const pods = others.map((s, i) => {
    const node = pod(s, others.length > 1 ? current?.plays.find((p) => p.seat === s.seat) : null, others.length === 1, side ? 3 : 5);
    node.style.gridColumn = String(places[i].col);
    node.style.gridRow = String(places[i].row);
    return node;
  });
  update(top, pods);
}
