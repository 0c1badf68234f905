"""What knowing every card is worth to each game's strong bot: the ceiling of any reading.

Issue 39, item 2 asks each game's ``strong`` to gain, by weighing its worlds by what
the others did, a set amount over today's ``strong``. No reading of the others can
tell a bot more than the cards themselves, so ``strong`` deciding on the true deal
(every world it draws is the real one: the arena's ``SeeAll`` window) bounds what
any reading can add to the same search. Registered as the arena level ``seeall``
for the two games that had no such level (Toepen's is in ``toepen_strong.py``,
Tressette has the arena's ``ceiling`` and ``tressette_strong.py``'s ``seehand``):

    python bench/tries/seeall.py brazilian_truco seeall strong -n 400 --seed 7001
    python bench/tries/seeall.py japanese_loo seeall strong -p 4 -n 200 --seed 7001

(the arguments are ``python -m cardtable_lab.arena``'s). In a partnership game
(Brazilian Truco) both seats of a team get the level, so each also sees its
partner's hand: the bound is looser there. ``seeopp`` (Brazilian Truco, 2026-12-07)
sees the other team's cards only, its partner's hidden as the rules hide them: the
bound of a reading of the other team. Needs the lab's path: run from the
repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots  # noqa: E402
from cardtable_lab import arena  # noqa: E402

for _game in ("brazilian_truco", "japanese_loo"):
    arena.RETIRED.setdefault((_game, "seeall"), bots.module(_game).LEVELS["strong"])
arena.WINDOWS["seeall"] = arena.SeeAll


class SeeOpponents(arena.SeeAll):
    """The true deal, but for the partner's cards the seat has not seen: re-dealt
    with the stock from the seat's ``rng`` (as ``sample_world`` re-deals them)."""

    def sample_world(self, rng):
        w = self._true.clone()
        partner = (self.seat + 2) % 4
        known = set(w.known_partner_cards(self.seat))
        keep = [c for c in w.hands[partner] if c in known]
        pool = sorted([c for c in w.hands[partner] if c not in known] + list(w.stock))
        rng.shuffle(pool)
        slots = len(w.hands[partner]) - len(keep)
        w.hands[partner] = keep + pool[:slots]
        w.stock = pool[slots:]
        w.seed = rng.getrandbits(63)
        return w


arena.RETIRED[("brazilian_truco", "seeopp")] = bots.module("brazilian_truco").LEVELS["strong"]
arena.WINDOWS["seeopp"] = SeeOpponents

if __name__ == "__main__":
    raise SystemExit(arena.main(sys.argv[1:]))
