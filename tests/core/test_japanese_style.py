"""Japanese as a Japanese writes it (docs/japanese.md): no Japanese string of the
site glues a half-width `:`, `(`, `)`, `!` or `?` to Japanese text, nor ends a
Japanese clause with `,` or `.`.

Every Japanese string is read where it lives: the page's words
(web/i18n/ja.json, web/i18n/games/<game>.ja.json, web/i18n/tutorial/<game>.ja.json),
the Japanese rules pages (web/rules/<game>.ja.html), the other HTML pages, the
scripts' strings (web/js/) and the Python strings (py/cardtable/, sitebuild/).
In a source that is Japanese by its name every string counts; elsewhere a string
counts when it has more Japanese characters than ASCII letters (an English message
that quotes a Japanese term, "'fold' (降りる)", is English).

The rule (docs/japanese.md, "Punctuation"): a half-width bracket is glued when the
nearest character on either side, looking past spaces and `{placeholders}`, is
Japanese (kana, kanji, Japanese punctuation or a full-width form), and so is its
partner; a half-width `:`, `!` or `?` is glued unless it stands between ASCII letters
or digits ("10:30"), since a placeholder beside it stands for Japanese words
("{label}:{total}"). Left alone: brackets among ASCII only ("(A)" beside "K"), a mark
quoted as the symbol the page draws (「?」), and the title of an article a game
follows, quoted as its author wrote it ("トゥーペン(Toepen)").
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from cardtable import games

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff9f]")
ASCII_LETTER = re.compile(r"[A-Za-z]")
MARKS = ":()!?"
FULL = {":": "：", "(": "（", ")": "）", "!": "！", "?": "？", ",": "、", ".": "。"}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
QUOTED_MARK = re.compile(r"「[:()!?]」")


def titles() -> list[str]:
    """The articles' titles, longest first: quoted as their authors wrote them."""
    found = {a.title for name in games.names() for a in games.get(name).articles}
    found |= {title.rstrip("。") for title in found}  # quoted in a sentence, its full stop is the sentence's
    return sorted(found, key=len, reverse=True)


def is_japanese(ch: str) -> bool:
    return bool(ch) and bool(JAPANESE.match(ch))


def ascii_word(text: str, i: int) -> bool:
    """Whether ``text[i]`` is an ASCII letter or digit ("10:30", "Q&A!" is no Japanese)."""
    return 0 <= i < len(text) and text[i].isascii() and text[i].isalnum()


def neighbour(text: str, i: int, step: int) -> str:
    """The nearest character to ``text[i]`` in direction ``step``, past spaces and
    placeholders; "" at either end."""
    j = i + step
    while 0 <= j < len(text):
        if text[j] == " ":
            j += step
            continue
        if step < 0 and text[j] == "}":
            start = text.rfind("{", 0, j)
            if start >= 0 and PLACEHOLDER.fullmatch(text[start:j + 1]):
                j = start - 1
                continue
        if step > 0 and text[j] == "{":
            m = PLACEHOLDER.match(text, j)
            if m:
                j = m.end()
                continue
        return text[j]
    return ""


def glued(text: str) -> list[int]:
    """Where ``text`` glues a half-width mark (or a clause's `,` or `.`) to Japanese."""
    for title in titles():
        text = text.replace(title, "□" * len(title))  # same length: the positions stay true
    text = QUOTED_MARK.sub(lambda m: "「□」", text)
    found = set()
    for i, ch in enumerate(text):
        if ch in MARKS and (is_japanese(neighbour(text, i, -1)) or is_japanese(neighbour(text, i, +1))):
            found.add(i)
        elif ch in ":!?" and not (ascii_word(text, i - 1) and ascii_word(text, i + 1)):
            found.add(i)  # "{label}:{total}": the placeholders stand for Japanese words
        elif ch in ",." and is_japanese(text[i - 1] if i else ""):
            found.add(i)  # a clause ended the Western way: 、 or 。
    # a bracket whose partner is glued is glued too: （A） or (A), never （A)
    opened = []
    for i, ch in enumerate(text):
        if ch == "(":
            opened.append(i)
        elif ch == ")" and opened:
            j = opened.pop()
            if i in found or j in found:
                found.update((i, j))
    return sorted(found)


def fixed(text: str) -> str:
    """``text`` with every glued mark in its full-width form (the tool the fix used)."""
    chars = list(text)
    for i in glued(text):
        chars[i] = FULL[chars[i]]
    return "".join(chars)


