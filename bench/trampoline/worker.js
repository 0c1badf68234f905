// bench/trampoline.py's worker: Pyodide shown the navigator the query names (as
// web/js/worker-navigator.js shows the engine's workers the page's), then timed on
// bench/engine_bench.py's workloads. Pyodide calls Python's C functions through a
// WebAssembly trampoline, or a JavaScript one where it sees iOS.
import { useNavigatorHints } from "../../web/js/worker-navigator.js";

useNavigatorHints(new URL(import.meta.url).search);
const params = new URL(import.meta.url).searchParams;
try {
  const { loadPyodide } = await import("../untrimmed/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("../untrimmed/", import.meta.url).href });
  const zip = await (await fetch(new URL("../../cardtable.zip", import.meta.url))).arrayBuffer();
  pyodide.unpackArchive(new Uint8Array(zip), "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  pyodide.runPython(await (await fetch(new URL("../engine_bench.py", import.meta.url))).text());
  const game = JSON.stringify(params.get("game") ?? "japanese_loo");
  const started = performance.now();
  const out = JSON.parse(pyodide.runPython(`import json
json.dumps({"games": random_games_per_second(${game}, ${Number(params.get("games") ?? 600)}),
            "bots": self_play_decision_times(${game}, "strong", ${Number(params.get("decisions") ?? 40)})})`));
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  postMessage({ ms: performance.now() - started, ios, ...out });
} catch (e) {
  postMessage({ error: String(e?.stack ?? e) });
}
