// Starts the runtime's downloads the moment a game page opens, before the module
// graph, PyScript and the worker ask for them one after another (docs/runtime.md,
// "Fast start"). A classic script in <head>: it runs before anything else.
// The game list and an embed's poster download no runtime, so they get no hints.
(() => {
  const params = new URLSearchParams(location.search);
  const poster = params.get("embed") === "1" && params.get("autoplay") !== "1";
  if (!params.get("game") || poster) return;
  const here = document.currentScript.src; // .../web/js/preload.js
  const hint = (path, rel, as) => {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = new URL(path, here).href;
    if (as) link.as = as;
    link.crossOrigin = "anonymous"; // same-origin fetch() and import(): cors mode, as Pyodide asks
    document.head.append(link);
  };
  hint("../../vendor/pyscript/core.js", "modulepreload");
  // Fetched by the worker, which shares the page's HTTP cache: the largest first.
  for (const path of ["../../vendor/pyodide/pyodide.asm.wasm", "../../vendor/pyodide/python_stdlib.zip",
    "../../vendor/pyodide/pyodide.asm.mjs", "../../vendor/pyodide/pyodide.mjs",
    "../../vendor/pyodide/pyodide-lock.json", "../../cardtable.zip", "../worker.py"]) {
    hint(path, "preload", "fetch");
  }
})();
