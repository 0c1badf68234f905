"""Property tests over thousands of seeded random Brazilian Truco games with random
options: team points only grow, by a value on the ladder (1, 3, 6, 9, 12) or 1 for
a run or a refused hand at eleven; the stake never passes 12; a truco is called at
most once a hand and never at eleven; no raise is offered that accepting would
already win; the game ends the moment a team reaches 12; every card is in one
place and views never show a hand the seat may not see (tests/support/invariants.py); anything not legal is refused, changing nothing. Sampled
worlds keep what the seat knows and deal every card once."""

import random

from hypothesis import given, settings, strategies as st

from cardtable import games
from cardtable.games.brazilian_truco import DECK, MANILHAS, TARGET
from tests.support.budget import scaled
from tests.support.invariants import checker
from tests.support.state_checks import assert_refused_unchanged

GAME = games.get("brazilian_truco")
CHOICES = {k: o.choices for k, o in GAME.options.items() if o.choices}


@st.composite
def setups(draw):
    options = {k: draw(st.sampled_from(v)) for k, v in CHOICES.items()}
    options["signals"] = draw(st.booleans())
    return options


BAD = ["play " + c for c in DECK] + ["keep", "pass", "burn", "truco", "accept", "run", "raise", "flip",
                                     "play 4C down", "knock"]


@settings(max_examples=scaled(2000, pyodide=200), deadline=None)
@given(seed=st.integers(0, 2**31), options=setups(), p_truco=st.floats(0.0, 0.5), p_down=st.floats(0.0, 0.3))
def test_random_games_keep_every_invariant(seed, options, p_truco, p_down):
    s = GAME.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    check = checker(s)
    hand, trucos = s.hand_no, 0
    for _ in range(3000):
        if s.is_over:
            break
        assert max(s.scores) < TARGET and s.value in (1, 3, 6, 9, 12)
        if s.hand_no != hand:
            hand, trucos = s.hand_no, 0
        seat = s.to_act
        legal = s.legal_actions()
        if s.phase == "answer" and "raise" in legal:
            assert s.scores[1 - s.offer["by"]] + s.offer["value"] < TARGET and s.offer["value"] < 12
        if s.special:
            assert "truco" not in legal
        if rng.random() < 0.1:
            check.views(s, [seat])
            partner = (seat + 2) % 4
            if options["signals"] and not s.special:
                assert set(s.view(seat)["partner_known"]) >= {c for c in s.hands[partner] if c in MANILHAS}
        if "truco" in legal and rng.random() < p_truco:
            action = "truco"
        else:
            downs = [a for a in legal if a.endswith(" down")]
            rest = [a for a in legal if a != "truco" and not a.endswith(" down")]
            action = rng.choice(downs) if downs and rng.random() < p_down else rng.choice(rest or legal)
        before = list(s.scores)
        events = s.apply(action)
        check.after(s, events)
        for e in events:
            if e["type"] == "truco":
                trucos += 1
                assert trucos == 1
            if e["type"] == "hand":
                gained = [a - b for a, b in zip(e["scores"], before)]
                if e["winner"] is None:
                    assert gained == [0, 0]
                else:
                    assert gained[1 - e["winner"]] == 0 and gained[e["winner"]] == e["points"]
                    assert e["points"] in (1, 3, 6, 9, 12)
                    if e["why"] in ("ran", "eleven_run"):
                        assert e["points"] in (1, 3, 6, 9)
            if e["type"] == "trick":
                up = [c for _, c, d in e["plays"] if not d]
                assert e["winner"] is None or up  # a trick of face-down cards only is never won
        if rng.random() < 0.05 and not s.is_over:
            assert_refused_unchanged(s, BAD, lambda s: (s.view(s.to_act), s.legal_actions(), s.to_act,
                                                        list(s.scores), s.value))
    assert s.is_over
    check.finish(s)


@settings(max_examples=scaled(400, pyodide=40), deadline=None)
@given(seed=st.integers(0, 2**31), options=setups(), steps=st.integers(0, 40))
def test_sampled_worlds_keep_what_the_seat_knows(seed, options, steps):
    """``sample_world`` keeps the seat's view, its own hand (unless blind), the hand
    sizes, the partner's known cards, and deals every card exactly once."""
    s = GAME.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        legal = s.legal_actions()
        s.apply(rng.choice([a for a in legal if a != "truco"] or legal))
    if s.is_over:
        return
    seat = s.to_act
    w = s.sample_world(seat, random.Random(seed + 1))
    assert w.view(seat) == s.view(seat)
    if s.special != "iron":
        assert w.hands[seat] == s.hands[seat]
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
    cards = [c for h in w.hands for c in h] + w.stock + w.burned + [p["card"] for t in w.tricks for p in t["plays"]]
    assert sorted(cards) == sorted(DECK)
    partner = (seat + 2) % 4
    assert set(s.known_partner_cards(seat)) <= set(w.hands[partner])
    if options["signals"] and not s.special:
        assert {c for c in w.hands[partner] if c in MANILHAS} == {c for c in s.hands[partner] if c in MANILHAS}
