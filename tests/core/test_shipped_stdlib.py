"""The standard library the site ships (sitebuild/stdlib.py): every library module our
package or worker.py names is in the list, the built zip holds exactly the list, and
stripping comments and docstrings moves no line.

Read from source, so a new ``import statistics`` anywhere in the package (inside a
function too) fails here at once, before any browser; the engine suite under Pyodide
(tests/pyodide/shipped_stdlib_guard.py) and the browser tests catch what a listed
module imports later on.
"""

import ast
import io
import zipfile
from pathlib import Path

import pytest

from sitebuild import DIST, ROOT, source_strip, stdlib, vendor

#: The page's Python: our package and the worker's script.
SOURCES = sorted((ROOT / "py" / "cardtable").rglob("*.py")) + [ROOT / "web" / "worker.py"]


@pytest.fixture(scope="module")
def whole() -> zipfile.ZipFile:
    return zipfile.ZipFile(vendor.untrimmed_pyodide() / "python_stdlib.zip")


def named_modules(paths: list[Path]) -> set[str]:
    """Every absolute module name an import in these files names, with its parents."""
    names = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in found:
                parts = name.split(".")
                names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return names


def unlisted(names: set[str], listed: list[str], members: set[str]) -> list[str]:
    """Of these module names, the library's modules (a file of the whole zip) not listed."""
    is_library = lambda n: f"{n.replace('.', '/')}.py" in members or f"{n.replace('.', '/')}/__init__.py" in members  # noqa: E731
    return sorted(n for n in names if is_library(n) and n not in set(listed))


def test_every_library_module_the_page_python_names_is_shipped(whole):
    names = named_modules(SOURCES)
    assert {"json", "random"} <= names  # the reading works
    missing = unlisted(names, stdlib.listed(), set(whole.namelist()))
    assert not missing, (f"imported by the page's Python but not in sitebuild/stdlib-modules.txt: {missing}; "
                         "run `python build.py stdlib`")


def test_a_module_left_off_the_list_is_caught(whole):
    listed = [name for name in stdlib.listed() if name != "json"]
    assert unlisted(named_modules(SOURCES), listed, set(whole.namelist())) == ["json"]


def test_the_list_names_only_modules_of_the_library(whole):
    members = set(whole.namelist())
    files = stdlib.module_files(stdlib.listed(), members)
    assert len(files) >= len(stdlib.listed())
    with pytest.raises(Exception, match="not a module"):
        stdlib.module_files(["no_such_module"], members)


def test_the_built_zip_holds_exactly_the_listed_modules(whole):
    built = zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip")
    assert sorted(built.namelist()) == stdlib.module_files(stdlib.listed(), set(whole.namelist()))
    assert (DIST / "vendor" / "pyodide" / "python_stdlib.zip").stat().st_size < 600_000


def test_trimming_is_reproducible(whole):
    full = (vendor.untrimmed_pyodide() / "python_stdlib.zip").read_bytes()
    first = stdlib.trim(full, ["json", "random"])
    assert first == stdlib.trim(full, ["json", "random"])
    assert sorted(zipfile.ZipFile(io.BytesIO(first)).namelist()) == ["json/__init__.py", "random.py"]


def test_stripping_moves_no_line_and_keeps_the_code(whole):
    built = zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip")
    stripped_something = 0
    for name in built.namelist():
        before = whole.read(name).decode().splitlines()
        after = built.read(name).decode().splitlines()
        assert len(after) == len(before), name
        for old, new in zip(before, after):
            # a line is kept, or cut before its comment, or a docstring's line blanked
            assert old.startswith(new.rstrip()) or new.strip() in ("", "..."), (name, old, new)
        stripped_something += before != after
    assert stripped_something > len(built.namelist()) / 2


def test_our_package_ships_without_comments_and_docstrings_line_for_line():
    built = zipfile.ZipFile(DIST / "cardtable.zip")
    sources = {f"cardtable/{p.relative_to(ROOT / 'py' / 'cardtable').as_posix()}": p
               for p in (ROOT / "py" / "cardtable").rglob("*.py")}
    assert set(sources) <= set(built.namelist())
    smaller = 0
    for name, path in sources.items():
        before, after = path.read_text(encoding="utf-8").splitlines(), built.read(name).decode().splitlines()
        assert len(after) == len(before), name
        for old, new in zip(before, after):
            assert old.startswith(new.rstrip()) or new.strip() in ("", "..."), (name, old, new)
        compile(built.read(name), name, "exec")
        smaller += after != before
    assert smaller > len(sources) / 2


def test_stripping_a_source():
    source = ('"""The module."""\n\nfrom __future__ import annotations\n\n\n'
              'class Empty(Exception):\n    """Only a docstring."""\n\n\n'
              'def f(x):  # a comment\n    """Say why,\n    over two lines."""\n'
              '    return "# not a comment"  # but this is\n')
    out = source_strip.stripped(source)
    assert out == ('\n\nfrom __future__ import annotations\n\n\n'
                   'class Empty(Exception):\n    ...\n\n\n'
                   'def f(x):\n    ...\n\n'
                   '    return "# not a comment"\n')
    namespace = {}
    exec(compile(out, "<stripped>", "exec"), namespace)
    assert namespace["f"](1) == "# not a comment" and namespace["f"].__doc__ is None
