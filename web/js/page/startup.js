// Before the engine answers: the empty table (drawn before any Python runs so the
// page is never blank), with the game's three key rules and its rank order to read
// while the runtime loads, and a progress bar. The bar follows the bytes the
// engine's worker has downloaded where they are known (python-worker.js, onProgress), and
// the start-up stages otherwise. On a game page the engine is already booting
// (web/js/preload.js started it as the page opened): the runtime's download and
// start-up are the whole wait, so nothing may sit in front of them. Where the table
// can be drawn from a record before the engine is up (the head start: head-start.js),
// the bar shrinks to a small, calm line in the table's head while the bots get ready.

import { $, el, showAlert } from "./dom.js";
import { has, t } from "./words.js";
import { params } from "./address.js";
import { startEngine } from "../python-worker.js";
import { headStart } from "./head-start.js";
import { accept, engineReady } from "./play.js";
import { clearLog, store } from "./store.js";
import { leaving } from "../leaving.js";

const boot = { stage: "runtime", bytes: null };
const BOOT_PROGRESS = { runtime: 15, python: 70, ready: 100 };
// The download is most of the wait: with its bytes known it fills the bar to here,
// and the start-up after it (Python, importing cardtable) the rest.
const DOWNLOAD_SHARE = 90;

export function bootEngine() {
  const heard = ({ stage, bytes }) => { Object.assign(boot, { stage, bytes }); showBootStage(); };
  const early = window.cardtableBoot; // started by preload.js as the page opened
  if (!early) { // an embed's poster, on Play
    return startEngine({
      snapshot: params.get("snapshot"),
      onStage: (stage) => heard({ stage, bytes: boot.bytes }),
      onProgress: (done, total) => heard({ stage: boot.stage, bytes: { done, total } }),
    });
  }
  heard(early);
  early.listeners.push(heard);
  return early.engine;
}

export function showBootStage() {
  if ($("table").hidden) return;
  const { stage, bytes } = boot;
  const byStage = BOOT_PROGRESS[stage] ?? 50;
  const mb = (n) => (n / 1e6).toFixed(1);
  const downloading = bytes && stage === "runtime";
  $("boot-bar").value = bytes && stage !== "ready" ? Math.max(byStage, Math.round((DOWNLOAD_SHARE * bytes.done) / bytes.total)) : byStage;
  const ahead = document.documentElement.dataset.headStart !== undefined; // the table is drawn: the bots get ready
  $("boot-text").textContent = t(ahead && stage !== "ready" ? "boot.ahead" : `boot.${stage}`)
    + (downloading ? ` ${t("boot.bytes", { done: mb(bytes.done), total: mb(bytes.total) })}` : "");
}

// The table before the engine: the seats' names, an empty trick and, in the panel,
// the game's key rules and rank order (learn.<game>.*), read while the runtime loads.
export function drawSkeleton(game = params.get("game")) {
  $("seat-1").replaceChildren(el("div", { class: "seat-head" }, t("table.bot")));
  $("seat-0").replaceChildren(el("div", { class: "seat-head" }, t("table.you")));
  const row = el("div", { class: "trick-row" });
  const trick = el("div", { class: "trick" });
  trick.append(el("div", { class: "slot" }));
  row.append(trick);
  $("tricks").replaceChildren(row);
  const panel = el("div", { class: "info-panel" });
  if (has(`learn.${game}.1`)) {
    const rules = el("ul", { class: "learn-rules" });
    for (const n of [1, 2, 3]) rules.append(el("li", {}, t(`learn.${game}.${n}`)));
    const section = el("section", { class: "learn", "aria-labelledby": "learn-title" });
    section.append(el("h2", { class: "learn-title", id: "learn-title" }, t("learn.title")), rules,
      el("p", { class: "learn-order" }, t(`learn.${game}.order`)));
    panel.append(section);
  }
  $("panel").replaceChildren(panel);
}

// The page's line to the engine from the first moment: the head start, answering
// from a record until the engine has taken over (head-start.js). A record given
// with `expect(record)` carries what to do should the engine's game differ
// (`restart(answer)`); a save's table that the engine draws otherwise is simply
// drawn again (the same game, a newer drawing of it).
export function startHeadStart(booting) {
  const early = headStart(booting, {
    onDiffer({ record, answer }) {
      if (record.kind !== "save" || !answer.ok) return false;
      clearLog();
      accept(answer);
      return true;
    },
    onLive({ replaced, difference }) {
      $("boot").hidden = true;
      delete document.documentElement.dataset.headStart;
      if (replaced) setTimeout(() => difference.record.restart?.(difference.answer));
      else if (store.model) engineReady();
    },
    onAhead(record) {
      document.documentElement.dataset.headStart = record.kind; // until the engine takes over
      showBootStage();
    },
    onFail: showBootFailure,
  });
  return early;
}

export function showBootFailure(e) {
  if (leaving()) return; // its fetches aborted by the browser, not failed
  console.error(e);
  $("boot").hidden = true;
  showAlert(`${t("boot.failed", { error: e?.message ?? e })} ${t("boot.retry")}`);
  document.documentElement.dataset.ready = "error";
}
