// The guided first game (?tutorial=1): the engine's lesson (model.tutorial, from
// py/cardtable/tutorial.py) drawn at the top of the dock: the step's note, a link
// to the rule it teaches, the move to make marked (data-tutorial-next) and the part
// of the table the note speaks of outlined; a move that is not the lesson's comes
// back refused by the engine, and its reason shows under the note, nothing changed.
// The lesson is saved apart from the player's own game (storage.js), so a reload
// comes back to the same step and the player's game is never touched; at the end a
// real game at the level meant for newcomers. The steps' words are the game's own
// file, web/i18n/tutorial/<game>.<lang>.json, loaded only here.

import { $, el } from "./dom.js";
import { t, useExtraWords } from "./words.js";
import { call } from "./rpc.js";
import { clearLog, store, subscribe } from "./store.js";
import { storage } from "./storage.js";
import { params, remember } from "./address.js";
import { rulesLink } from "../links.js";
import { accept, prefs, runBots, showNote } from "./play.js";
import { lessonTable, savedTable } from "./first-table.js";

export const tutorialAsked = () => params.get("tutorial") === "1";
export const tutorialKey = (game) => `cardtable:tutorial:${game}`;

// What on the table a note may point at (tutorial.LOOKS in the engine).
const LOOKS = { hand: "hand", trick: "tricks", others: "ring", panel: "panel", status: "status" };

// The lesson from its save (a reload), else (none, or one already finished) from its
// first step; either drawn at once from a record while the engine starts (the save's
// last table, or the lesson's first table made by the build: first-table.js).
export async function startTutorial(game, { early, booting }) {
  await useExtraWords(`tutorial/${game}`);
  $("table").classList.add("tutorial-mode");
  $("new-game").hidden = true; // (in an embed it stands in the bar above the table) the lesson ends by its own links
  subscribe((model, { fresh, redraw }) => {
    if (!redraw && fresh.length) store.tutorialWrong = null; // a move was made: the last refusal is old news
    draw(model);
  });
  const key = tutorialKey(game);
  const saved = storage.get(key);
  let answer = null;
  if (saved) {
    const last = savedTable(key);
    if (last) early.expect({ ...last, restart: () => beginAgain(game) });
    try {
      answer = await call({ op: "restore", save: JSON.parse(saved) });
    } catch {
      storage.remove(key); // a lesson changed since: it starts again
    }
    if (answer?.model.tutorial?.done) answer = null; // a lesson finished before: it starts again
  }
  if (!answer) {
    const first = await lessonTable(game, booting);
    if (first) early.expect({ ...first, restart: () => beginAgain(game, "first.replaced") });
    answer = await call({ op: "tutorial", game, ...prefs() });
  }
  accept(answer);
  remember();
  await runBots();
}

// The lesson from its first step, as the engine deals it (the table drawn before
// was not the engine's), saying so where `note` is given.
async function beginAgain(game, note) {
  storage.remove(tutorialKey(game));
  if (note) showNote(note);
  clearLog();
  accept(await call({ op: "tutorial", game, ...prefs() }));
  await runBots();
}

function ruleLink(model, rule) {
  return el("a", { class: "tutorial-rule", href: `${rulesLink(model.game, document.documentElement.lang)}#${rule}`,
    target: "_blank", rel: "noopener" }, t("tutorial.rule"));
}

// This table without the lesson (an embed stays an embed, in its language and speed).
function leaveLink(key, extra = {}) {
  const away = new URLSearchParams(params);
  for (const k of ["tutorial", "seed"]) away.delete(k);
  away.set("lang", document.documentElement.lang);
  for (const [k, v] of Object.entries(extra)) away.set(k, v);
  return el("a", { class: "tutorial-leave", href: `./?${away}` }, t(key));
}

// What the note speaks of, brought up above the dock (which sticks to the foot of the
// screen and covers the felt's lower part on a small phone) once per step, where
// the screen has room for both.
let shown = null;

function bringIntoSight(look, step) {
  if (shown === step || $("dock").contains(look)) return; // (the hand, the status above: on screen with the dock)
  shown = step;
  requestAnimationFrame(() => {
    const dock = $("dock").getBoundingClientRect();
    const r = look.getBoundingClientRect();
    if (r.bottom <= dock.top || r.height > dock.top - 8) return; // in sight already, or no room for it
    look.style.scrollMarginBottom = `${Math.ceil(dock.height) + 8}px`;
    look.scrollIntoView({ block: "end", behavior: "instant" });
  });
}

function mark(lesson) {
  for (const node of document.querySelectorAll("[data-tutorial-next], [data-tutorial-look]")) {
    node.removeAttribute("data-tutorial-next");
    node.removeAttribute("data-tutorial-look");
  }
  if (!lesson || lesson.done || lesson.waiting) return;
  const next = [...document.querySelectorAll("#table button[data-action]")].find((b) => b.dataset.action === lesson.action);
  next?.setAttribute("data-tutorial-next", "");
  const look = LOOKS[lesson.look] && $(LOOKS[lesson.look]);
  if (!look) return;
  look.setAttribute("data-tutorial-look", lesson.look);
  bringIntoSight(look, `${lesson.step}:${lesson.action}`);
}

// The end: what the deal showed, and a real game (the player's own, if one is
// saved; else a new one at the level meant for a first visit).
function drawDone(model, box) {
  const own = storage.get(`cardtable:save:${model.game}`) !== null;
  const level = store.game?.default_level;
  const real = own ? leaveLink("tutorial.back_to_game") : leaveLink("tutorial.play_real", level ? { level } : {});
  real.classList.add("tutorial-real");
  real.addEventListener("click", () => storage.remove(tutorialKey(model.game)));
  const again = el("button", { type: "button", class: "tutorial-again" }, t("tutorial.again"));
  again.onclick = () => {
    storage.remove(tutorialKey(model.game));
    location.reload();
  };
  box.replaceChildren(
    el("p", { class: "tutorial-head" }, t("tutorial.finished")),
    el("p", { class: "tutorial-note", "data-tutorial-done": "" }, t(`tutorial.${model.game}.done`)),
    el("div", { class: "tutorial-buttons" }),
  );
  box.lastChild.append(real, again);
}

function draw(model) {
  const box = $("tutorial");
  const lesson = model.tutorial;
  box.hidden = !lesson;
  $("table").classList.toggle("tutorial-done", Boolean(lesson?.done));
  if (!lesson) return mark(null);
  if (lesson.done) { // the lesson's deal is over: the next one's cards wait for a real game
    $("status").textContent = t("tutorial.finished_status");
    drawDone(model, box);
    return mark(null);
  }
  const head = el("p", { class: "tutorial-head" },
    lesson.free ? t("tutorial.free_head") : t("tutorial.step", { n: lesson.step, of: lesson.steps }));
  if (lesson.rule) head.append(" ", ruleLink(model, lesson.rule));
  head.append(" ", leaveLink("tutorial.leave"));
  const note = el("p", { class: "tutorial-note", "data-tutorial-step": String(lesson.step) },
    lesson.waiting ? t("tutorial.watch") : t(lesson.note));
  const wrong = store.tutorialWrong; // a move the engine refused (play.js): why it is not this step's
  const why = el("p", { class: "tutorial-wrong" }, wrong ? t(wrong) : "");
  why.hidden = !wrong;
  box.replaceChildren(head, note, why);
  mark(lesson);
}

