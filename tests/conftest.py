"""Shared fixtures. Browser tests (tests/browser/, marked `browser`) drive the built
dist/ in headless Chromium through Playwright:

    site_url   dist/ served on 127.0.0.1, e.g. "http://127.0.0.1:41234/": as shipped
               for a `real_engine` test (real_site_url), else with the engine's
               stand-in (bridged_site_url); each a server for the session
    browser    session: a Playwright Chromium (CARDTABLE_CHROMIUM or found like build.py)
    page       a fresh context + page recording .console_errors, .page_errors and
               .foreign_requests (any request to another origin than the site's)
    wait_ready the helper below, as a fixture

The engine behind a browser test's pages is the bridge in this process
(tests/support/engine.py: the page as shipped, its python-worker.js served by a
stand-in from a server of its own), unless the test is marked `real_engine("why")`: then Pyodide boots as
for a player. Every context the test makes (`page`, or `browser.new_context`) gets
the one the test asks for. Real engine for what is about the runtime: the boot, the
worker, the snapshot, offline and service workers, the head start's hand-over,
embeds' sandboxed worker, preloads, the CSP of a real boot, the strong bot's data.

`python build.py test` builds dist/ first and sets CARDTABLE_REQUIRE_BROWSER, so
there a missing browser fails instead of skipping.

The engine tests also run inside Pyodide (tests/pyodide/pyodide_suite.py, where
sys.platform is "emscripten"). There the `pyodide` hypothesis profile is loaded
(below), and tests marked `native_only("why")` are skipped with that reason.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import time
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sitebuild import DIST
from sitebuild.browser import find_chromium, launch_lean
from sitebuild.serve import SiteHandler, make_server
from tests.support.engine import StandInHandler

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "shots"


UNDER_PYODIDE = sys.platform == "emscripten"

if UNDER_PYODIDE:
    from hypothesis import settings

    # Loaded before any test module is imported, so every @settings inherits it. No
    # deadline: wasm runs 1.5-3.5x slower, a timing is no engine failure; no example
    # database: it would be the host's .hypothesis/ (the repository is mounted there).
    settings.register_profile("pyodide", deadline=None, database=None)
    settings.load_profile("pyodide")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "real_engine(reason): a browser test whose pages boot the real engine (Pyodide "
        "in a worker) instead of the bridge in CPython (tests/support/engine.py), and why")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """Everything under tests/browser/ is a browser test (`-m "not browser"` skips it).
    Those that boot the real engine are an xdist group per module: a module's boots
    run one after another in one worker and share its module fixtures (a snapshot made
    once); the modules and the bridged tests spread over the workers
    (docs/architecture.md, "Tests"). Under Pyodide, a `native_only` test is skipped
    with the reason it gives."""
    browser_dir = Path(__file__).parent / "browser"
    for item in items:
        if browser_dir in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
            real = item.get_closest_marker("real_engine")
            if real is not None and not real.args:
                raise pytest.UsageError(f"{item.nodeid}: real_engine needs a reason")
            if real is None and item.get_closest_marker("service_workers") is not None:
                raise pytest.UsageError(f"{item.nodeid}: service_workers needs real_engine "
                                        "(a module the service worker serves escapes the bridge)")
            if real is not None:
                item.add_marker(pytest.mark.xdist_group(f"real_engine:{Path(item.path).stem}"))
        native_only = item.get_closest_marker("native_only")
        if UNDER_PYODIDE and native_only is not None:
            if not native_only.args:
                raise pytest.UsageError(f"{item.nodeid}: native_only needs a reason")
            item.add_marker(pytest.mark.skip(reason=f"native only: {native_only.args[0]}"))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The engine the test's contexts get, decided before its fixtures make any."""
    Chromium.real_engine = item.get_closest_marker("real_engine") is not None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item, so `page` can screenshot failures."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With CARDTABLE_TIMELINE=FILE, each test's start and end (setup to teardown),
    its worker and its xdist group are appended to FILE as a line of JSON: how the
    workers spent the run (bench/suite_timeline.py reads it)."""
    timeline = os.environ.get("CARDTABLE_TIMELINE")
    start = time.time()
    try:
        return (yield)
    finally:
        if timeline:
            group = item.get_closest_marker("xdist_group")
            line = {"test": item.nodeid, "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
                    "group": group.args[0] if group else None, "start": start, "end": time.time()}
            with open(timeline, "a") as out:
                out.write(json.dumps(line) + "\n")


# --------------------------------------------------------------------------- server


def dist_is_stale(dist: Path) -> bool:
    """True when a source file changed after dist/ was built (tests would run old code)."""
    built = (dist / "cardtable.zip").stat().st_mtime
    sources = [ROOT / "index.html", ROOT / "embed.html", ROOT / "rules.html", ROOT / "sw.js",
               *(ROOT / "web").rglob("*"),
               *(ROOT / "py").rglob("*.py")]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


def serve_directory(directory: Path, handler_class=SiteHandler):
    """Start build.py's server for `directory` on a free port; returns (server, base URL)."""
    server = make_server(directory, port=0, quiet=True, handler_class=handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def serve_dir():
    """serve_dir(path) -> base URL: serve another folder (a subfolder deploy, a broken
    copy of dist/ ...) with the same server as the site, until the session ends."""
    servers = []

    def serve(directory: Path) -> str:
        server, url = serve_directory(Path(directory))
        servers.append(server)
        return url

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def serve_dist(handler_class):
    """dist/ served on 127.0.0.1 until the session ends: yields its base URL."""
    if not (DIST / "cardtable.zip").is_file() or not (DIST / "vendor").is_dir():
        pytest.fail("dist/ is missing or incomplete: run `python build.py` first", pytrace=False)
    if dist_is_stale(DIST):
        warnings.warn("sources changed since dist/ was built: run `python build.py` again")
    server, url = serve_directory(DIST, handler_class)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def real_site_url():
    """Base URL (with trailing slash) of dist/ served as shipped, on 127.0.0.1."""
    yield from serve_dist(SiteHandler)


@pytest.fixture(scope="session")
def bridged_site_url():
    """Base URL of dist/ with the stand-in for the engine (tests/support/engine.py)."""
    yield from serve_dist(StandInHandler)


@pytest.fixture
def site_url(request):
    """Base URL (with trailing slash) of the site the test's pages load: dist/ as
    shipped for a `real_engine` test, else with the bridge's stand-in for the engine."""
    real = request.node.get_closest_marker("real_engine") is not None
    return request.getfixturevalue("real_site_url" if real else "bridged_site_url")


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def chromium_path():
    """The Chromium to drive; skips browser tests when there is none (unless required)."""
    exe = os.environ.get("CARDTABLE_CHROMIUM") or find_chromium()
    if not exe:
        message = ("no Chromium found: install one (apt-get install chromium, or "
                   "python -m playwright install chromium) or set CARDTABLE_CHROMIUM")
        if os.environ.get("CARDTABLE_REQUIRE_BROWSER"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return exe


class Chromium:
    """Playwright's Browser, whose new contexts suit the engine the running test asks
    for: with service workers blocked for the bridge (a module the service worker
    serves would escape the stand-in), or as they come for the real one."""

    real_engine = False  # set for each test by pytest_runtest_setup

    def __init__(self, browser):
        self._browser = browser

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, **options):
        if Chromium.real_engine:
            return self._browser.new_context(**options)
        if options.get("service_workers", "block") != "block":
            raise pytest.UsageError("service workers escape the bridge: mark the test real_engine")
        return self._browser.new_context(**{**options, "service_workers": "block"})

    def new_page(self, **options):
        raise pytest.UsageError("make a context (browser.new_context), whose engine the test decides")


@pytest.fixture(scope="session")
def browser(chromium_path):
    """One headless Chromium for the whole session (contexts keep tests apart)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch_lean(pw.chromium, chromium_path)  # (without Chromium's own browser UI)
        yield Chromium(chromium)
        chromium.close()


def origin(url: str) -> str:
    """scheme://host:port of a URL; a blob: URL has the origin of the page that made it."""
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def page(browser, site_url, request):
    """A fresh context and page that record what went wrong while a test ran.

    page.console_errors    texts of console.error messages
    page.page_errors       uncaught exceptions (str)
    page.foreign_requests  URLs requested from any origin not in page.allowed_origins
                           (initially just the site's)
    Service workers are blocked unless the test is marked `service_workers`.
    A failing test leaves a screenshot in shots/<test name>.png.
    """
    # The service worker's install (about 14 MB into its cache once the table is
    # ready) is tested by test_offline.py; elsewhere it would only load the machine.
    allow = request.node.get_closest_marker("service_workers") is not None
    context = browser.new_context(service_workers="allow" if allow else "block")
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.allowed_origins = {origin(site_url)}  # a test serving another folder adds its own
    pg.console_errors, pg.page_errors, pg.foreign_requests = [], [], []

    def on_console(msg):
        if msg.type == "error":
            where = (msg.location or {}).get("url")
            pg.console_errors.append(f"{msg.text} [{where}]" if where else msg.text)

    pg.on("console", on_console)
    pg.on("pageerror", lambda exc: pg.page_errors.append(str(exc)))

    def on_request(req):
        if not req.url.startswith("data:") and origin(req.url) not in pg.allowed_origins:
            pg.foreign_requests.append(req.url)

    context.on("request", on_request)  # context-wide: workers' requests too
    yield pg
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        SHOTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::", 1)[-1])
        try:
            pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # a crashed page must not hide the real failure
            warnings.warn(f"could not take a screenshot: {exc}")
    context.close()


ALERT_TEXTS = """() => [...document.querySelectorAll('[role=alert]')]
    .filter((e) => e.getClientRects().length && e.textContent.trim())
    .map((e) => e.textContent.trim())"""


def alert_texts(page) -> list[str]:
    """Texts of the visible, non-empty [role=alert] elements (where the page reports errors)."""
    return page.evaluate(ALERT_TEXTS)


def evaluate_unless_navigating(page, expression, arg=None):
    """``page.evaluate(expression, arg)``, or None while a navigation under way leaves
    no context to evaluate in (a poll waits that out; any other error is raised)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return page.evaluate(expression, arg)
    except PlaywrightError as exc:
        if "context was destroyed" not in str(exc):
            raise
        return None


def waiting_in_the_page(expression: str, seconds: float) -> str:
    """A function for page.evaluate that checks ``expression`` (an expression, a
    promise or a function of none) every 10 ms in the page itself, and returns its
    first truthy value, or null after ``seconds``. Built as source, not evaluated in
    the page (no eval: a page CSP may refuse it), so a wait ends within 10 ms of the
    change it waits for, where a poll from here slept 50 or 100 ms between looks."""
    return f"""async () => {{
  const deadline = performance.now() + {seconds * 1000:.0f};
  for (;;) {{
    let value = (
{expression}
    );
    if (typeof value === "function") value = value();
    value = await value;
    if (value) return value;
    if (performance.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }}
}}"""


def wait_ready(page, timeout: float = 60) -> None:
    """Poll until <html data-ready="true">; fail at once when an alert shows an error.

    Polls with page.evaluate, because wait_for_function evaluates a string, which a
    page CSP without 'unsafe-eval' would refuse. A navigation under way is waited out.
    """
    deadline = time.monotonic() + timeout
    state = None
    # ready, or an alert shown (between two documents there is briefly no <html>)
    ready_or_alert = waiting_in_the_page("""document.documentElement?.dataset.ready === "true"
        || [...document.querySelectorAll('[role=alert]')].some((e) => e.getClientRects().length && e.textContent.trim())""", 1)
    while time.monotonic() < deadline:
        evaluate_unless_navigating(page, ready_or_alert)
        state = evaluate_unless_navigating(page, "document.documentElement && document.documentElement.dataset.ready")
        if state == "true":
            return
        alerts = evaluate_unless_navigating(page, ALERT_TEXTS)
        if alerts:
            raise AssertionError(f"page shows an error (data-ready={state!r}): " + " | ".join(alerts))
    details = alert_texts(page) + getattr(page, "console_errors", []) + getattr(page, "page_errors", [])
    raise AssertionError(
        f"page not ready after {timeout:g} s (data-ready={state!r})"
        + ("".join(f"\n  {d}" for d in details) if details else "")
    )


@pytest.fixture(name="wait_ready")
def wait_ready_fixture():
    """The wait_ready helper, for tests that prefer fixtures to imports."""
    return wait_ready
