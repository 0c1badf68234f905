"""Japanese Loo in the shared test support (tests/support/games/__init__.py): its
invariant checker, how the random-game tests play it, the ledger of what its events
pay, and its cases for the contract suite, the bot tests, the review and the page's
audits."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.games import japanese_loo
from tests.rules import test_japanese_loo as rules
from tests.support.invariants import Checker, assert_deck
from tests.support.ledgers import ChipsAndPot, seats
from tests.support.random_play import Profile


# --------------------------------------------------------------------------- invariants
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


CHECKER = JapaneseLooChecker
#: a count set wrong by hand, and what the checker says then
WRONG_COUNT = (lambda s: s.chips.__setitem__(2, s.chips[2] + 1), "chips plus the pot")


# --------------------------------------------------------------------------- random play
@st.composite
def japanese_loo_options(draw):
    players = draw(st.integers(3, 10))
    fmt = draw(st.sampled_from(["five", "three"])) if players <= 5 else "five"
    options = {"players": players, "format": fmt, "rotations": draw(st.integers(1, 2)),
               "dealer_drop": draw(st.sampled_from(["pays", "free"]))}
    if fmt == "three":
        options["three_card_fee"] = draw(st.sampled_from([3, 5]))
    if players == 5 and fmt == "five":
        options["all_ante"] = draw(st.booleans())
    return options


def japanese_loo_pick(state, legal, rng, knobs):
    """In with probability ``p_in`` when the choice is in or out; otherwise uniform."""
    if legal == ["in", "out"]:
        return "in" if rng.random() < knobs["p_in"] else "out"
    return rng.choice(legal)


PROFILE = Profile(
    options=japanese_loo_options(),
    pick=japanese_loo_pick,
    knobs=st.fixed_dictionaries({"p_in": st.floats(0.2, 1.0)}),
    junk=(*("play " + c for c in japanese_loo.DECK), "in", "out", "bid 1"),
    view_rate=0.1,
    world_checked=False,
)


# --------------------------------------------------------------------------- ledger
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
            out.update(seats(e["chips"]))
        return out

    def final(self, result):
        return seats(result["scores"])


LEDGER = JapaneseLooLedger
#: options where they change what is paid or scored, and table sizes
LEDGER_CASES = [{"players": 3}, {"players": 6}, {"players": 10, "rotations": 1},
                {"players": 5, "all_ante": True},
                {"players": 4, "format": "three", "three_card_fee": 5},
                {"players": 3, "format": "three", "three_card_fee": 5, "rotations": 1, "dealer_drop": "free"}]


# --------------------------------------------------------------------------- bots
#: the tables its bots are tried at (the fewest and the most seats where it seats many)
BOT_TABLES = [{"players": 3, "rotations": 1}, {"players": 10, "rotations": 1}]
#: the level a new table starts at (where a player who mostly follows the Hint wins
#: about a fair share: bench/first_timer.py)
DEFAULT_LEVEL = "normal"
#: where in a game the honesty positions are taken, and the options for a seed
BOT_HONESTY = {"steps": (3, 14), "options": {"players": 5}}


# --------------------------------------------------------------------------- review
# Dropping out holding the five best trumps.
def review_scenario(choice):
    return rules.stack(3, 2, {0: ["AC", "KC", "QC", "JC", "TC"]}), {"players": 3, "first_dealer": 2}, [choice]


BLUNDER, RIGHT = "out", "in"


# --------------------------------------------------------------------------- page
#: options that keep its game short, with the most seats and cards it has
SHORT_GAME = "players=10&rotations=1"
#: what a player reads under its name on the landing page, in each language
HOME_PLAYERS = {"en": "3–10 players", "ja": "3〜10人"}
#: the articles its rules follow, at the addresses checked against the seed texts
ARTICLES = ["http://kubotaya.hatenablog.com/entry/20080404"]
