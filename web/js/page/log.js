// The log (role=log, a polite live region): every event as a line, said from the
// Texts the engine sends (model.log). It grows by the new lines only: redrawing it
// whole after every move took most of the main thread's time in long games, and a
// live region that is replaced may be read out again. It is redrawn for a new game
// or language.

import { $, el } from "./dom.js";
import { sayCapital } from "./words.js";
import { store } from "./store.js";

const LOG_LINES = 60;
let shown = 0; // how many of store.log the list has taken in

export function drawLog({ redraw = false } = {}) {
  const box = $("log"); // the live region, which scrolls
  const list = box.firstElementChild; // its <ol>
  const lines = store.log;
  if (redraw || store.logCleared || shown > lines.length) {
    store.logCleared = false;
    list.replaceChildren();
    shown = Math.max(0, lines.length - LOG_LINES);
  }
  if (shown === lines.length) return;
  // each line's class is its event's kind (ev-trick, ev-round ...), for the CSS
  list.append(...lines.slice(shown).map((line) => el("li", { class: `ev-${line.kind}` }, sayCapital(line))));
  shown = lines.length;
  while (list.childElementCount > LOG_LINES) list.firstElementChild.remove();
  // at the next frame, when the browser lays the page out anyway (reading the
  // height now would force a second layout in the middle of every move)
  requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}
