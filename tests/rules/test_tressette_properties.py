"""Property tests over thousands of seeded random Tressette games: every deal hands
out exactly 11 points, every card is played exactly once per deal, every card is
in one place at every step, totals add up, views never show the stock or an
unshown card of the other hand (tests/support/invariants.py), and
sampled worlds agree with the view and with the other player's known voids; a
claim comes only from a total that reaches the target during its deal."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import IllegalAction, games
from cardtable.games.tressette import DECK
from tests.support.budget import scaled
from tests.support.invariants import checker

GAME = games.get("tressette")
OPTIONS = st.fixed_dictionaries({
    "show_draws": st.booleans(),
    "ties": st.sampled_from(["play_on", "draw"]),
    "target": st.integers(1, 21),
    "claim": st.booleans(),
})


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, options):
    s = GAME.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    check = checker(s)
    played: list[str] = []
    deals = 0
    claimed = False
    for _ in range(5000):
        if s.is_over:
            break
        legal = s.legal_actions()
        check.views(s, [s.to_act])
        events = s.apply(rng.choice(legal))
        check.after(s, events)
        for e in events:
            if e["type"] == "play":
                played.append(e["card"])
            if e["type"] == "deal_end":
                deals += 1
                assert sorted(played) == sorted(DECK)  # every card exactly once
                played = []
            claimed = claimed or e["type"] == "claim"
            if e["type"] == "draw" and not options["show_draws"]:
                assert e["card"] is None
        if rng.random() < 0.05:  # an illegal move changes nothing
            before = (s.view(0), s.view(1), s.legal_actions(), s.to_act)
            bad = next((f"play {c}" for c in DECK if f"play {c}" not in s.legal_actions()), None)
            if bad and not s.is_over:
                try:
                    s.apply(bad)
                    raise AssertionError(f"{bad} accepted")
                except IllegalAction:
                    pass
                assert (s.view(0), s.view(1), s.legal_actions(), s.to_act) == before
    assert s.is_over
    check.finish(s)
    assert sum(s.totals) == 11 * deals or claimed  # a claim's deal counts as far as it went


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 45), seat=st.integers(0, 1))
def test_sampled_worlds_agree_with_the_view(seed, steps, seat):
    s = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    world = s.sample_world(seat, random.Random(seed + 1))
    assert world.view(seat) == s.view(seat)
    other = 1 - seat
    view = s.view(seat)  # a suit they are seen to hold is no void, though their unseen cards lack it
    assert not {c[1] for c in view["opponent_known"]} & set(view["voids"][other])
    assert set(view["voids"][other]) <= set(view["unseen_voids"][other]) == set(world.voids[other])
    unseen = [c for c in world.hands[other] if c not in world.known[other]]
    assert not {c[1] for c in unseen} & set(world.voids[other])
    cards = world.hands[0] + world.hands[1] + world.stock + world.won[0] + world.won[1] + [c for _, c in world.trick]
    assert sorted(cards) == sorted(DECK)
