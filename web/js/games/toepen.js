// Toepen's panels: 3 to 8 at the table. The top is a grid of the other players
// (chips, dealer, the stake marker, who knocked last, exchanges and challenges,
// whistles and stands, folded players greyed and labelled, the card each played
// to this trick); the middle shows the trick with dead cards marked; the panel
// holds the stake, the pool and every decision but the cards: knock, stay or
// fold, exchange or keep, challenge, the announcements.

import { chipsResult, decisionButtons, otherSeats, seatName, trickBox } from "./table.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

export const knockStops = true; // the "stop at every chance to knock" setting applies

// Everything but the cards is drawn by the panel, with the stakes on the buttons.
export function handles(action) {
  return !action.startsWith("play ");
}

const name = seatName;

export function role(view, seat, t) {
  const parts = [];
  if (view.dealer === seat) parts.push(t("toepen.dealer"));
  if ((view.folded ?? []).includes(seat)) parts.push(t("toepen.state.folded"));
  return parts.join(" · ");
}

export function scoreText(view, seat, t) {
  return `${t("toepen.chips")}: ${view.chips?.[seat] ?? 20}`;
}

export function scoreFraction(view, seat) {
  const chips = view.chips ?? [20];
  const top = Math.max(...chips, 1);
  return Math.max(0, Math.min(1, chips[seat] / top));
}

// While the human is asked "knock?" before another player's card, the table moves
// on by itself after the usual pause unless they knock (or chose to be stopped).
export function autoAction(model, ui) {
  if (!model.your_turn || ui.knockStops) return null;
  return model.legal.length === 2 && model.legal[0] === "knock" && model.legal[1] === "pass" ? "pass" : null;
}

// Everyone is asked to whistle or stand, so that being asked shows nothing; when
// the hand allows one answer only (say nothing, or under "made for you" the call
// three or four aces oblige) the table gives it at once, without a question.
export function forcedAction(model) {
  return model.your_turn && model.view.phase === "announce" && model.legal.length === 1 ? model.legal[0] : null;
}

function lastExchange(view) {
  return view.exchanges?.[view.exchanges.length - 1];
}

export function prompt(model, t) {
  const v = model.view;
  const who = (s) => (s === model.human ? t("table.you_name") : t("table.bot_n", { n: s }));
  if (model.over) return t("table.game_over");
  if (!model.your_turn) {
    if (v.phase === "respond") return t("toepen.prompt.wait_respond", { p: who(model.to_act), k: who(v.knocker) });
    if (v.phase === "announce") return t("toepen.prompt.wait_announce", { p: who(model.to_act) });
    return t("toepen.prompt.wait", { p: who(model.to_act) });
  }
  const raise = v.stake + 1;
  if (v.phase === "respond") return t("toepen.prompt.respond", { k: who(v.knocker), stake: v.stake, raise });
  if (v.polling) return t("toepen.prompt.poll", { p: who(v.turn), raise });
  if (v.phase === "exchange") return t("toepen.prompt.exchange", { stock: v.stock });
  if (v.phase === "challenge") return t("toepen.prompt.challenge", { p: who(lastExchange(v).seat) });
  if (v.phase === "announce") {
    if (forcedAction(model)) return t("toepen.prompt.wait_announce", { p: who(model.human) });
    const aces = v.hand.filter((c) => c[0] === "A").length;
    if (aces === 4) return t("toepen.prompt.four_aces");
    if (aces === 3) return t("toepen.prompt.three_aces");
    return t("toepen.prompt.sevens");
  }
  const knock = v.may_knock ? t("toepen.prompt.or_knock", { raise }) : "";
  const trick = t("toepen.trick_of", { n: v.trick_no });
  if (!v.trick.length) return `${trick}: ${t("toepen.prompt.lead")}${knock}`;
  const led = v.trick[0].card[1];
  const follows = v.hand.some((c) => c[1] === led);
  return `${trick}: ${t(follows ? "toepen.prompt.follow" : "toepen.prompt.void", { suit: SUIT[led] })}${knock}`;
}

