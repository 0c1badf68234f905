"""Oneonta Whist (オニオンタ・ホイスト): a solitaire against a dummy that leads every trick.

Rules: ``docs/rules/oneonta_whist.md`` (the seed's Edward method is the default).

One player (seat 0). 22 cards: A K Q J 10 of each suit and two jokers, the Big
(``BJ``) and the Little (``LJ``). Each deal gives the player nine cards and the
dummy a face-down pile of nine; of the other four the top one is turned (its
suit is trumps; a turned joker means no trump suit, the other joker alone being
trump) and three stay unseen. The player bids 0-9 tricks, then the dummy turns
its top card to lead each trick and the player follows suit if able (the jokers
are trump-suit cards). Nine deals; the goal is 30 points.

Actions, always for seat 0: ``bid 0`` … ``bid 9`` (once per deal, after seeing
the hand and the turned card), then ``play KS`` for each trick.

Dealing from a stacked ``deck`` (top card first): one card at a time, dummy
first, so cards 1, 3, … 17 are the dummy's and 2, 4, … 18 the player's; the
dummy leads its cards in the order they were dealt (card 1 leads trick 1).
Card 19 is turned for trumps and cards 20-22 are the dead cards. Later deals
are shuffled from (seed, deal number).

Scoring (Edward method, per deal, bid ``b`` and tricks taken ``t``): ``t == b``
scores ``+b`` (plus ``exact_bonus``), fewer tricks score ``-b``, more tricks score
``-(t - b)``.

Options (the seed's rule first; each names the spec's open point):

- ``joker_anytime``: False (G3: in a no-trump deal the remaining joker is a
  one-card trump suit, played only when void in the led suit) or True (it may be
  played at any time, even when the player could follow, and wins the trick).
- ``exact_bonus``: 0 (G5: points added to a made bid; the seed knows none).
- ``target``: 30 (the goal of a game).
- ``success``: ``"at_least"`` (G6: a total of 30 or more reaches the goal) or
  ``"more_than"`` (only more than 30 does).
- ``deals``: 9 (the number of deals in a game).
"""

from __future__ import annotations

import random

from ..cards import SUIT_NAMES, check_stacked_deck, make_deck, shuffled
from ..protocol import Article, Game, Option, Preset, State, derived_rng

RANKS = "AKQJT"
SUIT_ORDER = "SHDC"
DECK = make_deck(RANKS) + ["BJ", "LJ"]
HAND_SIZE = 9
JOKERS = ("BJ", "LJ")


def card_suit(card: str, trump: str | None) -> str:
    """The suit a card belongs to for following: jokers are in the trump suit
    (``"T"`` stands for the one-card joker "suit" of a no-trump deal)."""
    if card in JOKERS:
        return trump or "T"
    return card[1]


def power(card: str) -> int:
    """Rank within a suit, higher wins: Big Joker 6, Little Joker 5, A 4 … 10 0."""
    if card == "BJ":
        return 6
    if card == "LJ":
        return 5
    return 4 - RANKS.index(card[0])


def is_trump(card: str, trump: str | None) -> bool:
    return card in JOKERS or (trump is not None and card[1] == trump)


def trick_winner(lead: str, follow: str, trump: str | None) -> tuple[bool, str]:
    """(player wins, why) for the dummy's ``lead`` and the player's ``follow``."""
    lead_trump, follow_trump = is_trump(lead, trump), is_trump(follow, trump)
    if follow_trump and not lead_trump:
        return True, "ruff"
    if lead_trump and not follow_trump:
        return False, "dummy_trump"
    if card_suit(follow, trump) == card_suit(lead, trump):
        return (power(follow) > power(lead)), ("higher" if power(follow) > power(lead) else "lower")
    return False, "discard"


def edward_score(bid: int, taken: int, bonus: int = 0) -> int:
    """The Edward method: exact scores the bid, under loses the bid, over loses the excess."""
    if taken == bid:
        return bid + bonus
    if taken < bid:
        return -bid
    return -(taken - bid)


def sort_hand(cards, trump: str | None) -> list[str]:
    """Trumps first (jokers on top), then the other suits; highest first within a suit."""
    def key(c):
        s = card_suit(c, trump)
        group = 0 if is_trump(c, trump) else 1 + SUIT_ORDER.index(s)
        return (group, -power(c))
    return sorted(cards, key=key)


