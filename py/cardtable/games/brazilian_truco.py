"""Brazilian Truco (ブラジリアン・トルーコ): two against two, fixed manilhas, truco raises.

Rules: ``docs/rules/brazilian_truco.md`` (Truco Mineiro, after the seed article,
with the ranking and the hand table its text lost restored from pagat). Seats are
numbered in the order of play, which is counter-clockwise: seat 1 plays after
seat 0 and sits on its right. Partners sit opposite: team 0 is seats 0 and 2
(the human and the bot partner), team 1 is seats 1 and 3.

Each hand the dealer is the *pé* (plays last to trick 1) and the player on the
dealer's right (``dealer + 1``) is the *mão* (leads trick 1). Then:

1. **The deal** (配り): three cards to the mão, who answers ``keep`` (手札にする),
   ``pass`` (パートナーにわたす: the set goes face down to the mão's partner, who
   gets no other cards) or ``burn`` (捨てる: shown to all, out of play), and gets
   three more after a pass or a burn. One pass per hand; after three rejected sets
   the fourth is kept. Then three each to the dealer's partner, the dealer's left
   (unless it holds the passed set) and the dealer.
2. **Tricks**: three, any card may be played, face up (``play 4C``) or face down
   (``play 4C down``: it never wins). Ties and the hand table: rules §6.
3. **Truco** (トルーコ): on their turn, before their card, a player may call
   ``truco`` once per hand. The other team answers ``run`` (降参), ``accept``
   (承認) or ``raise`` (レトルーコ: +3), and a raise is answered the same way, up
   to 12. An accepted truco makes the hand worth the agreed value and decides it
   by the current trick alone (rules §7.3 for its ties).
4. **Hands at eleven**: a team at 11 sees both its hands and chooses to
   ``accept`` (play for 3) or ``run`` (the others score 1); no truco, the mão
   keeps its first set. At 11-11 the iron hand: nobody sees a card and each in
   turn turns the top one over (``flip``). First team to 12 wins.

Who answers for a team (D12): the human sits in seat 0. With ``partner``
``"calls"`` (the default) the human answers every truco aimed at team 0 and the
bot partner may call truco on its own turn; ``"defers"`` leaves every stake
decision to the human (the partner never calls); ``"free"`` lets the partner call
and answer as the rules' "next player" would. Team 1 (bots) always answers by its
next player to play.

Dealing from a stacked ``deck`` (top card first): the mão's sets come off the top
one after another, then the dealer's partner's three, the dealer's left's three
(unless it took the passed set) and the dealer's. Later hands are shuffled from
(seed, hand number).

Options (the seed's rule or the spec's default first; the D numbers are the
spec's ambiguity table):

- ``ranking`` (D2): ``"kjq"`` (K > J > Q) or ``"kqj"``.
- ``deal`` (D4): ``"offer"`` (keep, pass or burn) or ``"simple"`` (three each).
- ``face_down`` (D5): ``"any"`` or ``"not_first_trick"``.
- ``truco_tie`` (D7): ``"first_caller"`` (the team that called truco loses a
  tie made with a card played before the call) or ``"last_bettor"`` (pagat: the
  team that bet or raised last loses).
- ``after_tie`` (D8): ``"one_trick"`` (one more trick decides a trucoed tie) or
  ``"continue"`` (tricks go on while cards remain).
- ``eleven`` (D11): ``"choose"`` (the team at 11 may run) or ``"play"``.
- ``tie_lead`` (D13): ``"first"`` (the first tying card leads), ``"leader"`` or
  ``"last"``.
- ``tied_hand`` (D14): ``"nobody"``, ``"dealer"`` (the dealer's team scores) or
  ``"redeal"`` (the same dealer deals again).
- ``signals`` (D17): False, or True: every player's partner sees which manilhas
  they hold (both teams alike).
- ``partner`` (D12, above), ``first_dealer``.
"""

from __future__ import annotations

import random

from ..cards import check_stacked_deck, lay_open, make_deck, shuffled
from ..protocol import Article, Game, Option, Preset, State, derived_rng, first_dealer

