"""The review of a player's decisions: what each choice was worth when it was made.

For every decision of one seat that offered a real choice, the analysis estimates
the worth of each legal action *from what that seat knew then*: it draws worlds
from the seat's own observation (``Observation.sample_world``, as the bots do),
plays each action in each world and then the rest of the deal out, and measures
the seat's ``State.standing`` (its side's score less the other's, or its chips)
at the deal's end. The same worlds and the same generators serve every action, so
the differences between actions are paired and their interval is narrow. A game
may answer exactly instead (Oneonta Whist's expectimax over every order of the
unseen cards, Tressette's endgame solver once the stock is gone) or value a world
its own way (Tressette's trick search); everything else is the game's bots module
declaring, in its ``REVIEW`` (``bots.ReviewPlan``), how to play a world out (``rollout``,
a fast bot that still decides from its own seat's view of the world) and how closely
to look (``worlds``, ``threshold``).

A decision is flagged when the action played loses more than the game's threshold
against the best action, the loss is larger than its 95% interval and the strong
bot would have chosen otherwise. Its numbers are said as a player reads them
(``amount``); where the Hint would have said something else, the review says what
and why the two differ. The budget
is a count of worlds, and every generator is derived from (seed, seat, move), so
a review is the same on every run and in every runtime. Nothing here reads a card
the seat did not know: the worlds come from its view alone (tests/bots/ re-deals
the hidden cards and gets the same review).
"""

from __future__ import annotations

import math

from . import bots, games, hinttext
from .bots import Observation
from .protocol import derived_rng
from .table import text

Z95 = 1.96  # a 95% interval, from the spread of the paired differences


class Choice:
    """One reviewed choice of the player (``as_dict`` is what the page gets); a
    ``table.Decision`` is something else: a button the table offers."""

    __slots__ = ("move", "decision", "deal", "played", "actions", "values", "gains", "interval", "worlds",
                 "exact", "strong", "threshold")

    def __init__(self, move, deal, played, actions, rows, weights, exact, now, strong, threshold, decision=None):
        self.move, self.deal, self.played, self.actions = move, deal, played, actions
        self.decision = decision  # the player's own count: their 1st, 2nd … decision of the game
        self.worlds, self.exact, self.strong, self.threshold = len(rows), exact, strong, threshold
        total = sum(weights)
        self.values = [sum(w * r[i] for w, r in zip(weights, rows)) / total for i in range(len(actions))]
        self.gains = [v - now for v in self.values]
        best, mine = self.best_index, actions.index(played)
        self.interval = 0.0
        if not exact and len(rows) > 1 and best != mine:
            # the paired difference best - played, world by world (weighted): its mean is
            # the loss; its spread over the effective number of worlds gives the interval
            diffs = [r[best] - r[mine] for r in rows]
            mean = self.loss
            var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs)) / total
            effective = total * total / sum(w * w for w in weights)
            if effective > 1:
                self.interval = Z95 * math.sqrt(var * effective / (effective - 1) / effective)

    @property
    def best_index(self) -> int:
        """The highest value; among equal ones, the first in the legal order."""
        best = 0
        for i, v in enumerate(self.values):
            if v > self.values[best] + 1e-9:
                best = i
        return best

    @property
    def best(self) -> str:
        return self.actions[self.best_index]

    @property
    def loss(self) -> float:
        return self.values[self.best_index] - self.values[self.actions.index(self.played)]

    @property
    def flagged(self) -> bool:
        """A loss above the game's threshold and its interval, from a choice the strong
        bot would not make there: what the strongest bot plays is no mistake to point
        at, whatever the quick rollouts make of it (its loss is still listed)."""
        return self.loss > self.threshold and self.loss > self.interval and self.played != self.strong

    def as_dict(self, labels: dict, unit: str) -> dict:
        mine = self.actions.index(self.played)
        pair = gains_pair(self.gains[mine], self.gains[self.best_index])
        label = lambda a: labels.get(a) or text("analysis.action", action=a)
        return {
            "move": self.move, "decision": self.decision, "deal": self.deal, "played": self.played, "best": self.best,
            "strong": self.strong, "loss": round(self.loss, 3), "interval": round(self.interval, 3),
            "worlds": self.worlds, "exact": self.exact, "flagged": self.flagged, "unit": unit,
            "actions": [{"action": a, "label": label(a), "gain": round(g, 3)}
                        for a, g in zip(self.actions, self.gains)],
            "loss_words": (text("analysis.loss_none") if self.best_index == mine else
                           text("analysis.loss_exact", loss=amount(self.loss), unit=units(unit, self.loss))
                           if self.exact else
                           text("analysis.loss", loss=amount(self.loss), unit=units(unit, self.loss),
                                worlds=self.worlds)),
            "reason": (text("analysis.reason_exact" if self.exact else "analysis.reason",
                            played=label(self.played), played_gain=pair[0],
                            best=label(self.best), best_gain=pair[1],
                            unit=units(unit, self.gains[self.best_index]), n=self.worlds)
                       if self.best_index != mine else  # one choice to name, not the same twice
                       text("analysis.reason_best_exact" if self.exact else "analysis.reason_best",
                            played=label(self.played), played_gain=signed(self.gains[mine]),
                            unit=units(unit, self.gains[mine]), n=self.worlds)),
        }


