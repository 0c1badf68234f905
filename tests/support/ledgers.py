"""Ledgers kept from a game's events alone: what a review or a replay of the log
can know about the chips or points, with no access to the State.

``ledger_for(game, options, players)`` starts the accounts from the options (the
starting chips or bankroll; points start at nothing); ``feed(events)`` moves
them by what each event says was paid or scored, and checks every balance an
event states (the pot after an ante, a deal's chips at its end, the final
scores). A deal is *closed* by its summary event (``deal_end``, Le Truc's
``round``, Brazilian Truco's ``hand``) and opened by the next deal's start: no
chip or point may move in between, so a deal's summary is that deal's whole
account. ``check(state)`` compares the accounts with every seat's view (the
running balances, and the last deal's summary with the ledger as that deal
closed) and, at the end, with the result. A disagreement raises
``AssertionError`` saying which event or field. Each game's subclass is the
``LEDGER`` of tests/support/games/<name>.py.
"""

from __future__ import annotations

from tests.support.games import part


class Ledger:
    """Accounts (seats, teams, a pot) moved by events; subclasses know one game's events."""

    opens: tuple = ("deal_start",)  # events that start a deal (money may move)
    closes: tuple = ("deal_end",)   # a deal's summary: nothing moves after it until the next start

    def __init__(self, options: dict, players: int):
        self.options = options
        self.players = players
        self.accounts = self.start()
        self.closed_by: dict | None = None  # the summary event of the last closed deal, while closed
        self.at_close: dict | None = None   # the accounts as the last deal closed
        self.over = False
        self.seen = 0  # events fed

    # --- per game ---------------------------------------------------------------
    def start(self) -> dict:
        """The accounts before any event."""
        raise NotImplementedError

    def moves(self, e: dict) -> list[tuple]:
        """(account, change) pairs that event ``e`` says happened."""
        return []

    def stated(self, e: dict) -> dict:
        """Balances event ``e`` states: {account: value}."""
        return {}

    def shown(self, view: dict) -> dict:
        """The balances a seat's view shows: {account: value}."""
        raise NotImplementedError

    def summary(self, view: dict) -> dict | None:
        """The balances the view's last-deal summary shows, or None before one."""
        return None

    def final(self, result: dict) -> dict:
        """The balances the result gives."""
        raise NotImplementedError

    # --- shared ---------------------------------------------------------------------
    def feed(self, events: list[dict]) -> None:
        for e in events:
            self.event(e)

    def event(self, e: dict) -> None:
        self.seen += 1
        kind = e["type"]
        assert not self.over, f"event {kind!r} after game_over"
        if kind in self.opens:
            self.closed_by = None
        moves = [(k, d) for k, d in self.moves(e) if d]
        if moves and self.closed_by is not None:
            raise AssertionError(f"{kind!r} moves {moves} after {self.closed_by['type']!r} closed the deal "
                                 f"(the summary said {self._brief(self.closed_by)}): {e}")
        for account, change in moves:
            assert account in self.accounts, f"{kind!r} pays an unknown account {account!r}: {e}"
            self.accounts[account] += change
        for account, value in self.stated(e).items():
            assert self.accounts[account] == value, (
                f"{kind!r} states {account!r} = {value}, the events add up to {self.accounts[account]}: {e}")
        if kind in self.closes:
            self.closed_by, self.at_close = e, dict(self.accounts)
        if kind == "game_over":
            self.over = True

    @staticmethod
    def _brief(e: dict) -> str:
        return ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")

    def check(self, state) -> None:
        """The accounts against every seat's view, and the result once over."""
        for seat in range(state.num_players):
            view = state.view(seat)
            shown = self.shown(view)
            mine = {k: self.accounts[k] for k in shown}
            assert shown == mine, f"seat {seat}'s view shows {shown}, the events add up to {mine}"
            summary = self.summary(view)
            if summary is not None:
                assert self.at_close is not None, f"seat {seat}'s view has a last deal, no event closed one"
                closed = {k: self.at_close[k] for k in summary}
                assert summary == closed, (
                    f"seat {seat}'s last-deal summary shows {summary}, the events add up to {closed} "
                    "at the deal's end")
        if state.is_over:
            assert self.over, "the game is over but no game_over event came"
            final = self.final(state.result)
            mine = {k: self.accounts[k] for k in final}
            assert final == mine, f"the result gives {final}, the events add up to {mine}"


def seats(values) -> dict:
    return dict(enumerate(values))


class ChipsAndPot(Ledger):
    """A game of chips per seat around a common pot (``pot_name``)."""

    pot_name = "pot"

    def start(self):
        return {**{s: self.options["chips"] for s in range(self.players)}, self.pot_name: 0}

    def pay(self, seat, amount) -> list[tuple]:
        """``seat`` pays ``amount`` into the pot (a negative amount is taken from it)."""
        return [(seat, -amount), (self.pot_name, amount)]

    def shown(self, view):
        return {**seats(view["chips"]), self.pot_name: view[self.pot_name]}

    def summary(self, view):
        d = view.get("last_deal")
        return None if d is None else {**seats(d["chips"]), self.pot_name: d[self.pot_name]}


def ledger_for(state) -> Ledger:
    """A ledger for ``state``'s game and options, fed with the events its first deal
    opened with (``opening_events``)."""
    ledger = part(state.game.name).LEDGER(state.options, state.num_players)
    ledger.feed(list(getattr(state, "opening_events", [])))
    return ledger
