"""Brazilian Truco's strong bot reading the other team's calls: the ones not made, and the bets it answers (issue 39, item 2).

A card the other team played before anyone called truco is a call it did not
make, and ``normal`` calls when it is likely to win the trick. The arena level
``readcall`` decides its own call (and its card) over worlds where each such
player holding a manilha at the time counts ``PASSED``:

    python bench/tries/truco_reading.py readcall strong -n 1000 --seed 101

Measured on 2026-11-29 (bench/RESULTS.md): -0.017 +- 0.019 points a deal, not
merged.

The bet read as ``strong`` answers it (2026-12-07): ``calibrate`` plays ``strong``
against itself and compares, at every answer to a bet, whether the bettor wins the
accepted hand on the true deal with the share of the answerer's worlds where it does,
weighed by each ``doubt``; it also counts how the answerer goes on (accepts, raises or
runs) where it would win or lose. The levels ``doubt10``, ``doubt20`` and ``doubt70`` answer with
that weight and the rule of thumb's deal (``doubt70`` is the ``strong`` of the issue,
``doubt10`` the ``strong`` of before the deal search, ``truco_deal.py``), and
``cal`` also models the other team's answers by the counts:

    python bench/tries/truco_reading.py calibrate -n 100 --seed 8001
    python bench/tries/truco_reading.py doubt20 doubt70 -n 1000 --seed 9001 -j 2

(``calibrate`` plays the ``strong`` of before, ``doubt70``, as measured.) Needs the
lab's path: run from the repository's root.
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
# 2026-12-07: ``strong`` answering a bet over worlds where the bettor would lose count
# ``doubt`` (``DOUBT`` = 0.7 is normal's, and ``doubt70`` the strong of before), as
# ``calibrate`` measures it; ``doubt10`` was merged (``strong`` is ``doubt10``)
# (each with the rule of thumb's deal, as measured: today's ``strong`` searches its deal)
RULE_DEAL = {"offer": B.NormalBrazilianTrucoBot.offer}
for _d in (10, 20, 70):
    arena.RETIRED[("brazilian_truco", f"doubt{_d}")] = type(
        f"Doubt{_d}", (B.StrongBrazilianTrucoBot,), {"doubt": _d / 100, **RULE_DEAL})
# ``doubt20`` with the other team's answers as ``calibrate`` counts ``strong``'s: to a first
# bet it goes on (accepts or raises) 0.64 of the time where it would win, 0.40 where it
# would lose; after its own bet, 0.96 and 0.98
arena.RETIRED[("brazilian_truco", "cal")] = type("Calibrated", (B.StrongBrazilianTrucoBot,), {
    **RULE_DEAL, "doubt": 0.2, "accept_if_winning": 0.64, "accept_if_losing": 0.40,
    "reraise_if_winning": 0.96, "reraise_if_losing": 0.98})


def self_play(bot, games_n: int, seed: int):
    """Each decision of ``bot`` playing every seat of the seeded games ``seed`` …:
    (state, observation, action, its seed, its ply), before the action is played
    (the arena's generators, so a count replays)."""
    from cardtable import games
    from cardtable.bots import Observation
    from cardtable.protocol import derived_rng

    game = games.get("brazilian_truco")
    for g in range(games_n):
        state = game.new_game(seed=seed + g)
        ply = 0
        while not state.is_over and ply < 400:
            seat = state.to_act
            obs = Observation(state, seat)
            action = bot.choose(obs, derived_rng(seed + g, "bot", seat, ply))
            yield state, obs, action, seed + g, ply
            state.step(action)
            ply += 1


def calibrate(games_n: int, seed: int, worlds: int = 30) -> None:
    """The ``strong`` of before against itself: at every answer to a bet, whether the bettor wins the
    hand if it is accepted (every card seen, both teams playing perfectly) on the true
    deal, against the share of the answerer's worlds where it does; and the ``DOUBT``
    that makes the weighed worlds' share match the true rate on average."""
    from cardtable.bots.search import sample_worlds
    from cardtable.protocol import derived_rng

    bot = arena.RETIRED[("brazilian_truco", "doubt70")]()  # the strong of before, as measured
    rows = []  # (the bettor wins on the true deal, worlds where it wins, worlds where it loses)
    answers = []  # (the answerer would win on the true deal, its answer, its team had bet before)
    for state, obs, action, game_seed, ply in self_play(bot, games_n, seed):
        if obs.view["phase"] != "answer":
            continue
        bettor = obs.view["offer"]["by"]
        true = state.clone()
        true.step("accept")
        won = bot.outcome(true, bettor) == bettor
        wins = loses = 0
        for w in sample_worlds(obs, derived_rng(game_seed, "calibrate", ply), worlds):
            w.step("accept")
            if bot.outcome(w, bettor) == bettor:
                wins += 1
            else:
                loses += 1
        rows.append((won, wins, loses))
        answers.append((not won, action, obs.view["offer"]["prev"] > 1))
    true_rate = sum(r[0] for r in rows) / len(rows)

    def mean_share(doubt):
        return sum(w / (w + doubt * lo) if w + lo else 0 for _, w, lo in rows) / len(rows)
    print(f"{len(rows)} answers to a bet: the bettor wins on the true deal {true_rate:.3f}; "
          f"the answerer's worlds say {mean_share(1.0):.3f} unweighed, {mean_share(B.DOUBT):.3f} with DOUBT {B.DOUBT}")
    for d in (0.5, 0.3, 0.2, 0.1, 0.05):
        print(f"  DOUBT {d}: {mean_share(d):.3f}")
    for before in (False, True):
        for wins in (True, False):
            got = [a for w, a, b in answers if w == wins and b == before]
            if got:
                share = {a: sum(x == a for x in got) / len(got) for a in ("accept", "raise", "run")}
                print(f"  answers {'after its own bet' if before else 'to a first bet'}, the answerer "
                      f"{'winning' if wins else 'losing'} on the true deal ({len(got)}): "
                      + ", ".join(f"{a} {v:.2f}" for a, v in share.items()))


if __name__ == "__main__":
    if sys.argv[1:2] == ["calibrate"]:
        import argparse
        p = argparse.ArgumentParser(description="the bet reading's DOUBT against the true deal")
        p.add_argument("command", choices=["calibrate"])
        p.add_argument("-n", type=int, default=100, help="games of strong against itself")
        p.add_argument("--seed", type=int, default=8001, help="first seed")
        a = p.parse_args()
        calibrate(a.n, a.seed)
    else:
        sys.exit(arena.main(["brazilian_truco", *sys.argv[1:]]))
