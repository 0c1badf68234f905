"""Toepen bots: ``easy``, ``normal`` and ``strong``.

Only the fourth trick wins the deal, so everything turns on one number: the chance
to win that trick from here. ``win_chance`` estimates it by playing the rest of
the deal out over worlds drawn by ``sample_world`` (the other hands re-dealt
consistently with what the seat has seen), everyone playing the card rule below,
and counting how often this seat takes the last trick. Facing a knock, the worlds
are weighed by how likely the knocker was to knock with the hand that world gives
them (a knock says "strong", though it may be a bluff).

- Card rule (``choose_card``): keep the card most likely to win the last trick (the
  *keeper*: fewest unseen higher cards of its suit), shed the others low, and in
  the third trick win it with the other card when that card can win, to lead the
  last trick with the keeper.
- Stay or fold: by expected chips. Folding costs the stake now; staying wins or
  loses the raised stake (as the settlement option pays it), with a ruin cost
  where losing would bankrupt the player under the first-bankruptcy end.
- Knock: on a high chance to win the last trick (a higher one as the stake
  grows, or where losing would ruin the player), and now and then (a bluff) on a
  poor one late in the deal. (A ``strong`` that knocked by expected chips, with
  the others' answers guessed from their hands in each world, did no better than
  this rule in the arena; see docs/toepen.md.)
- ``strong`` picks its card by playing each legal card out over 90 sampled worlds;
  its stakes are ``normal``'s rules (three times the worlds for them did no better
  in the arena, bench/RESULTS.md). Every world it reads, for its card and its
  stakes, is weighed by how likely the others' knocks, passes and answers this
  deal were from the hands that world gives them (``stake_weight``).
- Exchanges: honest with four number cards; a lie with a hand without an ace or a
  king at a level's rate, less often the more players may challenge (``strong``:
  a lie where the hand's chance is below ``exchange_line`` for how often this
  game's table has challenged, ``challenge_rate``). Challenges
  follow the chance that the exchange was a lie, from the number cards the seat
  can see. Announcements: the mandatory ones always; three or four sevens are
  whistled or stood (a bluff) at a level's rate.
- ``easy`` stays on an ace or a master card, knocks rarely, plays ``choose_card``
  without simulation.
"""

from __future__ import annotations

from math import comb

from ..cards import follow_suit, led_suit
from ..games.toepen import DECK, NUMBER_RANKS, RANKS, honest_exchange, power, trick_winner
from . import Bot, ReviewPlan
from .search import best_index, search
from .toepen_stake_counts import COUNTS

RUIN = 8.0  # what being the first to go bankrupt costs, in chips, beyond the chips


# --- cards -----------------------------------------------------------------------------
ABOVE = {c: tuple(r + c[1] for r in RANKS[:RANKS.index(c[0])]) for c in DECK}  # each card's betters in its suit


def higher_unseen(card: str, hand, gone) -> int:
    """How many cards of ``card``'s suit above it are neither in ``hand`` nor gone."""
    return sum(1 for h in ABOVE[card] if h not in hand and h not in gone)


def keeper(hand, gone) -> str:
    """The card to keep for the last trick: fewest unseen higher cards, then highest."""
    return min(hand, key=lambda c: (higher_unseen(c, hand, gone), -power(c)))


def choose_card(hand, legal, trick, trick_no: int, gone) -> str:
    """The card rule: ``trick`` is the (seat, card) pairs played to this trick, ``gone``
    every card this player has seen leave play."""
    if len(legal) == 1:
        return legal[0]
    keep = keeper(hand, gone)
    others = [c for c in legal if c != keep] or legal
    if trick and trick_no == 3:  # win the third trick with the other card if it can: lead the last
        led = trick[0][1][1]
        best = max((c for _, c in trick if c[1] == led), key=power)
        winners = [c for c in others if c[1] == led and power(c) > power(best)]
        if winners:
            return min(winners, key=power)
    return min(others, key=power)


def quick_strength(hand, gone, players: int) -> float:
    """A rough chance to win the last trick from the hand alone (for worlds, where a
    full estimate for every other player would cost too much)."""
    if not hand:
        return 0.0
    best = keeper(hand, gone)
    h = higher_unseen(best, hand, gone)
    return min(0.95, 0.9 * 0.5 ** h * (2.0 / max(2, players)) ** 0.5)


