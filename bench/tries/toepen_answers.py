"""Toepen's strong answering a knock: how right its chance is, and a recalibrated answer.

Issue 39, item 1. The yardsticks of 2026-12-06 (``toepen_strong.py``'s
``seeanswer`` and ``seeknock``) put nearly all of what seeing the cards is worth
in the answer to a knock. This file looks at those answers:

    python bench/tries/toepen_answers.py collect -s 40 --seed 8001
        plays strong among three normal (each seed with it in every seat) and, at
        each of its answers, keeps its chance as it estimates it (40 worlds read by
        the stake log, drawn afresh), what it can see (the trick, the stake, its hand's size, the
        unseen cards above its keeper) and whether it would win the last trick on
        the true deal if nobody knocked or folded again: ANSWERS_PATH
    python bench/tries/toepen_answers.py table
        the chance against the true deal by tenths, and the chips of its answers
        counted on the true deal (staying wins or loses the raised stake, folding
        pays the stake): as it answered, answering with every card seen, and
        answering by the chance recalibrated (by tenth, trick and an empty hand;
        fitted on one half of the answers, counted on the other)
    python bench/tries/toepen_answers.py model
        how well whether it would win is told apart (held-out AUC and log loss of a
        logistic model fitted on the even seeds, scored on the odd), by its chance
        alone and by its chance with what it can see (numpy: a lab tool)
    python bench/tries/toepen_answers.py readings -s 24 --seed 8101
        at each of strong's answers, its chance by five readings over the same
        120 worlds (none; normal's, by the knocker's strength; strong's stake log;
        the nested reading of toepen_nested.py; rsn of toepen_resample.py, 4x the
        worlds resampled by the nested reading and the cards), each one's log
        loss, calibration by fifths and chips on the true deal (needs
        toepen_nested.py count first)
    python bench/tries/toepen_resample.py paired strong recal -s 40 --seed 5001
        the level ``recal``: strong answering by its chance recalibrated by the
        collected answers (the seeds must differ from the collected ones)

Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots, games  # noqa: E402
from cardtable.bots import Observation  # noqa: E402
from cardtable.bots import toepen as T  # noqa: E402
from cardtable_lab import arena  # noqa: E402

ANSWERS_PATH = Path("/tmp/toepen_answers.json")


def strong_answers(seed: int):
    """(the state, strong's observation, its answer, the decision's ply) at each of
    strong's answers to a knock, strong among three normal, in every seat in turn."""
    game = games.get("toepen")
    for seat in range(4):
        state = game.new_game(seed=seed, options={"players": 4})
        players = {s: bots.make("toepen", "strong" if s == seat else "normal") for s in range(4)}
        ply = 0
        while not state.is_over:
            s = state.to_act
            action = bots.decide(players[s], state, seed, ply)
            if s == seat and action in ("stay", "fold"):
                yield state, Observation(state, s), action, ply
            state.apply(action)
            ply += 1


def _answers(seed: int) -> list[dict]:
    out, strong = [], T.StrongToepenBot()
    for state, obs, action, ply in strong_answers(seed):
        v = obs.view
        hand, gone = v["hand"], set(v["played"])
        out.append({
            "seed": seed, "act": action, "trick": v["trick_no"], "stake": v["stake"],
            "p": T.win_chance(obs, random.Random(ply), 40, strong.reading(obs, True)),
            "cards": len(hand),
            "above": T.higher_unseen(T.keeper(hand, gone), hand, gone) if hand else -1,
            "true": T.play_out(state.clone()) == obs.seat})
    return out


def key(r: dict) -> tuple:
    return min(9, int(r["p"] * 10)), r["trick"], r["cards"] == 0


def fit(rows: list[dict]) -> dict:
    """(tenth, trick, empty hand) -> the share of those answers won on the true deal."""
    c = collections.defaultdict(lambda: [0, 0])
    for r in rows:
        c[key(r)][0] += r["true"]
        c[key(r)][1] += 1
    return {k: (y + 0.5) / (n + 1) for k, (y, n) in c.items()}


def chips(r: dict, act: str) -> int:
    """An answer's chips on the true deal, nobody knocking or folding again."""
    if act == "fold":
        return -r["stake"]
    return (r["stake"] + 1) * (1 if r["true"] else -1)


def answer(p: float, stake: int) -> str:
    return "stay" if p * (stake + 1) - (1 - p) * (stake + 1) >= -stake else "fold"


def table() -> None:
    rows = json.loads(ANSWERS_PATH.read_text())
    print(f"{len(rows)} answers, won on the true deal {sum(r['true'] for r in rows) / len(rows):.2f}")
    print("chance  answers  mean  won  stayed")
    tenths = collections.defaultdict(list)
    for r in rows:
        tenths[min(9, int(r["p"] * 10))].append(r)
    for k in sorted(tenths):
        b = tenths[k]
        print(f"{k / 10:.1f}  {len(b):6d}  {sum(r['p'] for r in b) / len(b):.2f}  "
              f"{sum(r['true'] for r in b) / len(b):.2f}  {sum(r['act'] == 'stay' for r in b)}")
    for cards in (0, 1, 2, 3, 4):
        b = [r for r in rows if r["cards"] == cards]
        if b:
            print(f"{cards} cards in hand: {len(b)} answers, chance {sum(r['p'] for r in b) / len(b):.2f}, "
                  f"won {sum(r['true'] for r in b) / len(b):.2f}")
    seeds = sorted({r["seed"] for r in rows})
    half = set(seeds[::2])
    recal = 0
    for train, test in ((True, False), (False, True)):
        table_ = fit([r for r in rows if (r["seed"] in half) == train])
        recal += sum(chips(r, answer(table_.get(key(r), r["p"]), r["stake"]))
                     for r in rows if (r["seed"] in half) == test)
    print(f"chips of the answers on the true deal: as answered {sum(chips(r, r['act']) for r in rows)}, "
          f"every card seen {sum(max(chips(r, 'stay'), chips(r, 'fold')) for r in rows)}, "
          f"recalibrated {recal}")


