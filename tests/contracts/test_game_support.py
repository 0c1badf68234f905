"""Every registered game has its part of the shared test support, its own module
tests/support/games/<name>.py with every part the contract suite, the bot tests, the
review and the page's audits read: a game without one fails here by name instead of
being skipped by them."""

from pathlib import Path

import pytest

from cardtable import games
from tests.support import games as support
from tests.support.invariants import Checker
from tests.support.ledgers import Ledger
from tests.support.random_play import Profile


@pytest.mark.parametrize("game", games.names())
def test_every_game_has_its_support_module_with_every_part(game):
    module = support.part(game)
    assert [p for p in support.PARTS if not hasattr(module, p)] == []
    assert issubclass(module.CHECKER, Checker) and issubclass(module.LEDGER, Ledger)
    assert isinstance(module.PROFILE, Profile) and module.LEDGER_CASES and module.BOT_TABLES
    assert module.BLUNDER != module.RIGHT


def test_each_support_module_is_a_registered_game():
    modules = {p.stem for p in Path(support.__file__).parent.glob("*.py")} - {"__init__"}
    assert modules == set(games.names())
