"""Japanese Loo bots: ``easy``, ``normal`` and ``strong``.

Play or drop is an expected-value question: staying in earns the trick value for
each trick taken and risks the loo penalty if none is taken; dropping costs the
drop fee for sure. ``normal`` estimates its tricks from the hand (trumps by rank,
side aces, how many players may still be in); ``strong`` plays the deal out over
worlds drawn by ``sample_world`` (players still to declare decide by ``normal``'s
rule, then everyone plays ``normal``'s cards) once staying in and once dropping,
and keeps the better. In play, ``normal`` takes what tricks it can: it wins as
cheaply as is safe, leads master trumps and side aces, and sheds its least useful
card when it cannot win; ``strong`` weighs the loo itself, trying each card over
sampled worlds with ``normal`` playing the rest and counting chips won and the loo.
``strong`` counts a chip the deal leaves in the pot (a loo) at an even share of it:
the next deals pay it back to the table (``value_after``).
``easy`` stays in on any trump or ace and plays at random.
"""

from __future__ import annotations

from ..games.japanese_loo import RANKS, power
from . import Bot, ReviewPlan
from .search import best_index, search

TRUMP_WIN = {"A": 0.97, "K": 0.85, "Q": 0.7, "J": 0.55, "T": 0.45, "9": 0.38, "8": 0.32, "7": 0.28}
SIDE_WIN = {"A": 0.6, "K": 0.3, "Q": 0.12}


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card`` would take the trick from ``best`` (the card now winning it)."""
    if card[1] == best[1]:
        return power(card) > power(best)
    return card[1] == trump


def current_best(trick, trump: str) -> str:
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
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


def declare_stay(hand, trump: str, players: int, declared: int, ins: int, pot: int, rules: dict) -> float:
    """``normal``'s reckoning of staying in: ``declared`` players have declared before
    this one, ``ins`` of them to play (the dealer, last, sees that no one is left)."""
    left = players - declared - 1  # still to declare after this seat
    expected_in = ins + 1 + 0.6 * left
    value = (pot + 0.3 * rules["fee"] * left) / rules["tricks"]
    return stay_value(hand, trump, expected_in, value, rules["loo"])


def heuristic_declare(hand, trump: str, players: int, declared: int, ins: int, pot: int, rules: dict) -> str:
    """``normal``'s play-or-drop rule: in where staying beats paying the fee."""
    stay = declare_stay(hand, trump, players, declared, ins, pot, rules)
    return "in" if stay > -rules["fee"] else "out"


def declare_from_view(view: dict) -> str:
    return heuristic_declare(view["hand"], view["trump"], view["players"], len(view["declared"]),
                             len(view["ins"]), view["pot"], view["rules"])


def heuristic_card(legal, trick, trump: str, to_come: int, played) -> str:
    """``normal``'s card among the ``legal`` ones: ``trick`` is the cards played so
    far, ``to_come`` how many players follow, ``played`` the cards gone this deal."""
    if not trick:
        return _lead(legal, trump, played)
    best = current_best(trick, trump)
    winners = [c for c in legal if beats(c, best, trump)]
    if winners:
        if to_come == 0:
            return min(winners, key=lambda c: (c[1] == trump, power(c)))
        # others still to play: win with a card they are unlikely to beat
        return max(winners, key=lambda c: (c[1] == trump, power(c)))
    return min(legal, key=lambda c: (c[1] == trump, power(c)))  # cannot win: shed the least useful


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
    trick = [p["card"] for p in view["trick"]]
    return heuristic_card([a.split()[1] for a in legal], trick, view["trump"], len(view["ins"]) - len(trick) - 1,
                          view["played"])


def rollout(state, deal: int | None = None) -> None:
    """Play ``state`` to the end of deal ``deal`` (the one in progress if None) with
    ``normal``'s rules for every seat (it is a sampled world, so each seat's hand there
    is fair game). It reads the world's fields directly: building views here would be
    most of a decision's time."""
    if deal is None:
        deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.to_act
        if state.phase == "declare":
            action = heuristic_declare(state.hands[seat], state.trump, state.num_players, len(state.declared),
                                       len(state.ins), state.pot, state.rules)
        else:
            trick = [c for _, c in state.trick]
            action = "play " + heuristic_card(state.playable(seat), trick, state.trump,
                                              len(state.ins) - len(trick) - 1, state.played)
        state.step(action)  # legal by construction: the rules' own choices, in a sampled world


