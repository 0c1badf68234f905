// Motion: the table's changes shown as movement, a layer beside the table view
// that never changes what the view draws. Before a model is drawn, noteBefore()
// records where the cards, the hand's buttons and the seats are on screen; after
// it, afterDraw() compares the model with the one drawn before and
//  - slides each card just played from where it came from (the hand's button of
//    the same card, or the seat that played it) to its place (FLIP);
//  - holds a trick just taken about a second, whole, its winner marked: in an
//    overlay over the areas (then its cards slide to the winner's seat), or,
//    where the area shows the trick whole anyway, as a ring round the winner;
//  - flies a new hand in from the dealer's seat and a drawn card from the stock;
//  - flies a chip between a seat and the pot when the seat's chips change.
// The overlay is decoration (aria-hidden, pointer-events: none): the DOM under it
// is always the current model, so a click or a reload at any moment is right.
// The bots' loop waits for a hold to end (settled()); the player's input never
// does: a new model ends the hold at once. Every duration follows the player's
// speed (speed.js); off at instant speed or with prefers-reduced-motion.

import { $, el } from "./dom.js";
import { card } from "./cardview.js";
import { say } from "./words.js";
import { paced, speed } from "./speed.js";

// Durations at normal speed; paced() scales them to the player's.
const SLIDE_MS = 300; // a card from the hand or a seat to the table
const HOLD_MS = 1000; // a taken trick stays in view
const AWAY_MS = 350; // a taken trick slides to its winner
const DEAL_MS = 280; // each card of a new hand, one after another
const DEAL_STEP_MS = 45;
const CHIP_MS = 400;
const EASE = "cubic-bezier(.2,.7,.3,1)";

const reduced = matchMedia("(prefers-reduced-motion: reduce)");

// No motion: the instant speed, or the player asked their system for none.
export const still = () => speed() === "instant" || reduced.matches;

let drawn = null; // the model drawn last
let before = null; // where things were on screen before this draw
let hold = null; // the trick held now: { end(), done: Promise }

// A promise that settles when no trick is held (the bots' pause waits for it).
export function settled() {
  return hold ? hold.done : Promise.resolve();
}

const box = (node) => {
  const r = node?.getBoundingClientRect();
  return r && (r.width || r.height) ? r : null;
};

export function noteBefore() {
  before = null;
  if (still() || !drawn) return;
  const at = (selector) => new Map([...document.querySelectorAll(selector)].map((n) => [n.dataset.card ?? n.dataset.seat, box(n)]));
  before = { hand: at("#hand [data-card]"), played: at("#tricks [data-card]"), seats: at("#table [data-seat]"),
    handBox: box($("hand")), top: box($("seat-1")) };
}

export function afterDraw(model, { redraw = false } = {}) {
  if (redraw) return; // the same model in other words: nothing moved
  const prev = drawn;
  const was = before;
  drawn = model;
  before = null;
  hold?.end(); // a new model: the trick held goes now (the player never waits for it)
  if (!prev || !was || still()) return;
  if (prev.game !== model.game || prev.seed !== model.seed) {
    dealIn(model.table, model.table.seats[0].hand, was);
    return;
  }
  const taken = takenTricks(prev.table, model.table).pop();
  if (taken) holdTrick(taken, model.table, was); // first: it measures the cards where they rest
  slidePlays(prev.table, model.table, was);
  handChanges(prev.table, model.table, was);
  chipMoves(prev.table, model.table, was);
}

// --------------------------------------------------------------------- the layer
function layer() {
  let node = document.querySelector(".motion-layer");
  if (!node) {
    node = el("div", { class: "motion-layer", "aria-hidden": "true" });
    document.body.append(node);
  }
  return node;
}

const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

