"""How often a first-timer who follows the Hint wins against each bot level.

    python bench/first_timer.py [--games 500] [--games-strong N] [--only GAME,...]
                                [--levels random,easy,...] [--follow 0.8] [--jobs 2]

The newcomer sits in seat 0 with the game's default rules and table size (the
page's setup). At each of its decisions it follows the Hint (``bots.hint``: what
the ``normal`` bot would do, from that seat's observation only; for the solitaire
Oneonta Whist the ``strong`` autoplayer, the page's hint there) with probability
``--follow``, else plays a uniformly random legal action that does not give up
the round (``FOLDS``). A decision with one legal answer is just played. Every
other seat is a bot of the level measured; in Brazilian Truco that includes the
newcomer's partner. Seed i plays game i with every level, so the levels meet the
same deals and the same newcomer's coin flips; a run is reproduced exactly by its
arguments.

A game won alone counts 1, a win shared by k players 1/k (a tie of two players
1/2). The fair share is 1/n at a table of n (1/2 for the partnership game); the
table gives the win rate with its 95% interval and the same as a multiple of the
fair share ("35–50% of two-player games" is 0.7–1.0 × fair). The solitaire has
no opponent: its row is how often the goal is reached.

Numbers are printed (and recorded by hand in bench/RESULTS.md), never asserted.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from cardtable import bots, games  # noqa: E402
from cardtable_lab.arena import mean_ci  # noqa: E402
from cardtable.protocol import derived_rng  # noqa: E402

# Actions that give up the round or the deal, which a newcomer's slip never picks
# (a newcomer who gives up does so on the Hint's advice, not by a random click).
# Other refusals are not giving up: Le Truc's "redo" asks for new hands, Brazilian
# Truco's "burn" refuses a dealt set, Toepen's "keep" declines an exchange.
FOLDS = {
    "le_truc": {"fold"},           # answering a face-down card: concede the round at its stake
    "tressette": set(),            # nothing to give up: every move is a card (or a claim)
    "brazilian_truco": {"run"},    # run from a truco or from a hand at eleven: the others score
    "japanese_loo": {"out"},       # drop out of the deal (降りる), paying the drop fee
    "toepen": {"fold"},            # fold to a knock: leave the deal, losing its stake
    "oneonta_whist": set(),        # a solitaire: bids and cards only
}

# Decisions the page answers by itself when the player does nothing: a newcomer's
# slip there is that answer, not a random button (Toepen's "knock?" asked before
# another player's card passes by itself unless Knock is clicked in the pause:
# web/js/games/toepen.js autoAction).
PAGE_ANSWERS = {"toepen": (["knock", "pass"], "pass")}


def hint_level(game_name: str) -> str:
    """The level the page's Hint asks (session.hint): normal, else the strongest."""
    levels = bots.levels(game_name)
    return "normal" if "normal" in levels else levels[-1]


