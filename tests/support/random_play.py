"""How the random-game tests play each game: the options to draw, how to pick among
the legal actions, which actions to try as junk, and when a game may run on
without end. The cross-game contract suite (tests/contracts/test_random_games.py)
and each game's own property tests (tests/rules/test_<game>_properties.py) play
the same seeded games through ``play``, each adding its checks as a ``Watch``.

A game added to ``cardtable.games`` needs a ``Profile`` here: the contract suite
fails until it has one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

from cardtable import games
from cardtable.games import brazilian_truco, japanese_loo, le_truc, oneonta_whist, toepen, tressette


def uniform(state, legal: list[str], rng: random.Random, knobs: dict) -> str:
    return rng.choice(legal)


def never(options: dict) -> bool:
    return False


@dataclass(frozen=True)
class Profile:
    """One game as the random-game tests play it."""

    options: st.SearchStrategy  # rule options to draw (dicts)
    #: (state, legal actions, rng, knobs) -> the action to play; knobs are drawn from ``knobs``
    pick: Callable = uniform
    knobs: st.SearchStrategy = field(default_factory=lambda: st.just({}))
    junk: tuple = ()  # actions worth trying when they are not legal
    max_actions: int = 20_000  # a game still running then has not ended
    #: options under which a random game may go on past ``max_actions`` (a long random walk)
    may_not_end: Callable = never
    #: the share of steps at which the acting seat's view is searched for hidden cards
    #: (a view is dear to build at ten players)
    view_rate: float = 1.0
    #: whether the invariant checker can follow a sampled world (Loo's world deals the
    #: dropped hands into the dead cards, where no checker tells them apart; its own
    #: property tests check the world's cards)
    world_checked: bool = True


# --------------------------------------------------------------------------- Le Truc
def le_truc_pick(state, legal, rng, knobs):
    """Uniform half the time; otherwise raise and accept, so that bankroll games
    (a random walk between 0 and 60 chips) end in a reasonable number of rounds."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    eager = [a for a in legal if a.endswith("down") or a == "accept"]
    return rng.choice(eager or legal)


LE_TRUC = Profile(
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

# --------------------------------------------------------------------------- Tressette
TRESSETTE = Profile(
    options=st.fixed_dictionaries({
        "show_draws": st.booleans(),
        "ties": st.sampled_from(["play_on", "draw"]),
        "target": st.integers(1, 21),
        "claim": st.booleans(),
    }),
    junk=tuple(f"play {c}" for c in tressette.DECK),
    max_actions=5000,
)


# --------------------------------------------------------------------------- Brazilian Truco
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


BRAZILIAN_TRUCO = Profile(
    options=brazilian_truco_options(),
    pick=brazilian_truco_pick,
    knobs=st.fixed_dictionaries({"p_truco": st.floats(0.0, 0.5), "p_down": st.floats(0.0, 0.3)}),
    junk=(*("play " + c for c in brazilian_truco.DECK), "keep", "pass", "burn", "truco", "accept", "run",
          "raise", "flip", "play 4C down", "knock"),
    max_actions=3000,
    view_rate=0.1,
)


# --------------------------------------------------------------------------- Japanese Loo
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


JAPANESE_LOO = Profile(
    options=japanese_loo_options(),
    pick=japanese_loo_pick,
    knobs=st.fixed_dictionaries({"p_in": st.floats(0.2, 1.0)}),
    junk=(*("play " + c for c in japanese_loo.DECK), "in", "out", "bid 1"),
    view_rate=0.1,
    world_checked=False,
)


# --------------------------------------------------------------------------- Toepen
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


TOEPEN = Profile(
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
    view_rate=0.05,
)

# --------------------------------------------------------------------------- Oneonta Whist
ONEONTA_WHIST = Profile(
    options=st.fixed_dictionaries({
        "joker_anytime": st.booleans(),
        "exact_bonus": st.integers(0, 3),
        "deals": st.integers(1, 9),
        "success": st.sampled_from(["at_least", "more_than"]),
    }),
    junk=(*(f"play {c}" for c in oneonta_whist.DECK), "bid 10"),
)

PROFILES = {"le_truc": LE_TRUC, "tressette": TRESSETTE, "brazilian_truco": BRAZILIAN_TRUCO,
            "japanese_loo": JAPANESE_LOO, "toepen": TOEPEN, "oneonta_whist": ONEONTA_WHIST}


# --------------------------------------------------------------------------- playing
class Watch:
    """Checks added to a random game; each hook does nothing unless overridden."""

    def start(self, state) -> None:
        """The new game, before any action."""

    def before(self, state, action: str) -> None:
        """Just before ``state.apply(action)``."""

    def after(self, state, events: list[dict]) -> None:
        """Just after, with the events the action caused."""

    def end(self, state) -> None:
        """When the game is over, or ``max_actions`` ran out."""


def play(game: str, seed: int, options: dict, knobs: dict | None = None, watches=(),
         max_actions: int | None = None):
    """One seeded random game of ``game``, picked by its profile from a generator of
    ``seed`` alone (so two tests given the same seed play the same game whatever
    they check), each watch called around every action; returns the final state."""
    profile = PROFILES[game]
    state = games.get(game).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for watch in watches:
        watch.start(state)
    for _ in range(max_actions or profile.max_actions):
        if state.is_over:
            break
        action = profile.pick(state, state.legal_actions(), rng, knobs or {})
        for watch in watches:
            watch.before(state, action)
        events = state.apply(action)
        for watch in watches:
            watch.after(state, events)
    for watch in watches:
        watch.end(state)
    return state


def walk(game: str, seed: int, options: dict | None, steps: int):
    """A game ``steps`` uniformly random actions in (fewer if it ends first)."""
    state = games.get(game).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state
