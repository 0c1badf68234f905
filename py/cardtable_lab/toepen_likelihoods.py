"""Counts how ``normal`` Toepen bots knock, pass, stay and fold, by what the hand held
then: the table the strong bot reads the others' stake decisions by
(``stake_weight`` in ``cardtable/bots/toepen.py``).

    python -m cardtable_lab.toepen_likelihoods [--seeds 40] [--first 9001] [--players 3 4]

plays tables of ``normal`` of each size from seed ``first`` (twelve deals each),
counts every logged stake decision (the view's ``stake_log``) by the table size and
its features (``stake_features``: the kind, the trick, the players in, the unseen
cards above the keeper) and whether it was a knock or a stay, and writes
``cardtable/bots/toepen_stake_counts.py``: the strong bot reads the log at the sizes
counted there.
"""

from __future__ import annotations

import argparse
import collections
from multiprocessing import Pool
from pathlib import Path

from cardtable import bots, games
from cardtable.bots import toepen

OUT = Path(toepen.__file__).with_name("toepen_stake_counts.py")
DEALS = 12
SIZES = (3, 4)  # the table sizes counted, where the reading measured better than none (bench/RESULTS.md)


def count_table(seed: int, players: int) -> collections.Counter:
    """(features, knocked or stayed) for every stake decision at one table of ``normal``
    (the entry the engine logs for it, read before the action: a deal's last one is
    gone from the log once the next deal starts)."""
    state = games.get("toepen").new_game(seed=seed, options={"players": players})
    normal = bots.make("toepen", "normal")
    counts, ply = collections.Counter(), 0
    while not state.is_over and state.deal_no <= DEALS:
        hand, gone = list(state.hands[state.to_act]), set(state.played)
        action = bots.decide(normal, state, seed, ply)
        e = state.stake_entry(action)
        state.apply(action)
        ply += 1
        if e is not None:
            kind, yes = toepen.stake_decision(e)
            counts[(toepen.stake_features(kind, hand, gone, e["trick"], e["in"]), yes)] += 1
    return counts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=40)
    p.add_argument("--first", type=int, default=9001)
    p.add_argument("--players", type=int, nargs="+", default=list(SIZES))
    a = p.parse_args(argv)
    total = collections.Counter()
    work = [(seed, n) for n in a.players for seed in range(a.first, a.first + a.seeds)]
    with Pool() as pool:
        for (_, n), c in zip(work, pool.starmap(count_table, work)):
            total.update({((n, *f), yes): k for (f, yes), k in c.items()})
    keys = sorted({f for f, _ in total})
    lines = [f"    {f!r}: ({total[(f, True)]}, {total[(f, False)]})," for f in keys]
    OUT.write_text(
        '"""How often normal Toepen bots knocked (a window) or stayed (an answer), and did not,\n'
        "by (table size, kind, trick, players in, unseen cards above the keeper): read by\n"
        "stake_weight in bots/toepen.py, at the table sizes counted here only.\n"
        f"Made by python -m cardtable_lab.toepen_likelihoods --seeds {a.seeds} --first {a.first}"
        f" --players {' '.join(map(str, a.players))} ({sum(total.values())} decisions); do not edit.\n"
        '"""\n\nCOUNTS = {\n' + "\n".join(lines) + "\n}\n")
    print(f"{OUT}: {len(keys)} cells, {sum(total.values())} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
