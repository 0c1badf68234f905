"""Oneonta Whist's table: the player alone against a dummy that leads every trick.

One seat, the player's. The dummy is no seat: its face-down pile and the three
dead cards are piles (counts only), the turned card a pile shown face up, and the
dummy's lead stands in the trick as a play of :data:`DUMMY`. The bid is the deal's
stake (Edward: made scores it, fewer tricks lose it), on a ladder 0..9. The score
sheet is a row a deal, its columns the sheet's (deal, turned, bid, taken, score,
total), not seats.
"""

from __future__ import annotations

from .. import logtext
from ..games.oneonta_whist import HAND_SIZE as TRICKS, JOKERS, card_suit
from ..table import (Area, Decision, Pile, Play, Scores, Stake, Summary, Table, Text, card_decision,
                     card_name, chart, decision, ending, play, room, suit_sign, text)
from ..table import badge

#: The dummy's plays: it leads every trick but is no seat of the table.
DUMMY = -1

#: The rules' name for the suit of a joker led in a no-trump deal (``card_suit``).
JOKER_SUIT = card_suit("BJ", None)


def _suit(suit: str) -> Text:
    """A suit as the page wrote it: its symbol and its name ("♠ spades")."""
    return text("oneonta_whist.suit_line", sym=suit_sign(suit), name=text(f"suit.{suit}"))


def _trumps(trump: str | None) -> Text:
    return text("oneonta_whist.trumps", suit=_suit(trump)) if trump else text("oneonta_whist.no_trump")


def _signed(n: int) -> str:
    """A score with its sign; the page sets a loss's sign as a minus (i18n.js `typeset`)."""
    return f"+{n}" if n > 0 else str(n)


def _prompt(view: dict, over: bool) -> Text:
    """What is asked now: the bid, or which cards may follow the dummy's lead and why."""
    if over:
        return text("table.game_over")
    if view["phase"] == "bid":
        return text("oneonta_whist.prompt.bid")
    trump = view["trump"]
    led = card_suit(view["lead"], trump)
    follows = any(card_suit(c, trump) == led for c in view["hand"])
    if led == JOKER_SUIT:  # the joker led in a no-trump deal (the other was turned): nothing follows it
        return text("oneonta_whist.prompt.void_joker")
    suit = suit_sign(led)
    if led == trump:
        return text("oneonta_whist.prompt.follow_trump" if follows else "oneonta_whist.prompt.void_trump", suit=suit)
    if follows:
        return text("oneonta_whist.prompt.follow", suit=suit)
    return text("oneonta_whist.prompt.void" if trump else "oneonta_whist.prompt.void_nt", suit=suit)


def _bid_cost(n: int, bonus: int) -> Text:
    """What a bid wins if made and loses if missed (the Edward method)."""
    made = _signed(n + bonus)
    if n == 0:
        return text("oneonta_whist.cost.bid0", made=made)
    if n == TRICKS:
        return text("oneonta_whist.cost.bid_all", made=made, bid=n)
    return text("oneonta_whist.cost.bid", made=made, bid=n)


def _decisions(view: dict, legal: list[str]) -> list[Decision]:
    out: list[Decision] = []
    for action in legal:
        verb, arg = action.split()
        if verb == "bid":
            n = int(arg)
            out.append(decision(action, text("oneonta_whist.bid_n", n=n), group="bid",
                                cost=_bid_cost(n, view["exact_bonus"])))
        else:
            out.append(card_decision(action, arg))
    return out


def _areas(view: dict) -> list[Area]:
    """The trick being played (the dummy's lead, until your card takes or loses it at
    once) and the trick before it, with who took it."""
    playing = view["phase"] == "play"
    label = (text("oneonta_whist.before_lead") if view["phase"] == "bid"
             else text("oneonta_whist.trick", n=min(TRICKS, view["tricks_played"] + 1)))
    plays: list[Play] = [play(DUMMY, view["lead"])] if view["lead"] else []
    areas: list[Area] = [{"id": "trick", "label": label, "plays": plays, "places": 2, "outcome": None,
                          "current": playing}]
    if view["last_trick"]:
        areas.append(_last_trick(view["last_trick"]))
    return areas


