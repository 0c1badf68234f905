"""The rule sets a table offers, read from each game's declaration: its presets
and option groups, and the house-rules summary of a game's options.

A preset is a named set of options: the seed article's rules (no change from the
defaults) first, then the other common rule sets the game's spec cites
(``docs/rules/<game>.md``, each preset naming its rows: ``Game.presets``). Groups
sort a game's options for the rules panel (``Option.group``): who sits and deals
(``table``), how the deal is played (``play``), how the game is scored and ends
(``scoring``).

``house_rules(game, options)`` is what the table shows while a game runs with
anything but the article's rules, and the key its record is kept under. The page
reads the presets and groups from the answer to ``{"op": "games"}`` (games.json)
and the summary from the model, so it holds no rule of its own.
"""

from __future__ import annotations

from . import games
from .protocol import Preset


#: The seed article's rules: every default, the first preset of every game.
ARTICLE = Preset("article", {}, "the seed article: every default")

#: The rules panel's groups, in its order (each option names its own: ``Option.group``).
GROUP_NAMES = ("table", "play", "scoring")


def all_presets(game: str) -> tuple[Preset, ...]:
    """The article's rules, then the game's own presets (its declaration's)."""
    return (ARTICLE,) + games.get(game).presets


def presets(game: str) -> list[dict]:
    """The game's presets as JSON: name, options (the changes) and source."""
    return [{"name": p.name, "options": dict(p.options), "source": p.source} for p in all_presets(game)]


def groups(game: str) -> dict[str, str]:
    """Each of the game's options with its group, group by group (``GROUP_NAMES``'
    order), each group's in the game's order: the panel's order."""
    found = {name: option.group for name, option in games.get(game).options.items()}
    return dict(sorted(found.items(), key=lambda item: GROUP_NAMES.index(item[1])))


def changes(game: str, options: dict) -> dict:
    """The options that differ from the game's defaults, in the game's order."""
    defaults = games.get(game).options
    return {name: options[name] for name, o in defaults.items() if name in options and options[name] != o.default}


def house_rules(game: str, options: dict) -> dict:
    """What the table says of a game's rules: ``changes`` (each option that differs
    from the article's, ``{"option", "value"}``), ``preset`` (the name of the preset
    these options are exactly, else None) and ``key`` (the rule set's name for the
    record: "" for the article's rules, else ``name=value`` pairs joined by ``;``)."""
    changed = changes(game, options)
    preset = next((p.name for p in all_presets(game) if changes(game, p.options) == changed), None)
    return {
        "changes": [{"option": k, "value": v} for k, v in changed.items()],
        "preset": preset,
        "key": ";".join(f"{k}={_text(v)}" for k, v in changed.items()),
    }


def _text(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
