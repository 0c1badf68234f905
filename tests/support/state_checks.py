"""What several test modules share: a session played some moves in, and the check
that an action which is not legal is refused with ``IllegalAction`` (and a sentence) and changes
nothing a player or the rules could notice."""

import random

import pytest

from cardtable import IllegalAction
from cardtable.session import Session


def played(game: str, seed: int, moves: int, options=None, level: str = "normal") -> Session:
    """A session ``moves`` moves in (or finished): the human picks at random (seeded),
    the bots of ``level`` answer."""
    s = Session(game, seed, options, level)
    rng = random.Random(seed)
    while len(s.actions) < moves and not s.state.is_over:
        if s.bot_to_act:
            s.bot_step()
        else:
            s.act(rng.choice(s.state.legal_actions()))
    return s


def assert_refused_unchanged(state, candidates, snapshot) -> str:
    """Apply the first of ``candidates`` that is not legal now: it must be refused
    with a sentence, and ``snapshot(state)`` must be the same before and after.
    Returns the action."""
    bad = next(a for a in candidates if a not in state.legal_actions())
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(bad)
    assert str(refused.value).strip(), f"{bad!r} refused without a word"
    assert snapshot(state) == before
    return bad
