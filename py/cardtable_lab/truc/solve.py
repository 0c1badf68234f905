"""Offline: a near-equilibrium strategy for one round of Le Truc, by discounted CFR.

    python -m cardtable_lab.truc solve -i 3000 -o py/cardtable/bots/le_truc_policy.bin

Not part of the page: it needs numpy and numba, so it lives in the lab, which
``build.py`` never zips. The game it solves is one round under the default rules (one redo, anyone may
play face down), scored in points (+stake to the winner), played from the rank-only
abstraction of :mod:`cardtable.bots.truc_model`:

- the redo decisions depend on the hand (keep/redo for the non-dealer, refuse or
  exchange for the dealer);
- the card play is solved three times, once for each way it can begin (kept,
  refused, exchanged), since that history says something about the hands;
- after an exchange the deal of the new hands is weighted exactly, discarded hands
  removed, as the current redo strategies make each old pair likely.

The counterfactual values of the merged graph are computed exactly (joint weights
over the pairs of hands at every node), and the updates are DCFR's (alpha 1.5,
beta 0, gamma 2), simultaneous for both players. The average strategy is written as
one byte per action (sums of 255), only where the policy itself can reach.
"""

from __future__ import annotations

import json
import zlib
from math import comb

import numpy as np
from numba import njit

from cardtable.bots.truc_model import STARTS, RoundModel, hand_key, node_key

FORMAT = 1
THRESHOLD = 0.05   # chances below this are dropped from the shipped policy (purification)


class Graph:
    """The abstract graph in flat arrays, for the compiled passes."""

    def __init__(self, model: RoundModel):
        self.model = model
        nodes = model.nodes()
        self.nodes = nodes
        self.id = {n: k for k, n in enumerate(nodes)}   # every node's id before the moves refer to them
        N = len(nodes)
        i32 = np.int32
        self.mover = np.zeros(N, i32)
        self.first = np.zeros(N, np.bool_)
        self.h_off = np.zeros((2, N), i32)
        self.h_cnt = np.zeros((2, N), i32)
        self.blk = np.zeros(N, np.int64)
        self.mv_off = np.zeros(N, i32)
        self.mv_cnt = np.zeros(N, i32)
        self.st_off = np.zeros(N, np.int64)
        self.an_off = np.zeros(N, np.int64)
        hid = [[], []]
        mv_up, mv_down, mv_pay, mv_map_off, maps, mv_rank = [], [], [], [], [], []
        blk = st = an = 0
        for k, node in enumerate(nodes):
            m = model.mover(node)
            self.mover[k] = m
            self.first[k] = not node[0] and not node[1]
            lists = [model.holding(node[0]), model.holding(node[1])]
            for s in (0, 1):
                self.h_off[s, k] = len(hid[s])
                self.h_cnt[s, k] = len(lists[s])
                hid[s].extend(lists[s])
            self.blk[k] = blk
            blk += len(lists[0]) * len(lists[1])
            moves = model.moves(node)
            self.mv_off[k] = len(mv_up)
            self.mv_cnt[k] = len(moves)
            mine = lists[m]
            for r, up, down, done in moves:
                mv_rank.append(r)
                mv_map_off.append(len(maps))
                mv_up.append(-1 if up is None else self.id[up])
                mv_down.append(-1 if down is None else self.id[down])
                mv_pay.append(0.0 if done in (None, "draw") else (1.0 if done == 0 else -1.0))
                # a hand's place among the hands that can be holding the child's cards
                pos = {h: q for q, h in enumerate(model.holding(tuple(sorted(node[m] + (r,)))))}
                maps.extend(pos.get(h, -1) for h in mine)
            self.st_off[k] = st
            st += len(mine) * len(moves) * 2
            self.an_off[k] = an
            an += len(lists[1 - m])
        self.hid = [np.array(h, i32) for h in hid]
        self.mv_up = np.array(mv_up, i32)
        self.mv_down = np.array(mv_down, i32)
        self.mv_pay = np.array(mv_pay, np.float64)
        self.mv_map_off = np.array(mv_map_off, np.int64)
        self.mv_rank = np.array(mv_rank, i32)
        self.maps = np.array(maps, i32)
        self.blk_size, self.st_size, self.an_size = blk, st, an

    def arrays(self):
        return (self.mover, self.first, self.h_off, self.h_cnt, self.hid[0], self.hid[1], self.blk,
                self.mv_off, self.mv_cnt, self.mv_up, self.mv_down, self.mv_pay, self.mv_map_off, self.maps,
                self.st_off, self.an_off)