# --- playing a world out ---------------------------------------------------------------
def play_out(world, first: tuple[int, str] | None = None) -> int:
    """The winner of the last trick of ``world``'s deal if nobody knocks or folds from
    here, every player using ``choose_card`` on its own hand (it is a sampled world),
    after ``first`` (seat, card), if given, is played. It reads the world's fields
    directly and copies only the hands and the trick: views or clones would be most
    of the time."""
    n = world.num_players
    folded = world.folded
    active = [s for s in world.in_deal if s not in folded]
    hands = {s: list(world.hands[s]) for s in active}
    gone = set(world.played)
    trick = list(world.trick)
    if first:
        hands[first[0]].remove(first[1])
        trick.append(first)
    trick_no = max(1, world.trick_no)
    lead_from = world.lead_from
    live_folds = world.options["folded_card"] == "live"
    while True:
        done = {s for s, _ in trick}
        if all(s in done for s in active):
            dead = set() if live_folds and trick_no < 4 else folded
            winner, _ = trick_winner(trick, dead)
            if trick_no == 4:
                return winner
            gone.update(c for _, c in trick)
            trick, trick_no, lead_from = [], trick_no + 1, winner
            continue
        start = lead_from if not trick else trick[-1][0] + 1
        seat = next((start + k) % n for k in range(n) if (start + k) % n in hands and (start + k) % n not in done)
        hand = hands[seat]
        card = choose_card(hand, follow_suit(hand, led_suit(trick)), trick, trick_no, gone)
        hand.remove(card)
        trick.append((seat, card))


def win_chance(obs, rng, worlds: int, weigh=None) -> float:
    """This seat's chance to win the last trick, over ``worlds`` sampled worlds
    (each weighed by ``weigh(world, values)`` if given)."""
    me = obs.seat
    return search(obs, rng, worlds, lambda w: (play_out(w) == me,), weigh).mean(0)


def knocker_weight(knocker: int):
    """A world's weight when ``knocker`` has knocked: likelier where their hand is strong."""
    def weigh(world, _values):
        hand = world.hands[knocker]
        return 0.3 + quick_strength(hand, set(world.played), len(world.active()))
    return weigh


# --- reading the table's stake decisions -------------------------------------------------
# ``normal`` (and so most of the table) knocks when its chance to win the last trick is
# high and stays when staying is worth more than folding: a knock says the hand's keeper
# is near the top of its suit, a run of passes says it is not, a fold says the hand is
# weak. How likely each decision was, by what the hand held then, is counted on tables of
# ``normal`` (``toepen_stake_counts``, made by ``python -m cardtable_lab.toepen_likelihoods``).
# The view's ``stake_log`` is public, so the weight reads only what the seat saw.
STAKE_FLOOR = 0.02  # no decision rules a hand out: bots bluff, and people are not normal


def stake_decision(entry: dict) -> tuple[str, bool]:
    """(kind, yes) of a ``stake_log`` entry: an answer to a knock (stay or fold) or a
    knock window (knock or pass), and whether it was a knock or a stay."""
    return ("answer" if entry["action"] in ("stay", "fold") else "window"), entry["action"] in ("knock", "stay")


def stake_features(kind: str, hand, gone, trick_no: int, players_in: int) -> tuple:
    """(kind, trick, players in (5 for five or more), unseen cards above the keeper (3 for three or more))."""
    if not hand:
        return (kind, trick_no, min(players_in, 5), 3)
    return (kind, trick_no, min(players_in, 5), min(higher_unseen(keeper(hand, gone), hand, gone), 3))


#: (table size, *features) -> the chance that normal knocks (a window) or stays (an answer)
STAKE_CHANCES = {key: (yes + 0.5) / (yes + no + 1) for key, (yes, no) in COUNTS.items()}
READ_SIZES = frozenset(key[0] for key in COUNTS)  # the table sizes whose decisions were counted


def stake_likelihood(players: int, f: tuple, yes: bool) -> float:
    """The chance of the decision (a knock or a stay if ``yes``) from a hand with features
    ``f`` at a table of ``players``."""
    p = STAKE_CHANCES.get((players, *f), 0.5)
    return max(STAKE_FLOOR, p if yes else 1.0 - p)


