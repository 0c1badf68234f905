"""The bid advisor and the strong autoplayer, against exact calculations.

Three independent checks of the solver: small positions worked out by hand; a
brute-force expectimax over the real cards (no reduction of positions); and the
real engine dealt every possible order of the unseen cards with the strong bot
playing, whose average score must equal the solver's expected score exactly.
"""

import itertools
import random
from fractions import Fraction
from functools import lru_cache

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots import oneonta_whist as ow
from cardtable.games.oneonta_whist import DECK, JOKERS, card_suit, edward_score, trick_winner

GAME = games.get("oneonta_whist")


def position(hand, dummy, dead, turned="QH", bid=0, taken=0, **options):
    """A deal reduced to its last ``len(hand)`` tricks, the dummy's first card led."""
    s = GAME.new_game(seed=1, options=options)
    s.turned, s.trump = turned, (None if turned in JOKERS else turned[1])
    s.hand, s.dummy, s.dead = list(hand), list(dummy), list(dead)
    s.bid, s.taken, s.tricks_played, s.phase, s.seen = bid, taken, 9 - len(hand), "play", []
    s._lead_next()
    return s


def test_one_card_left_worked_by_hand():
    # A♠ alone, hearts trumps, unseen K♠ Q♥ J♦ 10♣: only K♠ led lets the ace win (1 in 4).
    view = {"hand": ["AS"], "unseen": ["KS", "QH", "JD", "TC"], "trump": "H", "lead": None,
            "dummy_count": 1, "exact_bonus": 0}
    table = ow.bid_table(view)
    assert table["bids"][1]["expected"] == pytest.approx(0.25 * 1 + 0.75 * -1)
    assert table["bids"][1]["make"] == pytest.approx(0.25)
    assert table["bids"][0]["expected"] == pytest.approx(0.25 * -1)
    assert table["best"] == 0 and table["tricks"] == pytest.approx([0.75, 0.25])


def test_the_seeds_aqt_side_suit_is_a_certain_zero():
    # The seed: with A Q 10 of a plain suit, 0 tricks is certain (duck K with Q, J with 10,
    # and the ace is discarded on another suit's lead).
    hand = ["AS", "QS", "TS"]
    unseen = ["KS", "JS", "AH", "KD", "QD", "JC"]
    view = {"hand": hand, "unseen": unseen, "trump": "H", "lead": None, "dummy_count": 3, "exact_bonus": 0}
    assert ow.bid_table(view)["bids"][0]["make"] == pytest.approx(1.0)


def test_lead_chances_are_exact_not_independent():
    view = {"hand": [], "unseen": ["AS", "KS"] + [c for c in DECK if c[1] in "DC"][:10],
            "trump": "H", "lead": None, "dummy_count": 9}
    chances = ow.lead_chances(view)
    assert chances["each"] == pytest.approx(9 / 12)
    spades = chances["suits"]["S"]["counts"]  # the seed's two waiting cards
    assert spades[2] == pytest.approx(9 / 12 * 8 / 11)  # both led: 54.5%, not 56.25%
    assert spades[0] == pytest.approx(3 / 12 * 2 / 11)  # neither: 4.5%, not 6.25%
    assert sum(spades) == pytest.approx(1.0)


# --- brute force over the real cards ----------------------------------------------------
def brute_value(hand, unseen, trump, bid, need, anytime=False):
    """Exact best expected Edward score with fractions, every card kept distinct."""

    @lru_cache(maxsize=None)
    def value(hand, unseen, need):
        if not hand:
            return Fraction(edward_score(bid, bid - need))
        total = Fraction(0)
        for lead in unseen:
            led = card_suit(lead, trump)
            follow = [c for c in hand if card_suit(c, trump) == led]
            if anytime and trump is None and follow:
                follow += [c for c in hand if c in JOKERS]
            best = None
            for card in follow or hand:
                won, _ = trick_winner(lead, card, trump)
                if anytime and trump is None and card in JOKERS:
                    won = True
                v = value(hand - {card}, unseen - {lead}, need - won)
                best = v if best is None else max(best, v)
            total += best
        return total / len(unseen)

    return value(frozenset(hand), frozenset(unseen), need)


@pytest.mark.parametrize("seed", range(12))
def test_solver_matches_brute_force_on_random_small_positions(seed):
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    turned = cards.pop()
    trump = None if turned in JOKERS else turned[1]
    anytime = seed % 3 == 0
    r = rng.choice([2, 3, 4])
    hand, unseen = cards[:r], cards[r:2 * r + 3]
    key = ow.encode(hand, unseen, trump, anytime)
    for bid in range(r + 1):
        for need in range(-1, bid + 1):
            expected = brute_value(hand, unseen, trump, bid, need, anytime)
            got = ow.solver(bid).value(key, need)[0]
            assert got == pytest.approx(float(expected), abs=1e-9), (hand, unseen, trump, bid, need)


