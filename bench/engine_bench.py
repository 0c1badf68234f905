"""Engine and bot timings, written to run unchanged in CPython and in Pyodide.

``bench/run.py`` runs these functions natively and, through ``pyodide_node.mjs``,
under the npm Pyodide in Node (the browser's interpreter without the page), and
prints the ratio. Nothing here asserts a time: numbers are reported, not tested.
"""

import json
import random
import statistics
import time

from cardtable import bots, games


def random_games_per_second(game_name="le_truc", games_count=200, seed=0):
    """Random-vs-random complete games per second (engine only)."""
    game = games.get(game_name)
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = 0
    for i in range(games_count):
        state = game.new_game(seed=seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games_count / elapsed, "actions_per_s": actions / elapsed}


def bot_decision_times(game_name="le_truc", level="normal", decisions=200, seed=0):
    """Milliseconds per decision of a bot, over positions from random play."""
    game = games.get(game_name)
    bot = bots.make(game_name, level)
    rng = random.Random(seed)
    times = []
    state = game.new_game(seed=seed)
    ply = 0
    while len(times) < decisions:
        if state.is_over:
            state = game.new_game(seed=rng.randrange(10**6))
        start = time.perf_counter()
        bots.decide(bot, state, seed, ply)
        times.append(1000 * (time.perf_counter() - start))
        state.apply(rng.choice(state.legal_actions()))
        ply += 1
    times.sort()
    return {"median_ms": statistics.median(times), "p95_ms": times[int(0.95 * (len(times) - 1))],
            "max_ms": times[-1]}


def run_all(repeats=5, quick=False):
    """Every measurement ``repeats`` times; JSON text of lists, for either runtime."""
    n_games, n_dec = (40, 40) if quick else (200, 200)
    out = {"random_games_per_s": [], "normal_median_ms": [], "normal_p95_ms": []}
    for r in range(repeats):
        out["random_games_per_s"].append(random_games_per_second(games_count=n_games, seed=1000 * r)["games_per_s"])
        d = bot_decision_times(decisions=n_dec, seed=r)
        out["normal_median_ms"].append(d["median_ms"])
        out["normal_p95_ms"].append(d["p95_ms"])
    return json.dumps(out)
