"""`build.py test`: everything a fresh clone needs before pytest, then pytest. The test
tools are installed (into .venv/ on a distro Python that refuses pip), a Chromium
found or installed, WebKitGTK and Firefox ESR installed (sitebuild/engines.py), dist/ built and axe-core fetched, so the suite runs on a machine
that had only Python and npm, with a missing browser failing instead of skipping.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from sitebuild import ROOT, BuildError, browser, engines, site, vendor

VENV = ROOT / ".venv"  # only made on a distro Python that refuses pip (PEP 668)


def externally_managed() -> bool:
    """True for a distro Python that refuses `pip install` outside a venv (PEP 668)."""
    in_venv = sys.prefix != sys.base_prefix
    marker = Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
    return not in_venv and marker.exists()


def python_for_tests() -> str:
    """The Python to install into and test with: this one, or .venv/ on a distro Python."""
    if not externally_managed():
        return sys.executable
    venv_python = VENV / "bin" / "python"
    if not venv_python.exists():
        print(f"build.py: this Python is externally managed; creating {VENV.name}/", flush=True)
        proc = subprocess.run([sys.executable, "-m", "venv", str(VENV)], stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise BuildError("could not create .venv/ (on Debian/Ubuntu: apt-get install python3-venv)")
    return str(venv_python)


def pip_install_test_deps(python: str) -> None:
    """`pip install -e .[test]`, so a fresh clone needs nothing but Python."""
    proc = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "-e", ".[test]"], cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    if proc.returncode != 0:
        raise BuildError("`pip install -e .[test]` failed (see pip's output above)")


def run_tests(pytest_args: list[str]) -> int:
    """Install, find a browser, build, then run pytest; returns pytest's exit code."""
    python = python_for_tests()
    pip_install_test_deps(python)
    chromium = browser.ensure_chromium(python)
    print(f"build.py: browser {chromium}", flush=True)
    engines.ensure_engines(python)  # WebKitGTK and Firefox ESR, for tests/engines/
    print(f"build.py: engines {', '.join(engines.ENGINES)} and chromium", flush=True)
    site.build()
    vendor.axe_script()  # fetched once here, before two pytest workers could both download it
    env = {**os.environ, "CARDTABLE_CHROMIUM": chromium, "CARDTABLE_REQUIRE_BROWSER": "1",
           "CARDTABLE_REQUIRE_ENGINES": "1"}
    if not pytest_args and (os.cpu_count() or 1) >= 2:
        # Two workers (pytest-xdist), one a core: the suite is CPU-bound (four workers
        # are slower). A module's browser tests that boot Pyodide stay together in one
        # worker, as do each engine's (tests/conftest.py, tests/engines/conftest.py
        # group them); loadgroup hands out the largest groups first.
        pytest_args = ["-n", "2", "--dist", "loadgroup"]
    return subprocess.run([python, "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
