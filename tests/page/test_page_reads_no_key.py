"""The page reads no meaning from a key's spelling: what a line of the log closes,
its kind, the dealer, a badge's or a score row's style, a reminder's setting, the
words of a card's second button all come to it as data of the model
(py/cardtable/session.py, table.py); a part's id is compared whole, never read in
parts, and an action string is sent back as it came. A key is only
looked up, to say its words (web/js/page/words.js, the one formatter that knows
"card.name" is a card's name)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "web" / "js"

#: The formatter: it looks a key up in the language's words, which is not meaning.
FORMATTER = JS / "page" / "words.js"

_TESTS = r"split|startsWith|endsWith|match|matchAll|includes|slice|substring|substr|indexOf|lastIndexOf|replace|search|at|charAt|length"
#: A Text's key (``x.key``) tested: split, compared, matched, indexed, looked for in a set.
READS = [
    re.compile(rf"\.key\s*\??\.\s*(?:{_TESTS})\b"),  # line.key.split(".") ...
    re.compile(r"\.key\s*(?:[!=]==?|<|>)|(?:[!=]==?)\s*[\w$.?]*\.key\b"),  # b.key === "..."
    re.compile(r"\.key\s*(?:\?\.)?\["),  # line.key[0]
    re.compile(r"\b(?:has|includes|indexOf|test|match|get)\(\s*[\w$.?]*\.key\s*\)"),  # ENDS.has(line.key)
    re.compile(r"\bswitch\s*\(\s*[\w$.?]*\.key\s*\)"),
    # a part's id is compared whole (ids tell parts apart), never read in parts
    re.compile(rf"\.id\s*\??\.\s*(?:{_TESTS})\b"),  # a.id.startsWith("last")
    # an action string is sent back as it came; what a decision is comes as its data
    # (a bid's number is the action's argument: "bid 3".split(" ").pop())
    re.compile(r"\.action\s*\??\.\s*(?:startsWith|endsWith|includes|match|matchAll|search)\b"),
]


def reads(source: str) -> list[str]:
    """The lines of ``source`` that test a key's spelling."""
    return [line.strip() for line in source.splitlines()
            if not line.lstrip().startswith("//") and any(r.search(line) for r in READS)]


def test_no_page_script_tests_a_key_s_spelling():
    found = {str(path.relative_to(ROOT)): lines for path in sorted(JS.rglob("*.js")) if path != FORMATTER
             if (lines := reads(path.read_text(encoding="utf-8")))}
    assert not found, f"a key's spelling read for meaning (send it as data of the model): {found}"


def test_the_check_sees_the_ways_a_key_was_read():
    """Each way the page once read a key is caught (so the test above can fail)."""
    for line in ('const parts = line.key.split(".");', 'return LONE_ENDS.has(line.key) || x;',
                 'if (l.key === "card.name") return [chip(l.args.code)];',
                 'table.reminders.filter((r) => !r.key.startsWith("tressette.count"))',
                 'const why = reason.key === "hint.generic" ? "" : gap;', 'b.key.split(".").pop() === "dealer"',
                 'pairArea(table, a, a.id.startsWith("last"))', 'd.action.endsWith(" down") ? t("action.play_down") : x'):
        assert reads(line), line
    for line in ('return t(x.key, args);', 'say({ key: own, args: seat.name.args })', 'const rules = model.house_rules?.key ?? "";'):
        assert not reads(line), line
