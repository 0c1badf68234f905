// Hints (what the normal bot would do in your seat, and why) and the advisor (a
// game's odds for the decision at hand, drawn by that game: a setting, off by
// default).

import { $, el, showAlert } from "./dom.js";
import { has, name, say, t, lang } from "./words.js";
import { call } from "./rpc.js";
import { store } from "./store.js";
import { setting } from "./storage.js";
import { extras } from "../games/extras.js";

let hintPly = -1;

export function drawHintButton(model) {
  $("hint").hidden = !model.your_turn;
  if (model.ply !== hintPly) $("hint-text").hidden = true; // a hint is for one position
}

// An action in the hint's words ("bid 3", a game's own word). A card to play is
// named as the table labels it, so "face up" only where the game has a face-down play.
function describe(action) {
  const [verb, code] = action.split(" ");
  if (verb === "play" && code) {
    const offered = store.model.table?.decisions?.find((d) => d.action === action);
    return offered ? say(offered.label) : t("decision.play", { card: name(code) });
  }
  if (verb === "bid") return t("action.bid", { n: code });
  const own = `action.${store.model.game}.${action}`; // a game's own word first ("keep" differs)
  return t(has(own) ? own : `action.${action}`);
}

// A bot's estimate in words: rounded, never "about 0%" or "about 100%".
function chance(value) {
  const pct = Number.parseFloat(value);
  if (Number.isNaN(pct)) return "";
  return pct < 1 ? t("hint.chance.low") : pct > 99 ? t("hint.chance.high") : t("hint.chance", { n: Math.round(pct) });
}

export async function showHint() {
  const model = store.model;
  if (store.busy || !model?.your_turn) return;
  store.busy = true;
  try {
    const { hint } = await call({ op: "hint" });
    const reason = { ...hint.reason };
    if (reason.card) reason.card = name(reason.card);
    reason.about = chance(reason.pct ?? reason.chance); // "about 40%", "under 1%"
    const says = has(`hint.${model.game}.says`) ? `hint.${model.game}.says` : "hint.says";
    const sentence = t(says, { level: t(`level.${hint.level}`), action: describe(hint.action) });
    const gap = lang === "ja" ? "" : " "; // Japanese sentences run on without spaces
    const why = reason.key === "hint.generic" ? "" : gap + t(reason.key, reason);
    hintPly = model.ply;
    $("hint-text").textContent = sentence + why;
    $("hint-text").hidden = false;
    for (const b of document.querySelectorAll("button[data-action]")) b.classList.toggle("suggested", b.dataset.action === hint.action);
  } catch (e) {
    showAlert(t(`error.${e.kind ?? "internal"}`, { error: e.message }));
  } finally {
    store.busy = false;
  }
}

// --- the advisor ------------------------------------------------------------------------
let adviceFor = "";
let adviceData = null;

export async function drawAdvisor(model) {
  const box = $("advisor");
  const game = extras(model.game);
  if (!game.advice || !setting("advisor") || !model.your_turn) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const position = `${model.seed}:${model.ply}`;
  if (adviceFor === position && adviceData) {
    box.replaceChildren(game.advice(adviceData));
    return;
  }
  if (adviceFor === position) return; // already asked: the answer is on its way
  adviceFor = position;
  adviceData = null;
  box.replaceChildren(el("p", { class: "advice-wait" }, t("advisor.thinking")));
  try {
    const { advice } = await call({ op: "advice" });
    const now = store.model;
    if (adviceFor !== position || `${now.seed}:${now.ply}` !== position) return; // the game moved on
    adviceData = advice;
    box.replaceChildren(game.advice(advice));
  } catch (e) {
    adviceFor = "";
    box.replaceChildren(el("p", {}, t(`error.${e.kind ?? "internal"}`, { error: e.message })));
  }
}
