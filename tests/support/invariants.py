"""Invariants every game keeps, whoever plays it, in one place for the contract
suite (tests/contracts/test_random_games.py), the table-model tests, the soak
(tests/contracts/test_soak.py) and the bot soak command (tests/support/soak.py).

``checker(state)`` gives a :class:`Checker` for the game's state. Call
``before(state, action)`` and ``after(state, events)`` around each ``apply``
(cheap: every card in exactly one place, chips or points conserved, the score
equal to what the recorded results add up to), ``views(state)`` when the
(dearer) check that no view shows a hidden card is wanted, and ``finish(state)``
at the end (the result agrees with the scores). A broken invariant raises
``AssertionError`` saying which one.
"""

from __future__ import annotations

from cardtable.games import brazilian_truco, japanese_loo, le_truc, oneonta_whist, toepen, tressette


def cards_in(view: dict, leave_out: tuple = ()) -> set[str]:
    """Every word of a view (card codes among them), keys included, leaving out some
    top-level keys."""
    out: set[str] = set()
    _words(view if not leave_out else {k: v for k, v in view.items() if k not in leave_out}, out)
    return out


def _words(x, out: set) -> None:
    kind = type(x)
    if kind is str:
        out.update(x.split())
    elif kind is dict:
        for k, v in x.items():
            _words(k, out)
            _words(v, out)
    elif kind in (list, tuple, set, frozenset):
        for v in x:
            _words(v, out)


_DECK_SETS: dict[int, frozenset] = {}  # a game module's DECK (by id) -> its set, made once


def assert_deck(places: list[str], deck: list[str], what: str) -> None:
    """Every card of the deck in exactly one place (the same number of cards, and
    the same set, so none twice). Called after every action of every soak game."""
    deck_set = _DECK_SETS.get(id(deck))
    if deck_set is None:
        deck_set = _DECK_SETS[id(deck)] = frozenset(deck)
    if len(places) != len(deck) or set(places) != deck_set:
        extra = sorted(set(places) - set(deck))
        twice = sorted({c for c in places if places.count(c) > 1})
        lost = sorted(set(deck) - set(places))
        raise AssertionError(f"{what}: cards not conserved (lost {lost}, twice {twice}, unknown {extra})")


class Checker:
    """Follows one game action by action; subclasses know a game's places and counts."""

    def __init__(self, state):
        self.players = state.num_players
        self.check_cards(state)

    def before(self, state, action: str) -> None:
        """Called just before ``state.apply(action)``."""

    def after(self, state, events: list[dict]) -> None:
        for e in events:
            self.event(state, e)
        self.check_cards(state)
        self.check_counts(state)

    def event(self, state, e: dict) -> None:
        """One event of the last action: keep the running score."""

    def check_cards(self, state) -> None:
        raise NotImplementedError

    def check_counts(self, state) -> None:
        """Chips or points conserved, scores as the results add up."""

    def hidden(self, state, seat: int) -> set[str]:
        """Cards ``seat`` must not see now."""
        raise NotImplementedError

    leave_out: tuple = ()  # view keys about a finished round, where cards are shown again

    def views(self, state, seats=None) -> None:
        """No seat's view (of ``seats``, all by default) shows a card hidden from it."""
        for seat in range(self.players) if seats is None else seats:
            shown = cards_in(state.view(seat), self.leave_out) & self.hidden(state, seat)
            assert not shown, f"seat {seat} sees hidden cards {sorted(shown)} in phase {state.phase}"

    def finish(self, state) -> None:
        assert state.is_over and state.to_act is None and state.result is not None
        assert state.legal_actions() == [] or state.is_over


