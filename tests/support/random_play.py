"""How the random-game tests play each game: the options to draw, how to pick among
the legal actions, which actions to try as junk, and when a game may run on
without end. The cross-game contract suite (tests/contracts/test_random_games.py)
and each game's own property tests (tests/rules/test_<game>_properties.py) play
the same seeded games through ``play``, each adding its checks as a ``Watch``.

A game added to ``cardtable.games`` needs a ``Profile``, the ``PROFILE`` of its
module in tests/support/games/: the contract suite fails until it has one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

from cardtable import games
from tests.support.games import ByGame


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
    #: the share of steps after which junk actions are tried and must change nothing
    #: (each try compares every view and the pickled state, so it is dear)
    refuse_rate: float = 0.05
    #: whether the invariant checker can follow a sampled world (Loo's world deals the
    #: dropped hands into the dead cards, where no checker tells them apart; its own
    #: property tests check the world's cards)
    world_checked: bool = True


PROFILES = ByGame("PROFILE")  # each game's, from tests/support/games/<name>.py


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
