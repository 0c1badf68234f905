"""The arena: two bots play duplicate deals and the result comes with a 95% interval.

``python -m cardtable.arena le_truc normal random -n 2000`` plays 2000 games: for
each seed, once with the first bot in seat 0 and once with the seats swapped, so
both bots are dealt exactly the same cards (a round's deal depends only on the seed
and the round number). Luck of the deal cancels within a pair, which is why the
intervals are computed over pair means.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

from . import bots, games


def play_game(game_name: str, levels: tuple[str, str], seed: int, options: dict | None = None) -> dict:
    """One game with ``levels[i]`` in seat i; returns the result dict."""
    game = games.get(game_name)
    state = game.new_game(seed=seed, options=options)
    players = [bots.make(game_name, lv) for lv in levels]
    ply = 0
    while not state.is_over:
        state.apply(bots.decide(players[state.to_act], state, seed, ply))
        ply += 1
    return state.result


def _pair(args) -> tuple[float, float]:
    """(A's win share, A's point margin) averaged over one duplicate pair."""
    game_name, a, b, seed, options = args
    wins = margin = 0.0
    for seat_a in (0, 1):
        levels = (a, b) if seat_a == 0 else (b, a)
        res = play_game(game_name, levels, seed, options)
        scores = res["scores"]
        wins += 1.0 if res["winner"] == seat_a else 0.5 if res["winner"] is None else 0.0
        margin += scores[seat_a] - scores[1 - seat_a]
    return wins / 2, margin / 2


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def run(game_name: str, a: str, b: str, games_count: int, first_seed: int = 1,
        jobs: int | None = None, options: dict | None = None) -> dict:
    """Play ``games_count`` games (rounded up to whole pairs) and summarise them."""
    pairs = max(1, (games_count + 1) // 2)
    work = [(game_name, a, b, first_seed + i, options) for i in range(pairs)]
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            out = pool.map(_pair, work, chunksize=max(1, pairs // (jobs * 8)))
    else:
        out = [_pair(w) for w in work]
    win, win_ci = mean_ci([w for w, _ in out])
    pts, pts_ci = mean_ci([m for _, m in out])
    return {"game": game_name, "a": a, "b": b, "games": 2 * pairs, "win_rate": win, "win_ci": win_ci,
            "margin": pts, "margin_ci": pts_ci, "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cardtable.arena", description=__doc__.splitlines()[0])
    p.add_argument("game", choices=games.names())
    p.add_argument("a", help="level of the first bot")
    p.add_argument("b", help="level of the second bot")
    p.add_argument("-n", "--games", type=int, default=200, help="games to play (two per duplicate deal)")
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: all cores)")
    args = p.parse_args(argv)
    try:
        bots.make(args.game, args.a), bots.make(args.game, args.b)
    except ValueError as e:
        p.error(str(e))
    r = run(args.game, args.a, args.b, args.games, args.seed, args.jobs)
    print(f"{r['game']}: {r['a']} vs {r['b']}, {r['games']} games on duplicate deals "
          f"(seeds {args.seed}..{args.seed + r['games'] // 2 - 1}), {r['seconds']:.0f} s")
    print(f"  {r['a']} wins {100 * r['win_rate']:.1f}% ± {100 * r['win_ci']:.1f}% of games (95% interval)")
    print(f"  points per game, {r['a']} minus {r['b']}: {r['margin']:+.2f} ± {r['margin_ci']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
