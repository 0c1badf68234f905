"""Tressette for two (トレセッテ 2人用): must follow, no trumps, every draw shown.

Rules: ``docs/rules/tressette.md`` (the seed article's rules are the defaults).

Actions, for the seat in ``to_act``: ``play 3S`` (any card when leading; a card of
the led suit when following and holding one), and ``claim`` (only with the
``claim`` option, once the player's total has reached the target mid-deal).

Dealing from a stacked ``deck`` (top card first): cards 1-10 go to the
non-dealer, 11-20 to the dealer, and 21-40 are the stock, top first (the trick
winner draws first). Later deals are shuffled from the seed, deal by deal.

Points are counted in thirds (an ace 3, a 3/2/K/Q/J 1, the rest 0); at the end of
a deal each player's thirds are truncated to whole points and the winner of the
last trick adds 1, so a deal always hands out exactly 11 points (without
declarations).

Options (the seed's rule first):

- ``show_draws``: True (E4: each drawn card is shown to the other player) or False.
- ``declarations``: False, or True (E3: three or four 3s, 2s or aces score 3 or 4,
  a Napoletana 3-2-A of one suit scores 3; announced and shown at the deal).
- ``claim``: False, or True (E5: a player whose total reaches the target during
  a deal may claim the game at their turn; the total counts the deal's captured
  points so far, rounded down, and its declarations. A tie-break deal starts
  with both totals past the target, so nobody reaches it then and nobody claims).
- ``target``: 21 (E6).
- ``ties``: ``"play_on"`` (E1: equal totals at the end play another deal) or ``"draw"``.
- ``first_dealer``: ``"random"`` (from the seed), ``0`` or ``1``.
"""

from __future__ import annotations

import random

from ..cards import check_stacked_deck, follow_suit, led_suit, make_deck, refuse_card, shuffled
from ..protocol import Article, Game, Option, Preset, State, derived_rng

RANK_ORDER = "4567JQKA23"  # weakest first: 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4
STRENGTH = {r: i for i, r in enumerate(RANK_ORDER)}
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
DECK = make_deck("3 2 A K Q J 7 6 5 4".split())
HAND_SIZE = 10
TRICKS_PER_DEAL = 20
SUIT_ORDER = "SHDC"


def strength(card: str) -> int:
    return STRENGTH[card[0]]


def thirds(cards) -> int:
    """Card points of ``cards`` in thirds of a point."""
    return sum(THIRDS.get(c[0], 0) for c in cards)


