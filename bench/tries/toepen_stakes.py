"""Toepen's strong deciding its stakes by play-outs in which the table answers as normal would.

Issue 39, item 1: a knock is worth what the table will do with it. ``Deal`` plays
the rest of a deal out from a sampled world with the whole knock protocol (the
windows before every card, the answers, the folds and dead cards, the raise, the
settlement), every seat deciding as ``normal`` decides: its knock and its answer
by its chance to win the last trick, which ``chance`` estimates from that seat's
own view of the world (its hand, the cards gone, the others' hand sizes and shown
voids) over a few re-deals. ``StakesBot`` is ``strong`` (its card by search) with
its knocks and its answers chosen by the mean edge, its chips less the table's
average, that each choice gives over the same worlds.

    python bench/tries/toepen_stakes.py time            the cost of its decisions
    python bench/tries/toepen_strong.py paired strong stakes -s 40

Needs the lab's path: run from the repository's root. Nothing here is in the runtime.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import toepen as T  # noqa: E402
from cardtable.games.toepen import DECK, TRICKS, trick_winner  # noqa: E402
from cardtable.cards import follow_suit, led_suit  # noqa: E402
from cardtable_lab import arena  # noqa: E402


class _Seen:
    """What ``T.play_out`` reads from a world, for a re-deal from one seat's view."""

    __slots__ = ("num_players", "folded", "in_deal", "hands", "played", "trick", "trick_no", "lead_from", "options")


