// Brazilian Truco's panels: four seats, two teams. The top row is the other three
// as the table has them: the left opponent, the partner opposite, the right
// opponent (play goes to the right, counter-clockwise), each with the dealer (pé)
// and mão marks, the cards left, the card played to this trick and, where the rules
// show it, the partner's hand. The middle is the trick in play order beside the
// hand's trick record and the burned cards; the panel holds the hand's value, the
// score, and every decision but the cards: keep, pass or burn; truco; accept, run
// or raise; play or run a hand at eleven; flip in the iron hand.

import { decisionButtons } from "./table.js";


const SEATS_LEFT_TOP_RIGHT = [3, 2, 1]; // relative to you (seat 0 sits at the bottom)

// Everything but the cards is drawn by the panel.
export function handles(action) {
  return !action.startsWith("play ");
}

// "you", "your partner", "the right opponent", "the left opponent".
export function seatName(ui, seat) {
  const rel = (seat - ui.human + 4) % 4;
  return ui.t(["table.you_name", "truco.right", "truco.partner", "truco.left"][rel]);
}

function seatTitle(ui, seat) {
  const rel = (seat - ui.human + 4) % 4;
  return ui.t(["table.you", "truco.right_title", "truco.partner_title", "truco.left_title"][rel]);
}

const teamOf = (seat) => seat % 2;

function teamName(t, model, team) {
  return t(team === teamOf(model.human) ? "truco.us" : "truco.them");
}

export function role(view, seat, t) {
  const parts = [];
  if (view.dealer === seat) parts.push(t("truco.dealer"));
  if (view.mao === seat) parts.push(t("truco.mao"));
  return parts.join(" · ");
}

export function scoreText(view, seat, t) {
  const us = view.scores?.[teamOf(seat)] ?? 0;
  const them = view.scores?.[1 - teamOf(seat)] ?? 0;
  return t("truco.score_line", { us, them });
}

export function scoreFraction(view, seat) {
  return Math.min(1, (view.scores?.[teamOf(seat)] ?? 0) / 12);
}

export function prompt(model, t) {
  const v = model.view;
  const ui = { t, human: model.human };
  const who = (s) => seatName(ui, s);
  if (model.over) return t("table.game_over");
  if (!model.your_turn) {
    if (v.phase === "answer") return t("truco.prompt.wait_answer", { p: who(model.to_act), value: v.offer.value });
    if (v.phase === "deal") return t("truco.prompt.wait_deal", { p: who(model.to_act) });
    if (v.phase === "eleven") return t("truco.prompt.wait_eleven", { p: who(model.to_act) });
    return t("truco.prompt.wait", { p: who(model.to_act) });
  }
  if (v.phase === "deal") {
    const left = [model.legal.includes("pass") ? t("truco.prompt.pass_left") : "", model.legal.includes("burn") ? t("truco.prompt.burn_left", { n: 3 - v.rejected }) : ""];
    return `${t("truco.prompt.deal")} ${left.filter(Boolean).join(" ")}`.trim();
  }
  if (v.phase === "eleven") return t("truco.prompt.eleven", { them: v.scores[1 - v.team] });
  if (v.phase === "answer") {
    const raise = model.legal.includes("raise") ? t("truco.prompt.or_raise", { up: v.offer.value === 12 ? 12 : v.offer.value + 3 }) : "";
    return t("truco.prompt.answer", { p: who(v.offer.seat), value: v.offer.value, prev: v.offer.prev }) + raise;
  }
  if (v.special === "iron") return t("truco.prompt.flip");
  const trick = v.tricks[v.tricks.length - 1];
  const n = trick?.number ?? 1;
  const decides = v.decider ? ` ${t("truco.prompt.decides", { value: v.value })}` : "";
  const truco = model.legal.includes("truco") ? ` ${t("truco.prompt.or_truco")}` : "";
  return `${t("truco.trick_of", { n })}: ${t(trick && trick.plays.length ? "truco.prompt.follow" : "truco.prompt.lead")}${decides}${truco}`;
}

// A card on the table: face up, or a back (your own face-down card peeks through).
function tableCard(ui, play) {
  if (play.down) {
    const node = ui.card(null, { owner: play.seat, known: play.card });
    node.append(ui.el("span", { class: "down-tag", "aria-hidden": "true" }, ui.t("table.face_down")));
    return node;
  }
  return ui.card(play.card);
}

