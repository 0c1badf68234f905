"""Le Truc's round as the solver, the best response and the strong bot see it.

Suits never matter in Le Truc, so a hand is a multiset of ranks (strengths 0-7,
weakest first) and a deal is a pair of such hands, weighted by the number of ways
the 32 cards give it (the card-removal effect). The card play is kept as a graph of
*abstract nodes*: the ranks each side has played (as multisets), the trick results,
the current trick's leader and its lead. That is all the future of a round depends
on, so two ways of reaching a node play on identically; an information set is such a
node and the player's own hand. What the abstraction forgets: the order of earlier
plays, which of them were face down, and the stake (everything below a node scales
with it). After an exchange, a player's decisions depend on the new hand only.

Seat 0 is the non-dealer (子, who leads the first trick), seat 1 the dealer (親).
Pure Python, standard library only: the page's strong bot uses it to find its policy.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from ..games.le_truc import round_outcome

RANKS = 8      # strengths 0 (a nine) to 7 (a seven)
COPIES = 4     # suits
HAND = 3
STARTS = ("keep", "refuse", "exchange")   # how the card play began: the public redeal
# What a node remembers beyond the played ranks, results, leader and lead:
# 'merged' nothing; 'offers' who made each accepted offer, in order; 'down' which shown cards were played face down (seat, rank, in
# order); 'full' the whole history of shown cards in order, face down or not.
RECALLS = ("merged", "offers", "down", "full")
RECALL = "offers"


class RoundModel:
    """The rank-only round: hands, deal weights, outcomes and the abstract graph."""

    def __init__(self, ranks: int = RANKS, copies: int = COPIES, hand: int = HAND, redo: bool = True,
                 recall: str = RECALL):
        if hand not in (1, 3):
            raise ValueError("the model plays rounds of one card or of three")
        if recall not in RECALLS:
            raise ValueError(f"recall is one of {', '.join(RECALLS)}")
        self.ranks, self.copies, self.hand, self.redo, self.recall = ranks, copies, hand, redo, recall
        self.hands = [h for h in combinations_with_replacement(range(ranks), hand)
                      if all(h.count(r) <= copies for r in h)]
        self.index = {h: i for i, h in enumerate(self.hands)}

    def ways(self, h0: tuple, h1: tuple, removed: tuple = ()) -> int:
        """How many card deals give these rank hands (after ``removed`` ranks are gone)."""
        out = 1
        for r in range(self.ranks):
            left = self.copies - removed.count(r)
            a, b = h0.count(r), h1.count(r)
            out *= comb(left, a) * comb(left - a, b)
        return out

    def possible(self, hand: tuple, shown: tuple) -> bool:
        """Whether ``hand`` can be held while the other side has shown the ranks ``shown``."""
        return all(hand.count(r) + shown.count(r) <= self.copies for r in set(hand))

    def outcome(self, results: tuple):
        """None while undecided; else the winning seat, or 'draw'."""
        if self.hand == 1:
            return ("draw" if results[0] is None else results[0]) if results else None
        decided = round_outcome(results)
        if decided is None:
            return None
        return "draw" if decided[0] is None else decided[0]

    # --- the abstract graph ---------------------------------------------------
    @staticmethod
    def mover(node: tuple) -> int:
        leader, lead = node[3], node[4]
        return leader if lead is None else 1 - leader

    def root(self) -> tuple:
        return ((), (), (), 0, None, ())

    def remember(self, extra: tuple, seat: int, rank: int, down: bool) -> tuple:
        """The node's memory after a shown card (see RECALLS)."""
        if self.recall == "full":
            return extra + ((seat, rank, down),)
        if self.recall == "down" and down:
            return extra + ((seat, rank),)
        if self.recall == "offers" and down:
            return extra + (seat,)
        return extra

    def moves(self, node: tuple):
        """(rank, child if face up, child if face down and accepted, outcome) for each
        rank the mover might play; the children are None where the round ends."""
        cache = self.__dict__.setdefault("_moves", {})
        if node not in cache:
            cache[node] = self._moves_from(node)
        return cache[node]

    def _moves_from(self, node: tuple):
        played0, played1, results, leader, lead, extra = node
        m = self.mover(node)
        mine = (played0, played1)[m]
        if len(mine) >= self.hand:
            return []
        out = []
        for r in range(self.ranks):
            if played0.count(r) + played1.count(r) >= self.copies:
                continue
            p = [played0, played1]
            p[m] = tuple(sorted(mine + (r,)))
            up, down = self.remember(extra, m, r, False), self.remember(extra, m, r, True)
            if lead is None:
                out.append((r, (p[0], p[1], results, leader, r, up), (p[0], p[1], results, leader, r, down), None))
                continue
            winner = leader if lead > r else m if r > lead else None
            res = results + (winner,)
            done = self.outcome(res)
            if done is not None:
                out.append((r, None, None, done))
            else:
                nxt = leader if winner is None else winner
                out.append((r, (p[0], p[1], res, nxt, None, up), (p[0], p[1], res, nxt, None, down), None))
        return out

    def after(self, node: tuple, rank: int, down: bool) -> tuple | None:
        """The node after the mover shows ``rank`` (``down``: face down and accepted);
        None once the round is decided."""
        for r, up, child_down, done in self.moves(node):
            if r == rank:
                return child_down if down else up
        raise ValueError(f"rank {rank} cannot be played at {node}")

    def node_of(self, plays) -> tuple:
        """The node reached by the shown cards ``plays``: (seat, rank, face_down) in order."""
        node = self.root()
        for seat, rank, down in plays:
            if self.mover(node) != seat:
                raise ValueError("plays out of turn")
            node = self.after(node, rank, down)
        return node

    def nodes(self) -> list[tuple]:
        """Every abstract node where a card is to be played, parents before children."""
        order, seen, frontier = [], {self.root()}, [self.root()]
        while frontier:
            order.extend(frontier)
            nxt = []
            for node in frontier:
                for _, up, down, _ in self.moves(node):
                    for child in (up, down):
                        if child is not None and child not in seen:
                            seen.add(child)
                            nxt.append(child)
            frontier = nxt
        return order

    @lru_cache(maxsize=None)
    def holding(self, played: tuple) -> tuple:
        """Indices of the hands that contain ``played`` (ranks as a sorted tuple)."""
        need = {r: played.count(r) for r in set(played)}
        return tuple(i for i, h in enumerate(self.hands) if all(h.count(r) >= n for r, n in need.items()))


def remaining(hand: tuple, played: tuple) -> tuple:
    rest = list(hand)
    for r in played:
        rest.remove(r)
    return tuple(rest)


def node_key(start: str, node: tuple, answer: bool = False) -> str:
    """A short text key for a node of one start (k/r/e): 'k0/3/1-/0/5/' and so on.

    Played ranks are digits; results are '0', '1' or '-' (tied); the lead is a digit
    or 'x'; then the node's memory (seat and rank pairs, 'd' after a face-down one
    in 'full'); answer keys end in 'a' (the offered card is not part of them).
    """
    p0, p1, results, leader, lead, extra = node
    res = "".join("-" if w is None else str(w) for w in results)
    memory = "".join(str(e) if isinstance(e, int) else f"{e[0]}{e[1]}" + ("d" if len(e) == 3 and e[2] else "")
                     for e in extra)
    return "{}{}/{}/{}/{}/{}/{}{}".format(start[0], "".join(map(str, p0)), "".join(map(str, p1)), res, leader,
                                          "x" if lead is None else lead, memory, "a" if answer else "")


def hand_key(hand: tuple) -> str:
    return "".join(map(str, hand))
