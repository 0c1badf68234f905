// What a game alone adds to the generic table view, by game; most games add
// nothing. A game's extras may have: advice(data) (the advisor's tables),
// showdown(data) (its own layout of the hands laid open). The settings a game offers are declared in its GAME (games.json).

import * as oneontaWhist from "./oneonta_whist.js";

const EXTRAS = { oneonta_whist: oneontaWhist };

export const extras = (game) => EXTRAS[game] ?? {};
