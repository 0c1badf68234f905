"""How much work a test may do where it runs: natively, or inside Pyodide
(tests/pyodide/pyodide_suite.py), where Python is 1.5-3.5x slower.

    from tests.support.budget import scaled
    @settings(max_examples=scaled(2000, pyodide=200), deadline=None)
    for seed in range(scaled(10_000, pyodide=200)): ...

For a test that makes no sense at a smaller size, mark it
`@pytest.mark.native_only("why")` instead (tests/conftest.py skips it under Pyodide).
"""

import sys

UNDER_PYODIDE = sys.platform == "emscripten"


def scaled(native: int, *, pyodide: int) -> int:
    """`native` natively, `pyodide` under Pyodide."""
    return pyodide if UNDER_PYODIDE else native
