"""The cross-engine suite's fixtures: WebKitGTK and Firefox ESR (sitebuild/engines.py)
playing the built dist/, served as GitHub Pages serves it (gzip, ten minutes of
caching, `Access-Control-Allow-Origin: *`), with three things a test needs and a
real host would not have, under /__engines/:

- every HTML page gets `record.js` first, which keeps the page's errors (uncaught,
  rejected, console.error, a refused script or style, a policy violation) and what it
  said (console.info) in `window.__errors` / `window.__said`: WebKit's driver has no
  console API, so the page itself keeps them;
- `parent.html?src=…&sandbox=…`: an article framing the game (from another origin
  when opened at localhost: the site is served at 127.0.0.1);
- a gate: while closed, the runtime's wasm is held back, so the engine cannot start
  (the head start's tests), and every GET is counted by path until the service
  worker is asked for (then its install fetches what it keeps).

    engine        a fresh browser of each engine (parametrized), closed after the test
                  (a test whose browser crashed runs once more: see the collection hook)
    engines_site  the server: .url, .origin_url (localhost), .hold(), .release(), .counts
                  (GETs by path until sw.js is asked for), .recount()
    based_site    the same for a dist/ built with its own address (--base-url), whose
                  pages' policies name it beside 'self' (WebKit's sandboxed embed)

`python build.py test` installs both engines and sets CARDTABLE_REQUIRE_ENGINES, so
there a missing one fails; elsewhere its tests are skipped, saying what is missing.
"""

from __future__ import annotations

import collections
import html
import os
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from bench.first_visit import GzipHandler
from sitebuild import DIST, engines, site
from sitebuild.serve import make_server
from tests.conftest import SHOTS

HERE = Path(__file__).resolve().parent

RECORD = """
window.__errors = []; window.__said = [];
addEventListener("error", (e) => {
  // (Firefox fires "error" at a modulepreload whose module the page's own import took
  // over: each was downloaded once, counted at the server. A preload is no page.)
  if (e.target && e.target.rel === "modulepreload") return;
  const what = e.target && e.target !== window ? `failed to load ${e.target.src || e.target.href}` : `${e.message} ${e.filename}:${e.lineno}`;
  window.__errors.push(what);
}, true);
addEventListener("unhandledrejection", (e) => window.__errors.push(`unhandled: ${e.reason && e.reason.message || e.reason}`));
addEventListener("securitypolicyviolation", (e) => window.__errors.push(`policy: ${e.violatedDirective} ${e.blockedURI}`));
const error = console.error.bind(console), info = console.info.bind(console);
console.error = (...a) => { window.__errors.push(a.map(String).join(" ")); error(...a); };
console.info = (...a) => { window.__said.push(a.map(String).join(" ")); info(...a); };
"""

# WordPress's wp-embed.js in a few lines: the frame shows once it answers with its height.
WORDPRESS = """
addEventListener("message", (e) => {
  const frame = document.getElementById("game");
  if (e.source === frame.contentWindow && e.data && e.data.secret === "abc123" && e.data.message === "height")
    frame.height = Math.min(1000, Math.max(200, parseInt(e.data.value, 10)));
});
document.getElementById("game").addEventListener("load", (e) =>
  e.target.contentWindow.postMessage({ message: "ready", secret: "abc123" }, "*"));
"""


def parent_page(src: str, sandbox: bool) -> str:
    frame = (f'<iframe id="game" src="{html.escape(src)}#?secret=abc123" width="420" height="760" title="A game"'
             + (' sandbox="allow-scripts"' if sandbox else "") + "></iframe>")
    script = '<script src="/__engines/wordpress.js"></script>' if sandbox else ""
    return f'<!doctype html><meta charset="utf-8"><title>An article</title><h1>How to play</h1>{frame}{script}'


class Gate:
    def __init__(self):
        self.open = threading.Event()
        self.open.set()
        self.counts = collections.Counter()  # GETs by path, until the service worker is asked for
        self.counting = True

    def count(self, path: str) -> None:
        if path == "sw.js":  # what the page itself loaded ends here: then the worker's install
            self.counting = False
        if self.counting:
            self.counts[path] += 1

    def recount(self) -> None:
        self.counts.clear()
        self.counting = True


