// The table's screen (#screen: its head, the status and the felt) fills the
// viewport below whatever lies above it: the site's header, an alert or note,
// the embed's bar. CSS sizes it as the viewport's height less --screen-top, the
// screen's top with the page (or the embed's <main>) scrolled to its start,
// measured here whenever something above it changes size. So the felt's stage
// and the dock share one screen and never overlap, at every size, without the
// page knowing any game. Where the stage holds more than it shows (many seats
// on a small phone) it scrolls, and data-more marks that more lies below.
// The table keeps the room its parts have needed (KEPT: a part that grew keeps
// its height, as min-height, and the ring's rows theirs, until another game or
// another window size), so what lies below or beside a part does not jump back
// and forth as lines and cards come and go (bench/layout_shift.py measures it).

import { $ } from "./dom.js";
import { subscribe } from "./store.js";

const DOCK_ROWS = ["seat-0", "hand", "actions", "flow"];
const KEPT = ["status", "ring", "tricks", "panel", "dock", ...DOCK_ROWS];
let keptFor = null; // the game (and seed) whose room is kept

// The observers' answers write at the next frame, never inside the observer's
// delivery: a write there that resizes an observed part would loop (WebKit and
// Firefox report "ResizeObserver loop completed with undelivered notifications").
let jobs = null;
function later(job) {
  if (!jobs) {
    jobs = new Set();
    requestAnimationFrame(() => {
      const now = jobs;
      jobs = null;
      for (const run of now) run();
    });
  }
  jobs.add(job);
}

function keepRoom() {
  const dock = $("dock");
  const dockScrolls = getComputedStyle(dock).overflowY !== "visible"; // a dock of fixed height (a phone on its side)
  // such a dock keeps the decisions' room only where it fits: a decision must never be below its foot
  if (dockScrolls && !dock.hasAttribute("data-tight") && dock.scrollHeight > dock.clientHeight + 1) dock.dataset.tight = "";
  for (const id of KEPT) {
    const target = $(id);
    if (!target || target.offsetParent === null) continue;
    if (dockScrolls && DOCK_ROWS.includes(id)) continue; // its rows must fit it: a decision comes first
    const height = target.getBoundingClientRect().height;
    if (height > (parseFloat(target.style.minHeight) || 0) + 0.5) {
      target.style.minHeight = `${height}px`;
      target.dataset.kept = ""; // an empty row that had room keeps it (table.css)
    }
  }
  const ring = $("ring");
  if (ring?.offsetParent) keepRows(ring);
}

// The ring's rows keep their tallest height as well: a pod of the top row that gains a
// line would otherwise move the trick and the sides' pods below it, the ring's own
// height unchanged (the computed tracks are the used ones, implicit rows included).
function keepRows(ring) {
  const tracks = getComputedStyle(ring).gridTemplateRows.split(" ").map(parseFloat);
  if (!tracks.length || tracks.some((h) => !(h >= 0))) return;
  const kept = ring.dataset.rows ? ring.dataset.rows.split(" ").map(Number) : [];
  const rows = tracks.map((h, i) => Math.max(h, kept[i] ?? 0));
  if (rows.length === kept.length && rows.every((h, i) => h <= kept[i] + 0.5)) return;
  ring.dataset.rows = rows.map((h) => h.toFixed(1)).join(" ");
  ring.style.gridTemplateRows = rows.map((h) => `minmax(${h.toFixed(1)}px, auto)`).join(" ");
}

function forgetRoom() {
  delete $("dock")?.dataset.tight;
  for (const id of KEPT) {
    const part = $(id);
    if (part) { part.style.minHeight = ""; delete part.dataset.kept; }
  }
  const ring = $("ring");
  if (ring) { ring.style.gridTemplateRows = ""; delete ring.dataset.rows; }
}

function measure() {
  const screen = $("screen");
  if (!screen || screen.offsetParent === null) return; // the table is not shown (home, poster)
  const top = Math.ceil(screen.getBoundingClientRect().top + scrollY + ($("main")?.scrollTop ?? 0));
  const root = document.documentElement;
  if (root.style.getPropertyValue("--screen-top") !== `${top}px`) root.style.setProperty("--screen-top", `${top}px`);
}

function markMore() {
  const stage = $("stage");
  const more = stage.scrollTop + stage.clientHeight < stage.scrollHeight - 2;
  if (more !== stage.hasAttribute("data-more")) stage.toggleAttribute("data-more", more);
  // a stage that scrolls takes the keyboard's focus: its arrow keys scroll it
  const scrolls = stage.scrollHeight > stage.clientHeight + 2;
  if (scrolls !== stage.hasAttribute("tabindex")) {
    if (scrolls) stage.tabIndex = 0; else stage.removeAttribute("tabindex");
  }
}

let fitted = false;

export function fitScreen() {
  if (fitted) return measure();
  fitted = true;
  const above = ["alert", "note", "embed-bar", "poster", "home", "table"].map((id) => $(id));
  const watch = new ResizeObserver(() => later(measure));
  for (const node of [document.querySelector("header.site"), ...above]) if (node) watch.observe(node);
  measure();
  const stage = $("stage");
  const more = new ResizeObserver(() => later(markMore));
  more.observe(stage);
  for (const part of stage.children) more.observe(part);
  stage.addEventListener("scroll", markMore, { passive: true });
  const room = new ResizeObserver(() => later(keepRoom));
  for (const id of KEPT) if ($(id)) room.observe($(id));
  let width = innerWidth, height = innerHeight;
  addEventListener("resize", () => {
    if (innerWidth === width && Math.abs(innerHeight - height) < 80) return; // a phone's bar showing or hiding
    width = innerWidth; height = innerHeight;
    forgetRoom(); // (a phone turned: the dock's rows are kept again only where the dock grows)
  });
  subscribe((model) => {
    const game = `${model.game}:${model.seed}`;
    if (game !== keptFor) { keptFor = game; forgetRoom(); }
  });
}
