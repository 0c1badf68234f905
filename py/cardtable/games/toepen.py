"""Toepen (トゥーペン): 3 to 8 players, four tricks, only the last one wins, and knocking.

Rules: ``docs/rules/toepen.md`` (the version Jun Kusaba taught, as the seed
records it). Seats go clockwise in increasing order.

Each deal: 32 cards (A K Q J 10 9 8 7, no trumps), four each one at a time from
the dealer's left; the rest is the dealer's stock; the stake is 1 and its marker
sits with the dealer. Then:

1. **Exchange** (交換), from the dealer's left to the dealer, one decision each
   while the stock holds four cards: ``exchange`` (discard four face down, take
   the top four of the stock; honest only with four number cards 10-9-8-7) or
   ``keep``. After an exchange the others are asked in turn from the exchanger's
   left: ``challenge`` (ブラフ宣言) or ``pass``. A challenge shows the discards:
   a picture card among them and the exchanger pays 1 to the pool, else the
   challenger does. The exchange stands either way.
2. **Announcements**, chosen secretly and revealed together: ``whistle`` (口笛)
   for three aces (must) or three sevens (may), ``stand`` (立ち上がる) for four
   aces (must) or four sevens (may), else ``silent``. Every player still in is
   asked in turn, whatever the hand, and no view shows a call before the last
   answer reveals them all: being asked gives nothing away. Staying silent with
   three or four aces is the seed's "forgetting": it costs the final stake at the
   end of the deal.
3. **Tricks**: the dealer's left leads; must follow suit; the highest card of the
   led suit wins; the winner leads; the winner of the fourth trick wins the deal.
   **Knocking** (ノック): before every card a knock window opens. The others who
   may knock are asked in turn (``knock`` / ``pass``) clockwise from the left of
   the player about to play, and that player answers last, with a card or
   ``knock``. Not twice in a row by the same player; after a knock, nobody until
   a card is played. The knocker takes the marker; every other player still in
   answers from the knocker's left: ``stay`` (続ける) or ``fold`` (降りる, paying
   the stake before the raise). Nobody stays: the knocker wins at that stake.
   Otherwise the stake goes up by one and play resumes. A card already played by
   a player who folds is dead (it cannot win); the lead passes left past a folded
   player.
4. **Settlement**: each other player still in pays the stake into the pool, the
   winner takes the stake from it, and a forgotten call pays the stake. The deal
   passes left. A player who cannot pay pays all and is bankrupt; by default the
   game ends then and the most chips wins.

Dealing from a stacked ``deck`` (top card first): one card at a time clockwise
from the dealer's left until everyone has four; the rest is the stock, top card
first. Later deals are shuffled from (seed, deal number).

Options (the seed's rule or the spec's default first; the C numbers are the
spec's ambiguity table):

- ``players``: 4 (C1, 3-8).      - ``chips``: 20 (C2, 10-50).
- ``end``: ``"bankruptcy"`` (first bankruptcy, most chips wins) or
  ``"last_standing"`` (bankrupt players are out; the last one with chips wins).
- ``settlement`` (C3): ``"pool"`` (losers still in pay the stake to the pool, the
  winner takes the stake from it), ``"literal"`` (losers pay nothing),
  ``"direct"`` (losers pay the winner), ``"lives"`` (losers pay, the winner gains
  nothing).
- ``challenges`` (C4): ``"first"`` (the first challenger only) or ``"all"``.
- ``exchanges`` (C5): ``"once"`` or ``"repeat"`` (again while the stock lasts).
- ``folded_card`` (C10): ``"dead"`` or ``"live"`` (wins tricks 1-3 still).
- ``stake_cap`` (C11): 0 (none) or 8.
- ``missed_call`` (C12): ``"penalty"`` or ``"auto"`` (mandatory calls made for you).
- ``sevens_whistle`` (C13): True (four sevens may whistle instead of standing).
- ``debt`` (C15): False (pay what you have) or True (chips may go below zero).
- ``ties`` (C16): ``"shared"`` or ``"play_on"`` (until a single leader).
- ``knock_from`` (C9): ``"play"`` or ``"deal"`` (also before exchange decisions).
- ``first_dealer``: ``"random"`` or a seat number.
"""

from __future__ import annotations

import random

from ..cards import check_stacked_deck, follow_suit, lay_open, led_suit, make_deck, refuse_card, shuffled
from ..protocol import Article, Game, Option, Preset, State, derived_rng, first_dealer