// Move `node` (now at its place) so that it seems to come from the box `from`.
function flyFrom(node, from, { duration = SLIDE_MS, delay = 0 } = {}) {
  duration = paced(duration);
  delay = paced(delay);
  const to = box(node);
  if (!from || !to) return null;
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  const scale = Math.min(1.2, Math.max(0.4, from.width / to.width));
  return node.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(${scale})`, opacity: 0.7 },
    { transform: "none", opacity: 1 }], { duration, delay, easing: EASE, fill: "backwards" });
}

// Where a seat's card comes from: the hand's button of that card, your hand, the seat's place.
function origin(seat, code, table, was) {
  if (code && was.hand.get(code)) return was.hand.get(code);
  if (seat === table.viewer) return was.handBox;
  return was.seats.get(String(seat)) ?? was.top;
}

// --------------------------------------------------------------------- cards played
const key = (p) => `${p.seat}:${p.card}`;

function slidePlays(prev, now, was) {
  const seen = new Set(prev.areas.flatMap((a) => a.plays.map(key)));
  for (const area of now.areas) {
    if (!area.current && !won(area)) continue; // cards are played to the current area; a draw is a hand's
    for (const p of area.plays) {
      if (seen.has(key(p))) continue;
      const node = document.querySelector(`#tricks [data-area="${area.id}"] [data-from="${p.seat}"] .card`);
      if (node) flyFrom(node, origin(p.seat, p.card, now, was));
    }
  }
}

// --------------------------------------------------------------------- a taken trick
const won = (a) => a.plays.some((p) => p.won);
const signature = (a) => `${a.id}|${a.plays.map((p) => key(p) + (p.won ? "*" : "")).join(" ")}`;
const allAreas = (t) => [...t.areas, ...(t.summary?.areas ?? [])];

// Areas that show a trick taken that the table before did not: the engine marks
// the card that took it (`won`); the page only notices that this is new.
function takenTricks(prev, now) {
  const known = new Set(allAreas(prev).filter(won).map(signature));
  return allAreas(now).filter((a) => won(a) && !known.has(signature(a)));
}

function holdTrick(area, table, was) {
  const here = document.querySelector(`#tricks [data-area="${area.id}"]`);
  const whole = here && !here.classList.contains("last") && here.querySelectorAll("[data-from] .card").length === area.plays.length;
  const winner = area.plays.find((p) => p.won);
  if (whole) ringWinner(here.querySelector(`[data-from="${winner.seat}"] .card`));
  else overlayTrick(area, table, was);
}

function startHold(node, away) {
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  const timer = setTimeout(() => h.end(), paced(HOLD_MS));
  const h = {
    done,
    end() {
      clearTimeout(timer);
      if (hold === h) hold = null;
      Promise.resolve(away()).catch(() => {}).finally(() => { node.remove(); finish(); });
    },
  };
  hold = h;
}

// Where the area shows the trick whole: a ring round the card that took it.
function ringWinner(target) {
  const r = box(target);
  if (!r) return;
  const ring = el("div", { class: "motion-ring" });
  ring.append(el("span", { class: "motion-star" }, "★"));
  Object.assign(ring.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
  layer().append(ring);
  ring.animate([{ opacity: 0, transform: "scale(1.15)" }, { opacity: 1, transform: "none" }], { duration: 200, easing: EASE });
  startHold(ring, () => ring.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 200 }).finished);
}

