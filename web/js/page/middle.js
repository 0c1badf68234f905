// The middle of the table: the areas cards are played to (#tricks, inside the
// ring of seats) and the panel under them (#panel): the stake and its ladder, the
// piles shown face up or counted, the score so far and the reminders. The
// decisions are in the dock with your hand (hand.js), always on screen.

import { $, el, update } from "./dom.js";
import { BACK, card, chip } from "./cardview.js";
import { say, t } from "./words.js";
import { ringPlaces, topPiles } from "./seats.js";
import { setting } from "./storage.js";

function playedCard(p, small = false) {
  return card(p.card, { down: p.down, small, tag: p.tag, peek: p.peek });
}

// Whose play it is, by the seat's name (a play by no seat, a dummy's, has none).
function who(table, seat) {
  const s = table.seats.find((x) => x.seat === seat);
  return s ? say(s.name) : "";
}

function outcome(area) {
  if (!area.outcome) return "";
  return (area.plays.some((p) => p.won) ? "★ " : "") + say(area.outcome);
}

// At a table of one or two: the other side's card above yours.
function pairArea(table, area, small) {
  const col = el("div", { class: "trick" + (small ? " last" : "") + (area.plays.length || area.current ? "" : " empty"), "data-area": area.id });
  col.append(el("div", { class: "trick-label" }, say(area.label)));
  const theirs = area.plays.find((p) => p.seat !== table.viewer);
  const mine = area.plays.find((p) => p.seat === table.viewer);
  for (const [p, side] of [[theirs, "theirs"], [mine, "mine"]]) {
    const slot = el("div", { class: `slot ${side}${small ? " small-slot" : ""}`, "data-from": p ? String(p.seat) : null });
    if (p) slot.append(playedCard(p));
    col.append(slot);
  }
  col.append(el("div", { class: "trick-outcome" }, outcome(area)));
  return col;
}

// Where each seat's card lies in a trick of three or four: as its seat sits round
// the ring (left, top, right; yours at the foot), or null at a bigger table.
function crossPlaces(table) {
  const others = table.seats.slice(1);
  const { places, side } = ringPlaces(others.length);
  if (side !== 1 || others.length > 3) return null;
  const at = new Map([[table.seats[0].seat, "you"]]);
  others.forEach((s, i) => at.set(s.seat, places[i].row === 1 ? "top" : places[i].col === 1 ? "left" : "right"));
  return at;
}

// At a bigger table: the plays with who played them. At three or four, each card in
// its seat's place of a cross whose size never changes; at more, in order, with a
// place kept for each card still to come (the model's places). So the trick neither
// grows nor re-centres as it fills; its outcome's line is there before its words.
function rowArea(table, area) {
  const cross = crossPlaces(table);
  const col = el("div", { class: "trick main", "data-area": area.id });
  col.append(el("div", { class: "trick-label" }, say(area.label)));
  const row = el("div", { class: "plays-row" + (cross ? " cross" : "") });
  for (const p of area.plays) {
    const slot = el("div", { class: `play-slot${p.dead ? " dead" : ""}`, "data-from": String(p.seat),
      "data-place": cross?.get(p.seat) ?? null });
    slot.append(playedCard(p), el("span", { class: cross ? "play-who sr-only" : "play-who" },
      who(table, p.seat) + (p.dead ? ` · ${t("table.dead")}` : "")));
    row.append(slot);
  }
  for (let i = area.plays.length; !cross && i < Math.max(area.places, 1); i++) {
    const place = el("div", { class: "play-slot to-come", "aria-hidden": "true" });
    place.append(el("div", { class: "slot" }), el("span", { class: "play-who" }));
    row.append(place);
  }
  col.append(row, el("div", { class: "trick-outcome" }, outcome(area)));
  return col;
}

// A finished or coming area at a bigger table, small: the card that took it (its
// place kept before), and how.
function smallArea(area) {
  const col = el("div", { class: "trick last", "data-area": area.id });
  col.append(el("div", { class: "trick-label" }, say(area.label)));
  const won = area.plays.find((p) => p.won);
  const slot = el("div", { class: "slot small-slot" + (won ? "" : " to-come") });
  if (won) slot.append(playedCard(won));
  col.append(slot, el("div", { class: "trick-outcome" }, outcome(area)));
  return col;
}

