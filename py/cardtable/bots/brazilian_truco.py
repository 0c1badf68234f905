"""Brazilian Truco bots: ``easy``, ``normal`` and ``strong``.

Every stake decision is a bet on one number, the team's chance to win the hand
from here, which the bots estimate by playing the hand out over worlds drawn by
``sample_world`` (the unseen cards re-dealt consistently with what the seat has
seen: its partner's cards only where the rules show them), everyone playing the
card rule below. Points are weighed by what they do to the match: ``match_odds``
is the chance to reach 12 first from a score (a fair race, hand by hand), so a
bot never risks the game for a point it does not need, and never raises what is
already won (the rules forbid it anyway).

- Card rule (``choose_card``): after tied tricks play the highest card (the next
  trick decides the hand); with the partner winning the trick, the lowest; else
  the lowest card that wins, or one that ties when a tie wins the hand for us;
  else the lowest. ``normal`` and ``strong`` choose their own card by playing each
  legal card out over the worlds; a card that cannot matter is sometimes played
  face down, which tells the opponents nothing.
- Truco: called when the expected match odds of calling (the answerer running in
  the worlds where its hand is weak, accepting where it holds a three or better)
  beat those of playing on, and now and then as a bluff when they are close.
- Answers: accept, run or raise, whichever gives the best expected match odds
  with the chance of winning the trick that now decides the hand; a raise only
  when strong, or as a rare bluff.
- Hand at eleven: play for 3 when the expected odds beat giving 1, seeing both
  hands of the team. The deal (``normal``): pass a good set to the partner while a
  pass is left, burn a poor one while burns are left, else keep.
- ``strong`` solves each of its 30 worlds exactly (``normal`` plays 40 out by the
  card rule) and, facing a truco or a raise, reads the bet more firmly: a world
  where the bettor would lose counts 0.1 (``normal``: 0.7). It chooses its deal by
  search too: each choice played on over 60 worlds and the hand solved.
- ``easy`` plays the card rule and bets by rules of thumb on its own cards.
"""

from __future__ import annotations

from functools import lru_cache

from ..games.brazilian_truco import (LADDER, MANILHAS, TARGET, hand_outcome, strength, strength_table, trick_result,
                                     trucoed_outcome)
from . import Bot, ReviewPlan
from .search import best_index, search

THREE = strength("3S")  # a three or a manilha: a hand worth defending a truco with
TWO = strength("2S")


@lru_cache(maxsize=None)
def match_odds(ours: int, theirs: int) -> float:
    """The chance to reach 12 first from ``ours``–``theirs``, each hand a fair coin
    worth one point: how much a point is worth depends on the score."""
    if ours >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    return 0.5 * match_odds(ours + 1, theirs) + 0.5 * match_odds(ours, theirs + 1)


def utility(outcome: int | None, team: int, points: int, scores) -> float:
    """The match odds of ``team`` after a hand worth ``points`` ends with ``outcome``."""
    ours, theirs = scores[team], scores[1 - team]
    if outcome is None:
        return match_odds(ours, theirs)
    if outcome == team:
        return match_odds(ours + points, theirs)
    return match_odds(ours, theirs + points)


# --- cards -----------------------------------------------------------------------------
def choose_card(hand, plays, results, seat: int, ranking: str = "kjq") -> str:
    """The card rule for ``seat`` holding ``hand``; ``plays`` are the trick's
    (seat, card, down) so far and ``results`` the finished tricks' teams."""
    def power(c):
        return strength(c, ranking)

    ordered = sorted(hand, key=power)
    team = seat % 2
    up = [(s, c) for s, c, down in plays if not down]
    after_ties = bool(results) and all(r is None for r in results)
    if not up:
        if after_ties or len(hand) < 3:
            return ordered[-1]
        return ordered[1]  # lead trick 1 with the middle card
    top = max(power(c) for _, c in up)
    leaders = {s % 2 for s, c in up if power(c) == top}
    if leaders == {team}:
        return ordered[0]
    beats = [c for c in ordered if power(c) > top]
    if beats:
        return beats[-1] if after_ties else beats[0]
    ties = [c for c in ordered if power(c) == top]
    if ties and results and results[0] == team:
        return ties[0]  # won the first trick: a tie wins the hand
    return ordered[0]