// Badges for one seat: dealer, stake marker, last knocker, exchanges, call, folded.
function badges(v, seat, ui) {
  const { t, el } = ui;
  const out = [];
  if (v.dealer === seat) out.push(el("span", { class: "badge dealer" }, t("toepen.dealer_short")));
  if (v.marker === seat) out.push(el("span", { class: "badge marker" }, t("toepen.marker", { stake: v.stake })));
  if (v.last_knocker === seat) out.push(el("span", { class: "badge knocked" }, t("toepen.knocked")));
  const swaps = (v.exchanges ?? []).filter((r) => r.seat === seat);
  if (swaps.length) {
    const caught = swaps.some((r) => r.revealed && !r.honest);
    out.push(el("span", { class: "badge" }, t(caught ? "toepen.state.caught" : "toepen.state.exchanged")));
  }
  const call = v.calls?.[String(seat)];
  if (call && (v.revealed || seat === ui.human)) out.push(el("span", { class: "badge call" }, t(`toepen.call.${call}`)));
  if ((v.folded ?? []).includes(seat)) out.push(el("span", { class: "badge out" }, t("toepen.state.folded")));
  if (v.alive && !v.alive[seat]) out.push(el("span", { class: "badge out" }, t("toepen.state.out")));
  return out;
}

// The other players, clockwise from your left.
export function seatHeads(model, ui) {
  const { t, el, chip } = ui;
  const v = model.view;
  return otherSeats(model, ui, {
    extraClass: " toepen-seats",
    gone: (seat) => (v.folded ?? []).includes(seat) || (v.alive && !v.alive[seat]),
    line(seat) {
      const out = [el("span", { class: "loo-chips" }, t("toepen.chips_n", { n: v.chips?.[seat] ?? 20 })), ...badges(v, seat, ui)];
      const played = (v.trick ?? []).find((p) => p.seat === seat);
      if (played) {
        const c = chip(played.card);
        if (played.dead) c.classList.add("dead");
        out.push(c);
      }
      return out;
    },
  });
}

// The trick so far, in play order (dead cards struck and labelled), beside the last trick.
export function tricks(view, human, ui) {
  const { t } = ui;
  const label = view.phase === "play" || view.phase === "respond" && view.trick_no
    ? `${t("toepen.trick_of", { n: view.trick_no || 1 })}${view.trick_no === 4 ? ` — ${t("toepen.last_counts")}` : ""}`
    : t(`toepen.phase.${view.phase ?? "exchange"}`);
  const last = view.tricks?.[view.tricks.length - 1];
  return trickBox(ui, {
    label, plays: view.trick ?? [], deadLabel: t("toepen.dead"),
    last: last && { label: t("toepen.last_trick", { n: last.number }), plays: last.plays, winner: last.winner,
      outcome: seatName(ui, last.winner) },
  });
}

// The decisions of the moment, as buttons that say what they cost.
function decisions(view, ui, legal) {
  const raise = view.stake + 1;
  const labels = {
    knock: ["toepen.knock", { raise }, " knock"],
    pass: [view.polling ? "toepen.pass_knock" : "toepen.pass_challenge", {}, ""],
    stay: ["toepen.stay", { raise }, ""],
    fold: ["toepen.fold", { stake: view.stake }, ""],
    exchange: ["toepen.exchange", {}, ""],
    keep: ["toepen.keep", {}, ""],
    challenge: ["toepen.challenge", {}, ""],
    whistle: ["toepen.whistle", {}, ""],
    stand: ["toepen.stand", {}, ""],
    silent: ["toepen.silent", {}, ""],
  };
  return decisionButtons(ui, legal, labels, { className: "toepen-actions", label: ui.t("toepen.decide") });
}

