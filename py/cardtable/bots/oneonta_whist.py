"""Oneonta Whist: the exact solver behind the bid advisor, the hints and ``strong``.

From the player's seat the game is a one-person decision problem: the dummy's
next lead is equally likely to be any card the player has not seen (the pile's
order and the three dead cards are a uniform shuffle), and the player's only
choices are the bid and which legal card to play. So the best play is an
expectimax over (hand, unseen cards), solved exactly here, with no sampling.

Positions are reduced before they are memoised: only the order of live cards
within a suit matters, so each suit becomes a string of ``H`` (the player holds
it) and ``U`` (unseen) from the highest card down, and the plain suits are sorted
(they are interchangeable). A 9-card deal then has a few thousand positions.

Values are expected Edward scores for a fixed bid, for each number of tricks
still ``need``-ed; ``n < 0`` (already over) only asks to take as few more tricks
as possible, which is the same for every bid.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..games.oneonta_whist import RANKS, edward_score, is_trump, trick_winner
from . import Bot, ReviewPlan

EPS = 1e-12


def encode(hand, unseen, trump: str | None, joker_anytime: bool = False) -> tuple:
    """The canonical key of a position: (trump string, sorted plain-suit strings, joker rule)."""
    hand, unseen = set(hand), set(unseen)

    def owner(card):
        return "H" if card in hand else "U" if card in unseen else ""

    if trump is None:
        trump_str = owner("BJ") + owner("LJ")  # one of them was turned: a one-card trump suit
        plain = [s for s in "SHDC"]
    else:
        trump_str = owner("BJ") + owner("LJ") + "".join(owner(r + trump) for r in RANKS)
        plain = [s for s in "SHDC" if s != trump]
    strings = sorted("".join(owner(r + s) for r in RANKS) for s in plain)
    return (trump_str, tuple(strings), joker_anytime and trump is None)


def _without(s: str, *positions: int) -> str:
    return "".join(ch for k, ch in enumerate(s) if k not in positions)


def _key(trump_str: str, plain: list[str], anytime: bool) -> tuple:
    return (trump_str, tuple(sorted(plain)), anytime)


@lru_cache(maxsize=None)
def transitions(key: tuple) -> tuple:
    """Every lead (as a count of equivalent unseen cards) and the distinct answers to it.

    Returns ``((weight, ((won, child_key), ...)), ...)``; the weights add up to the
    number of unseen cards.
    """
    trump_str, plain, anytime = key
    suits = [trump_str] + list(plain)
    grouped: dict[tuple, int] = {}
    for si, s in enumerate(suits):
        for i, ch in enumerate(s):
            if ch != "U":
                continue
            options = set()
            holds = [j for j, c in enumerate(s) if c == "H"]
            if holds:
                for j in holds:
                    options.add((j < i, _child(suits, {si: (i, j)}, anytime)))
                if anytime and si != 0 and "H" in suits[0]:  # the no-trump joker, played at will
                    options.add((True, _child(suits, {si: (i,), 0: (suits[0].index("H"),)}, anytime)))
            else:
                for ti, t in enumerate(suits):
                    for j, c in enumerate(t):
                        if c == "H":
                            won = ti == 0 and si != 0  # a ruff; a discard never wins
                            options.add((won, _child(suits, {si: (i,), ti: (j,)}, anytime)))
            if not options:  # an empty hand never meets a lead; kept for safety
                continue
            opts = tuple(sorted(options))
            grouped[opts] = grouped.get(opts, 0) + 1
    return tuple((w, opts) for opts, w in sorted(grouped.items()))


def _child(suits: list[str], removals: dict, anytime: bool) -> tuple:
    changed = list(suits)
    for si, positions in removals.items():
        changed[si] = _without(changed[si], *positions)
    return _key(changed[0], changed[1:], anytime)


@lru_cache(maxsize=None)
def held(key: tuple) -> int:
    trump_str, plain, _ = key
    return trump_str.count("H") + sum(s.count("H") for s in plain)


@lru_cache(maxsize=None)
def unseen_count(key: tuple) -> int:
    trump_str, plain, _ = key
    return trump_str.count("U") + sum(s.count("U") for s in plain)


@lru_cache(maxsize=None)
def fewest(key: tuple) -> float:
    """Expected tricks still taken when trying to take as few as possible."""
    if held(key) == 0:
        return 0.0
    total = 0.0
    for weight, opts in transitions(key):
        total += weight * min(won + fewest(child) for won, child in opts)
    return total / unseen_count(key)


class BidSolver:
    """Expected Edward score and chance to make one bid, under the best play for it."""

    def __init__(self, bid: int, bonus: int = 0):
        self.bid = bid
        self.bonus = bonus
        self.memo: dict = {}

    def value(self, key: tuple, need: int) -> tuple[float, float]:
        """(expected score, chance the bid is made) from ``key`` still needing ``need``."""
        r = held(key)
        if need > r:
            return -float(self.bid), 0.0
        if need < 0:
            return need - fewest(key), 0.0
        if r == 0:
            return float(edward_score(self.bid, self.bid - need, self.bonus)), 1.0
        memo_key = (key, need)
        hit = self.memo.get(memo_key)
        if hit is not None:
            return hit
        ev = make = 0.0
        for weight, opts in transitions(key):
            best = self.best(opts, need)
            ev += weight * best[0]
            make += weight * best[1]
        u = unseen_count(key)
        out = (ev / u, make / u)
        self.memo[memo_key] = out
        return out

    def best(self, opts, need) -> tuple[float, float]:
        return self.value(*self.choose(opts, need))

    def choose(self, opts, need) -> tuple[tuple, int]:
        """(child, need after it) of the answer the best play picks; ties go to the
        first listed answer, so the choice is deterministic."""
        best = best_v = None
        for won, child in opts:
            v = self.value(child, need - won)[0]
            if best is None or v > best_v + EPS:
                best, best_v = (child, need - won), v
        return best

    def trick_distribution(self, key: tuple, need: int) -> list[float]:
        """Chance of taking 0, 1, … more tricks from ``key``, playing for this bid."""
        r = held(key)
        if r == 0:
            return [1.0]
        memo_key = ("dist", key, need)
        hit = self.memo.get(memo_key)
        if hit is not None:
            return hit
        out = [0.0] * (r + 1)
        u = unseen_count(key)
        for weight, opts in transitions(key):
            child, after = self.choose(opts, need)
            won = need - after
            for k, p in enumerate(self.trick_distribution(child, after)):
                out[k + won] += weight * p / u
        self.memo[memo_key] = out
        return out


@lru_cache(maxsize=None)
def solver(bid: int, bonus: int = 0) -> BidSolver:
    """One solver per (bid, bonus), kept for the page's life: positions recur from
    deal to deal once reduced, so later deals are mostly answered from memory."""
    return BidSolver(bid, bonus)


# --- the advisor ------------------------------------------------------------------------
# (A view's "unseen" cards are the dummy's rest and the dead three: a lead already
# turned is not among them.)
def bid_table(view) -> dict:
    """For the dealt hand: each bid's expected score and chance to be made, the best
    bid, and the distribution of tricks when playing for the best bid."""
    hand = view["hand"]
    key = encode(hand, view["unseen"], view["trump"], view.get("joker_anytime", False))
    bonus = view.get("exact_bonus", 0)
    rows = []
    solvers = {}
    for bid in range(len(hand) + 1):
        solvers[bid] = solver(bid, bonus)
        ev, make = solvers[bid].value(key, bid)
        rows.append({"bid": bid, "expected": ev, "make": make})
    top = max(r["expected"] for r in rows)
    best = min(r["bid"] for r in rows if r["expected"] >= top - 1e-9)  # the lowest of equal bids
    dist = solvers[best].trick_distribution(key, best)
    return {"bids": rows, "best": best, "tricks": dist}


def card_table(view, legal_cards) -> dict:
    """At a lead: for each legal card, the expected deal score and the chance to make
    the bid if that card is played now (and the rest is played as well as possible)."""
    hand, unseen = view["hand"], view["unseen"]
    lead, trump = view["lead"], view["trump"]
    anytime = view.get("joker_anytime", False)
    bid_solver = solver(view["bid"], view.get("exact_bonus", 0))
    need = view["bid"] - view["taken"]
    rows = []
    for card in legal_cards:
        won, _ = trick_winner(lead, card, trump)  # (the no-trump joker wins however it is played)
        child = encode([c for c in hand if c != card], unseen, trump, anytime)
        ev, make = bid_solver.value(child, need - won)
        rows.append({"card": card, "wins": won, "expected": ev, "make": make})
    best = max(rows, key=lambda r: r["expected"])["expected"]
    return {"cards": rows, "best": [r["card"] for r in rows if r["expected"] >= best - 1e-9]}


def lead_chances(view) -> dict:
    """The chance that each unseen card is still to be led, and per suit the exact
    (hypergeometric) chance that 0, 1, 2 … of its unseen cards are led."""
    unseen = view["unseen"]
    d = view["dummy_count"]
    u = len(unseen)
    each = d / u if u else 0.0
    per_suit = {}
    for group in ("T",) + tuple("SHDC"):
        cards = [c for c in unseen if ("T" if is_trump(c, view["trump"]) else c[1]) == group]
        if not cards:
            continue
        m = len(cards)
        per_suit[group] = {"cards": cards,
                           "counts": [comb(m, x) * comb(u - m, d - x) / comb(u, d) if x <= d else 0.0
                                      for x in range(m + 1)]}
    return {"each": each, "to_come": d, "unseen": u, "suits": per_suit}


def advice(obs) -> dict | None:
    """What the advisor panel shows at this decision (computed from the view only)."""
    view = obs.view
    if view["phase"] == "bid":
        return {"phase": "bid", **bid_table(view), "leads": lead_chances(view)}
    if view["phase"] == "play":
        cards = [a.split()[1] for a in obs.legal]
        return {"phase": "play", **card_table(view, cards), "leads": lead_chances(view)}
    return None


class StrongOneontaWhistBot(Bot):
    """Bids the bid with the best expected score and plays each card exactly for it.

    It needs no randomness and sees only the view: the solver averages over every
    order of the cards the player has not seen.
    """

    level = "strong"

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        view = obs.view
        if view["phase"] == "bid":
            table = bid_table(view)
            row = table["bids"][table["best"]]
            return f"bid {table['best']}", {"key": "hint.oneonta_whist.bid", "bid": table["best"],
                                             "expected": f"{row['expected']:+.2f}",
                                             "make": round(100 * row["make"])}
        table = card_table(view, [a.split()[1] for a in obs.legal])
        card = table["best"][0]
        row = next(r for r in table["cards"] if r["card"] == card)
        return f"play {card}", {"key": "hint.oneonta_whist.play", "card": card,
                                "expected": f"{row['expected']:+.2f}", "make": round(100 * row["make"])}


# --- the review (cardtable/analysis.py) -------------------------------------------------
def review_exact(obs) -> list[float] | None:
    """Each legal action's expected deal score, exactly (the advisor's tables)."""
    view = obs.view
    if view["phase"] == "bid":
        rows = {f"bid {r['bid']}": r["expected"] for r in bid_table(view)["bids"]}
    elif view["phase"] == "play":
        rows = {f"play {r['card']}": r["expected"]
                for r in card_table(view, [a.split()[1] for a in obs.legal])["cards"]}
    else:
        return None
    return [rows[a] for a in obs.legal]


REVIEW = ReviewPlan(unit="points", threshold=0.1, exact=review_exact)  # of the deal's expected score


ADVISOR = advice  # the odds and expected scores of the decision at hand
LEVELS = {"strong": StrongOneontaWhistBot}
