// What every table for three or more draws alike (Japanese Loo, Toepen): the other
// players as tiles, the trick in play order beside the last one, and the end of a
// game played for chips. Each game fills in its own words and badges.

export const seatName = (ui, s) => (s === ui.human ? ui.t("table.you_name") : ui.t("table.bot_n", { n: s }));

// The other players, clockwise from your left: the turn mark and the name, then the
// line the game fills (`line(seat)`: nodes); `gone(seat)` greys a tile out.
export function otherSeats(model, ui, { line, gone, extraClass = "" }) {
  const { t, el } = ui;
  const n = model.view.players ?? model.players ?? 2;
  const grid = el("div", { class: `loo-seats${extraClass}`, role: "list" });
  for (let k = 1; k < n; k++) {
    const seat = (model.human + k) % n;
    const acting = model.to_act === seat;
    const tile = el("div", { class: `loo-seat${acting ? " acting" : ""}${gone(seat) ? " dropped" : ""}`, role: "listitem" });
    const head = el("div", { class: "loo-name" });
    head.append(el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
      el("strong", {}, t("table.bot_n", { n: seat })));
    const row = el("div", { class: "loo-line" });
    row.append(...line(seat));
    tile.append(head, row);
    grid.append(tile);
  }
  return [grid];
}

// The trick so far in play order (a dead card struck and labelled `deadLabel`), and,
// if given, the last trick: its winning card and `outcome`.
export function trickBox(ui, { label, plays, deadLabel = "", last = null }) {
  const { el, card } = ui;
  const box = el("div", { class: "trick-row loo-trick" });
  const current = el("div", { class: "trick" });
  current.append(el("div", { class: "trick-label" }, label));
  const row = el("div", { class: "loo-plays" });
  for (const p of plays) {
    const slot = el("div", { class: `loo-play${p.dead ? " dead" : ""}` });
    const who = seatName(ui, p.seat);
    slot.append(card(p.card), el("span", { class: "loo-who" }, p.dead ? `${who} · ${deadLabel}` : who));
    row.append(slot);
  }
  if (!plays.length) row.append(el("div", { class: "slot" }));
  current.append(row);
  box.append(current);
  if (last) {
    const col = el("div", { class: "trick last" });
    col.append(el("div", { class: "trick-label" }, last.label));
    const slot = el("div", { class: "slot small-slot" });
    slot.append(card(last.plays.find(([s]) => s === last.winner)[1]));
    col.append(slot, el("div", { class: "trick-outcome" }, `★ ${last.outcome}`));
    box.append(col);
  }
  return box;
}

// The end of a game played for chips: first place (shared or not) and everyone's
// chips in order, in the game's own words (<game>.result.win/draw/loss, <game>.standings).
export function chipsResult(model, t, game) {
  const r = model.result;
  const me = model.human;
  const who = (s) => (s === me ? t("table.you_name") : t("table.bot_n", { n: s }));
  const names = r.winners.map(who).join(", ");
  const outcome = r.winners.includes(me) ? (r.winners.length === 1 ? "win" : "draw") : "loss";
  const order = r.scores.map((c, s) => [c, s]).sort((a, b) => b[0] - a[0]);
  const standings = order.map(([c, s], i) => `${i + 1}. ${who(s)} ${c}`).join(" · ");
  const head = t(`${game}.result.${outcome}`, { chips: r.scores[me], names, best: Math.max(...r.scores) });
  return { outcome, text: `${head} ${t(`${game}.standings`, { list: standings })}` };
}

// The decisions of the moment as a group of buttons: ``labels`` maps an action to
// [word key, word arguments, extra class]; cards and unlabelled actions are left out.
export function decisionButtons(ui, legal, labels, { className, label }) {
  const { el, t } = ui;
  const group = el("div", { class: `loo-declare ${className}`, role: "group", "aria-label": label });
  for (const a of legal) {
    if (a.startsWith("play ") || !labels[a]) continue;
    const [key, args, extra] = labels[a];
    group.append(el("button", { type: "button", class: `action${extra}`, "data-action": a }, t(key, args)));
  }
  return group.childElementCount ? group : null;
}