function chipOrBack(ui, play) {
  if (!play.down) return ui.chip(play.card);
  return ui.el("span", { class: "chip down", role: "img", "aria-label": ui.t("table.face_down") }, "▨");
}

// The other three seats, left, top (partner), right.
export function seatHeads(model, ui) {
  const { t, el } = ui;
  const v = model.view;
  const grid = el("div", { class: "loo-seats truco-seats", role: "list" });
  const trick = v.tricks?.[v.tricks.length - 1];
  for (const rel of SEATS_LEFT_TOP_RIGHT) {
    const seat = (model.human + rel) % 4;
    const acting = model.to_act === seat;
    const partner = rel === 2;
    const tile = el("div", { class: `loo-seat truco-seat${acting ? " acting" : ""}${partner ? " partner" : ""}`, role: "listitem" });
    const head = el("div", { class: "loo-name" });
    head.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""), el("strong", {}, seatTitle(ui, seat)));
    const line = el("div", { class: "loo-line" });
    if (v.dealer === seat) line.append(el("span", { class: "badge dealer" }, t("truco.dealer")));
    if (v.mao === seat) line.append(el("span", { class: "badge mao" }, t("truco.mao")));
    line.append(el("span", { class: "truco-count" }, t("truco.cards_n", { n: v.hand_counts?.[seat] ?? 0 })));
    if (v.passed_to === seat) line.append(el("span", { class: "badge" }, t("truco.got_pass")));
    const played = trick?.plays.find((p) => p.seat === seat);
    if (played) line.append(chipOrBack(ui, played));
    tile.append(head, line);
    if (partner && v.partner_known?.length) {
      const known = el("div", { class: "loo-line truco-known" });
      known.append(el("span", {}, t(v.partner_all ? "truco.partner_hand" : "truco.partner_shows")), ...v.partner_known.map((c) => ui.chip(c)));
      tile.append(known);
    }
    grid.append(tile);
  }
  return [grid];
}

// What each finished trick of this hand did for your team: won, lost or tied.
function record(view, ui) {
  const { t, el } = ui;
  const mine = teamOf(ui.human);
  const box = el("ol", { class: "truco-record", "aria-label": t("truco.record") });
  for (let i = 0; i < 3; i++) {
    const r = view.results?.[i];
    const state = i >= (view.results?.length ?? 0) ? "open" : r === null ? "tied" : r === mine ? "won" : "lost";
    const mark = { won: "✓", lost: "✗", tied: "=", open: "·" }[state];
    box.append(el("li", { class: `rec-${state}` }, `${i + 1} ${mark} ${t(`truco.rec.${state}`)}`));
  }
  return box;
}

// The trick in play order, the record of the hand, and the burned cards.
export function tricks(view, human, ui) {
  const { t, el } = ui;
  const box = el("div", { class: "trick-row loo-trick truco-trick" });
  const current = el("div", { class: "trick" });
  const trick = view.tricks?.[view.tricks.length - 1];
  const label = view.phase === "deal" ? t("truco.phase.deal") : t("truco.trick_of", { n: trick?.number ?? 1 });
  current.append(el("div", { class: "trick-label" }, label));
  const row = el("div", { class: "loo-plays" });
  for (const p of trick?.plays ?? []) {
    const slot = el("div", { class: "loo-play" });
    slot.append(tableCard(ui, p), el("span", { class: "loo-who" }, seatName(ui, p.seat)));
    row.append(slot);
  }
  if (!trick?.plays.length) row.append(el("div", { class: "slot" }));
  current.append(row);
  box.append(current);
  const side = el("div", { class: "trick last truco-side" });
  side.append(el("div", { class: "trick-label" }, t("truco.record")), record(view, ui));
  if (view.burned?.length) {
    const burned = el("div", { class: "truco-burned" });
    burned.append(el("span", {}, t("truco.burned")), ...view.burned.map((c) => ui.chip(c)));
    side.append(burned);
  }
  box.append(side);
  return box;
}

