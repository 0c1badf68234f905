"""Japanese Loo's own properties over thousands of seeded random games, 3 to 10
players (the contract every game keeps, tests/contracts/test_random_games.py, plays
the same games with the same profile, tests/support/random_play.py): the chips
start at the table's total; the tricks empty the pot (but for a remainder smaller
than the number of tricks); every looed player pays exactly once, and only players
who were in and took no trick; the game ends after the rotations (plus one
extension deal after a final loo). Sampled worlds keep the hand sizes and the
known voids, and deal no card twice."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable.games.japanese_loo import DECK
from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play, walk

PROFILE = PROFILES["japanese_loo"]


class Deals(Watch):
    def __init__(self, options):
        self.options = options
        self.deals = 0

    def start(self, s):
        self.tricks = s.rules["tricks"]
        assert sum(s.chips) + s.pot == s.num_players * self.options.get("chips", 100)

    def before(self, s, action):
        self.pot_at_play = None
        self.deal = s.deal_no
        if s.phase == "play" and s.tricks_played == 0 and not s.trick:
            self.pot_at_play = s.pot

    def after(self, s, events):
        for e in events:
            if e["type"] == "trick" and e["number"] == self.tricks:
                assert 0 <= e["pot"] < self.tricks  # emptied, but for a remainder
            if e["type"] == "deal_end":
                self.deals += 1
                looed = e["looed"]
                assert len(set(looed)) == len(looed)
                assert all(s.last_deal["tricks"][p] == 0 and p in s.last_deal["ins"] for p in looed)
                if s.last_deal["extension"]:
                    assert looed == []
        if self.pot_at_play is not None:
            assert s.trick_value == self.pot_at_play // self.tricks or s.deal_no != self.deal

    def end(self, s):
        assert s.is_over
        scheduled = self.options["rotations"] * s.num_players
        assert self.deals in (scheduled, scheduled + 1)


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options, knobs=PROFILE.knobs)
def test_the_tricks_empty_the_pot_and_the_looed_pay_once(seed, options, knobs):
    play("japanese_loo", seed, options, knobs, [Deals(options)])


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 10), steps=st.integers(0, 40))
def test_sampled_worlds_agree_with_the_voids(seed, players, steps):
    s = walk("japanese_loo", seed, {"players": players}, steps)
    if s.is_over:
        return
    seat = s.to_act
    world = s.sample_world(seat, random.Random(seed + 1))
    for other in range(players):
        assert len(world.hands[other]) == len(s.hands[other])
        assert not {c[1] for c in world.hands[other]} & s.voids[other] or other == seat
    cards = [c for h in world.hands for c in h] + world.dead + world.played + [world.turnup]
    # dropped hands were discarded unseen: they are part of the dead pool in the world
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)