class Deal:
    """The rest of one deal from a sampled world (an engine state in the play phase),
    in plain lists, every seat deciding as ``normal`` does; ``run`` gives each seat's
    chips won or lost from here."""

    def __init__(self, world, me: int, k: int, rng: random.Random, cache: dict):
        self.n = world.num_players
        self.me, self.k, self.rng, self.cache = me, k, rng, cache
        self.in_deal = list(world.in_deal)
        self.folded = set(world.folded)
        self.hands = {s: list(world.hands[s]) for s in self.in_deal if s not in self.folded}
        self.trick = list(world.trick)
        self.trick_no = world.trick_no
        self.lead_from = world.lead_from
        self.gone = list(world.played)
        self.voids = {s: set(world.voids[s]) for s in self.in_deal}
        self.stake = world.stake
        self.last_knocker = world.last_knocker
        self.blocked = world.blocked
        self.chips = list(world.chips)
        self.pool = world.pool
        self.options = world.options
        self.cap = world.options["stake_cap"]
        self.live_folds = world.options["folded_card"] == "live"
        self.phase = world.phase
        self.polls = list(world.polls)
        self.turn = world.turn
        self.responders = list(getattr(world, "responders", []) or [])
        self.stays = getattr(world, "_stays", 0)
        self.knocker = world.knocker if world.phase == "respond" else None
        self.delta = [0.0] * self.n
        self.over = False
        self.forced: str | None = None

    # --- the engine's protocol, on lists -------------------------------------------------
    def active(self):
        return [s for s in self.in_deal if s not in self.folded]

    def clockwise(self, start):
        return [(start + i) % self.n for i in range(self.n)]

    def may_knock(self, s):
        return (not self.blocked and s not in self.folded and s in self.hands and s != self.last_knocker
                and not (self.cap and self.stake >= self.cap))

    def next_player(self):
        if not self.trick:
            return next(s for s in self.clockwise(self.lead_from) if s in self.hands and s not in self.folded)
        done = {s for s, _ in self.trick}
        return next(s for s in self.clockwise(self.trick[-1][0] + 1)
                    if s in self.hands and s not in self.folded and s not in done)

    def open_window(self):
        seat = self.next_player()
        if not self.trick:
            self.lead_from = seat
        self.turn = seat
        self.polls = [s for s in self.clockwise(seat + 1)[:-1] if self.may_knock(s)]

    def pay(self, s, amount):
        paid = amount if self.options["debt"] else max(0, min(amount, self.chips[s]))
        self.chips[s] -= paid
        self.delta[s] -= paid
        self.pool += paid

    def end(self, winner):
        mode = self.options["settlement"]
        losers = [s for s in self.active() if s != winner]
        if mode == "direct" and losers:
            for s in losers:
                before = self.pool
                self.pay(s, self.stake)
                got = self.pool - before
                self.pool = before
                self.chips[winner] += got
                self.delta[winner] += got
        else:
            if mode in ("pool", "lives"):
                for s in losers:
                    self.pay(s, self.stake)
            if mode != "lives":
                got = min(self.stake, self.pool)
                self.pool -= got
                self.chips[winner] += got
                self.delta[winner] += got
        self.over = True

    def play(self, s, card):
        self.blocked = False
        self.hands[s].remove(card)
        if self.trick and card[1] != self.trick[0][1][1]:
            self.voids[s].add(self.trick[0][1][1])
        self.trick.append((s, card))
        self.gone.append(card)
        self.after_card()

    def after_card(self):
        done = {s for s, _ in self.trick}
        if not all(s in done for s in self.active()):
            return self.open_window()
        dead = set() if self.live_folds and self.trick_no < TRICKS else self.folded
        winner, _ = trick_winner(self.trick, dead)
        self.trick = []
        if self.trick_no == TRICKS:
            return self.end(winner)
        self.trick_no += 1
        self.lead_from = winner
        self.open_window()

    def knock(self, s):
        self.polls = []
        self.knocker = self.last_knocker = s
        self.phase = "respond"
        self.stays = 0
        self.responders = [r for r in self.clockwise(s + 1)[:-1] if r in self.hands and r not in self.folded]

    def respond(self, s, choice):
        self.responders.pop(0)
        if choice == "stay":
            self.stays += 1
        else:
            self.pay(s, self.stake)
            self.folded.add(s)
            del self.hands[s]
        if self.responders:
            return
        self.phase = "play"
        if not self.stays:
            return self.end(self.knocker)
        self.stake += 1
        self.blocked = True
        self.knocker = None
        if self.trick:
            return self.after_card()
        self.open_window()

    # --- normal's decisions, from each seat's own view ----------------------------------------
    def chance(self, s, knocker=None) -> float:
        """``s``'s chance to win the last trick as ``normal`` reckons it (worlds weighed
        by the knocker's strength when answering a knock), over ``k`` re-deals of the
        cards ``s`` cannot see; the same position asks once."""
        hand = self.hands[s]
        key = (s, knocker, tuple(hand), tuple(self.gone), tuple(sorted(self.folded)), self.lead_from)
        got = self.cache.get(key)
        if got is not None:
            return got
        known = set(hand) | set(self.gone)
        unseen = [c for c in DECK if c not in known]
        others = sorted((o for o in self.hands if o != s), key=lambda o: -len(self.voids[o]))
        w = _Seen()
        w.num_players, w.folded, w.in_deal = self.n, self.folded, self.in_deal
        w.played, w.trick, w.trick_no, w.lead_from, w.options = self.gone, self.trick, self.trick_no, self.lead_from, self.options
        rng, wins, weight, gone = self.rng, 0.0, 0.0, set(self.gone)
        for _ in range(self.k):
            rng.shuffle(unseen)
            hands = {s: hand}
            taken = set()
            for o in others:
                need, void = len(self.hands[o]), self.voids[o]
                pick = [c for c in unseen if c not in taken and c[1] not in void][:need]
                if len(pick) < need:
                    pick = [c for c in unseen if c not in taken][:need]
                taken.update(pick)
                hands[o] = pick
            w.hands = hands
            q = 1.0 if knocker is None else 0.3 + T.quick_strength(hands[knocker], gone, len(hands))
            wins += q * (T.play_out(w) == s)
            weight += q
        p = wins / weight
        self.cache[key] = p
        return p

    def ruin(self, s, cost):
        if self.chips[s] - cost > 0:
            return 0.0
        return T.RUIN if self.options["end"] == "bankruptcy" else T.RUIN / 2

    def wants_knock(self, s) -> bool:
        if self.forced is not None and s == self.me:
            a, self.forced = self.forced, None
            return a == "knock"
        # normal's knock needs 62%: a keeper with two unseen higher cards never has it
        hand, gone = self.hands[s], set(self.gone)
        late = self.trick_no >= 3
        if hand and T.higher_unseen(T.keeper(hand, gone), hand, gone) >= 2:
            return late and self.rng.random() < 0.02 * 0.5
        p = self.chance(s)
        threshold = 0.62 + 0.05 * (self.stake - 1)
        if self.ruin(s, self.stake + 1):
            threshold = max(threshold, 0.8)
        return p >= threshold or (late and p < 0.3 and self.rng.random() < 0.02)

    def wants_stay(self, s) -> bool:
        if self.forced is not None and s == self.me:
            a, self.forced = self.forced, None
            return a == "stay"
        p = self.chance(s, self.knocker)
        others = len(self.hands) - 1
        mode = self.options["settlement"]
        raised = self.stake + 1
        win = {"pool": raised, "literal": raised, "direct": raised * max(1, others), "lives": 0}[mode]
        lose = 0 if mode == "literal" else raised
        stay = p * win - (1 - p) * (lose + self.ruin(s, lose))
        fold = -(self.stake + self.ruin(s, self.stake))
        return stay >= fold

    def card(self, s):
        hand = self.hands[s]
        return T.choose_card(hand, follow_suit(hand, led_suit(self.trick)), self.trick, self.trick_no, set(self.gone))

    def run(self, first: str) -> list[float]:
        """Play to the deal's end, ``self.me``'s next decision being ``first`` (knock,
        pass, stay, fold, or card: its card by the card rule)."""
        self.forced = first
        while not self.over:
            if self.phase == "respond":
                s = self.responders[0]
                self.respond(s, "stay" if self.wants_stay(s) else "fold")
            elif self.polls:
                s = self.polls[0]
                if self.wants_knock(s):
                    self.knock(s)
                else:
                    self.polls.pop(0)
            else:
                s = self.turn
                if self.may_knock(s) and self.wants_knock(s):
                    self.knock(s)
                else:
                    if s == self.me:
                        self.forced = None
                    self.play(s, self.card(s))
        return self.delta