# --------------------------------------------------------------------------- Le Truc
class LeTrucChecker(Checker):
    """Race: the scores are the points of the rounds won; bankroll: 60 chips, moved
    by the rounds. The die stays in 1..32."""

    leave_out = ("last_round",)

    def __init__(self, state):
        super().__init__(state)
        self.bankroll = state.bankroll
        self.scores = list(state.scores)

    def check_cards(self, state):
        places = state.hands[0] + state.hands[1] + state.stock + state.discards[0] + state.discards[1] + \
            [p["card"] for t in state.tricks for p in t["plays"]]
        assert_deck(places, le_truc.DECK, "le_truc")

    def event(self, state, e):
        if e["type"] == "round" and e["winner"] is not None:
            self.scores[e["winner"]] += e["points"]
            if self.bankroll:
                self.scores[1 - e["winner"]] -= e["points"]

    def check_counts(self, state):
        assert 1 <= state.value <= 32
        assert state.scores == self.scores, f"scores {state.scores}, rounds add up to {self.scores}"
        if self.bankroll:
            assert sum(state.scores) == 2 * le_truc.BANKROLL and min(state.scores) >= 0

    def hidden(self, state, seat):
        return set(state.hands[1 - seat]) | set(state.stock)

    def finish(self, state):
        super().finish(state)
        w = state.result["winner"]
        assert state.scores[w] == max(state.scores)
        if self.bankroll:
            assert state.scores[1 - w] == 0
        else:
            assert state.scores[w] >= state.options["target"]


# --------------------------------------------------------------------------- Tressette
class TressetteChecker(Checker):
    """Each deal's points are a third of its card points (11 in all) plus the last
    trick and declarations; the totals are the sum of the deals, and a claim (E5)
    adds the claimed deal's points so far, the claimant's reaching the target."""

    leave_out = ("last_deal",)  # its final trick shows played cards again

    def __init__(self, state):
        super().__init__(state)
        self.totals = list(state.totals)
        self.deals = 0
        self.claimed = None

    def check_cards(self, state):
        places = state.hands[0] + state.hands[1] + state.stock + state.won[0] + state.won[1] + \
            [c for _, c in state.trick]
        assert_deck(places, tressette.DECK, "tressette")

    def event(self, state, e):
        if e["type"] == "deal_end":
            self.deals += 1
            assert sum(e["points"]) - sum(e["declared"]) == 11
            for s in (0, 1):
                self.totals[s] += e["points"][s]
        if e["type"] == "claim":
            self.claimed = w = e["seat"]
            assert self.totals[w] < state.options["target"], "a claim in a deal begun at the target"
            for s in (0, 1):
                self.totals[s] += state.declared[s] + tressette.thirds(state.won[s]) // 3
            assert self.totals[w] >= state.options["target"], "a claim short of the target"

    def check_counts(self, state):
        assert state.totals == self.totals, f"totals {state.totals}, deals add up to {self.totals}"

    def hidden(self, state, seat):
        other = 1 - seat
        return {c for c in state.hands[other] if c not in state.known[other]} | set(state.stock)

    def finish(self, state):
        super().finish(state)
        w = state.result["winner"]
        assert max(state.totals) >= state.options["target"]
        if self.claimed is not None:
            assert w == self.claimed
        elif w is None:
            assert state.totals[0] == state.totals[1]
        else:
            assert state.totals[w] > state.totals[1 - w]


# --------------------------------------------------------------------------- Brazilian Truco
class BrazilianTrucoChecker(Checker):
    """Team scores are the points of the hands won, each a value on the ladder; the
    game ends when a team reaches 12."""

    leave_out = ("last_hand", "manilhas")  # the manilhas: the rules' four cards, the same in every view

    def __init__(self, state):
        super().__init__(state)
        self.scores = list(state.scores)

    def check_cards(self, state):
        places = [c for h in state.hands for c in h] + state.stock + state.burned + \
            [p["card"] for t in state.tricks for p in t["plays"]]
        assert_deck(places, brazilian_truco.DECK, "brazilian_truco")

    def event(self, state, e):
        if e["type"] == "hand" and e["winner"] is not None:
            assert e["points"] in (1, 3, 6, 9, 12)
            self.scores[e["winner"]] += e["points"]

    def check_counts(self, state):
        assert state.value in (1, 3, 6, 9, 12)
        assert state.scores == self.scores, f"scores {state.scores}, hands add up to {self.scores}"
        assert state.is_over or max(state.scores) < brazilian_truco.TARGET

    def hidden(self, state, seat):
        partner = (seat + 2) % 4
        out = set(state.stock)
        for other in range(4):
            if other != seat:
                out |= set(state.hands[other]) - (set(state.known_partner_cards(seat)) if other == partner else set())
        return out

    def finish(self, state):
        super().finish(state)
        w = state.result["winner"]
        assert state.scores[w] >= brazilian_truco.TARGET > state.scores[1 - w]


