// Starts the Python engine the moment a game page opens, before the page's own
// module graph (app.js, its panels) has loaded, with its scripts preloaded:
// the runtime's start-up is the whole wait, so nothing may sit in front of it
// (docs/runtime.md, "Fast start"). A classic script in <head>: it runs first.
// The game list, an embed's poster and a link to an unknown game download no
// runtime, so they get nothing.
(() => {
  const params = new URLSearchParams(location.search);
  const poster = params.get("embed") === "1" && params.get("autoplay") !== "1";
  const GAMES = []; // build.py fills in the games
  // A game's own page (play/<game>/<lang>/) names its game on <html> (address.js).
  const game = params.get("game") ?? document.documentElement.dataset.game;
  if (!GAMES.includes(game) || poster) return;
  const here = document.currentScript.src; // .../web/js/preload.js
  const hint = (path) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(path, here).href;
    link.crossOrigin = "anonymous"; // module scripts are fetched in cors mode
    document.head.append(link);
  };
  hint("../../vendor/pyscript/core.js");
  const PYSCRIPT_CHUNKS = []; // build.py fills in the chunks core.js imports at boot
  for (const name of PYSCRIPT_CHUNKS) hint(`../../vendor/pyscript/${name}`);
  hint("python-worker.js");
  hint("memory-idb.js");
  // What the engine's worker imports before Pyodide asks for its wasm, one after
  // the other: from the HTTP cache, the worker's chain no longer waits for the
  // network at each step (bench/first_visit.py: the wasm is asked for 0.4 s sooner
  // on a 9 Mbit/s line). The worker has its own module map, so these only fill the
  // cache for it.
  hint("pyodide-progress.js");
  hint("fetch-progress.js");
  hint("pyodide-options.js");
  hint("snapshot-store.js");
  hint("../../vendor/pyodide/pyodide.mjs");
  // Not the runtime's large files (wasm, stdlib): preloaded here they held up these
  // small scripts (six connections per host over HTTP/1.1) and the worker then
  // waited for the page's download instead of compiling the wasm as it streamed
  // in; measured slower (bench/boot.py, docs/runtime.md "Fast start").
  // The engine itself: app.js takes this promise (and the stages so far) when it
  // is ready to draw; a failure is reported there.
  // The stage and the bytes downloaded so far, and who wants to hear of each change.
  const boot = { stage: "runtime", bytes: null, listeners: [] };
  const tell = () => { for (const listener of boot.listeners) listener(boot); };
  boot.engine = import(new URL("./python-worker.js", here).href).then(({ startEngine }) => startEngine({
    onStage(name) {
      boot.stage = name;
      tell();
    },
    onProgress(done, total) {
      boot.bytes = { done, total };
      tell();
    },
  }));
  boot.engine.catch(() => {}); // awaited, and shown, by app.js
  window.cardtableBoot = boot;
})();
