// Saves that last. Safari deletes a site's storage (saves, records, the service
// worker, the memory snapshot) after 7 days without a visit, unless the site is on
// the Home Screen. So the page asks the browser to keep this site's storage where it
// offers that (navigator.storage.persist), once, and tells a player on iOS, once
// and quietly, how to keep their games; it never asks or tells again.
//
// When: WebKit decides without asking the player, so there it is asked as soon as a
// game of theirs is saved; Firefox asks the player, so elsewhere only once a game
// has ended (a player who came back for a whole game). The word on iOS comes with
// the first save of a move of theirs where the screen has room for it above the
// table; on a short one (a phone on its side) it would push the next decision off
// the screen, so there it waits for the game's end. Never in an embed (whose
// storage is the article's, not ours) nor in the app already on the Home Screen.

import { sawIOS } from "../worker-navigator.js";
import { embedded } from "./address.js";
import { storage } from "./storage.js";

const ASKED = "cardtable:persist-asked";
const TOLD = "cardtable:home-screen-told";

const webkit = () => navigator.vendor === "Apple Computer, Inc.";
const onIOS = () => sawIOS(navigator.userAgent, navigator.platform, Number(navigator.maxTouchPoints) || 0);
const standalone = () => navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;

function askToPersist() {
  if (storage.get(ASKED) || !navigator.storage?.persist) return;
  if (!storage.set(ASKED, "1")) return; // no lasting storage here anyway
  navigator.storage.persisted()
    .then((already) => already || navigator.storage.persist())
    .catch(() => {}); // refused, or not offered here: nothing to say
}

// On iOS, outside the installed app: how to keep their games, said once.
function tellOnce(tell) {
  if (onIOS() && !standalone() && !storage.get(TOLD) && storage.set(TOLD, "1")) tell("note.home_screen");
}

// Room for the note above the table while a decision waits (not a phone on its side).
const roomy = () => matchMedia("(min-height: 600px)").matches;

// After a move of the player's, saved: `tell(key)` shows a note in their language.
export function afterMove(tell) {
  if (embedded) return;
  if (webkit()) askToPersist();
  if (roomy()) tellOnce(tell);
}

// After a game of the player's has ended.
export function afterGame(tell) {
  if (embedded) return;
  askToPersist();
  tellOnce(tell);
}