def newcomer_action(game_name: str, state, seed: int, ply: int, follow: float) -> str:
    """The first-timer's move: the Hint with probability ``follow``, else a slip."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rng = derived_rng(seed, "newcomer", ply)
    if rng.random() < follow:
        return bots.hint(game_name, state, seed, ply, hint_level(game_name))[0]
    page = PAGE_ANSWERS.get(game_name)
    if page and legal == page[0]:
        return page[1]
    choices = [a for a in legal if a not in FOLDS[game_name]] or legal
    return rng.choice(choices)


def fair_share(game_name: str) -> float:
    """1/n at a table of n; 1/2 for a partnership game; 1 (the goal) for a solitaire."""
    game = games.get(game_name)
    if game.max_players == 1:
        return 1.0
    if game_name == "brazilian_truco":
        return 0.5
    return 1 / game.resolve_options({}).get("players", game.default_players)


_BOTS: dict = {}


def play_one(args) -> tuple[str, str, int, float, int, float]:
    """(game, level, seed, the newcomer's win share, its decisions, seconds)."""
    game_name, level, seed, follow = args
    start = time.perf_counter()
    key = (game_name, level)
    if key not in _BOTS:
        _BOTS[key] = bots.make(game_name, level)
    bot = _BOTS[key]
    state = games.get(game_name).new_game(seed=seed)
    ply = mine = 0
    while not state.is_over:
        seat = state.to_act
        if seat == 0:
            action = newcomer_action(game_name, state, seed, ply, follow)
            mine += 1
        else:
            action = bots.decide(bot, state, seed, ply)
        state.apply(action)
        ply += 1
    res = state.result
    if game_name == "oneonta_whist":
        share = 1.0 if res["success"] else 0.0
    elif game_name == "brazilian_truco":
        share = 1.0 if res["winner"] == 0 else 0.0  # team 0: seats 0 and 2
    elif "winners" in res:
        share = 1.0 / len(res["winners"]) if 0 in res["winners"] else 0.0
    else:
        share = 1.0 if res["winner"] == 0 else 0.5 if res["winner"] is None else 0.0
    return game_name, level, seed, share, mine, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python bench/first_timer.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=500, help="games per game and level")
    p.add_argument("--games-strong", type=int, default=None, help="games for the strong level (default: --games)")
    p.add_argument("--only", default="", help="comma-separated games (default: all)")
    p.add_argument("--levels", default="", help="comma-separated levels (default: every level of the game)")
    p.add_argument("--follow", type=float, default=0.8, help="how often the newcomer follows the Hint")
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = p.parse_args(argv)
    names = [g for g in args.only.split(",") if g] or games.names()
    for g in names:
        if g not in games.names():
            p.error(f"no game {g!r}; games: {', '.join(games.names())}")
    plan = []
    for g in names:
        wanted = [lv for lv in args.levels.split(",") if lv] or bots.levels(g)
        if games.get(g).max_players == 1:
            wanted = ["(hint)"]  # no opponent: one row, the level is irrelevant
        for lv in wanted:
            if lv != "(hint)" and lv not in bots.levels(g):
                continue
            n = args.games_strong if (lv == "strong" and args.games_strong) else args.games
            plan.append((g, lv, n))
    work = [(g, lv if lv != "(hint)" else "random", args.seed + i, args.follow)
            for g, lv, n in plan for i in range(n)]
    # the slow rows first, mixed, so both workers stay busy to the end
    work.sort(key=lambda w: (w[1] != "strong", w[2]))
    results: dict = {}
    start = time.perf_counter()
    done = 0
    with Pool(args.jobs) as pool:
        for g, lv, seed, share, mine, secs in pool.imap_unordered(play_one, work, chunksize=4):
            results.setdefault((g, lv), []).append((share, mine, secs))
            done += 1
            if done % 200 == 0:
                print(f"  {done}/{len(work)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    wall = time.perf_counter() - start
    cmd = "python bench/first_timer.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` — {datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {args.jobs} workers, {wall:.0f} s wall\n")
    print("| game | bots' level | games | newcomer wins | 95% interval | fair share | × fair share "
          "| newcomer's decisions per game | CPU s per game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for g, lv, n in plan:
        rows = results[(g, lv if lv != "(hint)" else "random")]
        rate, ci = mean_ci([s for s, _, _ in rows])
        fair = fair_share(g)
        decisions = sum(m for _, m, _ in rows) / len(rows)
        cpu = sum(t for _, _, t in rows) / len(rows)
        label = "none (solitaire: goal reached)" if lv == "(hint)" else lv
        print(f"| {g} | {label} | {len(rows)} | {100 * rate:.1f}% | ± {100 * ci:.1f} | {100 * fair:.0f}% "
              f"| {rate / fair:.2f} ({(rate - ci) / fair:.2f}–{(rate + ci) / fair:.2f}) | {decisions:.0f} "
              f"| {cpu:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
