// Card Table embeds, the article's side: makes each game's iframe as tall as the
// game says (the snippet's height, at least 440 px and at most 1000 px). Include it once:
//
//   <script src="https://<site>/web/embed.js" defer></script>
//
// It handles iframes marked data-cardtable and every iframe whose src is on the
// site this file came from. The game posts {type: "cardtable:height", height, game}
// to its parent once at load, and again only when asked (index.html?embed=1); the
// height never changes through the game (web/js/page/embed-frame.js).
(() => {
  if (window.cardtableEmbed) return; // included twice: one listener is enough
  window.cardtableEmbed = true;
  const site = new URL("../", document.currentScript.src).href; // this file is <site>/web/embed.js

  const ours = (frame) => frame.hasAttribute("data-cardtable") || frame.src.startsWith(site);
  const frames = () => [...document.querySelectorAll("iframe")].filter(ours);
  const originOf = (frame) => new URL(frame.src, location.href).origin;

  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.type !== "cardtable:height") return;
    const height = Number(data.height);
    if (!Number.isFinite(height) || height < 40 || height > 20000) return;
    // Only the game in that very iframe may resize it.
    const frame = frames().find((f) => f.contentWindow === event.source);
    if (frame && event.origin === originOf(frame)) frame.style.height = `${Math.ceil(height)}px`;
  });

  // A game that reported before this script ran is asked again ("*": the question
  // holds nothing private, and the frame may still be about:blank).
  const ask = (frame) => frame.contentWindow?.postMessage({ type: "cardtable:ask-height" }, "*");
  for (const frame of frames()) {
    ask(frame);
    frame.addEventListener("load", () => ask(frame));
  }
})();
