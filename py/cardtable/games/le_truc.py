"""Le Truc (ル・トゥルック): two players, three cards, a face-down card doubles the stake.

Rules: ``docs/rules/le_truc.md`` (the seed article's house rules are the defaults).

Actions, for the seat in ``to_act``:

- ``keep`` / ``redo`` (非親 / 子, before play: 勝負 or やり直し)
- ``refuse`` / ``exchange`` (親, answering a redo: 拒否 or 交換)
- ``play KS`` (face up) and ``play KS down`` (face down: a doubling offer)
- ``fold`` / ``accept`` (answering a face-down card: 降りる or 受ける)

Dealing from a stacked ``deck`` (top card first): cards 1-3 go to the non-dealer,
4-6 to the dealer, and the rest is the stock in order; an exchange deals the next
three to the non-dealer, then three to the dealer. Later rounds are shuffled from
the seed, round by round, so a round's cards never depend on earlier play.

Options (the seed's rule first):

- ``redeals``: ``"once"`` (one redo per round) or ``"repeated"`` (A2: after an
  exchange the non-dealer may ask again while six cards remain in the stock).
- ``doubling``: ``"any"`` (anyone may play face down) or ``"accepter"`` (A4: once
  a doubling was accepted, only the player who accepted it may offer the next).
- ``scoring``: ``"race"`` (first to ``target`` points) or ``"bankroll"`` (A8: 30
  chips each, the loser pays the winner, the game ends when someone has none).
- ``draw``: ``"swap"`` (roles swap after a drawn round) or ``"replay"`` (A10).
- ``target``: points to win in race scoring (30).
- ``first_dealer``: ``"random"`` (from the seed), ``0`` or ``1``.
"""

from __future__ import annotations

import random

from ..cards import check_stacked_deck, lay_open, make_deck, rank, shuffled
from ..protocol import Article, Game, Option, Preset, State, derived_rng, first_dealer

STRENGTH_ORDER = "9TJQKA67"  # weakest first: 7 > 6 > A > K > Q > J > 10 > 9
STRENGTH = {r: i for i, r in enumerate(STRENGTH_ORDER)}
DECK = make_deck("A K Q J T 9 7 6".split())
BANKROLL = 30
DIE_FACES = [1, 2, 4, 8, 16, 32]  # the doubling die: the stake's whole ladder


def strength(card: str) -> int:
    """0 (a nine) to 7 (a seven); suits never matter."""
    return STRENGTH[rank(card)]


def sort_hand(cards) -> list[str]:
    """Strongest first, then by suit, so actions and views list cards stably."""
    return sorted(cards, key=lambda c: (-strength(c), "SHDC".index(c[1])))


def round_outcome(results) -> tuple[int | None, str] | None:
    """(winner or None, why) once a round is decided by its trick results, else None.

    ``results`` lists each finished trick's winning seat, or None for a tie. This is
    the table of rules §7, every tie case included.
    """
    r = list(results)
    k = len(r)
    for seat in (0, 1):
        if r.count(seat) == 2:
            return seat, "two_tricks"
    if k == 2:
        if r[0] is not None and r[1] is None:
            return r[0], "won_then_tied"
        if r[0] is None and r[1] is not None:
            return r[1], "tied_then_won"
    if k == 3:
        if r[0] is not None:  # A B T: the first trick's winner
            return r[0], "first_trick_breaks_tie"
        if r[2] is not None:  # T T A
            return r[2], "won_after_two_ties"
        return None, "all_tied"
    return None


def doubled(value: int) -> int:
    """The doubling die's next face: what accepting a face-down card makes the round worth."""
    return DIE_FACES[DIE_FACES.index(value) + 1]


def settle(scores: list[int], winner: int, value: int, bankroll: bool) -> tuple[int, list[int]]:
    """(points, scores after) for a round ``winner`` wins at the die's ``value``: in
    bankroll scoring the chips change hands, no more than the loser has."""
    after, loser = list(scores), 1 - winner
    points = min(value, after[loser]) if bankroll else value
    if bankroll:
        after[loser] -= points
    after[winner] += points
    return points, after


def wins_game(scores: list[int], winner: int, bankroll: bool, target: int) -> bool:
    """Whether ``winner`` has won the game with these scores: the other's bankroll
    emptied, or the race's target reached."""
    return scores[1 - winner] == 0 if bankroll else scores[winner] >= target


def folding(scores: list[int], folder: int, value: int, bankroll: bool, target: int) -> tuple[int, bool]:
    """(points, whether it loses the game): what ``folder`` gives the offerer by folding
    at the die's ``value``, by the rules' own settlement."""
    offerer = 1 - folder
    points, after = settle(scores, offerer, value, bankroll)
    return points, wins_game(after, offerer, bankroll, target)


