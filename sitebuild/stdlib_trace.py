"""Runs inside Pyodide (sitebuild/stdlib_trace.mjs): everything the page's Python can
import, imported and played, then every loaded module and its file, printed.

It imports only what Pyodide has loaded by itself before it starts (sys, os, ast,
json), so every module it adds is one our package brings in: every module of
cardtable, every module any of them names in an ``import`` anywhere (imports inside
functions too), and then a game of each game at each bot level through the bridge,
with the requests the page makes (hint, advice, review, share, restore).
"""

import ast
import json
import os
import sys

PACKAGE = "/home/pyodide/cardtable"


def package_modules() -> list[str]:
    names = []
    for folder, _dirs, files in os.walk(PACKAGE):
        for file in sorted(files):
            if file.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, file), "/home/pyodide")[:-3].replace("/", ".")
                names.append(rel.removesuffix(".__init__"))
    return sorted(names)


def named_imports(module: str) -> set[str]:
    """The absolute imports a module's source names, wherever they are."""
    path = os.path.join("/home/pyodide", *module.split(".")) + ".py"
    if not os.path.exists(path):
        path = path[:-3] + "/__init__.py"
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def play(handle, game: str, level: str, seed: int) -> None:
    ask = lambda **req: json.loads(handle(json.dumps(req)))  # noqa: E731
    answer = ask(op="new", game=game, seed=seed, level=level)
    for _ in range(2000):
        model = answer["model"]
        if model["over"]:
            break
        if model["your_turn"] and model["legal"]:
            ask(op="hint")
            ask(op="advice")
            answer = ask(op="act", action=model["legal"][0])
        else:
            answer = ask(op="bot")
        if not answer.get("ok"):
            raise RuntimeError(f"{game}/{level}: {answer}")
    model = answer["model"]
    ask(op="review", everything=True)
    ask(op="restore", save=model["save"])
    ask(op="share", code=model["share"])


def main() -> None:
    sys.path.insert(0, "/home/pyodide")
    modules = package_modules()
    for name in modules:
        __import__(name)
    for name in sorted(set().union(*(named_imports(m) for m in modules))):
        if not name.startswith("cardtable"):
            try:
                __import__(name)
            except ImportError:
                pass  # e.g. numpy behind a guard: not in Pyodide's library either
    from cardtable.bridge import handle

    listing = json.loads(handle(json.dumps({"op": "games"})))
    for game in listing["games"]:
        for level in game["levels"]:
            play(handle, game["name"], level, seed=1)


main()
print(json.dumps({name: str(getattr(module, "__file__", "") or "") for name, module in list(sys.modules.items())}))
