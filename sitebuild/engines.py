"""The browser engines besides Chromium that the tests and benchmarks drive, from
Debian's packages only (nothing a tool downloads): WebKitGTK (the engine of every
iPhone browser) through Selenium and WebKitWebDriver, its MiniBrowser under a
virtual screen (Xvfb); Firefox ESR through WebDriver BiDi with puppeteer-core (an
npm package, pinned by sitebuild/firefox/package-lock.json; its driver script is
sitebuild/firefox/driver.mjs).

    with open_engine("webkit", width=390, height=844) as page:
        page.goto(url)
        page.js("() => document.title")            # a function's source, called in the page
        page.js("(s) => document.querySelector(s).click()", "#play", frame="#game")

Both have one small interface (`Engine`): goto, reload, js (a function's source,
called with arguments, its value awaited and returned as JSON; in an iframe with
`frame`), screenshot, close. Each `open_engine` is a fresh browser with its own
profile: no storage, no service worker, no cache. Once WebKit's page process has
crashed, every call raises EngineCrashed (the browser failed, not the page).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from sitebuild import ROOT, BuildError

ENGINES = ("webkit", "firefox")
#: What each engine needs, and the Debian packages that give it.
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
XVFB = "/usr/bin/Xvfb"
PACKAGES = {"webkit": ("webkit2gtk-driver", "xvfb"), "firefox": ("firefox-esr",)}
FIREFOX_DRIVER = ROOT / "sitebuild" / "firefox"


def minibrowser() -> Path | None:
    """WebKitGTK's MiniBrowser (the browser WebKitWebDriver starts), wherever the
    multiarch library folder puts it."""
    for lib in sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser")):
        return lib
    return None


def missing(engine: str, python: str | None = None) -> list[str]:
    """What `engine` lacks on this machine, as the files it looked for (Selenium in
    `python`'s packages: the tests' Python, this one by default)."""
    if engine == "webkit":
        wanted = {WEBKIT_DRIVER: Path(WEBKIT_DRIVER).is_file(), "MiniBrowser": minibrowser() is not None,
                  XVFB: Path(XVFB).is_file(), "selenium (pip)": _has_selenium(python)}
    else:
        wanted = {FIREFOX: Path(FIREFOX).is_file(), "node": shutil.which("node") is not None,
                  "puppeteer-core (npm)": (FIREFOX_DRIVER / "node_modules" / "puppeteer-core").is_dir()}
    return [name for name, there in wanted.items() if not there]


def _has_selenium(python: str | None) -> bool:
    if python is not None and python != sys.executable:
        return subprocess.run([python, "-c", "import selenium"], stdin=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return True


def ensure_engines(python: str | None = None) -> None:
    """Install what WebKit and Firefox need (as root, with apt-get; puppeteer-core
    with `npm ci`), or fail saying what to install. `python`: the tests' Python,
    where pip has installed Selenium (pyproject.toml's test extra)."""
    packages = sorted({p for engine in ENGINES for p in PACKAGES[engine]
                       if any(not n.endswith(")") for n in missing(engine, python))})
    if packages:
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            raise BuildError(f"the cross-engine tests need {', '.join(packages)}: "
                             f"apt-get install {' '.join(packages)}")
        print(f"build.py: installing {', '.join(packages)} with apt-get", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for args in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *packages]):
            if subprocess.run(args, env=env, stdin=subprocess.DEVNULL).returncode != 0:
                raise BuildError(f"`{' '.join(args)}` failed")
    if not (FIREFOX_DRIVER / "node_modules" / "puppeteer-core").is_dir():
        proc = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=FIREFOX_DRIVER,
                              stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise BuildError("`npm ci` in sitebuild/firefox/ failed (puppeteer-core, for Firefox)")
    for engine in ENGINES:
        if missing(engine, python):
            raise BuildError(f"{engine} still lacks {', '.join(missing(engine, python))}")


class EngineError(RuntimeError):
    """The engine or its driver failed (not the page: the page's errors are data)."""


class EngineCrashed(EngineError):
    """The browser's own page process crashed (WebKitGTK's MiniBrowser said so in the
    driver's log): the browser failed, not a check of the page. The cross-engine tests
    run such a test once more in a fresh browser (tests/engines/conftest.py)."""


class Engine:
    """A browser with one page: the interface both engines share."""

    name = ""

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def js(self, fn: str, *args, frame: str | None = None): ...
    def screenshot(self, path: str) -> None: ...
    def close(self) -> None: ...