# --- the real engine, every order of the unseen cards ------------------------------------------
@pytest.mark.parametrize("hand, unseen, turned, bid, taken", [
    (["AS", "QS", "JD"], ["KS", "TS", "AD", "QH", "LJ", "KC"], "JH", 7, 6),
    (["BJ", "KD", "QC"], ["AD", "TD", "AC", "AS", "KH", "JS"], "LJ", 5, 3),
    (["TH", "KS", "AC"], ["AS", "QS", "KC", "QC", "BJ", "AH"], "JH", 4, 2),
])
def test_strong_play_earns_exactly_what_the_solver_promises(hand, unseen, turned, bid, taken):
    """Average of the deal's score over all 6·5·4 equally likely dummy orders (the engine
    plays them, the strong bot decides from its view) equals the advisor's value."""
    bot = bots.make("oneonta_whist", "strong")
    scores = []
    for order in itertools.permutations(unseen, 3):
        dead = [c for c in unseen if c not in order]
        s = position(hand, order, dead, turned, bid, taken)
        if not scores:
            first = s.clone()
        while not s.history:
            s.apply(bot.choose(Observation(s, 0), None))
        scores.append(s.history[0]["score"])
    view = first.view(0)
    promised = ow.card_table(view, [a.split()[1] for a in first.legal_actions()])
    best = max(row["expected"] for row in promised["cards"])
    # the first lead is fixed by the position: average only the orders with that lead
    same_lead = [sc for order, sc in zip(itertools.permutations(unseen, 3), scores) if order[0] == view["lead"]]
    assert sum(same_lead) / len(same_lead) == pytest.approx(best, abs=1e-9)
    # and over all orders, the solver's value of the position before its first lead
    key = ow.encode(hand, unseen, first.trump)
    assert sum(scores) / len(scores) == pytest.approx(ow.solver(bid).value(key, bid - taken)[0], abs=1e-9)


def test_the_strong_bot_sees_only_the_view():
    """Re-dealing the unseen cards (consistently with the view) never changes its choice."""
    bot = bots.make("oneonta_whist", "strong")
    for seed in range(6):
        s = GAME.new_game(seed=seed)
        for step in range(4):
            choice = bot.choose(Observation(s, 0), None)
            for k in range(3):
                world = s.sample_world(0, random.Random(k))
                assert world.view(0) == s.view(0)
                assert bot.choose(Observation(world, 0), None) == choice
            s.apply(choice)


def test_the_advisor_tables_add_up():
    s = GAME.new_game(seed=5)
    advice = bots.advice("oneonta_whist", s)
    assert advice["phase"] == "bid" and len(advice["bids"]) == 10
    assert sum(advice["tricks"]) == pytest.approx(1.0)
    best = advice["bids"][advice["best"]]
    assert best["expected"] == max(r["expected"] for r in advice["bids"])
    # playing for the best bid, the chance of taking exactly that many is the make chance
    assert advice["tricks"][advice["best"]] == pytest.approx(best["make"])
    s.apply(f"bid {advice['best']}")
    advice = bots.advice("oneonta_whist", s)
    assert advice["phase"] == "play"
    assert [r["card"] for r in advice["cards"]] == [a.split()[1] for a in s.legal_actions()]
    assert advice["leads"]["each"] == pytest.approx(8 / 11)
    assert bots.advice("le_truc", games.get("le_truc").new_game(seed=1)) is None


def test_hint_is_the_strong_bots_move_with_its_numbers():
    from cardtable.session import Session
    session = Session("oneonta_whist", 5)
    hint = session.hint()
    assert hint["level"] == "strong" and hint["action"].startswith("bid ")
    assert hint["reason"]["key"] == "hint.oneonta_whist.bid" and 0 <= hint["reason"]["make"] <= 100


@pytest.mark.parametrize("seed", [2, 8])
def test_the_advisor_answers_at_every_decision_of_a_game(seed):
    """As the page asks it: each bid and each trick of nine deals, to the last card."""
    s = GAME.new_game(seed=seed, options={"joker_anytime": seed == 8})
    while not s.is_over:
        advice = bots.advice("oneonta_whist", s)
        leads = advice["leads"]
        assert leads["each"] == pytest.approx(leads["to_come"] / leads["unseen"])
        for info in leads["suits"].values():
            assert sum(info["counts"]) == pytest.approx(1.0)
            assert all(p == 0 for k, p in enumerate(info["counts"]) if k > leads["to_come"])
        if advice["phase"] == "play":
            assert 0 <= min(r["make"] for r in advice["cards"]) <= 1
        s.apply(f"bid {advice['best']}" if advice["phase"] == "bid" else f"play {advice['best'][0]}")


def test_the_solitaire_arena_reports_score_goal_and_bids_made(capsys):
    from cardtable_lab import arena
    r = arena.run_solo("oneonta_whist", "random", 6, jobs=1)
    assert r["games"] == 6 and r["worst"] <= r["score"] <= r["best"] and 0 <= r["made"] <= 1
    assert arena.main(["oneonta_whist", "random", "-n", "2", "-j", "1"]) == 0
    assert "mean score" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        arena.main(["oneonta_whist", "strong", "random"])  # a solitaire takes one level
