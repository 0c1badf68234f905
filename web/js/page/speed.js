// The table's pace, the player's choice: slow, normal, fast or instant. It scales
// the pause between bot moves (play.js) and every movement on the table
// (motion.js); instant means no pause and nothing moves. The address's `speed`
// (an embed's, a test's) overrides the setting; a player who chose the old
// "Instant bot moves" switch keeps instant.

import { params } from "./address.js";
import { storage } from "./storage.js";

export const SPEEDS = ["slow", "normal", "fast", "instant"];
const SCALE = { slow: 1.6, normal: 1, fast: 0.5, instant: 0 };

export function speed() {
  const asked = params.get("speed");
  if (SPEEDS.includes(asked)) return asked;
  const kept = storage.get("cardtable:speed");
  if (SPEEDS.includes(kept)) return kept;
  return storage.get("cardtable:instant") === "1" ? "instant" : "normal";
}

export function setSpeed(chosen) {
  storage.set("cardtable:speed", chosen);
  storage.remove("cardtable:instant");
}

// `ms` at the chosen pace (0 at instant).
export const paced = (ms) => Math.round(ms * SCALE[speed()]);