export function panel(view, ui) {
  const { t, el, chip } = ui;
  const box = el("div", { class: "info-panel loo-panel toepen-panel" });
  const stake = el("div", { class: "loo-pot toepen-stake" });
  stake.append(el("strong", {}, t("toepen.stake", { stake: view.stake ?? 1 })));
  if (typeof view.marker === "number") stake.append(" ", el("span", {}, t("toepen.marker_with", { p: name(ui, view.marker) })));
  if (view.stake_cap) stake.append(" ", el("span", {}, t("toepen.cap", { cap: view.stake_cap })));
  box.append(stake);
  box.append(el("div", {}, `${t("toepen.pool", { pool: view.pool ?? 0 })} · ${t("toepen.stock", { n: view.stock ?? 0 })} · ${t("toepen.deal", { n: view.deal ?? 1 })}`));
  const ex = lastExchange(view);
  if (ex && ex.revealed && view.phase !== "play") {
    const line = el("div", { class: "toepen-discards" });
    line.append(el("span", {}, t(ex.honest ? "toepen.discards_honest" : "toepen.discards_bluff", { p: name(ui, ex.seat) })), " ",
      ...ex.discards.map((c) => chip(c)));
    box.append(line);
  }
  if (ui.model?.your_turn && !forcedAction(ui.model)) {
    const group = decisions(view, ui, ui.model.legal);
    if (group) box.append(group);
  }
  const mine = view.calls?.[String(ui.human)];
  if ((view.folded ?? []).includes(ui.human)) box.append(el("p", { class: "loo-note" }, t("toepen.you_folded")));
  else if (mine) box.append(el("p", { class: "loo-note" }, t("toepen.your_call", { call: t(`toepen.call.${mine}`) })));
  return box;
}

// The last deal: who won, how, and what everyone paid.
export function lastRound(view, ui) {
  const d = view.last_deal;
  if (!d) return null;
  const { t, el, human } = ui;
  const box = el("div", {});
  box.append(el("h2", {}, t("toepen.last_deal", { n: d.deal, p: name(ui, d.winner), stake: d.stake })));
  const table = el("table", { class: "deal-table loo-table" });
  const head = el("tr", {});
  for (const h of ["player", "end", "paid", "chips"]) head.append(el("th", {}, t(`toepen.col.${h}`)));
  table.append(head);
  const n = d.chips.length;
  for (let k = 0; k < n; k++) {
    const seat = (human + k) % n;
    const paid = d.payments.filter((p) => p.seat === seat).reduce((sum, p) => sum + p.amount, 0);
    const end = seat === d.winner ? t(`toepen.end.${d.why}`) : d.folded.includes(seat) ? t("toepen.state.folded") : t("toepen.end.lost");
    const missed = d.missed.includes(seat) ? ` · ${t("toepen.end.missed")}` : "";
    const tr = el("tr", { class: seat === d.winner ? "winner" : "" });
    for (const cell of [name(ui, seat), end + missed, paid > 0 ? `−${paid}` : paid < 0 ? `+${-paid}` : "0", String(d.chips[seat])]) tr.append(el("td", {}, cell));
    table.append(tr);
  }
  box.append(table);
  return box;
}

export function result(model, t) {
  return chipsResult(model, t, "toepen");
}

export function eventArgs(e, args, ui) {
  const { t, cardName } = ui;
  const who = (s) => name(ui, s);
  const cards = (list) => list.map((c) => cardName(c)).join(", ");
  if (e.type === "challenge") {
    args.challengers = e.challengers.map(who).join(", ");
    args.discards = cards(e.discards);
    args.payers = e.payments.map(([s, amount]) => t("toepen.pays", { p: who(s), n: amount })).join(", ");
  }
  if (e.type === "stock_short") args.names = e.seats.map(who).join(", ");
  if (e.type === "announce") {
    const calls = Object.entries(e.calls);
    args.calls = calls.length ? calls.map(([s, c]) => `${who(Number(s))}: ${t(`toepen.call.${c}`)}`).join(", ") : t("toepen.no_calls");
  }
  if (e.type === "fold") {
    args.dead_note = e.dead ? t("toepen.dead_note", { card: cardName(e.dead) })
      : e.live ? t("toepen.live_note", { card: cardName(e.live) }) : "";
  }
  if (e.type === "lead_passes") args.folded = who(e.folded);
  if (e.type === "trick") args.plays = e.plays.map(([s, c, dead]) => `${who(s)} ${cardName(c)}${dead ? ` (${t("toepen.dead")})` : ""}`).join(", ");
  if (e.type === "pay") {
    args.amount = Math.abs(e.amount);
    args.to = e.to === null || e.to === undefined ? t("toepen.the_pool") : who(e.to);
  }
  if (e.type === "play_on") args.names = e.seats.map(who).join(", ");
  if (e.type === "game_over") args.names = e.winners.map(who).join(", ");
  return args;
}
