"""Tressette's strong bot reads the other player's cards (bots/tressette.py,
``their_moves`` and ``reading_weight``): what they held and saw when they chose each
card is rebuilt from the seat's view alone, and a world where their card was a poor
choice counts less. It also expects them to answer its lead as they see the deal
(``lead_values``), not with their best card against its hand. Honesty under
re-dealt worlds is tests/bots/test_tressette_bots.py's."""

import json
import random
import re
from pathlib import Path

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots import tressette as tb
from tests.rules.test_tressette import D, ND, new, run

GAME = games.get("tressette")


def test_their_moves_rebuild_what_they_held_and_saw_from_the_view_alone():
    """Random games: before each of their cards the truth is written down (their hand,
    mine, the stock's size, the cards gone, my cards they saw me draw); later, from my
    view and their true hand now, ``their_moves`` gives back every one of them."""
    checked = 0
    for seed in range(30):
        s = GAME.new_game(seed=seed, options={"first_dealer": seed % 2})
        rng = random.Random(seed)
        me = seed % 2
        other = 1 - me
        truth, deal = [], s.deal_no
        seen_drawn = set()
        for _ in range(rng.randrange(6, 36)):
            if s.is_over or s.deal_no != deal:
                break
            if s.to_act == other:
                led = s.trick[0][1] if s.trick else None
                mine = set(s.hands[me])
                gone = {c for t in s.tricks for c in t["cards"].values()}
                truth.append((set(s.hands[other]), mine, len(s.stock), gone, mine & seen_drawn, led))
            action = rng.choice(s.legal_actions())
            events = s.apply(action)
            seen_drawn |= {e["card"] for e in events if e["type"] == "draw" and e["seat"] == me}
        if s.is_over or s.deal_no != deal or not s.stock:
            continue
        moves = tb.their_moves(s.view(me), me)
        assert len(moves) == len(truth)
        now = tb.mask(s.hands[other])
        for m, (held, mine, stock, gone, shown, led) in zip(moves, reversed(truth)):
            assert tb.cards_of((now | m.played_since) & ~m.drawn_since) == tb.cards_of(tb.mask(held))
            assert set(tb.cards_of(m.mine)) == mine - {led}
            assert m.stock == stock and set(tb.cards_of(m.gone)) == gone
            assert set(tb.cards_of(m.shown)) == shown
            assert m.led == (tb.BIT[led] if led else 0)
            checked += 1
    assert checked > 60


def test_hidden_draws_leave_only_the_card_on_the_table_to_read():
    s = new(["4S", "5S", "6S"], ["AS", "KS", "QH"], stock=["7C", "6C", "5C", "4C"], show_draws=False)
    run(s, "play 4S", "play AS", "play QH")  # they win, draw unseen, lead the queen of hearts
    moves = tb.their_moves(s.view(ND), ND)
    assert [tb.CARD[m.card] for m in moves] == ["QH"]


def test_a_world_where_they_gave_up_their_ace_with_a_four_in_hand_counts_less():
    """I lead the three of spades, which nothing beats; they answer with the ace (a
    point, mine now). A world that gives them the four of spades then (a card worth
    nothing they could have given instead) counts less than one that has the four in
    the stock (the ace was their only spade: no choice, nothing read)."""
    mine = ["3S", "6D", "7D", "JD", "QD", "KD", "4C", "5C", "6C", "2D"]
    theirs = ["AS", "4S", "5H", "6H", "7H", "JH", "QH", "KH", "4D", "5D"]
    s = new(mine, theirs, stock=["2C", "3C"])
    run(s, "play 3S", "play AS")  # I take the trick and we draw: my lead
    assert "4S" in s.hands[D] and "7C" in s.stock
    moves = tb.their_moves(s.view(ND), ND)
    assert [tb.CARD[m.card] for m in moves] == ["AS"]
    without = s.clone()
    without.hands[D] = ["7C" if c == "4S" else c for c in without.hands[D]]
    without.stock = ["4S" if c == "7C" else c for c in without.stock]
    assert without.view(ND) == s.view(ND)
    weigh = tb.reading_weight(moves, D, random.Random(0))
    assert weigh(without) == 1.0
    assert weigh(s.clone()) < 0.3


