"""Japanese Loo bots: ``easy``, ``normal`` and ``strong``.

Play or drop is an expected-value question: staying in earns the trick value for
each trick taken and risks the loo penalty if none is taken; dropping costs the
drop fee for sure. ``normal`` estimates its tricks from the hand (trumps by rank,
side aces, how many players may still be in); ``strong`` plays the deal out over
worlds drawn by ``sample_world`` (players still to declare decide by ``normal``'s
rule, then everyone plays ``normal``'s cards) once staying in and once dropping,
and keeps the better. In play, ``normal`` keeps a trick in hand against the loo:
it wins as cheaply as it safely can, leads master trumps and side aces, and
discards its lowest card when it cannot win; ``strong`` tries each card over
sampled worlds with ``normal`` playing the rest, counting chips won and the loo.
``easy`` stays in on any trump or ace and plays at random.
"""

from __future__ import annotations

from ..games.japanese_loo import RANKS, power
from . import Bot

TRUMP_WIN = {"A": 0.97, "K": 0.85, "Q": 0.7, "J": 0.55, "T": 0.45, "9": 0.38, "8": 0.32, "7": 0.28}
SIDE_WIN = {"A": 0.6, "K": 0.3, "Q": 0.12}


def beats(card: str, best: str, led: str, trump: str) -> bool:
    """Whether ``card`` would take the trick from ``best`` (the card now winning it)."""
    if card[1] == best[1]:
        return power(card) > power(best)
    return card[1] == trump


def current_best(trick, trump: str) -> str:
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trick[0][1], trump):
            best = c
    return best


def trick_chances(hand, trump: str, players_in: int) -> list[float]:
    """A rough chance that each card of the hand takes a trick, against ``players_in`` hands."""
    crowd = max(1, players_in - 1)
    out = []
    for c in hand:
        if c[1] == trump:
            p = TRUMP_WIN.get(c[0], 0.22)
            out.append(p ** (0.5 + 0.1 * crowd))
        else:
            out.append(SIDE_WIN.get(c[0], 0.03) ** (0.6 + 0.25 * crowd))
    return out


def stay_value(hand, trump: str, players_in: int, value: float, penalty: int) -> float:
    """Expected chips of staying in: tricks times their value, less the loo risk."""
    chances = trick_chances(hand, trump, players_in)
    expected = sum(chances)
    no_trick = 1.0
    for p in chances:
        no_trick *= 1 - p
    return expected * value - no_trick * penalty


def heuristic_declare(view: dict, seat: int) -> str:
    """``normal``'s play-or-drop rule, from what ``seat`` may know."""
    n = view["players"]
    declared = view["declared"]
    dealer = view["dealer"]
    rules = view["rules"]
    ins = len(view["ins"])
    if seat == dealer:
        expected_in = ins + 1
    else:
        left = n - len(declared) - 1  # still to declare after this seat
        expected_in = ins + 1 + 0.6 * left
    value = (view["pot"] + 0.3 * rules["fee"] * (n - len(declared) - 1)) / rules["tricks"]
    stay = stay_value(view["hand"], view["trump"], expected_in, value, rules["loo"])
    return "in" if stay > -rules["fee"] else "out"


def heuristic_card(hand, trick, trump: str, to_come: int, played, safe: bool) -> str:
    """``normal``'s card: ``trick`` is the cards played so far, ``to_come`` how many
    players follow, ``played`` the cards gone this deal, ``safe`` whether a trick
    is already taken (no loo to fear)."""
    if not trick:
        return _lead(hand, trump, played)
    led = trick[0][1]
    follow = [c for c in hand if c[1] == led] or list(hand)
    best = current_best(trick, trump)
    winners = [c for c in follow if beats(c, best, led, trump)]
    if winners:
        if to_come == 0:
            return min(winners, key=lambda c: (c[1] == trump, power(c)))
        # others still to play: win with a card they are unlikely to beat
        return max(winners, key=lambda c: (c[1] == trump, power(c)))
    return min(follow, key=lambda c: (c[1] == trump, power(c)))  # cannot win: shed the least useful


