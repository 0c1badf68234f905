"""Toepen's strong bot: where its edge over normal comes from, and tries that did not add to it.

Issue 39, item 1 asks for ``strong`` ≥ +0.5 chips a deal over ``normal`` at four
players. This file keeps the variants measured on 2026-11-29 (bench/RESULTS.md,
"issue 39: where Toepen's strong gains"; ``kread`` on 2026-12-02; the seeing
levels ``seeall``, ``seestakes``, ``seecard``, the yardstick of what knowing the
others' cards is worth, and ``noread``, the strong bot before it read the stake
log, on 2026-12-03; ``seeanswer``, ``seeknock`` and ``edge`` on 2026-12-06) so
that a later attempt starts from them; none is in the
runtime. Each variant is an arena level (``arena.RETIRED``), and derives from
today's ``strong`` (since 2026-12-03 it reads the others' stake decisions; since
2026-12-06, later, it lies in an exchange by its chance and the table's challenges,
so the levels measured before then played with ``lie30``'s exchange); the stake
levels of ``toepen_stakes.py`` are registered here too. The exchange levels of
2026-12-06, later: ``lie30`` (strong before, lying as ``normal`` does), ``noak``
and ``noace`` (lying whenever the hand lacks an ace and a king, or an ace),
``x10`` … ``x50`` (lying below a fixed chance), ``xq4``, ``xp4`` and ``xp1`` (the
adaptive rule with other priors and lines), and the opponent ``chal`` (``normal``
challenging every exchange, for ``--against``); ``tread`` (2026-12-06, evening)
reads a knock or a stay made with one card after cards were on the last trick:

    python bench/tries/toepen_strong.py paired strong c90w40 infer -s 40
        each level against a table of normal on seeds 1-40 (each seed played with
        it in every seat), its edge, and each level's paired difference from the
        first (the same seeds, so the deal's luck partly cancels)
    python bench/tries/toepen_strong.py calibrate -s 16
        how often strong wins the deals in which it stayed, by the chance it
        estimated when it stayed
    python bench/tries/toepen_strong.py knocks -s 16
        how a table of four normal bots knocks, stays and folds
    python bench/tries/toepen_strong.py challenges x40 -s 5 --seed 5001
        how often the level's exchanges and the table's, honest and lies, are
        challenged (the level in every seat among ``--against``)
    python bench/tries/toepen_strong.py lastcard -s 60 --seed 6001
        at each answer to a knock of strong among normal, whether ``tread`` answers
        otherwise, and what the change is worth on the true deal

Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable import bots, games  # noqa: E402
from cardtable.bots import Observation  # noqa: E402
from cardtable.bots import toepen as T  # noqa: E402
from cardtable.bots.search import best_index, search  # noqa: E402
from cardtable.cards import follow_suit, led_suit  # noqa: E402
from cardtable.games.toepen import honest_exchange, power, sort_hand  # noqa: E402
from cardtable.protocol import derived_rng  # noqa: E402
from cardtable_lab import arena  # noqa: E402
import toepen_stakes  # noqa: E402,F401  (registers the stake levels)


# --- reading the others' cards: normal plays by a fixed rule ---------------------------
def past_plays(view, me: int) -> list[tuple]:
    """(seat, card, trick so far, trick number, cards gone) for every card another seat
    played this deal, in order: what that seat saw when it chose the card."""
    out, gone = [], []
    tricks = [(t["number"], [(p[0], p[1]) for p in t["plays"]]) for t in view["tricks"]]
    tricks.append((view["trick_no"], [(p["seat"], p["card"]) for p in view["trick"]]))
    for number, plays in tricks:
        for i, (seat, card) in enumerate(plays):
            if seat != me:
                out.append((seat, card, plays[:i], number, frozenset(gone)))
            gone.append(card)
    return out


def rule_weight(view, me: int, eps: float = 0.1):
    """A world's weight: ``eps`` for each card another player still in played that
    ``T.choose_card`` would not have played from the hand the world gives them
    (that hand then: its cards now and the ones played since). The true deal always
    weighs 1 against normal bots; about a third of the sampled worlds do."""
    plays = [p for p in past_plays(view, me) if p[0] not in set(view["folded"])]
    if not plays:
        return None

    def weigh(world, _values=()):
        w, later = 1.0, {}
        for seat, card, trick, number, gone in reversed(plays):
            later.setdefault(seat, []).append(card)
            hand = sort_hand(list(world.hands[seat]) + later[seat])
            legal = follow_suit(hand, led_suit(trick))
            if len(legal) > 1 and T.choose_card(hand, legal, trick, number, gone) != card:
                w *= eps
        return w
    return weigh


def both(a, b):
    if a is None or b is None:
        return a or b
    return lambda w, v=(): a(w, v) * b(w, v)


# --- the variants ----------------------------------------------------------------------
class W40(T.StrongToepenBot):
    """strong with normal's 40 worlds for its stakes (main's strong: 120)."""
    worlds = 40


class C90(T.StrongToepenBot):
    """strong with 90 worlds for its card (main's: 30)."""
    card_worlds = 90


class C90W40(W40):
    card_worlds = 90


class NoCard(T.StrongToepenBot):
    """strong's stakes with normal's card rule."""
    card = T.NormalToepenBot.card


class Infer(C90W40):
    """Its card by play-outs over worlds weighed by ``rule_weight``."""
    eps = 0.1

    def card(self, obs, rng):
        plays = [a for a in obs.legal if a.startswith("play ")]
        if len(plays) == 1:
            return plays[0], {"key": "hint.toepen.forced"}
        me, cards = obs.seat, [a.split()[1] for a in plays]
        tally = search(obs, rng, self.card_worlds, lambda w: [T.play_out(w, (me, c)) == me for c in cards],
                       rule_weight(obs.view, me, self.eps))
        return plays[best_index(tally.totals)], {"key": "hint.toepen.card_sim"}


class Infer200(Infer):
    card_worlds = 200


class InferK(Infer):
    """The same weights for its knocks and its answers to a knock."""

    def respond(self, obs, rng):
        view = obs.view
        weigh = both(T.knocker_weight(view["knocker"]), rule_weight(view, obs.seat, self.eps))
        stay, fold = T.stay_value(view, obs.seat, T.win_chance(obs, rng, self.worlds, weigh))
        return ("stay" if stay >= fold else "fold"), {"key": "hint.toepen.stay"}

    def knock_or(self, obs, rng, otherwise):
        view = obs.view
        p = T.win_chance(obs, rng, self.worlds, rule_weight(view, obs.seat, self.eps))
        threshold = self.knock_at + 0.05 * (view["stake"] - 1)
        if T.ruin(view, obs.seat, view["stake"] + 1):
            threshold = max(threshold, 0.8)
        late = view["trick_no"] >= 3
        if p >= threshold or (late and p < 0.3 and rng.random() < self.bluff_knock):
            return "knock", {"key": "hint.toepen.knock"}
        return otherwise, {"key": "hint.toepen.pass"}


class InferKX(InferK):
    """Never lies in an exchange (the guess then: normal bots challenge nearly every
    one; counted on 2026-12-06, they challenge about one lie in ten), and challenges
    only above a 75% chance of a lie (in the pool, a caught lie's chip leaves one
    opponent, a wrong challenge's leaves oneself)."""

    def exchange(self, obs, rng):
        if honest_exchange(obs.view["hand"]):
            return "exchange", {"key": "hint.toepen.exchange_honest"}
        return "keep", {"key": "hint.toepen.keep"}

    def challenge(self, view, rng):
        return ("challenge" if T.lie_posterior(view) > 0.75 else "pass"), {"key": "hint.toepen.challenge"}


class Cal(C90W40):
    """Its chance when answering a knock scaled by ``scale`` (see ``calibrate``)."""
    scale = 0.65

    def respond(self, obs, rng):
        view = obs.view
        p = self.scale * T.win_chance(obs, rng, self.worlds, T.knocker_weight(view["knocker"]))
        stay, fold = T.stay_value(view, obs.seat, p)
        return ("stay" if stay >= fold else "fold"), {"key": "hint.toepen.stay"}


class Cal5(Cal):
    scale = 0.5


class KnockerRead(T.StrongToepenBot):
    """``strong`` with its own knock and its card decided over worlds weighed by the
    last knocker's strength (``knocker_weight``), when another player still in the
    deal knocked last: ``normal`` reads a knock only while answering it."""

    @staticmethod
    def _reading(view, me):
        k = view.get("last_knocker")
        if k is None or k == me or k in view["folded"] or k not in view["in_deal"]:
            return None
        return T.knocker_weight(k)

    def knock_or(self, obs, rng, otherwise):
        """``normal``'s knock rule as it is in the runtime, its chance over weighed worlds."""
        view = obs.view
        p = T.win_chance(obs, rng, self.worlds, self._reading(view, obs.seat))
        threshold = self.knock_at + 0.05 * (view["stake"] - 1)
        if T.ruin(view, obs.seat, view["stake"] + 1):
            threshold = max(threshold, 0.8)
        late = view["trick_no"] >= 3
        if p >= threshold or (late and p < 0.3 and rng.random() < self.bluff_knock):
            return "knock", {"key": "hint.toepen.knock", "chance": f"{100 * p:.0f}%"}
        return otherwise, {"key": "hint.toepen.pass", "chance": f"{100 * p:.0f}%"}

    def card(self, obs, rng):
        plays = [a for a in obs.legal if a.startswith("play ")]
        weigh = self._reading(obs.view, obs.seat)
        if len(plays) == 1 or weigh is None:
            return super().card(obs, rng)
        me = obs.seat
        cards = [a.split()[1] for a in plays]
        wins = search(obs, rng, self.card_worlds, lambda w: [T.play_out(w, (me, c)) == me for c in cards], weigh).totals
        best = best_index(wins)
        return plays[best], {"key": "hint.toepen.card_sim", "card": cards[best]}


def edge_stay_value(view, seat: int, p: float) -> tuple[float, float]:
    """(staying, folding) valued in edge (this seat's chips less the others' average,
    the arena's yardstick and what decides the game) under the pool settlement: a
    chip any other player pays into the pool counts for this seat too. The others
    still in are taken to stay."""
    s = view["stake"]
    t = s + 1
    n = view["players"]
    q = len([x for x in view["in_deal"] if x not in view["folded"] and x != seat])  # the knocker among them
    win = t + q * t / (n - 1)
    lose = t - (q - 2) * t / (n - 1) + T.ruin(view, seat, t)
    others = -(q - 2) * t if q >= 2 else s  # what the others win between them once this seat folds
    fold = -s - others / (n - 1) - T.ruin(view, seat, s)
    return p * win - (1 - p) * lose, fold


class EdgeStay(T.StrongToepenBot):
    """``strong`` answering a knock by edge rather than its own chips (pool settlement)."""

    def respond(self, obs, rng):
        view = obs.view
        if view.get("settlement", "pool") != "pool":
            return super().respond(obs, rng)
        stay, fold = edge_stay_value(view, obs.seat, self.chance(obs, rng, True))
        return ("stay" if stay >= fold else "fold"), {"key": "hint.toepen.stay"}


def knock_at(level: float):
    return type(f"NK{level}", (T.NormalToepenBot,), {"knock_at": level})


def sharp_respond(power: int):
    """normal answering a knock with worlds weighed 0.01 + strength ** power (normal: 0.3 + strength)."""
    def respond(self, obs, rng):
        view = obs.view
        knocker = view["knocker"]

        def weigh(world, _values):
            q = T.quick_strength(world.hands[knocker], set(world.played), len(world.active()))
            return 0.01 + q ** power
        stay, fold = T.stay_value(view, obs.seat, T.win_chance(obs, rng, self.worlds, weigh))
        return ("stay" if stay >= fold else "fold"), {"key": "hint.toepen.stay"}
    return type(f"NR{power}", (T.NormalToepenBot,), {"respond": respond})


# --- what seeing every card is worth: the most a reading of the others could give ----------
class SeeAllToepen(T.StrongToepenBot):
    """``strong`` deciding on the true deal (the arena hands it ``arena.SeeAll``): its
    stakes and its card from the one real world."""

    worlds = 1
    card_worlds = 1


class SeeStakes(T.StrongToepenBot):
    """``strong`` with its stakes from the true deal and its card as ``strong`` plays it
    (its worlds sampled from its own seat's view)."""

    worlds = 1

    def card(self, obs, rng):
        return super().card(Observation(obs._true, obs.seat), rng)


class SeeCard(T.StrongToepenBot):
    """``strong`` with its card from the true deal and its stakes as ``strong`` reckons them."""

    card_worlds = 1

    def respond(self, obs, rng):
        return super().respond(Observation(obs._true, obs.seat), rng)

    def knock_or(self, obs, rng, otherwise):
        return super().knock_or(Observation(obs._true, obs.seat), rng, otherwise)


class SeeAnswer(T.StrongToepenBot):
    """``strong`` answering a knock on the true deal (every world it draws is the true
    one); its knocks and its card as ``strong`` decides them."""

    def knock_or(self, obs, rng, otherwise):
        return super().knock_or(Observation(obs._true, obs.seat), rng, otherwise)

    def card(self, obs, rng):
        return super().card(Observation(obs._true, obs.seat), rng)


class SeeKnock(T.StrongToepenBot):
    """``strong`` deciding its knocks on the true deal; its answers and its card as
    ``strong`` decides them."""

    def respond(self, obs, rng):
        return super().respond(Observation(obs._true, obs.seat), rng)

    def card(self, obs, rng):
        return super().card(Observation(obs._true, obs.seat), rng)


class NoRead(T.StrongToepenBot):
    """``strong`` as it was before 2026-12-03: its worlds unweighed by the stake log
    (answering a knock, weighed by the knocker's strength as ``normal`` weighs them)."""

    reading = T.NormalToepenBot.reading


arena.RETIRED[("toepen", "noread")] = NoRead


class Lie30(T.StrongToepenBot):
    """``strong`` as it was before 2026-12-06, later: exchanging as ``normal`` does (a lie
    with a hand without an ace or a king 30% of the time), whatever the table challenges."""

    exchange = T.NormalToepenBot.exchange


def last_card_decisions(view, me: int) -> list[tuple]:
    """The others' knocks and stays in the last trick made with one card in hand and
    cards on the table: (seat, the table then, their card played since, if any).
    ``stake_weight`` reads such a hand by the unseen cards above it, and the cards on
    the table are not unseen: a 9 under a 10 on the table looks strong to it."""
    played = list(view["played"])
    start = sum(len(t["plays"]) for t in view["tricks"] if t.get("number", 0) < 4) if view["trick_no"] == 4 else None
    if start is None:
        return []
    by = {p["card"]: p["seat"] for p in view["trick"]}
    folded = set(view["folded"])
    out = []
    for e in view["stake_log"]:
        seat = e["seat"]
        if seat == me or seat in folded or e["trick"] != 4 or e["action"] not in ("knock", "stay"):
            continue
        table = played[start:e["before"]]
        if not table or any(by.get(c) == seat for c in table):
            continue
        table = [table[0]] + [c for c in table[1:] if by.get(c) not in folded]  # a folded player's card is dead
        since = [c for c in played[e["before"]:] if by.get(c) == seat]
        out.append((seat, table, since))
    return out


def beats(card: str, table: list[str]) -> bool:
    """Whether ``card`` would win the trick over ``table`` (the led suit, higher)."""
    led = table[0][1]
    return card[1] == led and all(power(card) > power(c) for c in table if c[1] == led)


class TableRead(T.StrongToepenBot):
    """``strong``, reading a knock or a stay in the last trick made with one card after
    cards were on the table: where that card could not win the trick, the decider saw
    a lost deal (``normal`` knocks then only as a bluff, 2%, and never stays), so the
    world counts ``lost`` more."""

    lost = 0.03

    def reading(self, obs, answering: bool):
        base = super().reading(obs, answering)
        last = last_card_decisions(obs.view, obs.seat)
        if not last:
            return base
        lost = self.lost

        def weigh(world, values=()):
            x = base(world, values) if base is not None else 1.0
            for seat, table, since in last:
                hand = list(world.hands[seat]) + since
                if len(hand) == 1 and not beats(hand[0], table):
                    x *= lost
            return x
        return weigh


class ChallengeAll(T.NormalToepenBot):
    """An opponent: ``normal`` challenging every exchange it is asked about (the table
    that punishes every lie, where ``normal`` challenges about one in ten)."""

    def challenge(self, view, rng):
        return "challenge", {"key": "hint.toepen.challenge", "chance": "100%"}


def adaptive(prior, line):
    """``strong`` with another prior for the table's challenges or another line."""
    return type("Adaptive", (T.StrongToepenBot,), {"challenge_prior": prior, "line": line})


def lie_when(test, name: str):
    """``strong`` lying whenever ``test(bot, obs, rng)``, whatever the table challenges."""
    def exchange(self, obs, rng):
        if honest_exchange(obs.view["hand"]):
            return "exchange", {"key": "hint.toepen.exchange_honest"}
        return ("exchange" if test(self, obs, rng) else "keep"), {"key": "hint.toepen.keep"}
    return type(name, (T.StrongToepenBot,), {"exchange": exchange})


def below(line: float):
    """A ``lie_when`` test: the hand's chance (``worlds`` unweighed worlds) is below ``line``."""
    return lambda bot, obs, rng: T.win_chance(obs, rng, bot.worlds) < line


arena.RETIRED[("toepen", "lie30")] = Lie30
arena.RETIRED[("toepen", "noak")] = lie_when(lambda bot, obs, rng: T.weak(obs.view["hand"]), "NoAK")  # lie30's hands, every time
arena.RETIRED[("toepen", "noace")] = lie_when(lambda bot, obs, rng: not any(c[0] == "A" for c in obs.view["hand"]), "NoAce")
arena.RETIRED[("toepen", "xq4")] = adaptive((1, 4), (1.5, 1.1))  # the first adaptive try
arena.RETIRED[("toepen", "xp4")] = adaptive((0.5, 2), (1.65, 1.45))  # one in four, a fifth of a share at a table that challenges all
arena.RETIRED[("toepen", "xp1")] = adaptive((1, 2), (1.65, 1.45))  # one in two, the same line
arena.RETIRED[("toepen", "chal")] = ChallengeAll
for _line in (10, 20, 30, 40, 50):
    arena.RETIRED[("toepen", f"x{_line}")] = lie_when(below(_line / 100), f"X{_line}")


SEEING = {"seeall": SeeAllToepen, "seestakes": SeeStakes, "seecard": SeeCard,
          "seeanswer": SeeAnswer, "seeknock": SeeKnock}
for _name, _cls in SEEING.items():
    arena.RETIRED[("toepen", _name)] = _cls
    arena.WINDOWS[_name] = arena.SeeAll


VARIANTS = {
    "w40": W40, "c90": C90, "c90w40": C90W40, "nocard": NoCard, "infer": Infer, "infer200": Infer200,
    "inferk": InferK, "inferkx": InferKX, "cal": Cal, "cal5": Cal5,
    "nk35": knock_at(0.35), "nk45": knock_at(0.45), "nk70": knock_at(0.70),
    "nr2": sharp_respond(2), "nr3": sharp_respond(3), "kread": KnockerRead, "edge": EdgeStay, "tread": TableRead,
}
for _name, _cls in VARIANTS.items():
    arena.RETIRED[("toepen", _name)] = _cls


# --- the measurements --------------------------------------------------------------------
CACHE = Path("/tmp/toepen_paired_cache.json")


def paired(levels: list[str], seeds: int, first: int, players: int, against: str, cache: bool = False) -> None:
    """Each level's edge, and each level's paired difference from the first. With
    ``cache``, each (level, against, size, seed)'s table is kept in ``CACHE`` and read
    back (a seeded table replays the same), so a baseline is played once: delete
    the file whenever a level's code changes."""
    kept = json.loads(CACHE.read_text()) if cache and CACHE.exists() else {}
    runs = {}
    for level in levels:
        keys = [f"{level},{against},{players},{first + i}" for i in range(seeds)]
        todo = [(k, ("toepen", level, against, players, first + i, None))
                for i, k in enumerate(keys) if k not in kept]
        for (k, _), r in zip(todo, arena._map(arena._table, [w for _, w in todo], None) if todo else []):
            kept[k] = r
        if cache and todo:
            CACHE.write_text(json.dumps(kept))
        runs[level] = out = [kept[k] for k in keys]
        edge, ci = arena.ratio_ci([e for _, e, _ in out], [d for _, _, d in out])
        print(f"{level:>10} among {against}: edge {edge:+.3f} ± {ci:.3f} chips a deal", flush=True)
    base = runs[levels[0]]
    for level in levels[1:]:
        diff = [x[1] - y[1] for x, y in zip(runs[level], base)]
        deals = [(x[2] + y[2]) / 2 for x, y in zip(runs[level], base)]
        edge, ci = arena.ratio_ci(diff, deals)
        print(f"paired {level} - {levels[0]}: {edge:+.3f} ± {ci:.3f}")


def _calibrate_seed(seed: int) -> list[tuple[float, bool]]:
    """(estimated chance, deal won) for each time strong stayed, strong in each seat."""
    game, out = games.get("toepen"), []
    for seat in range(4):
        state = game.new_game(seed=seed, options={"players": 4})
        players = {s: bots.make("toepen", "strong" if s == seat else "normal") for s in range(4)}
        ply, stays = 0, []
        while not state.is_over:
            s, deal = state.to_act, state.deal_no
            action = bots.decide(players[s], state, seed, ply)
            if s == seat and action == "stay":
                obs = Observation(state, s)
                stays.append(T.win_chance(obs, random.Random(ply), 40, T.knocker_weight(obs.view["knocker"])))
            state.apply(action)
            ply += 1
            if state.deal_no != deal or state.is_over:
                out += [(p, state.last_deal["winner"] == seat) for p in stays]
                stays = []
    return out


def calibrate(seeds: int, first: int) -> None:
    rows = [r for part in arena._map(_calibrate_seed, list(range(first, first + seeds)), None) for r in part]
    buckets = collections.defaultdict(list)
    for p, won in rows:
        buckets[min(9, int(p * 10))].append((p, won))
    print("strong's stays: estimated chance, stays, mean estimate, deals won")
    for k in sorted(buckets):
        b = buckets[k]
        print(f"  {k / 10:.1f}-{(k + 1) / 10:.1f}  {len(b):4d}  {sum(p for p, _ in b) / len(b):.2f}  "
              f"{sum(w for _, w in b) / len(b):.2f}")


def _knocks_seed(seed: int) -> collections.Counter:
    game, c = games.get("toepen"), collections.Counter()
    state = game.new_game(seed=seed, options={"players": 4})
    bot, ply, knocks = bots.make("toepen", "normal"), 0, []
    while not state.is_over:
        action = bots.decide(bot, state, seed, ply)
        deal, stake = state.deal_no, state.stake
        if action == "knock":
            c[f"knocks in trick {state.trick_no}"] += 1
            knocks.append(state.to_act)
        elif action in ("stay", "fold"):
            c[f"{action}s at stake {stake}"] += 1
        state.apply(action)
        ply += 1
        if state.deal_no != deal or state.is_over:
            c["deals"] += 1
            c[f"final stake {state.last_deal['stake']}"] += 1
            c["deals with a knock"] += bool(knocks)
            c["the last knocker won"] += bool(knocks) and state.last_deal["winner"] == knocks[-1]
            knocks = []
    return c


def knocks(seeds: int, first: int) -> None:
    total = collections.Counter()
    for c in arena._map(_knocks_seed, list(range(first, first + seeds)), None):
        total.update(c)
    for k in sorted(total):
        print(f"  {k:>24}: {total[k] / total['deals']:.3f} a deal")


def _challenges_seed(work) -> collections.Counter:
    level, against, seed = work
    game, c = games.get("toepen"), collections.Counter()
    for seat in range(4):
        state = game.new_game(seed=seed, options={"players": 4})
        players = {s: arena.make_player("toepen", level if s == seat else against) for s in range(4)}
        ply = 0
        while not state.is_over:
            before = len(state.exchange_history)
            state.apply(bots.decide(players[state.to_act], state, seed, ply))
            ply += 1
            if len(state.exchange_history) > before:  # an exchange's challenges are over
                record = state.exchanges[-1]
                who = level if record["seat"] == seat else against
                kind = "honest" if record["honest"] else "lies"
                c[f"{who}'s {kind}"] += 1
                c[f"{who}'s {kind} challenged"] += bool(record["challengers"])
    return c


def challenges(level: str, against: str, seeds: int, first: int) -> None:
    """How often each side's honest exchanges and lies are challenged, ``level`` in
    every seat among ``against``."""
    total = collections.Counter()
    for c in arena._map(_challenges_seed, [(level, against, first + i) for i in range(seeds)], None):
        total.update(c)
    for k in sorted(total):
        print(f"  {k:>32}: {total[k]}")


def _lastcard_seed(seed: int) -> collections.Counter:
    """One game of ``strong`` (seat ``seed % 4``) among ``normal``: at each of its answers
    to a knock, whether ``tread`` answers otherwise, and what the change is worth on the
    true deal (staying wins or loses the raised stake if nobody knocks or folds again,
    folding pays the stake)."""
    state = games.get("toepen").new_game(seed=seed, options={"players": 4})
    me = seed % 4
    players = [arena.make_player("toepen", "strong" if s == me else "normal") for s in range(4)]
    tread = TableRead()
    out = collections.Counter()
    ply = 0
    while not state.is_over:
        seat = state.to_act
        obs = Observation(state, seat)
        if seat == me and "stay" in obs.legal:
            was = players[seat].respond(obs, derived_rng(seed, "bot", seat, ply))[0]
            now = tread.respond(obs, derived_rng(seed, "bot", seat, ply))[0]
            out["answers"] += 1
            out["read"] += bool(last_card_decisions(obs.view, seat))
            if was != now:
                won = T.play_out(state.clone()) == seat
                stay, fold = T.stay_value(obs.view, seat, 1.0 if won else 0.0)
                out[f"{was} -> {now}"] += 1
                out["chips"] += (stay - fold) if now == "stay" else (fold - stay)
        state.apply(bots.decide(players[seat], state, seed, ply))
        ply += 1
    return out


def lastcard(seeds: int, first: int) -> None:
    total = collections.Counter()
    for c in arena._map(_lastcard_seed, list(range(first, first + seeds)), None):
        total.update(c)
    print(f"strong's answers to a knock: {total['answers']}; with a last-card decision to read: {total['read']}")
    for k in sorted(k for k in total if "->" in k):
        print(f"  tread answers {k}: {total[k]}")
    print(f"  what the changes were worth on the true deal: {total['chips']:+.0f} chips")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("paired", "calibrate", "knocks", "challenges", "lastcard"))
    p.add_argument("levels", nargs="*", default=["strong"])
    p.add_argument("-s", "--seeds", type=int, default=40)
    p.add_argument("--seed", type=int, default=1, help="first seed")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--against", default="normal")
    p.add_argument("--cache", action="store_true", help=f"paired: keep and reuse each seeded table in {CACHE}")
    a = p.parse_args(argv)
    if a.what == "paired":
        paired(a.levels, a.seeds, a.seed, a.players, a.against, a.cache)
    elif a.what == "calibrate":
        calibrate(a.seeds, a.seed)
    elif a.what == "challenges":
        challenges(a.levels[0], a.against, a.seeds, a.seed)
    elif a.what == "lastcard":
        lastcard(a.seeds, a.seed)
    else:
        knocks(a.seeds, a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
