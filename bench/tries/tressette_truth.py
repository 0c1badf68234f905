"""Tressette: what strong's cards while the stock lasts are worth on the true deal (a try).

``strong`` wins 9% of games against the ceiling, and a bot handed the other hand 23.5%
(bench/RESULTS.md, 2026-12-02): where, in a deal, does not knowing it cost? At each
of ``strong``'s decisions while the stock lasts, in the first deal of a seed against
``w30`` (the ``strong`` of issue 39), every card it could play (interchangeable ones
merged, as it merges them) is played to the deal's end on the true deal by the bots
themselves (each from its own view, with its own seeded draws) and valued by the
deal's points, its own less the other's. The best of them, every time, is what
knowing the deal at that one decision would give.

    python bench/tries/tressette_truth.py collect 20      # seeds 1-20, to /tmp/tressette_truth.json
    python bench/tries/tressette_truth.py report

Run from the repository's root.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench.tries import tressette_strong  # noqa: E402,F401  (registers w30, the strong of issue 39)
from bench.tries import true_deal  # noqa: E402
from cardtable import bots, games  # noqa: E402
from cardtable.bots import tressette as T  # noqa: E402
from cardtable_lab import arena  # noqa: E402

OUT = Path("/tmp/tressette_truth.json")


def margin_at_end(state, players, seed: int, ply: int, me: int) -> int:
    """The deal played to its end by ``players``: my points less the other's."""
    deal = state.deal_no
    while state.deal_no == deal and not state.is_over:
        state.apply(bots.decide(players[state.to_act], state, seed, ply))
        ply += 1
    points = state.last_deal["points"]
    return points[me] - points[1 - me]


def _seed(seed: int) -> list[dict]:
    game = games.get("tressette")
    rows = []
    for me in (0, 1):
        players = [arena.make_player("tressette", "strong" if s == me else "w30") for s in (0, 1)]
        state = game.new_game(seed=seed, options={"first_dealer": 0})
        deal, ply = state.deal_no, 0
        while state.deal_no == deal and not state.is_over:
            action = bots.decide(players[state.to_act], state, seed, ply)
            if state.to_act == me and state.stock:
                view = state.view(me)
                k = T._Seen(view, state.legal_actions())
                moves = T.root_moves(k.legal, k.unseen, k.table)
                if len(moves) > 1:
                    values = {}
                    for m in moves:
                        s = state.clone()
                        s.apply("play " + T.CARD[m])
                        values[T.CARD[m]] = margin_at_end(s, players, seed, ply + 1, me)
                    rows.append({"seed": seed, "seat": me, "stock": len(state.stock), "lead": not k.table,
                                 "choice": action.split()[1], "values": values})
            state.apply(action)
            ply += 1
    return rows


def collect(count: int, first: int = 1) -> None:
    true_deal.collect(_seed, count, first, OUT, lambda r: r["seed"])


def _sum_ci(xs: list[float], deals: int) -> tuple[float, float]:
    """Per deal: the sum over ``deals`` deals, with a 95% interval (decisions as draws)."""
    _, sd = true_deal.mean_sd(xs)
    return sum(xs) / deals, 1.96 * sd * math.sqrt(len(xs)) / deals


def report() -> None:
    rows = json.loads(OUT.read_text())
    deals = len({(r["seed"], r["seat"]) for r in rows})
    print(f"{len(rows)} decisions in {deals} deals")

    def regret(r):  # strong plays the first of interchangeable cards, the one tried
        return max(r["values"].values()) - r["values"][r["choice"]]

    for name, keep in (("every decision", lambda r: True), ("leads", lambda r: r["lead"]),
                       ("answers", lambda r: not r["lead"]),
                       ("stock 20-14", lambda r: r["stock"] >= 14), ("stock 12-6", lambda r: 6 <= r["stock"] <= 12),
                       ("stock 4-2", lambda r: r["stock"] <= 4)):
        part = [regret(r) for r in rows if keep(r)]
        if part:
            m, ci = _sum_ci(part, deals)
            print(f"{name:>15}: {len(part):4d} decisions, the true deal's best over strong's "
                  f"{m:+.3f} ± {ci:.3f} points a deal; strong's card the best in "
                  f"{sum(x == 0 for x in part) / len(part):.0%}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        collect(int(sys.argv[2]) if len(sys.argv) > 2 else 16, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    elif sys.argv[1:2] == ["report"]:
        report()
    else:
        raise SystemExit(__doc__)
