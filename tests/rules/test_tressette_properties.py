"""Tressette's own properties over thousands of seeded random games (the contract
every game keeps, tests/contracts/test_random_games.py, plays the same games with
the same profile, tests/support/random_play.py): every deal hands out exactly 11
points and plays every card exactly once; a draw is shown only under
``show_draws``; sampled worlds agree with the other player's known voids."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable.games.tressette import DECK
from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play, walk

PROFILE = PROFILES["tressette"]


class Deals(Watch):
    def __init__(self, options):
        self.options = options
        self.played: list[str] = []
        self.deals = 0
        self.claimed = False

    def after(self, state, events):
        for e in events:
            if e["type"] == "play":
                self.played.append(e["card"])
            if e["type"] == "deal_end":
                self.deals += 1
                assert sorted(self.played) == sorted(DECK)  # every card exactly once
                self.played = []
            self.claimed = self.claimed or e["type"] == "claim"
            if e["type"] == "draw" and not self.options["show_draws"]:
                assert e["card"] is None

    def end(self, state):
        assert state.is_over
        assert sum(state.totals) == 11 * self.deals or self.claimed  # a claim's deal counts as far as it went


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options)
def test_every_deal_plays_every_card_once_for_eleven_points(seed, options):
    play("tressette", seed, options, watches=[Deals(options)])


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 45), seat=st.integers(0, 1))
def test_sampled_worlds_agree_with_the_known_voids(seed, steps, seat):
    s = walk("tressette", seed, None, steps)
    world = s.sample_world(seat, random.Random(seed + 1))
    other = 1 - seat
    view = s.view(seat)  # a suit they are seen to hold is no void, though their unseen cards lack it
    assert not {c[1] for c in view["opponent_known"]} & set(view["voids"][other])
    assert set(view["voids"][other]) <= set(view["unseen_voids"][other]) == set(world.voids[other])
    unseen = [c for c in world.hands[other] if c not in world.known[other]]
    assert not {c[1] for c in unseen} & set(world.voids[other])