def rounded(x: float) -> float:
    """A value as a player reads it: whole points or chips, one decimal under 1
    (0.25 → 0.3, 14.31 → 14); halves go up."""
    x = abs(x)
    return math.floor(x + 0.5) if x >= 0.95 else math.floor(x * 10 + 0.5) / 10


def amount(x: float) -> str:
    """``rounded`` as the words show it: "14", "0.3", "0"."""
    r = rounded(x)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def units(unit: str, x: float) -> dict:
    """The unit's word for an amount ("point" for one, "points" else; 点 and 枚 alike)."""
    return text(f"analysis.unit.{unit}", n=rounded(x))


def signed(x: float, tenths: bool = False) -> str:
    """A gain as the page shows it: a sign and the ``amount`` ("+14", "−0.4", "±0"),
    or to one decimal with ``tenths`` ("+2.3")."""
    s = f"{math.floor(abs(x) * 10 + 0.5) / 10:.1f}".removesuffix(".0") if tenths else amount(x)
    return "±0" if s == "0" else ("+" if x > 0 else "−") + s


def gains_pair(played: float, best: float) -> tuple[str, str]:
    """The played and the best action's gains for one sentence, so that they read as the
    loss shown beside them: whole where their rounded difference is the rounded loss
    (+2 and −2 beside a loss of 4), else both to one decimal (−2.4 and +2.3 beside 5)."""
    whole = rounded(best - played) == abs(rounded(best) * sign(best) - rounded(played) * sign(played))
    return signed(played, not whole), signed(best, not whole)


def sign(x: float) -> int:
    return -1 if x < 0 else 1


def evaluate(game_name: str, state, seat: int, seed: int, move: int, worlds: int | None = None):
    """(actions, per-world values, the worlds' weights, exact) for the decision ``seat``
    faces in ``state``, from that seat's observation only; None where the game gives
    no values for it. A game that reads a bet as strength (the plan's ``weigh``) weighs
    each world by how likely the bet was there, as its bots do."""
    plan = bots.module(game_name).REVIEW
    obs = Observation(state, seat)
    if plan.exact is not None:
        values = plan.exact(obs)
        if values is not None:
            return obs.legal, [[v + state.standing(seat) for v in values]], [1.0], True
    n = worlds or plan.worlds  # a game answered exactly samples none
    if n == 0:
        return None
    rng = derived_rng(seed, "review", seat, move)
    sampled = [obs.sample_world(rng) for _ in range(n)]
    weigh = plan.weigh(obs) if plan.weigh is not None else None
    weights = [1.0 if weigh is None else weigh(world) for world in sampled]
    rows = []
    for w, world in enumerate(sampled):
        if plan.world is not None:
            row = plan.world(world, seat, obs.legal)
            if row is None:
                return None
        else:
            row = [play_out(plan.rollout, world, seat, action, (seed, "review", seat, move, w))
                   for action in obs.legal]
        rows.append(row)
    return obs.legal, rows, weights, False


def play_out(rollout: type, world, seat: int, action: str, parts: tuple) -> float:
    """``seat``'s standing at the end of the deal after ``action`` in ``world``, every
    seat played by the game's rollout bot from its own view of the world. Each action
    gets a generator from the same ``parts``, so the actions meet the same luck."""
    w = world.clone()
    deal = w.deal_index
    w.step(action)
    bot = rollout()
    rng = derived_rng(*parts)
    while not w.is_over and w.deal_index == deal:
        w.step(bot.choose(Observation(w, w.to_act), rng))
    return w.standing(seat)


