"""Bots: the protocol, the registry of levels, and the honest window they decide through.

A bot sees an :class:`Observation`: the seat's ``view``, the legal actions, and
worlds drawn by the state's ``sample_world``. It never gets the true State, which
is how "bots never cheat" is kept by construction (and proven in the tests).
Each decision gets its own generator derived from (game seed, seat, ply), so a bot
plays the same way whether a game is played through or restored from a save.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from .. import games
from ..protocol import State, derived_rng, shown

LEVELS = ("random", "easy", "normal", "strong")


class Observation:
    """What one seat may know at its decision."""

    __slots__ = ("seat", "view", "legal", "_sampler")

    def __init__(self, state: State, seat: int):
        self.seat = seat
        self.view = state.view(seat)
        self.legal = state.legal_actions()
        self._sampler = state.sample_world

    def sample_world(self, rng: random.Random) -> State:
        """A full state consistent with ``view``; hidden cards re-dealt from ``rng``."""
        return self._sampler(self.seat, rng)


class Bot:
    """A decision maker for one game at one level."""

    level = "random"

    def choose(self, obs: Observation, rng: random.Random) -> str:
        raise NotImplementedError

    def explain(self, obs: Observation, rng: random.Random) -> tuple[str, dict]:
        """(action, reason) for a hint: the reason is ``{"key": …, **args}`` for the
        page's words. Bots that can say why override this; the default says what."""
        return self.choose(obs, rng), {"key": "hint.generic"}


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    level = "random"

    def choose(self, obs, rng):
        return rng.choice(obs.legal)


@dataclass(frozen=True)
class ReviewPlan:
    """How the review (``cardtable.analysis``) values a game's decisions: its bots
    module declares one as ``REVIEW``. ``unit`` and ``threshold`` are the measure (a
    loss worth flagging, in the game's unit); a decision is valued exactly where
    ``exact(obs)`` answers (each legal action's value, or None), else over ``worlds``
    worlds drawn from the seat's observation, each valued by ``world(world, seat,
    legal)`` or played out to the deal's end by ``rollout`` bots; ``weigh(obs)`` may
    weigh the worlds (a bet read as strength). A plan that cannot value a decision
    is refused when declared."""

    unit: str
    threshold: float
    worlds: int = 0
    rollout: type | None = None
    exact: Callable | None = None
    world: Callable | None = None
    weigh: Callable | None = None

    def __post_init__(self):
        if self.unit not in ("points", "chips"):
            raise ValueError(f"a review's unit is points or chips, not {shown(self.unit)}")
        if not self.worlds and self.exact is None:
            raise ValueError("a review needs worlds or an exact value")
        if self.worlds and self.rollout is None and self.world is None:
            raise ValueError("a review over worlds needs a rollout bot or a world's value")


def module(game_name: str):
    """The game's bot module, as its ``GAME`` declares it (``bots=``), with its
    ``LEVELS`` {level: Bot class}, ``REVIEW`` and ``ADVISOR`` (None for a name that is no game)."""
    try:
        return games.get(game_name).bots_module()
    except ValueError:
        return None


def levels(game_name: str) -> list[str]:
    """The levels on offer for a game, weakest first."""
    found = module(game_name)
    extra = list(found.LEVELS) if found else []
    return ["random"] + [lv for lv in LEVELS if lv in extra]


def make(game_name: str, level: str) -> Bot:
    """A bot of ``level`` for ``game_name``; a clear ``ValueError`` if there is none."""
    if level == "random":
        return RandomBot()
    found = module(game_name)
    table = found.LEVELS if found else {}
    if not isinstance(level, str) or level not in table:
        raise ValueError(f"no {shown(level)} bot level for {game_name}; levels: {', '.join(levels(game_name))}")
    return table[level]()


def hint_level(game_name: str) -> str:
    """The level whose bot gives the Hint: ``normal``, or the strongest where a game has none."""
    return "normal" if "normal" in levels(game_name) else levels(game_name)[-1]


def hint(game_name: str, state: State, seed: int, ply: int, level: str = "normal") -> tuple[str, dict]:
    """What a ``level`` bot would do in the seat to act, and why (from that seat's view)."""
    seat = state.to_act
    return make(game_name, level).explain(Observation(state, seat), derived_rng(seed, "hint", seat, ply))


def advice(game_name: str, state: State) -> dict | None:
    """A game's advisor (odds and expected scores for the decision at hand, its bots
    module's ``ADVISOR``), from the view of the seat to act only; None for games without one."""
    found = module(game_name)
    if found is None or found.ADVISOR is None or state.to_act is None:
        return None
    return found.ADVISOR(Observation(state, state.to_act))


def decide(bot: Bot, state: State, seed: int, ply: int) -> str:
    """The bot's action for the seat to act, from that seat's observation only."""
    seat = state.to_act
    return bot.choose(Observation(state, seat), derived_rng(seed, "bot", seat, ply))
