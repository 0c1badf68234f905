"""The game protocol every game module implements (docs/design.md, section 2).

The split follows OpenSpiel: a :class:`Game` holds the static facts (players,
options and their defaults) and makes :class:`State` objects; a State is one
position that knows whose turn it is, which actions are legal, and what each seat
may see. Everything a player can do is a short action string, and everything that
happens comes back as event dicts, so the view, the log, the bots and the save
format all speak the same small language.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable


class IllegalAction(ValueError):
    """An action that is not legal now. The message is meant for the player."""


class OptionError(ValueError):
    """Rule options a game refuses (a bad address, a tampered save). The message is
    English; ``words`` says the same as a Text (``{"key", "args"}``, cardtable.table)
    that the page says in the player's language: ``error.option.<what>`` or a game's
    ``<game>.error.<what>``. Its arguments are strings and numbers the game made,
    never the value sent itself (that only as ``shown``, a string)."""

    def __init__(self, message: str, key: str, **args: Any):
        super().__init__(message)
        self.words = {"key": key, "args": args}


MAX_ACTION = 60  # characters: every action of every game is far shorter
MAX_SEED = 2**31 - 1  # the page's deal numbers; a share code holds any of them


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages that quote what was
    sent (a message must stay a sentence, whatever junk it quotes)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def plain(value: Any, limit: int = 40) -> str:
    """``str(value)`` cut to ``limit`` characters: a value as the address wrote it
    (``true``, ``10``, ``race``), for words that quote it in their own marks."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass(frozen=True)
