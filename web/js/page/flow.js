// The flow bar (#flow, right after the decisions): what the player may do between
// turns, always in the same place. The decision the engine keeps ahead
// (model.table.ahead, Toepen's Knock) is one button that never moves: a decision
// (data-action) while it is legal now, else a toggle (data-ahead) that keeps the
// click for the player's next chance, and disabled while it is shut (not to be had).
// Out of a deal (your seat's status "out"), "Play out this deal" lets the bots
// finish it at once.

import { $, el, keepRoomFor, update } from "./dom.js";
import { say, t } from "./words.js";
import { store } from "./store.js";
import { keepAhead, playOut } from "./play.js";

// The ahead decision comes with its label as it stands now (the knock at the
// current stake), open or shut: the page keeps no label of its own.
function aheadButton(model) {
  const ahead = model.table.ahead;
  if (!ahead) return [];
  const label = say(ahead.label);
  if (model.legal.includes(ahead.action)) {
    return [el("button", { type: "button", class: "action flow-ahead", "data-action": ahead.action }, label)];
  }
  const kept = ahead.open && store.keptAhead === ahead.action;
  const button = el("button", {
    type: "button", class: "action flow-ahead", "data-ahead": ahead.action, "aria-pressed": String(kept),
    "aria-describedby": kept ? "flow-kept" : null, disabled: ahead.open ? null : "",
  }, label);
  return kept ? [button, el("span", { id: "flow-kept", class: "flow-kept" }, t("flow.kept"))] : [button];
}

function playOutButton(model) {
  const mine = model.table.seats[0];
  if (model.over || model.table.seats.length < 2 || mine.status !== "out" || store.playOut || store.viewingShare) return [];
  return [el("button", { type: "button", class: "play-out", "aria-describedby": "play-out-note" }, t("flow.play_out")),
    el("span", { id: "play-out-note", class: "flow-note" }, t("flow.play_out_note"))];
}

let wired = false;

export function drawFlow(model) {
  const bar = $("flow");
  if (!bar) return;
  if (!wired) {
    wired = true;
    bar.addEventListener("click", (e) => {
      const ahead = e.target.closest("[data-ahead]");
      if (ahead && !ahead.disabled) keepAhead(ahead.dataset.ahead);
      else if (e.target.closest(".play-out")) playOut();
    });
  }
  const parts = [...aheadButton(model), ...playOutButton(model)];
  bar.hidden = parts.length === 0;
  update(bar, parts);
  drawFlowRoom(model.table);
}

// The room the flow bar keeps: the ahead decision with its kept note, and beside it
// Play out this deal with its note where the player can sit a deal out (table.room.out).
function drawFlowRoom(table) {
  const ahead = table.ahead ? [["room-button", say(table.ahead.label)]] : [];
  const sets = [];
  if (table.ahead) sets.push([...ahead, ["room-note", t("flow.kept")]]);
  if (table.room.out) sets.push([...ahead, ["room-button", t("flow.play_out")], ["room-note", t("flow.play_out_note")]]);
  keepRoomFor($("flow-room"), sets);
}

// The table the other views draw: the ahead decision is drawn here, not twice.
export function withoutAhead(table) {
  const ahead = table.ahead;
  return ahead ? { ...table, decisions: table.decisions.filter((d) => d.action !== ahead.action) } : table;
}