def stake_weight(view, me: int):
    """A world's weight (``search``'s ``weigh``): the product, over the others still in,
    of the likelihood of each one's last stake decision in each trick from the hand the
    world gives them then (their cards now and the ones they played since). None if
    nobody else has decided yet, or at a table size not counted."""
    size = view["players"]
    if size not in READ_SIZES:
        return None
    folded = set(view["folded"])
    last = {}
    for e in view["stake_log"]:
        if e["seat"] != me and e["seat"] not in folded:
            kind, yes = stake_decision(e)
            last[(e["seat"], e["trick"], kind)] = (e["seat"], kind, yes, e["before"], e["trick"], e["in"])
    if not last:
        return None
    played = list(view["played"])
    by = {}
    for t in view["tricks"]:
        for seat, card, *_ in t["plays"]:
            by[card] = seat
    for p in view["trick"]:
        by[p["card"]] = p["seat"]
    decisions = []
    for seat, kind, yes, before, trick_no, players_in in last.values():
        since = [c for c in played[before:] if by.get(c) == seat]
        decisions.append((seat, kind, yes, set(played[:before]), since, trick_no, players_in))

    def weigh(world, _values=()):
        w = 1.0
        for seat, kind, yes, gone, since, trick_no, players_in in decisions:
            f = stake_features(kind, list(world.hands[seat]) + since, gone, trick_no, players_in)
            w *= stake_likelihood(size, f, yes)
        return w
    return weigh


# --- chips -------------------------------------------------------------------------------
def outcomes(view, stake: int, losers: int) -> tuple[float, float]:
    """(chips won if this seat wins, chips lost if it loses) at ``stake`` under the
    settlement option, with ``losers`` other players still in at the end."""
    mode = view.get("settlement", "pool")
    win = {"pool": stake, "literal": stake, "direct": stake * max(1, losers), "lives": 0}[mode]
    lose = 0 if mode == "literal" else stake
    return float(win), float(lose)


def ruin(view, seat: int, cost: float) -> float:
    """The extra cost when paying ``cost`` would leave ``seat`` with nothing."""
    if view["chips"][seat] - cost > 0:
        return 0.0
    return RUIN if view["end"] == "bankruptcy" else RUIN / 2


def stay_value(view, seat: int, p: float) -> tuple[float, float]:
    """(expected chips of staying, of folding) against the knock now on the table."""
    stake = view["stake"]
    raised = stake + 1
    others = len([s for s in view["in_deal"] if s not in view["folded"]]) - 1
    win, lose = outcomes(view, raised, others)
    stay = p * win - (1 - p) * (lose + ruin(view, seat, lose))
    fold = -(stake + ruin(view, seat, stake))
    return stay, fold


def lie_posterior(view, lie_rate: float = 0.3) -> float:
    """The chance that an exchange was a lie, from the cards this seat can see: an
    honest hand (four number cards) is rare, a weak hand with a picture card is not."""
    seen = set(view["hand"]) | set(view["played"])
    for r in view["exchanges"]:
        if r["discards"]:
            seen |= set(r["discards"])
    unseen = len(DECK) - len(seen)
    numbers = sum(1 for c in DECK if c[0] in NUMBER_RANKS and c not in seen)
    total = comb(unseen, 4)
    if total == 0:
        return 0.5
    honest = comb(numbers, 4) / total
    one_picture = comb(numbers, 3) * (unseen - numbers) / total
    lie = one_picture * 0.5 * lie_rate
    return lie / (lie + honest) if lie + honest else 0.5


def weak(hand) -> bool:
    return not any(c[0] in "AK" for c in hand)


def challenge_rate(view, me: int, prior: tuple[float, float] = (1, 2)) -> float:
    """How often this table challenges an exchange: of the game's exchanges on which
    someone other than ``me`` was asked, the share they challenged, starting from
    ``prior`` (challenged, exchanges): one in two, worth two exchanges."""
    asked = challenged = 0
    for r in view["exchange_history"]:
        if any(s != me for s in r["asked"]):
            asked += 1
            challenged += any(s != me for s in r["challengers"])
    return (challenged + prior[0]) / (asked + prior[1])


def exchange_line(players: int, rate: float, open_: float = 1.65, drop: float = 1.65) -> float:
    """The chance to win the last trick below which a hand is worth swapping for four
    unseen cards though the exchange is a lie: 1.65 times an even share when nobody
    challenges, nothing when everyone does (at four players, lying below a fixed
    chance did best at 35-40% against tables that challenge about one lie in ten,
    and no better than rarely at a table that challenges every one; bench/RESULTS.md,
    2026-12-06, later)."""
    return (open_ - drop * rate) / players


