"""The static server for dist/ (`build.py serve`), also the one the browser tests and
the benchmarks serve the site with: the MIME types module scripts and wasm
streaming need, `Access-Control-Allow-Origin: *` as GitHub Pages sends it,
revalidation on every request so a rebuilt dist/ is never mixed with stale files,
no wait between a file's headers and its body (`TCP_NODELAY`), and quiet about
browsers that leave mid-download.
"""

from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path

from sitebuild import DIST, BuildError

#: MIME types the browser insists on (wasm streaming, module scripts).
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/plain",
    ".md": "text/markdown",
    ".woff2": "font/woff2",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types module scripts and wasm streaming need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, like real static hosts
    # The headers and the body are two writes: with Nagle's algorithm the body waits
    # for the client's delayed acknowledgement of the headers (40 ms on Linux) on a
    # kept-alive connection, a page of 75 modules half a second.
    disable_nagle_algorithm = True
    quiet = False

    def end_headers(self):
        # Always revalidate: a rebuilt dist/ must never be mixed with stale files.
        self.send_header("Cache-Control", "no-cache")
        # As GitHub Pages does: a sandboxed embed (WordPress's, an opaque origin)
        # loads every module and fetches every file as a CORS request.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A browser that leaves mid-download (a reload, a closed tab, a test going
    offline) is no server error: only other errors are printed."""

    allow_reuse_address = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 8000, quiet: bool = False,
                handler_class: type = SiteHandler):
    """A threading HTTP server for `directory` on 127.0.0.1 (port 0 picks a free one)."""
    handler = functools.partial(
        type("Handler", (handler_class,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer(("127.0.0.1", port), handler)


def listen(port: int):
    """The dist/ server, bound before building so a busy port fails fast."""
    try:
        return make_server(DIST, port)
    except OSError as e:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {e.strerror}") from None


def run(server) -> None:
    """Serve dist/ until Ctrl-C."""
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
