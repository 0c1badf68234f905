"""Brazilian Truco in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable import games
from cardtable.games import brazilian_truco
from tests.rules import test_brazilian_truco as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import Ledger, seats
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = BrazilianTrucoChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: s.scores.__setitem__(1, 2), "hands add up")


# --------------------------------------------------------------------------- random play
@st.composite
def brazilian_truco_options(draw):
    choices = {k: o.choices for k, o in games.get("brazilian_truco").options.items() if o.choices}
    options = {k: draw(st.sampled_from(v)) for k, v in choices.items()}
    options["signals"] = draw(st.booleans())
    return options


def brazilian_truco_pick(state, legal, rng, knobs):
    """A truco with probability ``p_truco``, a card face down with ``p_down``."""
    if "truco" in legal and rng.random() < knobs["p_truco"]:
        return "truco"
    downs = [a for a in legal if a.endswith(" down")]
    rest = [a for a in legal if a != "truco" and not a.endswith(" down")]
    return rng.choice(downs) if downs and rng.random() < knobs["p_down"] else rng.choice(rest or legal)


PROFILE = Profile(
    options=brazilian_truco_options(),
    pick=brazilian_truco_pick,
    knobs=st.fixed_dictionaries({"p_truco": st.floats(0.0, 0.5), "p_down": st.floats(0.0, 0.3)}),
    junk=(*("play " + c for c in brazilian_truco.DECK), "keep", "pass", "burn", "truco", "accept", "run",
          "raise", "flip", "play 4C down", "knock"),
    max_actions=3000,
    view_rate=0.1,
)


# --------------------------------------------------------------------------- ledger
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
        return seats(e["scores"]) if e["type"] in ("hand", "game_over") else {}

    def shown(self, view):
        return seats(view["scores"])

    def summary(self, view):
        d = view.get("last_hand")
        return None if d is None else seats(d["scores"])

    def final(self, result):
        return seats(result["scores"])


LEDGER = BrazilianTrucoLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{}, {"tied_hand": "dealer", "eleven": "play"}, {"tied_hand": "redeal", "partner": "free"}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [{"partner": "free"}]
#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "normal"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (2, 14), "options": lambda seed: {"signals": seed % 2 == 0}}


# --------------------------------------------------------------------------- review
# Running from a truco with the three best manilhas (accepting wins 3; so does raising,
# which the others answer by running).
def review_scenario(answer):
    return (rules.stack(hands={0: ["4C", "7H", "AS"]}), {"first_dealer": 3},
            ["keep", "play 4C", "truco", answer])


BLUNDER, RIGHT = "run", "accept"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = ""
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "4 players: you and a bot partner", "ja": "4人用（ボットと組んで2対2）"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["https://gamefarm.jp/rule/braziliantruco.html"]
