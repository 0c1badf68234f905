"""Oneonta Whist in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.games import oneonta_whist
from tests.rules import test_oneonta_whist as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import Ledger
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = OneontaWhistChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: setattr(s, "total", 3), "deals add up")


# --------------------------------------------------------------------------- random play
PROFILE = Profile(
    options=st.fixed_dictionaries({
        "joker_anytime": st.booleans(),
        "exact_bonus": st.integers(0, 3),
        "deals": st.integers(1, 9),
        "success": st.sampled_from(["at_least", "more_than"]),
    }),
    junk=(*(f"play {c}" for c in oneonta_whist.DECK), "bid 10"),
)


# --------------------------------------------------------------------------- ledger
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


LEDGER = OneontaWhistLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{}, {"exact_bonus": 10, "deals": 3}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [None]
#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "strong"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (1, 30)}


# --------------------------------------------------------------------------- review
# Bidding all nine tricks with an ordinary hand.
def review_scenario(bid):
    return rules.stack(), {}, [bid]


BLUNDER, RIGHT = "bid 9", "bid 3"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = "deals=1"
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "Solitaire: one player", "ja": "ひとり遊び（ソリティア）"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["http://playingcardgame.blog27.fc2.com/blog-entry-125.html",
            "http://playingcardgame.blog27.fc2.com/blog-entry-126.html"]