function decisions(view, ui, legal) {
  const offer = view.offer;
  const labels = {
    keep: ["truco.keep", {}, ""],
    pass: ["truco.pass", {}, ""],
    burn: ["truco.burn", {}, ""],
    truco: ["truco.call", {}, " truco-call"],
    accept: view.phase === "eleven" ? ["truco.eleven_play", {}, ""] : ["truco.accept", { value: offer?.value }, ""],
    run: view.phase === "eleven" ? ["truco.eleven_run", {}, ""] : ["truco.run", { prev: offer?.prev }, ""],
    raise: ["truco.raise", { up: offer ? offer.value + 3 : 6 }, " truco-call"],
    flip: ["truco.flip", {}, ""],
  };
  return decisionButtons(ui, legal, labels, { className: "truco-actions", label: ui.t("truco.decide") });
}

export function panel(view, ui) {
  const { t, el } = ui;
  const box = el("div", { class: "info-panel loo-panel truco-panel" });
  const value = el("div", { class: "loo-pot truco-value" });
  value.append(el("strong", {}, t("truco.value", { value: view.value ?? 1 })));
  if (view.truco?.accepted) value.append(" ", el("span", {}, t("truco.decided_by", { n: view.decider ?? view.truco.trick })));
  box.append(value);
  const m = ui.model;
  if (m) box.append(el("div", { class: "truco-score" }, t("truco.score_teams", { us: view.scores[teamOf(ui.human)], them: view.scores[1 - teamOf(ui.human)] })));
  if (view.special === "eleven") {
    box.append(el("p", { class: "loo-note truco-special" }, t(view.eleven_team === teamOf(ui.human) ? "truco.eleven_us" : "truco.eleven_them")));
  }
  if (view.special === "iron") box.append(el("p", { class: "loo-note truco-special" }, t("truco.iron")));
  if (view.offer) {
    const by = view.offer.by === teamOf(ui.human) ? t("truco.us") : t("truco.them");
    box.append(el("p", { class: "loo-note truco-offer" }, t("truco.offer_line", { team: by, value: view.offer.value, prev: view.offer.prev })));
  }
  if (m?.your_turn) {
    const group = decisions(view, ui, m.legal);
    if (group) box.append(group);
  }
  return box;
}

// The last hand: who won it, how, and for how much.
export function lastRound(view, ui) {
  const h = view.last_hand;
  if (!h) return null;
  const { t, el } = ui;
  const box = el("div", {});
  const team = h.winner === null ? t("truco.nobody") : h.winner === teamOf(ui.human) ? t("truco.us") : t("truco.them");
  box.append(el("h2", {}, t("truco.last_hand", { n: h.hand, team, points: h.points })));
  const why = `truco.why.${h.why.replace(/_dealer$/, "")}`;
  box.append(el("p", {}, t(why, { value: h.value })));
  const rec = el("p", { class: "truco-last-record" });
  rec.append(`${t("truco.record")}: `, h.results.map((r) => (r === null ? "=" : r === teamOf(ui.human) ? "✓" : "✗")).join(" "));
  box.append(rec);
  return box;
}

export function result(model, t) {
  const r = model.result;
  const mine = teamOf(model.human);
  const outcome = r.winner === mine ? "win" : "loss";
  return { outcome, text: t(`truco.result.${outcome}`, { us: r.scores[mine], them: r.scores[1 - mine] }) };
}

export function eventArgs(e, args, ui) {
  const { t } = ui;
  const m = ui.model;
  for (const k of ["seat", "dealer", "mao", "to", "next"]) if (typeof e[k] === "number") args[k] = seatName(ui, e[k]);
  const team = (x) => (x === null || x === undefined ? t("truco.nobody") : teamName(t, m, x));
  if (["trick", "hand", "game_over"].includes(e.type)) args.winner = team(e.winner);
  if (typeof e.team === "number") args.team = team(e.team);
  if (e.type === "burn") args.cards = e.cards.map((c) => ui.cardName(c)).join(", ");
  if (e.type === "trick") args.plays = e.plays.map(([s, c, down]) => `${seatName(ui, s)} ${down ? t("table.face_down") : ui.cardName(c)}`).join(", ");
  if (e.type === "hand_start") args.special = e.special ? t(`truco.special.${e.special}`) : "";
  if (e.type === "eleven") args.choice = t(`truco.choice.${e.choice}`);
  if (typeof e.seat !== "number") args.s = ""; // teams take the plural: "we win", "they win"
  args.es = args.s ? "es" : "";
  return args;
}
