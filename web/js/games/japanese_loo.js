// Japanese Loo's panels: 3 to 10 at the table. The top is a grid of the other
// players (chips, dealer, in or dropped, tricks, the card each played to this
// trick, looed); the middle shows the trick in play order, the pot, the value of
// a trick and the turn-up; the play-or-drop buttons sit in the panel.

import { chipsResult, otherSeats, seatName, trickBox } from "./table.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };


// In and out are drawn by the panel, with the drop fee on the button.
export function handles(action) {
  return action === "in" || action === "out";
}

export function role(view, seat, t) {
  return view.dealer === seat ? t("japanese_loo.dealer") : "";
}

export function scoreText(view, seat, t) {
  return `${t("japanese_loo.chips")}: ${view.chips?.[seat] ?? 100}`;
}

export function scoreFraction(view, seat) {
  const chips = view.chips ?? [100];
  const top = Math.max(...chips, 1);
  return Math.max(0, Math.min(1, chips[seat] / top));
}

// "in", "out" or "" (not declared yet) for a seat in this deal.
function state(view, seat) {
  if (view.phase === "play") return view.ins.includes(seat) ? "in" : "out";
  return view.declared?.[String(seat)] ?? "";
}

export function prompt(model, t) {
  const v = model.view;
  if (model.over) return t("table.game_over");
  if (!model.your_turn) return t("japanese_loo.prompt.wait", { p: t("table.bot_n", { n: model.to_act }) });
  if (v.phase === "declare") {
    return t(v.dealer === model.human ? "japanese_loo.prompt.declare_dealer" : "japanese_loo.prompt.declare",
      { fee: v.rules.fee, loo: v.rules.loo, pot: v.pot, value: v.value, ins: v.ins.length });
  }
  if (!v.trick.length) return t("japanese_loo.prompt.lead", { value: v.value });
  const led = v.trick[0].card[1];
  const follows = v.hand.some((c) => c[1] === led);
  return t(follows ? "japanese_loo.prompt.follow" : "japanese_loo.prompt.void", { suit: SUIT[led], trump: SUIT[v.trump] });
}

// The other players, clockwise from your left: chips, dealer, in or dropped, tricks, the card played.
export function seatHeads(model, ui) {
  const { t, el, chip } = ui;
  const v = model.view;
  return otherSeats(model, ui, {
    gone: (seat) => state(v, seat) === "out",
    line(seat) {
      const out = [el("span", { class: "loo-chips" }, t("japanese_loo.chips_n", { n: v.chips?.[seat] ?? 100 }))];
      if (v.dealer === seat) out.push(el("span", { class: "badge dealer" }, t("japanese_loo.dealer_short")));
      const st = state(v, seat);
      if (st) out.push(el("span", { class: `badge ${st}` }, t(`japanese_loo.state.${st}`)));
      if (v.phase === "play" && (v.tricks_won?.[seat] ?? 0) > 0) out.push(el("span", { class: "loo-tricks" }, t("japanese_loo.tricks_n", { n: v.tricks_won[seat] })));
      const played = (v.trick ?? []).find((p) => p.seat === seat);
      if (played) out.push(chip(played.card));
      return out;
    },
  });
}

// The trick so far, in play order, beside the last finished trick.
export function tricks(view, human, ui) {
  const { t } = ui;
  const total = view.rules?.tricks ?? 5;
  const last = view.last_trick && view.phase === "play" ? view.last_trick : null;
  return trickBox(ui, {
    label: view.phase === "play"
      ? t("japanese_loo.trick", { n: Math.min(total, (view.tricks_played ?? 0) + 1), of: total })
      : t("japanese_loo.declaring"),
    plays: view.trick ?? [],
    last: last && { label: t("japanese_loo.last_trick", { n: last.number }), plays: last.plays, winner: last.winner,
      outcome: t("japanese_loo.took", { p: seatName(ui, last.winner), value: last.value }) },
  });
}

