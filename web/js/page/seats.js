// The seats of the table (model.table.seats, clockwise from the viewer): yours at
// the bottom (#seat-0), the others at the top (#seat-1): one head with the cards'
// backs when there is one other, a tile each when there are more, and the
// face-down piles when you play alone (a dummy's pile, dead cards).

import { $, el, update } from "./dom.js";
import { BACK, back, card, chip } from "./cardview.js";
import { has, say, sayCapital, t } from "./words.js";

// A seat's name as the head of its place ("Left opponent" where the name is "the
// left opponent"): the word's title form where the language has one.
function title(seat) {
  const own = `${seat.name.key}_title`;
  return has(own) ? say({ key: own, args: seat.name.args }) : sayCapital(seat.name);
}

// A seat's head: the turn mark, who it is, its role badges and score, a score bar.
function head(seat) {
  const acting = seat.status === "to_act";
  const box = el("div", { class: "seat-head" });
  box.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
    el("strong", {}, title(seat)),
    el("span", { class: "role" }, seat.badges.map(say).join(" · ")),
    el("span", { class: "score" }, say(seat.score)));
  const bar = el("div", { class: "score-bar", "aria-hidden": "true" });
  const filled = el("span");
  filled.style.width = `${Math.round(100 * (seat.progress ?? 0))}%`; // CSSOM: the CSP allows no style attributes
  bar.append(filled);
  return [box, bar];
}

// A hand the viewer sees from across the table: backs, and any card shown face up.
function backs(hand) {
  const hidden = hand.filter((c) => c === BACK).length;
  const box = el("div", { class: "backs" + (hand.length > 5 ? " many" : ""), role: "img", "aria-label": t("table.cards_left", { n: hand.length }) });
  for (const code of hand) box.append(code === BACK ? back() : card(code, { small: true }));
  if (hidden !== hand.length) { // the cards known face up, named after the count
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
  if (l.key === "card.name") return [chip(l.args.code)];
  return [el("span", { class: "seat-last" }, say(l))];
}

// A badge's class is its word's last part (dealer, mao, in, out, knocked ...), for colour.
const badge = (b) => el("span", { class: `badge ${b.key.split(".").pop()}` }, say(b));

// One of three or more seats as a tile: name, score (a team's is in the panel),
// badges, cards, last move.
function tile(seat, played) {
  const acting = seat.status === "to_act";
  const partner = seat.team !== null && seat.team === 0;
  const node = el("div", { class: `loo-seat${acting ? " acting" : ""}${seat.status === "out" ? " dropped" : ""}${partner ? " partner" : ""}`, role: "listitem", "data-seat": String(seat.seat) });
  const name = el("div", { class: "loo-name" });
  name.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""), el("strong", {}, title(seat)));
  const line = el("div", { class: "loo-line" });
  if (seat.score && seat.team === null) line.append(el("span", { class: "loo-chips" }, say(seat.score)));
  line.append(...seat.badges.map(badge));
  const hidden = seat.hand.filter((c) => c === BACK).length;
  if (hidden) line.append(el("span", { class: "tile-count" }, hidden === 1 ? t("table.card_one") : t("table.cards_n", { n: hidden })));
  line.append(...last(seat, played));
  node.append(name, line);
  const known = seat.hand.filter((c) => c !== BACK);
  if (known.length) {
    const row = el("div", { class: "loo-line known-cards" });
    row.append(...known.map((c) => chip(c)));
    node.append(row);
  }
  return node;
}

// The face-down piles opposite a player alone: a few backs and the count.
function pile(p) {
  const label = say(p.label);
  const box = el("div", { class: `whist-pile ${p.id}`, role: "img", "aria-label": label });
  const stack = el("div", { class: "pile-stack", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(p.count ?? 0, 3); i++) stack.append(back());
  box.append(stack, el("span", { class: "pile-label", "aria-hidden": "true" }, label));
  return box;
}

// Piles drawn at the top (a player alone faces them) rather than in the panel.
export const topPiles = (table) => (table.seats.length === 1 ? table.piles.filter((p) => !p.cards.length) : []);

export function drawSeats(table) {
  const [me, ...others] = table.seats;
  const mine = $("seat-0");
  mine.dataset.seat = String(me.seat);
  mine.classList.toggle("acting", me.status === "to_act");
  update(mine, head(me));
  const top = $("seat-1");
  if (others.length === 1) top.dataset.seat = String(others[0].seat);
  else delete top.dataset.seat;
  if (others.length === 1) {
    top.classList.toggle("acting", others[0].status === "to_act");
    update(top, [...head(others[0]), backs(others[0].hand)]);
    return;
  }
  top.classList.remove("acting");
  if (!others.length) {
    const piles = el("div", { class: "whist-piles" });
    piles.append(...topPiles(table).map(pile));
    update(top, [piles]);
    return;
  }
  const grid = el("div", { class: "loo-seats" + (others.length <= 3 ? " few" : ""), role: "list" });
  const current = table.areas.find((a) => a.current) ?? [...table.areas].reverse().find((a) => a.plays.length);
  grid.append(...others.map((s) => tile(s, current?.plays.find((p) => p.seat === s.seat))));
  update(top, [grid]);
}