def value_after(state, me: int, action: str) -> float:
    """What this deal leaves me after ``action`` and ``normal`` play elsewhere
    (``deal_value``), valued when the deal it is made in ends: if ``action`` ends it
    (a drop that leaves the pot to one player), at once. The world stops between
    deals (``deal_next``): nothing of the next deal is needed."""
    deal = state.deal_no
    state.deal_next = False
    state.step(action)
    rollout(state, deal)
    return deal_value(state, me)


def deal_value(state, me: int) -> float:
    """What a played-out deal leaves me: my chips, and an even share of each chip it
    leaves in the pot (a loo, a remainder), which the next deals pay back to the
    table; once the game is over, chips alone. So another player's loo is worth a
    little to me and mine costs less than its chips: counting chips alone, ``strong``
    did worse against the table (bench/RESULTS.md, 2026-12-07, evening)."""
    if state.is_over:
        return float(state.chips[me])
    return state.standing(me) + (state.pot - sum(state.anted)) / state.num_players  # before the next ante


class EasyJapaneseLooBot(Bot):
    """Stays in on any trump or ace, and plays any legal card."""

    level = "easy"

    def choose(self, obs, rng):
        view = obs.view
        if obs.legal == ["in", "out"]:
            good = any(c[1] == view["trump"] or c[0] == "A" for c in view["hand"])
            return "in" if good or rng.random() < 0.25 else "out"
        return rng.choice(obs.legal)


class NormalJapaneseLooBot(Bot):
    level = "normal"

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def explain(self, obs, rng):
        view = obs.view
        if obs.legal == ["in", "out"]:
            choice = declare_from_view(view)
            return choice, {"key": f"hint.japanese_loo.{choice}"}
        card = _card_from_view(view, obs.legal)
        return f"play {card}", {"key": "hint.japanese_loo.card", "card": card}


class StrongJapaneseLooBot(Bot):
    """Decides by playing the deal out over sampled worlds, ``normal`` playing the rest.
    A deal's chips swing by the pot, so one play-out says little: 256 worlds (a card
    is tried over ``2 * worlds / cards``) play better than 64, and 512 no better
    (bench/RESULTS.md, 2026-12-06, late night)."""

    level = "strong"
    worlds = 256

    def choose(self, obs, rng):
        return self.explain(obs, rng)[0]

    def value(self, state, me: int, action: str) -> float:
        """What one play-out of ``action`` from the world ``state`` is worth to ``me``."""
        return value_after(state, me, action)

    def explain(self, obs, rng):
        legal = obs.legal
        if len(legal) == 1:
            return legal[0], {"key": "hint.japanese_loo.forced"}
        me = obs.seat
        budget = self.worlds if legal == ["in", "out"] else max(8, self.worlds * 2 // len(legal))
        last = len(legal) - 1

        def evaluate(world):  # the last choice may use the world itself
            return [self.value(world if k == last else world.clone(), me, a) for k, a in enumerate(legal)]

        totals = search(obs, rng, budget, evaluate).totals
        i = best_index(totals)
        best = legal[i]
        margin = (totals[i] - min(totals)) / budget
        if legal == ["in", "out"]:
            return best, {"key": f"hint.japanese_loo.sim_{best}", "n": budget, "margin": f"{margin:.1f}"}
        return best, {"key": "hint.japanese_loo.sim_card", "card": best.split()[1], "n": budget}


# --- the review (cardtable/analysis.py) -------------------------------------------------
REVIEW = ReviewPlan(unit="chips", threshold=1.0, worlds=32,
                    rollout=NormalJapaneseLooBot)  # the rules of thumb the strong bot's own rollouts use


ADVISOR = None  # no advisor: the page offers none
LEVELS = {"easy": EasyJapaneseLooBot, "normal": NormalJapaneseLooBot, "strong": StrongJapaneseLooBot}
