"""The public fast path for search (``State.step``), used instead of the rules'
private methods."""

import ast
import random
from pathlib import Path

import pytest

from cardtable import games

BOTS = Path(__file__).resolve().parent.parent / "py" / "cardtable" / "bots"


@pytest.mark.parametrize("name", games.names())
def test_step_plays_a_legal_action_exactly_as_apply_does(name):
    """Search applies actions it took from legal_actions() with ``step``: the same
    events and the same position as ``apply``, only without the re-check."""
    game = games.get(name)
    rng = random.Random(5)
    for seed in range(4):
        s = game.new_game(seed=seed)
        for _ in range(150):
            if s.is_over:
                break
            action = rng.choice(s.legal_actions())
            t = s.clone()
            assert t.step(action) == s.apply(action)
            assert t.to_act == s.to_act and t.legal_actions() == s.legal_actions()
            assert [t.view(k) for k in range(s.num_players)] == [s.view(k) for k in range(s.num_players)]


def test_apply_still_checks_what_step_does_not():
    s = games.get("japanese_loo").new_game(seed=1)
    before = s.view(s.to_act)
    with pytest.raises(ValueError):
        s.apply("play XX")
    assert s.view(s.to_act) == before


@pytest.mark.parametrize("name", games.names())
def test_game_bots_touch_no_private_part_of_a_state(name):
    """A bot reads a (sampled) State only through its public face: the rules'
    private helpers may change without a bot noticing."""
    tree = ast.parse((BOTS / f"{name}.py").read_text())
    private = sorted({f"{ast.unparse(node)} (line {node.lineno})" for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                      and not node.attr.startswith("__")
                      and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))})
    assert not private, f"bots/{name}.py reaches into private parts: {', '.join(private)}"
