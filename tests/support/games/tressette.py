"""Tressette in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.games import tressette
from tests.rules import test_tressette as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import Ledger, seats
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = TressetteChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: s.totals.__setitem__(1, 5), "deals add up")


# --------------------------------------------------------------------------- random play
PROFILE = Profile(
    options=st.fixed_dictionaries({
        "show_draws": st.booleans(),
        "ties": st.sampled_from(["play_on", "draw"]),
        "target": st.integers(1, 21),
        "claim": st.booleans(),
    }),
    junk=tuple(f"play {c}" for c in tressette.DECK),
    max_actions=5000,
)


# --------------------------------------------------------------------------- ledger
class TressetteLedger(Ledger):
    """Each deal's points (cards, last trick, declarations) are scored at its end."""

    def start(self):
        return {0: 0, 1: 0}

    def moves(self, e):
        # a claim (E5) settles the deal so far instead of its end
        return list(enumerate(e["points"])) if e["type"] in ("deal_end", "claim") else []

    def stated(self, e):
        if e["type"] in ("deal_end", "claim"):
            return seats(e["totals"])
        return seats(e["scores"]) if e["type"] == "game_over" else {}

    def shown(self, view):
        return seats(view["totals"])

    def summary(self, view):
        d = view.get("last_deal")
        return None if d is None else seats(d["totals"])

    def final(self, result):
        return seats(result["scores"])


LEDGER = TressetteLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{}, {"declarations": True, "claim": True}, {"declarations": True, "ties": "draw", "target": 11}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [None]
#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "easy"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (1, 60)}


# --------------------------------------------------------------------------- review
# Throwing the ace (a point) on a trick the other player's 3 already holds.
def review_scenario(card):
    return rules.stack(["3C"], ["AC", "4C"]), {"first_dealer": 0}, ["play 3C", card]


BLUNDER, RIGHT = "play AC", "play 4C"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = "target=1"
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "2 players", "ja": "2人用"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["https://yamaimo.hatenablog.jp/entry/2016/07/14/200000"]