RANKS = "AKQJT987"
DECK = make_deck(RANKS)
NUMBER_RANKS = "T987"  # 数札: the honest exchange is four of these
SUIT_ORDER = "SHDC"
HAND = 4
TRICKS = 4
CALL_NEED = {"whistle": 3, "stand": 4}


POWER = {c: 7 - RANKS.index(c[0]) for c in DECK}  # looked up: the bots' play-outs ask it millions of times


def power(card: str) -> int:
    """Rank within a suit: an ace 7 … a seven 0."""
    return POWER[card]


def honest_exchange(cards) -> bool:
    """Whether exchanging these four cards is honest: all number cards, 10-9-8-7 (§5)."""
    return all(c[0] in NUMBER_RANKS for c in cards)


def sort_hand(cards) -> list[str]:
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c[1]), -power(c)))


def call_options(hand, sevens_whistle: bool = True) -> list[str]:
    """The announcements a hand allows, ``silent`` always last (§7)."""
    aces = sum(c[0] == "A" for c in hand)
    sevens = sum(c[0] == "7" for c in hand)
    if aces == 4:
        return ["stand", "silent"]
    if aces == 3:
        return ["whistle", "silent"]
    if sevens == 4:
        return ["whistle", "stand", "silent"] if sevens_whistle else ["stand", "silent"]
    if sevens == 3:
        return ["whistle", "silent"]
    return ["silent"]


def mandatory_call(hand) -> str | None:
    """The call three or four aces oblige; None when the hand obliges nothing."""
    aces = sum(c[0] == "A" for c in hand)
    return "stand" if aces == 4 else "whistle" if aces == 3 else None


def trick_winner(plays: list[tuple[int, str]], dead: set[int]) -> tuple[int, str]:
    """(winning seat, why) among the plays whose seat is not in ``dead``: the highest
    card of the led suit; if every card of the led suit is dead, the highest card of
    the suit of the earliest live card (§8.3)."""
    live = [p for p in plays if p[0] not in dead]
    led = plays[0][1][1]
    same = [p for p in live if p[1][1] == led]
    why = "led_suit"
    if not same:
        led = live[0][1][1]
        same = [p for p in live if p[1][1] == led]
        why = "dead_lead"
    return max(same, key=lambda p: power(p[1]))[0], why


