"""The common table model: everything the page draws, decided in Python.

Every game's ``State.table(seat)`` returns one JSON shape, the same for all six
games, so the page draws one generic table and does no rule arithmetic and makes
no seat assumptions of its own. A game builds its table from ``view(seat)`` and
the seat's legal actions alone (its table module's ``draw``), so the table can show
nothing the view does not: the bots' honesty and the table's are the same proof.

Words are never text here: every label is a :class:`Text`, a key of
``web/i18n/<lang>.json`` with its arguments, which the page formats in the
player's language (an argument may itself be a Text: a seat's name, a suit).

The parts, in the order a player reads the table:

- ``seats``: every seat, clockwise from the viewer (who comes first); each with
  its name, team, role badges (each a Text with an ``id`` the page styles it by),
  score, the hand (card codes, or ``BACK`` for a card the viewer may not see),
  whether it is out of the deal, whether it acts now, and the last thing it did in
  words (``last_card``: the card, where that was playing one). ``dealer``: the
  dealer's seat (None where nobody deals).
- ``areas``: the trick(s) on the table and the previous trick, Le Truc's three
  trick columns, Tressette's draws: each a labelled list of plays.
- ``piles``: stock, dummy, dead and burned cards, the turn-up, the pot.
- ``stake``: what a deal or round is worth now, with its ladder (the doubling
  die, the truco ladder, the knock stake) and the current step.
- ``scores``: the goal and the score sheet (a row a deal, a column a seat or
  team; each row with an ``id`` the page styles it by), and ``chart``: the lines
  the game-over screen draws deal by deal (each seat's or side's standing now,
  which is the viewer's, the total the game is played to, what a step and a line
  count); the session keeps each finished deal's ``values`` in its history.
- ``decisions``: the legal actions, each with its label, the card it plays, the
  group the page shows it in and, where it matters, its cost; exactly
  ``legal_actions()`` on the viewer's turn and nothing otherwise.
- ``prompt``: whose turn it is and what is being asked; ``reminders``: the rank
  order, trumps and what folding costs, where a game has such things (a reminder
  shown only under a page setting names it: ``setting``); ``marks``:
  cards that carry a word wherever they show face up (Truco's manilhas).
- ``summary``: the last finished round or deal (its areas: at least the trick
  that ended it, whole, so that its last card is seen once the table is cleared);
  ``result``: the game's end: the outcome for the viewer, the viewer's place in
  words, and the standings (every seat's place and final score, best first) under
  a heading that names the score.
- ``auto``: a decision the table answers for the viewer, where the rules ask a
  question the viewer need not see (Toepen: the only answer to the announcements;
  passing on a knock between other players' cards, unless the player's setting
  stops at every chance or a Knock was kept for it: ``pause``), else None; the
  session answers it (``Session.settle``).
- ``ahead``: a decision the viewer may take whenever it is legal for them, shown in
  one fixed place for the whole game (Toepen's knock), with its label as it stands
  now (the knock's stake one above the current one): ``open`` while it is legal
  now (then it is also one of the decisions) or at the viewer's coming chance,
  between other players' moves (the page keeps a click and plays it at that
  chance); shut (``open`` false: the page shows it disabled) while it is not to
  be had; None in a game without one, and at the game's end.
- ``room``: what the dock keeps room for from the game's first frame, so that nothing
  moves when a question comes: each set of decisions (no card) the game can ask at
  once, in its widest words (Truco's "accept, run, raise" at the ladder's top), and
  whether a card in hand can carry a second decision under it (played face down),
  and whether the viewer can sit out the rest of a deal (dropped, folded: the page
  then offers to play it out).
  The same for a whole game: it follows the rules chosen, never the moment.
"""

from __future__ import annotations

from typing import Any, Callable, NotRequired, TypedDict

#: A card the viewer may not see (a hidden hand, a face-down card).
BACK = "back"

#: How a seat takes part right now.
STATUSES = ("to_act", "waiting", "out")

#: The groups in which the page shows decisions: the cards in hand, the answer
#: buttons (fold, accept, raise, knock ...), the bids, and a game's own moment
#: (keep or redo, exchange, announce ...).
GROUPS = ("hand", "answer", "bid", "choice")


