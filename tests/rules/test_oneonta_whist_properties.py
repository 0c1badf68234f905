"""Oneonta Whist's own properties over thousands of seeded random games (the
contract every game keeps, tests/contracts/test_random_games.py, plays the same
games with the same profile, tests/support/random_play.py): the view's unseen
cards are the pile and the dead cards; a card must follow the lead's suit (unless
the joker may go any time); every deal uses all 22 cards once (nine played, nine
led, the turned card and three dead), and the turned and dead cards are never led;
the game's success is its total against the target, as the option counts it.
Sampled worlds keep the pile and the dead cards between them."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import games
from cardtable.games.oneonta_whist import DECK, card_suit
from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play, walk

PROFILE = PROFILES["oneonta_whist"]
GAME = games.get("oneonta_whist")


class Deals(Watch):
    def __init__(self, options):
        self.options = options
        self.played, self.led = [], []

    def before(self, s, action):
        view = s.view(0)
        assert sorted(view["unseen"]) == sorted(s.dummy + s.dead)
        if view["phase"] == "play":
            same = [c for c in view["hand"] if card_suit(c, view["trump"]) == card_suit(view["lead"], view["trump"])]
            if same and not self.options["joker_anytime"]:
                assert sorted(a.split()[1] for a in s.legal_actions()) == sorted(same)  # must follow
        self.turned, self.dead = s.turned, list(s.dead)

    def after(self, s, events):
        for e in events:
            if e["type"] == "play":
                self.played.append(e["card"])
            if e["type"] == "lead":
                self.led.append(e["card"])
            if e["type"] == "deal_end":
                assert len(self.played) == len(self.led) == 9
                assert sorted(self.played + self.led + [self.turned] + self.dead) == sorted(DECK)
                assert not set(self.led) & (set(self.dead) | {self.turned})
                self.played, self.led = [], []

    def end(self, s):
        assert s.is_over
        total, target = s.result["score"], 30
        assert s.result["success"] is (total >= target if self.options["success"] == "at_least" else total > target)


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options)
def test_every_deal_uses_all_22_cards_and_success_is_the_total_against_the_target(seed, options):
    play("oneonta_whist", seed, options, watches=[Deals(options)])


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 25))
def test_sampled_worlds_keep_the_pile_and_the_dead_cards(seed, steps):
    s = walk("oneonta_whist", seed, None, steps)
    world = s.sample_world(0, random.Random(seed + 1))
    assert sorted(world.dummy + world.dead) == sorted(s.dummy + s.dead)
    assert len(world.dummy) == len(s.dummy)


def test_deals_are_reproduced_by_the_seed_and_differ_between_seeds():
    a, b, c = (GAME.new_game(seed=k) for k in (7, 7, 8))
    assert a.view(0) == b.view(0) and (a.dummy, a.dead) == (b.dummy, b.dead)
    assert (a.hand, a.dummy) != (c.hand, c.dummy)
