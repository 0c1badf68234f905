// What a game alone adds to the generic table view, by game; most games add
// nothing. A game's extras may have: advice(data) (the advisor's tables),
// review(data) (its own review layout), hasCount / knockStops (settings it
// offers), adjust(table) (a setting's effect on what is drawn).

import * as oneontaWhist from "./oneonta_whist.js";
import * as toepen from "./toepen.js";
import * as tressette from "./tressette.js";

const EXTRAS = { oneonta_whist: oneontaWhist, toepen, tressette };

export const extras = (game) => EXTRAS[game] ?? {};
