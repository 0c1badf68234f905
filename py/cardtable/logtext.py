"""The log: every event as a Text the page formats in the player's language.

The shared wording is ``log.<type>[.<why>]`` with the event's fields as arguments
(seats named as the viewer calls them, cards as card names, a pair of numbers
indexed by seat offered as ``<name>_you`` / ``<name>_bot`` at a table of two); a
game's own wording ``log.<game>.<...>`` replaces it where the game declares one
(``OWN_LOG_KEYS`` of its tables module, held to web/i18n by the contract test).
A game's tables module adds its own arguments with ``event_args(event, args,
viewer, name)``. The page joins a list argument with the language's separator.
The session sends each line with its event's kind, what it closes and the sound
it makes (``entry``: ``CLOSES`` and ``SOUNDS`` of the game's tables module), so the
page reads no key's spelling.
"""

from __future__ import annotations

from typing import Any, Callable

from .table import Line, Text, card_name, text

#: Fields naming a seat, offered as that seat's name.
SEAT_FIELDS = ("seat", "winner", "dealer", "leader", "offerer")


def shared_key(event: dict) -> str:
    """The shared wording's key for ``event`` (without the game's own)."""
    kind = event["type"]
    key = "log.play.down" if kind == "play" and event.get("down") else f"log.{kind}"
    if event.get("why"):
        key += f".{event['why']}"  # why a trick, round or pot went where it did
    if kind == "draw" and not event.get("card"):
        key += ".hidden"
    if kind == "game_over" and "winner" in event and event["winner"] is None:
        key += ".draw"
    return key


def line(event: dict, viewer: int, players: int, game: str, name: Callable[[int], Text],
         own_keys: frozenset | set = frozenset(), event_args: Callable | None = None) -> Text:
    """``event`` in words for ``viewer``: ``name(seat)`` names a seat; ``own_keys``
    are the game's own wordings (keys after ``log.<game>.``)."""
    args: dict[str, Any] = {k: v for k, v in event.items()
                            if type(v) in (str, int, float) and k not in ("type", "why")}
    key = shared_key(event)
    if event["type"] == "play" and event.get("down") and "value" in event:
        args["next"] = event["value"] * 2  # the stake a face-down card offers (Le Truc's die)
    if players == 2:
        for k, val in event.items():
            if isinstance(val, list) and len(val) == 2 and all(type(x) in (int, float) for x in val):
                args[f"{k}_you"], args[f"{k}_bot"] = val[viewer], val[1 - viewer]
    if type(event.get("last_trick")) is int:
        args["last_trick"] = name(event["last_trick"])
    for k in SEAT_FIELDS:
        if type(event.get(k)) is int:
            args[k] = name(event[k])
    # English verbs take an s after a seat that is not "you"; other languages ignore it
    actor = next((event[k] for k in ("seat", "winner", "dealer") if type(event.get(k)) is int), None)
    args["s"] = "s" if actor is not None and actor != viewer else ""
    args["s2"] = "s" if type(event.get("offerer")) is int and event["offerer"] != viewer else ""
    if isinstance(event.get("card"), str):
        args["card"] = card_name(event["card"])
    cards = event.get("cards")
    if event["type"] == "trick" and isinstance(cards, dict) and len(cards) == 2:
        leader = event["leader"]
        follower = next(int(s) for s in cards if int(s) != leader)
        args["lead_card"] = card_name(cards[str(leader)])
        args["follow_card"] = card_name(cards[str(follower)])
        first = event["winner"] if event.get("winner") is not None else leader
        second = follower if first == leader else leader
        args["cards"] = text("log.cards.equal" if event.get("winner") is None else "log.cards.beats",
                             a=card_name(cards[str(first)]), b=card_name(cards[str(second)]))
    if isinstance(event.get("scores"), list) and players == 2:
        args["score0"], args["score1"] = event["scores"][viewer], event["scores"][1 - viewer]
    if event_args is not None:
        event_args(event, args, viewer, name)
    own = key.removeprefix("log.")
    if own in own_keys:
        key = f"log.{game}.{own}"
    return text(key, **args)


def entry(words: Text, event: dict, closes: dict[str, str], sounds: dict[str, str]) -> Line:
    """A line of the log: ``words`` (the game's ``describe``), the event's kind, the
    deal, round or game it closes, from the game's ``closes`` by kind, and the sound
    it makes, from the game's ``sounds`` by kind (``<kind>.down`` first for a card
    played face down: Le Truc's offer to double is a raise, not a card)."""
    kind = event["type"]
    sound = sounds.get(f"{kind}.down", sounds.get(kind)) if event.get("down") else sounds.get(kind)
    return {**words, "kind": kind, "closes": closes.get(kind), "sound": sound}
