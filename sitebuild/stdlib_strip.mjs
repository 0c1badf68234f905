// Runs sitebuild/source_strip.py in npm's own Pyodide under Node (Python 3.14, the
// syntax of the library it reads). Usage, from sitebuild/stdlib.py:
//   node sitebuild/stdlib_strip.mjs <pyodide folder> <zip in> <zip out>
// prints the script's one JSON line (the files it had to keep as they were).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, zipIn, zipOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(await readFile(zipIn)));
let printed = "";
pyodide.setStdout({ batched: (line) => { printed = line; } });
pyodide.runPython("import sys\nsys.argv = ['source_strip.py', '/tmp/in.zip', '/tmp/out.zip']");
const here = path.dirname(fileURLToPath(import.meta.url));
pyodide.runPython(await readFile(path.join(here, "source_strip.py"), "utf8"));
await writeFile(zipOut, pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(printed + "\n");
