"""Japanese Loo: strong's play-or-drop against what each choice was worth on the true deal (a try).

An arena block measures a level to about ±0.10 chips a deal in 400 games, and the
gains left are smaller. This measures a declaration rule on the decisions
themselves, paired: at each of ``strong``'s play-or-drop decisions, on tables of one
``strong`` among three ``w64`` (the ``strong`` of issue 39), both choices are played
to the deal's end on the true deal by the bots themselves (each seat's own view,
its own seeded draws), and valued as ``strong`` values a deal (``deal_value``: chips
and an even share of the pot). Beside them, ``strong``'s own margin (its search's
"in" minus "out", per world).

    python bench/tries/loo_truth.py collect 20        # seeds 1-20, to /tmp/loo_truth.json
    python bench/tries/loo_truth.py shifts            # the gain of moving strong's line

``shifts`` prints, for each shift of ``strong``'s line (stay in where its margin is
above ``-shift``), the mean gain per decision over ``strong`` as it is, with a 95%
interval over the decisions (paired: the same deal, both choices), and what perfect
declarations would gain. A gain in ``deal_value`` is 4/3 of it in edge at four
players (edge = n/(n-1) times (chips + pot / n), less a constant). Run from the
repository's root.
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

from bench.tries import more_worlds  # noqa: E402,F401  (registers w64, the strong of issue 39)
from bench.tries import true_deal  # noqa: E402
from cardtable import bots, games  # noqa: E402
from cardtable.bots import Observation  # noqa: E402
from cardtable.bots import japanese_loo as loo  # noqa: E402
from cardtable.bots.search import search  # noqa: E402
from cardtable.protocol import derived_rng  # noqa: E402
from cardtable_lab import arena  # noqa: E402

OUT = Path("/tmp/loo_truth.json")
PLAYERS = 4


def margin_of(bot, state, seed: int, ply: int) -> float:
    """``strong``'s search as it decides (the same draws): "in" minus "out", per world."""
    seat = state.to_act
    obs = Observation(state, seat)
    rng = derived_rng(seed, "bot", seat, ply)

    def evaluate(world):
        return [bot.value(world.clone(), seat, "in"), bot.value(world, seat, "out")]

    totals = search(obs, rng, bot.worlds, evaluate).totals
    return (totals[0] - totals[1]) / bot.worlds


def played_out(state, action: str, players, seed: int, ply: int, me: int) -> float:
    """``action`` on a copy of the true state, the deal then played by the bots."""
    s = state.clone()
    deal = s.deal_no
    s.apply(action)
    ply += 1
    while not s.is_over and s.deal_no == deal:
        s.apply(bots.decide(players[s.to_act], s, seed, ply))
        ply += 1
    return loo.deal_value(s, me)


def _seed(seed: int) -> list[dict]:
    game = games.get("japanese_loo")
    rows = []
    for seat_a in range(PLAYERS):
        levels = tuple("strong" if s == seat_a else "w64" for s in range(PLAYERS))
        players = [arena.make_player("japanese_loo", lv) for lv in levels]
        state = game.new_game(seed=seed, options={"players": PLAYERS})
        ply = 0
        while not state.is_over:
            seat = state.to_act
            if seat == seat_a and state.legal_actions() == ["in", "out"]:
                rows.append({
                    "seed": seed, "seat": seat, "deal": state.deal_no,
                    "dealer": len(state.declared) == PLAYERS - 1, "declared": len(state.declared),
                    "ins": len(state.ins), "pot": state.pot,
                    "margin": margin_of(players[seat], state, seed, ply),
                    "in": played_out(state, "in", players, seed, ply, seat),
                    "out": played_out(state, "out", players, seed, ply, seat),
                })
            state.apply(bots.decide(players[seat], state, seed, ply))
            ply += 1
    return rows


def collect(count: int, first: int = 1) -> None:
    true_deal.collect(_seed, count, first, OUT, lambda r: (r["seed"], r["seat"], r["deal"]))


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m, sd = true_deal.mean_sd(xs)
    return m, 1.96 * sd / math.sqrt(len(xs))


def shifts(rows: list[dict] | None = None) -> None:
    rows = rows if rows is not None else json.loads(OUT.read_text())
    print(f"{len(rows)} decisions; strong in {sum(r['margin'] >= 0 for r in rows)}, "
          f"in is worth more on the true deal {sum(r['in'] > r['out'] for r in rows)}, "
          f"as much {sum(r['in'] == r['out'] for r in rows)}")

    def gain(choose) -> tuple[float, float]:
        return _mean_ci([(r["in"] if choose(r) else r["out"]) - (r["in"] if r["margin"] >= 0 else r["out"])
                         for r in rows])

    m, ci = gain(lambda r: r["in"] > r["out"])
    print(f"perfect declarations: {m:+.3f} ± {ci:.3f} a decision")
    for shift in (-3, -2, -1.5, -1, -0.5, -0.25, 0.25, 0.5, 1, 2, 3):
        m, ci = gain(lambda r, s=shift: r["margin"] >= -s)
        flips = sum((r["margin"] >= -shift) != (r["margin"] >= 0) for r in rows)
        print(f"shift {shift:+5.2f}: {m:+.4f} ± {ci:.4f} a decision ({flips} flipped)")
    for name, keep in (("dealer", lambda r: r["dealer"]), ("not dealer", lambda r: not r["dealer"])):
        part = [r for r in rows if keep(r)]
        if part:
            m, ci = _mean_ci([max(r["in"], r["out"]) - (r["in"] if r["margin"] >= 0 else r["out"]) for r in part])
            print(f"{name}: {len(part)} decisions, perfect gains {m:+.3f} ± {ci:.3f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        collect(int(sys.argv[2]) if len(sys.argv) > 2 else 20, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    elif sys.argv[1:2] == ["shifts"]:
        shifts()
    else:
        raise SystemExit(__doc__)
