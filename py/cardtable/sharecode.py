"""Share codes: a whole game as a short URL-safe string, replayed exactly.

A code holds (game, level, human seat, options that differ from the defaults,
seed, actions). Each action is stored as its index in ``legal_actions()`` at
that moment, one byte each, which keeps a 40-move deal under 100 characters; a
CRC-32 at the end catches a code that was cut or altered. Decoding replays the
actions, so a code that does not describe a legal game is refused as clearly as
a damaged one.
"""

from __future__ import annotations

import base64
import json
import zlib

from . import games
from .bots import LEVELS

#: The first version of every game's codes; a game whose moves changed meaning
#: declares a later one (``Game.share_version``: Toepen's is 2 since every player
#: answers the announcements in secret). A code names its game by the game's
#: ``number`` (frozen: tests/core/test_sharecode.py holds the published ones).
VERSION = 1


class ShareCodeError(ValueError):
    """A share code that cannot be opened; the message says why."""


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, i: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if i >= len(data):
            raise ShareCodeError("the share code is cut short")
        byte = data[i]
        i += 1
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return n, i
        if shift > 63:
            raise ShareCodeError("the share code is damaged")


def encode(game: str, seed: int, options: dict, level: str, human: int, action_indices: list[int]) -> str:
    """The code for a game; ``options`` are the full options (defaults are left out)."""
    defaults = {k: o.default for k, o in games.get(game).options.items()}
    changed = {k: v for k, v in options.items() if defaults.get(k) != v}
    opts = json.dumps(changed, separators=(",", ":"), sort_keys=True).encode() if changed else b""
    declared = games.get(game)
    body = bytes([declared.share_version, declared.number, LEVELS.index(level), human]) + _varint(seed) + \
        _varint(len(opts)) + opts + _varint(len(action_indices)) + bytes(action_indices)
    body += zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(body).decode().rstrip("=")


def decode(code: object) -> dict:
    """(game, seed, options, level, human, action indices) of a code, checked."""
    if not isinstance(code, str) or not code or len(code) > 4000:
        raise ShareCodeError("this is not a Card Table share code")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (ValueError, TypeError):
        raise ShareCodeError("this is not a Card Table share code") from None
    if len(data) < 9:
        raise ShareCodeError("the share code is cut short")
    body, check = data[:-4], data[-4:]
    if zlib.crc32(body).to_bytes(4, "big") != check:
        raise ShareCodeError("the share code is damaged (its check does not match): was it copied whole?")
    game = games.numbered(body[1])
    if game is None or body[2] >= len(LEVELS):
        raise ShareCodeError("the share code names an unknown game or level")
    version = games.get(game).share_version
    if VERSION <= body[0] < version:
        raise ShareCodeError("this share code was made under an earlier version of the game's rules, "
                             "so its moves no longer replay")
    if body[0] != version:
        raise ShareCodeError(f"the share code has an unknown version ({body[0]})")
    seed, i = _read_varint(body, 4)
    n, i = _read_varint(body, i)
    try:
        options = json.loads(body[i:i + n]) if n else {}
    except ValueError:
        raise ShareCodeError("the share code's rules are damaged") from None
    i += n
    count, i = _read_varint(body, i)
    if len(body) - i != count:
        raise ShareCodeError("the share code's moves are cut short")
    return {"game": game, "seed": seed, "options": options, "level": LEVELS[body[2]],
            "human": body[3], "actions": list(body[i:])}
