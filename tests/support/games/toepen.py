"""Toepen in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.games import toepen
from tests.rules import test_toepen as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import ChipsAndPot, seats
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = ToepenChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: setattr(s, "pool", s.pool + 1), "chips plus the pool")


# --------------------------------------------------------------------------- random play
@st.composite
def toepen_options(draw):
    return {
        "players": draw(st.integers(3, 8)),
        "chips": draw(st.sampled_from([10, 12, 20])),
        "end": draw(st.sampled_from(["bankruptcy", "last_standing"])),
        "settlement": draw(st.sampled_from(["pool", "literal", "direct", "lives"])),
        "challenges": draw(st.sampled_from(["first", "all"])),
        "exchanges": draw(st.sampled_from(["once", "repeat"])),
        "folded_card": draw(st.sampled_from(["dead", "live"])),
        "stake_cap": draw(st.sampled_from([0, 8])),
        "missed_call": draw(st.sampled_from(["penalty", "auto"])),
        "sevens_whistle": draw(st.booleans()),
        "debt": draw(st.booleans()),
        "ties": draw(st.sampled_from(["shared", "play_on"])),
        "knock_from": draw(st.sampled_from(["play", "deal"])),
    }


def toepen_pick(state, legal, rng, knobs):
    """A knock with probability ``p_knock``; a fold with ``p_fold`` when asked to stay
    or fold; otherwise uniform over the rest. Random players knock, fold and challenge
    far more than anyone would, which is the point: every path is walked."""
    if "knock" in legal and rng.random() < knobs["p_knock"]:
        return "knock"
    if legal == ["stay", "fold"]:
        return "fold" if rng.random() < knobs["p_fold"] else "stay"
    return rng.choice([a for a in legal if a != "knock"] or legal)


def toepen_may_not_end(options):
    """Where chips only change hands (literal, direct), or when the last two players
    standing pass the stake back and forth through the pool, the end is a long random
    walk; elsewhere the pool drains the table and the game must end."""
    return options["settlement"] in ("literal", "direct") or options["end"] == "last_standing"


PROFILE = Profile(
    options=toepen_options(),
    pick=toepen_pick,
    knobs=st.fixed_dictionaries({"p_knock": st.floats(0.0, 0.3), "p_fold": st.floats(0.0, 0.6)}),
    junk=(*("play " + c for c in toepen.DECK), "knock", "pass", "stay", "fold", "exchange", "keep", "challenge",
          "whistle", "stand", "silent", "bid 1"),
    # A game that must end can need more than 6,000 actions: 8 players with 20 chips
    # each, pool settlement, nobody knocking or folding (about 6,400; the example in
    # tests/rules/test_toepen_properties.py).
    max_actions=12_000,
    may_not_end=toepen_may_not_end,
    # A random game runs to about 3,700 actions on average, and its view carries the
    # game's exchanges, so a check at every step is dear: at these rates a game still
    # has about 70 views searched and 35 refusals tried, more than a whole game of
    # most others.
    view_rate=0.02,
    refuse_rate=0.01,
)


# --------------------------------------------------------------------------- ledger
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
            out.update(seats(e["chips"]))
        return out

    def final(self, result):
        return {**seats(result["scores"]), "pool": result["pool"]}


LEDGER = ToepenLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{"players": 3}, {"players": 8, "settlement": "direct"}, {"players": 4, "settlement": "literal"},
                {"players": 5, "settlement": "lives", "end": "last_standing"},
                {"players": 4, "debt": True, "challenges": "all", "exchanges": "repeat", "knock_from": "deal"},
                {"players": 6, "ties": "play_on", "missed_call": "auto", "folded_card": "live", "stake_cap": 8}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [{"players": 3, "chips": 10}, {"players": 8, "chips": 10}]


def calm(legal, rng):
    """A random move, but never one that ends the deal at once (Toepen's knock and
    fold), so the positions reach the later tricks."""
    return rng.choice([a for a in legal if a not in ("knock", "fold")] or legal)


#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "normal"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (4, 40), "options": {"players": 4}, "advance": calm}


# --------------------------------------------------------------------------- review
# Folding to a knock with the last trick certain.
def review_scenario(answer):
    """Seat 0 holds the four top spades and leads; nobody else has a spade, so it takes
    every trick, the last included. Seat 1 knocks before the first card; seat 2 stays."""
    hands = {0: ["AS", "KS", "QS", "JS"], 1: ["AH", "KH", "QH", "JH"], 2: ["AD", "KD", "QD", "JD"]}
    actions = ["keep", "keep", "keep", "silent", "silent", "silent", "knock", "stay", answer]
    return rules.stack(3, 2, hands), {"players": 3, "first_dealer": 2}, actions


BLUNDER, RIGHT = "fold", "stay"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = "players=8&chips=10"
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "3–8 players", "ja": "3〜8人"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["http://playingcardgame.blog27.fc2.com/blog-entry-128.html"]
