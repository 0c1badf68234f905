"""A hint in words: what the bot would do and why, as one Text the page only says.

The action is named as the table labels it (a card to play: its decision's label,
so "face up" only where a game has a face-down play; a bid: "bid 3"; any other
action: the game's own word where it has one, ``action.<game>.<action>`` listed in
``OWN_ACTION_WORDS`` of its table module, else ``action.<action>``). A bot's
chance is rounded and never "about 0%" or "about 100%".
"""

from __future__ import annotations

import math
import re

from . import games
from .table import Text, card_name, text

_NUMBER = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)")


def chance(value: object) -> Text | str:
    """A bot's estimate (a number, or a text such as "40%") in words: "about 40%",
    "under 1%", "over 99%"; "" where it is no number."""
    found = _NUMBER.match(str(value)) if isinstance(value, (int, float, str)) and not isinstance(value, bool) else None
    if found is None:
        return ""
    pct = float(found.group(0))
    if pct < 1:
        return text("hint.chance.low")
    if pct > 99:
        return text("hint.chance.high")
    return text("hint.chance", n=math.floor(pct + 0.5))


def action_words(game: str, action: str, decisions: list[dict]) -> Text:
    """``action`` as the hint names it (above)."""
    verb, _, code = action.partition(" ")
    if verb == "play" and code:
        offered = next((d for d in decisions if d["action"] == action), None)
        return offered["label"] if offered else text("decision.play", card=card_name(code))
    if verb == "bid":
        return text("action.bid", n=code)
    own = games.get(game).table_module().OWN_ACTION_WORDS
    return text(f"action.{game}.{action}" if action in own else f"action.{action}")


def words(game: str, action: str, reason: dict, level: str, decisions: list[dict]) -> Text:
    """The hint's sentence: "The normal bot would: play the 7 of spades." and the
    bot's reason after it, where it gives one (not ``hint.generic``)."""
    says = text(games.get(game).table_module().HINT_SAYS, level=text(f"level.{level}"),
                action=action_words(game, action, decisions))
    if reason["key"] == "hint.generic":
        return says
    args = {k: v for k, v in reason.items() if k != "key"}
    if isinstance(args.get("card"), str):
        args["card"] = card_name(args["card"])
    args["about"] = chance(reason["pct"] if reason.get("pct") is not None else reason.get("chance"))
    return text("hint.with_reason", says=says, why=text(reason["key"], **args))