class OneontaWhistState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"laid_open", "dealt", "last_trick", "final_trick"}

    def __init__(self, game, seed, options, deck):
        self.game = game
        self.seed = seed
        self.options = options
        self.num_players = 1
        self.total = 0
        self.deal_no = 0
        self.history: list[dict] = []  # one row per finished deal
        self.final_trick: dict | None = None  # the last finished deal's final trick, seen after it
        self.laid_open: dict | None = None  # the last finished deal, laid open on request
        self.phase = "bid"
        self._actor = 0  # always the player (the dummy's leads are part of the deal)
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self._events: list[dict] = []
        self._start_deal()
        self.opening_events = self._events

    # --- deals --------------------------------------------------------------------
    def _start_deal(self) -> None:
        self.deal_no += 1
        if self.deal_no == 1 and self._stacked is not None:
            cards = list(self._stacked)
        else:
            cards = shuffled(DECK, derived_rng(self.seed, "deal", self.deal_no))
        self.dummy = cards[0:2 * HAND_SIZE:2]       # leads in this order
        self.turned = cards[2 * HAND_SIZE]
        self.dead = cards[2 * HAND_SIZE + 1:]
        self.trump = None if self.turned in JOKERS else self.turned[1]
        self.hand = sort_hand(cards[1:2 * HAND_SIZE:2], self.trump)
        self.dealt = list(self.hand)
        self.bid: int | None = None
        self.taken = 0
        self.tricks_played = 0
        self.lead: str | None = None
        self.last_trick: dict | None = None
        self.seen: list[str] = []  # the dummy's cards led so far this deal
        self.phase = "bid"
        self._events = [{"type": "deal_start", "deal": self.deal_no, "turned": self.turned,
                         "trump": self.trump}]

    def _lead_next(self) -> dict:
        self.lead = self.dummy.pop(0)
        self.seen.append(self.lead)
        return {"type": "lead", "card": self.lead, "trick": self.tricks_played + 1}

    # --- protocol -----------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        return {"score": self.total, "target": self.options["target"], "success": self.succeeded(),
                "bids_made": self.bids_made(), "deals": len(self.history), "scores": [self.total]}

    def bids_made(self) -> int:
        return sum(1 for row in self.history if row["made"])

    def succeeded(self) -> bool:
        target = self.options["target"]
        return self.total > target if self.options["success"] == "more_than" else self.total >= target

    def playable(self) -> list[str]:
        """Cards the player may play to the dummy's lead: follow its suit if able
        (the jokers belong to the trump suit), else anything."""
        led = card_suit(self.lead, self.trump)
        same = [c for c in self.hand if card_suit(c, self.trump) == led]
        if not same:
            return list(self.hand)
        if self.options["joker_anytime"] and self.trump is None:
            same += [c for c in self.hand if c in JOKERS and c not in same]
        return sort_hand(same, self.trump)

    def legal_actions(self):
        if self.phase == "bid":
            return [f"bid {n}" for n in range(HAND_SIZE + 1)]
        if self.phase == "play":
            return [f"play {c}" for c in self.playable()]
        return []

    def explain_illegal(self, action):
        words = action.split()
        if self.phase == "bid":
            return "Bid a whole number of tricks from 0 to 9, e.g. 'bid 3'."
        if words[:1] == ["bid"]:
            return "You have already bid for this deal."
        if len(words) == 2 and words[0] == "play":
            card = words[1].upper()
            if card not in self.hand:
                return f"You do not hold {card}."
            led = card_suit(self.lead, self.trump)  # (never the no-trump joker: nothing can follow it)
            return f"You must follow suit: play one of your {SUIT_NAMES[led]}" + (
                " (the jokers count as trumps)." if self.trump else ".")
        return f"'{action}' is not allowed now. Legal: {', '.join(self.legal_actions())}."

    def _apply(self, action):
        verb, arg = action.split()
        if verb == "bid":
            self.bid = int(arg)
            self.phase = "play"
            return [{"type": "bid", "bid": self.bid}, self._lead_next()]
        card = arg
        self.hand.remove(card)
        won, why = trick_winner(self.lead, card, self.trump)
        if self.trump is None and card in JOKERS and self.options["joker_anytime"]:
            won, why = True, "joker"
        self.tricks_played += 1
        self.taken += won
        self.last_trick = {"number": self.tricks_played, "lead": self.lead, "card": card, "won": won, "why": why}
        events = [{"type": "play", "seat": 0, "card": card},
                  {"type": "trick", "number": self.tricks_played, "lead": self.lead, "card": card,
                   "won": won, "why": why, "taken": self.taken, "bid": self.bid}]
        self.lead = None
        if self.tricks_played < HAND_SIZE:
            return events + [self._lead_next()]
        return events + self._end_deal()

    def _end_deal(self) -> list[dict]:
        score = edward_score(self.bid, self.taken, self.options["exact_bonus"])
        self.total += score
        made = self.taken == self.bid
        row = {"deal": self.deal_no, "bid": self.bid, "taken": self.taken, "score": score,
               "total": self.total, "made": made, "turned": self.turned}
        self.history.append(row)
        self.final_trick = self.last_trick
        self.laid_open = {"deal": self.deal_no, "hand": list(self.dealt), "dummy": list(self.seen),
                         "dead": list(self.dead), "turned": self.turned}
        events = [{"type": "deal_end", **row}]
        if self.deal_no >= self.options["deals"]:
            self.phase = "over"
            return events + [{"type": "game_over", "score": self.total, "success": self.succeeded(),
                              "bids_made": self.bids_made(),
                              "target": self.options["target"]}]
        self._start_deal()
        return events + self._events

    def showdown(self, seat: int = 0, everything: bool = False) -> dict | None:
        """The last finished deal laid open: the hand, the dummy's leads and the dead cards.
        A solitaire hides nothing from an opponent, so learning mode changes nothing."""
        return self.laid_open

    # --- what the player may know ---------------------------------------------------
    def unseen(self) -> list[str]:
        """Cards the player has not seen this deal: the dummy's rest and the dead three."""
        return sort_hand(self.dummy + self.dead, self.trump)

    def view(self, seat):
        return {
            "game": "oneonta_whist",
            "seat": 0,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals": self.options["deals"],
            "hand": sort_hand(self.hand, self.trump),
            "turned": self.turned,
            "trump": self.trump,
            "dummy_count": len(self.dummy),
            "dead_count": len(self.dead),
            "lead": self.lead,
            "bid": self.bid,
            "taken": self.taken,
            "tricks_played": self.tricks_played,
            "led": list(self.seen),
            "unseen": self.unseen(),
            "last_trick": self.last_trick,
            "total": self.total,
            "target": self.options["target"],
            "success_rule": self.options["success"],
            "history": [dict(r) for r in self.history],
            "final_trick": self.final_trick,
            "joker_anytime": self.options["joker_anytime"],
            "exact_bonus": self.options["exact_bonus"],
        }


    @property
    def deal_index(self) -> int:
        return self.deal_no

    def standing(self, seat: int) -> float:
        return float(self.total)

    def sample_world(self, seat, rng: random.Random):
        """Re-deal what the player cannot see: the dummy's rest (and its order) and
        the dead cards, from the unseen pool sorted first so only the view and
        ``rng`` decide; later deals get a fresh seed."""
        world = self.clone()
        pool = sorted(self.dummy + self.dead)
        rng.shuffle(pool)
        world.dummy = pool[:len(self.dummy)]
        world.dead = pool[len(self.dummy):]
        world.seed = rng.getrandbits(63)
        return world


