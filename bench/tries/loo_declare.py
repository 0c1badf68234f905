"""Japanese Loo: the play-outs' declarations calibrated to how the searching bots declare (a try).

``strong`` plays each choice out over sampled worlds in which the players still to
declare decide by ``normal``'s rule (stay in when ``stay_value`` beats minus the fee).
But the tables it meets declare by search, and in self-play ``strong`` plays where
the rule drops (578 "in" against the rule's 528 in 640 spots, 2026-12-07, evening).
So the worlds under-count the players who will stay, and over-value staying.

``collect`` counts, on tables of one ``strong`` among three ``w64`` (the ``strong`` of
issue 39), every declaration made with the rule's margin (``stay_value + fee``) beside
it, and the shift of the rule's line that agrees best with the searching bots:

    python bench/tries/loo_declare.py collect 20

The levels ``calN`` are ``strong`` whose play-outs move the rule's line by N tenths of
a chip (the others and its own later declarations alike):

    python bench/tries/loo_declare.py japanese_loo cal20 w64 -p 4 -n 400 --seed 16001 -j 2

(the arguments are ``python -m cardtable_lab.arena``'s). Run from the repository's root.
"""

from __future__ import annotations

import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench.tries import more_worlds  # noqa: E402,F401  (registers w64, the strong of issue 39)
from cardtable import bots, games  # noqa: E402
from cardtable.bots import japanese_loo as loo  # noqa: E402
from cardtable_lab import arena  # noqa: E402


def rule_margin(hand, trump, players, declared, ins, pot, rules) -> float:
    """``normal``'s rule as a margin: it stays in where this is above 0."""
    return loo.declare_stay(hand, trump, players, declared, ins, pot, rules) + rules["fee"]


def shifted_rollout(state, shift: float) -> None:
    """``loo.rollout`` with the declarations' line moved by ``shift`` chips (staying
    in where the rule's margin is above ``-shift``); the cards as ``loo.rollout``."""
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal and state.phase == "declare":
        seat = state.to_act
        stay = loo.declare_stay(state.hands[seat], state.trump, state.num_players, len(state.declared),
                                len(state.ins), state.pot, state.rules)
        state.step("in" if stay > -state.rules["fee"] - shift else "out")
    if not state.is_over and state.deal_no == deal:
        loo.rollout(state)


class Calibrated(loo.StrongJapaneseLooBot):
    shift = 2.0

    def value(self, state, me, action):
        state.step(action)
        shifted_rollout(state, self.shift)
        return loo.deal_value(state, me)


for _tenths in (5, 10, 20, 30, 40, 60):
    _level = f"cal{_tenths}"
    arena.RETIRED[("japanese_loo", _level)] = type(f"Calibrated{_tenths}", (Calibrated,),
                                                    {"shift": _tenths / 10, "level": _level})


def _collect(seed: int) -> list[tuple[str, float, str]]:
    """(level, the rule's margin, the choice) of every declaration of one seed's four games."""
    game = games.get("japanese_loo")
    out = []
    for seat_a in range(4):
        levels = tuple("strong" if s == seat_a else "w64" for s in range(4))
        players = [arena.make_player("japanese_loo", lv) for lv in levels]
        state = game.new_game(seed=seed, options={"players": 4})
        ply = 0
        while not state.is_over:
            seat = state.to_act
            action = bots.decide(players[seat], state, seed, ply)
            if state.phase == "declare":
                m = rule_margin(state.hands[seat], state.trump, state.num_players, len(state.declared),
                                len(state.ins), state.pot, state.rules)
                out.append((levels[seat], m, action))
            state.apply(action)
            ply += 1
    return out


def collect(count: int) -> None:
    with Pool(2) as pool:
        rows = [r for part in pool.map(_collect, range(1, count + 1)) for r in part]
    for level in ("strong", "w64"):
        mine = [(m, a) for lv, m, a in rows if lv == level]
        ins = sum(a == "in" for _, a in mine)
        rule = sum(m > 0 for m, _ in mine)
        print(f"{level}: {len(mine)} declarations, in {ins}, the rule's in {rule}")
        for tenths in (0, 5, 10, 15, 20, 30, 40, 60):
            shift = tenths / 10
            agree = sum((m > -shift) == (a == "in") for m, a in mine)
            n_in = sum(m > -shift for m, _ in mine)
            print(f"  shift {shift:4.1f}: agrees {agree / len(mine):.3f}, in {n_in}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        collect(int(sys.argv[2]) if len(sys.argv) > 2 else 20)
    else:
        raise SystemExit(arena.main(sys.argv[1:]))