def _lead(hand, trump: str, played) -> str:
    gone = set(played)
    trumps = [c for c in hand if c[1] == trump]
    if trumps:
        top = max(trumps, key=power)
        higher_out = [r + trump for r in RANKS[:RANKS.index(top[0])] if r + trump not in gone]
        if not higher_out:
            return top  # a master trump: a sure trick
    aces = [c for c in hand if c[0] == "A" and c[1] != trump]
    if aces:
        return aces[0]
    side = [c for c in hand if c[1] != trump]
    return min(side or hand, key=power)


def _card_from_view(view: dict, legal) -> str:
    hand = [a.split()[1] for a in legal]
    trick = [p["card"] for p in view["trick"]]
    seat = view["seat"]
    to_come = len(view["ins"]) - len(trick) - 1
    safe = view["tricks_won"][seat] > 0
    if trick:
        return heuristic_card(hand, trick, view["trump"], to_come, view["played"], safe)
    return heuristic_card(view["hand"], trick, view["trump"], to_come, view["played"], safe)


def rollout(state, me: int) -> None:
    """Play ``state`` to the end of its deal with ``normal``'s rules for every seat
    (it is a sampled world, so each seat's hand there is fair game)."""
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.to_act
        if state.phase == "declare":
            action = heuristic_declare(state.view(seat), seat)
        else:
            legal = state.playable(seat)
            trick = [c for _, c in state.trick]
            to_come = len(state.ins) - len(trick) - 1
            action = "play " + heuristic_card(legal if trick else state.hands[seat], trick, state.trump,
                                              to_come, state.played, state.tricks_won[seat] > 0)
        state._apply(action)  # the rules' own legality is kept by construction here


def chips_after(state, me: int, action: str) -> float:
    """My chips at the end of this deal after ``action`` and ``normal`` play elsewhere."""
    state._apply(action)
    rollout(state, me)
    return state.chips[me]


class EasyLooBot(Bot):
    """Stays in on any trump or ace, and plays any legal card."""

    level = "easy"

    def choose(self, obs, rng):
        view = obs.view
        if obs.legal == ["in", "out"]:
            good = any(c[1] == view["trump"] or c[0] == "A" for c in view["hand"])
            return "in" if good or rng.random() < 0.25 else "out"
        return rng.choice(obs.legal)


class NormalLooBot(Bot):
    level = "normal"

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        view = obs.view
        if obs.legal == ["in", "out"]:
            choice = heuristic_declare(view, obs.seat)
            return choice, {"key": f"hint.japanese_loo.{choice}"}
        card = _card_from_view(view, obs.legal)
        return f"play {card}", {"key": "hint.japanese_loo.card", "card": card}


class StrongLooBot(Bot):
    """Decides by playing the deal out over sampled worlds, ``normal`` playing the rest."""

    level = "strong"
    worlds = 64

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        legal = obs.legal
        if len(legal) == 1:
            return legal[0], {"key": "hint.japanese_loo.forced"}
        me = obs.seat
        totals = {a: 0.0 for a in legal}
        budget = self.worlds if legal == ["in", "out"] else max(8, self.worlds * 2 // len(legal))
        for _ in range(budget):
            world = obs.sample_world(rng)
            for a in legal:
                totals[a] += chips_after(world.clone(), me, a)
        best = max(legal, key=lambda a: totals[a])
        margin = (totals[best] - min(totals.values())) / budget
        if legal == ["in", "out"]:
            return best, {"key": f"hint.japanese_loo.sim_{best}", "n": budget, "margin": f"{margin:.1f}"}
        return best, {"key": "hint.japanese_loo.sim_card", "card": best.split()[1], "n": budget}


LEVELS = {"easy": EasyLooBot, "normal": NormalLooBot, "strong": StrongLooBot}