class Xvfb:
    """A virtual screen for WebKitGTK's MiniBrowser, on a free display."""

    def __init__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.proc.kill()
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser driven by Selenium through WebKitWebDriver."""

    name = "webkit"

    def __init__(self, width: int = 1280, height: int = 800, user_agent: str | None = None):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.screen = Xvfb()
        # The driver's and MiniBrowser's output: where "WebProcess CRASHED" is written.
        self.log = tempfile.NamedTemporaryFile(prefix="webkit-driver-", suffix=".log", delete=False)
        options = Options()
        options.binary_location = str(minibrowser())
        options.add_argument("--automation")
        if user_agent:
            options.add_argument(f"--user-agent={user_agent}")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.screen.display},
                          log_output=self.log)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.screen.close()
            self._drop_log()
            raise
        self.driver.set_window_size(width, height)
        self.driver.set_script_timeout(600)
        self.driver.set_page_load_timeout(120)

    #: What MiniBrowser writes when the page's process dies (a signal, not an exit).
    CRASH = "WebProcess CRASHED"

    def crashed(self) -> bool:
        """True once the page's process has crashed in this browser."""
        return self.CRASH in Path(self.log.name).read_text(errors="replace")

    @contextlib.contextmanager
    def _watched(self):
        """Raises EngineCrashed instead of the driver's error (or before a call that
        would only see an empty page) once the page's process has crashed."""
        from selenium.common.exceptions import WebDriverException

        if self.crashed():
            raise EngineCrashed(f"webkit: the page's process had crashed: {self._log_tail()}")
        try:
            yield
        except WebDriverException as e:
            if self.crashed():
                raise EngineCrashed(f"webkit: the page's process crashed ({e.msg}): {self._log_tail()}") from e
            if self._log_tail():
                raise EngineError(f"webkit: {e.msg}; the driver's log: {self._log_tail()}") from e
            raise

    def _log_tail(self) -> str:
        return Path(self.log.name).read_text(errors="replace").strip()[-800:]

    def goto(self, url: str) -> None:
        with self._watched():
            self.driver.get(url)

    def reload(self) -> None:
        with self._watched():
            self.driver.refresh()

    #: What WebKitWebDriver now and then answers instead of a script's value (seen once
    #: in a whole suite run): the driver lost the answer, not the page.
    LOST = "Could not parse script result"

    def js(self, fn: str, *args, frame: str | None = None):
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By

        with self._watched():
            if frame:
                self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, frame))
            try:
                for attempt in range(3):  # (the callers' functions are polls, or moves a game allows twice)
                    try:
                        answer = self.driver.execute_async_script(
                            "const done = arguments[arguments.length - 1];"
                            f"Promise.resolve().then(() => ({fn})(...[...arguments].slice(0, -1)))"
                            ".then((value) => done({ value: value === undefined ? null : value }),"
                            " (e) => done({ error: String(e && e.message || e) }));", *args)
                        break
                    except WebDriverException as e:
                        if self.LOST not in str(e) or attempt == 2 or self.crashed():
                            raise
            finally:
                if frame:
                    with contextlib.suppress(WebDriverException):  # (a crashed page has no frame to leave)
                        self.driver.switch_to.default_content()
        if answer is None or "error" in answer:
            raise EngineError(f"webkit: {answer and answer['error']}")
        return answer["value"]

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def _drop_log(self) -> None:
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.screen.close()
            self._drop_log()


class Firefox(Engine):
    """Firefox ESR driven over WebDriver BiDi by sitebuild/firefox/driver.mjs."""

    name = "firefox"

    def __init__(self, width: int = 1280, height: int = 800):
        self.proc = subprocess.Popen(["node", str(FIREFOX_DRIVER / "driver.mjs")], cwd=FIREFOX_DRIVER,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lock = threading.Lock()
        try:
            self.version = self._ask("open", firefox=FIREFOX, width=width, height=height)
        except Exception:
            self.proc.kill()
            raise

    def _ask(self, cmd: str, **args):
        with self.lock:
            self.proc.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise EngineError(f"firefox: the driver stopped: {self.proc.stderr.read()[-2000:]}")
        answer = json.loads(line)
        if not answer["ok"]:
            raise EngineError(f"firefox: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._ask("goto", url=url)

    def reload(self) -> None:
        self._ask("reload")

    def js(self, fn: str, *args, frame: str | None = None):
        return self._ask("js", fn=fn, args=list(args), frame=frame)

    def screenshot(self, path: str) -> None:
        self._ask("screenshot", path=path)

    def close(self) -> None:
        try:
            self._ask("close")
            self.proc.stdin.close()  # the driver's loop ends with its input
        except (EngineError, BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Chromium(Engine):
    """Chromium through Playwright, behind the same interface: for the benchmarks that
    compare every engine in one run (the Chromium tests use Playwright itself)."""

    name = "chromium"

    def __init__(self, width: int = 1280, height: int = 800):
        from playwright.sync_api import sync_playwright

        from sitebuild.browser import CHROMIUM_ARGS, find_chromium

        self.playwright = sync_playwright().start()
        try:
            self.browser = self.playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        except Exception:
            self.playwright.stop()
            raise
        self.page = self.browser.new_page(viewport={"width": width, "height": height})
        self.version = self.browser.version

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="commit")

    def reload(self) -> None:
        self.page.reload(wait_until="commit")

    def js(self, fn: str, *args, frame: str | None = None):
        target = self.page.query_selector(frame).content_frame() if frame else self.page
        return target.evaluate(f"(args) => ({fn})(...args)", list(args))

    def screenshot(self, path: str) -> None:
        self.page.screenshot(path=path)

    def close(self) -> None:
        try:
            self.browser.close()
        finally:
            self.playwright.stop()


@contextlib.contextmanager
def open_engine(engine: str, width: int = 1280, height: int = 800, **options):
    """A fresh browser of `engine` ("webkit", "firefox", or "chromium" for the
    benchmarks) with one page."""
    if engine == "chromium":
        page = Chromium(width, height)
    else:
        if missing(engine):
            raise EngineError(f"{engine} is not installed here (missing: {', '.join(missing(engine))}); "
                              f"apt-get install {' '.join(PACKAGES[engine])}, or python build.py test installs it")
        page = WebKit(width, height, **options) if engine == "webkit" else Firefox(width, height)
    try:
        yield page
    finally:
        page.close()


if __name__ == "__main__":  # a quick check: each engine opens a page
    for name in ENGINES:
        with open_engine(name) as p:
            p.goto("about:blank")
            print(name, p.js("() => navigator.userAgent"), file=sys.stderr)
