"""Tressette's table: two seats, the trick and the last trick, the draws, the stock.

The viewer sits first, the other player second (``table.bot_name``). What the
viewer knows of the other hand shows in it: the cards seen drawn (or declared)
face up, a back for each of the rest. The suits the other player is known to
lack are badges on that seat and a reminder; a suit only its hidden cards lack
(it was seen to draw one since) is a badge of its own. The last two draws,
shown to both players (backs where draws are hidden), are the area ``draws``.
The running count of captured points is always a reminder (``tressette.count``):
the page shows it only with its "show captured points" setting. There is no
stake; the score sheet is the last deal's, a row a kind of point, a column a seat.
"""

from __future__ import annotations

from typing import Callable

from .. import logtext
from ..games.tressette import TRICKS_PER_DEAL as TRICKS
from ..table import BACK, Area, Decision, Pile, Play, Scores, Summary, Table, Text, card_name, chart, decision, \
    card_decision, ending, play, room, suit_sign, text
from ..table import badge

#: The events that close a deal (a round, a hand) or the game: the game's history, deal by deal.
CLOSES = {"deal_end": "deal", "tie_play_on": "deal", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): a card played, a trick taken.
SOUNDS = {"play": "card", "trick": "trick"}

#: The actions the game words its own way in a hint (``action.<game>.<action>``): none.
OWN_ACTION_WORDS: frozenset = frozenset()

#: The hint's sentence (``hint.says``: "The normal bot would: …").
HINT_SAYS = "hint.says"

#: The game's own log wordings (``log.tressette.<key>`` of web/i18n).
OWN_LOG_KEYS = frozenset({"trick.higher"})


def _name(viewer: int, seat: int) -> Text:
    return text("table.you_name" if seat == viewer else "table.bot_name")


def points(thirds: int) -> str:
    """Thirds of a point as the page writes them: 13 -> "4⅓"."""
    return f"{thirds // 3}{('', '⅓', '⅔')[thirds % 3]}"



def _voids(view: dict) -> list[str]:
    """The suits the other player is known to hold none of now."""
    return list(view["voids"][1 - view["seat"]])


def _voids_line(view: dict) -> Text:
    """The panel's sentence on the other hand's voids: each suit as "♠ (spades)"."""
    voids = _voids(view)
    if not voids:
        return text("tressette.no_voids")
    suits = [text("tressette.void_suit", sym=suit_sign(s), name=text(f"suit.{s}")) for s in voids]
    joined = suits[0]
    for suit in suits[1:]:
        joined = text("tressette.join", a=joined, b=suit)
    return text("tressette.voids", suits=joined)


def _running(view: dict, seat: int) -> int:
    """``seat``'s total with this deal counted so far, as a claim counts it: its
    declarations and captured thirds rounded down (the last trick not yet won)."""
    return view["totals"][seat] + view["declared"][seat] + view["captured_thirds"][seat] // 3


def _seat(view: dict, seat: int) -> dict:
    me = view["seat"]
    over = view["phase"] == "over"
    total, target = view["totals"][seat], view["target"]
    badges = [badge("dealer", "tressette.role.dealer") if seat == view["dealer"]
              else badge("nondealer", "tressette.role.nondealer")]
    count = view["hand_counts"][seat]
    if seat == me:
        hand = list(view["hand"])
    else:
        known = list(view["opponent_known"])
        hand = known + [BACK] * (count - len(known))
        badges += [badge("void", "tressette.badge.void", sym=suit_sign(s)) for s in _voids(view)]
        if count > len(known):  # a void kept by the unseen cards after a shown draw of its suit
            badges += [badge("unseen_void", "tressette.badge.unseen_void", sym=suit_sign(s))
                       for s in view["unseen_voids"][seat] if s not in _voids(view)]
    played = next((p["card"] for p in view["trick"] if p["seat"] == seat), None)
    return {"seat": seat, "name": _name(me, seat), "you": seat == me, "team": None, "badges": badges,
            "score": text("tressette.score_line", label=text("table.score"),
                          total=text("table.to_win", score=total, target=target)),
            "progress": min(1.0, total / target), "hand": hand,
            "status": "to_act" if not over and view["to_act"] == seat else "waiting",
            "last": played and card_name(played), "last_card": played}


def _areas(view: dict) -> list[Area]:
    """The trick being played, the last finished trick with who took it, and the
    last two draws (a back for a hidden one)."""
    me = view["seat"]
    trick: list[Play] = [play(p["seat"], p["card"]) for p in view["trick"]]
    areas: list[Area] = [{"id": "trick", "label": text("tressette.trick", n=min(TRICKS, view["tricks_played"] + 1)),
                          "plays": trick, "places": 2, "outcome": None, "current": view["phase"] == "play"}]
    if view["last_trick"]:
        areas.append(_last_trick(view["last_trick"], me))
    if view["last_draws"]:
        areas.append({"id": "draws", "label": text("tressette.draws"),
                      "plays": [play(d["seat"], d["card"] or BACK) for d in view["last_draws"]],
                      "places": len(view["last_draws"]), "outcome": None, "current": False})
    return areas


def _piles(view: dict) -> list[Pile]:
    n = view["stock_count"]
    return [{"id": "stock", "label": text("tressette.stock", n=n), "count": n, "cards": []}]


def _row(id: str, cells: list) -> dict:
    """A row of the deal's sheet: what it counts (``tressette.row.<id>``) and a cell a player."""
    return {"id": id, "label": text(f"tressette.row.{id}"), "cells": cells}