class ToepenState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"last_deal", "laid_open"}

    def __init__(self, game, seed, options, deck):
        self.game = game
        self.seed = seed
        self.options = options
        n = self.num_players = options["players"]
        self.chips = [options["chips"]] * n
        self.pool = 0
        self.alive = [True] * n  # False once eliminated (last-standing mode, or playing on)
        self.dealer = first_dealer(seed, options["first_dealer"], n)
        self.deal_no = 0
        self.winners: list[int] = []
        self.last_deal: dict | None = None
        # every exchange of the game once its challenges are over: (exchanger, the seats
        # asked, the challengers), public at the table; a tuple, replaced whole, so a clone shares it
        self.exchange_history: tuple = ()
        self.playing_on = False  # a tie for most chips at a bankruptcy end (ties="play_on")
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self.opening_events = self._start_deal()

    # --- seats --------------------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        """Every seat from ``start`` on, clockwise, once."""
        n = self.num_players
        return [(start + k) % n for k in range(n)]

    def is_active(self, seat: int) -> bool:
        """In this deal and not folded."""
        return seat in self.in_deal and seat not in self.folded

    def active(self) -> list[int]:
        return [s for s in self.in_deal if s not in self.folded]

    # --- the deal -----------------------------------------------------------------
    def _start_deal(self) -> list[dict]:
        self.deal_no += 1
        self.in_deal = [s for s in self._clockwise(self.dealer + 1) if self.alive[s]]  # dealer last
        if self.deal_no == 1 and self._stacked is not None:
            cards = list(self._stacked)
        else:
            cards = shuffled(DECK, derived_rng(self.seed, "deal", self.deal_no))
        self.hands = [[] for _ in range(self.num_players)]
        for i in range(HAND * len(self.in_deal)):
            self.hands[self.in_deal[i % len(self.in_deal)]].append(cards[i])
        self.hands = [sort_hand(h) for h in self.hands]
        self.stock = cards[HAND * len(self.in_deal):]
        self.folded: set[int] = set()
        self.folded_hands: dict[int, list[str]] = {}
        self.stake = 1
        self.marker = self.dealer
        self.last_knocker: int | None = None
        self.blocked = False  # a knock happened since the last action: no knock until one
        self.knocker: int | None = None
        self.exchanges: list[dict] = []
        self.calls: dict[int, str] = {}
        self.revealed = False
        self.missed: list[int] = []
        self.trick: list[tuple[int, str]] = []
        self.trick_no = 0
        self.tricks: list[dict] = []
        self.lead_from = self.in_deal[0]
        self.voids = [set() for _ in range(self.num_players)]
        self.played: list[str] = []
        # every stake decision of this deal, public at the table: a pass is a player who
        # could have knocked before a card and did not (the strong bot reads them: stake_weight in bots/toepen.py)
        self.stake_log: list[dict] = []
        self.polls: list[int] = []
        self.queue: list[int] = []  # who still decides in this round (exchanges, calls)
        self.responders: list[int] = []  # who still answers the knock
        self.challengers_left: list[int] = []  # who is still asked about the last exchange
        self.turn: int | None = None
        self._resume = None
        events = [{"type": "deal_start", "deal": self.deal_no, "dealer": self.dealer, "stake": 1,
                   "stock": len(self.stock)}]
        self.queue = list(self.in_deal)
        return events + self._next_exchange()

    # --- the knock window ----------------------------------------------------------
    def may_knock(self, seat: int) -> bool:
        """Whether ``seat`` could knock in the window now open (§8.2)."""
        phase_ok = self.phase == "play" or (self.phase == "exchange" and self.options["knock_from"] == "deal")
        cap = self.options["stake_cap"]
        return (phase_ok and not self.blocked and self.is_active(seat) and seat != self.last_knocker
                and not (cap and self.stake >= cap))

    def _open_window(self, seat: int) -> None:
        """``seat`` is to act next (a card, or an exchange decision): first ask the
        others who may knock, clockwise from ``seat``'s left; ``seat`` answers last."""
        self.turn = seat
        self.polls = [s for s in self._clockwise(seat + 1)[:-1] if self.may_knock(s)]
        self._actor = self.polls[0] if self.polls else seat

    # (``polls`` is only ever filled by ``_open_window``, in the exchange and play
    # phases, and emptied by the last pass or by a knock.)
    def _after_poll(self) -> None:
        self.polls.pop(0)
        self._actor = self.polls[0] if self.polls else self.turn

    # --- protocol -----------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        return {"winners": list(self.winners), "winner": self.winners[0] if len(self.winners) == 1 else None,
                "scores": list(self.chips), "pool": self.pool, "deals": self.deal_no}

    def playable(self, seat: int) -> list[str]:
        return follow_suit(self.hands[seat], led_suit(self.trick))

    def legal_actions(self):
        if self.phase == "respond":
            return ["stay", "fold"]
        if self.polls:
            return ["knock", "pass"]
        knock = ["knock"] if self.may_knock(self._actor) else []
        if self.phase == "exchange":
            return ["exchange", "keep"] + knock
        if self.phase == "challenge":
            return ["challenge", "pass"]
        if self.phase == "announce":
            return self.call_choices(self._actor)
        if self.phase == "play":
            return [f"play {c}" for c in self.playable(self._actor)] + knock
        return []

    def stake_entry(self, action: str) -> dict | None:
        """The ``stake_log`` entry ``action`` makes now, if it is a stake decision: a
        knock, pass, stay or fold (a card played where a knock was open is a pass)."""
        seat = self._actor
        if self.phase == "respond":
            said = action
        elif self.polls or (self.phase == "play" and self.may_knock(seat)):
            said = "knock" if action == "knock" else "pass"
        else:
            return None
        return {"seat": seat, "action": said, "before": len(self.played), "trick": self.trick_no,
                "in": len(self.active())}

    def explain_illegal(self, action):
        words = action.split()
        seat = self._actor
        if action == "knock":
            if self.phase in ("exchange", "challenge", "announce") and self.options["knock_from"] == "play":
                return "Knocking starts with the first card of the tricks."
            if self.phase in ("respond", "challenge", "announce"):
                return "Answer the question first."
            if seat == self.last_knocker:
                return "You knocked last: you may knock again only after someone else has knocked."
            if self.blocked:
                return "Someone has just knocked: a card must be played before the next knock."
            cap = self.options["stake_cap"]
            if cap and self.stake >= cap:
                return f"The stake is at its cap of {cap}."
        if self.phase == "respond":
            return "Someone knocked: 'stay' (続ける) or 'fold' (降りる, paying the stake)."
        if self.polls:
            return "Before the next card, say 'knock' (ノック) to raise the stake, or 'pass'."
        if self.phase == "exchange":
            return "Say 'exchange' (four new cards from the stock) or 'keep'."
        if self.phase == "challenge":
            return "Say 'challenge' (ブラフ宣言: show the discards) or 'pass'."
        if self.phase == "announce":
            if action in ("whistle", "stand"):
                sevens = "" if self.options["sevens_whistle"] else " (four sevens stand, under these rules)"
                return ("Whistle only with three aces or three sevens, stand only with four aces or four sevens"
                        f"{sevens}.")
            return f"Announce one of: {', '.join(self.legal_actions())}."
        if len(words) == 2 and words[0] == "play" and self.phase == "play":
            return refuse_card(self.hands[seat], words[1].upper(), led_suit(self.trick))
        return f"'{action}' is not allowed now. Legal: {', '.join(self.legal_actions())}."

    def _apply(self, action):
        seat = self._actor
        entry = self.stake_entry(action)
        if entry is not None:
            self.stake_log.append(entry)
        if self.phase == "respond":
            return self._respond(seat, action)
        if self.polls:
            if action == "knock":
                return self._knock(seat)
            self._after_poll()
            return []
        if action == "knock":
            return self._knock(seat)
        if self.phase == "exchange":
            return self._exchange(seat, action)
        if self.phase == "challenge":
            return self._challenge(seat, action)
        if self.phase == "announce":
            return self._announce(seat, action)
        return self._play(seat, action.split()[1])

    # --- payments ------------------------------------------------------------------
    def _pay(self, seat: int, amount: int, to: int | None = None) -> int:
        """``seat`` pays ``amount`` to the pool (or to seat ``to``): all it has if it
        holds less, unless debts are allowed (C15). Returns what was paid."""
        paid = amount if self.options["debt"] else max(0, min(amount, self.chips[seat]))
        self.chips[seat] -= paid
        if to is None:
            self.pool += paid
        else:
            self.chips[to] += paid
        return paid

    def _collect(self, seat: int, amount: int) -> int:
        """``seat`` takes ``amount`` from the pool, or what it holds if less."""
        got = min(amount, self.pool)
        self.pool -= got
        self.chips[seat] += got
        return got

    # --- 1. exchange ----------------------------------------------------------------
    def _next_exchange(self) -> list[dict]:
        self.queue = [s for s in self.queue if self.is_active(s)]
        if self.queue and len(self.stock) >= HAND:
            self.phase = "exchange"
            self._open_window(self.queue[0])
            return []
        events = []
        if self.queue:  # players were left who could not exchange
            events.append({"type": "stock_short", "stock": len(self.stock), "seats": list(self.queue)})
        self.queue = []
        return events + self._begin_announce()

    def _exchange(self, seat: int, choice: str) -> list[dict]:
        self.blocked = False  # a decision is an action between knocks (knock_from="deal")
        if choice == "keep":
            self.queue.pop(0)
            return [{"type": "keep", "seat": seat}] + self._next_exchange()
        discards = self.hands[seat]
        self.hands[seat] = sort_hand(self.stock[:HAND])
        self.stock = self.stock[HAND:]
        record = {"seat": seat, "discards": discards, "honest": honest_exchange(discards),
                  "challengers": [], "asked": [], "revealed": False}
        self.exchanges.append(record)
        events = [{"type": "exchange", "seat": seat, "stock": len(self.stock)}]
        if self.options["exchanges"] == "once":
            self.queue.pop(0)
        self.phase = "challenge"
        self.challengers_left = [s for s in self._clockwise(seat + 1)[:-1] if self.is_active(s)]
        self._actor = self.challengers_left[0]
        return events

    def _challenge(self, seat: int, choice: str) -> list[dict]:
        record = self.exchanges[-1]
        self.challengers_left.pop(0)
        record["asked"].append(seat)
        if choice == "challenge":
            record["challengers"].append(seat)
            if self.options["challenges"] == "first":
                self.challengers_left = []
        if self.challengers_left:
            self._actor = self.challengers_left[0]
            return []
        return self._resolve_challenge(record) + self._next_exchange()

    def _resolve_challenge(self, record: dict) -> list[dict]:
        exchanger, challengers = record["seat"], record["challengers"]
        self.exchange_history += ((exchanger, tuple(record["asked"]), tuple(challengers)),)
        if not challengers:
            return [{"type": "unchallenged", "seat": exchanger}]
        record["revealed"] = True
        if record["honest"]:  # every wrong challenger pays 1
            payments = [[c, self._pay(c, 1)] for c in challengers]
        else:  # the liar pays 1 to each correct challenger's call
            payments = [[exchanger, self._pay(exchanger, len(challengers))]]
        return [{"type": "challenge", "seat": exchanger, "challengers": list(challengers),
                 "challenger": challengers[0], "discards": list(record["discards"]),
                 "why": "honest" if record["honest"] else "bluff", "payments": payments, "pool": self.pool}]

    # --- 2. announcements -------------------------------------------------------------
    def _begin_announce(self) -> list[dict]:
        """Every player still in is asked, from the dealer's left to the dealer,
        whatever their hand (an ordinary hand may only stay silent): being asked
        then says nothing about who holds three or four aces or sevens."""
        self.phase = "announce"
        self.queue = list(self.active())
        return self._next_announce()

    def call_choices(self, seat: int) -> list[str]:
        """What ``seat`` may announce: its hand's options, or only the mandatory call
        when calls are made for the players (``missed_call="auto"``, C12)."""
        must = mandatory_call(self.hands[seat])
        if must and self.options["missed_call"] == "auto":
            return [must]
        return call_options(self.hands[seat], self.options["sevens_whistle"])

    def _next_announce(self) -> list[dict]:
        if self.queue:
            self._actor = self.queue[0]
            return []
        self.revealed = True
        self.missed = [s for s in self.active() if mandatory_call(self.hands[s]) and self.calls.get(s) is None]
        calls = {str(s): c for s, c in sorted(self.calls.items())}
        return [{"type": "announce", "calls": calls}] + self._begin_play()

    def _announce(self, seat: int, call: str) -> list[dict]:
        self.queue.pop(0)
        if call != "silent":
            self.calls[seat] = call
        return self._next_announce()

    # --- 3. tricks ----------------------------------------------------------------------
    def _begin_play(self) -> list[dict]:
        self.phase = "play"
        self.trick_no = 1
        self.lead_from = self.in_deal[0]
        return [{"type": "play_start", "leader": self._next_player()}] + self._next_card()

    def _next_player(self) -> int:
        """Who plays the next card: the leader (passing left past folded players),
        or the next active player clockwise who has not played to this trick."""
        if not self.trick:
            return next(s for s in self._clockwise(self.lead_from) if self.is_active(s))
        done = {s for s, _ in self.trick}
        return next(s for s in self._clockwise(self.trick[-1][0] + 1) if self.is_active(s) and s not in done)

    def _next_card(self) -> list[dict]:
        seat = self._next_player()
        events = []
        if not self.trick and seat != self.lead_from:
            events.append({"type": "lead_passes", "seat": seat, "folded": self.lead_from})
            self.lead_from = seat
        self._open_window(seat)
        return events

    def _play(self, seat: int, card: str) -> list[dict]:
        self.blocked = False  # a card is the action that reopens knocking (C7)
        self.hands[seat].remove(card)
        if self.trick and card[1] != self.trick[0][1][1]:
            self.voids[seat].add(self.trick[0][1][1])
        self.trick.append((seat, card))
        self.played.append(card)
        return [{"type": "play", "seat": seat, "card": card}] + self._after_card()

    def _after_card(self) -> list[dict]:
        """Close the trick once every active player has played to it, else go on."""
        done = {s for s, _ in self.trick}
        if not all(s in done for s in self.active()):
            return self._next_card()
        dead = self.dead_seats()
        winner, why = trick_winner(self.trick, dead)
        record = {"number": self.trick_no, "winner": winner, "why": why,
                  "plays": [[s, c, s in dead] for s, c in self.trick]}
        self.tricks.append(record)
        self.trick = []
        events = [{"type": "trick", **record}]
        if self.trick_no == TRICKS:
            return events + self._end_deal(winner, "last_trick")
        self.trick_no += 1
        self.lead_from = winner
        return events + self._next_card()

    def dead_seats(self) -> set[int]:
        """The players whose card in this trick cannot win: the folded ones, except
        in tricks 1-3 under ``folded_card="live"`` (C10)."""
        if self.options["folded_card"] == "live" and self.trick_no < TRICKS:
            return set()
        return set(self.folded)

    # --- knocking -------------------------------------------------------------------------
    def _knock(self, seat: int) -> list[dict]:
        self._resume = self.phase
        self.polls = []
        self.knocker = self.marker = self.last_knocker = seat
        self.phase = "respond"
        self._stays = 0
        self.responders = [s for s in self._clockwise(seat + 1)[:-1] if self.is_active(s)]
        self._actor = self.responders[0]
        return [{"type": "knock", "seat": seat, "stake": self.stake, "raise_to": self.stake + 1}]

    def _respond(self, seat: int, choice: str) -> list[dict]:
        self.responders.pop(0)
        if choice == "stay":
            self._stays += 1
            events = [{"type": "stay", "seat": seat}]
        else:
            paid = self._pay(seat, self.stake)
            self.folded.add(seat)
            self.folded_hands[seat] = self.hands[seat]
            self.hands[seat] = []
            # the card already played to this trick, and what the rule makes of it (C10)
            card = next((c for s, c in self.trick if s == seat), None)
            dead = card if seat in self.dead_seats() else None
            events = [{"type": "fold", "seat": seat, "paid": paid, "pool": self.pool, "dead": dead,
                       "live": card if card and not dead else None}]
        if self.responders:
            self._actor = self.responders[0]
            return events
        if not self._stays:  # everyone folded: the knocker wins at the old stake
            return events + self._end_deal(self.knocker, "all_folded")
        self.stake += 1
        self.blocked = True
        events.append({"type": "stake", "seat": self.knocker, "stake": self.stake})
        self.phase = self._resume
        if self.phase == "exchange":
            return events + self._next_exchange()
        if self.trick:
            return events + self._after_card()  # a fold may have completed the trick
        return events + self._next_card()

    # --- 4. settlement --------------------------------------------------------------------
    def _end_deal(self, winner: int, why: str) -> list[dict]:
        stake = self.stake
        mode = self.options["settlement"]
        losers = [s for s in self.active() if s != winner]
        events = [{"type": "deal_won", "seat": winner, "why": why, "stake": stake}]
        payments = []

        def record(seat, amount, why, to=None):
            payments.append({"seat": seat, "amount": amount, "why": why, "to": to})
            events.append({"type": "pay", **payments[-1], "pool": self.pool})

        if mode == "direct" and losers:
            for s in losers:
                record(s, self._pay(s, stake, to=winner), "lost", winner)
        else:
            if mode in ("pool", "lives"):
                for s in losers:
                    record(s, self._pay(s, stake), "lost")
            if mode != "lives":
                record(winner, -self._collect(winner, stake), "won")
        for s in self.missed:
            record(s, self._pay(s, stake), "missed_call")
        self._keep_for_review()
        self.last_deal = {"deal": self.deal_no, "winner": winner, "why": why, "stake": stake,
                          "payments": payments, "folded": sorted(self.folded), "missed": list(self.missed),
                          "chips": list(self.chips), "pool": self.pool,
                          "final_trick": dict(self.tricks[-1]) if why == "last_trick" else None}  # the deal's final trick
        events.append({"type": "deal_end", "deal": self.deal_no, "winner": winner, "stake": stake,
                       "chips": list(self.chips), "pool": self.pool})
        return events + self._after_settlement()

    def _after_settlement(self) -> list[dict]:
        events = []
        broke = [s for s in range(self.num_players) if self.alive[s] and self.chips[s] <= 0]
        alive_before = [s for s in range(self.num_players) if self.alive[s]]
        for s in broke:
            events.append({"type": "bankrupt", "seat": s})
        if self.options["end"] == "bankruptcy" and (broke or self.playing_on):
            best = max(self.chips)
            top = [s for s in range(self.num_players) if self.chips[s] == best]
            if len(top) == 1 or self.options["ties"] == "shared":
                return events + self._finish(top)
            self.playing_on = True
            events.append({"type": "play_on", "seats": top})
        for s in broke:
            self.alive[s] = False
        left = [s for s in range(self.num_players) if self.alive[s]]
        if len(left) <= 1:
            if not left:  # everyone went down in the same deal: they share it
                best = max(self.chips[s] for s in alive_before)
                left = [s for s in alive_before if self.chips[s] == best]
            return events + self._finish(left)
        self.dealer = next(s for s in self._clockwise(self.dealer + 1) if self.alive[s])
        return events + self._start_deal()

    def _finish(self, winners: list[int]) -> list[dict]:
        self.phase = "over"
        self._actor = None
        self.polls = []
        self.winners = winners
        return [{"type": "game_over", "winners": list(winners), "chips": list(self.chips)}]

    def _keep_for_review(self) -> None:
        """The finished deal's hands as played (after exchanges, folded ones too),
        the cards played face up and the discards, kept before the next deal."""
        plays = [(s, c) for t in self.tricks for s, c, _ in t["plays"]] + list(self.trick)
        held = [sort_hand(list(self.hands[s]) + self.folded_hands.get(s, []) + [c for p, c in plays if p == s])
                for s in range(self.num_players)]
        self.laid_open = {"deal": self.deal_no, "held": held, "played": [c for _, c in plays],
                         "discards": [(r["seat"], list(r["discards"]), r["revealed"]) for r in self.exchanges]}

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """Every hand of the last finished deal as ``seat`` knows them (§11): its own
        cards, every card played, challenged discards; folded hands, unplayed cards and
        unchallenged discards stay backs (``hidden``), unless ``everything`` (learning
        mode)."""
        if self.last_deal is None:
            return None
        r = self.laid_open
        hands, hidden = zip(*(lay_open(h, h if s == seat else r["played"], everything)
                              for s, h in enumerate(r["held"])))
        discards = []
        for s, cards, revealed in r["discards"]:
            shown, backs = lay_open(cards, cards if (revealed or s == seat) else (), everything)
            discards.append({"seat": s, "cards": shown, "hidden": backs})
        return {"deal": r["deal"], "hands": list(hands), "hidden": list(hidden), "discards": discards,
                "everything": everything}

    # --- what a seat may know -----------------------------------------------------------
    def view(self, seat):
        exchanges = []
        for r in self.exchanges:
            shown = r["revealed"] or r["seat"] == seat
            exchanges.append({"seat": r["seat"], "challengers": list(r["challengers"]),
                              "revealed": r["revealed"], "discards": list(r["discards"]) if shown else None,
                              "honest": r["honest"] if r["revealed"] else None})
        calls = {str(s): c for s, c in self.calls.items() if self.revealed or s == seat}
        dead = self.dead_seats()
        return {
            "game": "toepen",
            "seat": seat,
            "players": self.num_players,
            "phase": self.phase,
            "to_act": self.to_act,
            "turn": self.turn,
            "polling": bool(self.polls),
            "deal": self.deal_no,
            "dealer": self.dealer,
            "chips": list(self.chips),
            "pool": self.pool,
            "stake": self.stake,
            "stake_cap": self.options["stake_cap"],
            "marker": self.marker,
            "knocker": self.knocker if self.phase == "respond" else None,
            "last_knocker": self.last_knocker,
            "may_knock": self.phase != "over" and self.may_knock(seat),
            "alive": list(self.alive),
            "in_deal": list(self.in_deal),
            "folded": sorted(self.folded),
            "hand": sort_hand(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "exchanges": exchanges,
            "exchange_history": [{"seat": e, "asked": list(a), "challengers": list(c)}
                                 for e, a, c in self.exchange_history],
            "calls": calls,
            "revealed": self.revealed,
            "trick": [{"seat": s, "card": c, "dead": s in dead} for s, c in self.trick],
            "trick_no": self.trick_no,
            "tricks": [dict(t) for t in self.tricks],
            "leader": self._next_player() if self.phase == "play" and not self.trick else
                      (self.trick[0][0] if self.trick else None),
            "played": list(self.played),
            "stake_log": [dict(e) for e in self.stake_log],
            "voids": [sorted(v) for v in self.voids],
            "last_deal": self.last_deal,
            "winners": list(self.winners),
            "end": self.options["end"],
            "settlement": self.options["settlement"],
        }


    @property
    def deal_index(self) -> int:
        return self.deal_no

    def standing(self, seat: int) -> float:
        return float(self.chips[seat])

    def sample_world(self, seat, rng: random.Random):
        """Re-deal every card ``seat`` cannot see: the other hands (keeping sizes, the
        suits a player showed void in, and three or four aces or sevens for a revealed
        whistle or stand), the stock, the unshown discards and the folded hands. Calls
        not yet revealed become what the new hands oblige. Later deals get a fresh seed."""
        world = self.clone()
        known = set(self.hands[seat]) | set(self.played)
        for r in self.exchanges:
            if r["revealed"] or r["seat"] == seat:
                known |= set(r["discards"])
        pool = [c for c in DECK if c not in known]
        others = [s for s in range(self.num_players) if s != seat and self.hands[s]]
        hidden_discards = [r for r in self.exchanges if not (r["revealed"] or r["seat"] == seat)]
        hands = self._deal_constrained(seat, others, pool, rng)
        left = [c for c in pool if not any(c in h for h in hands.values())]
        rng.shuffle(left)
        for s in others:
            world.hands[s] = sort_hand(hands[s])
        world.stock, left = left[:len(self.stock)], left[len(self.stock):]
        for r, w in zip(self.exchanges, world.exchanges):
            if r in hidden_discards:
                w["discards"], left = left[:HAND], left[HAND:]
                w["honest"] = honest_exchange(w["discards"])
        for s in sorted(self.folded_hands):
            world.folded_hands[s], left = left[:len(self.folded_hands[s])], left[len(self.folded_hands[s]):]
        if not self.revealed:  # others' secret calls: what their new hands oblige
            world.calls = {s: c for s, c in self.calls.items() if s == seat}
            for s in others:
                must = mandatory_call(world.hands[s])
                if must and s not in world.queue:
                    world.calls[s] = must
        world.seed = rng.getrandbits(63)
        return world

    def _deal_constrained(self, seat: int, others: list[int], pool: list[str], rng) -> dict[int, list[str]]:
        """Hands for ``others`` from ``pool``: voids kept, revealed calls honoured (a
        whistle or stand holds three or four aces or sevens, counting the ones that
        player has played since)."""
        for _ in range(60):
            left = list(pool)
            rng.shuffle(left)
            hands: dict[int, list[str]] = {s: [] for s in others}
            ok = True
            for s in others:
                call = self.calls.get(s) if self.revealed and self.is_active(s) else None
                if not call:
                    continue
                mine = self._cards_played_by(s)
                kinds = []
                for rank, weight in (("A", 2), ("7", 1)):
                    need = CALL_NEED[call] - sum(c[0] == rank for c in mine)
                    fits = [c for c in left if c[0] == rank and c[1] not in self.voids[s]]
                    if 0 <= need <= len(self.hands[s]) and len(fits) >= need:
                        kinds += [(rank, need, fits)] * weight
                if not kinds:
                    continue
                rank, need, fits = rng.choice(kinds)
                hands[s] = fits[:need]
                left = [c for c in left if c not in hands[s]]
            for s in sorted(others, key=lambda s: -len(self.voids[s])):
                need = len(self.hands[s]) - len(hands[s])
                fits = [c for c in left if c[1] not in self.voids[s]]
                if len(fits) < need:
                    ok = False
                    break
                hands[s] += fits[:need]
                left = [c for c in left if c not in hands[s]]
            if ok:
                return hands
        # (practically never) deal without the constraints rather than reveal the truth
        left = list(pool)
        rng.shuffle(left)
        hands = {}
        for s in others:
            hands[s], left = left[:len(self.hands[s])], left[len(self.hands[s]):]
        return hands

    def _cards_played_by(self, seat: int) -> list[str]:
        """Every card ``seat`` has played this deal."""
        out = [c for t in self.tricks for s, c, _ in t["plays"] if s == seat]
        return out + [c for s, c in self.trick if s == seat]


GAME = Game(
    name="toepen", number=4, share_version=2, state=ToepenState,
    table="cardtable.tables.toepen", bots="cardtable.bots.toepen",
    lesson="cardtable.tutorials.toepen",
    articles=(Article("トゥーペン(Toepen)",
                      "http://playingcardgame.blog27.fc2.com/blog-entry-128.html"),),
    settings=("knock-stops",),  # a stop at every chance to knock, on request: else the page passes for the player
    min_players=3, max_players=8, default_players=4, poster=("AS", "AH", "7D"),
    options={
        "players": Option(4, (), "players at the table", minimum=3, maximum=8, code="C1", group="table"),
        "chips": Option(20, (), "starting chips", minimum=10, maximum=50, code="C2", group="table"),
        "end": Option("bankruptcy", ("bankruptcy", "last_standing"),
                      "the first bankruptcy ends the game, or play to the last player standing", group="scoring"),
        "settlement": Option("pool", ("pool", "literal", "direct", "lives"),
                             "what the losers still in pay at the end of a deal", code="C3", group="scoring"),
        "challenges": Option("first", ("first", "all"), "one challenger, or everyone may challenge", code="C4"),
        "exchanges": Option("once", ("once", "repeat"), "one exchange each, or again while the stock lasts",
                            code="C5"),
        "folded_card": Option("dead", ("dead", "live"), "a folded player's card on the table", code="C10"),
        "stake_cap": Option(0, (0, 8), "the highest stake (0: no cap)", code="C11", group="scoring"),
        "missed_call": Option("penalty", ("penalty", "auto"),
                              "a mandatory call may be forgotten (and paid for), or is made for you", code="C12"),
        "sevens_whistle": Option(True, (), "four sevens may whistle instead of standing", code="C13"),
        "debt": Option(False, (), "chips may go below zero", code="C15", group="scoring"),
        "ties": Option("shared", ("shared", "play_on"), "equal chips at a bankruptcy end",
                       code="C16", group="scoring"),
        "knock_from": Option("play", ("play", "deal"), "knocking from the first card, or from the deal", code="C9"),
        "first_dealer": Option("random", ("random",) + tuple(range(8)), "who deals first", group="table"),
    },
    presets=(
        Preset("pagat", {"settlement": "lives", "knock_from": "deal"},
               "docs/rules/toepen.md §12 and C3 (penalty lives: the winner gains nothing), C9 "
               "(knocking once the cards are picked up)"),
    ),
)