def edge(delta, me: int) -> float:
    others = [d for s, d in enumerate(delta) if s != me]
    return delta[me] - sum(others) / len(others)


class StakesBot(T.StrongToepenBot):
    """``strong`` whose knocks and answers to a knock compare the mean edge each
    choice gives, over ``stake_worlds`` worlds played out by ``Deal``."""

    level = "strong"
    stake_worlds = 16
    k = 8
    margin = 0.25        # a knock must beat waiting by this much (chips of edge)
    knock_floor = 0.35   # below this chance (normal's reckoning) it does not consider knocking

    def _compare(self, obs, rng, choices, weigh=None):
        me, cache = obs.seat, {}
        totals, weight = [0.0] * len(choices), 0.0
        for _ in range(self.stake_worlds):
            world = obs.sample_world(rng)
            q = 1.0 if weigh is None else weigh(world, ())
            seed = rng.getrandbits(32)
            for i, c in enumerate(choices):
                d = Deal(world, me, self.k, random.Random(seed), cache)
                totals[i] += q * edge(d.run(c), me)
            weight += q
        return [t / weight for t in totals]

    def respond(self, obs, rng):
        view = obs.view
        if view["trick_no"] < 1:  # a knock before the tricks (knock_from="deal"): normal's answer
            return super().respond(obs, rng)
        stay, fold = self._compare(obs, rng, ["stay", "fold"], T.knocker_weight(view["knocker"]))
        choice = "stay" if stay >= fold else "fold"
        return choice, {"key": f"hint.toepen.{choice}", "stay": f"{stay:+.1f}", "fold": f"{fold:+.1f}"}

    def knock_or(self, obs, rng, otherwise):
        view = obs.view
        if view["phase"] != "play":
            return super().knock_or(obs, rng, otherwise)
        p = T.win_chance(obs, rng, self.worlds)
        if p < self.knock_floor:
            return super().knock_or(obs, rng, otherwise)
        knock, wait = self._compare(obs, rng, ["knock", "pass" if otherwise else "card"])
        if knock >= wait + self.margin:
            return "knock", {"key": "hint.toepen.knock", "chance": f"{100 * p:.0f}%"}
        return otherwise, {"key": "hint.toepen.pass", "chance": f"{100 * p:.0f}%"}


def variant(name, **knobs):
    return type(name, (StakesBot,), knobs)


VARIANTS = {
    "stakes": StakesBot,
    "stakes0": variant("Stakes0", margin=0.0),
    "stakes32": variant("Stakes32", stake_worlds=32),
}
for _name, _cls in VARIANTS.items():
    arena.RETIRED[("toepen", _name)] = _cls


def timing(games: int = 2, players: int = 4) -> None:
    from cardtable import bots, games as G
    times = []
    for seed in range(games):
        state = G.get("toepen").new_game(seed=seed, options={"players": players})
        bot = StakesBot()
        normal = bots.make("toepen", "normal")
        ply = 0
        while not state.is_over and state.deal_no < 4:
            if state.to_act == 0:
                t = time.perf_counter()
                a = bots.decide(bot, state, seed, ply)
                times.append(time.perf_counter() - t)
            else:
                a = bots.decide(normal, state, seed, ply)
            state.apply(a)
            ply += 1
    times.sort()
    print(f"{len(times)} decisions: median {1e3 * times[len(times) // 2]:.1f} ms, "
          f"p95 {1e3 * times[int(0.95 * len(times))]:.1f} ms, max {1e3 * times[-1]:.1f} ms")


if __name__ == "__main__":
    timing()
