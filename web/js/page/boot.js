// Before the engine answers: the empty table (drawn before any Python runs so the
// page is never blank) and the engine's start-up stages as a progress bar. On a
// game page the engine is already booting (web/js/preload.js started it as the page
// opened): the runtime's download and start-up are the whole wait, so nothing may
// sit in front of them.

import { $, el } from "./dom.js";
import { t } from "./words.js";
import { params } from "./address.js";
import { startEngine } from "../engine.js";

let bootStage = "runtime";
const BOOT_PROGRESS = { runtime: 15, python: 70, ready: 100 };

export function bootEngine() {
  const onStage = (name) => { bootStage = name; showBootStage(); };
  const early = window.cardtableBoot; // started by preload.js as the page opened
  if (!early) return startEngine({ snapshot: params.get("snapshot"), onStage }); // an embed's poster, on Play
  bootStage = early.stage;
  early.listeners.push(onStage);
  return early.engine;
}

export function showBootStage() {
  if ($("table").hidden) return;
  $("boot-bar").value = BOOT_PROGRESS[bootStage] ?? 50;
  $("boot-text").textContent = t(`boot.${bootStage}`);
}

export function drawSkeleton() {
  $("seat-1").replaceChildren(el("div", { class: "seat-head" }, t("table.bot")));
  $("seat-0").replaceChildren(el("div", { class: "seat-head" }, t("table.you")));
  const row = el("div", { class: "trick-row" });
  const trick = el("div", { class: "trick" });
  trick.append(el("div", { class: "slot" }));
  row.append(trick);
  $("tricks").replaceChildren(row);
  $("panel").replaceChildren(el("div", { class: "info-panel" }));
}
