"""Cards as short string codes, and the decks the games are played with.

A card *is* its code: rank then suit, ranks ``A K Q J T 9 8 7 6 5 4 3 2``, suits
``S H D C`` (``TS`` is the ten of spades), jokers ``BJ`` and ``LJ``. Plain strings
keep views, events, actions and saves JSON-able with no conversion layer, and the
same code appears in the page, the log and the tests.
"""

from __future__ import annotations

import random
from typing import Iterable

RANKS = "AKQJT98765432"
SUITS = "SHDC"
JOKERS = ("BJ", "LJ")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

Card = str  # a card code such as "KS"; see the module docstring


def is_card(code: object) -> bool:
    """True when ``code`` is a well-formed card code."""
    return isinstance(code, str) and (
        code in JOKERS or (len(code) == 2 and code[0] in RANKS and code[1] in SUITS)
    )


def rank(card: Card) -> str:
    """The rank letter of a card (``"T"`` for a ten); jokers have none."""
    if card in JOKERS:
        raise ValueError(f"a joker ({card}) has no rank")
    return card[0]


def suit(card: Card) -> str:
    """The suit letter of a card; jokers have none."""
    if card in JOKERS:
        raise ValueError(f"a joker ({card}) has no suit")
    return card[1]


def led_suit(trick) -> str | None:
    """The suit led to a trick of (seat, card) pairs; None before the lead."""
    return trick[0][1][1] if trick else None


def follow_suit(hand: Iterable[Card], led: str | None) -> list[Card]:
    """The cards a player may play under must-follow: those of the ``led`` suit if
    the hand holds any, else all of them (``led`` None: leading, anything goes)."""
    hand = list(hand)
    same = [c for c in hand if c[1] == led] if led else []
    return same or hand


def refuse_card(hand: Iterable[Card], card: Card, led: str | None) -> str:
    """Why ``card`` may not be played under must-follow, in the player's words."""
    if card not in hand:
        return f"You do not hold {card}."
    if led:
        return f"You must follow suit: play one of your {SUIT_NAMES[led]}."
    return f"You may not play {card} now."


def make_deck(ranks: Iterable[str], suits: str = SUITS, jokers: Iterable[str] = ()) -> list[Card]:
    """A deck in a fixed, documented order: suit by suit, ranks in the given order."""
    ranks = list(ranks)
    bad = [r for r in ranks if r not in RANKS]
    if bad:
        raise ValueError(f"unknown ranks {bad}")
    return [r + s for s in suits for r in ranks] + list(jokers)


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards`` drawn from ``rng`` (the only source of chance)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def check_stacked_deck(deck: object, full: list[Card]) -> list[Card]:
    """Validate a stacked deck (tests, rule demos): exactly the game's cards, once each.

    Raises ``ValueError`` naming the missing, extra or repeated cards.
    """
    if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
        raise ValueError("the deck must be a list of card codes such as 'KS'")
    deck = [c.upper() for c in deck]
    bad = [c for c in deck if not is_card(c)]
    if bad:
        raise ValueError(f"not card codes: {', '.join(bad)}")
    seen: set[str] = set()
    repeated = sorted({c for c in deck if c in seen or seen.add(c)})
    missing = sorted(set(full) - set(deck))
    extra = sorted(set(deck) - set(full))
    if repeated or missing or extra:
        parts = []
        if repeated:
            parts.append("repeated " + ", ".join(repeated))
        if missing:
            parts.append("missing " + ", ".join(missing))
        if extra:
            parts.append("not in this game's deck " + ", ".join(extra))
        raise ValueError("the stacked deck is wrong: " + "; ".join(parts))
    return deck


def lay_open(held: Iterable[Card], seen: Iterable[Card], everything: bool = False) -> tuple[list[Card], list]:
    """A hand after the round as one player knows it: the cards the table saw, and
    the rest as ``None`` (a card back), or face up too when ``everything`` (learning
    mode). The rest keeps its own list, so a back's place among the known cards
    tells nothing."""
    seen = set(seen)
    held = list(held)
    rest = [c for c in held if c not in seen]
    return [c for c in held if c in seen], (rest if everything else [None] * len(rest))