@njit(cache=True)
def _strategy(reg, first, mover, h_cnt, mv_off, mv_cnt, mv_map_off, maps, st_off, sig):
    """Regret matching: each information set's current strategy (0 where not allowed)."""
    for n in range(mover.shape[0]):
        m = mover[n]
        nm = mv_cnt[n]
        for i in range(h_cnt[m, n]):
            total = 0.0
            legal = 0
            for kk in range(nm):
                if maps[mv_map_off[mv_off[n] + kk] + i] < 0:
                    continue
                for mode in range(1 if first[n] else 2):
                    x = st_off[n] + (i * nm + kk) * 2 + mode
                    legal += 1
                    if reg[x] > 0:
                        total += reg[x]
            for kk in range(nm):
                ok = maps[mv_map_off[mv_off[n] + kk] + i] >= 0
                for mode in range(2):
                    x = st_off[n] + (i * nm + kk) * 2 + mode
                    if not ok or (mode == 1 and first[n]):
                        sig[x] = 0.0
                    elif total > 0:
                        sig[x] = reg[x] / total if reg[x] > 0 else 0.0
                    else:
                        sig[x] = 1.0 / legal


@njit(cache=True)
def _answer_strategy(areg, asig):
    for x in range(asig.shape[0]):
        f, a = areg[2 * x], areg[2 * x + 1]
        f = f if f > 0 else 0.0
        a = a if a > 0 else 0.0
        asig[x] = a / (f + a) if f + a > 0 else 0.5