class Text(TypedDict):
    """Words for the page: an i18n key and its arguments: scalars, Texts, or lists of
    them (the page joins a list with the language's separator)."""

    key: str
    args: NotRequired[dict[str, Any]]


class Badge(Text):
    id: str  # what the badge says in one stable word ("dealer", "knocked"), for its style


class Reminder(Text):
    setting: NotRequired[str]  # the page setting it is shown under ("show-count"), where one


#: What a line of the log closes: a deal (a hand), a round, or the game.
CLOSES = ("deal", "round", "game")

#: The short sounds a line of the log makes (a game's ``SOUNDS``, by event): a card
#: played, a trick taken, a raise or a knock offered.
LINE_SOUNDS = ("card", "trick", "raise")
#: The sound of a finished deal, round or game in the session's history: won or
#: lost by the player (their standing rose or fell over it; the game's outcome).
END_SOUNDS = ("won", "lost")
#: Every sound the page may play, each a file of its own (web/sounds/<name>.wav).
SOUNDS = LINE_SOUNDS + END_SOUNDS


class Line(Text):
    """A line of the log: its words, the event's kind (its style), what it closes and
    the sound it makes."""

    kind: str  # the event's type ("trick", "deal_end" ...)
    closes: str | None  # one of CLOSES, or None for a line that closes nothing
    sound: str | None  # one of LINE_SOUNDS (the game's SOUNDS), or None for a silent line


class Seat(TypedDict):
    seat: int
    name: Text
    you: bool
    team: int | None
    badges: list[Badge]
    score: Text | None
    progress: float | None  # 0..1 towards the goal, for a bar; None where none fits
    hand: list[str]  # card codes the viewer may see, BACK for the others
    status: str  # one of STATUSES
    last: Text | None  # the last thing the seat did, for its bubble
    last_card: str | None  # the card it played, where ``last`` is just that card


class Play(TypedDict):
    seat: int
    card: str  # a card code or BACK
    down: bool  # played face down (Le Truc, Truco)
    dead: bool  # cannot win the trick (a Toepen folded card, a renounce)
    won: bool  # the card that took the trick
    tag: Text | None  # a word under the card ("×2 accepted", "face down")
    peek: str | None  # the viewer's own card behind a back (a face-down offer not yet answered)


class Area(TypedDict):
    id: str  # stable name: "trick", "last_trick", "trick1", "draws" ...
    label: Text
    plays: list[Play]
    outcome: Text | None  # who took it and why, once decided
    current: bool  # the area being played to now
    places: int  # the cards it holds once complete: the page keeps their places from its first card


class Pile(TypedDict):
    id: str  # "stock", "dummy", "dead", "burned", "turnup", "pot" ...
    label: Text
    count: int | None
    cards: list[str]  # the cards shown face up on it (a turn-up, burned cards)


class Stake(TypedDict):
    label: Text
    value: int
    ladder: list[int]  # every value the stake can take, in order
    step: int | None  # the index of ``value`` in ``ladder``
    note: Text | None  # what it means now ("folding pays 2")


class ScoreRow(TypedDict):
    id: str  # what the row counts in one stable word ("points", "under"), for its style
    label: Text
    cells: list[Any]  # numbers, strings or Texts, one per column


class Chart(TypedDict):
    x: str  # what one step counts, the game's own word: "deal", "round" (Le Truc) or "hand" (Truco)
    unit: str  # what the lines count: "points" or "chips"
    series: list[Text]  # each line's name: a seat, a side ("Us"), or the solitaire's player
    you: int  # the viewer's line (their seat's, or their side's)
    values: list[int | float]  # each line's standing now (higher is better in every game)
    goal: int | None  # the total the game is played to (Le Truc's 30, a solitaire's target), None where none


class Scores(TypedDict):
    goal: Text | None
    columns: list[Text]
    rows: list[ScoreRow]
    totals: list[Any]  # the standing now, one per column
    chart: Chart  # the standing as the game-over chart's lines


