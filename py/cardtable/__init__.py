"""Card Table: the rules engines and bots of six traditional card games.

``from cardtable import games, IllegalAction`` is the whole entry point; see
docs/design.md (section 2) and ``protocol.py`` for the protocol.
"""

from . import games
from .protocol import IllegalAction

__all__ = ["games", "IllegalAction"]
