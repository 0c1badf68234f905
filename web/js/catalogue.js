// The games and their facts (players, options, levels, solitaire, poster cards,
// rules page) from games.json, which build.py writes from the engine's registry:
// the one list every page reads, so no page writes the games out again.

import { fetchEarly } from "./early-fetch.js";

let loading = null;

// games.json, fetched once per page: {games: [{name, players, options, levels, ...}]}.
export function loadCatalogue() {
  loading ??= fetchEarly(new URL("../../games.json", import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`games.json: HTTP ${res.status}`);
    return res.json();
  });
  return loading;
}