def play_out(world, first: str | None = None, truco_now: bool = False) -> int | None:
    """The team that wins ``world``'s hand (None: tied) if nobody bets from here and
    everyone plays ``choose_card`` on its own hand (it is a sampled world), after the
    seat to act plays ``first`` if given. ``truco_now``: as if the seat to act had
    called truco and it was accepted. Reads the world's fields, copies only lists."""
    ranking = world.ranking
    tie_lead = world.options["tie_lead"]
    hands = [list(h) for h in world.hands]
    trick = world.tricks[-1]
    number = trick["number"]
    plays = [(p["seat"], p["card"], p["down"]) for p in trick["plays"]]
    results = list(world.results)
    seat = world.to_act
    decider = world.decider
    truco = world.truco
    if truco_now:
        decider = number
        truco = {"trick": number, "before": len(plays), "team": seat % 2, "bets": [seat % 2]}
    blind = world.special == "iron"
    while True:
        if len(plays) == 4:
            team, lead, _, tying = trick_result(plays, ranking, tie_lead)
            results.append(team)
            if decider is None:
                out = hand_outcome(results)
            else:
                early = number == truco["trick"] and any(
                    i < truco["before"] for i, (s, _, _) in enumerate(plays) if s in tying)
                loser = truco["team"] if world.options["truco_tie"] == "first_caller" else truco["bets"][-1]
                out = trucoed_outcome(number, team, early, truco["trick"], loser, world.options["after_tie"])
                if out is None:
                    decider = number + 1
            if out is not None:
                return out[0]
            plays, number, seat = [], number + 1, lead
            continue
        hand = hands[seat]
        if first is not None:
            card, first = first, None
        elif blind:
            card = hand[0]
        else:
            card = choose_card(hand, plays, results, seat, ranking)
        hand.remove(card)
        plays.append((seat, card, False))
        seat = (seat + 1) % 4


