// Oneonta Whist's panels: a solitaire, so the top seat is the dummy's face-down
// pile (and the three dead cards); the middle shows the dummy's lead and your
// card, the turned card and trumps, the bid buttons, the tricks taken against the
// bid; below, the score sheet of the nine deals and the advisor's tables.

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

export const hasAdvisor = true;

// Bid buttons live in the panel (not in the generic action row).
export function handles(action) {
  return action.startsWith("bid ");
}

export function role(view, seat, t) {
  return t("oneonta_whist.deal_of", { n: view.deal ?? 1, of: view.deals ?? 9 });
}

export function scoreText(view, seat, t) {
  return `${t("table.score")}: ${t("oneonta_whist.total", { score: view.total ?? 0, target: view.target ?? 30 })}`;
}

export function scoreFraction(view) {
  return Math.max(0, Math.min(1, (view.total ?? 0) / (view.target ?? 30)));
}

function trumpText(view, t) {
  return view.trump ? t("oneonta_whist.trumps", { suit: `${SUIT[view.trump]} ${t("suit." + view.trump)}` }) : t("oneonta_whist.no_trump");
}

export function prompt(model, t) {
  const v = model.view;
  if (model.over) return t("table.game_over");
  if (v.phase === "bid") return t("oneonta_whist.prompt.bid");
  const led = v.lead === "BJ" || v.lead === "LJ" ? v.trump ?? "joker" : v.lead[1];
  const trumpLed = v.trump && led === v.trump;
  const follows = v.hand.some((c) => (c === "BJ" || c === "LJ" ? v.trump ?? "joker" : c[1]) === led);
  if (follows) return t(trumpLed ? "oneonta_whist.prompt.follow_trump" : "oneonta_whist.prompt.follow", { suit: SUIT[led] ?? t("oneonta_whist.joker") });
  return t(v.trump ? "oneonta_whist.prompt.void" : "oneonta_whist.prompt.void_nt", { suit: SUIT[led] ?? t("oneonta_whist.joker") });
}

// The top seat: the dummy's pile and the dead cards, as backs with their counts.
export function seatHeads(model, ui) {
  const { t, el } = ui;
  const v = model.view;
  const dummy = el("div", { class: "seat-head" });
  dummy.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, ""), el("strong", {}, t("oneonta_whist.dummy")),
    el("span", { class: "role" }, t("oneonta_whist.dummy_role")));
  const piles = el("div", { class: "whist-piles" });
  piles.append(pile(ui, v.dummy_count ?? 9, t("oneonta_whist.pile", { n: v.dummy_count ?? 9 })),
    pile(ui, v.dead_count ?? 3, t("oneonta_whist.dead", { n: v.dead_count ?? 3 }), "dead"));
  return [dummy, piles];
}

function pile(ui, n, label, kind = "") {
  const { el, back } = ui;
  const box = el("div", { class: `whist-pile ${kind}`, role: "img", "aria-label": label });
  const stack = el("div", { class: "pile-stack", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, 3); i++) stack.append(back());
  box.append(stack, el("span", { class: "pile-label", "aria-hidden": "true" }, label));
  return box;
}

// The dummy's lead above your card, beside the last trick.
export function tricks(view, human, ui) {
  const { t, el, card } = ui;
  const box = el("div", { class: "trick-row" });
  const current = el("div", { class: "trick" });
  const n = Math.min(9, (view.tricks_played ?? 0) + 1);
  current.append(el("div", { class: "trick-label" }, view.phase === "bid" ? t("oneonta_whist.before_lead") : t("oneonta_whist.trick", { n })));
  const lead = el("div", { class: "slot theirs" });
  if (view.lead) lead.append(card(view.lead));
  const mine = el("div", { class: "slot mine" });
  current.append(lead, mine, el("div", { class: "trick-outcome" }, ""));
  box.append(current);
  const last = view.last_trick;
  if (last) {
    const col = el("div", { class: "trick last" });
    col.append(el("div", { class: "trick-label" }, t("oneonta_whist.last_trick", { n: last.number })));
    for (const code of [last.lead, last.card]) {
      const slot = el("div", { class: "slot small-slot" });
      slot.append(card(code));
      col.append(slot);
    }
    col.append(el("div", { class: "trick-outcome" }, (last.won ? "★ " : "") + t(last.won ? "oneonta_whist.you_won" : "oneonta_whist.dummy_won")));
    box.append(col);
  }
  return box;
}

