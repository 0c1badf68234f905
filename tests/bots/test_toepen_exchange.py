"""Toepen's strong lies in an exchange as often as the table lets it: a hand with a
poor chance to win the last trick is swapped for four unseen cards, the more readily
the less this game's players have challenged (``challenge_rate``, ``exchange_line``),
and a table that challenges everything gets little but the honest exchange."""

import random

from cardtable.bots import Observation
from cardtable.bots import toepen as tb
from tests.rules.test_toepen import new

KING_HIGH = ["KS", "QH", "9D", "8C"]  # no ace: about a 22% chance to win the last trick, leading at four


def _choices(s, seat: int = 1, tries: int = 9) -> list[str]:
    bot, obs = tb.StrongToepenBot(), Observation(s, seat)
    return [bot.explain(obs, random.Random(k))[0] for k in range(tries)]


def _history(exchanges: int, challenged: int, asked=(3, 0, 1)) -> tuple:
    return tuple((2, asked, (asked[0],) if i < challenged else ()) for i in range(exchanges))


def test_the_rate_starts_at_one_in_two_and_follows_the_table():
    s = new(hands={1: KING_HIGH})
    assert tb.challenge_rate(s.view(1), 1) == 0.5  # nothing seen yet: the prior
    s.exchange_history = _history(36, 0)
    assert tb.challenge_rate(s.view(1), 1) == 1 / 38
    s.exchange_history = _history(36, 36)
    assert tb.challenge_rate(s.view(1), 1) == 37 / 38


def test_the_rate_leaves_out_its_own_challenges_and_the_exchanges_only_it_was_asked_about():
    s = new(hands={1: KING_HIGH})
    s.exchange_history = ((2, (1,), (1,)),) * 10 + ((2, (3, 1), (1,)),) * 10
    # the first ten: only seat 1 was asked; the next ten: seat 3 passed, seat 1 challenged
    assert tb.challenge_rate(s.view(1), 1) == 1 / 12
    assert tb.challenge_rate(s.view(0), 0) == 21 / 22  # seat 0 counts seat 1's challenges


def test_strong_swaps_a_king_high_hand_at_a_table_that_never_challenges_and_keeps_it_at_one_that_always_does():
    s = new(hands={1: KING_HIGH})
    assert tb.exchange_line(4, 0.0) > 0.3 > 0.2 > 0.12 > tb.exchange_line(4, 1.0)
    s.exchange_history = _history(36, 0)
    lax = _choices(s)
    s.exchange_history = _history(36, 36)
    strict = _choices(s)
    assert lax.count("exchange") >= 7 and strict.count("keep") >= 7, (lax, strict)


def test_strong_keeps_an_ace_and_king_at_any_table_and_always_swaps_four_number_cards():
    strong_hand = new(hands={1: ["AS", "KS", "QH", "9D"]})
    strong_hand.exchange_history = _history(36, 0)
    assert _choices(strong_hand) == ["keep"] * 9
    honest = new(hands={1: ["TS", "9H", "8D", "7C"]})
    honest.exchange_history = _history(36, 36)
    assert _choices(honest) == ["exchange"] * 9


def test_its_reason_names_its_chance_and_the_table_rate():
    s = new(hands={1: KING_HIGH})
    action, reason = tb.StrongToepenBot().explain(Observation(s, 1), random.Random(0))
    assert reason["key"] == f"hint.toepen.{action}_odds" and reason["rate"] == "50%" and "%" in reason["chance"]