DECK = make_deck("A K Q J 7 6 5 4 3 2".split())
MANILHAS = ("4C", "7H", "AS", "7D")  # zap, escopeta, espadilha, pica-fumo
MANILHA_NAMES = {"4C": "zap", "7H": "escopeta", "AS": "espadilha", "7D": "pica-fumo"}
COMMON_ORDER = {"kjq": "4567QJKA23", "kqj": "4567JQKA23"}  # weakest first, below the manilhas
TARGET = 12
LADDER = (1, 3, 6, 9, 12)
ELEVEN = TARGET - 1


def _ranked(card: str, ranking: str) -> int:
    if card in MANILHAS:
        return 13 - MANILHAS.index(card)
    return COMMON_ORDER[ranking].index(card[0])


# Every card's strength under each ranking, looked up: the strong bot's solver asks
# tens of millions of times a game.
_STRENGTH = {ranking: {card: _ranked(card, ranking) for card in DECK} for ranking in COMMON_ORDER}


def strength_table(ranking: str = "kjq") -> dict[str, int]:
    """Every card's ``strength`` under ``ranking`` (for a search's inner loop; do not change it)."""
    return _STRENGTH[ranking]


def strength(card: str, ranking: str = "kjq") -> int:
    """0 (a plain 4) to 13 (the zap); equal ranks tie whatever the suit."""
    try:
        return _STRENGTH[ranking][card]
    except KeyError:  # not a card of the deck: the rule says what it can (or raises)
        return _ranked(card, ranking)


def team_of(seat: int) -> int:
    return seat % 2


def sort_hand(cards, ranking: str = "kjq") -> list[str]:
    """Strongest first, then by suit, so actions and views list cards stably."""
    return sorted(cards, key=lambda c: (-strength(c, ranking), "SHDC".index(c[1])))


def trick_result(plays, ranking: str = "kjq", tie_lead: str = "first"):
    """(team or None for a tie, seat to lead next, why, tying seats) of a full trick.

    ``plays`` lists (seat, card, down) in play order. Only face-up cards count:
    a single highest card wins; equal highest cards of one team win for it, the
    first of them leading; of both teams the trick is tied (rules §6.1).
    """
    up = [(seat, card) for seat, card, down in plays if not down]
    if not up:
        return None, plays[0][0], "all_down", []
    top = max(strength(c, ranking) for _, c in up)
    best = [seat for seat, c in up if strength(c, ranking) == top]
    teams = {team_of(s) for s in best}
    if len(teams) == 1:
        return team_of(best[0]), best[0], "higher" if len(best) == 1 else "same_team", best
    lead = {"first": best[0], "leader": plays[0][0], "last": best[-1]}[tie_lead]
    return None, lead, "tie", best


def hand_outcome(results) -> tuple[int | None, str] | None:
    """(team or None, why) once the tricks decide the hand, else None (rules §6.2).

    ``results`` lists each finished trick's team, or None for a tie. The first team
    to two tricks wins; a trick won after ties only wins at once; a tie after a won
    trick goes to the winner of the first won trick; three ties tie the hand.
    """
    r = list(results)
    for team in (0, 1):
        if r.count(team) == 2:
            return team, "two_tricks"
    decided = [i for i, x in enumerate(r) if x is not None]
    if decided:
        first = decided[0]
        if first > 0:
            return r[first], "won_after_ties"
        if None in r[1:]:
            return r[0], "first_trick_breaks_tie"
        return None
    if len(r) == 3:
        return None, "all_tied"
    return None


def trucoed_outcome(number: int, team: int | None, early_tie: bool, truco_trick: int, loser: int,
                    after_tie: str) -> tuple[int | None, str] | None:
    """(team or None, why) of trick ``number`` once a truco made at ``truco_trick`` was
    accepted, or None if another trick must be played (rules §7.3).

    ``early_tie``: the trick tied with a tying card played before the call, which
    loses for ``loser`` (the first caller's team, or the last bettor's).
    """
    if team is not None:
        return team, "truco_trick"
    if early_tie:
        return 1 - loser, "truco_tie_before_call"
    if number == 3 or (after_tie == "one_trick" and number > truco_trick):
        return None, "truco_tied"
    return None


