"""The rules documents in docs/rules/ are the ones the code cites: every cited path
exists, every option code a game's Option help names is decided in that game's rules
document, and every rules section a game's module or tests cite by number is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import games

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
CITED = re.compile(r"docs/rules/[\w./-]*\.md")
CODE = re.compile(r"\b([A-G]\d{1,2})\b")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")


def sources() -> list[Path]:
    """Every file that may cite a rules document: code, tests, docs and the README."""
    found = [ROOT / "README.md"]
    for folder, pattern in (("py", "*.py"), ("tests", "*.py"), ("docs", "*.md")):
        found += sorted((ROOT / folder).rglob(pattern))
    return found


def citations() -> list[tuple[str, str]]:
    return [(str(path.relative_to(ROOT)), cited) for path in sources()
            for cited in sorted(set(CITED.findall(path.read_text(encoding="utf-8"))))]


def test_every_game_has_a_rules_document_and_the_index_lists_it():
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for name in games.names():
        assert (RULES / f"{name}.md").is_file(), f"docs/rules/{name}.md is missing"
        assert f"({name}.md)" in index, f"docs/rules/README.md does not link {name}.md"


def test_the_games_cite_their_rules_document():
    for name in games.names():
        source = (ROOT / "py" / "cardtable" / "games" / f"{name}.py").read_text(encoding="utf-8")
        assert f"docs/rules/{name}.md" in source, f"{name}.py does not cite docs/rules/{name}.md"
        doc = (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
        assert f"(rules/{name}.md)" in doc, f"docs/{name}.md does not link its rules"


@pytest.mark.parametrize("where,cited", citations())
def test_every_cited_rules_path_exists(where, cited):
    assert (ROOT / cited).is_file(), f"{where} cites {cited}, which does not exist"


def test_citations_are_found_at_all():
    """The scan above is not vacuous: the games and their tests cite the rules."""
    assert len(citations()) >= 2 * len(games.names())


@pytest.mark.parametrize("name", games.names())
def test_every_option_code_is_in_the_games_rules(name):
    rules = (RULES / f"{name}.md").read_text(encoding="utf-8")
    options = games.get(name).options
    codes = {option.code: key for key, option in options.items() if option.code}
    assert all(CODE.fullmatch(code) for code in codes), f"{name}: an option code is not a spec code: {sorted(codes)}"
    missing = [f"{code} (option {key!r})" for code, key in sorted(codes.items())
               if not re.search(rf"^\| {code} \|", rules, re.MULTILINE)]
    assert not missing, f"docs/rules/{name}.md has no row for {', '.join(missing)}"
    for key in options:  # each option is named in its rules document
        assert f"`{key}`" in rules, f"docs/rules/{name}.md never names the option {key!r}"


@pytest.mark.parametrize("name", games.names())
def test_every_cited_section_exists(name):
    rules = (RULES / f"{name}.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", rules, re.MULTILINE))
    for path in (ROOT / "py" / "cardtable" / "games" / f"{name}.py", ROOT / "tests" / "rules" / f"test_{name}.py"):
        cited = set(SECTION.findall(path.read_text(encoding="utf-8")))
        assert cited <= headings, f"{path.name} cites §{sorted(cited - headings)}, not in docs/rules/{name}.md"