def handler_for(gate: Gate):
    class Handler(GzipHandler):
        def send_head(self):
            path = urlsplit(self.path).path
            if self.command == "GET":
                gate.count(path.lstrip("/"))
            if path.endswith("/pyodide.asm.wasm"):
                gate.open.wait(300)
            if path.startswith("/__engines/"):
                return self.own(path, parse_qs(urlsplit(self.path).query))
            return self.page_with_script("/__engines/record.js") or super().send_head()

        def own(self, path, query):
            name = path.rsplit("/", 1)[-1]
            if name == "record.js":
                return self.answer(RECORD.encode(), "text/javascript")
            if name == "wordpress.js":
                return self.answer(WORDPRESS.encode(), "text/javascript")
            if name == "parent.html":
                page = parent_page(query["src"][0], query.get("sandbox", ["0"])[0] == "1")
                return self.answer(page.encode(), "text/html")
            self.send_error(404)
            return None

    return Handler


class Site:
    """A served folder with its gate."""

    def __init__(self, directory: Path, server, gate: Gate):
        self.directory, self.server, self.gate = directory, server, gate
        port = server.server_address[1]
        self.url = f"http://127.0.0.1:{port}/"
        self.origin_url = f"http://localhost:{port}/"  # another site: for an article framing the game

    def hold(self):
        self.gate.open.clear()

    def release(self):
        self.gate.open.set()

    @property
    def counts(self):
        return self.gate.counts

    def recount(self):
        self.gate.recount()

    def parent(self, src: str, sandbox: bool = False) -> str:
        return f"{self.origin_url}__engines/parent.html?src={quote(src, safe='')}&sandbox={int(sandbox)}"


def serve(directory: Path) -> Site:
    gate = Gate()
    server = make_server(directory, port=0, quiet=True, handler_class=handler_for(gate))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return Site(directory, server, gate)


@pytest.fixture(scope="session")
def engines_site():
    if not (DIST / "cardtable.zip").is_file():
        pytest.fail("dist/ is missing: run `python build.py` first", pytrace=False)
    served = serve(DIST)
    yield served
    served.release()
    served.server.shutdown()
    served.server.server_close()


@pytest.fixture(scope="session")
def based_site(tmp_path_factory):
    """dist/ built again with the address it is served at (--base-url)."""
    folder = tmp_path_factory.mktemp("based")
    served = serve(folder)  # first the server, for its address; then the site in its folder
    site.assemble(folder, served.url)
    yield served
    served.release()
    served.server.shutdown()
    served.server.server_close()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=engines.ENGINES)
def engine(request):
    """A fresh browser of each engine (its own profile), phone-sized."""
    name = request.param
    if engines.missing(name):
        message = f"{name}: not installed here (missing {', '.join(engines.missing(name))})"
        if os.environ.get("CARDTABLE_REQUIRE_ENGINES"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with engines.open_engine(name, width=390, height=844) as page:
        yield page
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            SHOTS.mkdir(exist_ok=True)
            try:
                page.screenshot(str(SHOTS / re.sub(r"[^\w.-]+", "_", request.node.name + ".png")))
            except Exception:  # a crashed page must not hide the real failure
                pass


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """An xdist group per engine: each engine's tests run one after another in one
    worker, the two engines beside each other and beside Chromium's tests.

    A test whose browser's own page process crashed (EngineCrashed: WebKitGTK's
    MiniBrowser wrote "WebProcess CRASHED") runs once more in a fresh browser
    (pytest-rerunfailures; the summary counts it as a rerun). WebKitGTK's page process
    crashed in four of thirteen runs beside Chromium's tests on this 2-core machine,
    in a different test each time (docs/architecture.md, "Tests"). Any other failure
    fails at once."""
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.engines)
            item.add_marker(pytest.mark.browser)  # (-m "not browser" leaves every browser out)
            item.add_marker(pytest.mark.xdist_group(f"engines:{item.callspec.params['engine']}"))
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[engines.EngineCrashed]))