# --- the bots ------------------------------------------------------------------------------
class NormalToepenBot(Bot):
    """The shared decisions; levels set the rates and the number of worlds."""

    level = "normal"
    lie_rate = 0.3
    sevens_bluff = 0.35
    challenge_at = 0.5
    worlds = 40
    knock_at = 0.62
    bluff_knock = 0.02

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        legal, view = obs.legal, obs.view
        if len(legal) == 1:
            return legal[0], {"key": "hint.toepen.forced"}
        if "exchange" in legal:
            return self.exchange(obs, rng)
        if legal == ["challenge", "pass"]:
            return self.challenge(view, rng)
        if "silent" in legal:
            return self.announce(view, legal, rng)
        if legal == ["stay", "fold"]:
            return self.respond(obs, rng)
        if legal == ["knock", "pass"]:
            return self.knock_or(obs, rng, "pass")
        if "knock" in legal:
            action, why = self.knock_or(obs, rng, None)
            if action == "knock":
                return action, why
        return self.card(obs, rng)

    def exchange(self, obs, rng):
        view = obs.view
        hand = view["hand"]
        if honest_exchange(hand):
            return "exchange", {"key": "hint.toepen.exchange_honest"}
        others = max(1, len(view["in_deal"]) - 1)
        if weak(hand) and rng.random() < self.lie_rate * min(1.0, 3 / others):
            return "exchange", {"key": "hint.toepen.exchange_bluff"}
        return "keep", {"key": "hint.toepen.keep"}

    def challenge(self, view, rng):
        p = lie_posterior(view)
        if p > self.challenge_at and rng.random() < 0.8:
            return "challenge", {"key": "hint.toepen.challenge", "chance": f"{100 * p:.0f}%"}
        return "pass", {"key": "hint.toepen.no_challenge", "chance": f"{100 * p:.0f}%"}

    def announce(self, view, legal, rng):
        aces = sum(c[0] == "A" for c in view["hand"])
        if aces >= 3:
            call = "stand" if aces == 4 else "whistle"
            return call, {"key": "hint.toepen.must_call"}
        if rng.random() < self.sevens_bluff:
            call = "stand" if "stand" in legal else "whistle"
            return call, {"key": "hint.toepen.sevens_bluff"}
        return "silent", {"key": "hint.toepen.silent"}

    def reading(self, obs, answering: bool):
        """The worlds' weight (``search``'s ``weigh``) for a stake decision: answering a
        knock, by the knocker's strength; else None (every world alike)."""
        return knocker_weight(obs.view["knocker"]) if answering else None

    def chance(self, obs, rng, answering: bool) -> float:
        """The chance to win the last trick a stake decision reads: over ``worlds``
        sampled worlds, weighed by ``reading``."""
        return win_chance(obs, rng, self.worlds, self.reading(obs, answering))

    def respond(self, obs, rng):
        view = obs.view
        p = self.chance(obs, rng, True)
        stay, fold = stay_value(view, obs.seat, p)
        choice = "stay" if stay >= fold else "fold"
        return choice, {"key": f"hint.toepen.{choice}", "chance": f"{100 * p:.0f}%",
                        "stay": f"{stay:+.1f}", "fold": f"{fold:+.1f}"}

    def knock_or(self, obs, rng, otherwise):
        """Knock on strength (or as a bluff); else ``otherwise`` (None: go on to a card)."""
        view = obs.view
        p = self.chance(obs, rng, False)
        threshold = self.knock_at + 0.05 * (view["stake"] - 1)
        if ruin(view, obs.seat, view["stake"] + 1):
            threshold = max(threshold, 0.8)
        late = view["trick_no"] >= 3
        if p >= threshold or (late and p < 0.3 and rng.random() < self.bluff_knock):
            why = "hint.toepen.knock" if p >= threshold else "hint.toepen.knock_bluff"
            return "knock", {"key": why, "chance": f"{100 * p:.0f}%"}
        return otherwise, {"key": "hint.toepen.pass", "chance": f"{100 * p:.0f}%"}

    def card(self, obs, rng):
        view = obs.view
        plays = [a for a in obs.legal if a.startswith("play ")]
        legal = [a.split()[1] for a in plays]
        trick = [(p["seat"], p["card"]) for p in view["trick"]]
        card = choose_card(view["hand"], legal, trick, view["trick_no"], set(view["played"]))
        return f"play {card}", {"key": "hint.toepen.card", "card": card}


