"""Python sources without comments and docstrings, every other character where it was:
what the site ships of the standard library and of our package (smaller downloads).

The build strips our package itself (`stripped`, in its own Python); the library's
sources are Python 3.14, whose syntax the build's Python may not parse, so for them
this file runs as a script in Pyodide under Node (sitebuild/stdlib_strip.mjs).

A class's or function's docstring becomes ``...``, a module's nothing (so
``__doc__`` is None, as under ``python -OO``, which the standard library
supports), followed by the newlines it spanned; a comment is cut to the end of its
line. Lines keep their numbers, so a traceback still points at the right line of
the real source. A result that does not compile, or is not the same syntax tree
node for node and position for position (docstrings aside), is not used: the file
is kept as it was.
"""

import ast
import io
import json
import sys
import tokenize
import zipfile

def docstring_spans(tree: ast.Module, after: bool = False) -> list[ast.Expr]:
    """The docstrings' statements (`after` stripping: also the ``...`` left in their place)."""
    kinds = (str, type(Ellipsis)) if after else (str,)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, kinds):
                found.append(first)
    return found


def strip(source: str) -> str:
    lines = source.splitlines(keepends=True)
    # Comments first: each one runs to the end of its line.
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            ending = line[len(line.rstrip("\r\n")):]
            lines[row - 1] = line[:col].rstrip() + ending
    tree = ast.parse("".join(lines))
    module_docstring = tree.body[0] if tree.body else None
    for expr in sorted(docstring_spans(tree), key=lambda e: e.lineno, reverse=True):
        first, last = expr.lineno - 1, expr.end_lineno - 1
        rest = lines[last][expr.end_col_offset:]
        if rest.strip():  # something follows on its line: leave it as it is
            continue
        # A module needs nothing in its docstring's place (and a `from __future__`
        # import must stay first); a class or function body needs a statement.
        body = "" if expr is module_docstring else "..."
        head = lines[first][:expr.col_offset]
        lines[first:last + 1] = [head + body + "\n"] + ["\n"] * (last - first)
    return "".join(lines)


def normalized(source: str) -> str:
    """The source's syntax tree with where every node starts, docstrings made ``...``
    (where nodes end is left out: a docstring that ends a body ends it sooner)."""
    tree = ast.parse(source)
    for expr in docstring_spans(tree, after=True):
        expr.value.value = Ellipsis
    first = tree.body[0] if tree.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and first.value.value is Ellipsis:
        tree.body = tree.body[1:]  # the module's docstring, which leaves nothing
    for node in ast.walk(tree):
        if hasattr(node, "end_lineno"):
            node.end_lineno = node.end_col_offset = None
    return ast.dump(tree, include_attributes=True)


def same_program(a: str, b: str) -> bool:
    """Both sources are the same program, node for node and position for position,
    docstrings aside."""
    try:
        compile(b, "<stripped>", "exec", dont_inherit=True)
        return normalized(a) == normalized(b)
    except SyntaxError:
        return False


def stripped(source: str) -> str:
    """The source stripped, or as it was where stripping would change the program."""
    new = strip(source)
    return new if same_program(source, new) else source


def main(zip_in: str, zip_out: str) -> dict:
    kept = []
    with zipfile.ZipFile(zip_in) as source, zipfile.ZipFile(zip_out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                text = data.decode("utf-8")
                new = stripped(text)
                if new is text:
                    kept.append(info.filename)
                data = new.encode("utf-8")
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return {"kept": kept}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
