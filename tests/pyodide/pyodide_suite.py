"""Run the engine test suite inside the vendored Pyodide (the page's interpreter) in Node.

    python tests/pyodide/pyodide_suite.py            the CI subset (what test_under_pyodide.py runs)
    python tests/pyodide/pyodide_suite.py --all      every engine test module
    python tests/pyodide/pyodide_suite.py [--all] -- -x -k truc    extra arguments go to pytest

Needs `python build.py` first (dist/vendor/pyodide/) and node on PATH. The engine
tests are every test_*.py under tests/ except tests/browser/ and NOT_UNDER_PYODIDE below,
so a new engine test module runs here without being listed. pytest, hypothesis and
their pure-Python dependencies come from this (native) Python's installation,
mounted (NODEFS) into Pyodide's file system (pyodide_runner.mjs, beside this file); nothing is
written there.
Inside, `sys.platform == "emscripten"`; tests/conftest.py then loads the `pyodide`
hypothesis profile and skips tests marked `native_only` (see docs/runtime.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PYODIDE = ROOT / "dist" / "vendor" / "pyodide"
if str(ROOT) not in sys.path:  # run as a script: sitebuild is the repository's
    sys.path.insert(0, str(ROOT))
from sitebuild import vendor  # noqa: E402
RUNNER = TESTS / "pyodide" / "pyodide_runner.mjs"

#: Test modules (paths under tests/) that never run under Pyodide, and why.
NOT_UNDER_PYODIDE = {
    # this runner's own test: it starts Node, and wasm has no subprocesses
    "pyodide/test_under_pyodide.py",
    # the JS view's card-art.js through a node subprocess: no engine code in it
    "page/test_cards_js.py",
}

#: What CI runs under Pyodide (the whole suite takes too long on top of the native
#: run): for every game, its rules tests and its property tests, the cross-game
#: contract suite over random games (these reach deep and unusual positions:
#: recursion, big states; a tenth of their examples there, see
#: tests/support/budget.py), and these.
CI_ALSO = ("contracts/test_random_games.py", "core/test_session.py", "core/test_sharecode.py", "core/test_first_tables.py",
           "core/test_daily.py")


#: The pure-Python test tools (top-level modules and packages) pytest and hypothesis
#: import, taken from this Python's installation.
TEST_TOOLS = (
    "pytest", "_pytest", "py", "pluggy", "iniconfig", "packaging",
    "hypothesis", "_hypothesis_pytestplugin", "_hypothesis_globals",
    "_hypothesis_ftz_detector", "sortedcontainers", "attr", "attrs", "typing_extensions",
    "pygments",
)

#: Arguments always given to pytest in Pyodide: no cache (it would be the host's
#: .pytest_cache/, the repository being mounted), hypothesis's plugin by name (no
#: installed entry points in there),
#: and the reasons of skips and failures in the summary.
PYTEST_ARGS = ["-p", "no:cacheprovider", "-p", "_hypothesis_pytestplugin", "-rfEs"]


class SetupError(Exception):
    """Something the suite needs is missing; the message says what to do."""


def modules_on_disk() -> set[str]:
    """Every test module but the browser tests, as a path under tests/."""
    return {p.relative_to(TESTS).as_posix() for p in TESTS.rglob("test_*.py")
            if "browser" not in p.relative_to(TESTS).parts}


def engine_test_modules() -> list[str]:
    """Every engine test module, as a path relative to the repository root."""
    return [f"tests/{name}" for name in sorted(modules_on_disk() - NOT_UNDER_PYODIDE)]


def ci_test_modules() -> list[str]:
    """The CI subset: rules/test_<game>.py and rules/test_<game>_properties.py of every
    game the engine registers, and CI_ALSO; each must exist (a new game needs both)."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from cardtable import games

    names = [f"rules/test_{game}{kind}.py" for game in games.names() for kind in ("", "_properties")]
    names += CI_ALSO
    missing = [name for name in names if not (TESTS / name).is_file()]
    if missing:
        raise SetupError(f"the CI subset's modules do not exist: {', '.join(missing)}")
    return [f"tests/{name}" for name in names]


def tool_locations() -> list[dict]:
    """Where each test tool lives on this machine, for the runner to mount or copy."""
    tools = []
    for name in TEST_TOOLS:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise SetupError(f"{name} is not installed: pip install -e .[test]")
        if spec.submodule_search_locations:
            tools.append({"name": name, "path": str(Path(spec.origin).parent), "dir": True})
        else:
            tools.append({"name": Path(spec.origin).name, "path": spec.origin, "dir": False})
    return tools


def command(modules: list[str], extra_args: list[str]) -> list[str]:
    """The node command line that runs pytest over `modules` in Pyodide."""
    node = shutil.which("node")
    if node is None:
        raise SetupError("node is not on PATH: install Node.js (it also builds dist/)")
    if not (PYODIDE / "pyodide.mjs").is_file():
        raise SetupError("dist/vendor/pyodide/ is missing: run `python build.py` first")
    # dist/ ships no lock file (web/js/pyodide-options.js) and a trimmed library: Node
    # reads npm's own lock file, and the test tools get npm's whole library.
    npm = vendor.untrimmed_pyodide()
    config = {"pyodide": str(PYODIDE) + "/", "lock": str(npm / "pyodide-lock.json"),
              "stdlib": str(npm / "python_stdlib.zip"), "repo": str(ROOT), "packages": tool_locations(),
              "args": [*PYTEST_ARGS, *extra_args, *modules]}
    return [node, str(RUNNER), json.dumps(config)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every engine test module, not the CI subset")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    args = parser.parse_args(argv)
    try:
        modules = engine_test_modules() if args.all else ci_test_modules()
        cmd = command(modules, args.pytest_args)
    except SetupError as e:
        print(f"pyodide_suite: {e}", file=sys.stderr)
        return 2
    return subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL).returncode


if __name__ == "__main__":
    sys.exit(main())
