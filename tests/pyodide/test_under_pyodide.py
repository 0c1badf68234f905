"""The engine tests inside the vendored Pyodide in Node (pyodide_suite.py): the
page's interpreter, so failures only wasm has (its smaller C stack against deep
recursion, stdlib modules Pyodide leaves out, Python 3.14) fail CI too.

CI runs the CI_SUBSET there; `python tests/pyodide/pyodide_suite.py --all` runs every engine
test module (docs/runtime.md gives the timings)."""

import re
import subprocess

import pytest

from tests.pyodide import pyodide_suite

#: The CI subset takes about a minute under Pyodide; this only stops a hung run.
TIMEOUT_S = 900


def test_the_engine_tests_pass_under_pyodide():
    try:
        cmd = pyodide_suite.command(pyodide_suite.ci_test_modules(), [])
    except pyodide_suite.SetupError as e:
        pytest.fail(str(e), pytrace=False)
    proc = subprocess.run(cmd, cwd=pyodide_suite.ROOT, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
    out = proc.stdout + proc.stderr
    if proc.returncode != 0:
        failed = [line for line in out.splitlines() if line.startswith(("FAILED ", "ERROR "))]
        pytest.fail(f"pytest under Pyodide exited with {proc.returncode}; failing:\n"
                    + "\n".join(failed or ["(no test names: see the output)"])
                    + "\n\n--- output (last 12,000 characters) ---\n" + out[-12_000:],
                    pytrace=False)
    # It really ran in wasm, and ran tests.
    assert "platform emscripten" in out, out[-3000:]
    assert re.search(r"\b[1-9]\d* passed\b", out), out[-3000:]


def test_every_engine_test_module_runs_under_pyodide_unless_excluded():
    """A new test_*.py in any folder of tests/ runs under Pyodide (with --all) without
    being listed; browser tests and the listed exclusions never do, and each exclusion
    still exists."""
    modules = pyodide_suite.engine_test_modules()
    on_disk = {p.relative_to(pyodide_suite.TESTS).as_posix() for p in pyodide_suite.TESTS.rglob("test_*.py")}
    on_disk = {name for name in on_disk if not name.startswith("browser/")}
    assert "rules/test_le_truc.py" in on_disk and "contracts/test_random_games.py" in on_disk
    assert {m.removeprefix("tests/") for m in modules} == on_disk - pyodide_suite.NOT_UNDER_PYODIDE
    assert not any("browser" in m for m in modules)
    assert pyodide_suite.NOT_UNDER_PYODIDE <= on_disk
    assert set(pyodide_suite.ci_test_modules()) <= set(modules)


def test_a_module_the_site_does_not_ship_fails_the_engine_under_pyodide():
    """The engine tests run on the library the site ships: our package is refused a
    module only the whole library has (so a missing one fails a test, not a game),
    while the test tools get the whole library (probe_shipped_stdlib.py)."""
    cmd = pyodide_suite.command(["tests/pyodide/probe_shipped_stdlib.py"], [])
    proc = subprocess.run(cmd, cwd=pyodide_suite.ROOT, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-6000:]
    assert re.search(r"\b4 passed\b", out), out[-3000:]
