"""Le Truc's offline commands (numpy and numba).

    python -m cardtable_lab.truc solve -i 1500 --recall offers --threshold 0.05 -o py/cardtable/bots/le_truc_policy.bin
    python -m cardtable_lab.truc best-response strong normal easy random
    python -m cardtable_lab.truc rounds -n 200000

``solve`` runs the solver (:mod:`cardtable_lab.truc.solve`) and writes a policy
file; ``best-response`` measures each named policy's exploitability exactly
(:mod:`cardtable_lab.truc.best_response`); ``rounds`` tallies how rounds between two
strong bots end, the table the strong bot's chances of a game are built from
(``cardtable.bots.le_truc_match.ROUND_RESULTS``). See docs/le_truc.md.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

from cardtable.bots.le_truc import TrucPolicy, shipped_policy
from cardtable.bots.truc_model import RECALL, RECALLS, RoundModel

from . import best_response, solve
from .policies import ShippedPolicy, bot_policy, solver_policy


def run_solve(a: argparse.Namespace) -> int:
    model = RoundModel(a.ranks, a.copies, a.hand, redo=not a.no_redo, recall=a.recall)
    t0 = time.perf_counter()
    solver = solve.Solver(model)
    print(f"graph: {len(solver.g.nodes)} nodes, {solver.g.st_size} play entries, "
          f"{solver.g.an_size} answer entries per start; built in {time.perf_counter() - t0:.1f} s", flush=True)
    if a.resume:
        solve.load(solver, a.resume)
        print(f"resumed at iteration {solver.t}", flush=True)
    t0 = time.perf_counter()
    for it in range(solver.t + 1, a.iterations + 1):
        solver.iterate()
        if it % 100 == 0 or it == a.iterations:
            print(f"iteration {it}: value {solver.value:+.4f} for the non-dealer (current strategy), "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
        if a.every and it % a.every == 0:
            print(f"  exploitability {best_response.exploitability(model, solver_policy(solver)):.4f} "
                  "points per round", flush=True)
    elapsed = time.perf_counter() - t0
    if a.checkpoint:
        solve.save(solver, a.checkpoint)
    if a.out:
        meta = {"iterations": a.iterations, "algorithm": "DCFR(1.5, 0, 2), simultaneous updates",
                "threshold": a.threshold,
                "model": {"ranks": a.ranks, "copies": a.copies, "hand": a.hand, "redo": not a.no_redo,
                          "recall": a.recall},
                }
        blob = solve.export(solver, meta, a.threshold)
        with open(a.out, "wb") as f:
            f.write(blob)
        print(f"wrote {a.out}: {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()}; "
              f"solved in {elapsed:.0f} s")
    return 0


def run_best_response(a: argparse.Namespace) -> int:
    for name in a.policies:
        t0 = time.perf_counter()
        model = RoundModel()
        if name == "random":
            pol = best_response.UniformPolicy(model)
        elif name == "strong":
            stored = TrucPolicy(open(a.policy_file, "rb").read()) if a.policy_file else shipped_policy()
            model = stored.model   # the abstraction the file was solved in
            pol = ShippedPolicy(model, stored)
        else:
            pol = bot_policy(model, name)
        values = [best_response.best_response_value(model, pol, s, log=print) for s in (0, 1)]
        print(f"{name}: best response {values[0]:+.4f} as non-dealer, {values[1]:+.4f} as dealer; "
              f"exploitability {0.5 * sum(values):.4f} points per round ({time.perf_counter() - t0:.0f} s)",
              flush=True)
        if hasattr(pol, "departures"):
            print(f"  {pol.departures} (history, hand) look-ups played for the game instead of the round")
        if getattr(pol, "missing", 0):
            print(f"  {pol.missing} look-ups found no entry (the bot would fall back to normal there)")
    return 0


def run_rounds(a: argparse.Namespace) -> int:
    """Play the first round of seeds 1..n between two strong bots playing the round's
    policy alone, and print the tally of who won it and by how many points."""
    from cardtable import games
    from cardtable.bots import decide
    from cardtable.bots.le_truc import LeTrucRoundBot
    game, bot, tally = games.get("le_truc"), LeTrucRoundBot(), {}
    for seed in range(1, a.n + 1):
        state, ply = game.new_game(seed=seed), 0
        while state.round_no == 1 and not state.is_over:
            state.apply(decide(bot, state, seed, ply))
            ply += 1
        last = state.last_round
        who = "draw" if last["winner"] is None else "dealer" if last["winner"] == last["dealer"] else "non_dealer"
        key = (who, last["points"])
        tally[key] = tally.get(key, 0) + 1
    print("ROUND_RESULTS = {" + ", ".join(f"{k!r}: {v}" for k, v in sorted(tally.items())) + "}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m cardtable_lab.truc", description=__doc__.splitlines()[0])
    commands = p.add_subparsers(dest="command", required=True)
    s = commands.add_parser("solve", help="solve one round by DCFR and write the policy file",
                            description=solve.__doc__.splitlines()[0])
    s.add_argument("-i", "--iterations", type=int, default=3000)
    s.add_argument("-o", "--out", default=None, help="write the policy file here")
    s.add_argument("--every", type=int, default=0, help="print the exploitability every N iterations (slow)")
    s.add_argument("--hand", type=int, default=3, choices=(1, 3))
    s.add_argument("--ranks", type=int, default=8)
    s.add_argument("--copies", type=int, default=4)
    s.add_argument("--no-redo", action="store_true")
    s.add_argument("--recall", default=RECALL, choices=RECALLS, help="what a node remembers (truc_model)")
    s.add_argument("--threshold", type=float, default=solve.THRESHOLD,
                   help="chances below this are dropped from the shipped policy")
    s.add_argument("--checkpoint", help="save the solver here when done (a large .npz)")
    s.add_argument("--resume", help="start from a saved solver (its iterations count towards -i)")
    s.set_defaults(run=run_solve)
    b = commands.add_parser("best-response", help="each policy's exact best response and exploitability",
                            description=best_response.__doc__.splitlines()[0])
    b.add_argument("policies", nargs="+", help="strong (the shipped policy file), game (the strong bot playing "
                                                "for the game, at 0-0), normal, easy, random")
    b.add_argument("--policy-file", help="strong: measure this policy file instead of the shipped one")
    b.set_defaults(run=run_best_response)
    r = commands.add_parser("rounds", help="how rounds between two strong bots end (the match's round table)")
    r.add_argument("-n", type=int, default=200_000, help="rounds: the first round of seeds 1..n")
    r.set_defaults(run=run_rounds)
    return p


def main(argv=None) -> int:
    a = parser().parse_args(argv)
    return a.run(a)


if __name__ == "__main__":
    sys.exit(main())
