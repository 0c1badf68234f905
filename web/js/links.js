// The site's page addresses, made in one place: the landing page, the rules page
// and the embed builder all link to a game through these, so the day the games
// get static entry pages only this file changes.

// A game's table, with any extra address parameters (a fresh deal's seed).
export function gameLink(game, lang, extra = {}) {
  const params = new URLSearchParams({ game, lang, ...extra });
  return `./?${params}`;
}

export const rulesLink = (game, lang) => `rules.html?${new URLSearchParams({ game, lang })}`;

// The embed builder, with this game chosen (or none: its own first game).
export const embedLink = (game, lang) =>
  `embed.html?${new URLSearchParams(game ? { game, lang } : { lang })}`;