def _last_trick(last: dict) -> Area:
    """A trick taken: the dummy's lead and your card, the one that took it marked."""
    won = last["won"]
    return {"id": "last_trick", "label": text("oneonta_whist.last_trick", n=last["number"]),
            "plays": [play(DUMMY, last["lead"], won=not won), play(0, last["card"], won=won)], "places": 2,
            "outcome": text("oneonta_whist.you_won" if won else "oneonta_whist.dummy_won"), "current": False}


def _piles(view: dict) -> list[Pile]:
    return [
        {"id": "dummy", "label": text("oneonta_whist.pile", n=view["dummy_count"]),
         "count": view["dummy_count"], "cards": []},
        {"id": "dead", "label": text("oneonta_whist.dead", n=view["dead_count"]),
         "count": view["dead_count"], "cards": []},
        {"id": "turnup", "label": text("oneonta_whist.turned_line", turned=text("oneonta_whist.turned"),
                                       trumps=_trumps(view["trump"])),
         "count": 1, "cards": [view["turned"]]},
    ]


def _stake(view: dict) -> Stake | None:
    """The bid once made: what the deal is worth, against the tricks taken so far."""
    bid = view["bid"]
    if bid is None:
        return None
    return {"label": text("oneonta_whist.bid_taken", bid=bid, taken=view["taken"]), "value": bid,
            "ladder": list(range(TRICKS + 1)), "step": bid,
            "note": text("oneonta_whist.to_play", n=TRICKS - view["tricks_played"])}


COLUMNS = ("deal", "turned", "bid", "taken", "score", "total")


def _row_word(row: dict) -> str:
    """A deal's row: made, or missed under or over its bid (its label and its style)."""
    if row["made"]:
        return "made"
    return "under" if row["taken"] < row["bid"] else "over"


def _short(card: str) -> Text:
    """A past deal's turned card as the sheet writes it ("10♠", "Big joker"): in words,
    not as a card code, since that card may lie unseen in this deal's dummy pile."""
    if card in JOKERS:
        return text(f"oneonta_whist.joker.{card}")
    return text("oneonta_whist.cell.card", rank="10" if card[0] == "T" else card[0],
                sym=suit_sign(card[1]))


def _scores(view: dict) -> Scores:
    """The score sheet: a row a finished deal, marked made (✓) or missed (✗)."""
    rows = [{"id": _row_word(r), "label": text(f"oneonta_whist.{_row_word(r)}"),
             "cells": [r["deal"], _short(r["turned"]), r["bid"], r["taken"],
                       text("oneonta_whist.cell.made" if r["made"] else "oneonta_whist.cell.missed",
                            score=_signed(r["score"])),
                       r["total"]]}
            for r in view["history"]]
    goal = text("oneonta_whist.goal", target=view["target"],
                rule=text(f"option.oneonta_whist.success.{view['success_rule']}"))
    return {"goal": goal, "columns": [text(f"oneonta_whist.col.{c}") for c in COLUMNS], "rows": rows,
            "totals": [],  # the sheet's columns are no seats: its running total is the chart's one line
            "chart": chart("deal", "points", [text("table.you_name")], [view["total"]], goal=view["target"])}


def _summary(view: dict) -> Summary | None:
    rows = view["history"]
    if not rows:
        return None
    made = sum(1 for r in rows if r["made"])
    final = [_last_trick(view["final_trick"])] if view.get("final_trick") else []  # seen after the deal
    return {"label": text("oneonta_whist.sheet", n=len(rows), of=view["deals"]), "areas": final,
            "lines": [text("oneonta_whist.sheet_line", made=made, deals=len(rows), total=view["total"],
                           target=view["target"])]}


def _last(view: dict) -> Text | None:
    """Your bid until the first card of the deal, then the card you played last."""
    if view["phase"] == "play" and view["tricks_played"] == 0 and view["bid"] is not None:
        return text("action.bid", n=view["bid"])
    if view["last_trick"]:
        return text("log.oneonta_whist.play", card=card_name(view["last_trick"]["card"]))
    return None