class EasyToepenBot(NormalToepenBot):
    """Rules of thumb without simulation."""

    level = "easy"
    lie_rate = 0.1
    sevens_bluff = 0.2

    def challenge(self, view, rng):
        return ("challenge" if rng.random() < 0.15 else "pass"), {"key": "hint.toepen.guess"}

    def respond(self, obs, rng):
        view = obs.view
        p = quick_strength(view["hand"], set(view["played"]), len(view["in_deal"]) - len(view["folded"]))
        return ("stay" if p >= 0.4 or rng.random() < 0.3 else "fold"), {"key": "hint.toepen.guess"}

    def knock_or(self, obs, rng, otherwise):
        view = obs.view
        p = quick_strength(view["hand"], set(view["played"]), len(view["in_deal"]) - len(view["folded"]))
        if (p >= 0.8 and view["trick_no"] >= 3) or rng.random() < 0.01:
            return "knock", {"key": "hint.toepen.guess"}
        return otherwise, {"key": "hint.toepen.guess"}


class StrongToepenBot(NormalToepenBot):
    """Cards chosen by playing each one out over sampled worlds rather than by the
    card rule, and at four players every world (for its stakes and its card) weighed
    by how likely the others' knocks, passes and answers this deal were from the hands it gives
    them (``stake_weight``); the stakes by ``normal``'s rules, from as many worlds; a
    lie in an exchange by its chance and the table's challenges (``exchange``)."""

    level = "strong"
    card_worlds = 90
    challenge_prior = (1, 2)  # challenge_rate's prior
    line = (1.65, 1.65)  # exchange_line's open_ and drop

    def exchange(self, obs, rng):
        """Honest with four number cards; else a lie where the hand's chance to win the
        last trick (over ``worlds`` unweighed worlds) is below ``exchange_line`` for how
        often this table has challenged: a new hand is a fresh draw, a caught lie costs one chip."""
        view = obs.view
        if honest_exchange(view["hand"]):
            return "exchange", {"key": "hint.toepen.exchange_honest"}
        p = win_chance(obs, rng, self.worlds)
        rate = challenge_rate(view, obs.seat, self.challenge_prior)
        choice = "exchange" if p < exchange_line(len(view["in_deal"]), rate, *self.line) else "keep"
        return choice, {"key": f"hint.toepen.{choice}_odds", "chance": f"{100 * p:.0f}%",
                        "rate": f"{100 * rate:.0f}%"}

    def reading(self, obs, answering: bool):
        """The stake log's weight (``stake_weight``); where it is not read (nobody else
        has decided, another table size), ``normal``'s."""
        weigh = stake_weight(obs.view, obs.seat)
        return weigh if weigh is not None else super().reading(obs, answering)

    def card(self, obs, rng):
        plays = [a for a in obs.legal if a.startswith("play ")]
        if len(plays) == 1:
            return plays[0], {"key": "hint.toepen.forced"}
        me = obs.seat
        cards = [a.split()[1] for a in plays]
        tally = search(obs, rng, self.card_worlds, lambda w: [play_out(w, (me, c)) == me for c in cards],
                       self.reading(obs, False))
        best = best_index(tally.totals)
        return plays[best], {"key": "hint.toepen.card_sim", "card": cards[best],
                             "chance": f"{100 * tally.mean(best):.0f}%", "n": self.card_worlds}


# --- the review (cardtable/analysis.py) -------------------------------------------------
class ToepenPlayOutBot(EasyToepenBot):
    """The review's play-outs: the rules of thumb, but a knock is answered as normal
    answers it, from four worlds of the answering seat's own view: a guessed answer
    would fold to any knock, and every knock, even with a losing last card, would
    look good."""

    worlds = 4
    respond = NormalToepenBot.respond


def review_weigh(obs):
    """Answering a knock, a world counts more where the knocker's hand is strong
    (normal's reading of a knock); None elsewhere."""
    if obs.legal != ["stay", "fold"]:
        return None
    weigh = knocker_weight(obs.view["knocker"])
    return lambda world: weigh(world, ())


REVIEW = ReviewPlan(unit="chips", threshold=0.3, worlds=16, rollout=ToepenPlayOutBot, weigh=review_weigh)


ADVISOR = None  # no advisor: the page offers none
LEVELS = {"easy": EasyToepenBot, "normal": NormalToepenBot, "strong": StrongToepenBot}
