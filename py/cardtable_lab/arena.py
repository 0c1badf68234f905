"""The arena: two bots play duplicate deals and the result comes with a 95% interval.

``python -m cardtable_lab.arena le_truc normal random -n 2000`` plays 2000 games: for
each seed, once with the first bot in seat 0 and once with the seats swapped, so
both bots are dealt exactly the same cards (a round's deal depends only on the seed
and the round number). Luck of the deal cancels within a pair, which is why the
intervals are computed over pair means.

A table game for more than two (Japanese Loo, Toepen) seats one bot of the first level
among bots of the second: ``python -m cardtable_lab.arena japanese_loo strong normal
-p 4 -n 1000`` plays each seed four times, the strong bot in each seat in turn
(the same cards each time), and reports its chips won per deal and its edge
per deal over the average of the others at its table.

A solitaire (Oneonta Whist) has one seat and no opponent: ``python -m
cardtable_lab.arena oneonta_whist strong -n 1000`` plays 1000 seeded games with one
level and reports the mean score, how often the goal was reached and the share of
bids made, each with a 95% interval.

A partnership game (Brazilian Truco) is played like a duel of teams: ``python -m
cardtable_lab.arena brazilian_truco normal easy -n 1000`` seats normal bots in both
seats of one team and easy bots in the other, and swaps the teams' levels for the
second game of each pair.

Le Truc can also be played round by round: ``python -m cardtable_lab.arena le_truc
strong normal --rounds -n 20000`` plays the first round of each seed twice, seats
swapped (so each bot deals once and leads once on the same cards), and reports
points per round: the unit the solver's exploitability is measured in.

Where a game's result counts its deals (Tressette), the point margin is also
given per deal. For Tressette the level ``ceiling`` is a bot that sees every
card (it is handed the true state): a yardstick for the arena only. It and the
arena live in the lab, outside the runtime package, so the page cannot offer it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots.le_truc import LeTrucRoundBot
from cardtable.bots.tressette import StrongTressetteBot
from cardtable.protocol import derived_rng


class CeilingTressetteBot(StrongTressetteBot):
    """The arena's yardstick: strong's search on the true deal (it is handed the
    true state, so its one world is the real one, the stock's order included).

    It stays the yardstick issue 39 measured against: its lead is valued by the
    other player's best answer to its true hand, and its one world is not weighed.
    ``strong``'s later guess at their answer (``lead_values``) had made it another
    bot, one that ``strong`` beat more often (bench/RESULTS.md, 2026-12-07, night)."""

    level = "ceiling"
    worlds = 1
    guesses = 0

    def reading(self, obs, rng):
        return None


# game -> the class of a bot that sees every card: the arena's ceiling.
CEILINGS = {"tressette": CeilingTressetteBot}
# (game, level) -> a bot the arena measures against but the page no longer offers:
# Le Truc's ``round`` is the strong bot before it played the game (the solved round alone).
RETIRED = {("le_truc", "round"): LeTrucRoundBot}


class SeeAll(Observation):
    """The ceiling's window: its seat's view, and the true state as the only world."""

    __slots__ = ("_true",)

    def __init__(self, state, seat: int):
        super().__init__(state, seat)
        self._true = state

    def sample_world(self, rng):
        return self._true.clone()


# level -> the window it decides through instead of its seat's ``Observation``
# (a try may add one: bench/tries/tressette_strong.py hands a level the other hand).
WINDOWS = {"ceiling": SeeAll}


def make_player(game_name: str, level: str):
    """``bots.make``, plus the arena-only levels: ``ceiling`` where the game has one,
    and the retired bots (``RETIRED``)."""
    if level == "ceiling" and game_name in CEILINGS:
        return CEILINGS[game_name]()
    if (game_name, level) in RETIRED:
        return RETIRED[(game_name, level)]()
    return bots.make(game_name, level)


def play_game(game_name: str, levels: tuple[str, str], seed: int, options: dict | None = None,
              one_round: bool = False, watch=None) -> dict:
    """One game with ``levels[i]`` in seat i; returns the result dict. With
    ``one_round`` (Le Truc) it stops after the first round: the scores so far.
    ``watch(state)``, if given, sees the state after every action (a try's count)."""
    game = games.get(game_name)
    state = game.new_game(seed=seed, options=options)
    players = [make_player(game_name, lv) for lv in levels]
    ply = 0
    while not state.is_over:
        if one_round and state.round_no > 1:
            scores = list(state.scores)
            return {"scores": scores, "winner": None if scores[0] == scores[1] else scores.index(max(scores))}
        seat = state.to_act
        window = WINDOWS.get(levels[seat])
        if window is not None:
            action = players[seat].choose(window(state, seat), derived_rng(seed, "bot", seat, ply))
        else:
            action = bots.decide(players[seat], state, seed, ply)
        state.apply(action)
        ply += 1
        if watch is not None:
            watch(state)
    return state.result


# Partnership games: every seat's team is seat % 2; the options the arena plays
# them with (Brazilian Truco: both teams' partners call and answer by the rules).
TEAM_GAMES = {"brazilian_truco": {"partner": "free"}}


def _pair(args) -> tuple[float, float, int]:
    """(A's win share, A's point margin) averaged over one duplicate pair, and the
    number of deals the pair's two games took (0 if the result does not say). In a
    partnership game "seat" means team: both of its seats get the level."""
    game_name, a, b, seed, options, one_round = args
    wins = margin = 0.0
    deals = 0
    seats = games.get(game_name).max_players
    if game_name in TEAM_GAMES:
        options = dict(TEAM_GAMES[game_name], **(options or {}))
    for seat_a in (0, 1):
        levels = tuple(a if s % 2 == seat_a else b for s in range(seats))
        res = play_game(game_name, levels, seed, options, one_round)
        scores = res["scores"]
        wins += 1.0 if res["winner"] == seat_a else 0.5 if res["winner"] is None else 0.0
        margin += scores[seat_a] - scores[1 - seat_a]
        deals += res.get("deals", 0)
    return wins / 2, margin / 2, deals


def _map(func, work: list, jobs: int | None) -> list:
    """``func`` over ``work``, on ``jobs`` processes (all cores by default)."""
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        return [func(w) for w in work]
    with Pool(jobs) as pool:
        return pool.map(func, work, chunksize=max(1, len(work) // (jobs * 8)))


def _solo(args) -> tuple[float, bool, int, int]:
    """(score, goal reached, bids made, deals) of one solitaire game."""
    game_name, level, seed, options = args
    res = play_game(game_name, (level,), seed, options)
    return res["score"], res["success"], res["bids_made"], res["deals"]


def run_solo(game_name: str, level: str, games_count: int, first_seed: int = 1,
             jobs: int | None = None, options: dict | None = None) -> dict:
    """Play ``games_count`` seeded solitaire games with one level and summarise them."""
    start = time.perf_counter()
    out = _map(_solo, [(game_name, level, first_seed + i, options) for i in range(games_count)], jobs)
    score, score_ci = mean_ci([s for s, _, _, _ in out])
    goal, goal_ci = mean_ci([1.0 if g else 0.0 for _, g, _, _ in out])
    made, made_ci = ratio_ci([m for _, _, m, _ in out], [d for _, _, _, d in out])
    return {"game": game_name, "level": level, "games": games_count, "score": score, "score_ci": score_ci,
            "goal": goal, "goal_ci": goal_ci, "made": made, "made_ci": made_ci,
            "best": max(s for s, _, _, _ in out), "worst": min(s for s, _, _, _ in out),
            "seconds": time.perf_counter() - start}


def _table(args) -> tuple[float, float, int]:
    """One seed played once with the first level in each seat in turn (the others
    all of the second level, the cards the same every time): the first level's
    average chips won per game, its edge over the average of the others at its
    table, and the deals per game."""
    game_name, a, b, players, seed, options = args
    won = edge = deals = 0.0
    opts = dict(options or {}, players=players)
    start = games.get(game_name).resolve_options(opts)["chips"]
    for seat in range(players):
        levels = tuple(a if s == seat else b for s in range(players))
        res = play_game(game_name, levels, seed, opts)
        mine = res["scores"][seat] - start
        others = (sum(res["scores"]) - res["scores"][seat]) / (players - 1) - start
        won += mine
        edge += mine - others
        deals += res["deals"]
    return won / players, edge / players, deals / players


def run_table(game_name: str, a: str, b: str, players: int, games_count: int, first_seed: int = 1,
              jobs: int | None = None, options: dict | None = None) -> dict:
    """A table game (Japanese Loo, Toepen): one ``a`` bot against ``players - 1``
    ``b`` bots, each seed played ``players`` times so that ``a`` sits in every seat
    with the same cards; ``a``'s chips won per deal, and its edge per deal over the
    average ``b`` at its table (where chips leave the players, as into Toepen's
    pool, everyone's chips fall: the edge is the comparison), with 95% intervals
    over the seeds."""
    seeds = max(1, games_count // players)
    start = time.perf_counter()
    out = _map(_table, [(game_name, a, b, players, first_seed + i, options) for i in range(seeds)], jobs)
    per_deal, per_deal_ci = ratio_ci([w for w, _, _ in out], [d for _, _, d in out])
    edge, edge_ci = ratio_ci([e for _, e, _ in out], [d for _, _, d in out])
    per_game, per_game_ci = mean_ci([w for w, _, _ in out])
    return {"game": game_name, "a": a, "b": b, "players": players, "games": seeds * players,
            "per_deal": per_deal, "per_deal_ci": per_deal_ci, "edge": edge, "edge_ci": edge_ci,
            "per_game": per_game, "per_game_ci": per_game_ci, "seconds": time.perf_counter() - start}


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def ratio_ci(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """sum(xs) / sum(ys) and the half-width of its 95% interval (delta method over
    the pairs: points per deal when games last different numbers of deals)."""
    n = len(xs)
    r = sum(xs) / sum(ys)
    if n < 2:
        return r, float("nan")
    ybar = sum(ys) / n
    resid = [x - r * y for x, y in zip(xs, ys)]
    sd = math.sqrt(sum(e * e for e in resid) / (n - 1))
    return r, 1.96 * sd / (ybar * math.sqrt(n))


def run(game_name: str, a: str, b: str, games_count: int, first_seed: int = 1,
        jobs: int | None = None, options: dict | None = None, one_round: bool = False) -> dict:
    """Play ``games_count`` games (rounded up to whole pairs) and summarise them;
    with ``one_round``, only the first round of each (Le Truc)."""
    pairs = max(1, (games_count + 1) // 2)
    start = time.perf_counter()
    out = _map(_pair, [(game_name, a, b, first_seed + i, options, one_round) for i in range(pairs)], jobs)
    win, win_ci = mean_ci([w for w, _, _ in out])
    pts, pts_ci = mean_ci([m for _, m, _ in out])
    r = {"game": game_name, "a": a, "b": b, "games": 2 * pairs, "win_rate": win, "win_ci": win_ci,
         "margin": pts, "margin_ci": pts_ci, "seconds": time.perf_counter() - start}
    deals = [d for _, _, d in out]
    if all(deals):
        per_deal, per_deal_ci = ratio_ci([2 * m for _, m, _ in out], deals)
        r.update(deals=sum(deals), margin_per_deal=per_deal, margin_per_deal_ci=per_deal_ci)
    return r


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cardtable_lab.arena", description=__doc__.splitlines()[0])
    p.add_argument("game", choices=games.names())
    p.add_argument("a", help="level of the first bot (Tressette also has 'ceiling', which sees every card; "
                             "Le Truc 'round', the strong bot that plays the solved round alone)")
    p.add_argument("b", nargs="?", help="level of the second bot (none for a solitaire)")
    p.add_argument("-n", "--games", type=int, default=200, help="games to play (two per duplicate deal)")
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("-p", "--players", type=int, default=None,
                   help="table games (Japanese Loo, Toepen): players at the table, one first-level bot among second-level ones")
    p.add_argument("-r", "--rounds", action="store_true",
                   help="Le Truc: play only the first round of each game, and report points per round")
    args = p.parse_args(argv)
    if args.rounds and args.game != "le_truc":
        p.error("--rounds is for le_truc")
    solo = games.get(args.game).max_players == 1
    if solo != (args.b is None):
        p.error(f"{args.game} needs {'one level' if solo else 'two levels'}")
    try:
        make_player(args.game, args.a), solo or make_player(args.game, args.b)
    except ValueError as e:
        p.error(str(e))
    if games.get(args.game).max_players > 2 and args.game not in TEAM_GAMES:
        players = args.players or games.get(args.game).default_players
        r = run_table(args.game, args.a, args.b, players, args.games, args.seed, args.jobs)
        print(f"{r['game']}: one {r['a']} among {players - 1} {r['b']}, {r['games']} games "
              f"({r['games'] // players} seeds, each with {r['a']} in every seat), {r['seconds']:.0f} s")
        print(f"  {r['a']}'s chips per deal: {r['per_deal']:+.2f} ± {r['per_deal_ci']:.2f} (95% interval); "
              f"per game {r['per_game']:+.1f} ± {r['per_game_ci']:.1f}")
        print(f"  {r['a']}'s edge per deal over the average {r['b']} at its table: "
              f"{r['edge']:+.2f} ± {r['edge_ci']:.2f}")
        return 0
    if solo:
        r = run_solo(args.game, args.a, args.games, args.seed, args.jobs)
        print(f"{r['game']}: {r['level']}, {r['games']} games (seeds {args.seed}..{args.seed + r['games'] - 1}), "
              f"{r['seconds']:.0f} s")
        print(f"  mean score {r['score']:.2f} ± {r['score_ci']:.2f} (95% interval; best {r['best']}, "
              f"worst {r['worst']})")
        print(f"  goal reached in {100 * r['goal']:.1f}% ± {100 * r['goal_ci']:.1f}% of games")
        print(f"  bids made in {100 * r['made']:.1f}% ± {100 * r['made_ci']:.1f}% of deals")
        return 0
    r = run(args.game, args.a, args.b, args.games, args.seed, args.jobs, one_round=args.rounds)
    if args.rounds:
        print(f"{r['game']}: {r['a']} vs {r['b']}, {r['games']} rounds on duplicate deals "
              f"(seeds {args.seed}..{args.seed + r['games'] // 2 - 1}), {r['seconds']:.0f} s")
        print(f"  points per round, {r['a']} minus {r['b']}: {r['margin']:+.3f} ± {r['margin_ci']:.3f} "
              f"(95% interval); {r['a']} wins {100 * r['win_rate']:.1f}% ± {100 * r['win_ci']:.1f}% of rounds "
              "(drawn rounds count half)")
        return 0
    print(f"{r['game']}: {r['a']} vs {r['b']}, {r['games']} games on duplicate deals "
          f"(seeds {args.seed}..{args.seed + r['games'] // 2 - 1}), {r['seconds']:.0f} s")
    print(f"  {r['a']} wins {100 * r['win_rate']:.1f}% ± {100 * r['win_ci']:.1f}% of games (95% interval)")
    print(f"  points per game, {r['a']} minus {r['b']}: {r['margin']:+.2f} ± {r['margin_ci']:.2f}")
    if "margin_per_deal" in r:
        print(f"  points per deal, {r['a']} minus {r['b']}: {r['margin_per_deal']:+.3f} ± "
              f"{r['margin_per_deal_ci']:.3f} ({r['deals']} deals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