class Review:
    """The decisions of ``seat`` in a game given by (game, seed, options, actions),
    replayed once; ``analyse(i)`` reviews the i-th of them (cached), so a page can
    ask a few at a time between the table's own requests."""

    def __init__(self, game_name: str, seed: int, options: dict, actions: list[str], seat: int,
                 worlds: int | None = None, done: dict | None = None, deck: list[str] | None = None):
        self.game_name, self.seed, self.seat, self.worlds = game_name, seed, seat, worlds
        self.plan = bots.module(game_name).REVIEW
        self.strong = bots.make(game_name, bots.levels(game_name)[-1])  # what the strongest would do
        self.moves = len(actions)
        state = games.get(game_name).new_game(seed=seed, options=options, deck=deck)
        self.positions = []  # (move, deal, state before it, action played)
        for move, action in enumerate(actions):
            if state.is_over:
                break
            if state.to_act == seat and len(state.legal_actions()) > 1:
                self.positions.append((move, state.deal_index, state.clone(), action))
            state.apply(action)
        self.decisions = {p[0]: i + 1 for i, p in enumerate(self.positions)}  # move → the player's count
        self.finished = state.deal_index if not state.is_over else state.deal_index + 1  # deals before it ended
        self.done: dict[int, dict | None] = {} if done is None else done  # by move: a longer game keeps them

    def indices(self, deal: int | None = None) -> list[int]:
        """The positions of one deal (all of them without ``deal``), by index."""
        return [i for i, p in enumerate(self.positions) if deal is None or p[1] == deal]

    def analyse(self, i: int) -> dict | None:
        """The i-th decision reviewed (None where it was no choice of the player's)."""
        move = self.positions[i][0]
        if move not in self.done:
            self.done[move] = self._analyse(*self.positions[i])
        return self.done[move]

    def progress(self, indices: list[int], budget: int) -> dict:
        """Reviews up to ``budget`` more of ``indices``: how far it got and what it found."""
        for i in indices:
            if budget <= 0:
                break
            if self.positions[i][0] not in self.done:
                self.analyse(i)
                budget -= 1
        found = [self.done.get(self.positions[i][0], False) for i in indices]
        return {"total": len(indices), "done": sum(f is not False for f in found),
                "complete": all(f is not False for f in found),
                "decisions": [f for f in found if f], "unit": self.plan.unit,
                "threshold": self.plan.threshold}

    def _analyse(self, move, deal, state, played) -> dict | None:
        seat = self.seat
        table = state.table(seat)
        auto = table.get("auto")
        if auto is not None and auto["action"] == played:
            return None  # the table answered for the player: no choice of theirs
        got = evaluate(self.game_name, state, seat, self.seed, move, self.worlds)
        if got is None:
            return None
        actions, rows, weights, exact = got
        strong = self.strong.choose(Observation(state, seat), derived_rng(self.seed, "hint", seat, move))
        choice = Choice(move, deal, played, actions, rows, weights, exact, state.standing(seat),
                        strong, self.plan.threshold, self.decisions.get(move))
        labels = {d["action"]: d["label"] for d in table["decisions"]}
        return {**choice.as_dict(labels, self.plan.unit), "position": position(table),
                "hint": self._hint(choice, state, table, labels)}

    def _hint(self, choice: Choice, state, table: dict, labels: dict) -> dict | None:
        """Where the player lost more than the threshold and the Hint would have said
        something the review values more than the threshold below its best: what the
        Hint said, with why the two differ (the Hint's bot judges by its own reckoning, often a chance to win, the
        review by the points or chips expected at the deal's end)."""
        if choice.loss <= self.plan.threshold:
            return None
        level = bots.hint_level(self.game_name)
        action, reason = bots.hint(self.game_name, state, self.seed, choice.move, level)
        if action not in choice.actions or choice.values[choice.best_index] - \
                choice.values[choice.actions.index(action)] <= self.plan.threshold:
            return None  # the Hint's choice is the review's best, or near enough
        said = labels.get(action) or hinttext.action_words(self.game_name, action, table["decisions"])
        about = hinttext.chance(reason.get("pct") if reason.get("pct") is not None else reason.get("chance"))
        unit = text(f"analysis.unit.{self.plan.unit}")
        words = (text("analysis.hint_chance", hint=said, about=about, level=text(f"level.{level}"), unit=unit)
                 if about else text("analysis.hint_other", hint=said, level=text(f"level.{level}"), unit=unit))
        return {"action": action, "words": words}


def position(table: dict) -> dict:
    """The position as the player saw it: what was asked, their cards, the trick, and
    any card lying face up beside it (a turn-up that names trumps, Oneonta's turned card)."""
    area = next((a for a in table["areas"] if a["current"]), None)
    return {"prompt": table["prompt"], "hand": list(table["seats"][0]["hand"]),
            "area": None if area is None else {"label": area["label"], "plays": area["plays"]},
            "shown": [{"label": p["label"], "cards": list(p["cards"])} for p in table["piles"] if p["cards"]]}


def review_game(game_name: str, seed: int, options: dict, actions: list[str], seat: int,
                worlds: int | None = None, deck: list[str] | None = None) -> list[dict]:
    """Every decision of ``seat`` in the game reviewed, in order (for tests and bench/)."""
    review = Review(game_name, seed, options, actions, seat, worlds, deck=deck)
    return [d for d in (review.analyse(i) for i in range(len(review.positions))) if d is not None]