class Decision(TypedDict):
    action: str  # the engine's action string, as sent back
    group: str  # one of GROUPS
    label: Text
    card: str | None  # the card the action plays, drawn as that card
    cost: Text | None  # what taking it costs or risks, where that matters


class Ahead(Decision):
    open: bool  # to be had now or at the viewer's coming chance (else shown disabled)


class Summary(TypedDict):
    label: Text
    areas: list[Area]
    lines: list[Text]


class Standing(TypedDict):
    seat: int  # (a side's: one of its seats, the viewer's for the viewer's side)
    place: int  # 1 for the winner(s)
    score: Any
    name: Text | None  # a side's name where a row is a side ("Us"); None: the seat's name


class Result(TypedDict):
    outcome: str  # for the viewer: "win", "draw" or "loss"
    title: Text | None  # the game-over heading where the game has its own (a solitaire's goal), else None
    text: Text
    place: Text | None  # the viewer's place ("place 2 of 5 players"; a solitaire: the score against the goal;
    # None between two sides, where the outcome and the score say it)
    unit: Text  # what the standings' scores count (points, chips)
    standings: list[Standing]  # best first


class Auto(TypedDict):
    action: str  # one of the decisions
    pause: bool  # after the usual pause, and only unless the player asked to be stopped


class Mark(TypedDict):
    card: str  # a card code
    tag: Text  # the word under it wherever it shows face up ("manilha 1")


class Room(TypedDict):
    sets: list[list[Text]]  # the labels of each set of (non-card) decisions asked at once
    under: Text | None  # the words of the button a card in hand may carry under it (its second
    # decision: Le Truc's and Brazilian Truco's face-down play); None where no card carries one
    out: bool  # the viewer may sit out the rest of a deal (dropped, folded): the page's Play out this deal


class Table(TypedDict):
    game: str
    viewer: int
    phase: str
    dealer: int | None
    seats: list[Seat]
    areas: list[Area]
    piles: list[Pile]
    stake: Stake | None
    scores: Scores
    decisions: list[Decision]
    prompt: Text
    reminders: list[Reminder]
    marks: list[Mark]
    summary: Summary | None
    result: Result | None
    auto: Auto | None
    ahead: Ahead | None
    room: Room


# --------------------------------------------------------------------- building
def text(key: str, **args: Any) -> Text:
    """A Text; arguments that are None are left out."""
    out: Text = {"key": key}
    kept = {k: v for k, v in args.items() if v is not None}
    if kept:
        out["args"] = kept
    return out


#: What a chart's step may count (the page's words ``chart.x.<x>``) and its lines (``chart.value.<unit>``).
CHART_X = ("deal", "round", "hand")
CHART_UNITS = ("points", "chips")


def chart(x: str, unit: str, series: list[Text], values: list[int | float], *, you: int = 0,
          goal: int | None = None) -> Chart:
    """The lines of the game-over chart as they stand now: ``series`` named, one
    ``value`` each, the viewer's at ``you``, ``goal`` the total the game is played to."""
    return {"x": x, "unit": unit, "series": series, "you": you, "values": list(values), "goal": goal}


def badge(id: str, key: str, **args: Any) -> Badge:
    """A seat's badge: its words, and ``id`` for the page's style."""
    return {**text(key, **args), "id": id}


def card_name(code: str) -> Text:
    """A card as an argument of a Text: the page says its name in the player's language."""
    return text("card.name", code=code)


def join(items: list[Text], key: str = "table.list") -> Text:
    """A list as one Text, joined pairwise by ``key`` ("{a}, {b}"; "{a} · {b}" ...)."""
    out = items[0]
    for item in items[1:]:
        out = text(key, a=out, b=item)
    return out