class Option:
    """One rule option: its default (the seed's rule), the values allowed, what it
    changes in a few words, and the spec's code for the gap it settles (``"A2"``: the
    row of docs/rules/<game>.md that gives the sources and the choice made), and its
    group in the rules panel: who sits and deals (``table``), how the deal is played
    (``play``), how the game is scored and ends (``scoring``)."""

    default: Any
    choices: tuple = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    code: str = ""
    group: str = "play"

    def check(self, name: str, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``OptionError`` saying what is."""
        said = {"name": name, "value": shown(value), "plain": plain(value)}
        if self.choices:
            # the same type as well as equal: True is not seat 1, nor 8.0 a stake cap of 8
            if not any(type(value) is type(c) and value == c for c in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option {name!r} must be one of {allowed}, not {shown(value)}",
                                  "error.option.one_of", allowed=allowed,
                                  choices=[plain(c) for c in self.choices], **said)
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(f"option {name!r} must be true or false, not {shown(value)}",
                                  "error.option.yes_no", **said)
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {name!r} must be a whole number, not {shown(value)}",
                                  "error.option.whole", **said)
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {name!r} must be at least {self.minimum}, not {value}",
                                  "error.option.at_least", limit=self.minimum, **said)
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {name!r} must be at most {self.maximum}, not {value}",
                                  "error.option.at_most", limit=self.maximum, **said)
            return value
        return value


@dataclass(frozen=True)
class Preset:
    """A named rule set a player picks in one tap: the options it changes from the
    defaults, and where the game's spec cites it."""

    name: str  # the words: rules.preset.<game>.<name>
    options: dict = field(default_factory=dict)
    source: str = ""


@dataclass(frozen=True)
class Article:
    """A published text a game's rules follow: the rules page links it (in Japanese)."""

    title: str
    url: str


@dataclass
class Game:
    """A game declared as data: its name, player range, options, State class and parts.

    Each game module ends with ``GAME = Game(name=..., state=..., options={...})``;
    the State class holds the rules. ``check``, where given, refuses combinations of
    options that are each allowed alone (it raises ``ValueError``). Its other parts
    are modules named here and imported only when asked for (``table_module()``,
    ``bots_module()``, ``lesson_module()``), so the rules never import their drawing
    and the page loads just the game played.
    """

    name: str = ""
    state: type | None = None
    check: Callable[[dict], None] | None = None
    #: Rule sets besides the seed article's (which is every default).
    presets: tuple[Preset, ...] = ()
    min_players: int = 2
    max_players: int = 2
    default_players: int = 2
    options: dict[str, Option] = field(default_factory=dict)
    #: Three characteristic cards: the embed's poster and the game's card on the site.
    poster: tuple[str, ...] = ()
    #: The bot level a first-time visitor meets: the one a newcomer who follows the
    #: Hint wins about a fair share against (bench/first_timer.py measures it).
    default_level: str = "normal"
    #: Its number: the site lists the games in this order, and a share code names its
    #: game by it, so it never changes once published (a new game takes the next one).
    number: int = -1
    #: The share codes' version: raised where the game's moves changed meaning, so a
    #: code made before is refused by name rather than replayed as another game.
    share_version: int = 1
    #: The table model's module: ``draw(view, legal, result)`` and ``describe(event, viewer, players)``.
    table: str = ""
    #: The bots' module: ``LEVELS`` {level: Bot class}, ``REVIEW`` (a ``bots.ReviewPlan``)
    #: and ``ADVISOR`` (the decision's odds, or None).
    bots: str = ""
    #: The guided first game's module: ``TUTORIAL``.
    lesson: str = ""
    #: The page's settings this game alone offers ("show-count": Tressette's captured points).
    settings: tuple[str, ...] = ()
    #: What the page draws for this game alone, beyond the common table (a module of
    #: web/js/games/, e.g. Oneonta Whist's advisor), or "" for nothing.
    page: str = ""
    #: The articles its rules follow, linked from its rules page.
    articles: tuple[Article, ...] = ()
    #: What today's deal is (cardtable.daily): "deal", the first deal, round or hand
    #: of a game with the article's rules, or "game", the whole game (a solitaire's).
    daily: str = "deal"

    def table_module(self):
        """The table model's module (imported on first use)."""
        return _part(self.name, "table", self.table)

    def bots_module(self):
        """The bots' module (imported on first use)."""
        return _part(self.name, "bots", self.bots)

    def lesson_module(self):
        """The guided first game's module (imported on first use)."""
        return _part(self.name, "lesson", self.lesson)

    def resolve_options(self, options: dict | None) -> dict:
        """The full option dict: defaults overlaid with ``options``, every value checked."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError("options must be a mapping of option names to values")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            named = ", ".join(shown(k) for k in unknown)
            raise OptionError(f"unknown option(s) {named} for {self.name} (known: {known})",
                              "error.option.unknown", unknown=named, game_id=self.name, known=known,
                              game={"key": f"game.{self.name}"}, names=[plain(k) for k in unknown],
                              rules=sorted(self.options))
        out = {k: opt.check(k, options.get(k, opt.default)) for k, opt in self.options.items()}
        if self.check is not None:
            self.check(out)
        seats = out.get("players", self.max_players)
        if out.get("first_dealer", "random") != "random" and out["first_dealer"] >= seats:
            raise OptionError(f"first_dealer must be a seat from 0 to {seats - 1}",
                              "error.option.first_dealer", last=seats - 1)
        return out

    def resolve_players(self, players: int | None) -> int:
        """The number of players, checked against the game's range."""
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, not {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise ValueError(f"{self.name} is played by exactly {self.min_players} players, not {players}")
            raise ValueError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        return players

    def new_game(self, seed: int = 0, players: int | None = None, options: dict | None = None,
                 deck: list[str] | None = None) -> "State":
        """A new game. All chance comes from ``seed``; ``deck`` stacks the first deal."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {shown(seed)}")
        if "players" in self.options:
            # a table size the player chooses is a rule option, so it travels in
            # saves, share codes and embeds; the argument, if given, must agree
            if players is not None:
                options = dict(options or {})
                if options.setdefault("players", self.resolve_players(players)) != players:
                    raise ValueError(f"players={players} disagrees with the option players={options['players']}")
            resolved = self.resolve_options(options)
            return self._new_state(seed, resolved["players"], resolved, deck)
        return self._new_state(seed, self.resolve_players(players), self.resolve_options(options), deck)

    def _new_state(self, seed: int, players: int, options: dict, deck: list[str] | None) -> "State":
        return self.state(self, seed, options, deck)

    def describe(self) -> dict:
        """JSON-able facts for the page: players and options with their defaults."""
        return {
            "name": self.name,
            "players": [self.min_players, self.max_players, self.default_players],
            "solitaire": self.max_players == 1,
            "poster": list(self.poster),
            "default_level": self.default_level,
            "rules": f"rules.html?game={self.name}",
            "settings": list(self.settings),
            "page": self.page,
            "articles": [{"title": a.title, "url": a.url} for a in self.articles],
            "options": {
                k: {"default": o.default, "choices": list(o.choices), "help": o.help, "code": o.code,
                    "min": o.minimum, "max": o.maximum}
                for k, o in self.options.items()
            },
        }


def _part(game: str, kind: str, module: str):
    if not module:
        raise ValueError(f"{game} declares no {kind}")
    return importlib.import_module(module)


#: The containers a state's fields may nest: a clone copies each of them.
_NESTED = frozenset({list, dict, set})


def copied(value: Any) -> Any:
    """``value`` with every list, dict and set in it copied (a state's fields nest a
    few levels at most); anything else is kept: strings, numbers, tuples, the Game."""
    kind = type(value)
    if kind is list:
        if _NESTED.isdisjoint(map(type, value)):  # a flat list: cards, seats, counts
            return value[:]
        return [copied(v) if type(v) in _NESTED else v for v in value]
    if kind is set:
        return set(value)  # of hashable, so unchanging, members
    if _NESTED.isdisjoint(map(type, value.values())):
        return value.copy()
    return {k: copied(v) if type(v) in _NESTED else v for k, v in value.items()}


def derived_rng(*parts: object) -> random.Random:
    """A generator seeded from a tuple of values, stable across Python versions.

    String seeds go through SHA-512 in CPython and Pyodide alike, so the same parts
    always give the same stream; this is how deals and bots get independent but
    reproducible randomness from one game seed.
    """
    return random.Random("/".join(str(p) for p in parts))


def first_dealer(seed: int, option, players: int) -> int:
    """The first dealer: the ``first_dealer`` option's seat, or one drawn from the seed."""
    return derived_rng(seed, "first_dealer").randrange(players) if option == "random" else option


class State:
    """One position of a game. Subclasses implement the underscored hooks.

    ``apply`` checks legality before touching anything, so an illegal action leaves
    the state exactly as it was.
    """

    game: Game
    seed: int
    options: dict
    num_players: int
    #: The game's phase ("play", "bid", ...); ``"over"`` once the game has ended.
    phase: str
    #: What ``new_game`` did before the first action (the first deal's antes,
    #: announcements), as events: the page's log and an event ledger start here.
    opening_events: list[dict] | tuple = ()
    #: The fields a game only ever replaces whole, never changes in place (its options,
    #: a finished deal's record): a clone shares them rather than copying them. The
    #: contract tests check at every step that none of them changes in place.
    KEPT: frozenset = frozenset({"options", "opening_events"})

    # --- to implement -------------------------------------------------------
    # (``to_act`` and ``is_over`` have defaults for states that keep a ``phase``,
    # ``"over"`` at the end, and the seat to act in ``_actor``.)
    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self._actor

    def legal_actions(self) -> list[str]:
        raise NotImplementedError

    def _apply(self, action: str) -> list[dict]:
        raise NotImplementedError

    def view(self, seat: int) -> dict:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> dict | None:
        raise NotImplementedError

    def sample_world(self, seat: int, rng: random.Random) -> "State":
        raise NotImplementedError

    @property
    def deal_index(self) -> int:
        """Which deal (round, hand) is in play: it changes as the next one is dealt,
        so a play-out knows where the deal a decision belongs to ends."""
        raise NotImplementedError

    def standing(self, seat: int) -> float:
        """``seat``'s standing in the game's own unit (``result.unit``): its side's
        score less the other side's where two sides play, else its chips or score.
        A decision's worth is the standing it leads to at the end of its deal."""
        raise NotImplementedError

    def showdown(self, seat: int, everything: bool = False) -> dict | None:
        """The last finished round or deal laid open for ``seat``, who asks (None
        before one ends): the cards the rules showed, and the others as hidden unless
        ``everything`` (the learning mode). Never part of a view: bots never see it."""
        return None

    def table(self, seat: int) -> dict:
        """What the page draws for ``seat``: the common table model (``cardtable.table``),
        drawn by the game's table module from that seat's view, its legal actions (empty
        unless it acts now) and the public result: nothing else, so the table shows no
        more than the view does."""
        legal = self.legal_actions() if not self.is_over and self.to_act == seat else []
        return self.game.table_module().draw(self.view(seat), legal, self.result)

    def describe_event(self, event: dict, viewer: int, players: int) -> dict:
        """``event`` as a line of the log for ``viewer``: a Text (``cardtable.logtext``)."""
        return self.game.table_module().describe(event, viewer, players)

    def explain_illegal(self, action: str) -> str:
        """Why ``action`` is refused; games override this for friendlier messages."""
        return f"'{action}' is not allowed now"

    # --- shared -------------------------------------------------------------
    def apply(self, action: str) -> list[dict]:
        """Play ``action`` for the seat to act; return the events it caused."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a short text such as 'play KS', not {shown(action)}")
        action = " ".join(action.split())
        if len(action) > MAX_ACTION:
            raise IllegalAction(f"{shown(action)} is not a move of this game: an action is a short text "
                                "such as 'play KS'")
        if self.is_over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        return self._apply(action)

    def step(self, action: str) -> list[dict]:
        """Play ``action``, already known legal, without checking it again.

        For search in sampled worlds: a bot applies thousands of actions it took
        from ``legal_actions()`` (or from the rules' own choices in a rollout), and
        re-checking each one would be most of the time. Anything that comes from
        outside (a player, a save, the page) goes through ``apply``; an action that
        is not legal here leaves the state undefined.
        """
        return self._apply(action)

    def clone(self) -> "State":
        """An independent copy: every field holding a list, dict or set is copied
        (``copied``), but for the game's ``KEPT``, so a field a game adds is copied
        without being listed anywhere."""
        new = object.__new__(type(self))
        new.__dict__ = fields = self.__dict__.copy()
        kept = self.KEPT
        for name, value in fields.items():
            if type(value) in _NESTED and name not in kept:
                fields[name] = copied(value)
        return new
