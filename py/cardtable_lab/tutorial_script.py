"""Write a tutorial's script: play a draft of it and print what the bots do.

    python -m cardtable_lab.tutorial_script <game> [--moves "a|b|c"] [--draft FILE]

Plays the game's tutorial (``cardtable/tutorials/<game>.py``, or a draft ``FILE``
defining ``TUTORIAL``), or its deck and seed
with the player's moves given by ``--moves`` (``|``-separated), with the honest bots
of its level, and prints at each of the player's decisions the bots' moves since
the last one, the table's prompt, the player's hand and the legal moves; then the
bots' moves to the end of the deal. Those are the ``bots=`` and ``finish=`` of the
tutorial's steps, which ``tests/core/test_tutorials.py`` holds the bots to.
"""

from __future__ import annotations

import argparse
import importlib.util
import json

from cardtable import tutorial
from cardtable.session import Session


def draft(path: str) -> tutorial.Tutorial:
    """A draft's ``TUTORIAL``, read from a Python file outside the package."""
    spec = importlib.util.spec_from_file_location("draft_tutorial", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.TUTORIAL


def play(game: str, moves: list[str] | None, path: str | None = None) -> None:
    plan = tutorial.get(game) if path is None else draft(path)
    session = Session(plan.game, plan.seed, plan.options, plan.level, 0, deck=list(plan.deck))
    moves = [s.action for s in plan.steps] if moves is None else moves
    first = session.state.deal_index
    bots_moves: list[str] = []
    step = 0
    while not session.state.is_over and session.state.deal_index == first:
        if session.bot_to_act:
            action, _ = session.bot_step()
            bots_moves.append(action)
            continue
        table = session.state.table(0)
        auto = table.get("auto")
        if auto and (step >= len(moves) or moves[step] != auto["action"]):
            session.act(auto["action"])
            print(f"   (the table answers {auto['action']!r})")
            continue
        print(f"step {step + 1}: bots={tuple(bots_moves)!r}")
        print("   prompt:", json.dumps(table.get("prompt"), ensure_ascii=False))
        print("   hand:", table["seats"][0]["hand"], " others:", [(s["seat"], s["hand"], s["last"] and s["last"]["key"]) for s in table["seats"][1:]])
        print("   legal:", session.state.legal_actions())
        bots_moves = []
        if step >= len(moves):
            print("   (no move given: stopped)")
            return
        print(f"   -> {moves[step]!r}")
        session.act(moves[step])
        step += 1
    print(f"finish={tuple(bots_moves)!r}")
    print("deal over; moves given but not used:", moves[step:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--moves", help="the player's moves, |-separated (default: the tutorial's steps)")
    parser.add_argument("--draft", help="a Python file defining TUTORIAL, played instead of the game's own")
    args = parser.parse_args()
    moves = None if args.moves is None else [m.strip() for m in args.moves.split("|") if m.strip()]
    play(args.game, moves, args.draft)


if __name__ == "__main__":
    main()
