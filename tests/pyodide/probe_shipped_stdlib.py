"""Not collected on its own (not a test_*.py): test_under_pyodide.py runs it in
Pyodide to show shipped_stdlib_guard.py at work. A code object whose file is in
py/cardtable/ stands for our package's code."""

import zipfile

import pytest

AS_PACKAGE = "/repo/py/cardtable/_probe.py"


def test_the_interpreter_has_the_trimmed_library():
    names = set(zipfile.ZipFile("/lib/python314.zip").namelist())
    assert "json/__init__.py" in names and "statistics.py" not in names


def test_the_package_is_refused_a_module_the_site_does_not_ship():
    with pytest.raises(ModuleNotFoundError, match="standard library the site ships"):
        exec(compile("import statistics", AS_PACKAGE, "exec"), {})


def test_the_package_gets_what_the_site_ships():
    exec(compile("import json, random", AS_PACKAGE, "exec"), {})


def test_the_test_tools_get_the_whole_library():
    import xmlrpc.client

    assert xmlrpc.client.ServerProxy
