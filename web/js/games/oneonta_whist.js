// Oneonta Whist alone has an advisor (the `advice` op: expected score and chance
// to make each bid or card, the spread of tricks, the chance each unseen card is
// still to be led) and a review of its own (your hand, the dummy's, the dead
// three); the table itself is the generic one.

import { el } from "../page/dom.js";
import { chip } from "../page/cardview.js";
import { t } from "../page/words.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

// The finished deal laid open: your hand, what the dummy led, and the dead cards.
export function showdown(data) {
  return [["hand", data.hand], ["dummy", data.dummy], ["dead", data.dead]].map(([k, cards]) => {
    const row = el("p", { class: "showdown-hand" });
    row.append(el("strong", {}, `${t(`oneonta_whist.showdown.${k}`)}: `));
    for (const c of cards) row.append(chip(c));
    return row;
  });
}

const pct = (p) => `${Math.round(100 * p)}%`;
const signed = (x) => (x > 0.005 ? "+" : x < -0.005 ? "−" : "±") + Math.abs(x).toFixed(2);

// The advisor: expected score and chance to make each bid (or each playable card),
// the spread of tricks, and the chance that each unseen card is still to be led.
export function advice(data) {
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
