// "Tap a card twice to play it", a setting against misplays (off by default: the
// card sites we measure ourselves against, CardGames.io and World of Card Games,
// play a card on one tap, and so did this table). With it on, a first tap or
// click on a card in the hand raises it (aria-pressed) and a second one plays
// it; a tap on another card raises that one instead. The keyboard plays at once:
// the focus already is the choice.

import { subscribe } from "./store.js";
import { setting } from "./storage.js";

let raised = null; // the action of the card raised now

// True when this click only raised the card (the caller plays nothing).
export function raiseFirst(button, event) {
  if (!setting("tap-twice") || !button.closest("#hand .card-button") || event.detail === 0) return false;
  const action = button.dataset.action;
  if (raised === action) return false;
  raised = action;
  drawRaised();
  return true;
}

function drawRaised() {
  for (const b of document.querySelectorAll("#hand .card-button")) {
    const up = b.dataset.action === raised;
    b.classList.toggle("raised", up);
    b.setAttribute("aria-pressed", String(up));
  }
}

// A new position: nothing raised (the same one redrawn keeps it).
let drawnPly = null;
subscribe((model) => {
  if (model.ply !== drawnPly) raised = null;
  drawnPly = model.ply;
  if (setting("tap-twice")) drawRaised();
  else for (const b of document.querySelectorAll("#hand .card-button[aria-pressed]")) {
    b.classList.remove("raised");
    b.removeAttribute("aria-pressed");
  }
});
