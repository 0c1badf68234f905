"""Tressette: the share of *deals* a level wins, not of games (issue 39, item 2's wording).

Issue 39 asks Tressette's ``strong`` to win "15% of deals" against the card-seeing
bot and gives "9.0% of deals" as the day's figure; that 9.0% is the arena's share of
*games* (docs/tressette.md, the ceiling row: 9.0% ± 1.2% of 2,000 games). This
counts both for the same games: a deal is won by the player who scores more points
in it (a tie is half a deal each), a game by its result.

    python bench/tries/tressette_deals.py strong ceiling -n 600 --seed 1
    python bench/tries/tressette_deals.py w30 ceiling -n 600 --seed 1

``w30`` is the ``strong`` of the issue (``tressette_strong.py``'s levels are
registered here). Each seed is played twice, the seats swapped, as the arena does;
the intervals are over the pairs. Run from the repository's root.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench.tries import tressette_strong  # noqa: E402,F401  (registers w30 and the other levels)
from cardtable_lab import arena  # noqa: E402


def play(levels: tuple[str, str], seed: int) -> tuple[list[float], int | None]:
    """One game: the deals' wins of seat 0 (1, 0.5 or 0 each) and the game's winner."""
    deals = []
    last = {"totals": [0, 0], "deal": 1}

    def watch(state):
        if state.deal_no != last["deal"] or state.is_over:
            gained = [state.totals[s] - last["totals"][s] for s in (0, 1)]
            deals.append(1.0 if gained[0] > gained[1] else 0.5 if gained[0] == gained[1] else 0.0)
            last.update(totals=list(state.totals), deal=state.deal_no)

    result = arena.play_game("tressette", levels, seed, watch=watch)
    return deals, result["winner"]


def pair(args) -> tuple[float, float, int]:
    """A's deals won, deals played and game wins over one seed played both ways."""
    a, b, seed = args
    won = played = games_won = 0.0
    for seat_a in (0, 1):
        levels = (a, b) if seat_a == 0 else (b, a)
        deals, winner = play(levels, seed)
        mine = deals if seat_a == 0 else [1.0 - d for d in deals]
        won += sum(mine)
        played += len(mine)
        games_won += 1.0 if winner == seat_a else 0.0
    return won, played, games_won / 2


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("-n", type=int, default=600, help="games (two a seed)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args(argv)
    work = [(args.a, args.b, args.seed + i) for i in range(max(1, args.n // 2))]
    with Pool(args.j) as pool:
        out = pool.map(pair, work, chunksize=4)
    deals, deals_ci = arena.ratio_ci([w for w, _, _ in out], [p for _, p, _ in out])
    wins, wins_ci = arena.mean_ci([g for _, _, g in out])
    total = int(sum(p for _, p, _ in out))
    print(f"tressette: {args.a} against {args.b}, {2 * len(work)} games, {total} deals")
    print(f"  {args.a} wins {100 * deals:.1f}% ± {100 * deals_ci:.1f}% of deals, "
          f"{100 * wins:.1f}% ± {100 * wins_ci:.1f}% of games (95% intervals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
