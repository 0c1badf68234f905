"""Counts how ``normal`` Toepen bots knock, pass, stay and fold, by what the hand held
then: the table the strong bot reads the others' stake decisions by
(``stake_weight`` in ``cardtable/bots/toepen.py``).

    python -m cardtable_lab.toepen_likelihoods [--seeds 40] [--first 9001]

plays four-player tables of ``normal`` from seed ``first`` (twelve deals each),
counts every logged stake decision (the view's ``stake_log``) by its features
(``stake_features``: the kind, the trick, the players in, the unseen
cards above the keeper) and whether it was a knock or a stay, and writes
``cardtable/bots/toepen_stake_counts.py``.
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
PLAYERS = 4  # the table size counted; the strong bot reads the log at this size only


def count_table(seed: int, players: int = PLAYERS) -> collections.Counter:
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
            kind = "answer" if e["action"] in ("stay", "fold") else "window"
            f = toepen.stake_features(kind, hand, gone, e["trick"], e["in"])
            counts[(f, e["action"] in ("knock", "stay"))] += 1
    return counts


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=40)
    p.add_argument("--first", type=int, default=9001)
    a = p.parse_args(argv)
    total = collections.Counter()
    with Pool() as pool:
        for c in pool.map(count_table, range(a.first, a.first + a.seeds)):
            total.update(c)
    keys = sorted({f for f, _ in total})
    lines = [f'    "{"|".join(map(str, f))}": ({total[(f, True)]}, {total[(f, False)]}),' for f in keys]
    OUT.write_text(
        '"""How often normal Toepen bots knocked (a window) or stayed (an answer), and did not,\n'
        "by (kind|trick|players in|unseen cards above the keeper): read by stake_weight in bots/toepen.py.\n"
        f"Made by python -m cardtable_lab.toepen_likelihoods --seeds {a.seeds} --first {a.first}"
        f" ({sum(total.values())} decisions); do not edit.\n"
        '"""\n\n' f'PLAYERS = {PLAYERS}  # the table size counted (the reading is used there only)\n\nCOUNTS = {{\n'
        + "\n".join(lines) + "\n}\n")
    print(f"{OUT}: {len(keys)} cells, {sum(total.values())} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