export function panel(view, ui) {
  const { t, el, card } = ui;
  const box = el("div", { class: "info-panel loo-panel" });
  const pot = el("div", { class: "loo-pot" });
  pot.append(el("strong", {}, t("japanese_loo.pot", { pot: view.pot ?? 0 })), " ",
    el("span", {}, t("japanese_loo.value", { value: view.value ?? 0 })));
  box.append(pot);
  if (view.turnup) {
    const trump = el("div", { class: "whist-trump" });
    const turned = el("div", { class: "turned" });
    turned.append(card(view.turnup));
    trump.append(turned, el("span", {}, t("japanese_loo.trumps", { suit: `${SUIT[view.trump]} ${t("suit." + view.trump)}` })));
    box.append(trump);
  }
  box.append(el("div", {}, view.extension
    ? t("japanese_loo.extension_deal")
    : t("japanese_loo.deal_of", { n: view.deal ?? 1, of: view.deals ?? 12 })));
  if (view.phase === "declare" && view.to_act === ui.human) {
    const buttons = el("div", { class: "loo-declare", role: "group", "aria-label": t("japanese_loo.declare_label") });
    buttons.append(el("button", { type: "button", class: "action", "data-action": "in" }, t("japanese_loo.in")),
      el("button", { type: "button", class: "action", "data-action": "out" }, t("japanese_loo.out", { fee: view.rules.fee })));
    box.append(buttons);
  }
  const mine = state(view, ui.human);
  if (mine === "out") box.append(el("p", { class: "loo-note" }, t("japanese_loo.you_dropped")));
  else if (view.phase === "play" && mine === "in") {
    const won = view.tricks_won[ui.human];
    box.append(el("p", { class: "loo-note" }, won ? t("japanese_loo.safe", { n: won }) : t("japanese_loo.at_risk", { loo: view.rules.loo })));
  }
  return box;
}

// The last deal: who played, their tricks, who was looed, the chips after it.
export function lastRound(view, ui) {
  const d = view.last_deal;
  if (!d) return null;
  const { t, el, human } = ui;
  const box = el("div", {});
  box.append(el("h2", {}, t(d.extension ? "japanese_loo.last_extension" : "japanese_loo.last_deal", { n: d.deal })));
  const table = el("table", { class: "deal-table loo-table" });
  const head = el("tr", {});
  for (const h of ["player", "played", "tricks", "chips"]) head.append(el("th", {}, t(`japanese_loo.col.${h}`)));
  table.append(head);
  const n = d.chips.length;
  for (let k = 0; k < n; k++) {
    const seat = (human + k) % n;
    const tr = el("tr", { class: d.looed.includes(seat) ? "looed" : "" });
    const name = seatName(ui, seat);
    const played = d.without_play ? "—" : d.ins.includes(seat) ? t("japanese_loo.state.in") : t("japanese_loo.state.out");
    const tricksCell = d.looed.includes(seat) ? `0 ${t("japanese_loo.state.looed")}` : String(d.tricks[seat]);
    for (const cell of [name, played, d.without_play ? "—" : tricksCell, String(d.chips[seat])]) tr.append(el("td", {}, cell));
    table.append(tr);
  }
  box.append(table);
  return box;
}

export function result(model, t) {
  return chipsResult(model, t, "japanese_loo");
}

export function eventArgs(e, args, ui) {
  const { t, cardName } = ui;
  const name = (s) => seatName(ui, s);
  if (e.turnup) args.turnup = cardName(e.turnup);
  if (e.type === "declare") args.choice = t(`japanese_loo.declared.${e.choice}`, { fee: e.fee });
  if (e.type === "play_start") args.leader = name(e.leader);
  if (e.type === "trick") args.plays = e.plays.map(([s, c]) => `${name(s)} ${cardName(c)}`).join(", ");
  if (e.type === "play_start") args.names = e.players.map(name).join(", ");
  if (e.type === "deal_end") args.looed = e.looed.length ? e.looed.map(name).join(", ") : t("japanese_loo.nobody");
  if (e.type === "game_over") args.names = e.winners.map(name).join(", ");
  return args;
}
