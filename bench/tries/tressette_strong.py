"""Tressette's strong bot reading the other player's cards, and what a perfect reading is worth (issue 39, item 2).

Arena levels registered beside the real ones (``arena.RETIRED``), played with the
arena's own command line:

    python bench/tries/tressette_strong.py read w60 -n 600 --seed 9001

- ``w10``, ``w30``, ``w60``, ``w120``: ``strong`` with 10, 30, 60 or 120 worlds,
  none weighed (``w30`` is ``strong`` before it read the other player's cards).
- ``read``: ``strong`` over 60 worlds, each weighed by how likely the other
  player's cards this deal were there under the bots' own search, valued against
  my true hand (``Reading``); ``readf`` reads only the cards they followed with;
  ``read2``/``read1`` other sharpness (``beta``).
- ``readp1``: the ``strong`` of 2026-12-06, evening (it values their cards as
  they saw the deal: ``reading_weight``) with weights twice as sharp; ``readh8``
  with 8 imagined hands, ``readc`` the same imagined hands in every world
  (``common_weight``). ``noguess`` is that
  ``strong``: today's has them answer its lead as they see the deal
  (``lead_values``, merged 2026-12-06, night; the try was ``predict``).
- ``s120``: today's ``strong`` (the reading and their answer) over 120 worlds
  instead of 60 (2026-12-07: +0.02 ± 0.09 a deal, nothing).
- ``seehand``: ``strong`` handed the other hand (the stock's order still
  sampled): what a perfect reading could give at most.
- ``ceiling`` (the arena's: the true deal, the stock's order included) is played
  here too.

Measured on 2026-12-02 (bench/RESULTS.md): ``read`` gains nothing. On
2026-12-06, evening, the reading as they saw the deal gained and was merged; at
night, ``readc`` and ``readh8`` gained nothing over it and ``predict`` did.
Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import tressette as T  # noqa: E402
from cardtable.bots.search import best_index, search  # noqa: E402
from cardtable_lab import arena  # noqa: E402


def worlds(n: int):
    """``strong`` with ``n`` worlds, none weighed (``w30`` is strong before it read)."""
    return type(f"Strong{n}", (T.StrongTressetteBot,), {"worlds": n, "reading": T.TressetteSearchBot.reading,
                                                         "guesses": 0})


for n in (10, 30, 60, 120):
    arena.RETIRED[("tressette", f"w{n}")] = worlds(n)


class SeeHand(arena.SeeAll):
    """The other hand seen, the stock's order not: the worth of a perfect reading."""

    def sample_world(self, rng):
        w = self._true.clone()
        rng.shuffle(w.stock)
        return w


arena.WINDOWS["seehand"] = SeeHand
arena.RETIRED[("tressette", "seehand")] = T.StrongTressetteBot


class Reading(T.StrongTressetteBot):
    """``strong``, its worlds weighed by how likely the other player's cards this deal
    were under its own search: each of their cards counts exp(BETA x (its value - the
    best value)) in thirds, valued by the trick searched in that world (their hand
    then rebuilt from the world's hand now, what they played and drew since), against
    my true hand. The deal's tricks are the view's ``tricks``."""

    worlds = 60
    beta = 0.5
    follows_only = False  # read only the cards they followed with (a lead depends on my hand, which they did not see)

    @staticmethod
    def _tricks(view):
        """The deal's tricks as [(leader, {seat: card}, [(seat, card drawn after, 0 if hidden)])]."""
        return [(t["leader"], {int(s): T.BIT[c] for s, c in t["cards"].items()},
                 [(d["seat"], T.BIT[d["card"]] if d["card"] else 0) for d in t["draws"]]) for t in view["tricks"]]

    def _their_moves(self, view, me):
        """Each card they played this deal, latest first, as (the card, my card it
        followed or 0, my hand then, their cards played since, their cards drawn
        since, the cards drawn since in order): their hand then is a world's hand
        now with the played ones put back and the drawn ones taken out."""
        other = 1 - me
        hand = T.mask(view["hand"])
        out = []
        their_plus, their_minus, my_plus, my_minus = 0, 0, 0, 0
        stock_then = []
        cur = view["trick"]
        if len(cur) == 1 and cur[0]["seat"] == other:
            c = T.BIT[cur[0]["card"]]
            out.append((c, 0, hand, c, 0, ()))
            their_plus = c  # their hand in the tricks before held it too
        for leader, cards, draws in reversed(self._tricks(view)):
            if any(not c for _, c in draws):
                return out  # a hidden draw: no reading
            for s, c in draws:
                if s == other:
                    their_minus |= c
                else:
                    my_minus |= c
            stock_then = [c for _, c in draws] + stock_then
            their_plus |= cards[other]
            my_plus |= cards[me]
            mine_then = (hand | my_plus) & ~my_minus
            table = 0
            if leader == me:
                table = cards[me]
                mine_then &= ~table
            out.append((cards[other], table, mine_then, their_plus, their_minus, tuple(stock_then)))
        return out

    def explain(self, obs, rng):
        view = obs.view
        k = T._Seen(view, obs.legal)
        if not k.stock or "claim" in obs.legal or len(obs.legal) == 1:
            return super().explain(obs, rng)
        moves = T.root_moves(k.legal, k.unseen, k.table)
        if len(moves) == 1:
            return super().explain(obs, rng)
        me = obs.seat
        theirs = self._their_moves(view, me)
        beta = self.beta

        def evaluate(w):
            stock = tuple(T.BIT[c] for c in w.stock)
            return T.world_values(k.hand, T.mask(w.hands[1 - me]), stock, k.table, moves, self.depth)

        def weigh(w, values):
            now = T.mask(w.hands[1 - me])
            stock = tuple(T.BIT[c] for c in w.stock)
            logw = 0.0
            for c, table, mine_then, plus, minus, drawn in theirs:
                if self.follows_only and not table:
                    continue
                h = (now | plus) & ~minus
                if table:
                    s = T.SUIT_MASK[T.SUIT_OF[table]]
                    legal = h & s or h
                else:
                    legal = h
                bits = [T.BIT[x] for x in T.cards_of(legal)]
                if len(bits) < 2:
                    continue
                v = T.world_values(h, mine_then, drawn + stock, table, bits, 0)
                logw += beta * (v[bits.index(c)] - max(v))
            return math.exp(logw)

        values = search(obs, rng, self.worlds, evaluate, weigh).means()
        card = T.CARD[moves[best_index(values, eps=1e-9)]]
        return "play " + card, {"key": "hint.tressette.search", "card": card, "n": self.worlds}


