"""The guided first game: one deal on a stacked deck that teaches a game's rules.

A game's tutorial is the module its ``GAME`` names (``lesson=``: ``tutorials/<game>.py``)
ending with ``TUTORIAL = Tutorial(...)``: the deck, options, seed and bot level of one
real deal, and a ``Step`` for each of the player's moves in it (the move the lesson
asks for, the rules-page section it teaches, what on the table to look at, and the
moves the bots make before it). The
bots play honestly: the deck and seed are chosen so that their own decisions are
the planned ones, and ``tests/core/test_tutorials.py`` replays every tutorial and
checks each bot move against the plan. The words of each step (a note and the
reason a different move is not the lesson's) are the page's:
``web/i18n/tutorial/<game>.<lang>.json``, keys ``tutorial.<game>.<n>`` and
``tutorial.<game>.<n>.wrong``.

``Lesson`` follows one session through its tutorial: the step the player is at
(derived from the moves alone, so a restored save is at the same step), whether a
move is the one asked for, and whether the lesson is over (every step taken and the
deal ended).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import games


@dataclass(frozen=True)
class Step:
    action: str  # the player's move this step asks for (an action string)
    rule: str  # the id of the rules page's section it teaches (web/rules/<game>.<lang>.html)
    look: str = ""  # what on the table the note points at: a name of LOOKS, or "" for the move alone
    bots: tuple[str, ...] = ()  # the bots' moves between the previous step and this one, in order


# What a note may point at besides the move itself: the page's regions of the common table.
LOOKS = ("hand", "trick", "others", "panel", "status")


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    deck: tuple[str, ...]  # the first deal's cards, in the game's dealing order
    steps: tuple[Step, ...]
    options: dict = field(default_factory=dict)
    level: str = "normal"
    finish: tuple[str, ...] = ()  # the bots' moves after the last step, to the deal's end
    free: bool = False  # after the last step the player plays the deal out their own way, the
    # normal bot's choice shown as a suggestion (a deal too long to script move by move: Tressette)


def get(game: str) -> Tutorial:
    """The game's tutorial (a ValueError naming the games for an unknown one)."""
    return games.get(game).lesson_module().TUTORIAL  # get: a clear error for a name that is no game


class TutorialMove(ValueError):
    """Not the move this step of the lesson asks for; ``step`` is its number (from 1)."""

    def __init__(self, message: str, step: int):
        super().__init__(message)
        self.step = step


class Lesson:
    """One session's way through its game's tutorial."""

    def __init__(self, tutorial: Tutorial, first_deal: int):
        self.tutorial = tutorial
        self.first_deal = first_deal
        self.taken = 0  # the steps taken so far

    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.taken] if self.taken < len(steps) else None

    def check(self, action: str, auto: str | None) -> None:
        """Refuse (``TutorialMove``) a move other than the step's, unless it is the
        table's own answer to a question the page answers for the player."""
        step = self.step
        if step is None or action == step.action or action == auto:
            return
        raise TutorialMove(f"this lesson asks for {step.action!r} here, not {action!r}", self.taken + 1)

    def record(self, action: str) -> None:
        """The player made ``action``: the next step if it was this one's."""
        step = self.step
        if step is not None and action == step.action:
            self.taken += 1

    def done(self, state) -> bool:
        """Every step taken and the tutorial's deal over."""
        return self.step is None and (state.is_over or state.deal_index != self.first_deal)

    def model(self, state, your_turn: bool, suggest) -> dict:
        """What the page draws of the lesson: the step (its number, note and wrong-move
        keys, rules section, look, and the move to press) or that it is done. In a
        ``free`` ending the move to press is ``suggest()``'s, and any other is allowed."""
        game, steps = self.tutorial.game, self.tutorial.steps
        if self.done(state):
            return {"done": True, "steps": len(steps)}
        step = self.step
        out = {"done": False, "steps": len(steps), "step": min(self.taken + 1, len(steps)), "waiting": True,
               "free": step is None}
        if step is not None and your_turn and step.action in state.legal_actions():  # (not at a question the page answers)
            number = self.taken + 1
            out.update(waiting=False, note=f"tutorial.{game}.{number}", wrong=f"tutorial.{game}.{number}.wrong",
                       rule=step.rule, look=step.look, action=step.action)
        elif your_turn and self.tutorial.free:
            out.update(waiting=False, note=f"tutorial.{game}.free", wrong=None, rule=None, look="", action=suggest())
        return out
