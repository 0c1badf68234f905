// The site's page addresses, made in one place, relative to the site's root (every
// page's base: a game's own page carries <base href>). A game's table and its rules
// each have their own page per language (play/<game>/<lang>/, rules/<game>/<lang>/,
// made by build.py with their link cards): the addresses worth giving others.

// A game's table, with any extra address parameters (a fresh deal's seed, a share code).
export function gameLink(game, lang, extra = {}) {
  const query = new URLSearchParams(extra).toString();
  return `play/${encodeURIComponent(game)}/${lang}/${query ? `?${query}` : ""}`;
}

// A game's guided first game (web/js/page/lesson.js), on its own table page.
export const tutorialLink = (game, lang) => gameLink(game, lang, { tutorial: "1" });

// A game's deal of the day (web/js/page/daily.js): the day decides the deal, so the
// same address opens each day's.
export const dailyLink = (game, lang) => gameLink(game, lang, { daily: "1" });

// A game's deal of one day (YYYY-MM-DD), whenever it is opened: a shared result's link.
export const dayLink = (game, lang, day) => gameLink(game, lang, { daily: day });

// A link as a whole address, from the site's root (every page's base), for a link that
// leaves the page (a post on X, LINE or Threads).
export const absolute = (link) => new URL(link, document.baseURI).href;

export const rulesLink = (game, lang) => `rules/${encodeURIComponent(game)}/${lang}/`;

// The installed app's manifest in the page's language (its names, its start page).
export function useManifest(lang) {
  const link = document.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute("href", `manifest.${lang === "ja" ? "ja" : "en"}.webmanifest`);
}

// The embed builder, with this game chosen (or none: its own first game).
export const embedLink = (game, lang) =>
  `embed.html?${new URLSearchParams(game ? { game, lang } : { lang })}`;