# --------------------------------------------------------------------------- Japanese Loo
class JapaneseLooChecker(Checker):
    """Chips plus the pot are conserved; a dropped hand leaves the game unseen."""

    leave_out = ("last_deal",)  # its final trick shows played cards again

    def __init__(self, state):
        # Started mid-deal (the table test checks any moment), the dropped hands are
        # the cards in no place of the state: exactly a hand for each drop so far.
        held = {c for h in state.hands for c in h} | set(state.dead) | set(state.played) | {state.turnup}
        self.dropped = [c for c in japanese_loo.DECK if c not in held]
        drops = sum(1 for c in state.declared.values() if c == "out")
        assert len(self.dropped) == drops * state.rules["tricks"], "cards lost beyond the dropped hands"
        self.deal = state.deal_no
        super().__init__(state)
        self.total = sum(state.chips) + state.pot

    def before(self, state, action):
        if action == "out":
            self.dropped += state.hands[state.to_act]

    def after(self, state, events):
        if state.deal_no != self.deal:
            self.deal, self.dropped = state.deal_no, []
        super().after(state, events)

    def check_cards(self, state):
        places = [c for h in state.hands for c in h] + state.dead + state.played + [state.turnup] + self.dropped
        assert_deck(places, japanese_loo.DECK, "japanese_loo")

    def check_counts(self, state):
        assert sum(state.chips) + state.pot == self.total, "chips plus the pot changed"
        assert state.pot >= 0

    def hidden(self, state, seat):
        return {c for other in range(self.players) if other != seat for c in state.hands[other]} | \
            set(state.dead) | set(self.dropped)

    def finish(self, state):
        super().finish(state)
        assert state.pot == 0 and sum(state.chips) == self.total
        winners = state.result["winners"]
        assert winners and all(state.chips[w] == max(state.chips) for w in winners)


# --------------------------------------------------------------------------- Oneonta Whist
class OneontaWhistChecker(Checker):
    """Each deal scores by the Edward method from its bid and tricks; the total is
    the sum of the deals."""

    leave_out = ("unseen", "history", "final_trick")

    def __init__(self, state):
        super().__init__(state)
        self.total = 0
        self.deals = 0

    def check_cards(self, state):
        lead = [state.lead] if state.lead else []
        played = [c for c in state.dealt if c not in state.hand]
        places = state.hand + state.dummy + state.seen + played + [state.turned] + state.dead
        assert_deck(places, oneonta_whist.DECK, "oneonta_whist")
        assert not lead or lead[0] in state.seen

    def event(self, state, e):
        if e["type"] == "deal_end":
            self.deals += 1
            assert e["score"] == oneonta_whist.edward_score(e["bid"], e["taken"], state.options["exact_bonus"])
            self.total += e["score"]

    def check_counts(self, state):
        assert state.total == self.total, f"total {state.total}, deals add up to {self.total}"

    def hidden(self, state, seat):
        return set(state.dummy) | set(state.dead)

    def finish(self, state):
        super().finish(state)
        assert self.deals == state.options["deals"] == state.result["deals"]
        assert state.result["score"] == self.total


# --------------------------------------------------------------------------- Toepen
class ToepenChecker(Checker):
    """Chips plus the pool are conserved; the pool never goes negative; nobody who
    may not go into debt does."""

    leave_out = ("last_deal",)  # its final trick shows played cards again

    def __init__(self, state):
        super().__init__(state)
        self.total = sum(state.chips) + state.pool

    def check_cards(self, state):
        places = [c for h in state.hands for c in h] + state.stock + state.played + \
            [c for h in state.folded_hands.values() for c in h] + [c for r in state.exchanges for c in r["discards"]]
        assert_deck(places, toepen.DECK, "toepen")

    def check_counts(self, state):
        assert sum(state.chips) + state.pool == self.total, "chips plus the pool changed"
        assert state.pool >= 0
        assert state.options["debt"] or min(state.chips) >= 0

    def hidden(self, state, seat):
        return {c for other in range(self.players) if other != seat for c in state.hands[other]} | set(state.stock)

    def finish(self, state):
        super().finish(state)
        assert state.result["winners"]


CHECKERS = {"le_truc": LeTrucChecker, "tressette": TressetteChecker, "brazilian_truco": BrazilianTrucoChecker,
            "japanese_loo": JapaneseLooChecker, "oneonta_whist": OneontaWhistChecker, "toepen": ToepenChecker}


def checker(state) -> Checker:
    """The invariant checker for ``state``'s game."""
    return CHECKERS[state.game.name](state)
