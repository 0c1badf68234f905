"""Japanese Loo: a better card rule for ``strong``'s play-outs (a try, not merged).

``strong`` tries each choice over worlds played out by ``normal``'s card rule for
every seat, itself included. That rule wins a trick with its highest winner while
others are still to play (so it spends a master trump where a lower one would do)
and leads its lowest side card unless it holds a master trump or a side ace. The
rule here (``smart_card``) plays the lowest *master* winner (no higher card of its
suit unseen) where it has one, ruffs low where no one after it is known void in the
led suit, leads any master (a king whose ace is gone counts), and with two trumps
or more and no master leads its highest trump. Levels:

- ``normal2``: ``normal`` with this card rule (as a player, among ``normal``);
- ``sr``: ``strong`` whose play-outs use it for every seat; ``srself`` for its own
  seat only (the others as ``normal``);
- ``w64``: ``strong`` over 64 worlds counting chips alone, the ``strong`` of issue 39
  (``more_worlds.py``'s level).

    python bench/tries/loo_rollout.py japanese_loo normal2 normal -p 4 -n 20000 --seed 1 -j 2
    python bench/tries/loo_rollout.py japanese_loo sr w64 -p 4 -n 400 --seed 15001 -j 2

(the arguments are ``python -m cardtable_lab.arena``'s). ``LOO_VARIANT`` (a comma list,
default ``lead_trump``) switches the rule's lead and shed: ``lead_trump`` (lead a
trump with ``LOO_TRUMPS`` trumps or more, default 2; ``low_trump``: the lowest),
``lead_single`` (lead from the shortest side suit, before ``lead_trump``), ``shed_short`` (shed from the
shortest suit); ``LOO_VARIANT=,`` is the rule without them. Run from the
repository's root.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench.tries import more_worlds  # noqa: E402,F401  (registers w64, the strong of issue 39)
from cardtable.bots import japanese_loo as loo  # noqa: E402
from cardtable.games.japanese_loo import RANKS, power  # noqa: E402
from cardtable_lab import arena  # noqa: E402

VARIANT = {k: True for k in os.environ.get("LOO_VARIANT", "lead_trump").split(",") if k}
TRUMPS_TO_LEAD = int(os.environ.get("LOO_TRUMPS", "2"))


def master(card: str, known) -> bool:
    """No card of ``card``'s suit above it is unseen (``known``: my hand and the cards gone)."""
    return all(r + card[1] in known for r in RANKS[:RANKS.index(card[0])])


def smart_card(hand, legal, trick, trump: str, to_come: int, known, void_after: bool) -> str:
    """The card rule of the play-outs: ``trick`` the (seat, card) pairs so far, ``known``
    my hand and every card gone (the turn-up too), ``void_after`` whether a player
    still to play is known void in the led suit."""
    if not trick:
        return lead(hand, trump, known)
    cards = [c for _, c in trick]
    best = loo.current_best(cards, trump)
    winners = [c for c in legal if loo.beats(c, best, trump)]
    if winners:
        if to_come == 0:
            return min(winners, key=lambda c: (c[1] == trump, power(c)))
        sure = [c for c in winners if master(c, known) and (c[1] == trump or not void_after)]
        if sure:
            return min(sure, key=lambda c: (c[1] == trump, power(c)))
        if winners[0][1] == trump and cards[0][1] != trump and not void_after:
            return min(winners, key=power)  # a ruff: the others mostly follow
        return max(winners, key=lambda c: (c[1] == trump, power(c)))
    if VARIANT.get("shed_short"):
        count = {}
        for c in hand:
            count[c[1]] = count.get(c[1], 0) + 1
        return min(legal, key=lambda c: (c[1] == trump, master(c, known), count[c[1]], power(c)))
    return min(legal, key=lambda c: (c[1] == trump, master(c, known), power(c)))


