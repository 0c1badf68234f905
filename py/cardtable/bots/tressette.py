"""Tressette bots: determinized search while the stock lasts, exact play after.

Two things shape the game for a bot. While the stock lasts, the other hand is
partly hidden, but every drawn card is shown and following suit is compulsory,
so what is known grows trick by trick: the cards they drew and still hold, and
the suits they showed void in. Once the stock is gone, every card is accounted
for (mine, the played ones, and so theirs), and the last ten tricks are a game of
perfect information that can be solved.

Every level but ``random`` (``TressetteSearchBot``) samples hidden hands
consistent with the view (``State.sample_world``: their seen cards kept, their
voids respected), scores each card in every sample by playing out the current
trick with the draws and a fitted ``estimate`` of the resulting position, and
averages; once the stock is gone, it solves the endgame exactly (``Endgame``,
``solve_root``): strong from ten cards each, normal from seven, easy never
(it samples 4 worlds, normal 10, strong 60). ``strong`` also reads the other
player's cards: each world counts by how likely their cards this deal were with
the hand it gives them, valued as they saw the deal (``reading_weight``), and
expects them to answer its lead as they see the deal, not with the best card
against its hand (``lead_values``).

Cards are bits of a 40-bit int (``BIT``), so hands are masks and a position is a
pair of ints. Every budget is a count (worlds, cards), never a clock, and the
solver's table only ever holds exact answers, so a seeded decision is the same
whatever was searched before it.
"""

from __future__ import annotations

from math import exp
from operator import mul
from random import Random
from typing import NamedTuple

from ..games.tressette import RANK_ORDER, SUIT_ORDER, THIRDS
from . import Bot, ReviewPlan
from .search import best_index, highest_passing, search

