// The end of a game played for chips (Japanese Loo, Toepen): first place (shared
// or not) and every player's chips in order, in the game's own words
// (<game>.result.win/draw/loss and <game>.standings).

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
