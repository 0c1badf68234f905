"""A check the property tests share: an action that is not legal is refused with
``IllegalAction`` and changes nothing a player or the rules could notice."""

import pytest

from cardtable import IllegalAction


def assert_refused_unchanged(state, candidates, snapshot) -> str:
    """Apply the first of ``candidates`` that is not legal now: it must be refused,
    and ``snapshot(state)`` must be the same before and after. Returns the action."""
    bad = next(a for a in candidates if a not in state.legal_actions())
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert snapshot(state) == before
    return bad