def ending(outcome: str, words: Text, standings: list[Standing], viewer: int, *, unit: str,
           team: int = 1, place: Text | None = None, title: Text | None = None) -> Result:
    """A game's end for the viewer: the standings best first and the viewer's place
    among them (``team``: seats a side, whose members share its place), unless a
    game words the place itself (a solitaire's score against the goal). Between two
    sides there is no place to say ("place 2 of 2" reads oddly): the outcome and
    the result's words, which give the score, say it all (``place`` None). ``title``:
    the game-over screen's heading where the game has its own (a solitaire's goal
    reached or not, not "you lose"); None for the page's win, draw or loss."""
    ranked = [{**s, "name": s.get("name")} for s in sorted(standings, key=lambda s: (s["place"], s["seat"]))]
    if place is None and len(ranked) // team > 2:
        mine = next(s["place"] for s in ranked if s["seat"] == viewer)
        shared = sum(s["place"] == mine for s in ranked) > team
        of = text("result.of_teams" if team > 1 else "result.of_players", n=len(ranked) // team)
        place = text("result.place_shared" if shared else "result.place", place=mine, of=of)
    return {"outcome": outcome, "title": title, "text": words, "place": place, "unit": text(f"result.unit.{unit}"),
            "standings": ranked}


def chips_result(result: dict | None, viewer: int, game: str, name: Callable[[int], Text]) -> Result | None:
    """The end of a game played for chips (Japanese Loo, Toepen): first place, shared
    or not, from the viewer's side, in the game's own sentence
    (``<game>.result.<outcome>``), then everyone's chips, best first."""
    if result is None:
        return None
    winners, chips = result["winners"], result["scores"]
    outcome = ("win" if len(winners) == 1 else "draw") if viewer in winners else "loss"
    rank = {s: (chips[s], s in winners) for s in range(len(chips))}
    place = {s: 1 + sum(rank[o] > rank[s] for o in rank) for s in rank}
    order = sorted(rank, key=lambda s: (place[s], s))
    head = text(f"{game}.result.{outcome}", chips=chips[viewer], best=max(chips),
                names=[name(s) for s in winners])
    return ending(outcome, head, [{"seat": s, "place": place[s], "score": chips[s]} for s in order], viewer,
                  unit="chips")


def suit_sign(suit: str) -> Text:
    """A suit's sign (♠ ♥ ♦ ♣) as an argument of a Text."""
    return text(f"suit.sign.{suit}")


def clockwise(viewer: int, players: int) -> list[int]:
    """The seats in order round the table, starting with the viewer."""
    return [(viewer + k) % players for k in range(players)]


def play(seat: int, card: str, *, down: bool = False, dead: bool = False, won: bool = False,
         tag: Text | None = None, peek: str | None = None) -> Play:
    return {"seat": seat, "card": card, "down": down, "dead": dead, "won": won, "tag": tag, "peek": peek}


def decision(action: str, label: Text, *, group: str = "answer", card: str | None = None,
             cost: Text | None = None) -> Decision:
    return {"action": action, "group": group, "label": label, "card": card, "cost": cost}


def no_trick_yet() -> "Area":
    """The place of the last trick taken before one is: the trick area beside it keeps
    its place from a deal's first card (nothing moves when the first trick is taken)."""
    return {"id": "last_trick", "label": text("table.no_trick_yet"), "plays": [], "places": 0,
            "outcome": None, "current": False}


def room(*sets: list[Text], under: Text | None = None, out: bool = False) -> Room:
    """The dock's room for a game (``Table.room``): its sets of decisions, widest words;
    ``under``: the words of a card's second button, where a card carries one."""
    return {"sets": [list(labels) for labels in sets], "under": under, "out": out}


def card_decision(action: str, card: str, label: Text | None = None) -> Decision:
    """A card in hand the viewer may play (``play KS``, ``discard KS`` ...)."""
    return decision(action, label or text("decision.play", card=card_name(card)), group="hand", card=card)


# --------------------------------------------------------------------- checking
_PARTS: dict[str, dict[str, tuple]] = {
    "Table": {"game": (str,), "viewer": (int,), "phase": (str,), "dealer": (int, type(None)),
              "seats": (list,), "areas": (list,),
              "piles": (list,), "stake": (dict, type(None)), "scores": (dict,), "decisions": (list,),
              "prompt": (dict,), "reminders": (list,), "marks": (list,), "summary": (dict, type(None)),
              "result": (dict, type(None)), "auto": (dict, type(None)), "ahead": (dict, type(None)),
              "room": (dict,)},
    "Seat": {"seat": (int,), "name": (dict,), "you": (bool,), "team": (int, type(None)), "badges": (list,),
             "score": (dict, type(None)), "progress": (int, float, type(None)), "hand": (list,),
             "status": (str,), "last": (dict, type(None)), "last_card": (str, type(None))},
    "Play": {"seat": (int,), "card": (str,), "down": (bool,), "dead": (bool,), "won": (bool,),
             "tag": (dict, type(None)), "peek": (str, type(None))},
    "Area": {"id": (str,), "label": (dict,), "plays": (list,), "outcome": (dict, type(None)),
             "current": (bool,), "places": (int,)},
    "Pile": {"id": (str,), "label": (dict,), "count": (int, type(None)), "cards": (list,)},
    "Stake": {"label": (dict,), "value": (int,), "ladder": (list,), "step": (int, type(None)),
              "note": (dict, type(None))},
    "Scores": {"goal": (dict, type(None)), "columns": (list,), "rows": (list,), "totals": (list,), "chart": (dict,)},
    "Chart": {"x": (str,), "unit": (str,), "series": (list,), "you": (int,), "values": (list,),
              "goal": (int, type(None))},
    "ScoreRow": {"id": (str,), "label": (dict,), "cells": (list,)},
    "Decision": {"action": (str,), "group": (str,), "label": (dict,), "card": (str, type(None)),
                 "cost": (dict, type(None))},
    "Ahead": {"action": (str,), "group": (str,), "label": (dict,), "card": (str, type(None)),
              "cost": (dict, type(None)), "open": (bool,)},
    "Summary": {"label": (dict,), "areas": (list,), "lines": (list,)},
    "Result": {"outcome": (str,), "title": (dict, type(None)), "text": (dict,), "place": (dict, type(None)), "unit": (dict,), "standings": (list,)},
    "Standing": {"seat": (int,), "place": (int,), "score": (int, float, str), "name": (dict, type(None))},
    "Auto": {"action": (str,), "pause": (bool,)},
    "Mark": {"card": (str,), "tag": (dict,)},
    "Room": {"sets": (list,), "under": (dict, type(None)), "out": (bool,)},
}


def _fields(obj: Any, part: str, where: str) -> None:
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: a {part} must be an object, not {type(obj).__name__}")
    fields = _PARTS[part]
    if set(obj) != set(fields):
        raise ValueError(f"{where}: a {part} has the fields {sorted(fields)}, not {sorted(obj)}")
    for name, kinds in fields.items():
        value = obj[name]
        if type(value) is bool and bool not in kinds:
            raise ValueError(f"{where}.{name}: {value!r} is not of {[k.__name__ for k in kinds]}")
        if not isinstance(value, kinds):
            raise ValueError(f"{where}.{name}: {value!r} is not of {[k.__name__ for k in kinds]}")


def _text(obj: Any, where: str, more: dict[str, tuple] | None = None) -> None:
    """A Text; ``more``: the fields a kind of Text adds (a badge's id), each optional
    unless it is a required field of that kind (checked by the caller)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("key"), str) or not obj["key"]:
        raise ValueError(f"{where}: a Text is {{'key': str, 'args': {{...}}}}, not {obj!r}")
    if set(obj) - {"key", "args", *(more or {})}:
        raise ValueError(f"{where}: a Text has only 'key' and 'args'{' and ' + str(sorted(more)) if more else ''}, "
                         f"not {sorted(obj)}")
    for name, kinds in (more or {}).items():
        if name in obj and not isinstance(obj[name], kinds):
            raise ValueError(f"{where}.{name}: {obj[name]!r} is not of {[k.__name__ for k in kinds]}")
    for name, value in obj.get("args", {}).items():
        for i, item in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(item, dict):
                _text(item, f"{where}.args.{name}")
            elif isinstance(item, bool) or not isinstance(item, (str, int, float)):
                raise ValueError(f"{where}.args.{name}: {item!r} is not a string, number, Text or a list of them")


def _card(code: Any, where: str) -> None:
    if code != BACK and not (isinstance(code, str) and len(code) == 2):
        raise ValueError(f"{where}: {code!r} is not a card code or BACK")


def _area(area: Any, where: str) -> None:
    _fields(area, "Area", where)
    if area["places"] < len(area["plays"]):
        raise ValueError(f"{where}.places: {area['places']} is fewer than its {len(area['plays'])} plays")
    _text(area["label"], f"{where}.label")
    if area["outcome"] is not None:
        _text(area["outcome"], f"{where}.outcome")
    for i, p in enumerate(area["plays"]):
        _fields(p, "Play", f"{where}.plays[{i}]")
        _card(p["card"], f"{where}.plays[{i}].card")
        if p["tag"] is not None:
            _text(p["tag"], f"{where}.plays[{i}].tag")
        if p["peek"] is not None:
            _card(p["peek"], f"{where}.plays[{i}].peek")


def validate_text(obj: Any) -> Text:
    """``obj`` itself if it is a Text; else ``ValueError``."""
    _text(obj, "text")
    return obj


def validate_line(obj: Any) -> Line:
    """``obj`` itself if it is a line of the log (a Text with its kind, what it closes
    and its sound)."""
    _text(obj, "line", {"kind": (str,), "closes": (str, type(None)), "sound": (str, type(None))})
    if "kind" not in obj or "closes" not in obj or obj["closes"] not in (*CLOSES, None):
        raise ValueError(f"line: a line has its kind and closes one of {CLOSES} or None, not {obj!r}")
    if "sound" not in obj or obj["sound"] not in (*LINE_SOUNDS, None):
        raise ValueError(f"line: a line makes one of the sounds {LINE_SOUNDS} or None, not {obj!r}")
    return obj


def validate(table: Any) -> Table:
    """``table`` itself if it has the shape above; else ``ValueError`` naming the
    first part that does not. The contract test runs it at every step of every game."""
    _fields(table, "Table", "table")
    for i, seat in enumerate(table["seats"]):
        where = f"seats[{i}]"
        _fields(seat, "Seat", where)
        _text(seat["name"], f"{where}.name")
        for j, b in enumerate(seat["badges"]):
            _text(b, f"{where}.badges[{j}]", {"id": (str,)})
            if "id" not in b:
                raise ValueError(f"{where}.badges[{j}]: a badge has an id")
        if seat["last_card"] is not None:
            _card(seat["last_card"], f"{where}.last_card")
        for name in ("score", "last"):
            if seat[name] is not None:
                _text(seat[name], f"{where}.{name}")
        for j, code in enumerate(seat["hand"]):
            _card(code, f"{where}.hand[{j}]")
        if seat["status"] not in STATUSES:
            raise ValueError(f"{where}.status: {seat['status']!r} is not one of {STATUSES}")
    if [s["seat"] for s in table["seats"]][:1] != [table["viewer"]]:
        raise ValueError("seats: the viewer's seat comes first")
    for i, area in enumerate(table["areas"]):
        _area(area, f"areas[{i}]")
    for i, pile in enumerate(table["piles"]):
        _fields(pile, "Pile", f"piles[{i}]")
        _text(pile["label"], f"piles[{i}].label")
        for code in pile["cards"]:
            _card(code, f"piles[{i}].cards")
    if table["stake"] is not None:
        stake = table["stake"]
        _fields(stake, "Stake", "stake")
        _text(stake["label"], "stake.label")
        if stake["note"] is not None:
            _text(stake["note"], "stake.note")
        if stake["step"] is not None and stake["ladder"][stake["step"]] != stake["value"]:
            raise ValueError("stake: ladder[step] is not the value")
    scores = table["scores"]
    _fields(scores, "Scores", "scores")
    if scores["goal"] is not None:
        _text(scores["goal"], "scores.goal")
    for i, col in enumerate(scores["columns"]):
        _text(col, f"scores.columns[{i}]")
    for i, row in enumerate(scores["rows"]):
        _fields(row, "ScoreRow", f"scores.rows[{i}]")
        _text(row["label"], f"scores.rows[{i}].label")
        if len(row["cells"]) != len(scores["columns"]):
            raise ValueError(f"scores.rows[{i}]: {len(row['cells'])} cells for {len(scores['columns'])} columns")
    if scores["totals"] and len(scores["totals"]) != len(scores["columns"]):
        raise ValueError("scores.totals: one per column")
    plot = scores["chart"]
    _fields(plot, "Chart", "scores.chart")
    if plot["x"] not in CHART_X or plot["unit"] not in CHART_UNITS:
        raise ValueError(f"scores.chart: a step counts one of {CHART_X}, a line one of {CHART_UNITS}")
    for i, name in enumerate(plot["series"]):
        _text(name, f"scores.chart.series[{i}]")
    if not plot["series"] or len(plot["values"]) != len(plot["series"]) or not 0 <= plot["you"] < len(plot["series"]):
        raise ValueError("scores.chart: a value per line, and the viewer's line among them")
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in plot["values"]):
        raise ValueError(f"scores.chart.values: numbers, not {plot['values']!r}")
    for i, d in enumerate(table["decisions"]):
        _fields(d, "Decision", f"decisions[{i}]")
        _text(d["label"], f"decisions[{i}].label")
        if d["group"] not in GROUPS:
            raise ValueError(f"decisions[{i}].group: {d['group']!r} is not one of {GROUPS}")
        if d["card"] is not None:
            _card(d["card"], f"decisions[{i}].card")
        if d["cost"] is not None:
            _text(d["cost"], f"decisions[{i}].cost")
    _text(table["prompt"], "prompt")
    for i, r in enumerate(table["reminders"]):
        _text(r, f"reminders[{i}]", {"setting": (str,)})
    for i, mark in enumerate(table["marks"]):
        _fields(mark, "Mark", f"marks[{i}]")
        _card(mark["card"], f"marks[{i}].card")
        _text(mark["tag"], f"marks[{i}].tag")
    if table["summary"] is not None:
        _fields(table["summary"], "Summary", "summary")
        _text(table["summary"]["label"], "summary.label")
        for i, area in enumerate(table["summary"]["areas"]):
            _area(area, f"summary.areas[{i}]")
        for i, line in enumerate(table["summary"]["lines"]):
            _text(line, f"summary.lines[{i}]")
    if table["auto"] is not None:
        _fields(table["auto"], "Auto", "auto")
        if table["auto"]["action"] not in [d["action"] for d in table["decisions"]]:
            raise ValueError("auto: the action is not one of the decisions")
    if table["ahead"] is not None:
        _fields(table["ahead"], "Ahead", "ahead")
        _text(table["ahead"]["label"], "ahead.label")
    _fields(table["room"], "Room", "room")
    for i, labels in enumerate(table["room"]["sets"]):
        if not isinstance(labels, list) or not labels:
            raise ValueError(f"room.sets[{i}]: a set is a non-empty list of labels, not {labels!r}")
        for j, label in enumerate(labels):
            _text(label, f"room.sets[{i}][{j}]")
    if table["room"]["under"] is not None:
        _text(table["room"]["under"], "room.under")
    if table["result"] is not None:
        result = table["result"]
        _fields(result, "Result", "result")
        _text(result["text"], "result.text")
        if result["title"] is not None:
            _text(result["title"], "result.title")
        if result["place"] is not None:
            _text(result["place"], "result.place")
        _text(result["unit"], "result.unit")
        if result["outcome"] not in ("win", "draw", "loss"):
            raise ValueError(f"result.outcome: {result['outcome']!r} is not win, draw or loss")
        for i, s in enumerate(result["standings"]):
            _fields(s, "Standing", f"result.standings[{i}]")
            if s["name"] is not None:
                _text(s["name"], f"result.standings[{i}].name")
        places = [s["place"] for s in result["standings"]]
        if places != sorted(places) or (places and places[0] != 1):
            raise ValueError(f"result.standings: best first from place 1, not {places}")
    return table


def text_keys(table: Table) -> set[str]:
    """Every i18n key the table uses (the contract test checks each exists in both languages)."""
    keys: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("key"), str) and set(x) <= {"key", "args", "id", "setting", "kind", "closes"}:
                keys.add(x["key"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(table)
    return keys
