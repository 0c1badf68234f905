"""Property tests over thousands of seeded random Le Truc games.

Every game ends; the die stays in 1..32 and only doubles; every card is in one
place, points add up (race: scores equal the points of the round events;
bankroll: the 60 chips are conserved) and views never show the other hand or the
stock (tests/support/invariants.py); every listed action is accepted; unlisted actions are
refused with IllegalAction and change nothing.
"""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import IllegalAction, games
from cardtable.games.le_truc import DECK
from tests.support.budget import scaled
from tests.support.invariants import checker

GAME = games.get("le_truc")
OPTIONS = st.fixed_dictionaries({
    "redeals": st.sampled_from(["once", "repeated"]),
    "doubling": st.sampled_from(["any", "accepter"]),
    "scoring": st.sampled_from(["race", "bankroll"]),
    "draw": st.sampled_from(["swap", "replay"]),
    "target": st.integers(1, 30),
})
JUNK = ["play", "play XX", "keep now", "", "fold", "accept", "redo", "exchange", "refuse", "keep"] + \
       [f"play {c}" for c in DECK[:6]] + [f"play {c} down" for c in DECK[:6]]


def snapshot(s):
    return (s.view(0), s.view(1), s.to_act, s.legal_actions(), s.is_over)


def pick(legal, rng):
    """Uniform half the time; otherwise raise and accept, so that bankroll games
    (a random walk between 0 and 60 chips) end in a reasonable number of rounds."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    eager = [a for a in legal if a.endswith("down") or a == "accept"]
    return rng.choice(eager or legal)


def play_random_game(seed, options, check_illegal):
    s = GAME.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    check = checker(s)
    prev_value, prev_round = 1, 1
    for step in range(20000):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if check_illegal:
            junk = rng.choice(JUNK)
            if junk not in legal:
                before = snapshot(s)
                try:
                    s.apply(junk)
                    raise AssertionError(f"{junk!r} was accepted but not listed in {legal}")
                except IllegalAction as e:
                    assert str(e)
                assert snapshot(s) == before
        seat = s.to_act
        action = pick(legal, rng)
        check.before(s, action)
        check.after(s, s.apply(action))
        # the die doubles only within a round
        if s.round_no == prev_round and not s.is_over:
            assert s.value in (prev_value, 2 * prev_value)
        prev_value, prev_round = s.value, s.round_no
        check.views(s, [seat])
    assert s.is_over, "the game did not end"
    check.finish(s)
    return s


@settings(max_examples=scaled(1500, pyodide=150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_end_and_keep_every_invariant(seed, options):
    play_random_game(seed, options, check_illegal=False)


@settings(max_examples=scaled(300, pyodide=30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_unlisted_actions_are_refused_and_change_nothing(seed, options):
    play_random_game(seed, options, check_illegal=True)


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), seat=st.integers(0, 1))
def test_sampled_worlds_agree_with_the_view(seed, steps, seat):
    s = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    world = s.sample_world(seat, random.Random(seed + 1))
    assert world.view(seat) == s.view(seat)
    assert world.legal_actions() == s.legal_actions() or world.to_act != seat
    cards = world.hands[0] + world.hands[1] + world.stock + world.discards[0] + world.discards[1] + \
        [p["card"] for t in world.tricks for p in t["plays"]]
    assert sorted(cards) == sorted(DECK)
    # a world drawn from another world with the same view is drawn identically
    again = world.sample_world(seat, random.Random(seed + 1))
    assert again.hands == world.hands and again.stock == world.stock