@njit(cache=True)
def _passes(mover, first, h_off, h_cnt, hid0, hid1, blk, mv_off, mv_cnt, mv_up, mv_down, mv_pay, mv_map_off, maps,
            st_off, an_off, chance, A_root, B_root, own0_root, own1_root, sig, asig,
            A, B, U, own0, own1, qreg, qans):
    """One forward pass (counterfactual weights) and one backward pass (values, regrets).

    A: the non-dealer's counterfactual weight of each pair of hands at each node (the
    dealer's actions and the deal), B: the dealer's; both count the stake. U: the
    non-dealer's expected result from the node in units of its stake. qreg, qans:
    this iteration's instantaneous regrets.
    """
    N = mover.shape[0]
    A[:] = 0.0
    B[:] = 0.0
    own0[:] = 0.0
    own1[:] = 0.0
    n0, n1 = h_cnt[0, 0], h_cnt[1, 0]
    for i in range(n0):
        own0[i] = own0_root[i]
        for j in range(n1):
            A[i * n1 + j] = A_root[hid0[i], hid1[j]]
            B[i * n1 + j] = B_root[hid0[i], hid1[j]]
    for j in range(n1):
        own1[j] = own1_root[j]   # own reach vectors are laid out like the hand lists (h_off)
    for n in range(N):
        m = mover[n]
        n0, n1 = h_cnt[0, n], h_cnt[1, n]
        nm = mv_cnt[n]
        nmine = n0 if m == 0 else n1
        nother = n1 if m == 0 else n0
        Wm = A if m == 0 else B          # the mover's counterfactual weights, and the other's
        Wo = B if m == 0 else A
        own_m = own0 if m == 0 else own1
        own_o = own1 if m == 0 else own0
        for kk in range(nm):
            k = mv_off[n] + kk
            cu, cd = mv_up[k], mv_down[k]
            if cu < 0:
                continue
            c1 = h_cnt[1, cu]   # the children hold the same hands
            mp = mv_map_off[k]
            for o in range(nother):   # the other player's own reach: its answer to an offer
                alpha = 0.0 if first[n] else asig[an_off[n] + o]
                own_o[h_off[1 - m, cu] + o] += own_o[h_off[1 - m, n] + o]
                own_o[h_off[1 - m, cd] + o] += own_o[h_off[1 - m, n] + o] * alpha
            for a in range(nmine):
                ca = maps[mp + a]
                if ca < 0:
                    continue
                x = st_off[n] + (a * nm + kk) * 2
                su, sd = sig[x], sig[x + 1]
                own_m[h_off[m, cu] + ca] += own_m[h_off[m, n] + a] * su
                own_m[h_off[m, cd] + ca] += own_m[h_off[m, n] + a] * sd
                for o in range(nother):
                    alpha = 0.0 if first[n] else asig[an_off[n] + o]
                    here = blk[n] + (a * n1 + o if m == 0 else o * n1 + a)
                    there = ca * c1 + o if m == 0 else o * c1 + ca
                    wm, wo = Wm[here], Wo[here]
                    # the mover's weight counts the other's answer and the stake;
                    # the other's counts the mover's card, face up or down
                    Wm[blk[cu] + there] += wm
                    Wm[blk[cd] + there] += wm * 2.0 * alpha
                    Wo[blk[cu] + there] += wo * su
                    Wo[blk[cd] + there] += wo * 2.0 * sd
    qreg[:] = 0.0
    qans[:] = 0.0
    for n in range(N - 1, -1, -1):
        m = mover[n]
        n0, n1 = h_cnt[0, n], h_cnt[1, n]
        nm = mv_cnt[n]
        b = blk[n]
        for x in range(n0 * n1):
            U[b + x] = 0.0
        sign = 1.0 if m == 0 else -1.0    # the mover's result, from the non-dealer's
        nmine = n0 if m == 0 else n1
        nother = n1 if m == 0 else n0
        for kk in range(nm):
            k = mv_off[n] + kk
            cu, cd = mv_up[k], mv_down[k]
            mp = mv_map_off[k]
            c1 = h_cnt[1, cu] if cu >= 0 else 0
            for a in range(nmine):
                ca = maps[mp + a]
                if ca < 0:
                    continue
                x = st_off[n] + (a * nm + kk) * 2
                su, sd = sig[x], sig[x + 1]
                for o in range(nother):
                    i = a if m == 0 else o
                    j = o if m == 0 else a
                    if cu >= 0:
                        ci = ca if m == 0 else i
                        cj = j if m == 0 else ca
                        vu = U[blk[cu] + ci * c1 + cj]
                        vdn = U[blk[cd] + ci * c1 + cj]
                    else:
                        vu = mv_pay[k]
                        vdn = mv_pay[k]
                    w_mover = A[b + i * n1 + j] if m == 0 else B[b + i * n1 + j]
                    w_other = B[b + i * n1 + j] if m == 0 else A[b + i * n1 + j]
                    if first[n]:
                        U[b + i * n1 + j] += su * vu
                        qreg[x] += w_mover * sign * vu
                        continue
                    alpha = asig[an_off[n] + o]
                    vd = (1.0 - alpha) * sign + alpha * 2.0 * vdn
                    U[b + i * n1 + j] += su * vu + sd * vd
                    qreg[x] += w_mover * sign * vu
                    qreg[x + 1] += w_mover * sign * vd
                    # the answerer: folding gives the mover one stake, accepting doubles
                    qans[2 * (an_off[n] + o)] += w_other * sd * (-1.0)
                    qans[2 * (an_off[n] + o) + 1] += w_other * sd * (-sign * 2.0 * vdn)
        # regrets relative to the current strategy's value
        for a in range(nmine):
            total = 0.0
            for kk in range(nm):
                x = st_off[n] + (a * nm + kk) * 2
                total += sig[x] * qreg[x] + sig[x + 1] * qreg[x + 1]
            for kk in range(nm):
                x = st_off[n] + (a * nm + kk) * 2
                qreg[x] -= total
                qreg[x + 1] -= total
        if not first[n]:
            for o in range(nother):
                y = an_off[n] + o
                total = (1.0 - asig[y]) * qans[2 * y] + asig[y] * qans[2 * y + 1]
                qans[2 * y] -= total
                qans[2 * y + 1] -= total


