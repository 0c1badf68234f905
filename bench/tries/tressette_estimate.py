"""Tressette: does the estimate gain from seeing the stock's cards? (a try)

``strong`` values a card by its trick and the draws, then ``estimate`` of the hands
that follow: features of who holds what in each suit, the two hands against each
other only. While the stock lasts that misjudges a suit's top: a 2 above every card
of theirs is no master while the 3 is still in the stock, and the stock's points are
still to be won. This try fits the same kind of linear estimate with features that
also count the stock (the cards neither hand holds nor were played: in a sampled
world, known), compares the two on held-out deals, and plays ``strong`` with it.

    python bench/tries/tressette_estimate.py collect 8000        # deals, to /tmp/tressette_estimate.json
    python bench/tries/tressette_estimate.py fit                  # held-out R², weights to bench/tries/tressette_estimate_weights.json
    git apply bench/tries/tressette_estimate.patch                # world_values hands the stock to estimate
    python bench/tries/tressette_estimate.py arena stock strong -n 600 --seed 21101 -j 2

Without the patch, ``stock`` plays as ``strong`` with the stock's features all zero.
Its cache of suit values is not capped (a process grew to 0.9 GB over 300 games).
Measured (bench/RESULTS.md, 2026-12-07, the day's last session): held-out R² 0.262 -> 0.309 with 18
cards in the stock, and no gain in play (-0.027 ± 0.081 points a deal).

The positions are trick starts with 2 to 18 cards in the stock, from deals between two
``normal`` bots exact from ten cards (as the weights of ``STAGES`` were fitted); the
target is what the leader went on to take from there, net, in thirds. Run from the
repository's root; numpy is for the fit only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots, games  # noqa: E402
from cardtable.bots import tressette as T  # noqa: E402
from cardtable_lab import arena  # noqa: E402

DATA = Path("/tmp/tressette_estimate.json")
WEIGHTS = Path(__file__).with_name("tressette_estimate_weights.json")


class ExactNormal(T.NormalTressetteBot):
    """``normal`` exact from ten cards: the players of the data."""

    exact_from = 10


def _deal(seed: int) -> list[list[int]]:
    """One deal's trick starts: [stage, leader's hand, follower's hand, stock, net thirds
    the leader went on to take]."""
    state = games.get("tressette").new_game(seed=seed, options={"first_dealer": seed % 2})
    players = [ExactNormal(), ExactNormal()]
    deal, ply = state.deal_no, 0
    starts = []  # (stage, leader, L, F, S, taken so far by seat)
    while state.deal_no == deal and not state.is_over:
        if not state.trick and 2 <= len(state.stock) <= 18:
            lead = state.leader
            starts.append((len(state.stock), lead, T.mask(state.hands[lead]), T.mask(state.hands[1 - lead]),
                           T.mask(state.stock), list(state.view(0)["captured_thirds"])))
        state.apply(bots.decide(players[state.to_act], state, seed, ply))
        ply += 1
    final = [t + 3 * (s == state.last_deal["last_trick"]) for s, t in enumerate(state.last_deal["thirds"])]
    rows = []
    for stage, lead, L, F, S, got in starts:
        rows.append([stage, L, F, S, (final[lead] - got[lead]) - (final[1 - lead] - got[1 - lead])])
    return rows


def collect(count: int) -> None:
    from multiprocessing import Pool
    with Pool(2) as pool:
        parts = pool.map(_deal, range(1, count + 1), chunksize=20)
    DATA.write_text(json.dumps([r + [seed] for seed, rows in enumerate(parts, 1) for r in rows]))
    print(f"{sum(map(len, parts))} positions from {count} deals to {DATA}")


# --- the features -----------------------------------------------------------------
def stock_side(x: int, y: int, s: int) -> list[int]:
    """Holding ``x`` against ``y`` with ``s`` in the stock (one suit, relative ranks):
    the cards and points above all that is out (theirs and the stock's), the points
    under the stock's top, and the stock's cards above my top."""
    out_top = (y | s).bit_length() - 1
    win = [r for r in range(10) if x >> r & 1 and r > out_top]
    top = x.bit_length() - 1
    return [len(win), sum(T._REL_VAL[r] for r in win),
            sum(T._REL_VAL[r] for r in range(10) if x >> r & 1 and r < s.bit_length() - 1),
            sum(1 for r in range(10) if s >> r & 1 and r > top) if x else 0]


def stock_features(a: int, b: int, s: int) -> list[int]:
    """``suit_features`` and the stock's: both sides against what is out, and the
    stock's cards and points in the suit."""
    return (T.suit_features(a, b) + stock_side(a, b, s) + stock_side(b, a, s)
            + [bin(s).count("1"), sum(T._REL_VAL[r] for r in range(10) if s >> r & 1)])


def design(rows, features) -> "np.ndarray":
    import numpy as np
    X = []
    for _, L, F, S, *_ in rows:
        total = None
        for sh in (0, 10, 20, 30):
            f = features(L >> sh & 0x3FF, F >> sh & 0x3FF, S >> sh & 0x3FF)
            total = f if total is None else [u + v for u, v in zip(total, f)]
        X.append(total + [1])
    return np.array(X, dtype=float)


def fit() -> None:
    import numpy as np
    rows = json.loads(DATA.read_text())
    out = {}
    for stage in range(2, 19, 2):
        part = [r for r in rows if r[0] == stage]
        y = np.array([r[4] for r in part], dtype=float)
        test = np.array([r[5] % 5 == 0 for r in part])
        line = [f"stage {stage:2d}: {len(part):5d} positions"]
        for name, feats in (("hands", lambda a, b, s: T.suit_features(a, b)), ("stock", stock_features)):
            X = design(part, feats)
            w, *_ = np.linalg.lstsq(X[~test], y[~test], rcond=None)
            held = 1 - ((X[test] @ w - y[test]) ** 2).mean() / y[test].var()
            line.append(f"{name} R² {held:.3f}")
            if name == "stock":
                w_all, *_ = np.linalg.lstsq(X, y, rcond=None)
                out[stage] = [round(float(v), 4) for v in w_all]
        cur = np.array([T.estimate(L, F, stage) for _, L, F, *_ in part])
        line.append(f"STAGES R² {1 - ((cur[test] - y[test]) ** 2).mean() / y[test].var():.3f}")
        print(", ".join(line))
    WEIGHTS.write_text(json.dumps(out, indent=0))
    print(f"weights to {WEIGHTS}")


# --- strong with the stock in its estimate ---------------------------------------------
_STOCK_CACHE: dict = {}


def stock_estimate(P: int, Q: int, stage: int = 0, stock: int = 0) -> float:
    """``estimate`` by the stock's weights while the stock lasts."""
    if not stage:
        return _BASE_ESTIMATE(P, Q, 0)
    weights = _WEIGHTS[stage]
    cache = _STOCK_CACHE.setdefault(stage, {})
    v = weights[-1]
    for sh in (0, 10, 20, 30):
        k = ((P >> sh & 0x3FF) << 10 | (Q >> sh & 0x3FF)) << 10 | (stock >> sh & 0x3FF)
        x = cache.get(k)
        if x is None:
            f = stock_features(k >> 20, k >> 10 & 0x3FF, k & 0x3FF)
            x = cache[k] = sum(w * y for w, y in zip(weights, f))
        v += x
    return v


_BASE_ESTIMATE = T.estimate
_WEIGHTS = {int(k): v for k, v in json.loads(WEIGHTS.read_text()).items()} if WEIGHTS.exists() else {}


class StockStrong(T.StrongTressetteBot):
    """``strong`` whose searches (its own, and the reading's and their answer's) use
    ``stock_estimate``."""

    def explain(self, obs, rng):
        T.estimate = stock_estimate
        try:
            return super().explain(obs, rng)
        finally:
            T.estimate = _BASE_ESTIMATE


arena.RETIRED[("tressette", "stock")] = StockStrong


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        collect(int(sys.argv[2]))
    elif sys.argv[1:2] == ["fit"]:
        fit()
    elif sys.argv[1:2] == ["arena"]:
        sys.exit(arena.main(["tressette", *sys.argv[2:]]))
    else:
        raise SystemExit(__doc__)
