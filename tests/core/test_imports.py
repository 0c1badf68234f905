"""The runtime, the lab and the build's parts, read from their source: the page's
package never reaches into the lab, and no module imports itself back through others.

build.py zips py/cardtable/ whole, so a runtime module that imported cardtable_lab
would break the page; a cycle makes a module's names depend on who imported first.
Every import counts, those inside functions too (they run all the same).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Each package, by the folder it lives in: the runtime, the lab, build.py's parts.
PACKAGES = {"cardtable": ROOT / "py", "cardtable_lab": ROOT / "py", "sitebuild": ROOT}


def modules() -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package) for every module of the packages."""
    out = {}
    for package, home in PACKAGES.items():
        for path in sorted((home / package).rglob("*.py")):
            parts = list(path.relative_to(home).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports (``from pkg import sub``
    counts as importing the submodule, ``from pkg import name`` as importing pkg)."""
    mods = modules()
    graph = {}
    for name, (path, is_package) in mods.items():
        here = name if is_package else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[:len(here.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    found.add(sub if sub in mods else target)
        graph[name] = {m for m in found if m in mods and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle a depth-first walk meets (none means the graph is acyclic)."""
    state, stack, found = {}, [], []

    def visit(u):
        state[u] = "open"
        stack.append(u)
        for v in sorted(graph[u]):
            if state.get(v) == "open":
                found.append(stack[stack.index(v):] + [v])
            elif v not in state:
                visit(v)
        stack.pop()
        state[u] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return found


def test_the_graph_sees_the_packages_and_their_imports():
    graph = import_graph()
    assert "cardtable.bots.le_truc" in graph and "cardtable_lab.arena" in graph
    assert "cardtable.bots.truc_model" in graph["cardtable.bots.le_truc"]
    assert "cardtable.bots" in graph["cardtable_lab.arena"]
    assert "cardtable_lab.truc.solve" in graph["cardtable_lab.truc.best_response"]
    assert {"sitebuild", "sitebuild.vendor"} <= graph["sitebuild.site"]


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_runtime_module_imports_the_lab():
    reach = {m: sorted(t for t in targets if t.split(".")[0] == "cardtable_lab")
             for m, targets in import_graph().items() if m.split(".")[0] == "cardtable"}
    assert {m: t for m, t in reach.items() if t} == {}


#: Scripts under sitebuild/ that run inside Pyodide under Node, never in the build's
#: own Python: the standard-library trace imports the whole runtime on purpose.
RUN_IN_PYODIDE = {"sitebuild.stdlib_trace"}


def test_the_build_never_imports_the_runtime():
    """build.py asks the engine for games.json in a child process, so building leaves
    no bytecode in py/cardtable/."""
    graph = import_graph()
    assert RUN_IN_PYODIDE <= set(graph)
    reach = {m: sorted(t for t in targets if t.split(".")[0] == "cardtable")
             for m, targets in graph.items() if m.split(".")[0] == "sitebuild" and m not in RUN_IN_PYODIDE}
    assert {m: t for m, t in reach.items() if t} == {}


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for m in graph[todo.pop()] - seen:
            seen.add(m)
            todo.append(m)
    return seen


#: What a game's rules may import: the protocol, the cards and the registry's package.
RULES_NEED = {"cardtable.protocol", "cardtable.cards", "cardtable.games"}


def test_the_rules_import_neither_their_drawing_nor_their_players():
    """A game's rules (``games/<name>.py``) reach nothing but the protocol and the cards:
    its table, bots and lesson import the rules, never the other way round; the game's
    ``GAME`` names them (tests/core/test_game_parts.py), and they are imported when asked for."""
    graph = import_graph()
    rules = sorted(m for m in graph if m.startswith("cardtable.games."))
    assert len(rules) >= 6
    assert {m: sorted(reach(graph, m) - RULES_NEED) for m in rules if reach(graph, m) - RULES_NEED} == {}


def test_a_table_reads_only_its_own_game_s_rules():
    """A table model may import its game's public rules (where it needs a rule, rather
    than a copy of one), never another game's, nor the bots or the session: it draws
    from the view alone."""
    graph = import_graph()
    tables = sorted(m for m in graph if m.startswith("cardtable.tables."))
    assert len(tables) >= 6 and "cardtable.games.le_truc" in graph["cardtable.tables.le_truc"]
    for table in tables:
        game = "cardtable.games." + table.rpartition(".")[2]
        parts = {m for m in reach(graph, table) if m.startswith(("cardtable.games.", "cardtable.tables.",
                                                                  "cardtable.bots", "cardtable.tutorial",
                                                                  "cardtable.session", "cardtable.analysis"))}
        assert parts <= {game}, table


def test_no_import_cycle_in_the_runtime_the_lab_or_the_build():
    assert cycles(import_graph()) == []