@njit(cache=True)
def _accumulate(reg, qreg, avg, sig, own, mover, first, h_off, h_cnt, mv_off, mv_cnt, mv_map_off, maps, st_off,
                areg, qans, aavg, asig, an_off, t, alpha, gamma):
    """DCFR: discount old regrets (positive by t^a/(t^a+1), negative by half), add the
    new ones, and add the current strategy to the average with weight t^gamma x reach."""
    pos = t ** alpha / (t ** alpha + 1.0)
    for x in range(reg.shape[0]):
        r = reg[x] + qreg[x]
        reg[x] = r * pos if r > 0 else r * 0.5
    for x in range(areg.shape[0]):
        r = areg[x] + qans[x]
        areg[x] = r * pos if r > 0 else r * 0.5
    w = t ** gamma
    for n in range(mover.shape[0]):
        m = mover[n]
        nm = mv_cnt[n]
        for a in range(h_cnt[m, n]):
            reach = own[m, h_off[m, n] + a]
            for kk in range(nm):
                x = st_off[n] + (a * nm + kk) * 2
                avg[x] += w * reach * sig[x]
                avg[x + 1] += w * reach * sig[x + 1]
        if not first[n]:
            o = 1 - m
            for b in range(h_cnt[o, n]):
                reach = own[o, h_off[o, n] + b]
                y = an_off[n] + b
                aavg[2 * y] += w * reach * (1.0 - asig[y])
                aavg[2 * y + 1] += w * reach * asig[y]


@njit(cache=True)
def _purify(sig, first, mover, h_cnt, mv_off, mv_cnt, mv_map_off, maps, st_off, threshold):
    """In place: each information set's chances below ``threshold`` dropped, the rest
    renormalised and rounded to whole 255ths (largest remainders, ties to the first)."""
    raw = np.zeros(64)
    q = np.zeros(64, np.int64)
    idx = np.zeros(64, np.int64)
    for n in range(mover.shape[0]):
        m = mover[n]
        nm = mv_cnt[n]
        for a in range(h_cnt[m, n]):
            k = 0
            total = 0.0
            best, best_p = 0, -1.0
            for kk in range(nm):
                if maps[mv_map_off[mv_off[n] + kk] + a] < 0:
                    continue
                for mode in range(1 if first[n] else 2):
                    x = st_off[n] + (a * nm + kk) * 2 + mode
                    idx[k] = x
                    p = sig[x]
                    if p > best_p:
                        best, best_p = k, p
                    raw[k] = p if p >= threshold else 0.0
                    total += raw[k]
                    k += 1
            if k == 0:
                continue
            if total <= 0.0:
                raw[best] = 1.0
                total = 1.0
            left = 255
            for e in range(k):
                raw[e] = 255.0 * raw[e] / total
                q[e] = int(np.floor(raw[e]))
                left -= q[e]
            while left > 0:
                pick, frac = 0, -1.0
                for e in range(k):
                    f = raw[e] - q[e]
                    if f > frac:
                        pick, frac = e, f
                q[pick] += 1
                raw[pick] = q[pick]   # used up
                left -= 1
            for e in range(k):
                sig[idx[e]] = q[e] / 255.0


@njit(cache=True)
def _purify_answers(asig, threshold):
    for x in range(asig.shape[0]):
        a = asig[x]
        a = 0.0 if a < threshold else (1.0 if a > 1.0 - threshold else a)
        asig[x] = np.floor(255.0 * a + 0.5) / 255.0


class Subgame:
    """The card play after one start (kept, refused, exchanged): regrets and averages."""

    def __init__(self, g: Graph):
        self.g = g
        self.reg = np.zeros(g.st_size)
        self.avg = np.zeros(g.st_size)
        self.sig = np.zeros(g.st_size)
        self.areg = np.zeros(2 * g.an_size)
        self.aavg = np.zeros(2 * g.an_size)
        self.asig = np.zeros(g.an_size)
        self.qreg = np.zeros(g.st_size)
        self.qans = np.zeros(2 * g.an_size)
        self.own = np.zeros((2, max(len(g.hid[0]), len(g.hid[1]))))

    def current(self):
        g = self.g
        _strategy(self.reg, g.first, g.mover, g.h_cnt, g.mv_off, g.mv_cnt, g.mv_map_off, g.maps, g.st_off, self.sig)
        _answer_strategy(self.areg, self.asig)

    def use_average(self):
        """Make the average strategy the current one (for evaluation and export)."""
        g = self.g
        _strategy(self.avg, g.first, g.mover, g.h_cnt, g.mv_off, g.mv_cnt, g.mv_map_off, g.maps, g.st_off, self.sig)
        _answer_strategy(self.aavg, self.asig)


