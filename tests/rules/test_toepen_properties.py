"""Property tests over thousands of seeded random Toepen games, 3 to 8 players, with
random options: every card in one place, chips plus the pool conserved and the pool
never negative at every step (tests/support/invariants.py), a folded player never plays again in that deal, every trick is won by a
live card, the stake only rises by one on a knock someone stayed for, views never
show another player's hand, and anything not listed as legal is refused, changing
nothing. Random players knock, fold and challenge far more than anyone would, which
is the point: every path is walked."""

import random

from hypothesis import HealthCheck, example, given, settings, strategies as st

from cardtable import games
from cardtable.games.toepen import DECK
from tests.support.invariants import checker
from tests.support.state_checks import assert_refused_unchanged
from tests.support.budget import scaled

GAME = games.get("toepen")
# Settlements where chips only change hands can take a long while; and a game that
# must end can need more than 6,000 actions: 8 players with 20 chips each, pool
# settlement, nobody knocking or folding (LONGEST_GAME_THAT_ENDS, about 6,400).
MAX_ACTIONS = 12_000
LONGEST_GAME_THAT_ENDS = dict(
    seed=26230, p_knock=0.0, p_fold=0.0,
    options={"players": 8, "chips": 20, "end": "bankruptcy", "settlement": "pool",
             "challenges": "first", "exchanges": "once", "folded_card": "dead", "stake_cap": 0,
             "missed_call": "penalty", "sevens_whistle": False, "debt": False, "ties": "shared",
             "knock_from": "play"})


@st.composite
def setups(draw):
    return {
        "players": draw(st.integers(3, 8)),
        "chips": draw(st.sampled_from([10, 12, 20])),
        "end": draw(st.sampled_from(["bankruptcy", "last_standing"])),
        "settlement": draw(st.sampled_from(["pool", "literal", "direct", "lives"])),
        "challenges": draw(st.sampled_from(["first", "all"])),
        "exchanges": draw(st.sampled_from(["once", "repeat"])),
        "folded_card": draw(st.sampled_from(["dead", "live"])),
        "stake_cap": draw(st.sampled_from([0, 8])),
        "missed_call": draw(st.sampled_from(["penalty", "auto"])),
        "sevens_whistle": draw(st.booleans()),
        "debt": draw(st.booleans()),
        "ties": draw(st.sampled_from(["shared", "play_on"])),
        "knock_from": draw(st.sampled_from(["play", "deal"])),
    }


BAD = ["play " + c for c in DECK] + ["knock", "pass", "stay", "fold", "exchange", "keep", "challenge",
                                     "whistle", "stand", "silent", "bid 1"]


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=setups(), p_knock=st.floats(0.0, 0.3), p_fold=st.floats(0.0, 0.6))
@example(**LONGEST_GAME_THAT_ENDS)
def test_random_games_keep_every_invariant(seed, options, p_knock, p_fold):
    s = GAME.new_game(seed=seed, options=options)
    n = s.num_players
    total = n * options["chips"]
    rng = random.Random(seed)
    check = checker(s)
    assert check.total == total
    folded_this_deal: set[int] = set()
    deal = s.deal_no
    for _ in range(MAX_ACTIONS):
        if s.is_over:
            break
        if s.deal_no != deal:
            deal, folded_this_deal = s.deal_no, set()
        seat = s.to_act
        assert seat not in folded_this_deal and s.alive[seat]
        if rng.random() < 0.05:
            check.views(s, [seat])
        legal = s.legal_actions()
        if "knock" in legal and rng.random() < p_knock:
            action = "knock"
        elif legal == ["stay", "fold"]:
            action = "fold" if rng.random() < p_fold else "stay"
        else:
            choices = [a for a in legal if a != "knock"]
            action = rng.choice(choices or legal)
        stake = s.stake
        check.before(s, action)
        events = s.apply(action)
        check.after(s, events)
        for e in events:
            if e["type"] == "fold":
                folded_this_deal.add(e["seat"])
            if e["type"] == "play":
                assert e["seat"] not in folded_this_deal
            if e["type"] == "trick":
                winner = [p for p in e["plays"] if p[0] == e["winner"]][0]
                assert not winner[2] or (options["folded_card"] == "live" and e["number"] < 4)
            if e["type"] == "stake":
                assert e["stake"] == stake + 1
            if e["type"] == "deal_won" and e["why"] == "last_trick":
                assert e["seat"] not in folded_this_deal
        if rng.random() < 0.05 and not s.is_over:
            assert_refused_unchanged(s, BAD, lambda s: (s.view(s.to_act), s.legal_actions(), s.to_act,
                                                        list(s.chips), s.pool, s.stake))
    if not s.is_over:
        # Where chips only change hands (literal, direct), or when the last two players
        # standing pass the stake back and forth through the pool, the end is a long
        # random walk; elsewhere the pool drains the table and the game must end.
        assert options["settlement"] in ("literal", "direct") or options["end"] == "last_standing"
        return
    check.finish(s)
    winners = s.result["winners"]
    if options["end"] == "bankruptcy":
        assert any(c <= 0 for c in s.chips)
        assert all(s.chips[w] == max(s.chips) for w in winners)
        if options["ties"] == "play_on":
            assert len(winners) == 1 or sum(s.alive) <= 1
    else:
        assert sum(1 for c in s.chips if c > 0) <= 1


@settings(max_examples=scaled(300, pyodide=30), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 8))
def test_sampled_worlds_keep_what_the_seat_knows(seed, players):
    """``sample_world`` never moves a card the seat can see, keeps hand sizes, voids
    and revealed calls, and deals every card exactly once."""
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
    cards = [c for h in w.hands for c in h] + w.stock + w.played + [c for h in w.folded_hands.values() for c in h]
    cards += [c for r in w.exchanges for c in r["discards"]]
    assert sorted(cards) == sorted(DECK)
    for other in range(players):
        assert len(w.hands[other]) == len(s.hands[other])
        assert not any(c[1] in s.voids[other] for c in w.hands[other])
    assert w.view(seat) == s.view(seat)
