"""The page's claim (docs/architecture.md, "The page"): the modules of web/js/page/
are each under 300 lines, and the page's JavaScript has no import cycle. The
imports are read from the source, as tests/core/test_imports.py reads Python's:
static ``import … from``, ``export … from``, bare ``import "…"`` and ``import("…")``
with a literal address, each resolved against the importing file."""

import re
from pathlib import Path

from tests.core.test_imports import cycles

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "web" / "js"
PAGE_LIMIT = 300  # lines a web/js/page/ module stays under

COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*", re.S | re.M)
IMPORTS = re.compile(r"""(?:^|[;}\n])\s*(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']"""
                     r"""|(?:^|[;\n])\s*import\s*["']([^"']+)["']"""
                     r"""|\bimport\(\s*["']([^"']+)["']\s*\)""")


def js_graph() -> dict[str, set[str]]:
    """Module (its path under web/js/) -> the modules of web/js/ it imports."""
    modules = {p.relative_to(JS).as_posix(): p for p in sorted(JS.rglob("*.js"))}
    graph = {}
    for name, path in modules.items():
        source = COMMENT.sub("", path.read_text(encoding="utf-8"))
        found = set()
        for match in IMPORTS.finditer(source):
            spec = next(g for g in match.groups() if g)
            if spec.startswith("."):
                target = (path.parent / spec).resolve()
                if target.is_relative_to(JS):
                    found.add(target.relative_to(JS).as_posix())
        graph[name] = found
    return graph


def test_the_graph_sees_the_page_s_imports():
    graph = js_graph()
    assert {"page/store.js", "catalogue.js"} <= graph["app.js"] | {m for t in graph["app.js"] for m in graph[t]}
    assert "page/dom.js" in graph["games/oneonta_whist.js"]  # ../page/dom.js
    assert "catalogue.js" in graph["rules.js"]
    assert all(t in graph for targets in graph.values() for t in targets), "an import of a file that is not there"


def test_the_cycle_finder_finds_a_js_cycle():
    assert cycles({"a.js": {"b.js"}, "b.js": {"a.js"}}) == [["a.js", "b.js", "a.js"]]


def test_no_import_cycle_in_the_page_s_javascript():
    assert cycles(js_graph()) == []


def test_every_page_module_is_under_300_lines():
    long = {p.name: n for p in sorted((JS / "page").glob("*.js"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= PAGE_LIMIT}
    assert len(list((JS / "page").glob("*.js"))) > 10
    assert long == {}
