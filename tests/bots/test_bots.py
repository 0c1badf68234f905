"""What every game's bots keep, written once and run over every game in
`cardtable.games` at every level it offers: whole games played legally, every third
decision the same when a fresh bot makes it again, and honesty (re-dealing what the
seat cannot see, in keeping with its view, never changes the decision) on one budget
for every game. What only one game's bots do is in tests/bots/test_<game>_bots.py."""

import random

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from tests.support.bot_checks import honest_decisions, self_play
from tests.support.games import ByGame

# Whole games short enough to play many: each table a game's bots are tried at
# (its BOT_TABLES in tests/support/games/<name>.py).
TABLES = ByGame("BOT_TABLES")

# The honesty budget, the same for every game: positions from seeded games, each
# decided again in three re-dealt worlds; at least HONEST_CHECKED of them must be
# real decisions (a game over, or one legal action, is no test).
HONEST_SEEDS = range(40)
HONEST_CHECKED = 24


# Where in a game the honesty positions are taken (steps of play from the deal), and
# the game's options for a seed: each game's decisions of every kind (its BOT_HONESTY).
HONESTY = ByGame("BOT_HONESTY")

LEVELS = [(game, level) for game in games.names() for level in bots.levels(game)]
GAME_TABLES = [(game, level, options) for game, level in LEVELS for options in TABLES[game]]


@pytest.mark.parametrize("game, level, options", GAME_TABLES)
def test_bots_play_whole_games_legally_and_reproducibly(game, level, options):
    actions, _ = self_play(game, level, 5, options, recheck_every=3)
    assert actions


@pytest.mark.parametrize("game, level", LEVELS)
def test_bots_never_see_hidden_cards(game, level):
    profile = HONESTY[game]
    checked = honest_decisions(game, level, HONEST_SEEDS, profile.get("options"), steps=profile["steps"],
                               advance=profile.get("advance"))
    assert checked >= HONEST_CHECKED


@pytest.mark.parametrize("game", games.names())
def test_observation_exposes_only_the_seat_view(game):
    s = games.get(game).new_game(seed=3)
    obs = Observation(s, s.to_act)
    assert obs.view == s.view(s.to_act) and obs.legal == s.legal_actions()
    assert not hasattr(obs, "state") and not hasattr(obs, "__dict__")


@pytest.mark.parametrize("game, level", LEVELS)
def test_a_decision_is_the_same_given_the_seed_and_the_ply(game, level):
    bot = bots.make(game, level)
    s = games.get(game).new_game(seed=4)
    rng = random.Random(4)
    for _ in range(rng.randrange(1, 10)):
        s.apply(rng.choice(s.legal_actions()))
    assert len({bots.decide(bot, s.clone(), 5, 3) for _ in range(3)}) == 1


@pytest.mark.parametrize("game", games.names())
def test_an_unknown_level_is_a_clear_error(game):
    with pytest.raises(ValueError, match="levels: " + ", ".join(bots.levels(game))):
        bots.make(game, "grandmaster")
