"""Tressette's strong bot reads the other player's cards (bots/tressette.py,
``their_moves`` and ``reading_weight``): what they held and saw when they chose each
card is rebuilt from the seat's view alone, and a world where their card was a poor
choice counts less. Honesty under re-dealt worlds is tests/bots/test_tressette_bots.py's."""

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
