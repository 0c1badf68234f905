"""The soak: 10,000 seeded games per game with uniform random play, every action
checked against the invariants (tests/support/invariants.py); and proof that those checks
do notice a lost card, a created chip, a wrong score or a leaked hand."""

import pytest

from cardtable import games
from tests.support import soak
from tests.support.games import part
from tests.support.invariants import checker

GAMES_PER_GAME = 10_000


@pytest.mark.parametrize("game", games.names())
def test_ten_thousand_random_games_end_without_error_or_broken_invariant(game):
    counts = soak.soak(game, range(1, GAMES_PER_GAME + 1))
    print(counts.line())
    assert counts.games == GAMES_PER_GAME
    assert counts.clean, "\n".join(counts.problems[:5])


def started(game):
    state = games.get(game).new_game(seed=11, options=soak.options_for(game, 11))
    while len(state.legal_actions()) < 2 or state.phase not in ("play", "declare", "bid", "exchange"):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", games.names())
def test_the_checks_notice_a_card_twice(game):
    state = started(game)
    check = checker(state)
    hand = state.hand if game == "oneonta_whist" else next(h for h in state.hands if h)
    hand.append(hand[0])
    with pytest.raises(AssertionError, match="twice"):
        check.after(state, [])


@pytest.mark.parametrize("game", games.names())
def test_the_checks_notice_a_wrong_count(game):
    tamper, message = part(game).WRONG_COUNT
    state = started(game)
    check = checker(state)
    tamper(state)
    with pytest.raises(AssertionError, match=message):
        check.after(state, [])


@pytest.mark.parametrize("game", games.names())
def test_the_checks_notice_a_hidden_card_in_a_view(game):
    state = started(game)
    check = checker(state)
    check.views(state)
    seat = 0
    leak = sorted(check.hidden(state, seat))[0]
    real_view = state.view
    state.view = lambda s: {**real_view(s), "peek": [leak]}
    with pytest.raises(AssertionError, match="hidden cards"):
        check.views(state, [seat])
