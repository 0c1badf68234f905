"""Runs inside the PyScript worker: exposes cardtable.browser.handle to the page.

web/js/engine.js starts this file in a worker and calls ``handle`` with a JSON
string; the answer is a JSON string. The messages tell engine.js how the boot
goes, because an exception here would otherwise only reach the console.
"""

import traceback

from polyscript import xworker

xworker.postMessage("cardtable:python")  # the interpreter is up

try:
    from cardtable.browser import handle
except BaseException:
    xworker.postMessage("cardtable:failed\n" + traceback.format_exc(limit=-3))
    raise
else:
    xworker.postMessage("cardtable:loaded")

__export__ = ["handle"]