class BrazilianTrucoState(State):
    #: Records a new deal (or round, or trick) replaces whole: a clone shares them.
    KEPT = State.KEPT | {"last_hand", "laid_open"}

    def __init__(self, game: Game, seed: int, options: dict, deck: list[str] | None):
        self.game = game
        self.seed = seed
        self.options = options
        self.num_players = 4
        self.ranking = options["ranking"]
        self.scores = [0, 0]
        self.dealer = first_dealer(seed, options["first_dealer"], 4)
        self.winner: int | None = None
        self.hand_no = 0
        self.last_hand: dict | None = None
        self._stacked = check_stacked_deck(deck, DECK) if deck is not None else None
        self.opening_events = self._start_hand()

    # --- the deal ---------------------------------------------------------------
    @property
    def mao(self) -> int:
        return (self.dealer + 1) % 4

    def _start_hand(self) -> list[dict]:
        self.hand_no += 1
        if self.hand_no == 1 and self._stacked is not None:
            self.stock = list(self._stacked)
        else:
            self.stock = shuffled(DECK, derived_rng(self.seed, "deal", self.hand_no))
        self.hands: list[list[str]] = [[], [], [], []]
        self.burned: list[str] = []
        self.passed_to: int | None = None
        self.passed_cards: list[str] = []
        self.rejected = 0
        self.value = 1
        self.tricks: list[dict] = []
        self.results: list[int | None] = []
        self.truco: dict | None = None  # caller, call_trick, before (cards on the table), bets, accepted
        self.offer: dict | None = None  # the proposal being answered: value, by (team), prev
        self.decider: int | None = None  # the trick whose result decides a trucoed hand
        at_eleven = [t for t in (0, 1) if self.scores[t] == ELEVEN]
        self.special = "iron" if len(at_eleven) == 2 else "eleven" if at_eleven else None
        self.eleven_team = at_eleven[0] if self.special == "eleven" else None
        events = [{"type": "hand_start", "hand": self.hand_no, "dealer": self.dealer, "mao": self.mao,
                   "special": self.special, "team": self.eleven_team}]
        self.hands[self.mao] = self._take(3)
        if self.special or self.options["deal"] == "simple":
            return events + self._deal_rest()
        self.phase = "deal"
        self._actor = self.mao
        return events

    def _take(self, n: int) -> list[str]:
        cards, self.stock = self.stock[:n], self.stock[n:]
        return cards

    def _deal_rest(self) -> list[dict]:
        d = self.dealer
        for seat in ((d + 2) % 4, (d + 3) % 4, d):
            if seat != self.passed_to:
                self.hands[seat] = self._take(3)
        events = [{"type": "dealt", "mao": self.mao, "burned": list(self.burned), "passed": self.passed_to is not None}]
        if self.special == "eleven":
            self.value = 3
            if self.options["eleven"] == "choose":
                self.phase = "eleven"
                self._actor = self._spokesman(self.eleven_team)
                return events
            return events + self._start_play()
        return events + self._start_play()

    def _start_play(self) -> list[dict]:
        self.phase = "play"
        self._open_trick(self.mao)
        return []

    def may_pass(self) -> bool:
        return self.passed_to is None and self.rejected < 3

    def may_burn(self) -> bool:
        return self.rejected < 3

    def _do_keep(self, seat):
        return [{"type": "keep", "seat": seat, "set": self.rejected + 1}] + self._deal_rest()

    def _do_pass(self, seat):
        partner = (seat + 2) % 4
        self.hands[partner] = self.hands[seat]
        self.passed_cards = list(self.hands[seat])
        self.passed_to = partner
        self.rejected += 1
        self.hands[seat] = self._take(3)
        return [{"type": "pass", "seat": seat, "to": partner, "set": self.rejected}] + self._forced_keep(seat)

    def _do_burn(self, seat):
        cards = sort_hand(self.hands[seat], self.ranking)
        self.burned.extend(cards)
        self.rejected += 1
        self.hands[seat] = self._take(3)
        return [{"type": "burn", "seat": seat, "cards": cards, "set": self.rejected}] + self._forced_keep(seat)

    def _forced_keep(self, seat) -> list[dict]:
        """The fourth set must be kept: no question left to ask."""
        if self.may_burn():
            return []
        return [{"type": "keep", "seat": seat, "set": self.rejected + 1, "forced": True}] + self._deal_rest()

    # --- who speaks for a team ------------------------------------------------------
    def _spokesman(self, team: int) -> int:
        """The seat that answers for ``team``: the human (seat 0) for team 0 unless the
        partner is ``free``; otherwise the team's next player to play (rules §7.2)."""
        if team == 0 and self.options["partner"] != "free":
            return 0
        start = self._turn if self.phase == "answer" else self._actor if self.phase == "play" else self.mao
        for k in range(4):
            seat = (start + k) % 4
            if team_of(seat) == team:
                return seat
        raise AssertionError("a team has two seats")

    # --- protocol -----------------------------------------------------------------
    @property
    def result(self):
        if not self.is_over:
            return None
        return {"winner": self.winner, "winners": [s for s in range(4) if team_of(s) == self.winner],
                "scores": list(self.scores), "deals": self.hand_no}

    def may_call_truco(self, seat: int) -> bool:
        if self.phase != "play" or self.special or self.truco is not None:
            return False
        if seat == 2 and self.options["partner"] == "defers":
            return False
        return self.scores[team_of(seat)] + self.value < TARGET

    def may_raise(self) -> bool:
        """A raise is offered below 12 and only where accepting would not already win."""
        offer = self.offer
        answering = 1 - offer["by"]
        return offer["value"] < LADDER[-1] and self.scores[answering] + offer["value"] < TARGET

    def _may_play_down(self) -> bool:
        if self.special == "iron":
            return False
        return not (self.options["face_down"] == "not_first_trick" and len(self.tricks) == 1)

    def legal_actions(self) -> list[str]:
        if self.phase == "deal":
            return ["keep"] + (["pass"] if self.may_pass() else []) + (["burn"] if self.may_burn() else [])
        if self.phase == "eleven":
            return ["accept", "run"]
        if self.phase == "answer":
            return ["accept", "run"] + (["raise"] if self.may_raise() else [])
        if self.phase == "play":
            seat = self._actor
            if self.special == "iron":
                return ["flip"]
            down = self._may_play_down()
            out = []
            for c in sort_hand(self.hands[seat], self.ranking):
                out.append(f"play {c}")
                if down:
                    out.append(f"play {c} down")
            if self.may_call_truco(seat):
                out.append("truco")
            return out
        return []

    def explain_illegal(self, action: str) -> str:
        words = action.split()
        legal = self.legal_actions()
        verb = words[0] if words else ""
        if self.phase == "play" and verb == "play" and self.special != "iron":
            card = words[1].upper() if len(words) > 1 else ""
            if not card:
                return "Say which card to play, e.g. 'play KS'."
            if card not in self.hands[self._actor]:
                return f"You do not hold {card}."
            if len(words) == 3 and words[2] == "down":
                return "Face-down cards are not allowed in the first trick (option face_down)."
            return f"'{action}' is not a way to play a card; use 'play {card}' or 'play {card} down'."
        if verb == "truco":
            if self.special:
                return "Nobody may call truco in a hand at eleven."
            if self.truco is not None:
                return "Truco was already called in this hand: only one call per hand."
            if self.phase == "play" and self._actor == 2 and self.options["partner"] == "defers":
                return "Your partner leaves truco to you."
            if self.phase == "play":
                return "Accepting would already win the game, so truco is not offered."
            return "Truco is called on your own turn, before your card."
        if verb == "raise" and self.phase == "answer":
            if self.offer["value"] >= LADDER[-1]:
                return "The stake is already 12 (queda): accept or run."
            return "Accepting already wins the game for your team, so a raise is not allowed: accept or run."
        if verb == "pass" and self.phase == "deal":
            return "Only one set may be passed to your partner in a hand: keep or burn."
        if verb == "burn" and self.phase == "deal":
            return "Three sets were refused already: this one must be kept."
        hints = {
            "deal": "First keep, pass or burn the three cards you were dealt.",
            "eleven": "Your team is at 11: first choose to play the hand for 3 (accept) or run (the others score 1).",
            "answer": "A truco is on: accept, run or raise first.",
            "play": "It is time to play a card." if self.special != "iron" else "In the iron hand you turn over your top card (flip).",
        }
        return f"'{action}' is not allowed now. {hints.get(self.phase, '')} Legal: {', '.join(legal)}."

    def _apply(self, action: str) -> list[dict]:
        seat = self._actor
        words = action.split()
        if words[0] == "play":
            return self._play(seat, words[1], len(words) == 3)
        if action == "flip":
            return self._play(seat, self.hands[seat][0], False)
        if self.phase == "eleven":
            return self._eleven(seat, action)
        return getattr(self, "_do_" + action)(seat)

    # --- the hand at eleven -------------------------------------------------------------
    def _eleven(self, seat: int, action: str) -> list[dict]:
        team = self.eleven_team
        event = {"type": "eleven", "seat": seat, "team": team, "choice": action}
        if action == "run":
            self.value = 1
            return [event] + self._end_hand(1 - team, "eleven_run")
        return [event] + self._start_play()

    # --- truco and its answers --------------------------------------------------------------
    def _do_truco(self, seat):
        team = team_of(seat)
        trick = self.tricks[-1]
        self.truco = {"caller": seat, "team": team, "trick": trick["number"], "before": len(trick["plays"]),
                      "bets": [team], "accepted": False}
        self.offer = {"value": LADDER[1], "prev": self.value, "by": team, "seat": seat}
        self._turn = seat  # the caller plays once the answers are done
        self.phase = "answer"
        self._actor = self._spokesman(1 - team)
        return [{"type": "truco", "seat": seat, "team": team, "value": self.offer["value"]}]

    def _do_raise(self, seat):
        team = team_of(seat)
        value = LADDER[LADDER.index(self.offer["value"]) + 1]
        self.value = self.offer["value"]  # a raise accepts what was offered
        self.offer = {"value": value, "prev": self.value, "by": team, "seat": seat}
        self.truco["bets"].append(team)
        self._actor = self._spokesman(1 - team)
        return [{"type": "raise", "seat": seat, "team": team, "value": value}]

    def _do_accept(self, seat):
        self.value = self.offer["value"]
        self.offer = None
        self.truco["accepted"] = True
        self.decider = self.truco["trick"]
        self.phase = "play"
        self._actor = self._turn
        return [{"type": "accept", "seat": seat, "team": team_of(seat), "value": self.value}]

    def _do_run(self, seat):
        offer = self.offer
        self.offer = None
        self.value = offer["prev"]
        event = {"type": "run", "seat": seat, "team": team_of(seat), "points": offer["prev"]}
        return [event] + self._end_hand(offer["by"], "ran")

    # --- card play ----------------------------------------------------------------------
    def _open_trick(self, leader: int) -> None:
        self.tricks.append({"number": len(self.tricks) + 1, "leader": leader, "plays": [], "winner": None,
                            "done": False})
        self._actor = leader

    def _play(self, seat: int, card: str, down: bool) -> list[dict]:
        self.hands[seat].remove(card)
        trick = self.tricks[-1]
        trick["plays"].append({"seat": seat, "card": card, "down": down})
        events = [{"type": "play", "seat": seat, "card": None if down else card, "down": down,
                   "trick": trick["number"], "blind": self.special == "iron"}]
        if len(trick["plays"]) < 4:
            self._actor = (seat + 1) % 4
            return events
        return events + self._resolve_trick()

    def _resolve_trick(self) -> list[dict]:
        trick = self.tricks[-1]
        plays = [(p["seat"], p["card"], p["down"]) for p in trick["plays"]]
        team, lead, why, tying = trick_result(plays, self.ranking, self.options["tie_lead"])
        trick.update(winner=team, done=True, why=why, next=lead)
        self.results.append(team)
        events = [{"type": "trick", "number": trick["number"], "winner": team, "why": why, "next": lead,
                   "plays": [[s, None if d else c, d] for s, c, d in plays]}]
        decided = self._decided(trick, team, tying)
        if decided is not None:
            return events + self._end_hand(*decided)
        self._open_trick(lead)
        return events

    def _decided(self, trick: dict, team: int | None, tying: list[int]):
        """(team or None, why) if this trick ends the hand, else None."""
        if self.decider is None:
            return hand_outcome(self.results)
        truco = self.truco
        early = trick["number"] == truco["trick"] and any(
            i < truco["before"] for i, p in enumerate(trick["plays"]) if p["seat"] in tying)
        loser = truco["team"] if self.options["truco_tie"] == "first_caller" else truco["bets"][-1]
        out = trucoed_outcome(trick["number"], team, early, truco["trick"], loser, self.options["after_tie"])
        if out is None:
            self.decider = trick["number"] + 1
        return out

    # --- the end of a hand -----------------------------------------------------------
    def _end_hand(self, team: int | None, why: str) -> list[dict]:
        points = self.value
        redeal = False
        if team is None:
            rule = self.options["tied_hand"]
            if rule == "dealer" and self.special != "iron":
                team, why = team_of(self.dealer), why + "_dealer"
            redeal = rule == "redeal" and self.special != "iron"  # a tied iron hand is simply played again
        scored = points if team is not None else 0
        if team is not None:
            self.scores[team] += scored
        self._keep_for_review()
        self.last_hand = {"hand": self.hand_no, "dealer": self.dealer, "mao": self.mao, "winner": team,
                          "why": why, "points": scored, "value": self.value, "special": self.special,
                          "results": list(self.results), "tricks": self.tricks, "burned": list(self.burned),
                          "truco": self.truco, "scores": list(self.scores)}
        events = [{"type": "hand", "hand": self.hand_no, "winner": team, "why": why, "points": scored,
                   "value": self.value, "scores": list(self.scores)}]
        if team is not None and self.scores[team] >= TARGET:
            self.winner = team
            self.phase = "over"
            self._actor = None
            return events + [{"type": "game_over", "winner": team, "scores": list(self.scores)}]
        if not redeal:
            self.dealer = (self.dealer + 1) % 4
        return events + self._start_hand()

    def hand_ladder(self) -> list[int]:
        """The values this hand may be worth: the truco ladder, 3 at eleven, 1 in the iron hand."""
        return [1] if self.special == "iron" else [3] if self.special == "eleven" else list(LADDER)

    # --- what a seat may know ---------------------------------------------------------
    def known_partner_cards(self, seat: int) -> list[str]:
        """The cards of ``seat``'s partner that ``seat`` has seen: the whole hand at
        eleven, the set it passed, or the signalled manilhas."""
        partner = (seat + 2) % 4
        held = self.hands[partner]
        if self.special == "eleven" and team_of(seat) == self.eleven_team:
            return list(held)
        known = [c for c in self.passed_cards if c in held] if seat == self.mao and partner == self.passed_to else []
        if self.options["signals"] and self.special != "iron":
            known += [c for c in held if c in MANILHAS and c not in known]
        return known

    def _trick_view(self, trick: dict, seat: int) -> dict:
        plays = [{"seat": p["seat"], "card": p["card"] if (not p["down"] or p["seat"] == seat) else None,
                  "down": p["down"]} for p in trick["plays"]]
        return {"number": trick["number"], "leader": trick["leader"], "plays": plays, "winner": trick["winner"],
                "done": trick["done"], "why": trick.get("why"), "next": trick.get("next")}

    def view(self, seat: int) -> dict:
        offer = None
        if self.offer is not None:
            offer = {"value": self.offer["value"], "prev": self.offer["prev"], "by": self.offer["by"],
                     "seat": self.offer["seat"], "raise": self.may_raise()}
        last = None
        if self.last_hand is not None:
            last = dict(self.last_hand, tricks=[self._trick_view(t, seat) for t in self.last_hand["tricks"]])
        partner = (seat + 2) % 4
        return {
            "game": "brazilian_truco",
            "seat": seat,
            "team": team_of(seat),
            "phase": self.phase,
            "to_act": self.to_act,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "mao": self.mao,
            "value": self.value,
            "ladder": self.hand_ladder(),
            "target": TARGET,
            "scores": list(self.scores),
            "special": self.special,
            "ranking": self.ranking,
            "manilhas": list(MANILHAS),  # strongest first: the table marks them
            "eleven_team": self.eleven_team,
            "hand": [] if self.special == "iron" else sort_hand(self.hands[seat], self.ranking),
            "hand_counts": [len(h) for h in self.hands],
            "partner_known": sort_hand(self.known_partner_cards(seat), self.ranking),
            "partner_all": self.special == "eleven" and team_of(seat) == self.eleven_team,
            "passed_to": self.passed_to,
            "rejected": self.rejected,
            "burned": list(self.burned),
            "tricks": [self._trick_view(t, seat) for t in self.tricks],
            "results": list(self.results),
            "truco": None if self.truco is None else {
                "caller": self.truco["caller"], "team": self.truco["team"], "trick": self.truco["trick"],
                "before": self.truco["before"], "accepted": self.truco["accepted"], "bets": list(self.truco["bets"])},
            "offer": offer,
            "decider": self.decider,
            "may_truco": self.phase == "play" and self._actor == seat and self.may_call_truco(seat),
            "partner": partner,
            "last_hand": last,
            "winner": self.winner,
        }

    def _keep_for_review(self) -> None:
        """The finished hand's four hands as played and what each seat saw of them,
        kept before the next deal replaces them."""
        played = [[p["card"] for t in self.tricks for p in t["plays"] if p["seat"] == s] for s in range(4)]
        up = {p["card"] for t in self.tricks for p in t["plays"] if not p["down"]}
        held = [sort_hand(self.hands[s] + played[s], self.ranking) for s in range(4)]
        seen = []
        for s in range(4):
            partner = (s + 2) % 4
            known = {p: set(up) for p in range(4)}  # p: the seat whose cards s saw
            if self.special != "iron":  # the iron hand is played blind, even one's own cards
                known[s] = set(held[s])
            else:
                known[s] |= set(played[s])
            if self.special == "eleven" and team_of(s) == self.eleven_team:
                known[partner] |= set(held[partner])
            if s == self.mao and partner == self.passed_to:
                known[partner] |= set(self.passed_cards)
            if self.options["signals"] and self.special != "iron":
                known[partner] |= set(MANILHAS)
            seen.append([sorted(known[p] & set(held[p])) for p in range(4)])
        self.laid_open = {"hand": self.hand_no, "held": held, "seen": seen}

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """The four hands of the last finished hand as ``seat`` knows them: cards played
        face up, its own hand and what it saw of its partner's (a passed set, the hands
        at eleven, signalled manilhas); face-down cards (rules §6) and cards never
        played (a run, §7; an early end) stay backs (``hidden``), unless
        ``everything`` (learning mode)."""
        if self.last_hand is None:
            return None
        r = self.laid_open
        hands, hidden = zip(*(lay_open(r["held"][s], r["seen"][seat][s], everything) for s in range(4)))
        return {"hand": r["hand"], "hands": list(hands), "hidden": list(hidden), "everything": everything}


    @property
    def deal_index(self) -> int:
        return self.hand_no

    def standing(self, seat: int) -> float:
        return float(self.scores[team_of(seat)] - self.scores[1 - team_of(seat)])

    def sample_world(self, seat: int, rng: random.Random) -> "BrazilianTrucoState":
        """Re-deal everything ``seat`` cannot see, consistently with ``view(seat)``.

        Unseen: the other hands (but for the partner's cards ``seat`` has seen),
        the others' face-down cards, the stock, and in the iron hand every hand.
        With signals the partner's other cards are never manilhas. The unseen cards
        are gathered in sorted order before the shuffle, so the world depends only
        on the view and ``rng``; later hands get a fresh seed for the same reason.
        """
        world = self.clone()
        partner = (seat + 2) % 4
        known = set(self.known_partner_cards(seat))
        slots: dict[int, int] = {}
        pool = list(world.stock)
        for s in range(4):
            if s == seat and self.special != "iron":
                continue
            keep = [c for c in world.hands[s] if s == partner and c in known]
            slots[s] = len(world.hands[s]) - len(keep)
            pool += [c for c in world.hands[s] if c not in keep]
            world.hands[s] = keep
        hidden = [p for t in world.tricks for p in t["plays"] if p["down"] and p["seat"] != seat]
        pool += [p["card"] for p in hidden]
        pool.sort()
        rng.shuffle(pool)
        if self.options["signals"] and partner in slots and self.special != "iron":
            plain = [c for c in pool if c not in MANILHAS]  # every partner manilha was signalled
            take = plain[:slots[partner]]
            world.hands[partner] += take
            for c in take:
                pool.remove(c)
            slots.pop(partner)
        for s, n in slots.items():
            world.hands[s] += pool[:n]
            pool = pool[n:]
        for p in hidden:
            p["card"], pool = pool[0], pool[1:]
        world.stock = pool
        world.seed = rng.getrandbits(63)
        return world


