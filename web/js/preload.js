// Starts the Python engine the moment a game page opens, before the page's own
// module graph (app.js, its panels) has loaded, with its scripts preloaded:
// the runtime's start-up is the whole wait, so nothing may sit in front of it
// (docs/runtime.md, "Fast start"). And it asks at once for what the page needs to
// draw its first table before the engine is up (docs/runtime.md, "The head start"):
// the page's own modules (all at once, not one level of imports at a time), its
// words and the games' list, and a first table of the game's pool when the visit
// looks like a first game (a guess: the page decides, page/first-table.js, and
// fetches another when the guess was wrong). A classic script in <head>: it runs
// first. The game list, an embed's poster and a link to an unknown game download
// no runtime, so they get nothing.
(() => {
  const params = new URLSearchParams(location.search);
  const poster = params.get("embed") === "1" && params.get("autoplay") !== "1";
  const GAMES = []; // build.py fills in the games
  // A game's own page (play/<game>/<lang>/) names its game on <html> (address.js).
  const game = params.get("game") ?? document.documentElement.dataset.game;
  if (!GAMES.includes(game) || poster) return;
  const here = document.currentScript.src; // .../web/js/preload.js
  const link = (rel, path, as) => {
    const node = document.createElement("link");
    node.rel = rel;
    node.href = new URL(path, here).href;
    if (as) node.as = as;
    node.crossOrigin = "anonymous"; // module scripts and fetch() are in cors mode
    document.head.append(node);
  };
  const hint = (path) => link("modulepreload", path);
  const stored = (key) => {
    try { return localStorage.getItem(key); } catch { return null; } // refused in some iframes
  };
  hint("../../vendor/pyscript/core.js");
  const PYSCRIPT_CHUNKS = []; // build.py fills in the chunks core.js imports at boot
  for (const name of PYSCRIPT_CHUNKS) hint(`../../vendor/pyscript/${name}`);
  hint("python-worker.js");
  hint("memory-idb.js");
  hint("snapshot-store.js");
  hint("worker-navigator.js");
  // What the engine's worker imports before Pyodide asks for its wasm, one after
  // the other: from the HTTP cache, the worker's chain no longer waits for the
  // network at each step (bench/first_visit.py: the wasm is asked for 0.4 s sooner
  // on a 9 Mbit/s line). Only where the worker finds them there: Chromium and
  // Firefox do; WebKit fetched each of them again (counted at the server,
  // tests/engines), so there they would be downloaded twice. Not the worker's first
  // module: its address carries the page's navigator hints (worker-navigator.js).
  if (navigator.vendor !== "Apple Computer, Inc.") {
    hint("fetch-progress.js");
    hint("pyodide-options.js");
    hint("../../vendor/pyodide/pyodide.mjs");
  }
  // Not the runtime's large files (wasm, stdlib): preloaded here they held up these
  // small scripts (six connections per host over HTTP/1.1) and the worker then
  // waited for the page's download instead of compiling the wasm as it streamed
  // in; measured slower (bench/boot.py, docs/runtime.md "Fast start").
  // The engine itself: app.js takes this promise (and the stages so far) when it
  // is ready to draw; a failure is reported there.
  // The stage and the bytes downloaded so far, and who wants to hear of each change.
  const boot = { stage: "runtime", bytes: null, listeners: [], first: null };
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
  // Then what the page draws its first table from: a first table of the pool, its
  // words (the language as words.js chooses it), the games' list, and its modules
  // (app.js's static imports, found by build.py), after the engine's scripts:
  // over HTTP/1.1's six connections they would hold up the wasm's request.
  boot.first = firstTable();
  const lang = [params.get("lang"), document.documentElement.dataset.pageLang, stored("cardtable:lang")]
    .find((code) => code === "ja" || code === "en") ?? ((navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en");
  boot.fetched = {}; // taken by early-fetch.js (not a preload: WebKit would download it twice)
  for (const path of [`../i18n/${lang}.json`, "../../games.json"]) {
    const url = new URL(path, here).href;
    boot.fetched[url] = fetch(url);
    boot.fetched[url].catch(() => {}); // the page's own fetch reports a failure
  }
  const APP_MODULES = []; // build.py fills in app.js's modules
  for (const path of APP_MODULES) hint(path); // (app.js itself: the page's own modulepreload)

  // A deal of the game's pool at the level the page will choose (address.js level()),
  // fetched now where the visit looks like a first game: no seed, share or lesson in
  // the address, nothing but the page's own parameters (no rule options), no saved
  // game and no rules kept for this game.
  function firstTable() {
    const LEVELS = {}; // build.py fills in each game's levels and the level of a first visit
    const FIRST_TABLES = { folder: "", size: 0 }; // build.py fills in the pools' folder and size
    const own = ["game", "lang", "level", "speed", "embed", "autoplay"];
    if (!FIRST_TABLES.size || [...params.keys()].some((k) => !own.includes(k))) return null;
    if (stored(`cardtable:save:${game}`) !== null || stored(`cardtable:rules:${game}`) !== null) return null;
    const { levels, first } = LEVELS[game];
    const level = [params.get("level"), stored("cardtable:level"), first].find((lv) => levels.includes(lv));
    if (!level) return null;
    const index = crypto.getRandomValues(new Uint32Array(1))[0] % FIRST_TABLES.size;
    const url = new URL(`../../${FIRST_TABLES.folder}/${game}/${level}/${index}.json`, here);
    return { level, index, record: fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null) };
  }
})();
