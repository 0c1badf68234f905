"""What the true-deal scripts share (``loo_truth.py``, ``tressette_truth.py``): decisions
collected seed by seed on two cores into a JSON file, and a mean's spread."""

from __future__ import annotations

import json
import math
from multiprocessing import Pool
from pathlib import Path


def collect(seed_rows, count: int, first: int, out: Path, key) -> None:
    """``seed_rows(seed)`` over ``count`` seeds from ``first``, two at a time; the rows
    replace those of ``out`` with the same ``key(row)``."""
    with Pool(2) as pool:
        rows = [r for part in pool.map(seed_rows, range(first, first + count)) for r in part]
    old = json.loads(out.read_text()) if out.exists() else []
    new = {key(r) for r in rows}
    out.write_text(json.dumps([r for r in old if key(r) not in new] + rows))
    print(f"{len(rows)} decisions from seeds {first}-{first + count - 1}, in {out}")


def mean_sd(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and their standard deviation."""
    n = len(xs)
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1))
