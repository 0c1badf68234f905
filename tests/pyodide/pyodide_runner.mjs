// Runs pytest inside the vendored Pyodide (the page's interpreter) under Node.
// Started by tests/pyodide/pyodide_suite.py, which passes one JSON argument:
//   {"pyodide": "<dist>/vendor/pyodide/", "lock": "<npm's pyodide-lock.json>",
//    "stdlib": "<npm's whole python_stdlib.zip>", "repo": "<repository root>",
//    "packages": [{"name": "pytest", "path": "<host path>", "dir": false}, ...],
//    "args": ["tests/rules/test_le_truc.py", ...]}
// The repository is mounted at /repo (NODEFS, the host's files as they are) and is the
// working directory; the pure-Python test tools are mounted (packages) or copied
// (single modules) into /testtools, which goes on sys.path. The interpreter's library
// is dist/'s trimmed one; the whole one is there for the test tools only
// (shipped_stdlib_guard.py). Exit code: pytest's.
import { readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const config = JSON.parse(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(path.join(config.pyodide, "pyodide.mjs")).href);
// COLUMNS: pytest's width, so the summary's FAILED lines keep their error messages.
const pyodide = await loadPyodide({ indexURL: config.pyodide, lockFileURL: config.lock, env: { COLUMNS: "160" } });
// Raw writes, so pytest's progress dots come out as they happen and in order.
const sink = (fd) => ({ write: (bytes) => { writeSync(fd, bytes); return bytes.length; } });
pyodide.setStdout(sink(1));
pyodide.setStderr(sink(2));

const { FS } = pyodide;
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root: config.repo }, "/repo");
FS.writeFile("/lib/whole-stdlib.zip", readFileSync(config.stdlib));
FS.mkdirTree("/testtools");
for (const pkg of config.packages) {
  const target = `/testtools/${pkg.name}`;
  if (pkg.dir) {
    FS.mkdirTree(target);
    FS.mount(FS.filesystems.NODEFS, { root: pkg.path }, target);
  } else {
    FS.writeFile(target, readFileSync(pkg.path));
  }
}

pyodide.globals.set("pytest_args", pyodide.toPy(config.args));
let code;
try {
  code = pyodide.runPython(`
import os, sys
# Nothing is written into the host's folders: no 3.14 bytecode next to the sources.
sys.dont_write_bytecode = True
sys.path.insert(0, "/testtools")
os.chdir("/repo")
exec(open("/repo/tests/pyodide/shipped_stdlib_guard.py").read())
import pytest
int(pytest.main(list(pytest_args)))
`);
} catch (error) {
  // A Python error outside the tests (pytest missing or broken): its traceback only,
  // not Node's report, which quotes a line of the minified runtime.
  console.error(error.message);
  code = 3;
}
process.exit(code);