// Trumps, the bid and the tricks taken, and the bid buttons while bidding.
export function panel(view, ui) {
  const { t, el, card } = ui;
  const box = el("div", { class: "info-panel whist" });
  if (view.turned) {
    const trump = el("div", { class: "whist-trump" });
    const turned = el("div", { class: "turned" });
    turned.append(card(view.turned));
    trump.append(turned, el("span", {}, `${t("oneonta_whist.turned")} ${trumpText(view, t)}`));
    box.append(trump);
  }
  if (view.phase === "bid") {
    box.append(el("p", { class: "whist-bid-line" }, t("oneonta_whist.bid_now")));
    const bids = el("div", { class: "bid-buttons", role: "group", "aria-label": t("oneonta_whist.bid_label") });
    for (let n = 0; n <= 9; n++) {
      bids.append(el("button", { type: "button", class: "bid-button", "data-action": `bid ${n}`, "aria-label": t("oneonta_whist.bid_n", { n }) }, String(n)));
    }
    box.append(bids);
  } else if (view.bid !== null && view.bid !== undefined) {
    const left = 9 - (view.tricks_played ?? 0);
    const line = el("p", { class: "whist-bid-line" });
    line.append(el("strong", {}, t("oneonta_whist.bid_taken", { bid: view.bid, taken: view.taken })), " ",
      el("span", {}, t("oneonta_whist.to_play", { n: left })));
    box.append(line, tally(view, ui));
  }
  return box;
}

// One mark per trick: taken (●), lost (○), still to play (·), with the bid marked.
function tally(view, ui) {
  const { el } = ui;
  const row = el("div", { class: "tally", "aria-hidden": "true" });
  for (let i = 0; i < 9; i++) {
    const mark = i < view.taken ? "●" : "○";
    row.append(el("span", { class: i < view.bid ? "need" : "" }, mark));
  }
  return row;
}

// The score sheet after each deal: deal, trumps, bid, taken, score, total.
export function lastRound(view, ui) {
  const rows = view.history ?? [];
  if (!rows.length) return null;
  const { t, el } = ui;
  const box = el("div", {});
  box.append(el("h2", {}, t("oneonta_whist.sheet", { n: rows.length, of: view.deals })));
  const table = el("table", { class: "deal-table whist-sheet" });
  const head = el("tr", {});
  for (const h of ["deal", "turned", "bid", "taken", "score", "total"]) head.append(el("th", {}, t(`oneonta_whist.col.${h}`)));
  table.append(head);
  for (const r of rows) {
    const tr = el("tr", { class: r.made ? "made" : "missed" });
    const turned = r.turned === "BJ" || r.turned === "LJ" ? ui.cardName(r.turned) : `${r.turned[0] === "T" ? "10" : r.turned[0]}${SUIT[r.turned[1]]}`;
    const score = (r.score > 0 ? "+" : "") + r.score + (r.made ? " ✓" : " ✗");
    for (const cell of [r.deal, turned, r.bid, r.taken, score, r.total]) tr.append(el("td", {}, String(cell)));
    table.append(tr);
  }
  const made = rows.filter((r) => r.made).length;
  box.append(table, el("p", {}, t("oneonta_whist.sheet_line", { made, deals: rows.length, total: view.total, target: view.target })));
  return box;
}

export function result(model, t) {
  const r = model.result;
  const outcome = r.success ? "win" : "loss";
  return { outcome, text: t(`oneonta_whist.result.${outcome}`, { score: r.score, target: r.target, made: r.bids_made, deals: r.deals }) };
}

