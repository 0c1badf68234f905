// What a game alone adds to the generic table view; most games add nothing. A game
// that does declares its module in its GAME (`page`, in games.json: Oneonta Whist's
// web/js/games/oneonta_whist.js), loaded once its table opens. A game's module may
// have: advice(data) (the advisor's tables), showdown(data) (its own layout of the
// hands laid open). The settings a game offers are declared in its GAME too.

const loaded = new Map(); // game -> its module

// Loads the module `info` (the game's games.json entry) declares, if any.
export async function loadExtras(info) {
  if (!info?.page || loaded.has(info.name)) return;
  loaded.set(info.name, await import(new URL(`../../../${info.page}`, import.meta.url).href));
}

export const extras = (game) => loaded.get(game) ?? {};
