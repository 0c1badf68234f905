"""The engine a browser test's page talks to: real Pyodide, or the bridge in CPython.

A page test that tests the page, not the runtime, need not boot Pyodide (3-5 s a
page). Such tests load the site from a server of its own (`StandInHandler`): dist/
as shipped, but its web/js/python-worker.js is `engine_stand_in.js`, whose
`startEngine` answers through a `cardtable.bridge.Bridge` in this process, one a
page, asked over HTTP at the server's /__bridge/: the same requests, the same
JSON. The shipped page is unchanged; only the test serves the stand-in.

(A route in each context did the same before, with Playwright's bindings for the
requests; but a context with any route has the browser hold every request for
Playwright to look at, a third of a second more a page load, and each binding call
took a frame or more: at ten seats, nine frames a move.)

Service workers must be blocked there: a module the service worker serves escapes
the stand-in. `tests/conftest.py` decides per test (the `real_engine` marker).
"""

from __future__ import annotations

import collections
import itertools
import threading
from pathlib import Path
from urllib.parse import urlsplit

from cardtable.bridge import Bridge
from sitebuild.serve import SiteHandler

STAND_IN = Path(__file__).with_name("engine_stand_in.js")
ENGINE_MODULE = "/web/js/python-worker.js"
BRIDGE = "/__bridge/"
KEPT = 500  # bridges kept, the newest: far more than the pages of any one test


class Bridges:
    """The bridges of the pages a stand-in started, by number; the oldest let go.
    Each answers one request at a time, as a worker does: the server answers each
    request in a thread of its own, and a page may ask again before an answer (the
    duplicate's replay while the player moves). The order is the page's: the
    stand-in sends a request once the one before is answered."""

    def __init__(self):
        self._numbers = itertools.count(1)
        self._open: collections.OrderedDict[int, tuple[Bridge, threading.Lock]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def open(self) -> int:
        with self._lock:
            number = next(self._numbers)
            self._open[number] = (Bridge(), threading.Lock())
            while len(self._open) > KEPT:
                self._open.popitem(last=False)
            return number

    def handle(self, number: int, request_json: str) -> str:
        with self._lock:
            bridge, alone = self._open[number]
        with alone:
            return bridge.handle(request_json)


class StandInHandler(SiteHandler):
    """dist/ as the site serves it, with the stand-in for the engine's module and the
    bridges it asks at /__bridge/open (a new one: its number) and /__bridge/<number>
    (a request, answered as the engine answers it)."""

    bridges = Bridges()

    def translate_path(self, path):
        if urlsplit(path).path == ENGINE_MODULE:
            return str(STAND_IN)
        return super().translate_path(path)

    def do_POST(self):
        path = urlsplit(self.path).path
        if not path.startswith(BRIDGE):
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
        name = path[len(BRIDGE):]
        if name == "open":
            answer = str(self.bridges.open())
        elif name.isdigit():
            answer = self.bridges.handle(int(name), body)
        else:
            self.send_error(404)
            return
        data = answer.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
