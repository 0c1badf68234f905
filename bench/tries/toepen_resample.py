"""Toepen's strong drawing more worlds and keeping the likely ones (issue 39, items 1 and 2).

Today's ``strong`` weighs its 40 (stakes) or 90 (card) worlds by how likely the
others' stake decisions were from the hands each gives them (``T.stake_weight``).
Weighed worlds thin out: where a knock or a run of passes says much, a few worlds
carry the mean. This try draws ``draw`` (4) times as many worlds, weighs each before
any is played out, and keeps the usual number by systematic resampling (a world
twice as likely is kept about twice as often), so the play-outs are spent on
likely worlds. The weight can also take the others' cards (``rule_weight``:
``normal`` plays by a fixed rule, so a world whose hand would not have played
what was played is less likely).

    python bench/tries/toepen_resample.py paired strong rs4 rs4c -s 40 --seed 5001

(its ``paired`` is ``toepen_strong.py``'s with ``--cache``: each seeded table kept
in /tmp and read back, so a baseline is played once; it also registers the levels
of ``toepen_answers.py`` and ``toepen_strong.py``).

Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT), str(Path(__file__).parent)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import toepen as T  # noqa: E402
from cardtable.bots.search import best_index, sample_worlds, tally  # noqa: E402
from cardtable_lab import arena  # noqa: E402
import toepen_answers  # noqa: E402,F401  (registers recal)
import toepen_nested  # noqa: E402
import toepen_strong  # noqa: E402


def likely_worlds(obs, rng, n: int, weigh, draw: int) -> list:
    """``n`` worlds kept from ``draw * n`` drawn, by systematic resampling on ``weigh``."""
    if weigh is None:
        return sample_worlds(obs, rng, n)
    pool = sample_worlds(obs, rng, n * draw)
    weights = [weigh(w, ()) for w in pool]
    total = sum(weights)
    if total <= 0:
        return pool[:n]
    step, u = total / n, rng.random() * total / n
    out, acc, i = [], weights[0], 0
    for k in range(n):
        target = u + k * step
        while acc < target and i < len(pool) - 1:
            i += 1
            acc += weights[i]
        out.append(pool[i])
    return out


class Resample(T.StrongToepenBot):
    """``strong`` whose worlds, for its stakes and its card, are kept from ``draw``
    times as many by their weight rather than weighed."""

    draw = 4
    cards_too = False  # the others' cards in the weight too

    def weight(self, obs, answering: bool):
        w = self.reading(obs, answering)
        if self.cards_too:
            w = toepen_strong.both(w, toepen_strong.rule_weight(obs.view, obs.seat, 0.1))
        return w

    def chance(self, obs, rng, answering: bool) -> float:
        """The stake decisions' chance (``respond`` and ``knock_or`` read it) over the kept worlds."""
        me = obs.seat
        worlds = likely_worlds(obs, rng, self.worlds, self.weight(obs, answering), self.draw)
        return tally(worlds, lambda w: (T.play_out(w) == me,)).mean(0)

    def card(self, obs, rng):
        plays = [a for a in obs.legal if a.startswith("play ")]
        if len(plays) == 1:
            return plays[0], {"key": "hint.toepen.forced"}
        me, cards = obs.seat, [a.split()[1] for a in plays]
        worlds = likely_worlds(obs, rng, self.card_worlds, self.weight(obs, False), self.draw)
        totals = tally(worlds, lambda w: [T.play_out(w, (me, c)) == me for c in cards]).totals
        return plays[best_index(totals)], {"key": "hint.toepen.card_sim"}


class ResampleCards(Resample):
    cards_too = True


class WeighCards(T.StrongToepenBot):
    """``strong`` with the others' cards in its weights too (no resampling)."""

    def reading(self, obs, answering: bool):
        return toepen_strong.both(super().reading(obs, answering),
                                  toepen_strong.rule_weight(obs.view, obs.seat, 0.1))


class NestedResample(Resample):
    """``Resample`` whose weight is the nested reading (``toepen_nested``: each stake
    decision's likelihood from the chance its decider saw in the world) times the
    others' cards."""

    cards_too = True

    reading = toepen_nested.Nested.reading


LEVELS = {"rs4": Resample, "rs4c": ResampleCards, "wc": WeighCards, "rsn": NestedResample}
for _name, _cls in LEVELS.items():
    arena.RETIRED[("toepen", _name)] = _cls


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("paired",))
    p.add_argument("levels", nargs="+")
    p.add_argument("-s", "--seeds", type=int, default=40)
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--seed", dest="first", type=int, default=1)
    a = p.parse_args(argv)
    toepen_strong.paired(a.levels, a.seeds, a.first, a.players, "normal", cache=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