def _scores(view: dict) -> Scores:
    """The last deal's points, as the page's deal table had them (you, the bot):
    card points in thirds, the last trick, declarations where any, the deal's
    points and the totals."""
    me, other = view["seat"], 1 - view["seat"]
    rows = []
    d = view["last_deal"]
    if d:
        rows = [_row("cards", [points(d["thirds"][me]), points(d["thirds"][other])]),
                _row("last", ["+1" if d["last_trick"] == s else "" for s in (me, other)]),
                _row("points", [d["points"][me], d["points"][other]]),
                _row("totals", [d["totals"][me], d["totals"][other]])]
        if any(d["declared"]):
            rows.insert(2, _row("declared", [d["declared"][me], d["declared"][other]]))
    return {"goal": text("tressette.goal", target=view["target"]),
            "columns": [text("table.you"), text("table.bot")], "rows": rows,
            "totals": [view["totals"][me], view["totals"][other]],
            "chart": chart("deal", "points", [text("table.you"), text("table.bot")],
                           [view["totals"][me], view["totals"][other]], goal=view["target"])}


def _last_trick(last: dict, me: int) -> Area:
    """A trick taken: both cards in play order, the one that took it marked."""
    order = (last["leader"], 1 - last["leader"])
    return {"id": "last_trick", "label": text("tressette.last_trick", n=last["number"]),
            "plays": [play(s, last["cards"][str(s)], won=s == last["winner"]) for s in order], "places": 2,
            "outcome": text("table.won_by", p=_name(me, last["winner"])), "current": False}


def _summary(view: dict) -> Summary | None:
    """The last deal: its heading and the log's sentence on it (the sheet is ``scores``)."""
    d = view["last_deal"]
    if not d:
        return None
    me, other = view["seat"], 1 - view["seat"]
    final = [_last_trick(d["final_trick"], me)] if d.get("final_trick") else []  # seen after the deal
    return {"label": text("tressette.last_deal", n=d["deal"]), "areas": final,
            "lines": [text("log.deal_end", deal=d["deal"], points_you=d["points"][me], points_bot=d["points"][other],
                           last_trick=_name(me, d["last_trick"]), totals_you=d["totals"][me],
                           totals_bot=d["totals"][other])]}


def _decisions(view: dict, legal: list[str]) -> list[Decision]:
    me = view["seat"]
    out: list[Decision] = []
    for action in legal:
        if action == "claim":
            out.append(decision(action, text("action.claim"), group="choice",
                                cost=text("tressette.claim_note", you=_running(view, me),
                                          bot=_running(view, 1 - me))))
        else:
            out.append(card_decision(action, action.split()[1]))
    return out


def _prompt(view: dict, legal: list[str]) -> Text:
    """What is asked: lead, follow the led suit, or play anything, holding none of it."""
    if view["phase"] == "over":
        return text("table.game_over")
    if not legal:
        return text("tressette.prompt.wait")
    if not view["trick"]:
        return text("tressette.prompt.lead")
    led = view["trick"][0]["card"][1]
    follows = any(c[1] == led for c in view["hand"])
    return text("tressette.prompt.follow" if follows else "tressette.prompt.void", suit=suit_sign(led))


def _reminders(view: dict) -> list[Text]:
    """The rank order, the other hand's voids, and the running count (shown by the
    page only with its "show captured points" setting)."""
    me, other = view["seat"], 1 - view["seat"]
    thirds = view["captured_thirds"]
    return [text("tressette.ranks"), _voids_line(view),
            {**text("tressette.count", you=points(thirds[me]), bot=points(thirds[other])), "setting": "show-count"}]


def _result(view: dict, result: dict | None) -> dict | None:
    if result is None:
        return None
    me, other = view["seat"], 1 - view["seat"]
    you, bot = result["scores"][me], result["scores"][other]
    winner = result["winner"]
    outcome = "draw" if winner is None else "win" if winner == me else "loss"
    if result.get("claim"):  # won by the claim: the other total may be as high
        words = text(f"tressette.result.claim.{outcome}", you=you, bot=bot)
    else:
        words = text(f"result.{outcome}", you=you, bot=bot)
    standings = [{"seat": s, "place": 1 if winner is None or s == winner else 2, "score": result["scores"][s]}
                 for s in (me, other)]
    return ending(outcome, words, standings, me, unit="points")


def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """Seat ``view["seat"]``'s table (see the module's docstring)."""
    me = view["seat"]
    return {"game": "tressette", "viewer": me, "phase": view["phase"], "dealer": view["dealer"],
            "seats": [_seat(view, me), _seat(view, 1 - me)], "areas": _areas(view), "piles": _piles(view),
            "stake": None, "scores": _scores(view), "decisions": _decisions(view, legal),
            "prompt": _prompt(view, legal), "reminders": _reminders(view), "marks": [], "summary": _summary(view),
            "result": _result(view, result), "auto": None, "ahead": None, "room": room()}


# --------------------------------------------------------------------- the log
def event_args(event: dict, args: dict, viewer: int, name: Callable[[int], Text]) -> dict:
    """A declaration (accusi): its kind in words and its cards by name."""
    if event["type"] == "declare":
        args["kind"] = text(f"decl.{event['kind']}")
        args["cards"] = [card_name(c) for c in event["cards"]]
    return args


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of ``viewer``'s log."""
    return logtext.line(event, viewer, players, "tressette", lambda seat: _name(viewer, seat), OWN_LOG_KEYS,
                        event_args)
