"""Brazilian Truco's strong bot reading the other team's passed-up calls (issue 39, item 2).

A card the other team played before anyone called truco is a call it did not
make, and ``normal`` calls when it is likely to win the trick. The arena level
``readcall`` decides its own call (and its card) over worlds where each such
player holding a manilha at the time counts ``PASSED``:

    python bench/tries/truco_reading.py readcall strong -n 1000 --seed 101

Measured on 2026-11-29 (bench/RESULTS.md): -0.017 +- 0.019 points a deal, not
merged. Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import brazilian_truco as B  # noqa: E402
from cardtable.bots.search import best_index, search  # noqa: E402
from cardtable.games.brazilian_truco import LADDER, strength  # noqa: E402
from cardtable_lab import arena  # noqa: E402

PASSED = 0.6  # a world's weight for each passed-up call where the player then held a manilha


def passed_up(view):
    """(seat, the face-up cards it played from then on) for each card the
    other team played this hand, all before any truco (a call it did not make)."""
    them = 1 - view["team"]
    out = []
    for i, t in enumerate(view["tricks"]):
        for p in t["plays"]:
            if p["seat"] % 2 == them:
                later = [q["card"] for u in view["tricks"][i:] for q in u["plays"]
                         if q["seat"] == p["seat"] and q["card"]]
                out.append((p["seat"], later))
    return out


class ReadCalls(B.StrongBrazilianTrucoBot):
    """``strong``, deciding its call over worlds weighed by the others' passed-up calls
    (the rest of ``play`` as ``strong``'s)."""

    def play(self, obs, rng):
        view = obs.view
        passes = passed_up(view) if "truco" in obs.legal else []
        if not passes:
            return super().play(obs, rng)
        team, scores, value = view["team"], view["scores"], view["value"]
        cards = sorted({a.split()[1] for a in obs.legal if a.startswith("play ")})

        def weigh(w, values):
            weight = 1.0
            for seat, later in passes:
                held = w.hands[seat] + later
                if any(c in view["manilhas"] for c in held):
                    weight *= PASSED
            return weight

        def evaluate(w):
            values = []
            for c in cards:
                out = self.outcome(w, team, c)
                values += (out == team, B.utility(out, team, value, scores))
                out = self.outcome(w, team, c, truco_now=True)
                p = B.ACCEPT_IF_LOSING if out == team else B.ACCEPT_IF_WINNING
                values += (out == team, p * B.utility(out, team, LADDER[1], scores) +
                           (1 - p) * B.utility(team, team, value, scores))
            return values

        got = search(obs, rng, self.worlds, evaluate, weigh)
        n, totals = got.weight, got.totals
        wins, score, truco_wins, truco_score = (totals[j::4] for j in range(4))
        k = best_index(score, prefer=lambda i: -strength(cards[i], view["ranking"]))
        card = cards[k]
        chance = wins[k] / n
        t = best_index(truco_score)
        gain = (truco_score[t] - score[k]) / n
        strong = truco_wins[t] / n >= self.truco_at
        if (gain > 0.005 and strong) or (gain > -0.03 and rng.random() < self.bluff):
            return "truco", {"key": "hint.brazilian_truco.truco", "chance": f"{100 * chance:.0f}%"}
        action = f"play {card}"
        down = f"{action} down"
        if down in obs.legal and self._pointless(view, card) and rng.random() < self.face_down:
            return down, {"key": "hint.brazilian_truco.down", "card": card}
        return action, {"key": "hint.brazilian_truco.card", "card": card, "chance": f"{100 * chance:.0f}%"}


arena.RETIRED[("brazilian_truco", "readcall")] = ReadCalls
if __name__ == "__main__":
    sys.exit(arena.main(["brazilian_truco", *sys.argv[1:]]))