class Work:
    """Scratch arrays shared by the subgames' passes."""

    def __init__(self, g: Graph):
        self.A = np.zeros(g.blk_size)
        self.B = np.zeros(g.blk_size)
        self.U = np.zeros(g.blk_size)


def evaluate(g: Graph, sub: Subgame, work: Work, chance, A_root, B_root, own0, own1):
    """Run the passes with ``sub``'s current strategy; the root's value matrix
    (non-dealer's result for each pair of hands, in points at stake 1)."""
    _passes(*g.arrays(), chance, A_root, B_root, own0, own1, sub.sig, sub.asig,
            work.A, work.B, work.U, sub.own[0], sub.own[1], sub.qreg, sub.qans)
    n0, n1 = g.h_cnt[0, 0], g.h_cnt[1, 0]
    return work.U[:n0 * n1].reshape(n0, n1).copy()


class Exchange:
    """How an exchange deals the new hands given the old pair (card removal exact).

    ``M[s, p]``: the probability of the new pair ``p`` (flat index i' * n + j') when
    the old hands together held the ranks of ``combos[s]``.
    """

    def __init__(self, model: RoundModel):
        hands = model.hands
        n = len(hands)
        counts = np.array([[h.count(r) for r in range(model.ranks)] for h in hands])
        combos, self.combo_of = {}, np.zeros((n, n), np.int32)
        for i, a in enumerate(hands):
            for j, b in enumerate(hands):
                key = tuple(sorted(a + b))
                self.combo_of[i, j] = combos.setdefault(key, len(combos))
        self.combos = list(combos)
        deck = model.ranks * model.copies
        total = comb(deck - 2 * model.hand, model.hand) * comb(deck - 3 * model.hand, model.hand)
        cmb = np.array([[comb(a, b) for b in range(model.hand + 1)] for a in range(model.copies + 1)], float)
        M = np.zeros((len(self.combos), n * n), np.float64)
        for s, key in enumerate(self.combos):
            left = np.array([model.copies - key.count(r) for r in range(model.ranks)])
            # the non-dealer's new hand from what is left, then the dealer's from the rest
            first = np.prod(cmb[left[None, :], counts], axis=1)
            after = left[None, :] - counts                                # (i', r)
            ok = (after >= 0)[:, None, :]
            second = np.where(ok, cmb[np.clip(after, 0, None)[:, None, :], counts[None, :, :]], 0.0)
            M[s] = (first[:, None] * np.prod(second, axis=2)).ravel() / total
        self.M = M