def reading(name, **kw):
    arena.RETIRED[("tressette", name)] = type(name, (Reading,), kw)


reading("read")
reading("readf", follows_only=True)
reading("read2", beta=0.2)
reading("read1", beta=1.0)


def reads(name, **kw):
    """``strong`` of 2026-12-06, evening (it reads their cards as they saw the deal,
    but has them answer its lead as if they saw its hand) with other settings."""
    arena.RETIRED[("tressette", name)] = type(name, (T.StrongTressetteBot,), {"guesses": 0, **kw})


reads("readp1", read_sharpness=1.0)
reads("readh8", read_hands=8)


def common_weight(moves, other, rng, hands=T.READ_HANDS, sharpness=T.READ_SHARPNESS):
    """``reading_weight`` with the same imagined hands of mine in every world: each
    of their cards gets ``hands`` orders of the deck, drawn once, and a world's
    imagined hand is the first cards of an order that the world leaves unseen to
    them, so the noise of the imagined hands is shared by the worlds it weighs."""
    orders = [[[T.BIT[c] for c in rng.sample(list(T.BIT), 40)] for _ in range(hands)] for _ in moves]

    def weigh(world, _values=()):
        now = T.mask(world.hands[other])
        logw = 0.0
        for m, perms in zip(moves, orders):
            h = (now | m.played_since) & ~m.drawn_since
            legal = (h & T.SUIT_MASK[T.SUIT_OF[m.led]] or h) if m.led else h
            cands = [T.BIT[c] for c in T.cards_of(legal)]
            if len(cands) < 2:
                continue
            unseen = T.ALL & ~h & ~m.gone & ~m.led & ~m.shown
            hidden = bin(m.mine).count("1") - bin(m.shown).count("1")
            decks = ([b for b in perm if b & unseen] for perm in perms)
            total = T.imagined_values(h, m.led, cands, m.shown, hidden, m.stock, decks)
            logw += sharpness * (total[cands.index(m.card)] - max(total)) / hands
        return math.exp(logw)
    return weigh


class Common(T.StrongTressetteBot):
    """Today's ``strong`` with ``common_weight``: the imagined hands shared by the worlds."""

    def reading(self, obs, rng):
        draw = random.Random(rng.getrandbits(63))
        moves = T.their_moves(obs.view, obs.seat)
        return common_weight(moves, 1 - obs.seat, draw, self.read_hands, self.read_sharpness) if moves else None


def common(name, **kw):
    arena.RETIRED[("tressette", name)] = type(name, (Common,), {"guesses": 0, **kw})


common("readc")

# ``predict`` (2026-12-06, night) answered my lead as they see the deal; it was
# merged into ``strong`` (``lead_values``), which replays it game for game. ``noguess``
# is ``strong`` without it: their best answer in each world, as if they saw my hand.
reads("noguess")


# 2026-12-07: today's ``strong`` (the reading and their answer) over twice its worlds.
arena.RETIRED[("tressette", "s120")] = type("Strong120", (T.StrongTressetteBot,), {"worlds": 120})


class Blend(T.StrongTressetteBot):
    """``strong`` valuing its lead in each world as ``alpha`` of the trick with their
    guessed answer (``lead_values``) and the rest with their best answer to my hand:
    the ceiling, in its one true world, did worse trusting the guess wholly
    (bench/RESULTS.md, 2026-12-07, night)."""

    alpha = 0.5

    def lead_world_values(self, k, B, stock, moves, seen, rng):
        guessed = super().lead_world_values(k, B, stock, moves, seen, rng)
        best = T.world_values(k.hand, B, stock, 0, moves, self.depth)
        return [self.alpha * g + (1 - self.alpha) * b for g, b in zip(guessed, best)]


for _alpha in (25, 50, 75):
    arena.RETIRED[("tressette", f"blend{_alpha}")] = type(f"Blend{_alpha}", (Blend,), {"alpha": _alpha / 100})


if __name__ == "__main__":
    sys.exit(arena.main(["tressette", *sys.argv[1:]]))
