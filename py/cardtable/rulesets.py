"""The rule sets a table offers: each game's presets and option groups, as data,
and the house-rules summary of a game's options.

A preset is a named set of options: the seed article's rules (no change from the
defaults) first, then the other common rule sets the game's spec cites
(``docs/rules/<game>.md``, each preset naming its rows). Groups sort a game's
options for the rules panel: who sits and deals (``table``), how the deal is
played (``play``), how the game is scored and ends (``scoring``).

``house_rules(game, options)`` is what the table shows while a game runs with
anything but the article's rules, and the key its record is kept under. The page
reads the presets and groups from the answer to ``{"op": "games"}`` (games.json)
and the summary from the model, so it holds no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import games


@dataclass(frozen=True)
class Preset:
    name: str  # the words: rules.preset.<game>.<name> (the article's: rules.preset.article)
    options: dict = field(default_factory=dict)  # what it changes from the defaults
    source: str = ""  # where the spec cites it


ARTICLE = Preset("article", {}, "the seed article: every default")

PRESETS: dict[str, tuple[Preset, ...]] = {
    "le_truc": (
        ARTICLE,
        Preset("french", {"redeals": "repeated", "doubling": "accepter", "target": 12},
               "docs/rules/le_truc.md A2 (repeated requests: jeuxloisirs.net), A4 (the last accepter "
               "raises next: pagat, reported), §12 (12 points)"),
    ),
    "tressette": (
        ARTICLE,
        Preset("accuso", {"declarations": True},
               "docs/rules/tressette.md E3 (declarations: German Wikipedia's Spizzichino; Parlett)"),
    ),
    "brazilian_truco": (
        ARTICLE,
        Preset("pagat", {"face_down": "not_first_trick", "truco_tie": "last_bettor", "after_tie": "continue"},
               "docs/rules/brazilian_truco.md D5, D7, D8 (the current pagat page)"),
    ),
    "japanese_loo": (
        ARTICLE,
        Preset("three_card", {"format": "three", "players": 5},
               "docs/rules/japanese_loo.md §format (the seed's three-card game, for 3 to 5 players)"),
    ),
    "toepen": (
        ARTICLE,
        Preset("pagat", {"settlement": "lives", "knock_from": "deal"},
               "docs/rules/toepen.md §12 and C3 (penalty lives: the winner gains nothing), "
               "C9 (knocking once the cards are picked up)"),
    ),
    "oneonta_whist": (
        ARTICLE,
        Preset("over_goal", {"success": "more_than"},
               "docs/rules/oneonta_whist.md G6 (the seed's \"over 30\")"),
    ),
}

GROUP_NAMES = ("table", "play", "scoring")

#: Each option's group; an option not listed is one of ``play``.
GROUPS: dict[str, dict[str, str]] = {
    "le_truc": {"first_dealer": "table", "scoring": "scoring", "target": "scoring", "draw": "scoring"},
    "tressette": {"first_dealer": "table", "target": "scoring", "ties": "scoring", "claim": "scoring"},
    "brazilian_truco": {"partner": "table", "first_dealer": "table", "eleven": "scoring", "tied_hand": "scoring"},
    "japanese_loo": {"players": "table", "format": "table", "rotations": "table", "chips": "table",
                     "first_dealer": "table", "ties": "scoring"},
    "toepen": {"players": "table", "chips": "table", "first_dealer": "table", "end": "scoring",
               "settlement": "scoring", "debt": "scoring", "ties": "scoring", "stake_cap": "scoring"},
    "oneonta_whist": {"exact_bonus": "scoring", "target": "scoring", "success": "scoring", "deals": "scoring"},
}


def presets(game: str) -> list[dict]:
    """The game's presets as JSON: name, options (the changes) and source."""
    games.get(game)
    return [{"name": p.name, "options": dict(p.options), "source": p.source} for p in PRESETS[game]]


def groups(game: str) -> dict[str, str]:
    """Each of the game's options with its group, group by group (``GROUP_NAMES``'
    order), each group's in the game's order: the panel's order."""
    declared = GROUPS[game]
    found = {name: declared.get(name, "play") for name in games.get(game).options}
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
    preset = next((p.name for p in PRESETS[game] if changes(game, p.options) == changed), None)
    return {
        "changes": [{"option": k, "value": v} for k, v in changed.items()],
        "preset": preset,
        "key": ";".join(f"{k}={_text(v)}" for k, v in changed.items()),
    }


def _text(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
