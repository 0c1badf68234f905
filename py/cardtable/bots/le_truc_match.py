"""Le Truc's strong bot plays the game, not only the round.

The solved policy (``le_truc_policy.bin``) plays one round for points: a round won
at 16 counts sixteen times a round won at 1. A game to 30 counts differently: at
0-0 a round at 32 is the whole game, and at 28-29 one point is as good as sixteen.
So the strong bot values its card plays and answers by its **chance to win the
game** instead:

- ``game_chances`` is that chance from every score, by the rules' scoring (the race
  to the target, or the bankroll), for the seat about to deal or not. Future rounds
  are drawn from ``ROUND_RESULTS``: how rounds between two strong bots end, measured
  (``python -m cardtable_lab.truc rounds``).
- ``action_values`` weighs every three-card hand the other player may hold (the
  ranks it has shown, the cards left unseen) by the number of card deals that give
  it and by how likely the other's own moves this round were under the policy with
  that hand: a face-down card from the other side makes the hands that offer it
  likelier. In each such hand the rest of the round is followed exactly through the
  policy's chances for both players, and every way the round can end is worth the
  chance to win the game after it.
- ``match_choice`` keeps the policy's own mixed choice unless the game is near its
  end (``late``) and the best action gains more than ``MARGIN`` of a game over that
  mix, beyond what the round's points explain. Early in a game the bot plays (and
  bluffs) exactly as the solved round does; late, it plays for the game.

It reads only its own view and the policy, like the policy itself.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb
from weakref import WeakKeyDictionary

from ..games.le_truc import folding, settle, strength
from .truc_model import remaining

# How rounds between two strong bots end: (the winner's role, points) -> rounds, from
# ``python -m cardtable_lab.truc rounds -n 200000`` (the first round of seeds 1-200,000).
ROUND_RESULTS = {("dealer", 1): 89092, ("dealer", 2): 28883, ("dealer", 4): 8626, ("dealer", 8): 3672,
                 ("dealer", 16): 179, ("dealer", 32): 9, ("draw", 0): 177,
                 ("non_dealer", 1): 24874, ("non_dealer", 2): 30245, ("non_dealer", 4): 12351,
                 ("non_dealer", 8): 1773, ("non_dealer", 16): 116, ("non_dealer", 32): 3}

MARGIN = 0.01          # a game's worth an action must gain over the policy's own mix
LATE = 0.4             # the bot plays for the game once a player is this share of the target from it
LARGEST_RACE = 99      # above this target the game's chances are not tabled: the round's policy plays


def round_odds() -> tuple[dict, dict, float]:
    """(dealer wins {points: chance}, non-dealer wins {points: chance}, draw chance)."""
    total = sum(ROUND_RESULTS.values())
    dealer = {p: n / total for (who, p), n in ROUND_RESULTS.items() if who == "dealer"}
    other = {p: n / total for (who, p), n in ROUND_RESULTS.items() if who == "non_dealer"}
    return dealer, other, ROUND_RESULTS.get(("draw", 0), 0) / total


@lru_cache(maxsize=None)
def game_chances(scoring: str, target: int, draw: str) -> dict:
    """{(mine, theirs, I deal next): chance I win the game}, for every score before its end.

    ``target`` is the race's target, or in bankroll scoring the chips on the table.

    Race: scores below the target, worked from the highest totals down (a round only
    adds points); a drawn round keeps the scores, so the two dealers' chances at one
    score are solved together. Bankroll: the chips move both ways, so the chances
    are iterated until they settle.
    """
    dealer, other, drawn = round_odds()
    swap = draw == "swap"

    def after(w, mine, theirs, deal, me_won, points):
        nxt = not deal
        if scoring == "race":
            a, b = (mine + points, theirs) if me_won else (mine, theirs + points)
            return 1.0 if a >= target else 0.0 if b >= target else w[(a, b, nxt)]
        paid = min(points, theirs if me_won else mine)
        a, b = (mine + paid, theirs - paid) if me_won else (mine - paid, theirs + paid)
        return 1.0 if b == 0 else 0.0 if a == 0 else w[(a, b, nxt)]

    def settled(w, mine, theirs, deal):
        mine_odds, their_odds = (dealer, other) if deal else (other, dealer)
        return (sum(q * after(w, mine, theirs, deal, True, p) for p, q in mine_odds.items())
                + sum(q * after(w, mine, theirs, deal, False, p) for p, q in their_odds.items()))

    w: dict = {}
    if scoring == "race":
        for total in range(2 * target - 2, -1, -1):
            for mine in range(max(0, total - target + 1), min(target - 1, total) + 1):
                theirs = total - mine
                x1, x0 = settled(w, mine, theirs, True), settled(w, mine, theirs, False)
                if swap:   # w1 = x1 + r w0, w0 = x0 + r w1
                    d = 1 - drawn * drawn
                    w[(mine, theirs, True)] = (x1 + drawn * x0) / d
                    w[(mine, theirs, False)] = (x0 + drawn * x1) / d
                else:
                    w[(mine, theirs, True)], w[(mine, theirs, False)] = x1 / (1 - drawn), x0 / (1 - drawn)
        return w
    chips = target
    keys = [(c, chips - c, deal) for c in range(1, chips) for deal in (True, False)]
    w = {k: k[0] / chips for k in keys}
    for _ in range(10_000):
        change = 0.0
        for mine, theirs, deal in keys:
            v = settled(w, mine, theirs, deal) + drawn * w[(mine, theirs, (not deal) if swap else deal)]
            change = max(change, abs(v - w[(mine, theirs, deal)]))
            w[(mine, theirs, deal)] = v
        if change < 1e-12:
            break
    return w


class NearPolicy:
    """The policy, and where it has no entry for a node, the entry of the nearest node
    it has: the same cards shown and the same tricks, another record of who made the
    accepted offers (the abstraction's memory, ``recall='offers'``).

    The file holds only what the policy itself can reach; once the bot has departed
    from it to play for the game (a face-down card the policy would have shown), the
    round goes on at nodes the file lacks, for both players. The nearest node keeps
    the solved play there: the same cards, a different betting history.
    """

    def __init__(self, policy):
        self.policy, self.model, self.meta = policy, policy.model, policy.meta
        self._found: dict = {}

    def redo_chance(self, role: int, hand: tuple) -> int:
        return self.policy.redo_chance(role, hand)

    def play_chances(self, start: str, node: tuple, rest: tuple) -> dict | None:
        return self._nearest(False, self.policy.play_chances, start, node, rest)

    def accept_chance(self, start: str, node: tuple, rest: tuple) -> int | None:
        return self._nearest(True, self.policy.accept_chance, start, node, rest)

    def _nearest(self, answer: bool, read, start, node, rest):
        """The entry at ``node``; where the file lacks the node itself, at the nearest
        node it holds. A node it holds without this hand stays None: the policy never
        reaches it with this hand, which is what the reading of moves must see."""
        key = (answer, start, node, rest)
        if key not in self._found:
            if len(self._found) > LOOKUPS_KEPT:
                self._found.clear()
            found = read(start, node, rest)
            if found is None and not self.policy.knows(start, node, answer):
                for near in nearest_nodes(node, self.model.recall)[1:]:
                    if self.policy.knows(start, near, answer):
                        found = read(start, near, rest)
                        break
            self._found[key] = found
        return self._found[key]


def nearest_nodes(node: tuple, recall: str) -> tuple:
    """``node``, then the same node with every other record of the offers' seats that
    its shown cards allow, nearest first (fewest seats changed, added or dropped)."""
    if recall != "offers":
        return (node,)
    longest = max(0, len(node[0]) + len(node[1]) - 1)   # the first card is never face down
    return (node,) + tuple(node[:5] + (seats,) for seats in _other_records(node[5], longest))


@lru_cache(maxsize=None)
def _other_records(extra: tuple, longest: int) -> tuple:
    """Every record of offers' seats up to ``longest`` long but ``extra``, nearest first."""
    others = [seats for n in range(longest + 1) for seats in product((0, 1), repeat=n) if seats != extra]

    def distance(seats):
        return abs(len(seats) - len(extra)) + sum(a != b for a, b in zip(seats, extra)), seats
    return tuple(sorted(others, key=distance))


def near_policy(policy) -> NearPolicy:
    """The :class:`NearPolicy` of ``policy``, made once (kept on the policy)."""
    near = policy.__dict__.get("_near")
    if near is None:
        near = policy.__dict__["_near"] = NearPolicy(policy)
    return near


_LOOKUPS: WeakKeyDictionary = WeakKeyDictionary()
LOOKUPS_KEPT = 50_000   # entries (about 10 MB), then a cache starts again


def policy_lookups(policy) -> dict:
    """The cache of the policy's chances the searches share, decision after decision
    (the policy never changes; the cache is emptied when it grows too large)."""
    cache = _LOOKUPS.setdefault(policy, {})
    if len(cache) > LOOKUPS_KEPT:
        cache.clear()
    return cache


class RoundSearch:
    """The rest of one round followed through the policy, for one hand of the other's.

    Roles are the model's: 0 the non-dealer, 1 the dealer. ``hands`` are the two
    roles' hands as dealt for the card play (rank tuples). ``worth(role, points)`` is
    what the round's end is worth to this seat when ``role`` wins it by ``points``
    (role None: a draw), as a pair: (the chance to win the game, the round's points).
    ``lookups`` caches the policy's chances (``policy_lookups``).
    """

    def __init__(self, policy, start: str, hands: tuple, worth, accepts_to_win, lookups: dict):
        self.policy, self.model, self.start, self.hands = policy, policy.model, start, hands
        self.worth, self.accepts_to_win, self.lookups = worth, accepts_to_win, lookups
        self._memo: dict = {}

    def rest(self, node, role):
        return remaining(self.hands[role], node[role])

    def accept_chance(self, node, answerer, stake) -> float:
        """The answerer's chance to accept a face-down card played at ``node``."""
        if self.accepts_to_win(answerer, stake):
            return 1.0   # the bots never fold when folding hands over the game
        rest = self.rest(node, answerer)
        key = (self.start, "accept", node, rest)
        if key not in self.lookups:
            q = self.policy.accept_chance(self.start, node, rest)
            self.lookups[key] = 0.5 if q is None else q / 255
        return self.lookups[key]

    def play_chances(self, node) -> dict:
        """{(rank, face down): chance} for the mover: the policy's, or each face-up
        rank alike where it has no entry (a node only a departure from it reaches)."""
        rest = self.rest(node, self.model.mover(node))
        key = (self.start, "play", node, rest)
        if key not in self.lookups:
            q = self.policy.play_chances(self.start, node, rest)
            if q is None:
                ranks = sorted(set(rest))
                self.lookups[key] = {(r, False): 1 / len(ranks) for r in ranks}
            else:
                total = sum(q.values())
                self.lookups[key] = {k: c / total for k, c in q.items() if c}
        return self.lookups[key]

    def after_play(self, node, stake, rank, down) -> tuple:
        """(game, points) after the mover shows ``rank`` at ``node``."""
        m = self.model.mover(node)
        for r, up, child_down, done in self.model.moves(node):
            if r != rank:
                continue
            if not down:
                return self.end(done, stake) if done is not None else self.value(up, stake)
            aw, ap = self.end(done, 2 * stake) if done is not None else self.value(child_down, 2 * stake)
            fw, fp = self.worth(m, stake)
            q = self.accept_chance(node, 1 - m, stake)
            return q * aw + (1 - q) * fw, q * ap + (1 - q) * fp
        raise ValueError(f"rank {rank} cannot be played at {node}")

    def answered(self, node, stake, rank, accept: bool) -> tuple:
        """(game, points) after this seat's answer to a face-down ``rank`` at ``node``."""
        offerer = self.model.mover(node)
        if not accept:
            return self.worth(offerer, stake)
        for r, _, child_down, done in self.model.moves(node):
            if r == rank:
                return self.end(done, 2 * stake) if done is not None else self.value(child_down, 2 * stake)
        raise ValueError(f"rank {rank} cannot be played at {node}")

    def end(self, done, stake) -> tuple:
        return self.worth(None, 0) if done == "draw" else self.worth(done, stake)

    def value(self, node, stake) -> tuple:
        key = (node, stake)
        if key not in self._memo:
            w = p = 0.0
            for (r, d), q in self.play_chances(node).items():
                vw, vp = self.after_play(node, stake, r, d)
                w += q * vw
                p += q * vp
            self._memo[key] = (w, p)
        return self._memo[key]


def _shown(view: dict, role) -> list:
    """(role, rank, face down) of every card this seat has seen played, in order."""
    return [(role(p["seat"]), strength(p["card"]), p["down"])
            for t in view["tricks"] for p in t["plays"]
            if p["card"] is not None and (p["revealed"] or p["seat"] == view["seat"])]


def their_hands(view: dict, policy, role) -> list:
    """[(the other's hand as dealt for the card play, weight)]: every hand the other
    may hold, weighed by the card deals that give it and by how likely its own moves
    this round were under the policy with it. If no hand explains its moves (it does
    not play the policy), the deals alone weigh them."""
    model, me = policy.model, view["seat"]
    mine_role, theirs_role = role(me), 1 - role(me)
    shown = _shown(view, role)
    mine = tuple(sorted([strength(c) for c in view["hand"]] + [r for s, r, _ in shown if s == mine_role]))
    theirs_shown = tuple(sorted(r for s, r, _ in shown if s == theirs_role))
    pending = view["phase"] == "answer" and view["pending_offer"] != me
    start = view["redeal"] or "keep"
    out = []
    for i in model.holding(theirs_shown):
        hand = model.hands[i]
        unseen = remaining(hand, theirs_shown)
        ways = 1
        for r in set(unseen):
            left = model.copies - mine.count(r) - theirs_shown.count(r)
            ways *= comb(left, unseen.count(r)) if left >= unseen.count(r) else 0
        if ways:
            out.append((hand, ways, _likelihood(view, policy, role, start, shown, hand, pending)))
    if sum(w * p for _, w, p in out) == 0:
        return [(hand, ways) for hand, ways, _ in out]
    return [(hand, ways * p) for hand, ways, p in out if p]


def _likelihood(view, policy, role, start, shown, hand, pending) -> float:
    """How likely the other's moves this round were under the policy, holding ``hand``."""
    model, theirs_role = policy.model, 1 - role(view["seat"])
    p = 1.0
    if start != "exchange":   # the redo was decided with this hand (an exchange dealt a new one)
        if theirs_role == 0:
            q = policy.redo_chance(0, hand) / 255
            p *= q if start == "refuse" else 1 - q
        elif start == "refuse":
            p *= 1 - policy.redo_chance(1, hand) / 255
    node, stake = model.root(), 1
    for seat_role, rank, down in shown + ([(theirs_role, None, True)] if pending else []):
        played = node[theirs_role]
        if seat_role == theirs_role:
            rest = remaining(hand, played)
            if rank is None:   # the face-down card awaiting this seat's answer: any of the rest
                chances = policy.play_chances(start, node, rest) or {}
                return p * sum(q for (r, d), q in chances.items() if d) / 255
            chances = policy.play_chances(start, node, rest)
            if chances is None:
                return 0.0
            p *= chances.get((rank, down), 0) / 255
        elif down and not _must_accept(view, theirs_role, role, stake):   # they accepted this seat's offer
            q = policy.accept_chance(start, node, remaining(hand, played))
            p *= 0.0 if q is None else q / 255
        node = model.after(node, rank, down)
        stake *= 2 if down else 1
        if not p:
            return 0.0
    return p


def folds_the_game(view: dict, seat: int, stake: int | None = None) -> bool:
    """Whether ``seat`` folding at ``stake`` (the die's value by default) would hand
    the offerer the game: every bot then accepts."""
    value = view["value"] if stake is None else stake
    return folding(view["scores"], seat, value, view["scoring"] == "bankroll", view["target"])[1]


def _must_accept(view: dict, answerer_role: int, role, stake: int) -> bool:
    """``folds_the_game`` for the model's role ``answerer_role``."""
    seat = view["seat"] if role(view["seat"]) == answerer_role else 1 - view["seat"]
    return folds_the_game(view, seat, stake)


def action_values(view: dict, legal: list, policy) -> tuple[dict, dict] | None:
    """({action: chance to win the game}, {action: the round's points expected}) for a
    card play or an answer; None where the game's chances are not tabled (a race
    above LARGEST_RACE, a rule the policy was not solved for)."""
    if view.get("doubling", "any") != "any" or (view["scoring"] == "race" and view["target"] > LARGEST_RACE):
        return None
    me, nd = view["seat"], 1 - view["dealer"]
    role = lambda seat: 0 if seat == nd else 1   # noqa: E731
    mine_role = role(me)
    i_deal_next = view["dealer"] != me   # roles swap after the round
    draw_deal = i_deal_next if view.get("draw", "swap") == "swap" else not i_deal_next

    ends: dict = {}

    def worth(winner_role, points) -> tuple:
        key = (winner_role, points)
        if key not in ends:
            if winner_role is None:
                ends[key] = _chance_at(view, view["scores"], draw_deal), 0.0
            else:
                won = winner_role == mine_role
                ends[key] = _chance_at(view, _settled(view, won, points), i_deal_next), points if won else -points
        return ends[key]

    start = view["redeal"] or "keep"
    shown = _shown(view, role)
    node = policy.model.node_of(shown)
    stake = view["value"]
    hands = their_hands(view, policy, role)
    total = sum(w for _, w in hands)
    mine_hand = tuple(sorted([strength(c) for c in view["hand"]] + [r for s, r, _ in shown if s == mine_role]))
    game, points = {a: 0.0 for a in legal}, {a: 0.0 for a in legal}
    lookups = policy_lookups(policy)
    for hand, weight in hands:
        both = (mine_hand, hand) if mine_role == 0 else (hand, mine_hand)
        search = RoundSearch(policy, start, both, worth,
                             lambda answerer, st: _must_accept(view, answerer, role, st), lookups)
        if view["phase"] == "answer":
            # the offered card is one of the rest of their hand: each as likely as the policy offers it
            offers = {r: q for (r, d), q in search.play_chances(node).items() if d} or \
                {r: 1.0 for r in set(search.rest(node, 1 - mine_role))}
            norm = sum(offers.values())
        for a in legal:
            if view["phase"] == "answer":
                pairs = [(q / norm, search.answered(node, stake, r, a == "accept")) for r, q in offers.items()]
                vw, vp = sum(q * w for q, (w, _) in pairs), sum(q * p for q, (_, p) in pairs)
            else:
                words = a.split()
                vw, vp = search.after_play(node, stake, strength(words[1]), len(words) == 3)
            game[a] += weight * vw
            points[a] += weight * vp
    return {a: v / total for a, v in game.items()}, {a: v / total for a, v in points.items()}


def _settled(view: dict, won: bool, points: int) -> list:
    """The scores after this seat wins (or loses) a round of ``points`` (the rules' ``settle``)."""
    winner = view["seat"] if won else 1 - view["seat"]
    return settle(view["scores"], winner, points, view["scoring"] == "bankroll")[1]


def match_choice(view: dict, legal: list, policy, mix: dict) -> tuple[str, float] | None:
    """(action, chance to win the game) where the score makes an action better for
    the game than the policy's ``mix`` ({action: chance}) by more than MARGIN; None
    where the policy's play stands.

    Only the score's share of the gain counts: the gain the round's points would
    give at the score's present rate (a point's worth of the game, one up or one
    down) is taken off first. So the bot does not turn to hunting the policy's own
    small flaws round by round (the policy's balance keeps its bluffs and calls
    unexploitable); it departs where the game's end bends the value of points.
    """
    if view["phase"] not in ("play", "answer") or not late(view):
        return None
    both = action_values(view, legal, policy)
    if both is None:
        return None
    values, points = both
    rate = point_rate(view)
    bend = {a: values[a] - rate * points[a] for a in legal}

    def over_mix(table, a):
        return table[a] - sum(q * table[b] for b, q in mix.items())

    best = max(sorted(values), key=lambda a: (values[a], mix.get(a, 0)))
    if over_mix(values, best) > MARGIN and over_mix(bend, best) > MARGIN:
        return best, values[best]
    return None


def late(view: dict) -> bool:
    """Whether a player is near the game's end: within LATE of the target in a race
    (12 points of 30), or down to LATE of the starting chips in bankroll scoring.

    Before that the bot plays the solved round as it is, so its play early in a game
    (a first round at 0-0 above all) is exactly as hard to exploit as the policy's.
    Playing for the game there too, at the rare high stakes where a round can decide
    it, let an exact best response win 0.30 points a round from it at 0-0, where the
    policy alone gives up 0.063."""
    scores = view["scores"]
    if view["scoring"] == "race":
        return max(scores) >= view["target"] * (1 - LATE)
    return min(scores) <= sum(scores) / 2 * LATE


def point_rate(view: dict) -> float:
    """What one point of this round is worth in the game now: half the chance between
    winning it and losing it."""
    i_deal_next = view["dealer"] != view["seat"]
    return (_chance_at(view, _settled(view, True, 1), i_deal_next)
            - _chance_at(view, _settled(view, False, 1), i_deal_next)) / 2


def _chance_at(view: dict, scores: list, i_deal: bool) -> float:
    """This seat's chance to win the game from ``scores``, dealing the next round or not."""
    me, target = view["seat"], view["target"]
    if view["scoring"] == "race":
        if scores[me] >= target or scores[1 - me] >= target:
            return float(scores[me] >= target)
        return game_chances("race", target, view.get("draw", "swap"))[(scores[me], scores[1 - me], i_deal)]
    if scores[me] <= 0 or scores[1 - me] <= 0:
        return float(scores[1 - me] <= 0)
    return game_chances("bankroll", sum(scores), view.get("draw", "swap"))[(scores[me], scores[1 - me], i_deal)]