def solve(world, team: int, first: str | None = None, truco_now: bool = False) -> int:
    """The hand's result for ``team`` (1 won, 0 tied, -1 lost) if all four play the
    rest of ``world`` perfectly, each team for itself (the seat to act plays
    ``first`` if given; ``truco_now`` as in ``play_out``). Alpha-beta over the cards;
    cards of equal power are one choice (suits never matter below the manilhas)."""
    ranking = world.ranking
    options = world.options
    tie_lead = options["tie_lead"]
    trick = world.tricks[-1]
    truco = world.truco
    decider = world.decider
    if truco_now:
        decider = trick["number"]
        truco = {"trick": trick["number"], "before": len(trick["plays"]), "team": world.to_act % 2,
                 "bets": [world.to_act % 2]}
    loser = None
    if truco is not None:
        loser = truco["team"] if options["truco_tie"] == "first_caller" else truco["bets"][-1]

    power_of = strength_table(ranking)

    def score(out):
        return 0 if out is None else 1 if out == team else -1

    def node(hands, plays, results, number, seat, decider, alpha, beta):
        if len(plays) == 4:
            won, lead, _, tying = trick_result(plays, ranking, tie_lead)
            results = results + [won]
            if decider is None:
                out = hand_outcome(results)
            else:
                early = number == truco["trick"] and any(
                    i < truco["before"] for i, (s, _, _) in enumerate(plays) if s in tying)
                out = trucoed_outcome(number, won, early, truco["trick"], loser, options["after_tie"])
                if out is None:
                    decider = number + 1
            if out is not None:
                return score(out[0])
            return node(hands, [], results, number + 1, lead, decider, alpha, beta)
        hand = hands[seat]
        seen = set()
        maximizing = seat % 2 == team
        best = -2 if maximizing else 2
        for card in sorted(hand, key=power_of.__getitem__, reverse=True):  # stable: ties keep their order
            power = power_of[card]
            if power in seen:
                continue
            seen.add(power)
            rest = list(hands)
            rest[seat] = [c for c in hand if c != card]
            v = node(rest, plays + [(seat, card, False)], results, number, (seat + 1) % 4, decider, alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    hands = [list(h) for h in world.hands]
    plays = [(p["seat"], p["card"], p["down"]) for p in trick["plays"]]
    seat = world.to_act
    if first is not None:
        hands[seat].remove(first)
        plays.append((seat, first, False))
        seat = (seat + 1) % 4
    return node(hands, plays, list(world.results), trick["number"], seat, decider, -2, 2)


def best_card(hand, ranking) -> int:
    return max((strength(c, ranking) for c in hand), default=-1)


# How a team answers a bet, as the bots model it: likelier to accept where it would
# win the hand (it sees its own cards, so it partly knows), still now and then where
# it would lose (a call to see a bluff, or a misjudged hand).
ACCEPT_IF_WINNING = 0.95
ACCEPT_IF_LOSING = 0.7
RERAISE_IF_WINNING = 0.9  # a team that has bet already accepts a raise more readily
RERAISE_IF_LOSING = 0.5
DOUBT = 0.7  # a world where the bettor would lose counts 0.7: a bet says "strong"


# --- the bots ------------------------------------------------------------------------------
class NormalBrazilianTrucoBot(Bot):
    """The shared decisions; levels set the worlds and the bluff rates."""

    level = "normal"
    worlds = 40
    truco_at = 0.6  # the chance to win the trucoed trick a call needs, bluffs aside
    bluff = 0.08
    raise_bluff = 0.03
    face_down = 0.25
    doubt = DOUBT  # the weight of a world where the bettor would lose, answering a bet
    # how the other team answers, as this bot models it (the constants above)
    accept_if_winning, accept_if_losing = ACCEPT_IF_WINNING, ACCEPT_IF_LOSING
    reraise_if_winning, reraise_if_losing = RERAISE_IF_WINNING, RERAISE_IF_LOSING

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        legal, view = obs.legal, obs.view
        if len(legal) == 1:
            return legal[0], {"key": "hint.brazilian_truco.forced"}
        if view["phase"] == "deal":
            return self.offer(obs, rng)
        if view["phase"] == "eleven":
            return self.eleven(obs, rng)
        if view["phase"] == "answer":
            return self.answer(obs, rng)
        return self.play(obs, rng)

    # --- the deal ---------------------------------------------------------------
    def offer(self, obs, rng):
        """The mão's choice of keep, pass or burn: ``normal`` by the rule of thumb."""
        return self.deal(obs.view, obs.legal)

    def deal(self, view, legal):
        """The rule of thumb: pass a set with a three or a manilha (or two twos) while
        a pass is left, burn a poor one while burns are left, else keep."""
        hand = view["hand"]
        powers = sorted((strength(c) for c in hand), reverse=True)
        good = powers[0] >= THREE or powers[1] >= TWO
        poor = powers[0] < TWO and powers[1] < strength("KS")
        if good and "pass" in legal:
            return "pass", {"key": "hint.brazilian_truco.pass"}
        if poor and "burn" in legal:
            return "burn", {"key": "hint.brazilian_truco.burn"}
        return "keep", {"key": "hint.brazilian_truco.keep"}

    # --- estimates ----------------------------------------------------------------
    @staticmethod
    def outcome(world, team: int, first: str | None = None, truco_now: bool = False) -> int | None:
        """The winning team of ``world``'s hand from here (None: tied)."""
        return play_out(world, first, truco_now)

    # --- the hand at eleven -------------------------------------------------------------
    def eleven(self, obs, rng):
        view = obs.view
        team, scores = view["team"], view["scores"]

        def evaluate(w):  # (the odds playing for 3, a win)
            w.step("accept")
            out = self.outcome(w, team)
            return utility(out, team, 3, scores), out == team

        got = search(obs, rng, self.worlds, evaluate)
        play, chance = got.mean(0), got.mean(1)
        run = utility(1 - team, team, 1, scores)
        choice = "accept" if play >= run else "run"
        return choice, {"key": f"hint.brazilian_truco.eleven_{choice}", "chance": f"{100 * chance:.0f}%"}

    # --- answering a bet ------------------------------------------------------------------
    def answer(self, obs, rng):
        view = obs.view
        team, scores, offer = view["team"], view["scores"], view["offer"]
        value, prev, bettor = offer["value"], offer["prev"], offer["by"]
        up = LADDER[LADDER.index(value) + 1] if "raise" in obs.legal else None

        def evaluate(w):  # (the bettor wins, a win, the odds accepting, the odds raising)
            w.step("accept")
            out = self.outcome(w, team)
            p = self.reraise_if_winning if out == bettor else self.reraise_if_losing
            return (out == bettor, out == team, utility(out, team, value, scores),
                    p * utility(out, team, up, scores) + (1 - p) * utility(team, team, value, scores) if up else 0.0)

        def weigh(w, values):  # the bet is read as strength
            return 1.0 if values[0] else self.doubt

        got = search(obs, rng, self.worlds, evaluate, weigh)
        chance, acc, rai = got.mean(1), got.mean(2), got.mean(3)
        run = utility(bettor, team, prev, scores)
        args = {"chance": f"{100 * chance:.0f}%", "value": value}
        if up:
            if (rai > max(acc, run) + 0.003 and chance >= 0.55) or (
                    rai > acc - 0.02 and rng.random() < self.raise_bluff):
                return "raise", dict(args, key="hint.brazilian_truco.raise", up=up)
        if acc >= run:
            return "accept", dict(args, key="hint.brazilian_truco.accept")
        return "run", dict(args, key="hint.brazilian_truco.run")

    # --- playing (and calling truco) ---------------------------------------------------------
    def play(self, obs, rng):
        view = obs.view
        team, scores, value = view["team"], view["scores"], view["value"]
        cards = sorted({a.split()[1] for a in obs.legal if a.startswith("play ")})
        may_truco = "truco" in obs.legal

        def evaluate(w):  # per card: a win and the odds playing it, then the same after a truco
            values = []
            for c in cards:
                out = self.outcome(w, team, c)
                values += (out == team, utility(out, team, value, scores))
                if may_truco:
                    out = self.outcome(w, team, c, truco_now=True)
                    p = self.accept_if_losing if out == team else self.accept_if_winning
                    values += (out == team, p * utility(out, team, LADDER[1], scores) +
                               (1 - p) * utility(team, team, value, scores))
                else:
                    values += (0, 0.0)
            return values

        got = search(obs, rng, self.worlds, evaluate)
        n, totals = got.worlds, got.totals
        wins, score, truco_wins, truco_score = (totals[j::4] for j in range(4))
        k = best_index(score, prefer=lambda i: -strength(cards[i], view["ranking"]))
        card = cards[k]
        chance = wins[k] / n
        if may_truco:
            t = best_index(truco_score)
            gain = (truco_score[t] - score[k]) / n
            strong = truco_wins[t] / n >= self.truco_at  # a call says "strong": mostly true
            if (gain > 0.005 and strong) or (gain > -0.03 and rng.random() < self.bluff):
                why = "hint.brazilian_truco.truco" if gain > 0.005 else "hint.brazilian_truco.truco_bluff"
                return "truco", {"key": why, "chance": f"{100 * chance:.0f}%"}
        action = f"play {card}"
        down = f"{action} down"
        if down in obs.legal and self._pointless(view, card) and rng.random() < self.face_down:
            return down, {"key": "hint.brazilian_truco.down", "card": card}
        return action, {"key": "hint.brazilian_truco.card", "card": card, "chance": f"{100 * chance:.0f}%"}

    @staticmethod
    def _pointless(view, card: str) -> bool:
        """True when ``card`` can neither win nor tie this trick (its face tells the
        others something and buys nothing), and the trick is not the team's to lose."""
        plays = view["tricks"][-1]["plays"] if view["tricks"] else []
        up = [p for p in plays if not p["down"] and p["card"]]
        if not up:
            return False
        top = max(strength(p["card"], view["ranking"]) for p in up)
        return strength(card, view["ranking"]) < top


class EasyBrazilianTrucoBot(NormalBrazilianTrucoBot):
    """Rules of thumb on its own cards, without simulation."""

    level = "easy"

    def eleven(self, obs, rng):
        view = obs.view
        mine = view["hand"] + view["partner_known"]
        good = sum(strength(c) >= TWO for c in mine)
        return ("accept" if good >= 2 else "run"), {"key": "hint.brazilian_truco.guess"}

    def answer(self, obs, rng):
        hand = obs.view["hand"]
        top = best_card(hand, "kjq")
        if "raise" in obs.legal and sum(c in MANILHAS for c in hand) >= 2:
            return "raise", {"key": "hint.brazilian_truco.guess"}
        return ("accept" if top >= TWO or rng.random() < 0.2 else "run"), {"key": "hint.brazilian_truco.guess"}

    def play(self, obs, rng):
        view = obs.view
        hand = view["hand"]
        if "truco" in obs.legal and (sum(strength(c) >= THREE for c in hand) >= 2 or rng.random() < 0.03):
            return "truco", {"key": "hint.brazilian_truco.guess"}
        trick = view["tricks"][-1]
        plays = [(p["seat"], p["card"], p["down"] or p["card"] is None) for p in trick["plays"]]
        card = choose_card(hand, plays, view["results"], obs.seat, view["ranking"])
        return f"play {card}", {"key": "hint.brazilian_truco.guess"}


class StrongBrazilianTrucoBot(NormalBrazilianTrucoBot):
    """Each world solved exactly (everyone playing perfectly in it) instead of played
    out by the card rule, and bets read as information about the bettor's hand: a
    world where the bettor would lose counts ``doubt`` = 0.1. Among strong bots a
    bettor wins 75% of the hands its bet is accepted in (every card seen, both teams
    playing perfectly), where the answerer's unweighed worlds said 51% and normal's
    0.7 58% (``python bench/tries/truco_reading.py calibrate``); 0.2 makes them say
    76%, and 0.1 answers better still (bench/RESULTS.md, 2026-12-07)."""

    level = "strong"
    worlds = 30
    doubt = 0.1
    offer_worlds = 60

    def offer(self, obs, rng):
        """Keep, pass or burn, whichever wins most over ``offer_worlds`` worlds. It
        burns a middling set the rule keeps: three fresh cards and the burns still
        left are worth more (bench/RESULTS.md, 2026-12-07, later)."""
        legal = obs.legal
        got = self.offer_results(obs, rng, self.offer_worlds)
        i = best_index(got.totals[0::2])
        choice = legal[i]
        return choice, {"key": f"hint.brazilian_truco.sim_{choice}", "chance": f"{100 * got.mean(2 * i + 1):.0f}%"}

    def offer_results(self, obs, rng, worlds: int):
        """Each legal offer choice over ``worlds`` worlds (the rest of the deck
        re-dealt): the choice made, later sets by the rule of thumb, the hand solved;
        per choice two columns, its result (won 1, tied 0, lost -1) and a win."""
        me, team, legal = obs.seat, obs.view["team"], obs.legal
        last = len(legal) - 1

        def evaluate(w):
            values = []
            for k, action in enumerate(legal):
                x = w if k == last else w.clone()
                x.step(action)
                while x.phase == "deal":  # a later set, by the rule of thumb
                    x.step(self.deal(x.view(me), x.legal_actions())[0])
                result = solve(x, team) if x.phase == "play" else 0
                values += (result, result > 0)
            return values

        return search(obs, rng, worlds, evaluate)

    @staticmethod
    def outcome(world, team, first=None, truco_now=False):
        result = solve(world, team, first, truco_now)
        return team if result > 0 else None if result == 0 else 1 - team


# --- the review (cardtable/analysis.py) -------------------------------------------------
def review_weigh(obs):
    """Answering a bet, a world where the bettor would win counts fully and one where
    they would lose the strong bot's ``doubt`` (its reading: a bet says "strong");
    None elsewhere."""
    if obs.view["phase"] != "answer":
        return None
    bettor = obs.view["offer"]["by"]

    def weigh(world):
        accepted = world.clone()
        accepted.step("accept")
        return 1.0 if play_out(accepted) == bettor else StrongBrazilianTrucoBot.doubt
    return weigh


class BrazilianTrucoPlayOutBot(NormalBrazilianTrucoBot):
    """The review's play-outs: normal's judgement from four worlds instead of 40."""

    worlds = 4


REVIEW = ReviewPlan(unit="points", threshold=0.25,  # points of the hand
                    worlds=24, rollout=BrazilianTrucoPlayOutBot, weigh=review_weigh)


ADVISOR = None  # no advisor: the page offers none
LEVELS = {"easy": EasyBrazilianTrucoBot, "normal": NormalBrazilianTrucoBot,
          "strong": StrongBrazilianTrucoBot}
