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
``AssertionError`` saying which event or field.
"""

from __future__ import annotations


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


def _seats(values) -> dict:
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
        return {**_seats(view["chips"]), self.pot_name: view[self.pot_name]}

    def summary(self, view):
        d = view.get("last_deal")
        return None if d is None else {**_seats(d["chips"]), self.pot_name: d[self.pot_name]}


class JapaneseLooLedger(ChipsAndPot):
    def moves(self, e):
        kind = e["type"]
        if kind == "ante":
            return self.pay(e["seat"], e["amount"])
        if kind == "ante_all":
            return [m for s in range(self.players) for m in self.pay(s, e["amount"])]
        if kind == "declare" and e["choice"] == "out":
            return self.pay(e["seat"], e["fee"])
        if kind == "loo":
            return self.pay(e["seat"], e["amount"])
        if kind in ("take_pot", "remainder"):
            return self.pay(e["seat"], -e["amount"])
        if kind == "trick":
            return self.pay(e["winner"], -e["value"])
        return []

    def stated(self, e):
        out = {"pot": e["pot"]} if "pot" in e else {}
        if e["type"] in ("deal_end", "game_over"):
            out.update(_seats(e["chips"]))
        return out

    def final(self, result):
        return _seats(result["scores"])


class ToepenLedger(ChipsAndPot):
    pot_name = "pool"

    def moves(self, e):
        kind = e["type"]
        if kind == "challenge":
            return [m for seat, paid in e["payments"] for m in self.pay(seat, paid)]
        if kind == "fold":
            return self.pay(e["seat"], e["paid"])
        if kind == "pay":
            if e["to"] is None:
                return self.pay(e["seat"], e["amount"])
            return [(e["seat"], -e["amount"]), (e["to"], e["amount"])]
        return []

    def stated(self, e):
        out = {"pool": e["pool"]} if "pool" in e else {}
        if e["type"] in ("deal_end", "game_over"):
            out.update(_seats(e["chips"]))
        return out

    def final(self, result):
        return {**_seats(result["scores"]), "pool": result["pool"]}


class LeTrucLedger(Ledger):
    """Race: the round's winner scores its points. Bankroll: 30 chips each, the
    loser pays the winner the round's points."""

    opens = ("round_start",)
    closes = ("round",)

    def start(self):
        bank = 30 if self.options["scoring"] == "bankroll" else 0
        return {0: bank, 1: bank}

    def moves(self, e):
        if e["type"] != "round" or e["winner"] is None:
            return []
        w = e["winner"]
        out = [(w, e["points"])]
        if self.options["scoring"] == "bankroll":
            out.append((1 - w, -e["points"]))
        return out

    def stated(self, e):
        return _seats(e["scores"]) if e["type"] in ("round", "game_over") else {}

    def shown(self, view):
        return _seats(view["scores"])

    def final(self, result):
        return _seats(result["scores"])


class TressetteLedger(Ledger):
    """Each deal's points (cards, last trick, declarations) are scored at its end."""

    def start(self):
        return {0: 0, 1: 0}

    def moves(self, e):
        # a claim (E5) settles the deal so far instead of its end
        return list(enumerate(e["points"])) if e["type"] in ("deal_end", "claim") else []

    def stated(self, e):
        if e["type"] in ("deal_end", "claim"):
            return _seats(e["totals"])
        return _seats(e["scores"]) if e["type"] == "game_over" else {}

    def shown(self, view):
        return _seats(view["totals"])

    def summary(self, view):
        d = view.get("last_deal")
        return None if d is None else _seats(d["totals"])

    def final(self, result):
        return _seats(result["scores"])


class BrazilianTrucoLedger(Ledger):
    """Two teams; a hand's winning team scores its points."""

    opens = ("hand_start",)
    closes = ("hand",)

    def start(self):
        return {0: 0, 1: 0}

    def moves(self, e):
        if e["type"] == "hand" and e["winner"] is not None:
            return [(e["winner"], e["points"])]
        return []

    def stated(self, e):
        return _seats(e["scores"]) if e["type"] in ("hand", "game_over") else {}

    def shown(self, view):
        return _seats(view["scores"])

    def summary(self, view):
        d = view.get("last_hand")
        return None if d is None else _seats(d["scores"])

    def final(self, result):
        return _seats(result["scores"])


class OneontaWhistLedger(Ledger):
    """One player; each deal's Edward score is added at its end."""

    def start(self):
        return {0: 0}

    def moves(self, e):
        return [(0, e["score"])] if e["type"] == "deal_end" else []

    def stated(self, e):
        if e["type"] == "deal_end":
            return {0: e["total"]}
        return {0: e["score"]} if e["type"] == "game_over" else {}

    def shown(self, view):
        return {0: view["total"]}

    def summary(self, view):
        return {0: view["history"][-1]["total"]} if view["history"] else None

    def final(self, result):
        return {0: result["score"]}


LEDGERS = {"le_truc": LeTrucLedger, "tressette": TressetteLedger, "brazilian_truco": BrazilianTrucoLedger,
           "japanese_loo": JapaneseLooLedger, "toepen": ToepenLedger, "oneonta_whist": OneontaWhistLedger}


def ledger_for(state) -> Ledger:
    """A ledger for ``state``'s game and options, fed with the events its first deal
    opened with (``opening_events``)."""
    ledger = LEDGERS[state.game.name](state.options, state.num_players)
    ledger.feed(list(getattr(state, "opening_events", [])))
    return ledger
