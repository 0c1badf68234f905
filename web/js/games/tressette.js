// Tressette's panels: the trick on the table, the last trick, the stock and the
// draws, what is known of the other hand (shown draws, voids), and the running
// count of captured points (a toggle: counting is part of the skill).

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };


// This game offers the "show captured points" setting.
export const hasCount = true;

export function role(view, seat, t) {
  return t(seat === view.dealer ? "tressette.role.dealer" : "tressette.role.nondealer");
}

export function scoreText(view, seat, t) {
  return `${t("table.score")}: ${t("table.to_win", { score: view.totals[seat], target: view.target })}`;
}

export function scoreFraction(view, seat) {
  return Math.min(1, view.totals[seat] / view.target);
}

// 13 thirds -> "4⅓"
export function points(thirds) {
  const whole = Math.floor(thirds / 3);
  return `${whole}${["", "⅓", "⅔"][thirds % 3]}`;
}

export function prompt(model, t) {
  const v = model.view;
  if (!model.your_turn) return t("tressette.prompt.wait");
  if (v.trick.length === 0) return t("tressette.prompt.lead");
  const led = v.trick[0].card[1];
  const follows = v.hand.some((c) => c[1] === led);
  return t(follows ? "tressette.prompt.follow" : "tressette.prompt.void", { suit: SUIT[led] });
}

// The trick being played (the bot's card above yours) beside the last finished trick.
export function tricks(view, human, ui) {
  const { t, el, card, playerName } = ui;
  const box = el("div", { class: "trick-row" });
  const current = el("div", { class: "trick" });
  current.append(el("div", { class: "trick-label" }, t("tressette.trick", { n: Math.min(20, (view.tricks_played ?? 0) + 1) })));
  for (const seat of [1 - human, human]) {
    const play = (view.trick ?? []).find((p) => p.seat === seat);
    const slot = el("div", { class: "slot" + (seat === human ? " mine" : " theirs") });
    if (play) slot.append(card(play.card));
    current.append(slot);
  }
  current.append(el("div", { class: "trick-outcome" }, ""));
  box.append(current);
  const last = view.last_trick;
  if (last) {
    const col = el("div", { class: "trick last" });
    col.append(el("div", { class: "trick-label" }, t("tressette.last_trick", { n: last.number })));
    for (const seat of [1 - human, human]) {
      const slot = el("div", { class: "slot small-slot" });
      slot.append(card(last.cards[String(seat)]));
      col.append(slot);
    }
    col.append(el("div", { class: "trick-outcome" }, "★ " + t("table.won_by", { p: playerName(last.winner) })));
    box.append(col);
  }
  return box;
}

// Stock, draws, what is known of the other hand, and the running count.
export function panel(view, ui) {
  const { t, el, chip, playerName, human, showCount } = ui;
  const bot = 1 - human;
  const box = el("div", { class: "info-panel" });
  box.append(el("div", { class: "stock" }, t("tressette.stock", { n: view.stock_count ?? 20 })));
  if (view.last_draws?.length) {
    const draws = el("div", { class: "draws" });
    draws.append(el("span", { class: "label" }, t("tressette.draws")));
    for (const d of view.last_draws) {
      const item = el("span", { class: "draw" }, `${playerName(d.seat)}: `);
      item.append(d.card ? chip(d.card) : el("span", {}, t("tressette.hidden_draw")));
      draws.append(item);
    }
    box.append(draws);
  }
  if (view.opponent_known?.length) {
    const known = el("div", { class: "known" });
    known.append(el("span", { class: "label" }, t("tressette.known")));
    for (const c of view.opponent_known) known.append(chip(c));
    box.append(known);
  }
  const voids = view.voids?.[bot] ?? [];
  box.append(el("div", { class: "voids" }, voids.length
    ? t("tressette.voids", { suits: voids.map((s) => `${SUIT[s]} (${t("suit." + s)})`).join(" ") })
    : t("tressette.no_voids")));
  if (showCount && view.captured_thirds) {
    box.append(el("div", { class: "count" }, t("tressette.count", {
      you: points(view.captured_thirds[human]), bot: points(view.captured_thirds[bot]),
    })));
  }
  return box;
}

// A claimed game (E5) is won by the claim, so its words name the claim: the
// other total may be as high, if that player reached the target unclaimed.
export function result(model, t) {
  const r = model.result;
  if (!r.claim) return null;
  const outcome = r.winner === model.human ? "win" : "loss";
  return { outcome, text: t(`tressette.result.claim.${outcome}`, { you: r.scores[model.human], bot: r.scores[1 - model.human] }) };
}

// The log's words for a declaration (accusi): its kind and its cards.
export function eventArgs(e, args, ui) {
  if (e.type === "declare") {
    args.kind = ui.t(`decl.${e.kind}`);
    args.cards = e.cards.map((c) => ui.cardName(c)).join(", ");
  }
  return args;
}

// After a deal: how the 11 points were shared.
export function lastRound(view, ui) {
  const d = view.last_deal;
  if (!d) return null;
  const { t, el, human } = ui;
  const bot = 1 - human;
  const box = el("div", {});
  box.append(el("h2", {}, t("tressette.last_deal", { n: d.deal })));
  const table = el("table", { class: "deal-table" });
  const head = el("tr", {});
  for (const h of ["", t("table.you"), t("table.bot")]) head.append(el("th", {}, h));
  table.append(head);
  const rows = [
    [t("tressette.row.cards"), points(d.thirds[human]), points(d.thirds[bot])],
    [t("tressette.row.last"), d.last_trick === human ? "+1" : "", d.last_trick === bot ? "+1" : ""],
    [t("tressette.row.points"), String(d.points[human]), String(d.points[bot])],
    [t("tressette.row.totals"), String(d.totals[human]), String(d.totals[bot])],
  ];
  if (d.declared?.some((x) => x)) rows.splice(2, 0, [t("tressette.row.declared"), String(d.declared[human]), String(d.declared[bot])]);
  for (const r of rows) {
    const tr = el("tr", {});
    r.forEach((cell, i) => tr.append(el(i ? "td" : "th", {}, cell)));
    table.append(tr);
  }
  box.append(table);
  return box;
}
