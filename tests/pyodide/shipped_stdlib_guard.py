"""Run by tests/pyodide/pyodide_runner.mjs before pytest: the page's library for our
package, the whole library for the test tools.

The interpreter's own library (``/lib/python314.zip``) is dist/'s, the trimmed one
the site ships (sitebuild/stdlib.py). pytest and hypothesis need much more, so the
whole library is mounted beside it, and this finder, first on ``sys.meta_path``,
finds there what the shipped one lacks, but refuses it when the import comes from
our package (a frame of ``/repo/py/cardtable`` on the stack): a module missing
from the shipped list fails a test with the same error a player's game would get.
"""

import importlib.machinery
import sys

WHOLE = "/lib/whole-stdlib.zip"
PACKAGE = "/repo/py/cardtable/"


class ShippedLibraryOnly:
    """Finds the whole library's modules, for anyone but our package."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        finder = importlib.machinery.PathFinder
        if finder.find_spec(name, path) is not None:
            return None  # the shipped library (or a test tool) has it: as usual
        parent = name.rpartition(".")[0]
        spec = finder.find_spec(name, [f"{WHOLE}/{parent.replace('.', '/')}" if parent else WHOLE])
        if spec is None:
            return None  # nowhere: the import fails as usual
        frame = sys._getframe(1)
        while frame is not None and not frame.f_code.co_filename.startswith(PACKAGE):
            frame = frame.f_back
        if frame is not None:
            raise ModuleNotFoundError(
                f"No module named {name!r} in the standard library the site ships "
                f"(imported from {frame.f_code.co_filename.removeprefix('/repo/')}): "
                "add it with `python build.py stdlib`", name=name)
        return spec


sys.meta_path.insert(0, ShippedLibraryOnly)
