"""Le Truc in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.games import le_truc
from tests.rules import test_le_truc as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import Ledger, seats
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = LeTrucChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: s.scores.__setitem__(0, s.scores[0] + 1), "rounds add up")


# --------------------------------------------------------------------------- random play
def le_truc_pick(state, legal, rng, knobs):
    """Uniform half the time; otherwise raise and accept, so that bankroll games
    (a random walk between 0 and 60 chips) end in a reasonable number of rounds."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    eager = [a for a in legal if a.endswith("down") or a == "accept"]
    return rng.choice(eager or legal)


PROFILE = Profile(
    options=st.fixed_dictionaries({
        "redeals": st.sampled_from(["once", "repeated"]),
        "doubling": st.sampled_from(["any", "accepter"]),
        "scoring": st.sampled_from(["race", "bankroll"]),
        "draw": st.sampled_from(["swap", "replay"]),
        "target": st.integers(1, 30),
    }),
    pick=le_truc_pick,
    junk=("play", "play XX", "keep now", "", "fold", "accept", "redo", "exchange", "refuse", "keep",
          *(f"play {c}" for c in le_truc.DECK[:6]), *(f"play {c} down" for c in le_truc.DECK[:6])),
)


# --------------------------------------------------------------------------- ledger
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
        return seats(e["scores"]) if e["type"] in ("round", "game_over") else {}

    def shown(self, view):
        return seats(view["scores"])

    def final(self, result):
        return seats(result["scores"])


LEDGER = LeTrucLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{}, {"scoring": "bankroll"}, {"scoring": "bankroll", "draw": "replay", "doubling": "accepter"},
                {"target": 12, "redeals": "repeated"}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [None]
#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "normal"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (1, 40)}


# --------------------------------------------------------------------------- review
# Accepting the doubling with the weakest hand there is, against the strongest.
def review_scenario(answer):
    return (rules.stack(["9S", "9H", "TS"], ["7S", "7H", "6S"]), {"first_dealer": 1},
            ["keep", "play 9S", "play 7S down", answer])


BLUNDER, RIGHT = "accept", "fold"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = "target=3"
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "2 players", "ja": "2人用"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["http://boardgameland.blog31.fc2.com/blog-entry-970.html"]