def model() -> None:
    import numpy as np
    rows = json.loads(ANSWERS_PATH.read_text())
    won = np.array([r["true"] for r in rows], float)
    train = np.array([r["seed"] % 2 == 0 for r in rows])

    def features(r: dict, seen: bool) -> list[float]:
        f = [1.0, r["p"]]
        if seen:
            f += [r["trick"] == k for k in (1, 2, 3, 4)] + [r["cards"] == k for k in range(5)]
            f += [r["above"] == k for k in (-1, 0, 1, 2)] + [r["stake"], r["p"] * (r["cards"] == 0)]
        return f

    for seen in (False, True):
        x = np.array([features(r, seen) for r in rows], float)
        w = np.zeros(x.shape[1])
        for _ in range(3000):  # plain gradient descent on the log loss
            w -= 0.5 * x[train].T @ (1 / (1 + np.exp(-x[train] @ w)) - won[train]) / train.sum()
        score, y = x[~train] @ w, won[~train]
        ranks = np.empty(len(score))
        ranks[np.argsort(score)] = np.arange(len(score))
        auc = (ranks[y == 1].mean() - ((y == 1).sum() - 1) / 2) / (y == 0).sum()
        loss = np.mean(np.log1p(np.exp(-(2 * y - 1) * score)))
        print(f"{'its chance and what it sees' if seen else 'its chance alone':>28}: AUC {auc:.3f}, log loss {loss:.4f}")


class Recal(T.StrongToepenBot):
    """``strong`` answering a knock by its chance recalibrated on collected answers."""

    TABLE: dict = {}

    def chance(self, obs, rng, answering: bool) -> float:
        if not self.TABLE:
            raise SystemExit(f"no answers in {ANSWERS_PATH}: run `python bench/tries/toepen_answers.py collect` first")
        p = super().chance(obs, rng, answering)
        if not answering:
            return p
        view = obs.view
        return self.TABLE.get(key({"p": p, "trick": view["trick_no"], "cards": len(view["hand"])}), p)


if ANSWERS_PATH.exists():
    Recal.TABLE = fit(json.loads(ANSWERS_PATH.read_text()))
arena.RETIRED[("toepen", "recal")] = Recal


READINGS = ("none", "normal", "strong", "nested", "rsn")


def _readings(seed: int) -> list[dict]:
    import toepen_nested
    import toepen_resample
    from cardtable.bots.search import tally
    out = []
    nested, rsn, strong = toepen_nested.Nested(), toepen_resample.NestedResample(), T.StrongToepenBot()
    for state, obs, _, ply in strong_answers(seed):
        v, me = obs.view, obs.seat
        r = {"stake": v["stake"], "true": T.play_out(state.clone()) == me}
        r["none"] = T.win_chance(obs, random.Random(ply), 120)
        r["normal"] = T.win_chance(obs, random.Random(ply), 120, T.knocker_weight(v["knocker"]))
        r["strong"] = T.win_chance(obs, random.Random(ply), 120, strong.reading(obs, True))
        r["nested"] = T.win_chance(obs, random.Random(ply), 120, nested.reading(obs, True))
        kept = toepen_resample.likely_worlds(obs, random.Random(ply), 120, rsn.weight(obs, True), 4)
        r["rsn"] = tally(kept, lambda w: (T.play_out(w) == me,)).mean(0)
        out.append(r)
    return out


def readings(seeds: int, first: int) -> None:
    import math
    with Pool() as pool:
        rows = sum(pool.map(_readings, range(first, first + seeds)), [])
    print(f"{len(rows)} answers, won on the true deal {sum(r['true'] for r in rows) / len(rows):.3f}; "
          f"every card seen: {sum(max(chips(r, 'stay'), chips(r, 'fold')) for r in rows)} chips")
    for name in READINGS:
        clipped = [min(0.98, max(0.02, r[name])) for r in rows]
        loss = -sum(math.log(p if r["true"] else 1 - p) for p, r in zip(clipped, rows)) / len(rows)
        fifths = collections.defaultdict(list)
        for r in rows:
            fifths[min(4, int(r[name] * 5))].append(r)
        shown = " ".join(f"{sum(r[name] for r in b) / len(b):.2f}->{sum(r['true'] for r in b) / len(b):.2f}"
                         for _, b in sorted(fifths.items()))
        made = sum(chips(r, answer(r[name], r["stake"])) for r in rows)
        print(f"{name:>7}: mean {sum(r[name] for r in rows) / len(rows):.3f}, log loss {loss:.4f}, "
              f"chips {made}; by fifths {shown}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("collect", "table", "model", "readings"))
    p.add_argument("-s", "--seeds", type=int, default=40)
    p.add_argument("--seed", type=int, default=8001, help="first seed")
    a = p.parse_args(argv)
    if a.what == "collect":
        with Pool() as pool:
            rows = sum(pool.map(_answers, range(a.seed, a.seed + a.seeds)), [])
        ANSWERS_PATH.write_text(json.dumps(rows))
        print(f"{ANSWERS_PATH}: {len(rows)} answers")
    elif a.what == "table":
        table()
    elif a.what == "readings":
        readings(a.seeds, a.seed)
    else:
        model()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