// The log's words for this game's events.
export function eventArgs(e, args, ui) {
  const { cardName } = ui;
  for (const k of ["lead", "card", "turned"]) if (typeof e[k] === "string") args[k] = cardName(e[k]);
  if (e.type === "deal_start") args.trump = e.trump ? ui.t("suit." + e.trump) : ui.t("oneonta_whist.no_trump_word");
  if (e.type === "deal_end") args.result = ui.t(e.made ? "oneonta_whist.made" : e.taken < e.bid ? "oneonta_whist.under" : "oneonta_whist.over");
  if (e.type === "game_over") args.outcome = ui.t(e.success ? "oneonta_whist.goal_reached" : "oneonta_whist.goal_missed", { target: e.target });
  return args;
}

// The finished deal laid open: your hand, what the dummy led, and the dead cards.
export function review(data, ui) {
  const { t, el, chip } = ui;
  return [["hand", data.hand], ["dummy", data.dummy], ["dead", data.dead]].map(([k, cards]) => {
    const row = el("p", { class: "review-hand" });
    row.append(el("strong", {}, `${t(`oneonta_whist.review.${k}`)}: `));
    for (const c of cards) row.append(chip(c));
    return row;
  });
}

const pct = (p) => `${Math.round(100 * p)}%`;
const signed = (x) => (x > 0.005 ? "+" : x < -0.005 ? "−" : "±") + Math.abs(x).toFixed(2);

// The advisor: expected score and chance to make each bid (or each playable card),
// the spread of tricks, and the chance that each unseen card is still to be led.
export function advice(data, view, ui) {
  const { t, el, chip } = ui;
  const box = el("div", { class: "advice" });
  box.append(el("h2", {}, t("oneonta_whist.advice.title")));
  if (data.phase === "bid") {
    const table = el("table", { class: "deal-table advice-table" });
    const head = el("tr", {});
    for (const h of ["bid", "expected", "make", "tricks"]) head.append(el("th", {}, t(`oneonta_whist.advice.${h}`)));
    table.append(head);
    for (const r of data.bids) {
      const tr = el("tr", { class: r.bid === data.best ? "best" : "" });
      for (const cell of [r.bid + (r.bid === data.best ? " ★" : ""), signed(r.expected), pct(r.make), pct(data.tricks[r.bid] ?? 0)]) tr.append(el("td", {}, cell));
      table.append(tr);
    }
    box.append(el("p", {}, t("oneonta_whist.advice.bid_line", { best: data.best })), table,
      el("p", { class: "advice-note" }, t("oneonta_whist.advice.tricks_note", { best: data.best })));
  } else {
    const table = el("table", { class: "deal-table advice-table" });
    const head = el("tr", {});
    for (const h of ["card", "wins", "expected", "make"]) head.append(el("th", {}, t(`oneonta_whist.advice.${h}`)));
    table.append(head);
    for (const r of data.cards) {
      const tr = el("tr", { class: data.best.includes(r.card) ? "best" : "" });
      const first = el("td", {});
      first.append(chip(r.card));
      if (data.best.includes(r.card)) first.append(" ★");
      tr.append(first);
      for (const cell of [t(r.wins ? "oneonta_whist.advice.yes" : "oneonta_whist.advice.no"), signed(r.expected), pct(r.make)]) tr.append(el("td", {}, cell));
      table.append(tr);
    }
    box.append(table);
  }
  const leads = data.leads;
  const chances = el("div", { class: "lead-chances" });
  chances.append(el("p", {}, t("oneonta_whist.advice.each", { p: pct(leads.each), d: leads.to_come, u: leads.unseen })));
  for (const [group, info] of Object.entries(leads.suits)) {
    const line = el("p", { class: "suit-chance" });
    const name = group === "T" ? t("oneonta_whist.advice.trumps") : `${SUIT[group]} ${t("suit." + group)}`;
    line.append(el("strong", {}, `${name}: `));
    for (const c of info.cards) line.append(chip(c));
    const spread = info.counts.map((p, k) => t("oneonta_whist.advice.k_led", { k, p: pct(p) })).join(" · ");
    line.append(el("span", { class: "spread" }, ` ${spread}`));
    chances.append(line);
  }
  box.append(chances);
  return box;
}
