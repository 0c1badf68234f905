#!/usr/bin/env python3
"""Build, serve and test Card Table (standard library only).

    python build.py [--base-url URL]  vendor the runtime, assemble dist/ (URL: the site's
                                      address, for link cards; or CARDTABLE_BASE_URL)
    python build.py serve [--port N]  build, then serve dist/ on 127.0.0.1
    python build.py test [ARGS...]    install test deps, find Chromium, build, run pytest
    python build.py pictures          redraw web/pictures/ (link-card images, app icons)
    python build.py stdlib            re-measure sitebuild/stdlib-modules.txt, the standard
                                      library the site ships (Node and Chromium)

The runtime (PyScript + Pyodide, and fake-indexeddb for embeds where the browser
refuses IndexedDB) comes from npm at pinned versions and is checked against
pinned sha512 hashes, so dist/ never depends on a CDN and a tampered or
truncated download never reaches it. The tests' own npm package (axe-core, the
accessibility audit) is fetched and checked the same way, into .vendor/ only.

This file is the command; its parts are the modules of sitebuild/, which the tests
and benchmarks import too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# The package beside this file, whatever the working directory.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from sitebuild import DIST, ROOT, BuildError, serve, site, testing  # noqa: E402


def main(argv: list[str]) -> int:
    """Dispatch the sub-command; `test` passes everything after it to pytest."""
    if argv and argv[0] == "test":
        return testing.run_tests(argv[1:])
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--base-url", help="the site's absolute address (https://user.github.io/repo/), "
                        "for link cards, canonical URLs and oEmbed; default: $CARDTABLE_BASE_URL")
    build_p = sub.add_parser("build", help="assemble dist/ (the default)")
    serve_p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
    for p in (build_p, serve_p):
        p.add_argument("--base-url", dest="base_url_sub", help=argparse.SUPPRESS)
    sub.add_parser("test", help="install test deps, build, run pytest [ARGS...]")
    sub.add_parser("pictures", help="redraw web/pictures/ with Chromium (needs the test tools)")
    sub.add_parser("stdlib", help="re-measure the standard library the site ships (Node, Chromium)")
    args = parser.parse_args(argv)
    if args.command == "pictures":
        from sitebuild import pictures

        for path in pictures.make():
            print(f"build.py: drew {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
        return 0
    if args.command == "stdlib":
        import tempfile

        from sitebuild import stdlib

        with tempfile.TemporaryDirectory(prefix="stdlib-dist-") as tmp:
            site.assemble(Path(tmp), trim_stdlib=False)  # the whole library, to measure
            names = stdlib.measure(Path(tmp))
        print(f"build.py: {len(names)} modules listed in {stdlib.LIST.relative_to(ROOT)}")
        return 0
    server = serve.listen(args.port) if args.command == "serve" else None
    site.build(getattr(args, "base_url_sub", None) or args.base_url)
    print(f"build.py: built {DIST.relative_to(ROOT)}/", flush=True)
    if server is not None:
        serve.run(server)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
