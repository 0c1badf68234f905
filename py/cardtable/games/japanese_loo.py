"""Japanese Loo (ジャパニーズ・ルー): 3 to 10 players, play or drop, the pot and the loo.

Rules: ``docs/rules/japanese_loo.md`` (Jun Kusaba's rules as the seed quotes them).

Seats go clockwise in increasing order: the dealer's left is ``dealer + 1``. Each
deal: the dealer antes; five cards each (three in the three-card game), one at a
time from the dealer's left; the next card is turned for trumps. From the
dealer's left, each non-dealer declares ``in`` (出る) or ``out`` (降りる, paying the
drop fee); the dealer declares last, unless everyone else dropped (the dealer then
takes the pot). If the dealer drops and one player is in, that player takes the
pot. Otherwise the players in play the tricks: must follow suit, no obligation to
trump; each trick pays ``pot // tricks`` at once; an in player who takes no trick
is looed and pays the loo penalty into the next pot. The deal passes left. After
the agreed rotations, one extension deal follows if the last deal had a loo
(dealt by the next player, no ante, no declarations, no loo). Most chips wins.

Actions, for the seat in ``to_act``: ``in`` / ``out`` while declaring, then
``play KS``.

Dealing from a stacked ``deck`` (top card first): one card at a time clockwise
from the dealer's left until every hand is full, then the turn-up; the rest is
dead. Later deals are shuffled from (seed, deal number).

Options (the seed's rule first; the letters are the spec's):

- ``players``: 6 (3-10; the seed recommends six or more).
- ``format``: ``"five"`` (5 cards, ante 5, drop fee 5, loo 10) or ``"three"``
  (the three-card game for 3 to 5 players: ante 3, loo 6).
- ``three_card_fee``: 3 (B1: the three-card drop fee the seed leaves open) or 5.
- ``all_ante``: False, or True (with exactly five players in the five-card game,
  every player antes 1 instead of the dealer anteing 5).
- ``rotations``: 2 (B8: each player deals this many times; 1-3).
- ``chips``: 100 (starting chips; balances may go negative, B9).
- ``dealer_drop``: ``"pays"`` (B2: a dealer who drops pays the fee, even when one
  player is left to take the pot) or ``"free"``.
- ``ties``: ``"shared"`` (B10: equal chips share first place) or ``"fewest_loos"``.
- ``first_dealer``: ``"random"`` (from the seed) or a seat number.
"""

from __future__ import annotations

import random

from ..cards import check_stacked_deck, follow_suit, lay_open, led_suit, make_deck, refuse_card, shuffled
from ..protocol import Article, Game, Option, OptionError, Preset, State, derived_rng, first_dealer

RANKS = "AKQJT98765432"
DECK = make_deck(RANKS)
SUIT_ORDER = "SHDC"
FORMATS = {  # hand size (= tricks), ante, drop fee, loo penalty
    "five": {"tricks": 5, "ante": 5, "fee": 5, "loo": 10},
    "three": {"tricks": 3, "ante": 3, "fee": 3, "loo": 6},
}


def power(card: str) -> int:
    """Rank within a suit: an ace 12 … a two 0."""
    return 12 - RANKS.index(card[0])


def trick_winner(plays: list[tuple[int, str]], trump: str) -> tuple[int, str]:
    """(winning seat, why): the highest trump, else the highest card of the led suit."""
    trumps = [(s, c) for s, c in plays if c[1] == trump]
    if trumps:
        return max(trumps, key=lambda p: power(p[1]))[0], "trump"
    led = plays[0][1][1]
    return max((p for p in plays if p[1][1] == led), key=lambda p: power(p[1]))[0], "led_suit"


def sort_hand(cards, trump: str | None = None) -> list[str]:
    """Trumps first, then the other suits; highest first within a suit."""
    return sorted(cards, key=lambda c: (c[1] != trump, SUIT_ORDER.index(c[1]), -power(c)))


