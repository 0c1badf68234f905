"""Property tests over thousands of seeded random Oneonta Whist games: every deal
uses all 22 cards once (nine played, nine led, the turned card and three dead),
the turned and dead cards are never led; every card is in one place at every
step, each deal scores by the Edward method, the total is the sum of the deals,
and the view never shows the pile or the dead cards (tests/support/invariants.py); every listed action is legal and anything else is refused unchanged."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import IllegalAction, games
from cardtable.games.oneonta_whist import DECK, card_suit
from tests.support.budget import scaled
from tests.support.invariants import checker

GAME = games.get("oneonta_whist")
OPTIONS = st.fixed_dictionaries({
    "joker_anytime": st.booleans(),
    "exact_bonus": st.integers(0, 3),
    "deals": st.integers(1, 9),
    "success": st.sampled_from(["at_least", "more_than"]),
})


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, options):
    s = GAME.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    check = checker(s)
    played, led = [], []
    while not s.is_over:
        view = s.view(0)
        check.views(s)
        assert sorted(view["unseen"]) == sorted(s.dummy + s.dead)
        legal = s.legal_actions()
        if view["phase"] == "play":
            same = [c for c in view["hand"] if card_suit(c, view["trump"]) == card_suit(view["lead"], view["trump"])]
            if same and not options["joker_anytime"]:
                assert sorted(a.split()[1] for a in legal) == sorted(same)  # must follow
        turned, dead = s.turned, list(s.dead)
        events = s.apply(rng.choice(legal))
        check.after(s, events)
        for e in events:
            if e["type"] == "play":
                played.append(e["card"])
            if e["type"] == "lead":
                led.append(e["card"])
            if e["type"] == "deal_end":
                assert len(played) == len(led) == 9
                assert sorted(played + led + [turned] + dead) == sorted(DECK)
                assert not set(led) & (set(dead) | {turned})
                played, led = [], []
        if rng.random() < 0.05 and not s.is_over:  # an illegal move changes nothing
            before = (s.view(0), s.legal_actions())
            bad = next(a for a in [f"play {c}" for c in DECK] + ["bid 10"] if a not in s.legal_actions())
            try:
                s.apply(bad)
                raise AssertionError(f"{bad} accepted")
            except IllegalAction:
                pass
            assert (s.view(0), s.legal_actions()) == before
    check.finish(s)
    total, target = s.result["score"], 30
    assert s.result["success"] is (total >= target if options["success"] == "at_least" else total > target)


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 25))
def test_sampled_worlds_agree_with_the_view(seed, steps):
    s = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    world = s.sample_world(0, random.Random(seed + 1))
    assert world.view(0) == s.view(0)
    assert sorted(world.dummy + world.dead) == sorted(s.dummy + s.dead)
    assert len(world.dummy) == len(s.dummy)


def test_deals_are_reproduced_by_the_seed_and_differ_between_seeds():
    a, b, c = (GAME.new_game(seed=k) for k in (7, 7, 8))
    assert a.view(0) == b.view(0) and (a.dummy, a.dead) == (b.dummy, b.dead)
    assert (a.hand, a.dummy) != (c.hand, c.dummy)
