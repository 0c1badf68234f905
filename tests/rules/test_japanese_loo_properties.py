"""Property tests over thousands of seeded random Japanese Loo games, 3 to 10 players:
every card in one place and chips plus the pot conserved at every step
(tests/support/invariants.py); the tricks empty the pot (but for a
remainder smaller than the number of tricks); every looed player pays exactly once,
and only players who were in and took no trick; the game ends after the rotations
(plus one extension deal after a final loo); views never show another hand; every
listed action is legal and anything else is refused, changing nothing."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import games
from cardtable.games.japanese_loo import DECK
from tests.support.invariants import checker
from tests.support.state_checks import assert_refused_unchanged
from tests.support.budget import scaled

GAME = games.get("japanese_loo")


@st.composite
def setups(draw):
    players = draw(st.integers(3, 10))
    fmt = draw(st.sampled_from(["five", "three"])) if players <= 5 else "five"
    options = {"players": players, "format": fmt, "rotations": draw(st.integers(1, 2)),
               "dealer_drop": draw(st.sampled_from(["pays", "free"]))}
    if fmt == "three":
        options["three_card_fee"] = draw(st.sampled_from([3, 5]))
    if players == 5 and fmt == "five":
        options["all_ante"] = draw(st.booleans())
    return options


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=setups(), p_in=st.floats(0.2, 1.0))
def test_random_games_keep_every_invariant(seed, options, p_in):
    s = GAME.new_game(seed=seed, options=options)
    n = s.num_players
    total = n * options.get("chips", 100)
    tricks = s.rules["tricks"]
    rng = random.Random(seed)
    check = checker(s)
    assert check.total == total
    deals = 0
    while not s.is_over:
        seat = s.to_act
        if rng.random() < 0.1:  # (a sample of the positions: views are not cheap at ten players)
            check.views(s, [seat])
        legal = s.legal_actions()
        if legal == ["in", "out"]:
            action = "in" if rng.random() < p_in else "out"
        else:
            action = rng.choice(legal)
        pot_at_play = None
        before_deal = s.deal_no
        if s.phase == "play" and s.tricks_played == 0 and not s.trick:
            pot_at_play = s.pot
        check.before(s, action)
        events = s.apply(action)
        check.after(s, events)
        for e in events:
            if e["type"] == "trick" and e["number"] == tricks:
                assert 0 <= e["pot"] < tricks  # emptied, but for a remainder
            if e["type"] == "deal_end":
                deals += 1
                looed = e["looed"]
                assert len(set(looed)) == len(looed)
                assert all(s.last_deal["tricks"][p] == 0 and p in s.last_deal["ins"] for p in looed)
                if s.last_deal["extension"]:
                    assert looed == []
        if pot_at_play is not None:
            assert s.trick_value == pot_at_play // tricks or s.deal_no != before_deal
        if rng.random() < 0.05 and not s.is_over:
            assert_refused_unchanged(s, ["play " + c for c in DECK] + ["in", "out", "bid 1"],
                                     lambda s: (s.view(s.to_act), s.legal_actions(), s.to_act, list(s.chips), s.pot))
    check.finish(s)
    scheduled = options["rotations"] * n
    assert deals in (scheduled, scheduled + 1)


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 10), steps=st.integers(0, 40))
def test_sampled_worlds_agree_with_the_view_and_the_voids(seed, players, steps):
    s = GAME.new_game(seed=seed, options={"players": players})
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    if s.is_over:
        return
    seat = s.to_act
    world = s.sample_world(seat, random.Random(seed + 1))
    assert world.view(seat) == s.view(seat)
    for other in range(players):
        assert len(world.hands[other]) == len(s.hands[other])
        assert not {c[1] for c in world.hands[other]} & s.voids[other] or other == seat
    cards = [c for h in world.hands for c in h] + world.dead + world.played + [world.turnup]
    # dropped hands were discarded unseen: they are part of the dead pool in the world
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)
