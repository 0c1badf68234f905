"""Le Truc bots: card play by sampled perfect-information search, stakes by equity.

For each decision the bot samples worlds consistent with what it has seen (the
other hand, any face-down card and the stock re-dealt), solves the card play of
each world exactly (at most three cards each, so the tree is tiny), and averages.
That estimate, the round's equity, then drives the stake decisions:

- a face-down card is mostly a value bet on a position better than even (such an
  offer gains whether it is folded or accepted), sometimes a bluff from a weak one,
  so a face-down card never proves strength;
- a face-down card from the other side is read: each sampled world counts as much
  as the offer was likely there (as if the other player offered the way this bot
  does), and the offer is accepted when that equity beats the break-even of 1 in 4
  (accepting risks 2v to win 2v; folding loses v) plus a margin for the doublings
  still to come, with some randomness near the line so the bot cannot be read
  exactly;
- folding is never chosen when it hands the other player the match.
"""

from __future__ import annotations

from functools import lru_cache

from ..games.le_truc import round_outcome, strength
from . import Bot


@lru_cache(maxsize=None)
def solve(h0: tuple, h1: tuple, results: tuple, leader: int, lead: int | None) -> float:
    """Seat 0's result of open-handed best play (1 win, 0.5 draw, 0 loss).

    Hands are sorted tuples of strengths; ``lead`` is the strength the leader has
    already put down in the current trick, if any.
    """
    decided = round_outcome(results)
    if decided is not None:
        return 1.0 if decided[0] == 0 else 0.0 if decided[0] == 1 else 0.5
    mover = leader if lead is None else 1 - leader
    hand = h0 if mover == 0 else h1
    values = []
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        rest = tuple(rest)
        n0, n1 = (rest, h1) if mover == 0 else (h0, rest)
        if lead is None:
            values.append(solve(n0, n1, results, leader, card))
        else:
            winner = leader if lead > card else mover if card > lead else None
            nxt = leader if winner is None else winner
            values.append(solve(n0, n1, results + (winner,), nxt, None))
    return max(values) if mover == 0 else min(values)


def world_equity(world, seat: int, extra: tuple = ()) -> float:
    """``seat``'s open-handed result in ``world`` after ``extra`` plays (seat, card)."""
    hands = [tuple(sorted(strength(c) for c in h)) for h in world.hands]
    trick = world.tricks[-1] if world.tricks else None
    plays = [(p["seat"], p["card"]) for p in trick["plays"]] if trick else []
    results = tuple(world.results)
    leader = trick["leader"] if trick else 1 - world.dealer
    for s, c in extra:
        h = list(hands[s])
        h.remove(strength(c))
        hands[s] = tuple(h)
        plays.append((s, c))
    if len(plays) == 2:
        a, b = strength(plays[0][1]), strength(plays[1][1])
        winner = plays[0][0] if a > b else plays[1][0] if b > a else None
        results += (winner,)
        leader = leader if winner is None else winner
        lead = None
    else:
        lead = strength(plays[0][1]) if plays else None
    v0 = solve(hands[0], hands[1], results, leader, lead)
    return v0 if seat == 0 else 1.0 - v0


class TrucBot(Bot):
    """The shared logic; levels differ by sample count, noise and offer rates."""

    level = "normal"
    worlds = 48
    # Chance of playing face down, by the equity of the position (low, middle, high).
    # An offer with equity above one half gains whether it is accepted or folded;
    # the bluffs from weak positions keep the high offers from being read.
    strong_line = 0.55
    weak_line = 0.25
    offer_rates = (0.3, 0.1, 0.9)
    accept_line = 0.3     # equity needed to accept, after reading the offer
    redo_line = 0.42      # below this equity the non-dealer asks for a redo
    card_noise = 0.0      # chance of playing a random card (easy)
    read_offers = True    # weigh worlds by how likely the offer was in each

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        """The decision and its reason: the equity (chance to win the round, draws
        counting half) that drove it, for the hint sentence."""
        v = obs.view
        worlds = [obs.sample_world(rng) for _ in range(self.worlds)]
        me = obs.seat
        if v["phase"] == "redo_ask":
            eq = self._mean(worlds, me)
            action = "redo" if eq < self.redo_line else "keep"
            return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq)}
        if v["phase"] == "redo_answer":
            eq = self._mean(worlds, me)
            action = "refuse" if eq >= 0.5 else "exchange"
            return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq)}
        if v["phase"] == "answer":
            return self._answer(v, worlds, me, rng)
        return self._play(v, obs.legal, worlds, me, rng)

    @staticmethod
    def _mean(worlds, seat, extra=()):
        return sum(world_equity(w, seat, extra) for w in worlds) / len(worlds)

    def offer_rate(self, equity: float) -> float:
        """How often this bot plays face down from a position of this equity."""
        low, middle, high = self.offer_rates
        if equity >= 0.999:
            return 1.0  # a certain win: an offer can only gain
        return high if equity > self.strong_line else low if equity < self.weak_line else middle

    def _answer(self, v, worlds, me, rng):
        other = 1 - me
        if v["scoring"] == "race" and v["scores"][other] + v["value"] >= v["target"]:
            return "accept", {"key": "hint.le_truc.accept_or_lose"}  # folding hands over the match
        if v["scoring"] == "bankroll" and v["scores"][me] <= v["value"]:
            return "accept", {"key": "hint.le_truc.accept_or_lose"}  # folding leaves nothing
        total = weight_sum = 0.0
        for w in worlds:
            eq = world_equity(w, me)
            # Read the offer: a world counts as much as the offer was likely in it,
            # assuming the other player offers the way this bot does.
            weight = self.offer_rate(1.0 - eq) if self.read_offers else 1.0
            total += weight * eq
            weight_sum += weight
        eq = total / weight_sum if weight_sum else 0.0
        line = self.accept_line + rng.uniform(-0.05, 0.05)
        action = "accept" if eq >= line else "fold"
        return action, {"key": f"hint.le_truc.{action}", "pct": round(100 * eq), "value": v["value"],
                        "next": 2 * v["value"]}

    def _play(self, v, legal, worlds, me, rng):
        ups = [a for a in legal if not a.endswith(" down")]
        if self.card_noise and rng.random() < self.card_noise:
            best = rng.choice(ups)
            eq = self._mean(worlds, me, ((me, best.split()[1]),))
        else:
            scored = []
            for a in ups:
                card = a.split()[1]
                scored.append((self._mean(worlds, me, ((me, card),)), -strength(card), a))
            eq, _, best = max(scored)  # ties: keep the stronger card back
        reason = {"key": "hint.le_truc.play", "card": best.split()[1], "pct": round(100 * eq)}
        if not v["may_play_down"]:
            return best, reason
        if rng.random() < self.offer_rate(eq):
            kind = "value" if eq > self.strong_line else "bluff" if eq < self.weak_line else "mixed"
            return best + " down", dict(reason, key=f"hint.le_truc.down_{kind}")
        return best, reason


class EasyTrucBot(TrucBot):
    """Fewer worlds, some careless cards, offers mostly on strength, no reading."""

    level = "easy"
    worlds = 12
    strong_line = 0.75
    weak_line = 0.3
    offer_rates = (0.1, 0.1, 0.5)
    accept_line = 0.35
    card_noise = 0.25
    read_offers = False


LEVELS = {"easy": EasyTrucBot, "normal": TrucBot}
