"""Toepen's strong reading the others' stake decisions by the chance they saw of winning.

Issue 39, items 1 and 2. Today's ``strong`` (bots/toepen.py, ``stake_weight``) weighs
a world by how likely each other player's knock, pass, stay or fold was from the
unseen cards above the keeper of the hand the world gives them. ``normal`` decides
by a chance, not by the keeper: it knocks when its chance to win the last trick,
over 40 re-deals of its own view, reaches its threshold. This try estimates that
chance itself in each world: the hand the world gives the decider then, the cards
gone then, the trick then, the others' hand sizes then, over ``K`` re-deals
(``their_chance``), and reads the decision's likelihood from counts made the same
way on tables of ``normal`` (``count``), by the kind, the trick, the players in
and the chance in ``K``ths.

    python bench/tries/toepen_nested.py count [--seeds 80] [--first 9001]
        counts at four players, written to COUNTS_PATH (about two minutes here)
    python bench/tries/toepen_nested.py info
        held-out log loss of the decisions (lower: the weights tell more), by the
        keeper feature (today's) and by the estimated chance
    python bench/tries/toepen_nested.py paired strong nested -s 40 --seed 5001
        the arena, as ``toepen_strong.py paired``

Needs the lab's path: run from the repository's root. The re-deals keep no void:
the counts are made by the same estimator, so its errors are counted in.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT), str(Path(__file__).parent)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots, games  # noqa: E402
from cardtable.bots import toepen as T  # noqa: E402
from cardtable.games.toepen import DECK, HAND  # noqa: E402
from cardtable_lab import arena  # noqa: E402

K = 4  # re-deals a decider's chance is estimated over
COUNTS_PATH = Path("/tmp/toepen_nested_counts.json")
DEALS = 12


class Moment:
    """The fields ``T.play_out`` reads, for a deal as it stood at a decision."""
    __slots__ = ("num_players", "folded", "in_deal", "hands", "played", "trick", "trick_no", "lead_from", "options")


def contexts(view, log) -> list[dict]:
    """Each logged decision's public context then: the cards gone, the trick, its
    leader, who had folded, every player's hand size, and what the decider played since."""
    seat_of, trick_of = {}, {}
    for t in view["tricks"]:
        for s, c, *_ in t["plays"]:
            seat_of[c], trick_of[c] = s, t["number"]
    for p in view["trick"]:
        seat_of[p["card"]], trick_of[p["card"]] = p["seat"], view["trick_no"]
    played = list(view["played"])
    winners = {t["number"]: t["winner"] for t in view["tricks"]}
    out, folded = [], set()
    for e in log:
        gone = played[:e["before"]]
        trick = [(seat_of[c], c) for c in gone if trick_of.get(c) == e["trick"]]
        lead = trick[0][0] if trick else (view["in_deal"][0] if e["trick"] == 1 else winners[e["trick"] - 1])
        active = [s for s in view["in_deal"] if s not in folded]
        out.append({"entry": e, "gone": gone, "trick": trick, "lead": lead, "folded": set(folded),
                    "sizes": {s: HAND - sum(1 for c in gone if seat_of.get(c) == s) for s in active},
                    "in_deal": list(view["in_deal"]), "n": view["players"],
                    "since": [c for c in played[e["before"]:] if seat_of.get(c) == e["seat"]]})
        if e["action"] == "fold":
            folded.add(e["seat"])
    return out


def their_chance(ctx, hand, k, rng, options) -> float:
    """The chance the decider saw of winning the last trick holding ``hand`` then,
    over ``k`` re-deals of the cards it could not see (no voids kept)."""
    seat = ctx["entry"]["seat"]
    unseen = [c for c in DECK if c not in hand and c not in ctx["gone"]]
    others = [s for s in ctx["sizes"] if s != seat]
    wins = 0
    for _ in range(k):
        rng.shuffle(unseen)
        hands, j = {seat: list(hand)}, 0
        for s in others:
            hands[s], j = unseen[j:j + ctx["sizes"][s]], j + ctx["sizes"][s]
        m = Moment()
        m.num_players, m.folded, m.in_deal, m.hands = ctx["n"], ctx["folded"], ctx["in_deal"], hands
        m.played, m.trick, m.trick_no, m.lead_from = ctx["gone"], ctx["trick"], ctx["entry"]["trick"], ctx["lead"]
        m.options = options
        wins += T.play_out(m) == seat
    return wins / k


def cell(players, kind, ctx, pk) -> str:
    e = ctx["entry"]
    return f"{players},{kind},{e['trick']},{min(e['in'], 5)},{round(pk * K)}"


