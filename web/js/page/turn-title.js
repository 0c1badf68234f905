// "Your turn" in the tab's title while the page is in the background: a player
// who switched tabs while the bots moved sees in the tab strip that the table
// waits for them. The title comes back as soon as the page is seen again.

import { store, subscribe } from "./store.js";
import { t } from "./words.js";

let plain = null; // the title without the cue, while the cue shows

function update() {
  const waiting = document.hidden && Boolean(store.model?.your_turn) && !store.model?.over;
  if (waiting && plain === null) {
    plain = document.title;
    document.title = `${t("title.your_turn")} ${plain}`;
  } else if (!waiting && plain !== null) {
    document.title = plain;
    plain = null;
  }
}

subscribe(update);
document.addEventListener("visibilitychange", update);
