"""Brazilian Truco's own properties over thousands of seeded random games with
random options (the contract every game keeps, tests/contracts/test_random_games.py,
plays the same games with the same profile, tests/support/random_play.py): team
points only grow, by a value on the ladder (1, 3, 6, 9, 12) or 1 for a run or a
refused hand at eleven; the stake never passes 12; a truco is called at most once
a hand and never at eleven; no raise is offered that accepting would already win;
the game ends the moment a team reaches 12; a trick of face-down cards only is
never won; with signals, a seat knows its partner's manilhas. Sampled worlds keep
the seat's own hand (unless blind), the hand sizes and the partner's known cards."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import games
from cardtable.games.brazilian_truco import MANILHAS, TARGET
from tests.support.budget import scaled
from tests.support.random_play import PROFILES, Watch, play

PROFILE = PROFILES["brazilian_truco"]
GAME = games.get("brazilian_truco")


class Hands(Watch):
    def __init__(self, seed, options):
        self.options = options
        self.rng = random.Random(f"brazilian_truco/{seed}")

    def start(self, s):
        self.hand, self.trucos = s.hand_no, 0

    def before(self, s, action):
        assert max(s.scores) < TARGET and s.value in (1, 3, 6, 9, 12)
        if s.hand_no != self.hand:
            self.hand, self.trucos = s.hand_no, 0
        seat = s.to_act
        legal = s.legal_actions()
        if s.phase == "answer" and "raise" in legal:
            assert s.scores[1 - s.offer["by"]] + s.offer["value"] < TARGET and s.offer["value"] < 12
        if s.special:
            assert "truco" not in legal
        if self.rng.random() < 0.1 and self.options["signals"] and not s.special:
            partner = (seat + 2) % 4
            assert set(s.view(seat)["partner_known"]) >= {c for c in s.hands[partner] if c in MANILHAS}
        self.scores = list(s.scores)

    def after(self, s, events):
        for e in events:
            if e["type"] == "truco":
                self.trucos += 1
                assert self.trucos == 1
            if e["type"] == "hand":
                gained = [a - b for a, b in zip(e["scores"], self.scores)]
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

    def end(self, s):
        assert s.is_over
        w = s.result["winner"]
        assert s.scores[w] >= TARGET > s.scores[1 - w]


@settings(max_examples=scaled(2000, pyodide=200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=PROFILE.options, knobs=PROFILE.knobs)
def test_points_climb_the_ladder_and_a_truco_comes_once_a_hand(seed, options, knobs):
    play("brazilian_truco", seed, options, knobs, [Hands(seed, options)])


@settings(max_examples=scaled(400, pyodide=40), deadline=None)
@given(seed=st.integers(0, 2**31), options=PROFILE.options, steps=st.integers(0, 40))
def test_sampled_worlds_keep_what_the_seat_knows(seed, options, steps):
    """``sample_world`` keeps the seat's own hand (unless blind), the hand sizes,
    the partner's known cards, and with signals the partner's manilhas."""
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
    if s.special != "iron":
        assert w.hands[seat] == s.hands[seat]
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
    partner = (seat + 2) % 4
    assert set(s.known_partner_cards(seat)) <= set(w.hands[partner])
    if options["signals"] and not s.special:
        assert {c for c in w.hands[partner] if c in MANILHAS} == {c for c in s.hands[partner] if c in MANILHAS}