def lead(hand, trump: str, known) -> str:
    """A master trump, else a side master, else (as ``VARIANT`` says) the lowest side card."""
    trumps = [c for c in hand if c[1] == trump and master(c, known)]
    if trumps:
        return min(trumps, key=power)
    masters = [c for c in hand if c[1] != trump and master(c, known)]
    if masters:
        return max(masters, key=power)
    side = [c for c in hand if c[1] != trump]
    if VARIANT.get("lead_single") and side:
        count = {}
        for c in side:
            count[c[1]] = count.get(c[1], 0) + 1
        return min(side, key=lambda c: (count[c[1]], power(c)))
    if VARIANT.get("lead_trump") and len(hand) - len(side) >= TRUMPS_TO_LEAD:
        tr = [c for c in hand if c[1] == trump]
        return (min if VARIANT.get("low_trump") else max)(tr, key=power)
    return min(side or hand, key=power)


def state_card(state, seat: int) -> str:
    """``smart_card`` on a state (a world) for ``seat``."""
    trick = state.trick
    order = [s for s in state.ins]
    to_come = len(order) - len(trick) - 1
    known = set(state.played) | set(state.hands[seat]) | {state.turnup}
    void_after = False
    if trick:
        done = {s for s, _ in trick} | {seat}
        led = trick[0][1][1]
        void_after = any(led in state.voids[s] for s in order if s not in done)
    return smart_card(state.hands[seat], state.playable(seat), trick, state.trump, to_come, known, void_after)


def rollout(state, smart=None) -> None:
    """The deal played out: ``smart_card`` for the seats in ``smart`` (None: every seat),
    ``normal``'s card for the others; declarations by ``normal``'s rule."""
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.to_act
        if state.phase == "declare":
            action = loo.heuristic_declare(state.hands[seat], state.trump, state.num_players, len(state.declared),
                                           len(state.ins), state.pot, state.rules)
        elif smart is None or seat in smart:
            action = "play " + state_card(state, seat)
        else:
            trick = [c for _, c in state.trick]
            action = "play " + loo.heuristic_card(state.playable(seat), trick, state.trump,
                                                  len(state.ins) - len(trick) - 1, state.played)
        state.step(action)


def chips_after(state, me: int, action: str, smart=None) -> float:
    state.step(action)
    rollout(state, smart)
    return state.chips[me]


class Normal2(loo.NormalJapaneseLooBot):
    level = "normal2"

    def explain(self, obs, rng):
        view = obs.view
        if obs.legal == ["in", "out"]:
            return super().explain(obs, rng)
        trick = [(p["seat"], p["card"]) for p in view["trick"]]
        ins = view["ins"]
        done = {s for s, _ in trick} | {obs.seat}
        void_after = bool(trick) and any(trick[0][1][1] in view["voids"][s] for s in ins if s not in done)
        known = set(view["played"]) | set(view["hand"]) | {view["turnup"]}
        legal = [a.split()[1] for a in obs.legal]
        card = smart_card(view["hand"], legal, trick, view["trump"], len(ins) - len(trick) - 1, known, void_after)
        return f"play {card}", {"key": "hint.japanese_loo.card", "card": card}


class SmartRollouts(loo.StrongJapaneseLooBot):
    level = "sr"
    self_only = False

    def value(self, state, me, action):  # chips alone, as measured
        return chips_after(state, me, action, {me} if self.self_only else None)


class PotShare(loo.StrongJapaneseLooBot):
    """``strong`` valuing a chip left in the pot at the deal's end (a loo, a remainder)
    at ``share`` of a chip: it comes back over the next deals, a quarter of it to each
    of four players, so another's loo is worth something to me and mine costs less.
    (Merged as ``value_after``, which in the game's last deal counts chips alone.)"""

    level = "pot25"
    share = 0.25

    def value(self, state, me, action):  # before the next deal's ante, as ``standing`` counts
        state.step(action)
        loo.rollout(state)
        return state.standing(me) + self.share * (state.pot - sum(state.anted))


SelfSmart = type("SelfSmart", (SmartRollouts,), {"self_only": True, "level": "srself"})
for _cls in (Normal2, SmartRollouts, SelfSmart, PotShare):
    arena.RETIRED[("japanese_loo", _cls.level)] = _cls

if __name__ == "__main__":
    raise SystemExit(arena.main(sys.argv[1:]))