GAME = Game(
    name="brazilian_truco", number=2, state=BrazilianTrucoState,
    table="cardtable.tables.brazilian_truco", bots="cardtable.bots.brazilian_truco",
    lesson="cardtable.tutorials.brazilian_truco",
    articles=(Article("ブラジリアン・トルーコ(Brazilian Truco)",
                      "https://gamefarm.jp/rule/braziliantruco.html"),),
    min_players=4, max_players=4, default_players=4, poster=("4C", "7H", "AS"),
    options={
        "ranking": Option("kjq", ("kjq", "kqj"), "K > J > Q (Mineiro) or K > Q > J", code="D2"),
        "deal": Option("offer", ("offer", "simple"), "the mão may keep, pass or burn sets, or three each", code="D4"),
        "face_down": Option("any", ("any", "not_first_trick"), "face-down cards in trick 1 too, or not", code="D5"),
        "truco_tie": Option("first_caller", ("first_caller", "last_bettor"),
                            "who loses a trucoed tie made before the call", code="D7"),
        "after_tie": Option("one_trick", ("one_trick", "continue"),
                            "after a trucoed tie, one more trick or every trick left", code="D8"),
        "eleven": Option("choose", ("choose", "play"), "the team at 11 may run (others +1) or must play",
                         code="D11", group="scoring"),
        "tie_lead": Option("first", ("first", "leader", "last"), "who leads after a tied trick", code="D13"),
        "tied_hand": Option("nobody", ("nobody", "dealer", "redeal"), "a tied hand scores for nobody",
                            code="D14", group="scoring"),
        "signals": Option(False, (), "partners see each other's manilhas", code="D17"),
        "partner": Option("calls", ("calls", "defers", "free"),
                          "your partner may call truco (you answer), leaves it all to you, or also answers",
                          code="D12", group="table"),
        "first_dealer": Option("random", ("random", 0, 1, 2, 3), "who deals the first hand", group="table"),
    },
    presets=(
        Preset("pagat", {"face_down": "not_first_trick", "truco_tie": "last_bettor", "after_tie": "continue"},
               'docs/rules/brazilian_truco.md D5, D7, D8 (the current pagat page)'),
    ),
)