// Elsewhere: the whole trick over the areas, then to the winner's seat.
function overlayTrick(area, table, was) {
  const spot = box($("tricks"));
  if (!spot) return;
  const trick = el("div", { class: "motion-trick" });
  const row = el("div", { class: "motion-plays" });
  for (const p of area.plays) {
    const play = el("div", { class: "motion-play" + (p.won ? " won" : ""), "data-from": String(p.seat) });
    play.append(card(p.card, { down: p.down, peek: p.peek }));
    if (p.won) play.append(el("span", { class: "motion-star" }, "★"));
    row.append(play);
  }
  trick.append(row);
  if (area.outcome) trick.append(el("div", { class: "motion-outcome" }, say(area.outcome)));
  const [x, y] = centre(spot);
  Object.assign(trick.style, { left: `${x}px`, top: `${y}px` });
  layer().append(trick);
  for (const play of row.children) { // each card from where it was: on the table, in a hand, at a seat
    const p = area.plays.find((q) => String(q.seat) === play.dataset.from);
    flyFrom(play, was.played.get(p.card) ?? origin(p.seat, p.card, table, was));
  }
  const winner = area.plays.find((p) => p.won);
  startHold(trick, () => {
    const seat = winner.seat === table.viewer ? $("seat-0") : document.querySelector(`#table [data-seat="${winner.seat}"]`);
    const to = box(seat);
    if (!to) return trick.animate([{ opacity: 1 }, { opacity: 0 }], { duration: paced(AWAY_MS) }).finished;
    const [sx, sy] = centre(to);
    return Promise.all([...row.children].map((play) => {
      const [px, py] = centre(box(play) ?? spot);
      return play.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${sx - px}px, ${sy - py}px) scale(.35)`, opacity: 0 }],
        { duration: paced(AWAY_MS), easing: "ease-in", fill: "forwards" }).finished;
    }));
  });
}

// --------------------------------------------------------------------- deals and draws
const dealerOf = (table) => table.seats.find((s) => s.seat === table.dealer);

function dealIn(table, codes, was) {
  const dealer = dealerOf(table);
  const from = dealer && dealer.seat !== table.viewer ? was?.seats.get(String(dealer.seat)) ?? box($("seat-1")) : box($("tricks"));
  codes.forEach((code, i) => {
    const node = document.querySelector(`#hand [data-card="${code}"]`);
    if (node) flyFrom(node, from, { duration: DEAL_MS, delay: i * DEAL_STEP_MS });
  });
}

// A hand wholly new was dealt (or exchanged); a few new cards were drawn from the stock.
function handChanges(prev, now, was) {
  const had = new Set(prev.seats[0].hand);
  const hand = now.seats[0].hand.filter((c) => c !== "back");
  const fresh = hand.filter((c) => !had.has(c));
  if (!fresh.length) return;
  if (fresh.length === hand.length && hand.length > 1) { dealIn(now, fresh, was); return; }
  const stock = box(document.querySelector("#panel .pile-stock")) ?? box($("panel"));
  for (const code of fresh) {
    const node = document.querySelector(`#hand [data-card="${code}"]`);
    if (node) flyFrom(node, stock, { duration: DEAL_MS });
  }
}

// --------------------------------------------------------------------- chips
// A seat's chips, as its score says them: the first number among the Text's arguments.
function chipsOf(seat) {
  const n = Object.values(seat.score?.args ?? {}).find((v) => typeof v === "number");
  return n ?? null;
}

function chipMoves(prev, now, was) {
  if (!now.piles.some((p) => p.id === "pot")) return; // chips move only where there is a pot
  const pot = box(document.querySelector("#panel .pile-pot")) ?? box($("panel"));
  const before = new Map(prev.seats.map((s) => [s.seat, chipsOf(s)]));
  for (const s of now.seats) {
    const a = before.get(s.seat);
    const b = chipsOf(s);
    if (a === null || a === undefined || b === null || a === b) continue;
    const seat = s.seat === now.viewer ? box($("seat-0")) : was.seats.get(String(s.seat));
    if (!seat || !pot) continue;
    const [from, to] = b < a ? [seat, pot] : [pot, seat];
    const chip = el("div", { class: "motion-chip" });
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(to);
    Object.assign(chip.style, { left: `${tx}px`, top: `${ty}px` });
    layer().append(chip);
    chip.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)`, opacity: 1 }, { transform: "none", opacity: 0.2 }],
      { duration: paced(CHIP_MS), easing: EASE }).finished.catch(() => {}).finally(() => chip.remove());
  }
}
