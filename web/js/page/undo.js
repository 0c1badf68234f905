// Undo at the easy level: the player's last decision taken back, with the bots'
// answers after it (the engine replays the game to just before it:
// Session.undone). Offered when the model says so (model.undo), beside the Hint;
// the log is drawn afresh from the replayed game.

import { $, showAlert } from "./dom.js";
import { sayError } from "./words.js";
import { call } from "./rpc.js";
import { clearLog, store, subscribe } from "./store.js";
import { accept, prefs, runBots } from "./play.js";

async function undo() {
  if (store.busy || !store.model?.undo || !store.model.your_turn) return;
  store.busy = true;
  const mine = store.started;
  try {
    const answer = await call({ op: "undo", ...prefs() });
    if (mine !== store.started) return;
    clearLog();
    accept(answer);
  } catch (e) {
    if (mine === store.started) showAlert(sayError(e));
  } finally {
    if (mine === store.started) store.busy = false;
  }
  if (mine === store.started) await runBots();
}

// shown while the game allows it, pressed only on your turn: it does not come and go with each turn (nothing moves)
subscribe((model) => {
  $("undo").hidden = !model.undo;
  $("undo").disabled = !model.your_turn;
});
$("undo").addEventListener("click", undo);