class JapaneseLooState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"last_deal", "laid_open", "dealt", "last_trick"}
    #: False in a sampled world a bot plays to its deal's end: the deal that ends then
    #: leaves the state between deals (phase "between", the next deal's number, dealer
    #: and pot, no cards dealt and no ante taken), as shuffling and dealing the next
    #: deal was a quarter of such a play-out's time. A game never sets it.
    deal_next = True

    def __init__(self, game, seed, options, deck):
        self.game = game
        self.seed = seed
        self.options = options
        n = self.num_players = options["players"]
        rules = dict(FORMATS[options["format"]])
        if options["format"] == "three":
            rules["fee"] = options["three_card_fee"]
        self.rules = rules
        self.chips = [options["chips"]] * n
        self.pot = 0
        self.loos = [0] * n  # times each player was looed, for the B10 tiebreak
        self.first_dealer = first_dealer(seed, options["first_dealer"], n)
        self.dealer = self.first_dealer
        self.scheduled = options["rotations"] * n
        self.deal_no = 0
        self.extension = False
        self.phase = "declare"
        self.winners: list[int] = []
        self.last_deal: dict | None = None
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self._events: list[dict] = []
        self._start_deal()
        self.opening_events = self._events

    # --- deals --------------------------------------------------------------------
    def _start_deal(self) -> None:
        n, t = self.num_players, self.rules["tricks"]
        self.deal_no += 1
        if self.deal_no == 1 and self._stacked is not None:
            cards = list(self._stacked)
        else:
            cards = shuffled(DECK, derived_rng(self.seed, "deal", self.deal_no))
        self.hands = [[] for _ in range(n)]
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        for i in range(t * n):
            self.hands[order[i % n]].append(cards[i])
        self.turnup = cards[t * n]
        self.trump = self.turnup[1]
        self.dead = cards[t * n + 1:]
        self.hands = [sort_hand(h, self.trump) for h in self.hands]
        self.dealt = [list(h) for h in self.hands]  # for the review after the deal
        events = [{"type": "deal_start", "deal": self.deal_no, "dealer": self.dealer, "turnup": self.turnup,
                   "extension": self.extension}]
        self.anted = [0] * n  # this deal's antes, which its decisions no longer change
        if not self.extension:
            if self.options["all_ante"]:
                self.anted = [1] * n
                for s in range(n):
                    self.chips[s] -= 1
                self.pot += n
                events.append({"type": "ante_all", "amount": 1, "pot": self.pot})
            else:
                self.chips[self.dealer] -= self.rules["ante"]
                self.anted[self.dealer] = self.rules["ante"]
                self.pot += self.rules["ante"]
                events.append({"type": "ante", "seat": self.dealer, "amount": self.rules["ante"], "pot": self.pot})
        self.declared: dict[int, str] = {}
        self.ins: list[int] = []
        self.tricks_won = [0] * n
        self.trick: list[tuple[int, str]] = []
        self.tricks_played = 0
        self.last_trick: dict | None = None
        self.leader: int | None = None
        self.trick_value = 0
        self.voids = [set() for _ in range(n)]
        self.played: list[str] = []
        self._declare_order = order[:-1] + [self.dealer]  # the dealer declares last
        if self.extension:
            events.append({"type": "extension", "pot": self.pot})
            self.ins = list(order)
            events += self._start_play()
        else:
            self.phase = "declare"
            self._actor = order[0]
        self._events = events

    def _start_play(self) -> list[dict]:
        self.phase = "play"
        self.trick_value = self.pot // self.rules["tricks"]
        n = self.num_players
        first = next((self.dealer + k) % n for k in range(1, n + 1) if (self.dealer + k) % n in self.ins)
        self.leader = self._actor = first
        return [{"type": "play_start", "players": sorted(self.ins), "pot": self.pot, "value": self.trick_value,
                 "leader": first}]

    # --- protocol -----------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        return {"winners": list(self.winners), "winner": self.winners[0] if len(self.winners) == 1 else None,
                "scores": list(self.chips), "loos": list(self.loos), "deals": self.deal_no}

    def playable(self, seat: int) -> list[str]:
        return follow_suit(self.hands[seat], led_suit(self.trick))

    def legal_actions(self):
        if self.phase == "declare":
            return ["in", "out"]
        if self.phase == "play":
            return [f"play {c}" for c in self.playable(self._actor)]
        return []

    def explain_illegal(self, action):
        words = action.split()
        if self.phase == "declare":
            return "Declare first: 'in' to play (出る) or 'out' to drop (降りる) and pay the drop fee."
        if action in ("in", "out"):
            return "Everyone has declared; play a card."
        if len(words) == 2 and words[0] == "play":
            return refuse_card(self.hands[self._actor], words[1].upper(), led_suit(self.trick))
        return f"'{action}' is not allowed now. Legal: {', '.join(self.legal_actions())}."

    def _apply(self, action):
        seat = self._actor
        if self.phase == "declare":
            return self._declare(seat, action)
        return self._play(seat, action.split()[1])

    def _declare(self, seat: int, choice: str) -> list[dict]:
        n = self.num_players
        events = []
        fee = self.rules["fee"]
        self.declared[seat] = choice
        if choice == "in":
            self.ins.append(seat)
            events.append({"type": "declare", "seat": seat, "choice": "in"})
        else:
            paid = 0 if (seat == self.dealer and self.options["dealer_drop"] == "free") else fee
            self.chips[seat] -= paid
            self.pot += paid
            self.hands[seat] = []  # the hand goes face down, unrevealed
            events.append({"type": "declare", "seat": seat, "choice": "out", "fee": paid, "pot": self.pot})
        idx = self._declare_order.index(seat)
        if seat != self.dealer:
            if idx + 1 < n - 1:
                self._actor = self._declare_order[idx + 1]
                return events
            if not self.ins:  # everyone else dropped: the dealer takes the pot, no declaration
                return events + self._take_pot(self.dealer, "all_dropped")
            self._actor = self.dealer
            return events
        if choice == "out" and len(self.ins) == 1:
            return events + self._take_pot(self.ins[0], "lone_player")
        return events + self._start_play()

    def _take_pot(self, seat: int, why: str) -> list[dict]:
        won = self.pot
        self.chips[seat] += won
        self.pot = 0
        events = [{"type": "take_pot", "seat": seat, "amount": won, "why": why}]
        return events + self._end_deal(looed=[], without_play=True)

    def _play(self, seat: int, card: str) -> list[dict]:
        self.hands[seat].remove(card)
        if self.trick and card[1] != self.trick[0][1][1]:
            self.voids[seat].add(self.trick[0][1][1])
        self.trick.append((seat, card))
        self.played.append(card)
        events = [{"type": "play", "seat": seat, "card": card}]
        if len(self.trick) < len(self.ins):
            n = self.num_players
            self._actor = next((seat + k) % n for k in range(1, n) if (seat + k) % n in self.ins)
            return events
        winner, why = trick_winner(self.trick, self.trump)
        self.tricks_played += 1
        self.tricks_won[winner] += 1
        pay = self.trick_value
        last = self.tricks_played == self.rules["tricks"]
        self.chips[winner] += pay
        self.pot -= pay
        self.last_trick = {"number": self.tricks_played, "winner": winner, "why": why,
                           "plays": [list(p) for p in self.trick], "value": pay}
        events.append({"type": "trick", **self.last_trick, "pot": self.pot})
        self.trick = []
        if not last:
            self.leader = self._actor = winner
            return events
        looed = [] if self.extension else [s for s in self.ins if self.tricks_won[s] == 0]
        return events + self._end_deal(looed, without_play=False, last_winner=winner)

    def _end_deal(self, looed: list[int], without_play: bool, last_winner: int | None = None) -> list[dict]:
        penalty = self.rules["loo"]
        events = []
        for s in looed:  # each loo states the pot after its own payment
            self.chips[s] -= penalty
            self.pot += penalty
            self.loos[s] += 1
            events.append({"type": "loo", "seat": s, "amount": penalty, "pot": self.pot})
        was_extension = self.extension
        game_over = was_extension or (self.deal_no >= self.scheduled and not looed)
        if game_over and self.pot and last_winner is not None:
            # a remainder with no next deal (§8.3), paid before the deal's summary so
            # that deal_end and last_deal hold the chips the game ends with
            self.chips[last_winner] += self.pot
            events.append({"type": "remainder", "seat": last_winner, "amount": self.pot})
            self.pot = 0
        self.laid_open = {"deal": self.deal_no, "held": self.dealt, "played": list(self.played)}
        self.last_deal = {"deal": self.deal_no, "ins": sorted(self.ins), "tricks": list(self.tricks_won),
                          "looed": list(looed), "value": self.trick_value, "without_play": without_play,
                          "chips": list(self.chips), "pot": self.pot, "extension": was_extension,
                          "final_trick": None if without_play else self.last_trick}  # the deal's final trick
        events.append({"type": "deal_end", "deal": self.deal_no, "looed": list(looed), "pot": self.pot,
                       "chips": list(self.chips)})
        if game_over:
            events[-1]["why"] = "last"  # no next pot to speak of
            return events + self._finish()
        self.dealer = (self.dealer + 1) % self.num_players
        self.extension = self.deal_no >= self.scheduled  # the last scheduled deal had a loo
        if not self.deal_next:  # a play-out's end (above): the next deal is not dealt
            self.deal_no += 1
            self.anted = [0] * self.num_players
            self.phase, self._actor = "between", None
            return events
        self._start_deal()
        return events + self._events

    def _finish(self) -> list[dict]:
        self.phase = "over"
        self._actor = None
        best = max(self.chips)
        top = [s for s in range(self.num_players) if self.chips[s] == best]
        if self.options["ties"] == "fewest_loos" and len(top) > 1:
            fewest = min(self.loos[s] for s in top)
            top = [s for s in top if self.loos[s] == fewest]
        self.winners = top
        return [{"type": "game_over", "winners": list(top), "chips": list(self.chips)}]

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """Every hand of the last finished deal as ``seat`` knows them (§11): its own
        and every card played; a dropped hand (and a hand that won the pot without
        play) stays backs (``hidden``), unless ``everything`` (learning mode)."""
        if self.last_deal is None:
            return None
        r = self.laid_open
        hands, hidden = zip(*(lay_open(h, h if s == seat else r["played"], everything)
                              for s, h in enumerate(r["held"])))
        return {"deal": r["deal"], "hands": list(hands), "hidden": list(hidden), "everything": everything}

    # --- what a seat may know ---------------------------------------------------
    def view(self, seat):
        return {
            "game": "japanese_loo",
            "seat": seat,
            "players": self.num_players,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "deals": self.scheduled,
            "extension": self.extension,
            "dealer": self.dealer,
            "format": self.options["format"],
            "rules": dict(self.rules),
            "all_ante": self.options["all_ante"],
            "dealer_drop": self.options["dealer_drop"],
            "chips": list(self.chips),
            "pot": self.pot,
            "value": self.trick_value if self.phase == "play" else self.pot // self.rules["tricks"],
            "turnup": self.turnup,
            "trump": self.trump,
            "hand": sort_hand(self.hands[seat], self.trump),
            "hand_counts": [len(h) for h in self.hands],
            "declared": {str(s): c for s, c in self.declared.items()},
            "ins": sorted(self.ins),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
            "tricks_played": self.tricks_played,
            "last_trick": self.last_trick,
            "last_deal": self.last_deal,
            "loos": list(self.loos),
            "played": list(self.played),
            "voids": [sorted(v) for v in self.voids],
            "winners": list(self.winners),
        }


    @property
    def deal_index(self) -> int:
        return self.deal_no

    def standing(self, seat: int) -> float:
        # before this deal's ante: a deal's end deals the next one and takes its ante
        # at once, and that ante belongs to no decision of the deal that ended
        return float(self.chips[seat] + self.anted[seat])

    def sample_world(self, seat, rng: random.Random):
        """Re-deal every card ``seat`` cannot see (the other hands still held, the
        dead stock and the dropped hands) keeping hand sizes, and never giving a
        player a suit they have shown void in. Later deals get a fresh seed."""
        world = self.clone()
        others = [s for s in range(self.num_players) if s != seat and world.hands[s]]
        seen = set(self.hands[seat]) | set(self.played) | {self.turnup}
        pool = sorted(c for c in DECK if c not in seen)
        for _ in range(100):
            rng.shuffle(pool)
            left = list(pool)
            hands = {}
            # the most constrained players first
            for s in sorted(others, key=lambda s: -len(self.voids[s])):
                fits = [c for c in left if c[1] not in self.voids[s]]
                need = len(self.hands[s])
                if len(fits) < need:
                    break
                hands[s] = fits[:need]
                taken = set(hands[s])
                left = [c for c in left if c not in taken]
            else:
                for s, h in hands.items():
                    world.hands[s] = sort_hand(h, self.trump)
                world.dead = left
                world.seed = rng.getrandbits(63)
                return world
        # (practically never: a hundred shuffles all failed) deal without the voids
        # rather than ever fall back on the true hands
        rng.shuffle(pool)
        for s in others:
            world.hands[s], pool = sort_hand(pool[:len(self.hands[s])], self.trump), pool[len(self.hands[s]):]
        world.dead = pool
        world.seed = rng.getrandbits(63)
        return world


