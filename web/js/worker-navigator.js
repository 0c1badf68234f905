// What Pyodide reads of `navigator` to tell an iPhone or iPad, made the same in the
// engine's workers as in the page (docs/runtime.md, "Every browser engine").
//
// Pyodide calls Python functions through a WebAssembly trampoline, except on iOS,
// where that broke (iOS 18.3.1) and it takes a JavaScript one. It tells iOS by
// `/iPad|iPhone|iPod/` in the user agent, or `navigator.platform === "MacIntel"`
// with `navigator.maxTouchPoints > 1`: an iPad sends a Mac's user agent, and only
// its touch points give it away. A worker has no `maxTouchPoints`, so there an iPad
// looked like a Mac and took the broken path.
//
// So the page reads its own touch points and platform (navigatorHints) and hands
// them to every worker that loads Pyodide (PyScript's, ours, the snapshot maker), as
// the query of the worker's first module; the worker defines them before Pyodide's
// module is evaluated (useNavigatorHints). The hints also say which trampoline
// Pyodide will take (`calls`), which names the memory snapshot made for it.

// Pyodide's own test for iOS (pyodide.asm.mjs, getPyEMTrampolinePtr; pyodide.mjs).
export const sawIOS = (agent, platform, touch) => /iPad|iPhone|iPod/.test(agent) || (platform === "MacIntel" && touch > 1);

// In the page: the hints for a worker, as a query string.
export function navigatorHints() {
  const touch = Number(navigator.maxTouchPoints) || 0;
  const calls = sawIOS(navigator.userAgent, navigator.platform, touch) ? "js" : "wasm";
  return new URLSearchParams({ touch: String(touch), platform: navigator.platform, calls }).toString();
}

// In a worker, before Pyodide's module is evaluated: the page's touch points and
// platform (a worker's own platform is the page's in a browser; not always under a
// test's emulation).
export function useNavigatorHints(query) {
  const hints = new URLSearchParams(query);
  const define = (name, value) => Object.defineProperty(navigator, name, { value, configurable: true });
  if (hints.has("touch")) define("maxTouchPoints", Number(hints.get("touch")) || 0);
  if (hints.has("platform") && hints.get("platform") !== navigator.platform) define("platform", hints.get("platform"));
}

// Which trampoline a worker with these hints takes: part of a memory snapshot's name,
// since a snapshot holds the interpreter as it was set up for one of them.
export const callsOf = (query) => (new URLSearchParams(query).get("calls") === "js" ? "js" : "wasm");