export function drawAreas(table) {
  const pair = table.seats.length <= 2;
  const box = el("div", { class: "trick-row" + (pair ? "" : " trick-many") });
  if (pair) {
    box.append(...table.areas.map((a) => pairArea(table, a, a.id === "last_trick"))); // the trick before (its id), small
  } else {
    // the one in play first, the others after it, so each keeps its element whichever is in
    // play (nothing swaps places as a trick ends); a wide row puts them back in order (--i)
    const main = table.areas.find((a) => a.current) ?? [...table.areas].reverse().find((a) => a.plays.length) ?? table.areas[0];
    for (const a of [main, ...table.areas.filter((x) => x !== main)]) {
      const node = a === main ? rowArea(table, a) : smallArea(a);
      node.style.setProperty("--i", String(table.areas.indexOf(a)));
      box.append(node);
    }
  }
  update($("tricks"), [box]);
}

// The stake: a label that states the value as a line; a bare title ("Stake") with
// the value big under it; a short ladder drawn whole, the step raised.
function stake(s) {
  const bare = !s.label.args;
  const box = el("div", { class: bare ? "die" : "stake" });
  if (bare) box.append(el("div", { class: "die-title" }, say(s.label)), el("div", { class: "die-value" }, String(s.value)));
  else box.append(el("strong", {}, say(s.label)));
  if (s.note && !bare) box.append(" ", el("span", { class: "stake-note" }, say(s.note)));
  if (s.step !== null && s.ladder.length <= 6) {
    const faces = el("div", { class: "die-faces", "aria-hidden": "true" });
    s.ladder.forEach((v, i) => faces.append(el("span", { class: i === s.step ? "face current" : "face" }, String(v))));
    box.append(faces);
  }
  if (s.note && bare) box.append(el("div", { class: "stake-note" }, say(s.note)));
  return box;
}

// A pile: face-up cards (a turn-up big, others as chips) or its count in words.
function pile(p) {
  if (p.cards.length === 1) {
    const box = el("div", { class: `turned-pile pile-${p.id}` });
    const turned = el("div", { class: "turned" });
    turned.append(card(p.cards[0]));
    box.append(turned, el("span", {}, say(p.label)));
    return box;
  }
  const box = el("div", { class: `pile pile-${p.id}` });
  const counted = p.count !== null && !p.label.args; // a label with arguments says its count itself
  box.append(el("span", { class: "label" }, counted ? t("table.pile_counted", { label: say(p.label), n: p.count }) : say(p.label)));
  if (p.cards.length) box.append(" ", ...p.cards.map((c) => chip(c)));
  return box;
}

// A decision that is no card: a button with its words; a bid shows only its
// number (the label says the rest to a screen reader).
export function decisionButton(d, cls = "action") {
  const short = d.group === "bid" ? d.action.split(" ").pop() : null;
  const b = el("button", { type: "button", class: cls, "data-action": d.action, title: d.cost ? say(d.cost) : null,
    "aria-label": short ? say(d.label) : null }, short ?? say(d.label));
  if (d.cost) b.setAttribute("aria-description", say(d.cost));
  return b;
}

export function drawPanel(table) {
  const box = el("div", { class: "info-panel" + (table.seats.length > 2 ? " panel-many" : "") });
  const top = topPiles(table);
  for (const p of table.piles) if (!top.includes(p)) box.append(pile(p));
  const sc = table.scores;
  const seatsScored = table.seats.some((x) => x.score && x.team === null);
  if (sc.totals.length && !sc.rows.length && !seatsScored) { // a team's score: the seats do not say it
    box.append(el("div", { class: "score-line" }, sc.columns.map((c, i) => `${say(c)} ${say(sc.totals[i])}`).join(" · ")));
  }
  // a reminder that belongs to a setting (Tressette's running count: "show-count") only with it on
  for (const r of table.reminders) if (!r.setting || setting(r.setting)) box.append(el("p", { class: "panel-note" }, say(r)));
  if (sc.goal) box.append(el("p", { class: "panel-note goal" }, say(sc.goal)));
  // the stake last: its note comes and goes with an offer, and moves nothing below it
  if (table.stake) box.append(stake(table.stake));
  update($("panel"), [box]);
}
