// One Node boot of the vendored Pyodide to "cardtable imported", with or without
// the memory snapshot of bench/make_snapshot.mjs; prints {mode, boot_ms, import_ms,
// total_ms, cpu_ms}. cpu_ms (the process's user+system time, V8's compiler threads
// included) is the work done, which a busy machine blurs less than the wall clock.
// bench/snapshot.py runs it alternately (a fresh process each time: a cold start).
//
//   node bench/snapshot_node.mjs <dist> plain|snapshot <snapshot.bin>
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, mode, snapshotPath] = process.argv.slice(2);
const indexURL = path.resolve(dist, "vendor/pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const options = { indexURL };
if (mode === "snapshot") options._loadSnapshot = readFile(snapshotPath);
const pyodide = await loadPyodide(options);
const t1 = performance.now();
// As the page does: unpack the package, then import it (already in sys.modules
// when restored from the snapshot, so this only finds it there).
pyodide.unpackArchive(new Uint8Array(await readFile(path.join(dist, "cardtable.zip"))), "zip",
  { extractDir: "/home/pyodide" });
const answer = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from cardtable.bridge import handle
handle('{"op": "new", "game": "le_truc", "seed": 1}')[:40]
`);
const t2 = performance.now();
const cpu = process.cpuUsage(cpu0);
if (!answer.startsWith('{"ok": true')) throw new Error(`unexpected answer: ${answer}`);
console.log(JSON.stringify({ mode, boot_ms: t1 - t0, import_ms: t2 - t1, total_ms: t2 - t0,
  cpu_ms: (cpu.user + cpu.system) / 1000 }));