# --- cards as bits -------------------------------------------------------------
# bit = 10 * suit + rank strength (0 = the 4, 9 = the 3), so within a suit a higher
# bit is a stronger card and a suit is ten adjacent bits.
BIT = {r + s: 1 << (10 * si + ri) for si, s in enumerate(SUIT_ORDER) for ri, r in enumerate(RANK_ORDER)}
CARD = {b: c for c, b in BIT.items()}
SUIT_MASK = [0x3FF << (10 * i) for i in range(4)]
ALL = (1 << 40) - 1
VAL = {b: THIRDS.get(c[0], 0) for c, b in BIT.items()}
SUIT_OF = {b: (b.bit_length() - 1) // 10 for b in VAL}
# Cards of equal value in rank order form groups; two cards of one hand in the same
# group with no card of the other hand between them are interchangeable.
_GROUP = {r: g for g, rs in enumerate(("4567", "JQK", "A", "23")) for r in rs}


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def cards_of(m: int) -> list[str]:
    out = []
    while m:
        b = m & -m
        out.append(CARD[b])
        m ^= b
    return out


def thirds_of(m: int) -> int:
    t = 0
    while m:
        b = m & -m
        t += VAL[b]
        m ^= b
    return t


# --- the open endgame ------------------------------------------------------------
_LEAD_CACHE: dict = {}
_FOLLOW_CACHE: dict = {}
_DISCARD_CACHE: dict = {}
_CACHE_CAP = 100_000  # per cache: past this, answers are computed but not kept
_REL_VAL = [THIRDS.get(r, 0) for r in RANK_ORDER]
_REL_GROUP = [_GROUP[r] for r in RANK_ORDER]


def _reps(own: int, other: int) -> list[int]:
    """Relative ranks (0-9) of ``own`` with interchangeable cards merged (lowest kept)."""
    out = []
    prev = -1  # the last kept own rank, if the run is still open
    for r in range(10):
        if own >> r & 1:
            if prev >= 0 and _REL_GROUP[prev] == _REL_GROUP[r]:
                continue  # same value, nothing of the other hand in between
            out.append(r)
            prev = r
        elif other >> r & 1:
            prev = -1
    return out


def _lead_order(own: int, other: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(winning leads, other leads) of one suit, as relative bits, in trial order."""
    key = own << 10 | other
    got = _LEAD_CACHE.get(key)
    if got is None:
        reps = _reps(own, other)
        top = other.bit_length() - 1
        win = sorted((r for r in reps if r > top), key=lambda r: (-_REL_VAL[r], r))
        lose = sorted((r for r in reps if r < top), key=lambda r: (_REL_VAL[r], r))
        got = (tuple(1 << r for r in win), tuple(1 << r for r in lose))
        if len(_LEAD_CACHE) < _CACHE_CAP:
            _LEAD_CACHE[key] = got
    return got


def _follow_order(own: int, other: int, led: int) -> tuple[int, ...]:
    """Responses of one suit to the relative card ``led``: cheapest winner first, then
    losers by value (``other`` is the leader's rest of the suit, with ``led``)."""
    key = (own << 10 | other) << 10 | led
    got = _FOLLOW_CACHE.get(key)
    if got is None:
        reps = _reps(own, other | led)
        win = [r for r in reps if 1 << r > led]
        lose = sorted((r for r in reps if 1 << r < led), key=lambda r: (_REL_VAL[r], r))
        got = tuple(1 << r for r in win + lose)
        if len(_FOLLOW_CACHE) < _CACHE_CAP:
            _FOLLOW_CACHE[key] = got
    return got


def _discards(own: int, other: int) -> tuple[int, ...]:
    """Discards from a whole hand (void in the led suit): cheapest first."""
    key = own << 40 | other
    got = _DISCARD_CACHE.get(key)
    if got is None:
        cands = []
        for s in range(4):
            o = own >> (10 * s) & 0x3FF
            if o:
                for r in _reps(o, other >> (10 * s) & 0x3FF):
                    cands.append((_REL_VAL[r], r, s))
        cands.sort()
        got = tuple(1 << (10 * s + r) for _, r, s in cands)
        if len(_DISCARD_CACHE) < _CACHE_CAP // 2:  # keys include the stock: many, rarely reused
            _DISCARD_CACHE[key] = got
    return got


class Endgame:
    """Exact open play of the last tricks (no stock), by alpha-beta on zero windows.

    A position is (leader's hand, follower's hand) as bit masks; its value is the
    leader's thirds from here (the last trick counting 3) minus the follower's.
    ``reach(L, F, d)`` answers "can the leader make at least d?"; the table keeps a
    lower and an upper bound per position, which stay true whatever question is
    asked next, so it is shared across questions and decisions. Only exact answers
    are stored, so its contents change the speed, never a result.
    """

    def __init__(self, max_entries: int = 100_000):
        self.tt: dict = {}
        self.nodes = 0
        self.max_entries = max_entries

    def reach(self, L: int, F: int, d: int) -> bool:
        if len(self.tt) > self.max_entries:
            self.tt.clear()
        tt = self.tt
        val = VAL
        suit_of = SUIT_OF
        lead_cache = _LEAD_CACHE
        follow_cache = _FOLLOW_CACHE
        nodes = 0

        def search(L, F, d, T):
            nonlocal nodes
            if d <= -T:
                return True
            if d > T:
                return False
            nodes += 1
            if L & (L - 1) == 0:  # the last trick
                if suit_of[L] == suit_of[F] and F > L:
                    return -T >= d
                return T >= d
            key = L << 40 | F
            e = tt.get(key)
            if e is not None:
                if e[0] >= d:
                    return True
                if e[1] < d:
                    return False
                first = e[2]
            else:
                e = tt[key] = [-T, T, 0]
                first = 0
            # leads: the table's best first, then winning leads of every suit, then the rest
            wins = []
            rest = []
            for s in (0, 1, 2, 3):
                sh = 10 * s
                o = L >> sh & 0x3FF
                if o:
                    t = F >> sh & 0x3FF
                    got = lead_cache.get(o << 10 | t)
                    if got is None:
                        got = _lead_order(o, t)
                    for b in got[0]:
                        wins.append(b << sh)
                    for b in got[1]:
                        rest.append(b << sh)
            leads = wins + rest
            if first and first in leads:
                leads.remove(first)
                leads.insert(0, first)
            for c in leads:
                s = suit_of[c]
                L2 = L ^ c
                sh = 10 * s
                fs = F >> sh & 0x3FF
                vc = val[c]
                if fs:
                    lr = L2 >> sh & 0x3FF
                    cr = c >> sh
                    got = follow_cache.get((fs << 10 | lr) << 10 | cr)
                    if got is None:
                        got = _follow_order(fs, lr, cr)
                    refuted = False
                    for rb in got:
                        r = rb << sh
                        pts = vc + val[r]
                        if rb > cr:
                            if search(F ^ r, L2, -pts - d + 1, T - pts):
                                refuted = True
                                break
                        elif not search(L2, F ^ r, d - pts, T - pts):
                            refuted = True
                            break
                else:
                    refuted = False
                    for r in _discards(F, L2):
                        pts = vc + val[r]
                        if not search(L2, F ^ r, d - pts, T - pts):
                            refuted = True
                            break
                if not refuted:
                    if d > e[0]:
                        e[0] = d
                    e[2] = c
                    return True
            if d - 1 < e[1]:
                e[1] = d - 1
            return False

        T = thirds_of(L | F) + 3
        try:
            return search(L, F, d, T)
        finally:
            self.nodes += nodes


def _move_reaches(eg: Endgame, mine: int, opp: int, table: int, m: int, d: int) -> bool:
    """With the stock gone: does my card ``m`` guarantee (my thirds - theirs) >= d?

    ``table`` is the card the other player led (0 when I lead with ``m``).
    """
    def after(my_card, their_card, i_won):
        pts = VAL[my_card] + VAL[their_card]
        m2, o2 = mine ^ my_card, opp & ~their_card  # a led card is no longer in their hand
        if not m2:  # that was the last trick
            pts += 3
            return (pts if i_won else -pts) >= d
        if i_won:
            return eg.reach(m2, o2, d - pts)
        return not eg.reach(o2, m2, -pts - d + 1)

    if table:
        won = SUIT_OF[m] == SUIT_OF[table] and m > table  # an off-suit card never wins
        return after(m, table, won)
    s = SUIT_OF[m]
    sh = 10 * s
    fs = opp >> sh & 0x3FF
    if fs:
        replies = [b << sh for b in _follow_order(fs, (mine ^ m) >> sh & 0x3FF, m >> sh)]
    else:
        replies = list(_discards(opp, mine ^ m))
    for r in replies:
        if not after(m, r, not (SUIT_OF[r] == s and r > m)):
            return False
    return True


def root_moves(legal: list[int], others: int, table: int = 0) -> list[int]:
    """The legal cards with interchangeable ones merged (the lowest kept), in a fixed
    order: suit by suit, weakest first. ``others`` are the cards that are not mine."""
    out = []
    legal_mask = 0
    for b in legal:
        legal_mask |= b
    for s in range(4):
        sh = 10 * s
        o = legal_mask >> sh & 0x3FF
        if o:
            for r in _reps(o, (others | table) >> sh & 0x3FF):
                out.append(1 << (r + sh))
    return out


def solve_root(eg: Endgame, mine: int, opp: int, table: int, captured: int, moves: list[int]) -> tuple[int, int]:
    """With the stock gone: (card, points). ``points`` is what my deal will score
    under best play on both sides (my thirds so far, ``captured``, plus what I take
    from here, truncated to points, the last trick included), found by asking
    zero-window questions "can I make p points?" in a bisection; ``card`` is the
    first of ``moves`` that guarantees it."""
    rest = thirds_of(mine | opp | table) + 3

    def test(p):
        d = 2 * (3 * p - captured) - rest  # my thirds >= 3p - captured, as a difference
        for m in moves:
            if _move_reaches(eg, mine, opp, table, m, d):
                return m
        return 0

    lo, hi = captured // 3, (captured + rest) // 3
    points, move = highest_passing(test, lo, hi)
    return move, points


# --- a static estimate of a position -----------------------------------------
# The value of an open position (leader's thirds from here minus the follower's),
# estimated suit by suit from features of who holds what, with weights fitted by
# least squares to exact solver values (see ``estimate``).
_ISO: dict = {}


def _iso(a: int, b: int) -> int:
    """One suit played out alone, ``a`` (relative ranks) leading and ``b`` following
    (a player out of the suit plays nothing): the leader's thirds minus the other's."""
    key = a << 10 | b
    got = _ISO.get(key)
    if got is not None:
        return got
    if not a:
        got = -sum(_REL_VAL[r] for r in range(10) if b >> r & 1)
    else:
        got = -99
        for r in range(10):
            if a >> r & 1:
                worst = 99
                for q in [q for q in range(10) if b >> q & 1] or [None]:
                    if q is None:
                        v = _REL_VAL[r] + _iso(a ^ 1 << r, 0)
                    elif q > r:
                        v = -(_REL_VAL[r] + _REL_VAL[q]) - _iso(b ^ 1 << q, a ^ 1 << r)
                    else:
                        v = _REL_VAL[r] + _REL_VAL[q] + _iso(a ^ 1 << r, b ^ 1 << q)
                    worst = min(worst, v)
                got = max(got, worst)
    _ISO[key] = got
    return got


def _side(x: int, y: int) -> list[int]:
    """Features of holding ``x`` against ``y`` in one suit (relative rank masks)."""
    top = y.bit_length() - 1
    nx = bin(x).count("1")
    win = [r for r in range(10) if x >> r & 1 and r > top]
    win_pts = sum(_REL_VAL[r] for r in win)
    return [
        len(win) if y else 0,                                   # cards above all of theirs
        win_pts if y else 0,                                    # ... and their points
        sum(_REL_VAL[r] for r in range(10) if x >> r & 1 and r < top),  # points they can beat
        1 if x >> 7 & 1 and top > 7 else 0,                     # an ace under their 2 or 3
        nx if nx and not y else 0,                              # cards of a suit they are out of
        win_pts if not y else 0,                                # ... and their points
        max(0, nx - bin(y).count("1")) if nx and x.bit_length() > y.bit_length() else 0,  # long with the top
        1 if not x and y else 0,                                # out of a suit they hold
        nx,
    ]


def suit_features(a: int, b: int) -> list[int]:
    """Leader ``a`` vs follower ``b`` in one suit: both sides' features, the suit
    played alone with either side leading, and the thirds in it."""
    return _side(a, b) + _side(b, a) + [_iso(a, b), -_iso(b, a),
                                        sum(_REL_VAL[r] for r in range(10) if (a | b) >> r & 1)]


# Weights per stage (cards left in the stock), the bias last, fitted by least
# squares (numpy, offline; see docs/tressette.md). Stage 0, the open endgame: exact
# solver values of 4,000 random and 5,000 played-down positions (R^2 0.73 on
# held-out played positions). Stages 2-18: the thirds a leader went on to take, net,
# from a trick start with that many cards in the stock, over 6,000 deals between two
# copies of an earlier normal bot playing exactly from ten cards (R^2 0.62 at 2
# cards, 0.27 at 18: the draws to come are most of what happens). The search looks
# at a position after the current trick's draws, so 18 is the most it needs.
STAGES = {
    0: (0.883, -0.01, -0.253, 0.433, 0.799, -0.05, 1.096, -0.433, -0.224, -0.176,
        -0.233, 0.268, -0.552, -0.201, 0.41, -0.821, -0.529, -0.224, 0.503, 0.34, 0.133,
        1.443),
    2: (1.101, 0.149, -0.312, 1.034, 0.625, 0.086, 0.526, -0.092, -0.111, -0.57, -0.122,
        0.349, -1.024, -0.248, -0.088, -0.481, 0.176, -0.111, 0.361, 0.298, 0.062,
        -0.011),
    4: (1.043, 0.119, -0.408, 1.417, 0.522, 0.229, 0.419, -0.341, -0.05, -0.74, -0.12,
        0.3, -1.055, -0.352, -0.08, -0.287, 0.261, -0.05, 0.368, 0.239, 0.042, -0.005),
    6: (0.978, 0.155, -0.454, 1.466, 0.435, 0.446, 0.463, -0.82, -0.065, -0.731, -0.122,
        0.284, -1.256, -0.18, -0.229, -0.314, -0.025, -0.065, 0.342, 0.204, 0.08, -0.007),
    8: (0.93, 0.191, -0.383, 1.095, 0.511, 0.65, 0.399, -0.9, -0.089, -0.478, -0.374,
        0.332, -1.692, -0.125, -0.332, -0.221, -0.354, -0.089, 0.222, 0.244, 0.084,
        -0.009),
    10: (0.662, 0.339, -0.401, 1.197, 0.585, 0.437, 0.267, -1.039, -0.03, -0.655, -0.318,
        0.292, -1.617, -0.275, -0.273, -0.157, -0.22, -0.03, 0.266, 0.159, 0.076, -0.003),
    12: (0.656, 0.277, -0.364, 1.298, 0.617, 0.434, 0.247, -1.621, 0.04, -0.683, -0.262,
        0.328, -1.62, 0.056, -0.426, -0.199, -0.5, 0.04, 0.245, 0.169, -0.013, 0.004),
    14: (0.783, 0.257, -0.368, 1.407, 0.764, 0.37, 0.219, -1.091, -0.042, -0.274, -0.382,
        0.427, -1.697, -0.04, -0.311, -0.249, -0.508, -0.042, 0.244, 0.176, -0.007,
        -0.004),
    16: (0.627, 0.224, -0.367, 1.146, 0.514, 0.389, 0.119, -1.316, -0.015, -0.234,
        -0.438, 0.504, -2.141, 0.051, -0.319, -0.196, 0.21, -0.015, 0.23, 0.219, -0.008,
        -0.002),
    18: (0.649, 0.31, -0.206, 0.942, 0.691, 0.013, 0.171, -0.027, -0.059, -0.277, -0.328,
        0.51, -2.221, -0.301, -0.335, -0.199, 0.895, -0.059, 0.225, 0.19, -0.036, -0.006),
}
_STAGE_INDEX = {stage: i for i, stage in enumerate(STAGES)}
_STAGE_WEIGHTS = [w[:-1] for w in STAGES.values()]
# A suit's part of the estimate at every stage, by who holds which of its cards (the
# leader's ten bits, then the follower's): at most 3^10 keys, so kept without a cap.
# Filled a key at a time, every stage at once: a deal meets one holding at stage after
# stage, and its features are most of the cost.
_SUIT_VALUES: dict = {}


def _suit_values(k: int) -> tuple[float, ...]:
    f = suit_features(k >> 10, k & 0x3FF)
    return tuple(sum(map(mul, weights, f)) for weights in _STAGE_WEIGHTS)


def estimate(P: int, Q: int, stage: int = 0) -> float:
    """Estimated (leader P's thirds - follower Q's) from here, last trick included,
    with ``stage`` cards still in the stock."""
    i = _STAGE_INDEX[stage]
    v = STAGES[stage][-1]
    get = _SUIT_VALUES.get
    for sh in (0, 10, 20, 30):
        k = (P >> sh & 0x3FF) << 10 | (Q >> sh & 0x3FF)
        x = get(k)
        if x is None:
            x = _SUIT_VALUES[k] = _suit_values(k)
        v += x[i]
    return v


# --- searching a sampled world (stock still in play) ---------------------------
def world_values(A: int, B: int, stock: tuple, table: int, moves: list[int], depth: int = 0) -> list[float]:
    """My (thirds - theirs) from here for each of ``moves`` in a world where every
    card is placed (their hand ``B``, the stock's order): the current trick and
    ``depth`` more are searched, drawing as the rules say, then ``estimate``."""
    if depth == 0:
        return trick_values(A, B, stock, table, moves)
    return searched_values(A, B, stock, table, moves, depth)


def searched_values(A: int, B: int, stock: tuple, table: int, moves: list[int], depth: int) -> list[float]:
    """``world_values`` by alpha-beta over ``depth`` more tricks (at depth 0, the same
    numbers as ``trick_values``, which a test holds them to)."""
    n = len(stock)
    rest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest[i] = rest[i + 1] | stock[i]
    val = VAL
    suit_of = SUIT_OF
    INF = 1e9

    def trick(P, Q, c, r, si):
        """Leader P played c, follower Q answered r: (pts to the winner, winner is P,
        P's next hand, Q's next hand, next stock index)."""
        pts = val[c] + val[r]
        p_wins = not (suit_of[r] == suit_of[c] and r > c)
        P2, Q2 = P ^ c, Q ^ r
        if si < n:
            if p_wins:
                P2 |= stock[si]
                Q2 |= stock[si + 1]
            else:
                Q2 |= stock[si]
                P2 |= stock[si + 1]
            si += 2
        elif not P2 and not Q2:
            pts += 3
        return pts, p_wins, P2, Q2, si

    def replies(Q, P2, c, si):
        sh = 10 * suit_of[c]
        fs = Q >> sh & 0x3FF
        if fs:
            return [b << sh for b in _follow_order(fs, (P2 | rest[si]) >> sh & 0x3FF, c >> sh)]
        return _discards(Q, P2 | rest[si])

    def lead_val(P, Q, si, d, alpha, beta):
        if not P:
            return 0.0
        if d == 0:
            return estimate(P, Q, n - si)
        others = Q | rest[si]
        wins, loses = [], []
        for sh in (0, 10, 20, 30):
            o = P >> sh & 0x3FF
            if o:
                w, lo = _lead_order(o, others >> sh & 0x3FF)
                wins += [b << sh for b in w]
                loses += [b << sh for b in lo]
        best = -INF
        for c in wins + loses:
            worst = INF
            for r in replies(Q, P ^ c, c, si):
                pts, p_wins, P2, Q2, si2 = trick(P, Q, c, r, si)
                upper = min(beta, worst)
                if p_wins:
                    v = pts + lead_val(P2, Q2, si2, d - 1, alpha - pts, upper - pts)
                else:
                    v = -pts - lead_val(Q2, P2, si2, d - 1, -upper - pts, -alpha - pts)
                if v < worst:
                    worst = v
                    if worst <= alpha:
                        break
            if worst > best:
                best = worst
                if best > alpha:
                    alpha = best
                if best >= beta:
                    break
        return best

    out = []
    for m in moves:
        if table:  # I follow: the trick is decided by my card (``B`` no longer holds their lead)
            pts, they_win, O2, M2, si2 = trick(B | table, A, table, m, 0)
            if they_win:
                out.append(-pts - lead_val(O2, M2, si2, depth, -INF, INF))
            else:
                out.append(pts + lead_val(M2, O2, si2, depth, -INF, INF))
        else:
            worst = INF
            for r in replies(B, A ^ m, m, 0):
                pts, i_win, M2, O2, si2 = trick(A, B, m, r, 0)
                if i_win:
                    v = pts + lead_val(M2, O2, si2, depth, -INF, worst - pts)
                else:
                    v = -pts - lead_val(O2, M2, si2, depth, -worst - pts, INF)
                if v < worst:
                    worst = v
            out.append(worst)
    return out


def trick_values(A: int, B: int, stock: tuple, table: int, moves: list[int]) -> list[float]:
    """``world_values`` with ``depth`` 0, the search every level makes in every world:
    the current trick, its draws, then ``estimate``. The same numbers, with the trick
    and the estimate written out in the loop: the reading and the guess at their
    answer ask for millions of these in a decision."""
    n = len(stock)
    in_stock = sum(stock)  # distinct bits: the sum is their union
    stage = n - 2 if n else 0
    i = _STAGE_INDEX[stage]
    bias = STAGES[stage][-1]
    values = _SUIT_VALUES
    val = VAL
    suit_of = SUIT_OF
    first, second = (stock[0], stock[1]) if n else (0, 0)

    def after(P, Q):
        """``estimate`` of P leading Q after the trick (0 when no card is left), its
        four suits added in ``estimate``'s order."""
        if not P:
            return 0.0
        try:
            return (bias + values[(P & 0x3FF) << 10 | Q & 0x3FF][i]
                    + values[(P >> 10 & 0x3FF) << 10 | Q >> 10 & 0x3FF][i]
                    + values[(P >> 20 & 0x3FF) << 10 | Q >> 20 & 0x3FF][i]
                    + values[(P >> 30) << 10 | Q >> 30][i])
        except KeyError:  # a holding met for the first time
            return estimate(P, Q, stage)

    def scored(P, Q, c, r):
        """Leader P played c, follower Q answered r: the leader's value from here."""
        pts = val[c] + val[r]
        P2, Q2 = P ^ c, Q ^ r
        if suit_of[r] == suit_of[c] and r > c:  # the follower takes the trick and leads
            if n:
                Q2 |= first
                P2 |= second
            elif not P2 and not Q2:
                pts += 3
            return -pts - after(Q2, P2)
        if n:
            P2 |= first
            Q2 |= second
        elif not P2 and not Q2:
            pts += 3
        return pts + after(P2, Q2)

    out = []
    for m in moves:
        if table:  # I follow their lead (``B`` no longer holds it)
            out.append(-scored(B | table, A, table, m))
            continue
        sh = 10 * suit_of[m]
        fs = B >> sh & 0x3FF
        if fs:
            replies = [b << sh for b in _follow_order(fs, (A ^ m | in_stock) >> sh & 0x3FF, m >> sh)]
        else:
            replies = _discards(B, A ^ m | in_stock)
        worst = 1e9
        for r in replies:
            v = scored(A, B, m, r)
            if v < worst:
                worst = v
        out.append(worst)
    return out


# --- reading the other player's cards -------------------------------------------
# A card they chose says something of the hand they chose it from. A sampled world
# gives their hand then (their hand now in that world, with the cards they played
# since put back and the ones they drew since taken out), and their card counts
# exp(READ_SHARPNESS x (its value - their best value)), each card valued as they saw
# the deal then: my hand hidden from them but for the cards they saw me draw, so
# over READ_HANDS hands of mine drawn from what they could not see, as this bot
# values its own cards over its worlds. Valued against my true hand instead (as if
# they had seen it), the reading lost points (bench/RESULTS.md, 2026-12-02).
READ_HANDS = 4
READ_SHARPNESS = 0.5  # per third of a point


class TheirMove(NamedTuple):
    """One card they played this deal and what they could see when they chose it."""

    card: int          # the card they played
    led: int           # my card it answered, or 0 if they led
    mine: int          # my hand then (not theirs to see)
    played_since: int  # their cards played since (back in their hand then)
    drawn_since: int   # their cards drawn since (not yet in their hand then)
    stock: int         # the stock's size then
    gone: int          # the cards played before that trick
    shown: int         # my cards they had seen me draw and I still held


def their_moves(view: dict, me: int) -> list[TheirMove]:
    """Their cards this deal, latest first, from the view's ``tricks`` and the trick
    on the table; none before a hidden draw (there is no telling their hand then)."""
    other = 1 - me
    hand = mask(view["hand"])
    stock_now = view["stock_count"]
    tricks = [({int(s): BIT[c] for s, c in t["cards"].items()}, t["leader"],
               [(d["seat"], BIT[d["card"]] if d["card"] else 0) for d in t["draws"]]) for t in view["tricks"]]
    gone_before, my_draws_before = [0], [0]
    for cards, _, draws in tricks:
        gone_before.append(gone_before[-1] | cards[0] | cards[1])
        my_draws_before.append(my_draws_before[-1] | sum(c for s, c in draws if s == me))
    out = []
    their_plus = their_minus = my_plus = my_minus = 0
    drawn = 0
    n = len(tricks)
    if len(view["trick"]) == 1:
        c = BIT[view["trick"][0]["card"]]
        if view["trick"][0]["seat"] == other:
            their_plus = c
            out.append(TheirMove(c, 0, hand, c, 0, stock_now, gone_before[n], hand & my_draws_before[n]))
        else:
            my_plus = c  # my lead, seen while they are to answer it
    for i in range(n - 1, -1, -1):
        cards, leader, draws = tricks[i]
        if any(not c for _, c in draws):
            break
        for s, c in draws:
            if s == other:
                their_minus |= c
            else:
                my_minus |= c
        drawn += len(draws)
        their_plus |= cards[other]
        my_plus |= cards[me]
        mine = (hand | my_plus) & ~my_minus
        led = cards[me] if leader == me else 0
        mine &= ~led
        out.append(TheirMove(cards[other], led, mine, their_plus, their_minus, stock_now + drawn,
                             gone_before[i], mine & my_draws_before[i]))
    return out


def imagined_values(theirs: int, led: int, cards: list[int], seen: int, hidden: int, stock: int, decks) -> list[float]:
    """Their values of ``cards`` (from ``theirs``, on my lead ``led`` or leading if 0)
    summed over ``decks``, each what they cannot see, as card bits in an order: my
    hand is ``seen`` (my cards they saw me draw) and the deck's first ``hidden``
    cards, the stock its next ``stock``."""
    total = [0.0] * len(cards)
    for deck in decks:
        guess = seen | sum(deck[:hidden])  # distinct bits: the sum is their union
        for j, v in enumerate(world_values(theirs, guess, tuple(deck[hidden:hidden + stock]), led, cards)):
            total[j] += v
    return total


def _shuffled(pool: list[str], rng, n: int):
    """``pool`` shuffled in place ``n`` times, each order as card bits (the reading's
    draws, kept as they were measured; ``deck_orders`` draws the answer's)."""
    for _ in range(n):
        rng.shuffle(pool)
        yield [BIT[c] for c in pool]


def reading_weight(moves: list[TheirMove], other: int, rng, hands: int = READ_HANDS,
                   sharpness: float = READ_SHARPNESS):
    """A world's weight (``search``'s ``weigh``): how likely their cards this deal were
    with the hand the world gives them, each valued as they saw the deal (above).
    ``rng`` draws my hands as they might have imagined them."""
    def weigh(world, _values=()):
        now = mask(world.hands[other])
        logw = 0.0
        for m in moves:
            h = (now | m.played_since) & ~m.drawn_since
            legal = (h & SUIT_MASK[SUIT_OF[m.led]] or h) if m.led else h  # they follow suit if they can
            cands = [BIT[c] for c in cards_of(legal)]
            if len(cands) < 2:
                continue
            pool = cards_of(ALL & ~h & ~m.gone & ~m.led & ~m.shown)
            hidden = bin(m.mine).count("1") - bin(m.shown).count("1")
            total = imagined_values(h, m.led, cands, m.shown, hidden, m.stock, _shuffled(pool, rng, hands))
            logw += sharpness * (total[cands.index(m.card)] - max(total)) / hands
        return exp(logw)
    return weigh


# --- their answer to my lead, as they see the deal --------------------------------
# A world shows them my hand, so its search has them answer my lead with their best
# card against it; they answer without seeing it. ``strong`` expects the card they
# would choose over READ_GUESSES hands of mine drawn from what they cannot see (as it
# values its own cards over its worlds), then scores the trick with that card in the
# world: +0.06 points a deal (bench/RESULTS.md, 2026-12-06, night).
READ_GUESSES = 4


def their_answer(theirs: int, led: int, seen: int, pool: int, hidden: int, stock: int, orders) -> int:
    """Their card on my lead ``led``, chosen as they see the deal: each legal card of
    ``theirs`` summed over ``orders`` (deck orders; in each, my hand is ``seen``, the
    cards of mine they saw me draw, and the first ``hidden`` cards of ``pool``, the
    stock the next ``stock``), and the best kept (the first of equals)."""
    answers = [BIT[c] for c in cards_of(theirs & SUIT_MASK[SUIT_OF[led]] or theirs)]  # they follow suit if they can
    total = imagined_values(theirs, led, answers, seen, hidden, stock, ([b for b in order if b & pool] for order in orders))
    return answers[best_index(total)]


def lead_values(A: int, B: int, stock: tuple, moves: list[int], seen: int, pool: int, orders) -> list[float]:
    """My (thirds - theirs) from here for each lead of ``moves`` in a world (their hand
    ``B``, the stock's order), their answer the one they would choose as they see the
    deal (``their_answer``: my hand ``A`` hidden from them but for ``seen``; ``pool``
    what they cannot see), the trick then scored as ``world_values`` scores it."""
    out = []
    for m in moves:
        visible = seen & ~m
        hidden = bin(A ^ m).count("1") - bin(visible).count("1")
        answer = their_answer(B, m, visible, pool & ~m, hidden, len(stock), orders)
        out.append(-world_values(B, A ^ m, stock, m, [answer])[0])
    return out


def deck_orders(pool: int, rng, n: int) -> list[list[int]]:
    """``n`` random orders of the cards of ``pool`` (``their_answer``'s ``orders``)."""
    deck = cards_of(pool)
    return [[BIT[c] for c in rng.sample(deck, len(deck))] for _ in range(n)]


def guessed_lead_values(k, B: int, stock: tuple, moves: list[int], seen: int, rng,
                        guesses: int = READ_GUESSES) -> list[float]:
    """``lead_values`` in one world (their hand ``B``, the stock's order), over
    ``guesses`` orders drawn from ``rng`` of what they cannot see there: my hand but
    ``seen`` (my cards they saw me draw) and the stock."""
    pool = ALL & ~B & ~k.played & ~seen
    return lead_values(k.hand, B, stock, moves, seen, pool, deck_orders(pool, rng, guesses))


def drawn_by(view: dict, seat: int) -> int:
    """The cards ``seat`` was seen to draw this deal (the view's ``tricks``)."""
    return sum(BIT[d["card"]] for t in view["tricks"] for d in t["draws"] if d["seat"] == seat and d["card"])


# --- the bots ------------------------------------------------------------------
def _card_of(action: str) -> int:
    return BIT[action.split()[1]]


class _Seen:
    """What a view tells about the cards, as masks."""

    def __init__(self, view: dict, legal: list[str]):
        self.me = view["seat"]
        self.hand = mask(view["hand"])
        self.played = mask(view["played"])
        self.unseen = ALL ^ self.hand ^ self.played   # their hand and the stock
        self.table = BIT[view["trick"][0]["card"]] if len(view["trick"]) == 1 else 0
        self.legal = [_card_of(a) for a in legal if a.startswith("play ")]
        self.captured = view["captured_thirds"][self.me]
        self.stock = view["stock_count"]


class TressetteSearchBot(Bot):
    """Determinized search while the stock lasts, exact play once it is gone.

    While cards remain in the stock it samples ``worlds`` deals of the unseen
    cards consistent with the view (the other hand avoids the suits they showed
    void in and holds every card they were seen to draw; the stock gets the rest),
    scores each of its cards in each world by searching the current trick (the
    other player answers their best in that world, or with ``guesses`` the card
    they would choose without seeing my hand: ``lead_values``, with ``depth`` 0)
    and ``depth`` more with the draws as they would fall, then ``estimate``, and
    plays the best average.

    Once the stock is exhausted every card is known (the other hand is what is
    neither in its hand nor played). From ``exact_from`` cards in hand it plays
    the exact best (``solve_root``: most deal points, after the truncation of
    thirds); with more cards, the same search on the open position.
    """

    level = "normal"
    worlds = 10
    depth = 0
    exact_from = 7
    guesses = 0  # their answer to my lead: their best in the world (0), or as they see the deal (READ_GUESSES)

    def __init__(self):
        self.endgame = Endgame()

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        """The card and how it was found (for the hint): forced, exact, or sampled."""
        if "claim" in obs.legal:
            return "claim", {"key": "hint.tressette.claim"}
        if len(obs.legal) == 1:
            return obs.legal[0], {"key": "hint.tressette.forced"}
        k = _Seen(obs.view, obs.legal)
        moves = root_moves(k.legal, k.unseen, k.table)
        if len(moves) == 1:
            return "play " + CARD[moves[0]], {"key": "hint.tressette.equal"}
        if not k.stock:
            if bin(k.hand).count("1") <= self.exact_from:
                move, _ = solve_root(self.endgame, k.hand, k.unseen, k.table, k.captured, moves)
                return "play " + CARD[move], {"key": "hint.tressette.exact", "card": CARD[move]}
            values = world_values(k.hand, k.unseen, (), k.table, moves, self.depth)
            weigh = None
        else:
            me = obs.seat
            # the guesses of my hand they answer my lead by (their own draws, made before
            # the worlds are, keep a decision the same however the worlds turn out)
            guessing = Random(rng.getrandbits(63)) if self.guesses and not k.table else None
            seen = k.hand & drawn_by(obs.view, me) if guessing else 0

            def evaluate(w):
                B = mask(w.hands[1 - me])
                stock = tuple(BIT[c] for c in w.stock)
                if guessing is None:
                    return world_values(k.hand, B, stock, k.table, moves, self.depth)
                return self.lead_world_values(k, B, stock, moves, seen, guessing)

            weigh = self.reading(obs, rng)
            values = search(obs, rng, self.worlds, evaluate, weigh).means()

        card = CARD[moves[best_index(values, eps=1e-9)]]
        key = "hint.tressette.search" if weigh is None else "hint.tressette.search_read"
        return "play " + card, {"key": key, "card": card, "n": self.worlds if k.stock else 1}

    def lead_world_values(self, k, B: int, stock: tuple, moves: list[int], seen: int, rng) -> list[float]:
        """My leads' values in one world (their hand ``B``, the stock's order) when their
        answer is guessed as they see the deal (``guessed_lead_values``)."""
        return guessed_lead_values(k, B, stock, moves, seen, rng, self.guesses)

    def reading(self, obs, rng):
        """The worlds' weight (``search``'s ``weigh``) while the stock lasts: None, every
        world alike."""
        return None


class EasyTressetteBot(TressetteSearchBot):
    """A beginner's judgement: four worlds, the current trick searched, and never
    exact; with the stock gone it judges one trick at a time by ``estimate``
    instead of counting the cards out. Tuned so a player who follows the Hint four
    times in five wins 35-50% of games against it (bench/first_timer.py)."""

    level = "easy"
    worlds = 4
    exact_from = 0


class NormalTressetteBot(TressetteSearchBot):
    """Ten worlds, the current trick searched; exact from seven cards each."""

    level = "normal"


class StrongTressetteBot(TressetteSearchBot):
    """Sixty worlds, each weighed by how likely the other player's cards this deal
    were with the hand it gives them (``reading_weight``), its lead answered in each
    as they would answer it without seeing its hand (``lead_values``), and exact
    play from the moment the stock is gone (ten cards each). Searching one more trick in each world
    made it weaker, not stronger (each world's search then knows the next draws too,
    and plans on them)."""

    level = "strong"
    worlds = 60
    exact_from = 10
    guesses = READ_GUESSES
    read_hands = READ_HANDS
    read_sharpness = READ_SHARPNESS

    def reading(self, obs, rng):
        """``reading_weight`` over their cards this deal (its own draws, made before
        the worlds are, keep a decision the same however the worlds turn out)."""
        draw = Random(rng.getrandbits(63))
        moves = their_moves(obs.view, obs.seat)
        return reading_weight(moves, 1 - obs.seat, draw, self.read_hands, self.read_sharpness) if moves else None


# --- the review (cardtable/analysis.py) -------------------------------------------------
ENDGAME = Endgame()
DEAL_THIRDS = 35  # every card's thirds and the last trick's three


def review_exact(obs) -> list[float] | None:
    """With the stock gone and ten cards or fewer each, every card is known: each
    legal card's exact deal points for me, as a lead over the other (their share is
    the rest of the deal), before the points are added to the totals."""
    if "claim" in obs.legal or any(not a.startswith("play ") for a in obs.legal):
        return None
    k = _Seen(obs.view, obs.legal)
    if k.stock or bin(k.hand).count("1") > 10:
        return None
    out = []
    for a in obs.legal:
        _, points = solve_root(ENDGAME, k.hand, k.unseen, k.table, k.captured, [BIT[a.split()[1]]])
        out.append(2 * points - DEAL_THIRDS / 3)
    return out


def review_world(world, seat: int, legal: list[str]) -> list[float] | None:
    """Each legal card's worth in one sampled world (the strong bot's search: the
    trick searched, my lead answered as they would answer it not seeing my hand,
    then ``estimate``), as my lead in points at the deal's end."""
    if any(not a.startswith("play ") for a in legal):
        return None
    view = world.view(seat)
    k = _Seen(view, legal)
    B = mask(world.hands[1 - seat])
    stock = tuple(BIT[c] for c in world.stock)
    cards = [BIT[a.split()[1]] for a in legal]
    lead_so_far = view["captured_thirds"][seat] - view["captured_thirds"][1 - seat]
    if k.table or not stock:
        values = world_values(k.hand, B, stock, k.table, cards)
    else:  # my lead, answered as they would answer it not seeing my hand (as strong expects)
        # (drawn from the world's own seed: the same review on every run)
        values = guessed_lead_values(k, B, stock, cards, k.hand & drawn_by(view, seat), Random(world.seed))
    return [world.standing(seat) + (lead_so_far + v) / 3 for v in values]


REVIEW = ReviewPlan(unit="points", threshold=0.3, worlds=16,  # points of the deal
                    exact=review_exact, world=review_world)


ADVISOR = None  # no advisor: the page offers none
LEVELS = {"easy": EasyTressetteBot, "normal": NormalTressetteBot, "strong": StrongTressetteBot}
