"""Le Truc's own properties over thousands of seeded random games (the contract
every game keeps, tests/contracts/test_random_games.py, plays the same games with
the same profile, tests/support/random_play.py): the die stays in 1..32 and only
doubles within a round; a world sampled from another world with the same view
deals the same hands and stock."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play, walk

PROFILE = PROFILES["le_truc"]


class DieOnlyDoubles(Watch):
    def start(self, state):
        self.value, self.round = state.value, state.round_no
        assert self.value == 1

    def after(self, state, events):
        assert 1 <= state.value <= 32
        if state.round_no == self.round and not state.is_over:
            assert state.value in (self.value, 2 * self.value)
        self.value, self.round = state.value, state.round_no


@settings(max_examples=scaled(1500, pyodide=150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options)
def test_the_die_only_doubles_within_a_round(seed, options):
    state = play("le_truc", seed, options, watches=[DieOnlyDoubles()])
    assert state.is_over, "the game did not end"


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), seat=st.integers(0, 1))
def test_a_world_drawn_from_a_world_with_the_same_view_deals_the_same_cards(seed, steps, seat):
    s = walk("le_truc", seed, None, steps)
    if s.is_over:
        return
    world = s.sample_world(seat, random.Random(seed + 1))
    again = world.sample_world(seat, random.Random(seed + 1))
    assert again.hands == world.hands and again.stock == world.stock
