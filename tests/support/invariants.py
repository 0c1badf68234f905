"""Invariants every game keeps, whoever plays it, in one place for the contract
suite (tests/contracts/test_random_games.py), the table-model tests, the soak
(tests/contracts/test_soak.py) and the bot soak command (tests/support/soak.py).

``checker(state)`` gives a :class:`Checker` for the game's state: each game's
subclass is its ``CHECKER`` in tests/support/games/<name>.py. Call
``before(state, action)`` and ``after(state, events)`` around each ``apply``
(cheap: every card in exactly one place, chips or points conserved, the score
equal to what the recorded results add up to), ``views(state)`` when the
(dearer) check that no view shows a hidden card is wanted, and ``finish(state)``
at the end (the result agrees with the scores). A broken invariant raises
``AssertionError`` saying which one.
"""

from __future__ import annotations

from tests.support.games import part


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


def checker(state) -> Checker:
    """The invariant checker for ``state``'s game."""
    return part(state.game.name).CHECKER(state)
