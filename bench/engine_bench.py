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


def p95(xs):
    """The 95th percentile (nearest rank below), NaN for no samples."""
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))] if xs else float("nan")


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


def truc_policy_load_ms() -> float:
    """Milliseconds to read and unpack the strong Le Truc bot's policy file (what its
    first decision costs on top of a lookup; the page also downloads it then)."""
    from cardtable import assets
    from cardtable.bots.le_truc import POLICY_NAME, TrucPolicy
    start = time.perf_counter()
    TrucPolicy(assets.read(POLICY_NAME))
    return 1000 * (time.perf_counter() - start)


def self_play_decision_times(game_name="tressette", level="strong", decisions=200, seed=0, options=None):
    """Milliseconds per decision of a bot playing itself (one instance for both seats,
    kept across decisions as the page keeps it), so the positions are the ones that
    bot reaches: for Tressette, endgames dealt down by good play rather than at random."""
    game = games.get(game_name)
    bot = bots.make(game_name, level)
    rng = random.Random(seed)
    times = []
    state = game.new_game(seed=seed, options=options)
    game_seed, ply = seed, 0
    while len(times) < decisions:
        if state.is_over:
            game_seed = rng.randrange(10**6)
            state, ply = game.new_game(seed=game_seed, options=options), 0
        start = time.perf_counter()
        action = bots.decide(bot, state, game_seed, ply)
        times.append(1000 * (time.perf_counter() - start))
        state.apply(action)
        ply += 1

    return {"median_ms": statistics.median(times), "p95_ms": p95(times), "max_ms": max(times)}


def endgame_solver_speed(positions=20, seed=0):
    """The Tressette endgame solver on open 10-against-10 positions (the moment the
    stock runs out) from random deals: exact value by zero-window searches, a fresh
    table each; nodes per second and milliseconds per full solve."""
    from cardtable.bots import tressette as tb
    from cardtable.games.tressette import DECK

    rng = random.Random(seed)
    nodes = 0
    ms = []
    for _ in range(positions):
        deck = list(DECK)
        rng.shuffle(deck)
        lead, follow = tb.mask(deck[:10]), tb.mask(deck[10:20])
        eg = tb.Endgame()
        top = tb.thirds_of(lead | follow) + 3
        start = time.perf_counter()
        tb.highest_passing(lambda d: eg.reach(lead, follow, d), -top, top)
        ms.append(1000 * (time.perf_counter() - start))
        nodes += eg.nodes
    ms.sort()
    return {"nodes_per_s": nodes / (sum(ms) / 1000), "median_ms": statistics.median(ms), "max_ms": ms[-1]}


def whist_advisor_times(games_count=3, seed=0):
    """Oneonta Whist's advisor as the page uses it: the bid table at each deal and the
    card table at each trick, while the strong autoplayer plays whole games with the
    solver's memory kept from deal to deal (as the page's worker keeps it). The first
    bid table of the first game is also timed alone, from an empty memory (a fresh page)."""
    from cardtable.bots import Observation
    from cardtable.bots import oneonta_whist as ow

    for cache in (ow.transitions, ow.fewest, ow.solver, ow.held, ow.unseen_count):
        cache.cache_clear()
    game = games.get("oneonta_whist")
    bids, cards, first = [], [], None
    for g in range(games_count):
        state = game.new_game(seed=seed * 100 + g)
        while not state.is_over:
            start = time.perf_counter()
            advice = ow.advice(Observation(state, 0))
            ms = 1000 * (time.perf_counter() - start)
            if advice["phase"] == "bid":
                first = ms if first is None else first
                bids.append(ms)
                state.apply(f"bid {advice['best']}")
            else:
                cards.append(ms)
                state.apply(f"play {advice['best'][0]}")
    return {"first_bid_ms": first, "bid_median_ms": statistics.median(bids), "bid_p95_ms": p95(bids),
            "bid_max_ms": max(bids), "card_median_ms": statistics.median(cards), "card_p95_ms": p95(cards)}


GAMES = games.names()
# The table sizes the decisions are timed at: the default, and the largest where
# a bot's work grows with the players.
TABLES = {"brazilian_truco": [{"partner": "free"}], "japanese_loo": [{}, {"players": 10}],
          "toepen": [{}, {"players": 8}]}
GAMES_PER_RUN = {"le_truc": 200, "tressette": 50, "brazilian_truco": 50, "japanese_loo": 20, "toepen": 20,
                 "oneonta_whist": 50}


def table_name(game_name, options):
    return f"{game_name}@{options['players']}" if "players" in options else game_name


def run_all(repeats=5, quick=False, only=""):
    """Every measurement ``repeats`` times (only those of the games named in ``only``,
    comma-separated, if given); JSON text of lists, for either runtime.

    Keys: ``games_per_s:<game>``; ``decision:<game>[@players]:<level>:<median|p95|max>``
    for every level above random, the bot playing itself from the game's start;
    and the special rows (the Le Truc policy file, the Tressette endgame solver,
    the Oneonta Whist advisor)."""
    from cardtable import bots

    n_dec = 40 if quick else 200
    wanted = set(filter(None, only.split(",")))
    out: dict[str, list] = {}

    def add(key, value):
        out.setdefault(key, []).append(value)

    for r in range(repeats):
        for game_name in GAMES:
            if wanted and game_name not in wanted:
                continue
            count = max(5, GAMES_PER_RUN[game_name] // (5 if quick else 1))
            add(f"games_per_s:{game_name}", random_games_per_second(game_name, count, seed=1000 * r)["games_per_s"])
            for options in TABLES.get(game_name, [{}]):
                for level in bots.levels(game_name)[1:]:
                    d = self_play_decision_times(game_name, level, decisions=n_dec, seed=r, options=options or None)
                    for k in ("median", "p95", "max"):
                        add(f"decision:{table_name(game_name, options)}:{level}:{k}", d[f"{k}_ms"])
            if game_name == "le_truc":
                add("truc_policy_load_ms", truc_policy_load_ms())
            if game_name == "tressette":
                e = endgame_solver_speed(positions=5 if quick else 20, seed=r)
                add("tressette_solver_nodes_per_s", e["nodes_per_s"])
                add("tressette_solver_max_ms", e["max_ms"])
            if game_name == "oneonta_whist":
                for k, v in whist_advisor_times(games_count=1 if quick else 3, seed=r).items():
                    add(f"whist_{k}", v)
    return json.dumps(out)