def sort_hand(cards) -> list[str]:
    """By suit, strongest first within a suit."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c[1]), -strength(c)))


def trick_winner(lead: tuple[int, str], follow: tuple[int, str]) -> tuple[int, str]:
    """(winning seat, why): the higher card of the led suit; an off-suit card never wins."""
    if follow[1][1] != lead[1][1]:
        return lead[0], "off_suit"
    return (lead[0] if strength(lead[1]) > strength(follow[1]) else follow[0]), "higher"


def declarations(hand) -> list[dict]:
    """The E3 declarations (accusi) in a dealt hand: kinds of 3s/2s/aces and Napoletane."""
    out = []
    for r in "32A":
        cards = [c for c in hand if c[0] == r]
        if len(cards) >= 3:
            out.append({"kind": f"{len(cards)}x{r}", "cards": sort_hand(cards), "points": len(cards)})
    for s in SUIT_ORDER:
        if all(r + s in hand for r in "32A"):
            out.append({"kind": "napoletana", "cards": ["3" + s, "2" + s, "A" + s], "points": 3})
    return out


class TressetteState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"last_deal", "laid_open_hands", "dealt", "last_trick"}

    def __init__(self, game, seed, options, deck):
        self.game = game
        self.seed = seed
        self.options = options
        self.num_players = 2
        self.totals = [0, 0]
        if options["first_dealer"] == "random":
            self.dealer = derived_rng(seed, "first_dealer").randrange(2)
        else:
            self.dealer = options["first_dealer"]
        self.deal_no = 0
        self.winner: int | None = None
        self.claimed = False
        self.phase = "play"
        self.last_deal: dict | None = None
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self._events: list[dict] = []
        self._start_deal()
        self.opening_events = self._events  # announcements made at the first deal

    # --- deals --------------------------------------------------------------------
    def _start_deal(self) -> None:
        self.deal_no += 1
        if self.deal_no == 1 and self._stacked is not None:
            cards = list(self._stacked)
        else:
            cards = shuffled(DECK, derived_rng(self.seed, "deal", self.deal_no))
        nd = 1 - self.dealer
        self.hands = [[], []]
        self.hands[nd], self.hands[self.dealer] = cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE]
        self.stock = cards[2 * HAND_SIZE:]
        self.known = [[], []]      # cards in a hand that the other player has seen
        # Suits a player's unseen cards cannot be: shown void in since their last
        # hidden draw. Public; the view's "voids" drops a suit once a shown draw
        # puts a card of it back in the hand.
        self.voids = [[], []]
        self.won = [[], []]
        self.trick: list[tuple[int, str]] = []
        self.leader = nd
        self._actor = nd
        self.tricks_played = 0
        self.last_trick: dict | None = None
        self.last_draws: list[dict] = []
        # This deal's tricks with the draws after each, as both players saw them: a
        # tuple, replaced whole, so clones share it. A reading bot reads the other
        # player's cards from it (bots/tressette.py, ``their_moves``).
        self.tricks: tuple = ()
        self.declared = [0, 0]
        self.dealt = [sort_hand(h) for h in self.hands]  # for the review after the deal
        self._events = [{"type": "deal_start", "deal": self.deal_no, "dealer": self.dealer}]
        if self.options["declarations"]:
            for seat in (nd, self.dealer):
                for d in declarations(self.hands[seat]):
                    self.declared[seat] += d["points"]
                    self.known[seat] = sorted(set(self.known[seat]) | set(d["cards"]))
                    self._events.append({"type": "declare", "seat": seat, **d})

    # --- protocol -----------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        out = {"winner": self.winner, "scores": list(self.totals), "deals": self.deal_no}
        if self.claimed:
            out["claim"] = True  # won by a claim mid-deal, whatever the other total
        return out

    def _running(self, seat: int) -> int:
        """``seat``'s total with this deal counted so far (E5): declarations and
        captured thirds rounded down; the last trick's point is not yet won."""
        return self.totals[seat] + self.declared[seat] + thirds(self.won[seat]) // 3

    def _claimable(self, seat: int) -> bool:
        """The total reaches the target during this deal: it was short of it when
        the deal began (never so in a tie-break deal) and reaches it now."""
        target = self.options["target"]
        return self.options["claim"] and self.totals[seat] < target <= self._running(seat)

    def playable(self, seat: int) -> list[str]:
        """Cards ``seat`` may play now: the led suit if it has any, else anything."""
        return sort_hand(follow_suit(self.hands[seat], led_suit(self.trick)))

    def legal_actions(self):
        if self.phase != "play":
            return []
        out = [f"play {c}" for c in self.playable(self._actor)]
        if self._claimable(self._actor):
            out.append("claim")
        return out

    def explain_illegal(self, action):
        words = action.split()
        if words and words[0] == "play" and len(words) == 2:
            return refuse_card(self.hands[self._actor], words[1].upper(), led_suit(self.trick))
        if action == "claim":
            return ("You can claim only with the claim option, once your points reach the target "
                    "during a deal (not in a deal played to break a tie).")
        return f"'{action}' is not allowed now. Legal: {', '.join(self.legal_actions())}."

    def _apply(self, action):
        seat = self._actor
        if action == "claim":
            before = list(self.totals)
            self.totals = [self._running(s) for s in (0, 1)]  # the totals the claim rests on
            self.claimed = True
            # what the deal so far adds to each total, so the events alone add up
            points = [after - was for after, was in zip(self.totals, before)]
            return self._finish([{"type": "claim", "seat": seat, "points": points,
                                  "totals": list(self.totals)}], seat)
        card = action.split()[1]
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        events = [{"type": "play", "seat": seat, "card": card}]
        led = led_suit(self.trick)
        if led and card[1] != led and led not in self.voids[seat]:
            self.voids[seat] = sorted(self.voids[seat] + [led], key=SUIT_ORDER.index)
        self.trick.append((seat, card))
        if len(self.trick) == 1:
            self._actor = 1 - seat
            return events
        return events + self._resolve()

    def _resolve(self) -> list[dict]:
        lead, follow = self.trick
        winner, why = trick_winner(lead, follow)
        loser = 1 - winner
        self.won[winner].extend([lead[1], follow[1]])
        self.tricks_played += 1
        self.last_trick = {"number": self.tricks_played, "leader": lead[0], "winner": winner,
                           "cards": {str(lead[0]): lead[1], str(follow[0]): follow[1]}}
        self.trick = []
        events = [{"type": "trick", "number": self.tricks_played, "winner": winner, "leader": lead[0],
                   "why": why, "cards": dict(self.last_trick["cards"]),
                   "points": thirds([lead[1], follow[1]])}]
        self.last_draws = []
        if self.stock:
            for seat in (winner, loser):
                card = self.stock.pop(0)
                self.hands[seat].append(card)
                shown = self.options["show_draws"]
                if shown:
                    self.known[seat].append(card)
                else:
                    self.voids[seat] = []  # a hidden card may be of any suit
                draw = {"type": "draw", "seat": seat, "card": card if shown else None, "stock": len(self.stock)}
                self.last_draws.append(draw)
                events.append(draw)
        self.tricks += ({**self.last_trick, "draws": [{"seat": d["seat"], "card": d["card"]} for d in self.last_draws]},)
        if self.tricks_played == TRICKS_PER_DEAL:
            return events + self._end_deal(winner)
        self.leader = self._actor = winner
        return events

    def _end_deal(self, last_winner: int) -> list[dict]:
        counted = [thirds(self.won[s]) for s in (0, 1)]
        points = [counted[s] // 3 + (1 if s == last_winner else 0) + self.declared[s] for s in (0, 1)]
        for s in (0, 1):
            self.totals[s] += points[s]
        self.last_deal = {"deal": self.deal_no, "thirds": counted, "points": points, "last_trick": last_winner,
                          "declared": list(self.declared), "totals": list(self.totals),
                          "final_trick": self.last_trick}  # the deal's final trick, seen after it
        self.laid_open_hands = [list(h) for h in self.dealt]
        events = [{"type": "deal_end", **self.last_deal}]
        target = self.options["target"]
        if max(self.totals) >= target:
            if self.totals[0] != self.totals[1]:
                return self._finish(events, 0 if self.totals[0] > self.totals[1] else 1)
            if self.options["ties"] == "draw":
                return self._finish(events, None)
            events.append({"type": "tie_play_on", "totals": list(self.totals)})
        self.dealer = 1 - self.dealer
        self._start_deal()
        return events + self._events

    def _finish(self, events, winner):
        self.phase = "over"
        self.winner = winner
        self._actor = None
        return events + [{"type": "game_over", "winner": winner, "scores": list(self.totals)}]

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """Both hands as dealt in the last finished deal: nothing stays hidden, since a
        deal ends only when every card has been played face up (a claim ends the game,
        not the deal), so ``seat`` and ``everything`` change nothing."""
        if self.last_deal is None:
            return None
        return {"deal": self.last_deal["deal"], "hands": [list(h) for h in self.laid_open_hands],
                "hidden": [[], []], "everything": everything}

    # --- what a seat may know ---------------------------------------------------
    def _void_now(self, seat: int) -> list[str]:
        """Suits ``seat`` is known to hold none of: void shown, no card of it drawn since."""
        held = {c[1] for c in self.known[seat]}
        return [s for s in self.voids[seat] if s not in held]

    def view(self, seat):
        other = 1 - seat
        return {
            "game": "tressette",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "target": self.options["target"],
            "hand": sort_hand(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "opponent_known": sort_hand(self.known[other]),
            "stock_count": len(self.stock),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "leader": self.leader,
            "tricks_played": self.tricks_played,
            "last_trick": self.last_trick,
            "last_draws": list(self.last_draws),
            "tricks": list(self.tricks),
            "captured_thirds": [thirds(w) for w in self.won],
            "tricks_won": [len(w) // 2 for w in self.won],
            "voids": [self._void_now(p) for p in (0, 1)],
            "unseen_voids": [list(v) for v in self.voids],
            "declared": list(self.declared),
            "show_draws": self.options["show_draws"],
            "played": sort_hand(self.won[0] + self.won[1] + [c for _, c in self.trick]),
            "last_deal": self.last_deal,
            "may_claim": self.phase == "play" and self._actor == seat and self._claimable(seat),
            "winner": self.winner,
        }


    @property
    def deal_index(self) -> int:
        return self.deal_no

    def standing(self, seat: int) -> float:
        return float(self.totals[seat] - self.totals[1 - seat])

    def sample_world(self, seat, rng: random.Random):
        """Re-deal what ``seat`` cannot see: the other hand's unseen cards and the stock.

        The other player's unseen cards avoid every suit of their ``unseen_voids``
        (everything they drew since showing the void was shown, so a card of that
        suit in their hand is a known one); the pool is sorted before the shuffle
        so the world depends only on the view and ``rng``.
        """
        world = self.clone()
        other = 1 - seat
        known = set(world.known[other])
        hidden = [c for c in world.hands[other] if c not in known]
        pool = sorted(hidden + world.stock)
        rng.shuffle(pool)
        voids = set(world.voids[other])
        eligible = [c for c in pool if c[1] not in voids]
        take = eligible[:len(hidden)]
        taken = set(take)
        world.hands[other] = sorted(known) + take
        world.stock = [c for c in pool if c not in taken]
        world.seed = rng.getrandbits(63)
        return world


GAME = Game(
    name="tressette", number=1, state=TressetteState,
    table="cardtable.tables.tressette", bots="cardtable.bots.tressette",
    lesson="cardtable.tutorials.tressette",
    articles=(Article("トランプゲーム「トレセッテ」(2人用ルール)の紹介。",
                      "https://yamaimo.hatenablog.jp/entry/2016/07/14/200000"),),
    settings=("show-count",),  # the running count of captured points, shown on request: counting is part of the skill
    min_players=2, max_players=2, default_players=2, poster=("3H", "2H", "AH"),
    default_level="easy",  # the level a Hint-follower wins a fair share against: bench/RESULTS.md
    options={
        "show_draws": Option(True, (), "show each drawn card to the other player", code="E4"),
        "declarations": Option(False, (), "score declarations (accusi) at the deal", code="E3"),
        "claim": Option(False, (), "a player who reaches the target mid-deal may claim", code="E5", group="scoring"),
        "target": Option(21, (), "points to win", minimum=1, maximum=99, code="E6", group="scoring"),
        "ties": Option("play_on", ("play_on", "draw"), "equal totals at the end", code="E1", group="scoring"),
        "first_dealer": Option("random", ("random", 0, 1), "who deals first", code="E8", group="table"),
    },
    presets=(
        Preset("accuso", {"declarations": True},
               "docs/rules/tressette.md E3 (declarations: German Wikipedia's Spizzichino; Parlett)"),
    ),
)