# --- counting --------------------------------------------------------------------------
def _count_table(seed: int, players: int) -> list[tuple]:
    """(cell, yes, keeper features) for every stake decision at a table of ``normal``."""
    state = games.get("toepen").new_game(seed=seed, options={"players": players})
    normal = bots.make("toepen", "normal")
    out, ply, rng = [], 0, random.Random(seed)
    while not state.is_over and state.deal_no <= DEALS:
        seat = state.to_act
        hand, gone = list(state.hands[seat]), set(state.played)
        action = bots.decide(normal, state, seed, ply)
        e = state.stake_entry(action)
        if e is not None:
            view = state.view(seat)
            ctx = contexts(view, view["stake_log"] + [e])[-1]
            kind, yes = T.stake_decision(e)
            pk = their_chance(ctx, hand, K, rng, state.options)
            out.append((seed, cell(players, kind, ctx, pk), yes, T.stake_features(kind, hand, gone, e["trick"], e["in"])))
        state.apply(action)
        ply += 1
    return out


def decisions(seeds: int, first: int, players: int = 4) -> list[tuple]:
    with Pool() as pool:
        return sum(pool.starmap(_count_table, [(s, players) for s in range(first, first + seeds)]), [])


def chances(rows) -> dict:
    c = collections.defaultdict(lambda: [0, 0])
    for _, key, yes, _ in rows:
        c[key][0 if yes else 1] += 1
    return {k: (y + 0.5) / (y + n + 1) for k, (y, n) in c.items()}


def info(seeds: int, first: int) -> None:
    """Held-out log loss by kind: counted on one half of the seeds, scored on the other."""
    rows = decisions(seeds, first)
    half = first + seeds // 2
    for name, key in (("keeper", lambda r: (r[3], r[1].split(",")[1])), ("chance", lambda r: r[1])):
        for kind in ("window", "answer"):
            total = 0.0
            for train, test in ((lambda r: r[0] < half, lambda r: r[0] >= half),
                                (lambda r: r[0] >= half, lambda r: r[0] < half)):
                c = collections.defaultdict(lambda: [0, 0])
                for r in rows:
                    if train(r):
                        c[key(r)][0 if r[2] else 1] += 1
                scored = [r for r in rows if test(r) and r[3][0] == kind]
                loss = 0.0
                for r in scored:
                    y, n = c.get(key(r), (0, 0))
                    p = min(0.98, max(0.02, (y + 0.5) / (y + n + 1)))
                    loss -= math.log(p if r[2] else 1 - p)
                total += loss / len(scored) / 2
            print(f"{name:>7} {kind:>7}: {total:.4f} nats a decision")


# --- the level -------------------------------------------------------------------------
CHANCES: dict = {}


def nested_weight(view, me: int, seed: int):
    """``T.stake_weight`` with each decision's likelihood read from the chance the
    decider saw in the world (memoized by decision and hand: a hand recurs late)."""
    if view["players"] != 4:
        return None
    folded = set(view["folded"])
    log = view["stake_log"]
    last = {}
    for i, (e, ctx) in enumerate(zip(log, contexts(view, log))):
        if e["seat"] != me and e["seat"] not in folded:
            kind, yes = T.stake_decision(e)
            last[(e["seat"], e["trick"], kind)] = (i, kind, yes, ctx)
    if not last:
        return None
    found, memo, rng = list(last.values()), {}, random.Random(seed)

    def weigh(world, _values=()):
        w = 1.0
        for i, kind, yes, ctx in found:
            hand = tuple(sorted(list(world.hands[ctx["entry"]["seat"]]) + ctx["since"]))
            p = memo.get((i, hand))
            if p is None:
                q = CHANCES.get(cell(4, kind, ctx, their_chance(ctx, hand, K, rng, world.options)), 0.5)
                memo[(i, hand)] = p = max(T.STAKE_FLOOR, q if yes else 1 - q)
            w *= p
        return w
    return weigh


class Nested(T.StrongToepenBot):
    """``strong`` reading the log by the deciders' estimated chances (at four players)."""

    def reading(self, obs, answering: bool):
        if not CHANCES:
            raise SystemExit(f"no counts in {COUNTS_PATH}: run `python bench/tries/toepen_nested.py count` first")
        seed = obs.view["deal"] * 1000 + len(obs.view["stake_log"])
        weigh = nested_weight(obs.view, obs.seat, seed)
        return weigh if weigh is not None else T.NormalToepenBot.reading(self, obs, answering)


arena.RETIRED[("toepen", "nested")] = Nested
if COUNTS_PATH.exists():
    CHANCES.update(json.loads(COUNTS_PATH.read_text()))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("count", "info", "paired"))
    p.add_argument("levels", nargs="*")
    p.add_argument("-s", "--seeds", type=int, default=40)
    p.add_argument("--seed", "--first", dest="first", type=int, default=None)
    a = p.parse_args(argv)
    if a.what == "count":
        rows = decisions(a.seeds if a.seeds != 40 else 80, a.first or 9001)
        COUNTS_PATH.write_text(json.dumps(chances(rows), sort_keys=True))
        print(f"{COUNTS_PATH}: {len(rows)} decisions")
    elif a.what == "info":
        info(a.seeds, a.first or 9001)
    else:
        import toepen_strong
        toepen_strong.paired(a.levels, a.seeds, a.first or 1, 4, "normal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
