// Share codes and demos: ?share=<code> replays a shared game; &stop=N stops at move
// N as a demo, with &caption=… (plain text) above the table, a "Next move" stepper
// through the rest of the recording, and "Play on". A bad code: a message and a
// fresh game. The Share button gives a link to the game as it stands.

import { $, showAlert } from "./dom.js";
import { lang, t } from "./words.js";
import { call } from "./rpc.js";
import { clearLog, store } from "./store.js";
import { dropShareParams, params } from "./address.js";
import { gameLink } from "../links.js";
import { accept, finishShare, runBots } from "./play.js";

export async function openShare(game) {
  const stopText = params.get("stop");
  const stop = stopText !== null && /^\d{1,4}$/.test(stopText) ? Number(stopText) : null;
  try {
    const answer = await call({ op: "share", code: params.get("share"), stop });
    if (answer.model.game !== game) throw new Error(t("error.share_game"));
    store.viewingShare = true;
    clearLog();
    accept(answer);
    if (stopText === null && answer.recorded === 0) {
      finishShare(); // a plain shared game: it is simply continued
      await runBots();
    } else {
      showDemo(answer.recorded);
    }
    return true;
  } catch (e) {
    showAlert(t("error.bad_share", { error: e.message }));
    dropShareParams();
    return false;
  }
}

function showDemo(recorded) {
  const caption = (params.get("caption") ?? "").trim().slice(0, 300);
  $("demo-caption").textContent = caption || t("demo.caption");
  $("demo").hidden = false;
  updateDemo(recorded);
  $("demo-next").onclick = async () => {
    if (store.busy) return;
    store.busy = true;
    try {
      const answer = await call({ op: "step" });
      accept(answer);
      updateDemo(answer.recorded);
    } finally {
      store.busy = false;
    }
  };
  $("demo-play-on").onclick = async () => {
    finishShare();
    await runBots();
  };
}

function updateDemo(recorded) {
  $("demo-next").hidden = recorded === 0 || store.model.over;
  if (recorded === 0 && !$("demo-caption").dataset.ended) {
    $("demo-caption").dataset.ended = "1";
    $("demo-caption").textContent += ` ${t("demo.end")}`;
  }
}

// The game's own page (its link card shows wherever the link is pasted) with the code.
function shareLink() {
  return new URL(gameLink(store.model.game, lang, { share: store.model.share }), document.baseURI).href;
}

export async function showShareLink() {
  if (!store.model) return;
  const link = shareLink();
  $("share-box").hidden = false;
  $("share-link").value = link;
  $("share-link").select();
  let copied = false;
  try { await navigator.clipboard.writeText(link); copied = true; } catch { /* the link is shown to copy by hand */ }
  $("share-note").textContent = t(copied ? "share.copied" : "share.copy_by_hand");
}
