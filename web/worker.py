"""Runs inside the PyScript worker: exposes cardtable.bridge.handle to the page.

web/js/python-worker.js starts this file in a worker and calls ``handle`` with a JSON
string; the answer is a JSON string. The messages tell python-worker.js how the boot
goes, because an exception here would otherwise only reach the console.
"""

import traceback

from polyscript import xworker


def fetch_bytes(url: str) -> bytes:
    """A data file, fetched synchronously: a worker may block, and the bot that asks
    for it cannot go on without it."""
    from js import XMLHttpRequest

    xhr = XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.responseType = "arraybuffer"
    xhr.send(None)
    if xhr.status != 200:
        raise OSError(f"could not fetch {url} (HTTP {xhr.status})")
    return bytes(xhr.response.to_py())


xworker.postMessage("cardtable:python")  # the interpreter is up

try:
    from cardtable import assets
    from cardtable.bridge import handle

    assets.fetch = fetch_bytes
except BaseException:
    xworker.postMessage("cardtable:failed\n" + traceback.format_exc(limit=-3))
    raise
else:
    xworker.postMessage("cardtable:loaded")

__export__ = ["handle"]