def _reminders(view: dict) -> list[Text]:
    out = [_trumps(view["trump"]),
           text("oneonta_whist.dummy_line", dummy=text("oneonta_whist.dummy"),
                role=text("oneonta_whist.dummy_role")),
           text("oneonta_whist.reminder.ranks")]
    if view["trump"] is None and view["joker_anytime"]:
        out.append(text("option.oneonta_whist.joker_anytime"))
    return out


def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """The player's table (the only seat) from the view, the legal actions and the result."""
    over = view["phase"] == "over"
    total, target = view["total"], view["target"]
    seat = {"seat": 0, "name": text("table.you_name"), "you": True, "team": None,
            "badges": [badge("deal_of", "oneonta_whist.deal_of", n=view["deal"], of=view["deals"])],
            "score": text("oneonta_whist.score_line", label=text("table.score"),
                          total=text("oneonta_whist.total", score=total, target=target)),
            "progress": max(0.0, min(1.0, total / target)),
            "hand": list(view["hand"]),
            "status": "to_act" if view["to_act"] == 0 and not over else "waiting",
            "last": _last(view), "last_card": None}
    outcome = None
    if result is not None:
        word = "win" if result["success"] else "loss"
        # a solitaire's place is its score against the goal
        score, goal = result["score"], result["target"]
        outcome = ending(word, text(f"oneonta_whist.result.{word}", score=score, target=goal,
                                    made=result["bids_made"], deals=result["deals"]),
                         [{"seat": 0, "place": 1, "score": score}], 0, unit="points",
                         place=text("oneonta_whist.result.place", score=score, target=goal,
                                    diff=f"{score - goal:+d}".replace("-", "−")),
                         title=text(f"oneonta_whist.result.title.{word}"))
    return {"game": "oneonta_whist", "viewer": 0, "phase": view["phase"], "dealer": None, "seats": [seat],
            "areas": _areas(view), "piles": _piles(view), "stake": _stake(view), "scores": _scores(view),
            "decisions": _decisions(view, legal), "prompt": _prompt(view, over),
            "reminders": _reminders(view), "marks": [], "summary": _summary(view), "result": outcome,
            "auto": None, "ahead": None, "room": room()}


# --------------------------------------------------------------------- the log
#: The events that close a deal (a round, a hand) or the game: the game's history, deal by deal.
CLOSES = {"deal_end": "deal", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): the player's card and the trick it decides (the
#: dummy's lead turned up is silent: one move, two sounds).
SOUNDS = {"play": "card", "trick": "trick"}

#: A hint's sentence: a solitaire's hint is the strong autoplayer's move, not a bot's.
HINT_SAYS = "hint.oneonta_whist.says"

#: The actions the game words its own way in a hint (``action.<game>.<action>``): none.
OWN_ACTION_WORDS: frozenset = frozenset()

#: The game's own log wordings (``log.oneonta_whist.<key>`` of web/i18n).
OWN_LOG_KEYS = frozenset({
    "deal_start", "bid", "lead", "play", "deal_end", "game_over",
    "trick.higher", "trick.lower", "trick.ruff", "trick.discard", "trick.dummy_trump", "trick.joker",
})


def _name(seat: int) -> Text:
    """The only seat is the player's."""
    return text("table.you_name")


def event_args(event: dict, args: dict, viewer: int, name) -> None:
    """The cards, the trumps, how a deal went against the bid and how the game ended, in words."""
    for k in ("lead", "card", "turned"):
        if isinstance(event.get(k), str):
            args[k] = card_name(event[k])
    kind = event["type"]
    if kind == "deal_start":
        args["trump"] = text(f"suit.{event['trump']}") if event["trump"] else text("oneonta_whist.no_trump_word")
    elif kind == "deal_end":
        args["result"] = text(f"oneonta_whist.{_row_word(event)}")
    elif kind == "game_over":
        args["outcome"] = text("oneonta_whist.goal_reached" if event["success"] else "oneonta_whist.goal_missed",
                               target=event["target"])


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of the player's log."""
    return logtext.line(event, viewer, players, "oneonta_whist", _name, OWN_LOG_KEYS, event_args)
