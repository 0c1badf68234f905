"""Checks every game's bots must pass, shared by the bot test modules: a bot plays
whole games legally and the same way twice from one seed, and its decision never
changes when the cards its seat cannot see are dealt again."""

import random

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.protocol import derived_rng


def positions(game_name: str, n: int, seed: int = 0, moves: int = 80, options: dict | None = None) -> list:
    """``n`` positions from uniform random play (up to ``moves`` moves into a game,
    never over), for checks a bot must pass wherever it stands."""
    rng = random.Random(seed)
    game = games.get(game_name)
    out = []
    while len(out) < n:
        s = game.new_game(seed=rng.randrange(10**6), options=options)
        for _ in range(rng.randrange(0, moves)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over:
            out.append(s)
    return out


def self_play(game_name: str, level: str, seed: int, options: dict | None = None, recheck_every: int = 0):
    """A whole game with ``level`` in every seat, each action checked legal: the
    actions and the result. With ``recheck_every`` k, every k-th decision is made
    again by a fresh bot on a copy of the position and must be the same: what a bot
    searched earlier in the game never changes a decision."""
    s = games.get(game_name).new_game(seed=seed, options=options)
    bot = bots.make(game_name, level)
    actions = []
    while not s.is_over:
        a = bots.decide(bot, s, seed, len(actions))
        assert a in s.legal_actions()
        if recheck_every and len(actions) % recheck_every == recheck_every - 1:
            again = bots.decide(bots.make(game_name, level), s.clone(), seed, len(actions))
            assert again == a, f"ply {len(actions)}: {a!r}, then {again!r} from a fresh bot"
        s.apply(a)
        actions.append(a)
    return actions, s.result


def honest_decisions(game_name: str, level: str, seeds, options: dict | None = None, steps=(3, 14),
                     advance=None) -> int:
    """For each seed, a game is advanced a random number of ``steps`` (by ``advance``
    (legal actions, rng) -> action, random by default), and the bot's decision for
    the seat to act must not change when what that seat cannot see is re-dealt,
    consistently with its view (the same decision generator each time). Returns
    the number of positions checked (games over, or with one legal action, are skipped)."""
    bot = bots.make(game_name, level)
    checked = 0
    for seed in seeds:
        s = games.get(game_name).new_game(seed=seed, options=options(seed) if callable(options) else options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(*steps)):
            if s.is_over:
                break
            legal = s.legal_actions()
            s.apply(advance(legal, rng) if advance else rng.choice(legal))
        if s.is_over or len(s.legal_actions()) == 1:
            continue
        seat = s.to_act
        choice = bot.choose(Observation(s, seat), derived_rng(seed, "t"))
        for k in range(3):
            world = s.sample_world(seat, random.Random(100 + k))
            assert world.view(seat) == s.view(seat)
            assert bot.choose(Observation(world, seat), derived_rng(seed, "t")) == choice
        checked += 1
    return checked
