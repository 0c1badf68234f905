// Runs bench/engine_bench.py under the vendored npm Pyodide in Node: the browser's
// interpreter, without the page. Usage: node bench/pyodide_node.mjs <dist> <repeats> [quick] [only] [pyodide]
// where <pyodide> is the npm package's own files (the whole standard library the
// bench script imports; sitebuild.vendor.untrimmed_pyodide()), else dist's.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, repeats = "5", quick = "", only = "", runtime = path.join(dist, "vendor/pyodide")] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
const bootMs = performance.now() - t0;
pyodide.unpackArchive(new Uint8Array(await readFile(path.join(dist, "cardtable.zip"))), "zip", { extractDir: "/home/pyodide" });
// The page fetches data/ on first use; here the file goes where the package reads it
// when no page is there to fetch it (cardtable.assets).
pyodide.FS.writeFile("/home/pyodide/cardtable/bots/le_truc_policy.bin",
  new Uint8Array(await readFile(path.join(dist, "data/le_truc_policy.bin"))));
const bench = await readFile(new URL("./engine_bench.py", import.meta.url), "utf8");
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
pyodide.runPython(bench);
const out = JSON.parse(pyodide.runPython(`run_all(${Number(repeats)}, ${quick === "quick" ? "True" : "False"}, ${JSON.stringify(only)})`));
out.node_boot_ms = bootMs;
out.python = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(JSON.stringify(out));
