// Le Truc's small panels: the tricks, the doubling die, roles and the prompt.
// Everything else on the table (seats, hand, buttons, log) is generic in app.js.

const FACES = [1, 2, 4, 8, 16, 32];

export function role(view, seat, t) {
  return t(seat === view.dealer ? "le_truc.role.dealer" : "le_truc.role.nondealer");
}

export function scoreText(view, seat, t) {
  if (view.scoring === "bankroll") return `${t("table.chips")}: ${view.scores[seat]}`;
  return `${t("table.score")}: ${t("table.to_win", { score: view.scores[seat], target: view.target })}`;
}

export function scoreFraction(view, seat) {
  return view.scoring === "bankroll" ? view.scores[seat] / 60 : Math.min(1, view.scores[seat] / view.target);
}

export function prompt(model, t) {
  const v = model.view;
  if (!model.your_turn) return t("le_truc.prompt.wait");
  if (v.phase === "answer") return t("le_truc.prompt.answer", { value: v.value, next: v.value * 2 });
  if (v.phase !== "play") return t(`le_truc.prompt.${v.phase}`);
  const trick = v.tricks[v.tricks.length - 1];
  const leading = !trick || trick.plays.length === 0;
  if (leading && v.tricks.length === 1) return t("le_truc.prompt.play.lead_first");
  if (!v.may_play_down) return t("le_truc.prompt.play.up_only");
  return t(leading ? "le_truc.prompt.play.lead" : "le_truc.prompt.play.follow");
}

// Three trick columns: the bot's card above yours, with who won each.
export function tricks(view, human, ui) {
  const { t, el, card, playerName } = ui;
  const box = el("div", { class: "trick-row" });
  for (let n = 1; n <= 3; n++) {
    const trick = view.tricks[n - 1];
    const col = el("div", { class: "trick" + (trick ? "" : " empty") });
    col.append(el("div", { class: "trick-label" }, t("table.trick", { n })));
    for (const seat of [1 - human, human]) {
      const play = trick?.plays.find((p) => p.seat === seat);
      const slot = el("div", { class: "slot" + (seat === human ? " mine" : " theirs") });
      if (play) slot.append(card(play.revealed ? play.card : null, { down: play.down, owner: seat, known: play.card }));
      col.append(slot);
    }
    let outcome = "";
    if (trick?.done) outcome = trick.tied ? "= " + t("table.tied") : "★ " + t("table.won_by", { p: playerName(trick.winner) });
    col.append(el("div", { class: "trick-outcome" + (trick?.tied ? " tied" : "") }, outcome));
    box.append(col);
  }
  return box;
}

// The doubling die: all six faces, the current one raised and marked (not by colour alone).
export function panel(view, ui) {
  const { t, el } = ui;
  const box = el("div", { class: "die", role: "img", "aria-label": `${t("le_truc.stake")}: ${view.value}` });
  box.append(el("div", { class: "die-title" }, t("le_truc.stake")));
  box.append(el("div", { class: "die-value", title: t("le_truc.stake_help", { value: view.value }) }, String(view.value)));
  const faces = el("div", { class: "die-faces", "aria-hidden": "true" });
  for (const f of FACES) faces.append(el("span", { class: f === view.value ? "face current" : "face" }, String(f)));
  box.append(faces);
  return box;
}

// After a round: its tricks (a face-down card that ended it by a fold stays a back)
// and why it was won, in words.
export function lastRound(view, ui) {
  const last = view.last_round;
  if (!last) return null;
  const { t, el, card, human, formatEvent } = ui;
  const box = el("div", {});
  box.append(el("h2", {}, `${t("table.last_round")} — ${t("table.round_result", { n: last.round })}`));
  const row = el("div", { class: "mini-tricks" });
  for (const trick of last.tricks) {
    const col = el("div", { class: "mini-trick" });
    for (const seat of [1 - human, human]) {
      const play = trick.plays.find((p) => p.seat === seat);
      col.append(play ? card(play.revealed ? play.card : null, { down: play.down, owner: seat, known: play.card }) : el("div", { class: "card empty" }));
    }
    row.append(col);
  }
  box.append(row, el("p", {}, formatEvent({ type: "round", why: last.why, winner: last.winner, points: last.points })));
  return box;
}
