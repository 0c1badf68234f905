"""The engine a browser test's page talks to: real Pyodide, or the bridge in CPython.

A page test that tests the page, not the runtime, need not boot Pyodide (3-5 s a
page). `use_bridge(context)` routes every request for web/js/python-worker.js in
the context to `engine_stand_in.js`, whose `startEngine` answers through
`cardtable.bridge.Bridge` in this process: the same requests, the same JSON. The
shipped page is unchanged; only the test serves the stand-in.

Service workers must be blocked there: a module the service worker serves escapes
the routing. `tests/conftest.py` decides per test (the `real_engine` marker).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from cardtable.bridge import Bridge

STAND_IN = Path(__file__).with_name("engine_stand_in.js")
ENGINE_MODULE = re.compile(r"/web/js/python-worker\.js(\?.*)?$")


def use_bridge(context) -> None:
    """Make every page of `context` start the bridge instead of Pyodide."""
    bridges: dict[int, Bridge] = {}
    ids = itertools.count()

    def open_bridge(_source) -> int:
        key = next(ids)
        bridges[key] = Bridge()
        return key

    def handle(_source, key: int, request_json: str) -> str:
        return bridges[key].handle(request_json)

    context.expose_binding("cardtableBridgeOpen", open_bridge)
    context.expose_binding("cardtableBridgeHandle", handle)
    context.route(ENGINE_MODULE, lambda route: route.fulfill(path=str(STAND_IN),
                                                             content_type="text/javascript"))