GAME = Game(
    name="oneonta_whist", number=5, state=OneontaWhistState,
    table="cardtable.tables.oneonta_whist", bots="cardtable.bots.oneonta_whist",
    lesson="cardtable.tutorials.oneonta_whist", page="web/js/games/oneonta_whist.js",
    daily="game",  # a solitaire's result is its game's: the goal over nine deals
    articles=(Article("Oneonta Whist", "http://playingcardgame.blog27.fc2.com/blog-entry-125.html"),
              Article("Oneonta Whist 2", "http://playingcardgame.blog27.fc2.com/blog-entry-126.html")),
    min_players=1, max_players=1, default_players=1, poster=("BJ", "LJ", "AH"),
    default_level="strong",  # a solitaire: no opponent; strong is its hint and autoplayer
    options={
        "joker_anytime": Option(False, (), "the no-trump joker may be played at any time", code="G3"),
        "exact_bonus": Option(0, (), "points added to a made bid", minimum=0, maximum=10, code="G5", group="scoring"),
        "target": Option(30, (), "the goal of a game", minimum=1, maximum=81, code="G6", group="scoring"),
        "success": Option("at_least", ("at_least", "more_than"), "reaching the goal", code="G6", group="scoring"),
        "deals": Option(9, (), "deals in a game", minimum=1, maximum=20, group="scoring"),
    },
    presets=(
        Preset("over_goal", {"success": "more_than"},
               'docs/rules/oneonta_whist.md G6 (the seed\'s "over 30")'),
    ),
)
