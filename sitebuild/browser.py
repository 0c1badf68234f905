"""A Chromium for the browser tests (and the benchmarks): Playwright's own if it
installed one, else the system's, else, as root on Debian/Ubuntu (CI on a fresh
machine), one installed with apt; otherwise a one-line message saying what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild import BuildError

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: Flags that keep headless Chromium from phoning home or needing a sandbox/GPU.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launchable(exe: str) -> bool:
    """True when the binary runs at all (`--version`), e.g. not a broken snap stub."""
    try:
        proc = subprocess.run([exe, "--version"], capture_output=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0


def playwright_chromium(python: str = sys.executable) -> str | None:
    """Playwright's own Chromium, if `playwright install chromium` put one on disk."""
    code = ("from playwright.sync_api import sync_playwright\n"
            "with sync_playwright() as p: print(p.chromium.executable_path)")
    try:
        proc = subprocess.run([python, "-c", code], capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = proc.stdout.strip()
    return path if proc.returncode == 0 and path and Path(path).is_file() else None


def system_chromium() -> str | None:
    """A Chromium/Chrome on PATH (or Debian's /usr/bin/chromium)."""
    candidates = [shutil.which(n) for n in CHROMIUM_NAMES] + ["/usr/bin/chromium"]
    for exe in candidates:
        if exe and Path(exe).is_file() and launchable(exe):
            return exe
    return None


def find_chromium(python: str = sys.executable) -> str | None:
    """The browser the tests drive: Playwright's bundled one first, else the system's."""
    exe = playwright_chromium(python)
    if exe and launchable(exe):
        return exe
    return system_chromium()


def install_chromium() -> None:
    """As root on Debian/Ubuntu, install Chromium with apt (CI on a fresh machine)."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
        print("build.py:", " ".join(cmd), flush=True)
        if subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL).returncode != 0:
            raise BuildError(f"`{' '.join(cmd)}` failed; install Chromium yourself "
                             "(apt-get install chromium, or python -m playwright install chromium)")


def ensure_chromium(python: str = sys.executable) -> str:
    """Find a Chromium, installing one with apt when we can; else say what to install."""
    exe = find_chromium(python)
    can_apt = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")
    if exe is None and can_apt:
        install_chromium()
        exe = system_chromium()
    if exe is None:
        raise BuildError("no Chromium found for the browser tests: install one "
                         "(apt-get install chromium, or python -m playwright install chromium)")
    return exe


#: Browser UI that every new window of headless Chromium builds and no page uses:
#: the address bar's suggestion popup, a WebUI page in a renderer of its own. A
#: browser context of the tests is such a window: about 0.8 s of CPU each, a third of
#: what a game page's load costs there.
NO_BROWSER_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")


def launch_lean(chromium, executable: str, args=CHROMIUM_ARGS):
    """``chromium.launch`` (Playwright's browser type) without the NO_BROWSER_UI
    features. Chromium heeds the last --disable-features alone, and Playwright
    passes its own (features a test would trip over), so they are read off the
    browser it launched (Linux's /proc) and given back with these; where that list
    cannot be read, the browser is as Playwright launches it."""
    browser = chromium.launch(executable_path=executable, args=list(args))
    theirs = disabled_features(os.getpid())
    if theirs is None:
        return browser
    browser.close()
    features = ",".join(dict.fromkeys([*theirs, *NO_BROWSER_UI]))
    return chromium.launch(executable_path=executable, args=[*args, f"--disable-features={features}"])


def disabled_features(ancestor: int) -> list[str] | None:
    """The --disable-features of the newest Chromium browser process (not one of its
    renderers or helpers) under process ``ancestor``, or None if none is found."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if "--remote-debugging-pipe" in argv and not any(a.startswith("--type=") for a in argv):
            found.append((int(fields[19]), int(entry.name), argv))  # (start time, pid, argv)
    for _start, pid, argv in sorted(found, reverse=True):
        if _descends(pid, ancestor):
            lists = [a.split("=", 1)[1] for a in argv if a.startswith("--disable-features=")]
            return lists[0].split(",") if lists else []
    return None


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
    return False
