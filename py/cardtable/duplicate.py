"""Duplicate: the strong bot's play of today's deal from the player's seat.

Once the player has finished today's deal (cardtable.daily), the same deal is
played again with the strongest bot in the player's seat, against the same
opponents' bots at the daily's level and the same cards: the seed fixes every
deal, and the other seats' bots draw from the same generators, so where the
strong bot plays as the player did the table answers as it did. The two results
side by side are the one honest comparison a game played alone can offer.

The strong bot decides from ``Observation(state, seat)`` alone, as every bot
does, with the generator the review's strong choice uses (``analysis``: seed,
"hint", seat, move): at a position the player also met, the replay plays what the
review says the strong bot would have played there. The replay goes a few
decisions at a time (``step``), so the page's own requests never wait long.
"""

from __future__ import annotations

from . import bots, daily, games
from .analysis import amount, signed, units
from .bots import Observation
from .protocol import derived_rng
from .table import text


class Duplicate:
    """``game``'s deal of ``day`` replayed with the strong bot in seat ``human``."""

    def __init__(self, game: str, day: str, human: int = 0):
        setup = daily.daily_setup(game, day)
        self.game, self.day, self.human, self.seed = game, setup["day"], human, setup["seed"]
        self.unit = games.get(game).daily  # "deal": its first deal; "game": all of it
        self.state = games.get(game).new_game(seed=self.seed, options=setup["options"])
        self.strong = bots.make(game, bots.levels(game)[-1])
        self.others = {s: bots.make(game, setup["level"]) for s in range(self.state.num_players) if s != human}
        self.first_deal = self.state.deal_index
        self.start = self.state.standing(human)
        self.moves: list[str] = []
        self.decisions = 0  # the strong bot's, so far

    @property
    def done(self) -> bool:
        """Whether the daily's deal (or game) is over in the replay."""
        st = self.state
        return st.is_over or (self.unit == "deal" and st.deal_index != self.first_deal)

    @property
    def result(self) -> float | None:
        """The strong bot's standing's change over the daily, as ``Session.daily_model``
        measures the player's; None until the replay is done."""
        return self.state.standing(self.human) - self.start if self.done else None

    def choose(self, state) -> str:
        """The strong bot's move in ``state`` for the player's seat, from that seat's view."""
        rng = derived_rng(self.seed, "hint", self.human, len(self.moves))
        return self.strong.choose(Observation(state, self.human), rng)

    def step(self, budget: int) -> None:
        """Plays on until the daily is over or the strong bot has made ``budget`` more
        decisions and is to decide again (the other seats' moves, quick, are not counted)."""
        while not self.done:
            st = self.state
            if st.to_act == self.human and budget <= 0:
                break
            if st.to_act == self.human:
                action = self.choose(st)
                self.decisions += 1
                budget -= 1
            else:
                action = bots.decide(self.others[st.to_act], st, self.seed, len(self.moves))
            st.apply(action)
            self.moves.append(action)

    def model(self) -> dict:
        """How far the replay is (``complete``), the strong bot's ``result`` then, in
        the game's ``unit`` of the daily ("deal" or "game"), and its count of ``decisions``."""
        return {"day": self.day, "complete": self.done, "result": self.result, "unit": self.unit,
                "decisions": self.decisions}


def comparison(game: str, you: float, strong: float, alone: bool = False) -> dict:
    """The two results as the page says them, in the game's unit (the review's: points
    or chips), and which was better: ``verdict`` "better" (the player's), "same" or
    "worse"; more is better in every game (``State.standing``). ``honest`` says what
    the strong bot saw and met (a solitaire, ``alone``, has no opponents to name)."""
    unit = bots.module(game).REVIEW.unit
    verdict = "better" if you > strong else "same" if you == strong else "worse"
    gap = abs(you - strong)
    return {"verdict": verdict, "counted": unit,
            "words": {"you": text("duplicate.amount", n=signed(you), unit=units(unit, you)),
                      "strong": text("duplicate.amount", n=signed(strong), unit=units(unit, strong)),
                      "verdict": text(f"duplicate.verdict.{verdict}", n=amount(gap), unit=units(unit, gap)),
                      "honest": text("duplicate.honest_alone" if alone else "duplicate.honest")}}