def check_options(out: dict) -> None:
    """The limits that join two options (the engine checks each one alone)."""
    if out["format"] == "three" and out["players"] > 5:
        raise OptionError("the three-card game is for 3 to 5 players", "japanese_loo.error.three_card")
    if out["all_ante"] and (out["players"] != 5 or out["format"] != "five"):
        raise OptionError("the all-ante rule is for exactly five players in the five-card game",
                          "japanese_loo.error.all_ante")


GAME = Game(
    name="japanese_loo", number=3, state=JapaneseLooState,
    table="cardtable.tables.japanese_loo", bots="cardtable.bots.japanese_loo",
    lesson="cardtable.tutorials.japanese_loo",
    articles=(Article("ジャパニーズ・ルー",
                      "http://kubotaya.hatenablog.com/entry/20080404"),),
    min_players=3, max_players=10, default_players=6, poster=("AS", "KH", "QD"),
    options={
        "players": Option(6, (), "players at the table (the seed recommends six or more)",
                          minimum=3, maximum=10, group="table"),
        "format": Option("five", ("five", "three"), "five-card game, or the three-card game for 3-5", group="table"),
        "three_card_fee": Option(3, (3, 5), "the drop fee of the three-card game", code="B1"),
        "all_ante": Option(False, (), "with exactly five players, every player antes 1"),
        "rotations": Option(2, (), "how many times each player deals",
                            minimum=1, maximum=3, code="B8", group="table"),
        "chips": Option(100, (), "starting chips", minimum=10, maximum=1000, group="table"),
        "dealer_drop": Option("pays", ("pays", "free"), "a dealer who drops pays the fee", code="B2"),
        "ties": Option("shared", ("shared", "fewest_loos"), "equal chips at the end", code="B10", group="scoring"),
        "first_dealer": Option("random", ("random",) + tuple(range(10)), "who deals first", group="table"),
    },
    check=check_options,
    presets=(
        Preset("three_card", {"format": "three", "players": 5},
               "docs/rules/japanese_loo.md §format (the seed's three-card game, for 3 to 5 players)"),
    ),
)