# ---------------------------------------------------------------------- the sources
def _values(data, where: str):
    if isinstance(data, str):
        yield where, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _values(value, f"{where} {key}")
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _values(value, f"{where}[{n}]")


def word_files() -> list[Path]:
    i18n = ROOT / "web" / "i18n"
    return [i18n / "ja.json", *sorted((i18n / "games").glob("*.ja.json")),
            *sorted((i18n / "tutorial").glob("*.ja.json"))]


TAG = re.compile(r"<[^>]*>")
ATTRIBUTE = re.compile(r"""\b[\w-]+=("[^"]*"|'[^']*')""")


def html_strings(path: Path, japanese_page: bool):
    """A page's text, line by line without its tags, and its attributes' values."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for tag in re.findall(r"<[^>]*>", line):
            for value in ATTRIBUTE.findall(tag):
                yield f"{path.relative_to(ROOT)}:{n}", value[1:-1], japanese_page
        yield f"{path.relative_to(ROOT)}:{n}", TAG.sub("", line), japanese_page


def python_strings(path: Path):
    """A module's string constants but its docstrings (notes for its readers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value, False


JS_STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`""")


def js_strings(path: Path):
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for m in JS_STRING.finditer(line):
            yield f"{path.relative_to(ROOT)}:{n}", m.group()[1:-1], False


def japanese_strings() -> list[tuple[str, str]]:
    """(where, text) for every Japanese string of the site."""
    found = []
    for path in word_files():
        for where, text in _values(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT))):
            found.append((where, text, True))
    for path in sorted((ROOT / "web" / "rules").glob("*.html")):
        found.extend(html_strings(path, path.name.endswith(".ja.html")))
    for path in sorted(ROOT.glob("*.html")):
        found.extend(html_strings(path, False))
    for folder in (ROOT / "py" / "cardtable", ROOT / "sitebuild"):
        for path in sorted(folder.rglob("*.py")):
            found.extend(python_strings(path))
    for path in sorted((ROOT / "web" / "js").rglob("*.js")):
        found.extend(js_strings(path))
    return [(where, text) for where, text, by_place in found
            if (by_place and text.strip()) or (JAPANESE.search(text) and len(JAPANESE.findall(text)) > len(ASCII_LETTER.findall(text)))]


# ---------------------------------------------------------------------- the tests
@pytest.mark.parametrize("text, marks", [
    ("あなたの勝ちです({you}対{bot})!", "()!"),
    ("その手は出せません:{error}", ":"),
    ("英語 (English)", "()"),
    ("{p}がノックしました!続けますか?", "!?"),
    ("ジョーカー(大)> ジョーカー(小)> A", "()()"),
    ("4♣(ザップ)> 7♥", "()"),
    ("チップ置き場,山札.", ",."),
    ("強さ:7 > 6 > A", ":"),
    ("例: Aを2枚", ":"),
    ("{label}:{total}", ":"),
    ("{p}がノック!", "!"),
])
def test_the_check_finds_half_width_marks_glued_to_japanese(text, marks):
    assert "".join(text[i] for i in glued(text)) == marks


@pytest.mark.parametrize("text", [
    "K(A)", "{score} / {target}", "{a}、{b}", "10:30", "{label}（{n}）", "「?」はルール上、場で公開されなかった札です。",
    "出典：いものやま。「トランプゲーム「トレセッテ」(2人用ルール)の紹介。」", "3.5点", "1/3点",
    "あなたの勝ちです（{you}対{bot}）！", "pagat.com のルール",
])
def test_the_check_leaves_ascii_quoted_marks_and_article_titles_alone(text):
    assert glued(text) == []


def test_the_check_reads_every_source():
    """Enough of every kind is read that a moved file cannot hide its strings."""
    strings = japanese_strings()
    wheres = [where for where, _ in strings]
    assert len(strings) > 1100
    for part in ("web/i18n/ja.json", "web/i18n/games/toepen.ja.json", "web/i18n/tutorial/le_truc.ja.json",
                 "web/rules/toepen.ja.html", "web/js/card-art.js"):
        assert any(w.startswith(part) for w in wheres), part


def test_no_japanese_string_glues_half_width_marks_to_japanese():
    bad = [f"{where}: {text}" for where, text in japanese_strings() if glued(text)]
    assert not bad, f"{len(bad)} Japanese strings glue half-width marks to Japanese:\n" + "\n".join(bad)
