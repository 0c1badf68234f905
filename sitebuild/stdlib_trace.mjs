// Runs sitebuild/stdlib_trace.py in npm's own Pyodide (the whole standard library) under
// Node, with dist/cardtable.zip unpacked where the page's worker has it, and prints
// one JSON line: {"loaded": {module: its file}} of everything loaded by then.
// Usage: node sitebuild/stdlib_trace.mjs <pyodide folder> <dist>   (sitebuild/stdlib.py)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, dist] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
pyodide.unpackArchive(new Uint8Array(await readFile(path.join(dist, "cardtable.zip"))), "zip",
  { extractDir: "/home/pyodide" });
// The page fetches data/ on first use; here the file goes where the package reads it
// when no page is there to fetch it (cardtable.assets).
pyodide.FS.writeFile("/home/pyodide/cardtable/bots/le_truc_policy.bin",
  new Uint8Array(await readFile(path.join(dist, "data/le_truc_policy.bin"))));
let printed = "";
pyodide.setStdout({ batched: (line) => { printed = line; } });
const here = path.dirname(fileURLToPath(import.meta.url));
pyodide.runPython(await readFile(path.join(here, "stdlib_trace.py"), "utf8"));
process.stdout.write(JSON.stringify({ loaded: JSON.parse(printed) }) + "\n");