class LeTrucState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"last_round", "laid_open_hands"}

    def __init__(self, game: Game, seed: int, options: dict, deck: list[str] | None):
        self.game = game
        self.seed = seed
        self.options = options
        self.num_players = 2
        self.bankroll = options["scoring"] == "bankroll"
        self.scores = [BANKROLL, BANKROLL] if self.bankroll else [0, 0]
        self.dealer = first_dealer(seed, options["first_dealer"], 2)
        self.winner: int | None = None
        self.round_no = 0
        self.last_round: dict | None = None
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self._start_round()

    # --- round set-up ------------------------------------------------------
    def _start_round(self) -> None:
        self.round_no += 1
        if self.round_no == 1 and self._stacked is not None:
            cards = list(self._stacked)
        else:
            cards = shuffled(DECK, derived_rng(self.seed, "deal", self.round_no))
        nd = 1 - self.dealer
        self.hands = [[], []]
        self.hands[nd], self.hands[self.dealer] = cards[0:3], cards[3:6]
        self.stock = cards[6:]
        self.discards = [[], []]
        self.exchanges = 0
        self.redeal: str | None = None  # how the card play began: keep, refuse or exchange
        self.value = 1
        self.last_acceptor: int | None = None
        self.tricks: list[dict] = []
        self.results: list[int | None] = []
        self.pending: int | None = None  # seat whose face-down card awaits an answer
        self.phase = "redo_ask"
        self._actor = nd

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    # --- protocol ---------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        return {"winner": self.winner, "scores": list(self.scores), "rounds": self.round_no}

    def _may_play_down(self, seat: int) -> bool:
        first_card = not self.tricks or (len(self.tricks) == 1 and not self.tricks[0]["plays"])
        if first_card:
            return False
        if self.options["doubling"] == "accepter" and self.last_acceptor not in (None, seat):
            return False
        return True

    def legal_actions(self) -> list[str]:
        if self.phase == "redo_ask":
            return ["keep", "redo"]
        if self.phase == "redo_answer":
            return ["refuse", "exchange"]
        if self.phase == "answer":
            return ["fold", "accept"]
        if self.phase == "play":
            seat = self._actor
            down = self._may_play_down(seat)
            out = []
            for c in sort_hand(self.hands[seat]):
                out.append(f"play {c}")
                if down:
                    out.append(f"play {c} down")
            return out
        return []

    def explain_illegal(self, action: str) -> str:
        words = action.split()
        legal = self.legal_actions()
        if words and words[0] == "play" and self.phase == "play":
            card = words[1].upper() if len(words) > 1 else ""
            if card not in self.hands[self._actor]:
                return f"You do not hold {card or 'that card'}." if card else "Say which card to play, e.g. 'play KS'."
            if len(words) == 3 and words[2] == "down":
                if not self.tricks or not self.tricks[0]["plays"]:
                    return "The first card of a round must be played face up."
                return "Only the player who accepted the last doubling may play face down now."
            return f"'{action}' is not a way to play a card; use 'play {card}' or 'play {card} down'."
        hints = {
            "redo_ask": "First choose to play these hands (keep) or ask for a redo.",
            "redo_answer": "First answer the redo request: refuse or exchange.",
            "answer": "A face-down card was played: fold or accept first.",
            "play": "It is time to play a card.",
        }
        return f"'{action}' is not allowed now. {hints.get(self.phase, '')} Legal: {', '.join(legal)}."

    def _apply(self, action: str) -> list[dict]:
        seat = self._actor
        words = action.split()
        if words[0] == "play" and len(words) >= 2:
            return self._play(seat, words[1], len(words) == 3)
        return getattr(self, "_do_" + action)(seat)

    # --- the redeal ---------------------------------------------------------
    def _do_keep(self, seat):
        self.redeal = "keep"
        self.phase = "play"
        self._open_trick(self.non_dealer)
        return [{"type": "keep", "seat": seat}]

    def _do_redo(self, seat):
        self.phase = "redo_answer"
        self._actor = self.dealer
        return [{"type": "redo", "seat": seat}]

    def _do_refuse(self, seat):
        self.redeal = "refuse"
        self.phase = "play"
        self._open_trick(self.non_dealer)
        return [{"type": "refuse", "seat": seat}]

    def _do_exchange(self, seat):
        nd = self.non_dealer
        for s in (0, 1):
            self.discards[s].extend(self.hands[s])
        self.hands[nd], self.hands[self.dealer] = self.stock[0:3], self.stock[3:6]
        self.stock = self.stock[6:]
        self.exchanges += 1
        self.redeal = "exchange"
        events = [{"type": "exchange", "seat": seat, "stock": len(self.stock)}]
        if self.options["redeals"] == "repeated" and len(self.stock) >= 6:
            self.phase = "redo_ask"
            self._actor = nd
        else:
            self.phase = "play"
            self._open_trick(nd)
        return events

    # --- card play ----------------------------------------------------------
    def _open_trick(self, leader: int) -> None:
        self.tricks.append({"number": len(self.tricks) + 1, "leader": leader, "plays": [], "winner": None})
        self._actor = leader

    def _play(self, seat: int, card: str, down: bool) -> list[dict]:
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        trick["plays"].append({"seat": seat, "card": card, "down": down, "revealed": not down})
        event = {"type": "play", "seat": seat, "card": None if down else card, "down": down,
                 "trick": trick["number"]}
        if down:
            self.phase = "answer"
            self.pending = seat
            self._actor = 1 - seat
            return [dict(event, value=self.value)]
        return [event] + self._after_play()

    def _do_accept(self, seat):
        offerer = self.pending
        play = self.tricks[-1]["plays"][-1]
        play["revealed"] = True
        self.value = doubled(self.value)  # five face-down cards at most in a round: 32, the last face
        self.last_acceptor = seat
        self.pending = None
        self.phase = "play"
        events = [{"type": "accept", "seat": seat, "offerer": offerer, "value": self.value,
                   "card": play["card"], "trick": self.tricks[-1]["number"]}]
        return events + self._after_play()

    def _do_fold(self, seat):
        offerer = self.pending
        self.pending = None
        events = [{"type": "fold", "seat": seat, "offerer": offerer, "value": self.value}]
        return events + self._end_round(offerer, "fold")

    def _after_play(self) -> list[dict]:
        trick = self.tricks[-1]
        if len(trick["plays"]) == 1:
            self._actor = 1 - trick["leader"]
            return []
        return self._resolve_trick()

    def _resolve_trick(self) -> list[dict]:
        trick = self.tricks[-1]
        lead, follow = trick["plays"]
        a, b = strength(lead["card"]), strength(follow["card"])
        winner = lead["seat"] if a > b else follow["seat"] if b > a else None
        trick["winner"] = winner
        self.results.append(winner)
        events = [{"type": "trick", "number": trick["number"], "winner": winner,
                   "cards": {str(p["seat"]): p["card"] for p in trick["plays"]},
                   "why": "higher" if winner is not None else "tie_same_leader",
                   "leader": trick["leader"]}]
        decided = self._round_outcome()
        if decided is not None:
            return events + self._end_round(*decided)
        self._open_trick(trick["leader"] if winner is None else winner)
        return events

    def _round_outcome(self):
        return round_outcome(self.results)

    def _end_round(self, winner: int | None, why: str) -> list[dict]:
        points = 0
        if winner is not None:
            points, self.scores = settle(self.scores, winner, self.value, self.bankroll)
        self.last_round = {"round": self.round_no, "dealer": self.dealer, "winner": winner, "why": why,
                           "points": points, "value": self.value, "tricks": self.tricks}
        # the hands as played this round (after any exchange): for a review after the
        # round, never part of a view, since folded and unplayed cards stay hidden
        self.laid_open_hands = [sort_hand(self.hands[s] + [p["card"] for t in self.tricks for p in t["plays"]
                                                         if p["seat"] == s]) for s in (0, 1)]
        events = [{"type": "round", "round": self.round_no, "winner": winner, "why": why,
                   "points": points, "value": self.value, "scores": list(self.scores)}]
        if winner is not None and wins_game(self.scores, winner, self.bankroll, self.options["target"]):
            self.winner = winner
            self.phase = "over"
            self._actor = None
            return events + [{"type": "game_over", "winner": winner, "scores": list(self.scores)}]
        if not (winner is None and self.options["draw"] == "replay"):
            self.dealer = 1 - self.dealer
        self._start_round()
        return events + [{"type": "round_start", "round": self.round_no, "dealer": self.dealer}]

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """Both hands of the last finished round as ``seat`` knows them (§10): its own
        hand and every card turned face up; a card folded face down and the cards
        never played stay backs (``hidden``), unless ``everything`` (learning mode, A7)."""
        if self.last_round is None:
            return None
        seen = [p["card"] for t in self.last_round["tricks"] for p in t["plays"] if p["revealed"]]
        hands, hidden = zip(*(lay_open(self.laid_open_hands[s], self.laid_open_hands[s] if s == seat else seen,
                                       everything) for s in (0, 1)))
        return {"round": self.last_round["round"], "hands": list(hands), "hidden": list(hidden),
                "everything": everything}

    # --- what a seat may know ---------------------------------------------------
    @staticmethod
    def _trick_view(trick: dict, seat: int) -> dict:
        plays = [{"seat": p["seat"], "card": p["card"] if (p["revealed"] or p["seat"] == seat) else None,
                  "down": p["down"], "revealed": p["revealed"]} for p in trick["plays"]]
        done = len(plays) == 2 and all(p["revealed"] for p in trick["plays"])
        return {"number": trick["number"], "leader": trick["leader"], "plays": plays,
                "winner": trick["winner"], "done": done, "tied": done and trick["winner"] is None}

    def view(self, seat: int) -> dict:
        last = None
        if self.last_round is not None:
            last = dict(self.last_round, tricks=[self._trick_view(t, seat) for t in self.last_round["tricks"]])
        return {
            "game": "le_truc",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "round": self.round_no,
            "dealer": self.dealer,
            "value": self.value,
            "die_faces": list(DIE_FACES),
            "scores": list(self.scores),
            "scoring": self.options["scoring"],
            "target": self.options["target"],
            "doubling": self.options["doubling"],
            "draw": self.options["draw"],
            "hand": sort_hand(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "tricks": [self._trick_view(t, seat) for t in self.tricks],
            "pending_offer": self.pending,
            "may_play_down": self.phase == "play" and self._actor == seat and self._may_play_down(seat),
            "last_acceptor": self.last_acceptor,
            "exchanges": self.exchanges,
            "redeal": self.redeal,
            "stock_count": len(self.stock),
            "last_round": last,
            "winner": self.winner,
        }


    @property
    def deal_index(self) -> int:
        return self.round_no

    def standing(self, seat: int) -> float:
        return float(self.scores[seat] - self.scores[1 - seat])

    def sample_world(self, seat: int, rng: random.Random) -> "LeTrucState":
        """Re-deal everything ``seat`` cannot see, consistently with ``view(seat)``.

        The unseen cards are gathered in a canonical (sorted) order before the
        shuffle, so the result depends only on the view and ``rng``, never on where
        the hidden cards really are; future rounds get a fresh seed for the same
        reason.
        """
        world = self.clone()
        other = 1 - seat
        hidden_plays = [p for t in world.tricks for p in t["plays"] if p["seat"] == other and not p["revealed"]]
        pool = sorted(world.hands[other] + [p["card"] for p in hidden_plays] + world.discards[other] + world.stock)
        rng.shuffle(pool)
        n = len(world.hands[other])
        world.hands[other], pool = pool[:n], pool[n:]
        for p in hidden_plays:
            p["card"], pool = pool[0], pool[1:]
        n = len(world.discards[other])
        world.discards[other], world.stock = pool[:n], pool[n:]
        world.seed = rng.getrandbits(63)
        return world


GAME = Game(
    name="le_truc", number=0, state=LeTrucState,
    table="cardtable.tables.le_truc", bots="cardtable.bots.le_truc",
    lesson="cardtable.tutorials.le_truc",
    articles=(Article("ル・トゥルック トランプのブラフ対戦ゲーム",
                      "http://boardgameland.blog31.fc2.com/blog-entry-970.html"),),
    min_players=2, max_players=2, default_players=2, poster=("7H", "6S", "AD"),
    options={
        "redeals": Option("once", ("once", "repeated"), "how many redo requests a round allows", code="A2"),
        "doubling": Option("any", ("any", "accepter"), "who may play face down after an accepted doubling",
                           code="A4"),
        "scoring": Option("race", ("race", "bankroll"), "first to the target, or a bankroll of 30 chips",
                          code="A8", group="scoring"),
        "draw": Option("swap", ("swap", "replay"), "after a drawn round, swap roles or replay",
                       code="A10", group="scoring"),
        "target": Option(30, (), "points to win (race scoring)", minimum=1, maximum=999, group="scoring"),
        "first_dealer": Option("random", ("random", 0, 1), "who deals the first round", code="A1", group="table"),
    },
    presets=(
        Preset("french", {"redeals": "repeated", "doubling": "accepter", "target": 12},
               "docs/rules/le_truc.md A2 (repeated requests: jeuxloisirs.net), A4 (the last accepter "
               "raises next: pagat, reported), §12 (12 points)"),
    ),
)
