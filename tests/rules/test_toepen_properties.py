"""Toepen's own properties over thousands of seeded random games, 3 to 8 players,
with random options (the contract every game keeps,
tests/contracts/test_random_games.py, plays the same games with the same profile,
tests/support/random_play.py): the chips start at the table's total; a folded
player never plays again in that deal; every trick is won by a live card; the
stake only rises by one on a knock someone stayed for; the game ends as its
``end`` option says. Sampled worlds never move a card the seat can see and keep
hand sizes and voids."""

import random

from hypothesis import HealthCheck, example, given, settings, strategies as st

from cardtable import games
from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play

PROFILE = PROFILES["toepen"]
GAME = games.get("toepen")
# A game that must end can need more than 6,000 actions (PROFILE.max_actions): 8
# players with 20 chips each, pool settlement, nobody knocking or folding.
LONGEST_GAME_THAT_ENDS = dict(
    seed=26230, knobs={"p_knock": 0.0, "p_fold": 0.0},
    options={"players": 8, "chips": 20, "end": "bankruptcy", "settlement": "pool",
             "challenges": "first", "exchanges": "once", "folded_card": "dead", "stake_cap": 0,
             "missed_call": "penalty", "sevens_whistle": False, "debt": False, "ties": "shared",
             "knock_from": "play"})


class Deals(Watch):
    def __init__(self, options):
        self.options = options

    def start(self, s):
        assert sum(s.chips) + s.pool == s.num_players * self.options["chips"]
        self.deal, self.folded = s.deal_no, set()

    def before(self, s, action):
        if s.deal_no != self.deal:
            self.deal, self.folded = s.deal_no, set()
        assert s.to_act not in self.folded and s.alive[s.to_act]
        self.stake = s.stake

    def after(self, s, events):
        for e in events:
            if e["type"] == "fold":
                self.folded.add(e["seat"])
            if e["type"] == "play":
                assert e["seat"] not in self.folded
            if e["type"] == "trick":
                winner = [p for p in e["plays"] if p[0] == e["winner"]][0]
                assert not winner[2] or (self.options["folded_card"] == "live" and e["number"] < 4)
            if e["type"] == "stake":
                assert e["stake"] == self.stake + 1
            if e["type"] == "deal_won" and e["why"] == "last_trick":
                assert e["seat"] not in self.folded

    def end(self, s):
        options = self.options
        if not s.is_over:
            assert PROFILE.may_not_end(options)
            return
        winners = s.result["winners"]
        if options["end"] == "bankruptcy":
            assert any(c <= 0 for c in s.chips)
            assert all(s.chips[w] == max(s.chips) for w in winners)
            if options["ties"] == "play_on":
                assert len(winners) == 1 or sum(s.alive) <= 1
        else:
            assert sum(1 for c in s.chips if c > 0) <= 1


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options, knobs=PROFILE.knobs)
@example(**LONGEST_GAME_THAT_ENDS)
def test_folded_players_stay_out_and_the_game_ends_as_its_options_say(seed, options, knobs):
    play("toepen", seed, options, knobs, [Deals(options)])


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 8))
def test_sampled_worlds_keep_what_the_seat_knows(seed, players):
    """``sample_world`` never moves a card the seat can see, keeps hand sizes and
    voids."""
    s = GAME.new_game(seed=seed, options={"players": players})
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 60)):
        if s.is_over or s.deal_no > 1:
            return
        legal = s.legal_actions()
        s.apply(rng.choice([a for a in legal if a not in ("knock", "fold")] or legal))
    seat = s.to_act
    w = s.sample_world(seat, random.Random(seed + 1))
    assert w.hands[seat] == s.hands[seat] and w.played == s.played and w.trick == s.trick
    for other in range(players):
        assert len(w.hands[other]) == len(s.hands[other])
        assert not any(c[1] in s.voids[other] for c in w.hands[other])