class Solver:
    """CFR over the whole round: the redo phase in numpy, the card play compiled."""

    def __init__(self, model: RoundModel, alpha: float = 1.5, gamma: float = 2.0):
        self.model, self.alpha, self.gamma = model, alpha, gamma
        self.g = Graph(model)
        self.work = Work(self.g)
        n = len(model.hands)
        ch = np.array([[model.ways(a, b) for b in model.hands] for a in model.hands], float)
        self.chance = ch / ch.sum()
        starts = STARTS if model.redo else STARTS[:1]
        self.subs = {s: Subgame(self.g) for s in starts}
        self.exchange = Exchange(model) if model.redo else None
        self.redo_reg = np.zeros((2, n, 2))   # [seat][hand][keep/redo or refuse/exchange]
        self.redo_avg = np.zeros((2, n, 2))
        self.t = 0
        self.value = 0.0

    @staticmethod
    def _matching(reg):
        pos = np.maximum(reg, 0.0)
        tot = pos.sum(axis=-1, keepdims=True)
        return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), 0.5)

    def _roots(self, redo_sig):
        """Each subgame's root weights (A, B, own0, own1) under the redo strategies."""
        c = self.chance
        if not self.model.redo:
            one = np.ones(len(self.model.hands))
            return {"keep": (c, c, one, one)}
        keep, redo = redo_sig[0][:, 0], redo_sig[0][:, 1]
        refuse, exch = redo_sig[1][:, 0], redo_sig[1][:, 1]
        one = np.ones_like(keep)
        roots = {"keep": (c, c * keep[:, None], keep, one),
                 "refuse": (c * refuse[None, :], c * redo[:, None], redo, refuse)}
        W = self._exchanged(redo, exch)
        marg = c.sum(axis=1)
        # own reach excludes the other player's choice: each side as if the other
        # always went on to the exchange
        roots["exchange"] = (W, W, self._exchanged(redo, one).sum(axis=1) / marg,
                             self._exchanged(one, exch).sum(axis=0) / marg)
        return roots

    def _exchanged(self, redo, exch):
        """The weight of each pair of new hands after an exchange, when the non-dealer
        asks a redo with chances ``redo`` and the dealer exchanges with ``exch``."""
        old = np.zeros(len(self.exchange.combos))
        np.add.at(old, self.exchange.combo_of.ravel(), (self.chance * redo[:, None] * exch[None, :]).ravel())
        n = len(self.model.hands)
        return (old @ self.exchange.M).reshape(n, n)

    def _values(self, redo_sig):
        roots = self._roots(redo_sig)
        values = {}
        for s, sub in self.subs.items():
            sub.current()
            values[s] = (evaluate(self.g, sub, self.work, self.chance, *roots[s]), roots[s])
        return values

    def _redo_values(self, values, redo_sig):
        """Per hand: the non-dealer's value of keep/redo, the dealer's of refuse/exchange,
        and the round's value for the non-dealer."""
        c = self.chance
        Uk = values["keep"][0]
        if not self.model.redo:
            return None, None, float((c * Uk).sum())
        Ur = values["refuse"][0]
        Ue = values["exchange"][0]
        Ve = (self.exchange.M @ Ue.ravel())[self.exchange.combo_of]
        keep, redo = redo_sig[0][:, 0], redo_sig[0][:, 1]
        refuse, exch = redo_sig[1][:, 0], redo_sig[1][:, 1]
        v0 = np.stack([(c * Uk).sum(1), (c * (refuse[None, :] * Ur + exch[None, :] * Ve)).sum(1)], axis=1)
        v1 = np.stack([-(c * redo[:, None] * Ur).sum(0), -(c * redo[:, None] * Ve).sum(0)], axis=1)
        total = (c * (keep[:, None] * Uk + redo[:, None] * (refuse[None, :] * Ur + exch[None, :] * Ve))).sum()
        return v0, v1, float(total)

    def iterate(self):
        self.t += 1
        t = float(self.t)
        redo_sig = self._matching(self.redo_reg)
        values = self._values(redo_sig)
        g = self.g
        for s, sub in self.subs.items():
            _accumulate(sub.reg, sub.qreg, sub.avg, sub.sig, sub.own, g.mover, g.first, g.h_off,
                        g.h_cnt, g.mv_off, g.mv_cnt, g.mv_map_off, g.maps, g.st_off, sub.areg, sub.qans, sub.aavg,
                        sub.asig, g.an_off, t, self.alpha, self.gamma)
        v0, v1, self.value = self._redo_values(values, redo_sig)
        if v0 is not None:
            pos = t ** self.alpha / (t ** self.alpha + 1.0)
            for seat, v in ((0, v0), (1, v1)):
                inst = v - (redo_sig[seat] * v).sum(axis=1, keepdims=True)
                r = self.redo_reg[seat] + inst
                self.redo_reg[seat] = np.where(r > 0, r * pos, r * 0.5)
                self.redo_avg[seat] += t ** self.gamma * redo_sig[seat]

    def average_redo(self):
        tot = self.redo_avg.sum(axis=-1, keepdims=True)
        return np.where(tot > 0, self.redo_avg / np.where(tot > 0, tot, 1.0), 0.5)


# --- the policy file ----------------------------------------------------------------
def pack(entries: list) -> str:
    """A node's entries as one string, one per hand that could have shown the node's
    cards, in the model's order (``RoundModel.holding``), '' where there is none;
    trailing empties dropped. Read by ``TrucPolicy``."""
    return ",".join(entries).rstrip(",")


def shipped_redo(solver: Solver, threshold: float):
    """The redo chances as shipped: [seat][hand] chance of redo / exchange, in 255ths."""
    out = []
    for seat in (0, 1):
        chance = solver.average_redo()[seat][:, 1].copy()
        _purify_answers(chance, threshold)    # the same rule as for fold/accept
        out.append([int(round(255 * p)) for p in chance])
    return out


