"""Runs inside Pyodide (sitebuild/stdlib_strip.mjs): the trimmed library's sources
without comments and docstrings, every other character where it was.

Pyodide's Python is 3.14, whose syntax the build's own Python may not parse, so
this runs in Pyodide under Node. A docstring becomes ``...`` (so ``__doc__`` is
None, as under ``python -OO``, which the standard library supports) followed by
the newlines it spanned; a comment is cut to the end of its line. Lines keep their
numbers, so a traceback still points at the right line of the real source. A file
whose result is not the same syntax tree, node for node and position for position
(docstrings aside), is kept as it was. Pyodide's own packages keep their docstrings: Pyodide
copies some of them onto its JavaScript objects.
"""

import ast
import io
import json
import sys
import tokenize
import zipfile

KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")


def docstring_spans(tree: ast.Module, stripped: bool = False) -> list[ast.Expr]:
    """The docstrings' statements (with `stripped`, also the ``...`` left in their place)."""
    kinds = (str, type(Ellipsis)) if stripped else (str,)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, kinds):
                found.append(first)
    return found


def strip(source: str, keep_docstrings: bool) -> str:
    lines = source.splitlines(keepends=True)
    # Comments first: each one runs to the end of its line.
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            ending = line[len(line.rstrip("\r\n")):]
            lines[row - 1] = line[:col].rstrip() + ending
    if not keep_docstrings:
        text = "".join(lines)
        for expr in sorted(docstring_spans(ast.parse(text)), key=lambda e: e.lineno, reverse=True):
            first, last = expr.lineno - 1, expr.end_lineno - 1
            rest = lines[last][expr.end_col_offset:]
            if rest.strip():  # something follows on its line: leave it as it is
                continue
            head = lines[first][:expr.col_offset]
            lines[first:last + 1] = [head + "..." + "\n"] + ["\n"] * (last - first)
    return "".join(lines)


def normalized(source: str, keep_docstrings: bool) -> str:
    """The source's syntax tree with where every node starts, docstrings made ``...``
    (where nodes end is left out: a docstring that ends a body ends it sooner)."""
    tree = ast.parse(source)
    if not keep_docstrings:
        for expr in docstring_spans(tree, stripped=True):
            expr.value.value = Ellipsis
    for node in ast.walk(tree):
        if hasattr(node, "end_lineno"):
            node.end_lineno = node.end_col_offset = None
    return ast.dump(tree, include_attributes=True)


def same_program(a: str, b: str, keep_docstrings: bool) -> bool:
    """Both sources are the same program, node for node and position for position,
    docstrings aside."""
    try:
        return normalized(a, keep_docstrings) == normalized(b, keep_docstrings)
    except SyntaxError:
        return False


def main(zip_in: str, zip_out: str) -> dict:
    kept = []
    with zipfile.ZipFile(zip_in) as source, zipfile.ZipFile(zip_out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                text = data.decode("utf-8")
                keep_docstrings = info.filename.startswith(KEEP_DOCSTRINGS)
                new = strip(text, keep_docstrings)
                if same_program(text, new, keep_docstrings):
                    data = new.encode("utf-8")
                else:
                    kept.append(info.filename)
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return {"kept": kept}


print(json.dumps(main(sys.argv[1], sys.argv[2])))