def test_strong_says_when_its_worlds_were_read():
    """Its reason names the reading once there is a card of theirs to read (before, the
    plain search's), in words of both languages with the same blanks."""
    strong = bots.make("tressette", "strong")
    s = new(["3S", "6D", "7D", "JD", "QD", "KD", "4C", "5C", "6C", "2D"],
            ["AS", "4S", "5H", "6H", "7H", "JH", "QH", "KH", "4D", "5D"], stock=["2C", "3C"])
    assert strong.explain(Observation(s, ND), random.Random(1))[1]["key"] == "hint.tressette.search"
    run(s, "play 3S", "play AS")
    assert strong.explain(Observation(s, ND), random.Random(1))[1]["key"] == "hint.tressette.search_read"
    words = Path(__file__).resolve().parents[2] / "web" / "i18n" / "games"
    blanks = {lang: set(re.findall(r"\{\w+\}", json.loads((words / f"tressette.{lang}.json").read_text())
                                   ["hint.tressette.search_read"])) for lang in ("en", "ja")}
    assert blanks["en"] == blanks["ja"] == {"{n}", "{card}"}


def test_my_lead_is_answered_as_they_see_the_deal_not_as_if_they_saw_my_hand():
    """I lead the 5 of clubs; they hold the 4 and the 6. Against my hand as it is (the
    ace and king of clubs with it) their best answer is the 6; over hands of mine
    they might imagine it is the 4, and my lead is worth the trick with the 4. The
    card they answer is the same whatever my unseen cards are."""
    mine = ["JD", "4D", "5C", "KC", "AC", "4H", "QH", "KS", "KH", "QS"]
    theirs = ["JH", "5D", "AS", "7H", "JS", "4C", "QD", "6H", "7S", "6C"]
    stock = ["3D", "5S", "QC", "5H", "2H", "AH", "3C", "2S", "6D", "JC",
             "AD", "6S", "3H", "KD", "7D", "3S", "2D", "4S", "2C", "7C"]
    s = new(mine, theirs, stock=stock)
    A, B = tb.mask(s.hands[ND]), tb.mask(s.hands[D])
    deck = tuple(tb.BIT[c] for c in s.stock)
    lead, four, six = tb.BIT["5C"], tb.BIT["4C"], tb.BIT["6C"]
    pool = tb.ALL & ~B  # what they cannot see: my hand and the stock
    draw = random.Random(0)
    orders = [[tb.BIT[c] for c in draw.sample(tb.cards_of(pool), 30)] for _ in range(tb.READ_GUESSES)]

    seeing = tb.world_values(B, A ^ lead, deck, lead, [four, six])  # their values, my hand seen
    assert seeing[1] > seeing[0] + 1  # the 6, by more than a third of a point
    assert tb.their_answer(B, lead, 0, pool & ~lead, 9, 20, orders) == four
    [value] = tb.lead_values(A, B, deck, [lead], 0, pool, orders)
    assert value == -seeing[0]  # the trick with the 4
    assert value != tb.world_values(A, B, deck, 0, [lead])[0]  # not their best against my hand

    # my king of clubs swapped with the stock's 3 of diamonds (they see no difference):
    # my lead's worth changes, their answer does not
    A2 = A ^ tb.BIT["KC"] ^ tb.BIT["3D"]
    deck2 = tuple(tb.BIT["KC"] if b == tb.BIT["3D"] else b for b in deck)
    seeing2 = tb.world_values(B, A2 ^ lead, deck2, lead, [four, six])
    assert seeing2[1] > seeing2[0] and seeing2 != seeing  # seen, still the 6, for another worth
    assert tb.lead_values(A2, B, deck2, [lead], 0, pool, orders) == [-seeing2[0]]


def test_drawn_by_names_the_draws_they_saw():
    shown = new(["4S", "5S", "6S"], ["AS", "KS", "QH"], stock=["7C", "6C", "5C", "4C"])
    hidden = new(["4S", "5S", "6S"], ["AS", "KS", "QH"], stock=["7C", "6C", "5C", "4C"], show_draws=False)
    for s in (shown, hidden):
        run(s, "play 4S", "play AS")  # they win and draw first: the 7 of clubs theirs, the 6 mine
    assert tb.cards_of(tb.drawn_by(shown.view(ND), ND)) == ["6C"]
    assert tb.cards_of(tb.drawn_by(shown.view(ND), D)) == ["7C"]
    assert tb.drawn_by(hidden.view(D), ND) == 0