def purify(solver: Solver, threshold: float):
    """Make every start's current strategy the shipped one: the average, purified."""
    g = solver.g
    for sub in solver.subs.values():
        sub.use_average()
        _purify(sub.sig, g.first, g.mover, g.h_cnt, g.mv_off, g.mv_cnt, g.mv_map_off, g.maps, g.st_off, threshold)
        _purify_answers(sub.asig, threshold)


def export(solver: Solver, meta: dict, threshold: float) -> bytes:
    """The shipped policy: zlib-compressed JSON, one entry per information set that
    the shipped policy itself can reach.

    Each node's entries are one string (see ``pack``), so the bot reads the file
    fast and splits only the nodes it meets.

    The average strategy is purified first (chances under ``threshold`` dropped, the
    rest in whole 255ths), and reach is computed with those very chances, so every
    subtree behind a dropped choice is left out. ``play[node][hand]``: bytes (hex) for
    each distinct rank of the remaining hand, weakest first, face up then face down
    (face up only on the round's first card); ``answer[node][hand]``: the chance in
    255ths to accept; ``redo[hand]``: the non-dealer's chance to redo and the
    dealer's to exchange.
    """
    model, g = solver.model, solver.g
    purify(solver, threshold)
    redo = shipped_redo(solver, threshold)
    redo_sig = np.stack([np.stack([1 - np.array(c) / 255, np.array(c) / 255], axis=1) for c in redo])
    roots = solver._roots(redo_sig) if model.redo else solver._roots(None)
    play, answer = {}, {}
    for start, sub in solver.subs.items():
        evaluate(g, sub, solver.work, solver.chance, *roots[start])
        own, sig, asig = sub.own, sub.sig, sub.asig
        for n, node in enumerate(g.nodes):
            m = g.mover[n]
            nm = g.mv_cnt[n]
            entry = []
            for a, h in enumerate(model.holding(node[m])):
                if own[m, g.h_off[m, n] + a] <= 0 or not model.possible(model.hands[h], node[1 - m]):
                    entry.append("")
                    continue
                probs = []
                for kk in range(nm):
                    if g.maps[g.mv_map_off[g.mv_off[n] + kk] + a] < 0:
                        continue
                    x = g.st_off[n] + (a * nm + kk) * 2
                    probs.extend([sig[x]] if g.first[n] else [sig[x], sig[x + 1]])
                entry.append(bytes(int(round(255 * p)) for p in probs).hex() if len(probs) > 1 else "")
            if any(entry):
                play[node_key(start, node)] = pack(entry)
            if g.first[n]:
                continue
            o = 1 - m
            ans = []
            for b, h in enumerate(model.holding(node[o])):
                if own[o, g.h_off[o, n] + b] <= 0 or not model.possible(model.hands[h], node[m]):
                    ans.append("")
                    continue
                ans.append(str(int(round(255 * asig[g.an_off[n] + b]))))
            if any(ans):
                answer[node_key(start, node, answer=True)] = pack(ans)
    redo_table = {hand_key(h): [redo[0][i], redo[1][i]] for i, h in enumerate(model.hands)} if model.redo else {}
    doc = {"format": FORMAT, "meta": meta, "redo": redo_table, "play": play, "answer": answer}
    return zlib.compress(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode(), 9)


def save(solver: Solver, path: str) -> None:
    """Everything needed to go on solving or to export again (large: use /tmp)."""
    arrays = {"t": np.array(solver.t), "redo_reg": solver.redo_reg, "redo_avg": solver.redo_avg}
    for s, sub in solver.subs.items():
        for name in ("reg", "avg", "areg", "aavg"):
            arrays[f"{s}_{name}"] = getattr(sub, name)
    np.savez(path, **arrays)


def load(solver: Solver, path: str) -> None:
    data = np.load(path)
    solver.t = int(data["t"])
    solver.redo_reg, solver.redo_avg = data["redo_reg"], data["redo_avg"]
    for s, sub in solver.subs.items():
        for name in ("reg", "avg", "areg", "aavg"):
            setattr(sub, name, data[f"{s}_{name}"].copy())
