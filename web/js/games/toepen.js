// Toepen alone answers for the player: while you are asked "knock?" before
// another player's card, the table moves on after the usual pause unless you knock
// (or chose, in the settings, to be stopped at every chance to knock); and an
// announcement with one answer only is given at once.

import { setting } from "../page/storage.js";

export const knockStops = true; // the "stop at every chance to knock" setting applies

export function autoAction(model) {
  if (!model.your_turn || setting("knock-stops")) return null;
  return model.legal.length === 2 && model.legal[0] === "knock" && model.legal[1] === "pass" ? "pass" : null;
}

// Everyone is asked to whistle or stand, so that being asked shows nothing; when
// the hand allows one answer only (say nothing, or under "made for you" the call
// three or four aces oblige) the table gives it at once, without a question.
export function forcedAction(model) {
  return model.your_turn && model.table.phase === "announce" && model.legal.length === 1 ? model.legal[0] : null;
}
