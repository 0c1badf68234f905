// Toepen alone lets a moment pass by itself: while you are asked "knock?" before
// another player's card, the table moves on after the usual pause unless you knock
// (or chose, in the settings, to be stopped at every chance to knock).

import { setting } from "../page/storage.js";

export const knockStops = true; // the "stop at every chance to knock" setting applies

export function autoAction(model) {
  if (!model.your_turn || setting("knock-stops")) return null;
  return model.legal.length === 2 && model.legal[0] === "knock" && model.legal[1] === "pass" ? "pass" : null;
}
