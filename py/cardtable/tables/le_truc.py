"""Le Truc's table (cardtable.table), drawn from one seat's view.

Two seats (the viewer, then the opponent), the three trick columns ``trick1`` ..
``trick3`` (the opponent's card above the viewer's, as the page has always drawn
them), the stock, the doubling die as the stake, the race or bankroll score, the
decisions with what accepting, folding and a face-down card mean in points, and
the last round's tricks with the sentence that says why it was won. Its log is
the shared wording (``cardtable.logtext``), the face-down play's stakes included.

A face-down card shows as its code to the player who played it (and to both once
accepted), and as a back to the other while it is unanswered or was folded to.
"""

from __future__ import annotations

from .. import logtext
from ..games.le_truc import doubled, folding
from ..table import (BACK, Area, Play, Room, Table, Text, card_decision, card_name, chart, clockwise, decision, ending,
                     play, room, text)
from ..table import badge

#: The events that close a deal (a round, a hand) or the game: the game's history, deal by deal.
CLOSES = {"fold": "round", "round": "round", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): a card played, a trick taken; a card played face
#: down offers to double the stake: a raise.
SOUNDS = {"play": "card", "play.down": "raise", "trick": "trick"}

#: The actions the game words its own way in a hint (``action.<game>.<action>``): none.
OWN_ACTION_WORDS: frozenset = frozenset()

#: The hint's sentence (``hint.says``: "The normal bot would: …").
HINT_SAYS = "hint.says"

#: Le Truc has no log words of its own: the shared ones were written for it.
OWN_LOG_KEYS: frozenset = frozenset()

#: The redeal moments' words: the action keys the page has always shown.
CHOICES = ("keep", "redo", "refuse", "exchange")


def _name(seat: int, viewer: int) -> dict:
    return text("table.you_name") if seat == viewer else text("table.bot_name")


def _s(seat: int | None, viewer: int) -> str:
    """English's third-person ``s`` ("the bot wins" / "you win"); Japanese has no {s}."""
    return "s" if seat is not None and seat != viewer else ""


def _plays(trick: dict, viewer: int) -> list[Play]:
    """The opponent's card first, then the viewer's; a card the viewer may not see is a back
    (the viewer's own face-down offer, not yet answered, peeks through its back)."""
    out = []
    for seat in (1 - viewer, viewer):
        for p in trick["plays"]:
            if p["seat"] == seat:
                shown = p.get("revealed", True) and p["card"]
                tag = None if not p["down"] else text("table.doubled" if shown else "table.face_down")
                out.append(play(seat, p["card"] if shown else BACK, down=p["down"], tag=tag,
                                peek=p["card"] if not shown and seat == viewer else None,
                                won=trick["done"] and trick["winner"] == seat))
    return out


def _trick_area(n: int, trick: dict | None, viewer: int, current: bool) -> Area:
    outcome = None
    if trick and trick["done"]:
        outcome = text("table.tied") if trick["tied"] else text("table.won_by", p=_name(trick["winner"], viewer))
    return {"id": f"trick{n}", "label": text("table.trick", n=n),
            "plays": _plays(trick, viewer) if trick else [], "places": 2, "outcome": outcome, "current": current}


def _lasts(view: dict) -> list[dict | None]:
    """Each seat's last move this round, replayed from what the view shows: the
    redeal, then the cards in order (an accepted face-down card, then its acceptance),
    and at the game's end a fold that ended it."""
    dealer = view["dealer"]
    nd = 1 - dealer
    last: list[dict | None] = [None, None]
    redeal, exchanged = view["redeal"], view["exchanges"] > 0
    if redeal == "keep":
        last[nd] = text("le_truc.last.keep")
    elif exchanged or view["phase"] == "redo_answer" or redeal in ("refuse", "exchange"):
        last[nd] = text("le_truc.last.redo")
    if redeal == "refuse":
        last[dealer] = text("le_truc.last.refuse")
    elif exchanged:
        last[dealer] = text("le_truc.last.exchange")
    value = 1
    for trick in view["tricks"]:
        for p in trick["plays"]:
            seat = p["seat"]
            if not p["down"]:
                last[seat] = text("le_truc.last.play", card=card_name(p["card"]))
            elif p["revealed"]:
                value = doubled(value)
                last[seat] = text("le_truc.last.down", card=card_name(p["card"]))
                last[1 - seat] = text("le_truc.last.accept", value=value)
            else:
                last[seat] = text("le_truc.last.offer", next=doubled(value))
    ended = view["last_round"]
    if view["phase"] == "over" and ended and ended["why"] == "fold":  # the last round stays on the table
        last[1 - ended["winner"]] = text("le_truc.last.fold")
    return last


def _prompt(view: dict, legal: list[str]) -> dict:
    """The page's prompt, word for word."""
    phase = view["phase"]
    if phase == "over":
        return text("table.game_over")
    if not legal:
        return text("le_truc.prompt.wait")
    if phase == "answer":
        return text("le_truc.prompt.answer", value=view["value"], next=doubled(view["value"]))
    if phase != "play":
        return text(f"le_truc.prompt.{phase}")
    tricks = view["tricks"]
    leading = not tricks or not tricks[-1]["plays"]
    if leading and len(tricks) == 1:
        return text("le_truc.prompt.play.lead_first")
    if not view["may_play_down"]:
        return text("le_truc.prompt.play.up_only")
    return text("le_truc.prompt.play.lead" if leading else "le_truc.prompt.play.follow")


def _fold(view: dict, folder: int) -> tuple[int, bool]:
    """What folding gives the offerer now, and whether it loses the game (``folding``)."""
    return folding(view["scores"], folder, view["value"], view["scoring"] == "bankroll", view["target"])


def _decisions(view: dict, legal: list[str]) -> list[dict]:
    viewer, value = view["seat"], view["value"]
    out = []
    for action in legal:
        words = action.split()
        if words[0] == "play":
            code = words[1]
            if len(words) == 3:
                out.append(decision(action, text("action.play_down_label", card=card_name(code)), group="hand",
                                    card=code, cost=text("le_truc.cost.down", next=doubled(value))))
            else:
                out.append(card_decision(action, code, text("action.play", card=card_name(code))))
        elif action == "fold":
            points, loses = _fold(view, viewer)
            key = "le_truc.cost.fold_game" if loses else "le_truc.cost.fold"
            out.append(decision(action, text("action.fold"), cost=text(key, points=points)))
        elif action == "accept":
            out.append(decision(action, text("action.accept"), cost=text("le_truc.cost.accept", next=doubled(value))))
        elif action in CHOICES:
            out.append(decision(action, text(f"action.{action}"), group="choice"))
        else:  # a new action would need its words here first
            raise ValueError(f"Le Truc's table has no words for the action {action!r}")
    return out


#: The dock's room: a face-down card's answer, the deal's keep or redo, the exchange;
#: a card may be played face down (under it).
ROOM: Room = room([text("action.accept"), text("action.fold")], [text("action.keep"), text("action.redo")],
                  [text("action.exchange"), text("action.refuse")], under=text("action.play_down"))


def _stake(view: dict) -> dict:
    value, ladder = view["value"], view["die_faces"]
    note = text("le_truc.stake_help", value=value)
    if view["phase"] == "answer" and view["pending_offer"] is not None:
        folder = 1 - view["pending_offer"]
        note = text("le_truc.stake.offer", fold=_fold(view, folder)[0], next=doubled(value))
    return {"label": text("le_truc.stake"), "value": value, "ladder": list(ladder),
            "step": ladder.index(value), "note": note}


def _score(view: dict, seat: int) -> tuple[dict, float]:
    score = view["scores"][seat]
    if view["scoring"] == "bankroll":  # the chips change hands: their sum is the bar's length
        return text("le_truc.score.bankroll", chips=score), score / max(1, sum(view["scores"]))
    target = view["target"]
    return text("le_truc.score.race", score=score, target=target), min(1.0, score / target)


def _summary(view: dict) -> dict | None:
    """The last round: its tricks (a card folded to stays a back) and why it was won."""
    last = view["last_round"]
    if last is None:
        return None
    viewer, winner = view["seat"], last["winner"]
    areas = [_trick_area(n, t, viewer, False) for n, t in enumerate(last["tricks"], 1)]
    folder = _name(1 - winner, viewer) if last["why"] == "fold" and winner is not None else None
    why = text(f"log.round.{last['why']}", winner=_name(winner, viewer) if winner is not None else None,
               s=_s(winner, viewer), points=last["points"], folder=folder)
    return {"label": text("le_truc.summary", n=last["round"]), "areas": areas, "lines": [why]}


def _result(view: dict, result: dict | None) -> dict | None:
    if result is None:
        return None
    viewer, winner, scores = view["seat"], result["winner"], result["scores"]
    outcome = "draw" if winner is None else "win" if winner == viewer else "loss"
    standings = [{"seat": s, "place": 1 if winner in (None, s) else 2, "score": scores[s]}
                 for s in clockwise(viewer, 2)]
    return ending(outcome, text(f"result.{outcome}", you=scores[viewer], bot=scores[1 - viewer]), standings,
                  viewer, unit="chips" if view["scoring"] == "bankroll" else "points")


def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """Everything the page draws for the seat of ``view``."""
    viewer, phase = view["seat"], view["phase"]
    over = phase == "over"
    lasts = _lasts(view)
    seats = []
    for seat in clockwise(viewer, 2):
        score, progress = _score(view, seat)
        seats.append({
            "seat": seat, "name": _name(seat, viewer), "you": seat == viewer, "team": None,
            "badges": [badge("dealer", "le_truc.role.dealer") if seat == view["dealer"]
                       else badge("nondealer", "le_truc.role.nondealer")],
            "score": score, "progress": progress,
            "hand": list(view["hand"]) if seat == viewer else [BACK] * view["hand_counts"][seat],
            "status": "to_act" if not over and view["to_act"] == seat else "waiting",
            "last": lasts[seat], "last_card": None,
        })
    tricks = view["tricks"]
    playing = phase in ("play", "answer")
    areas = [_trick_area(n, tricks[n - 1] if n <= len(tricks) else None, viewer,
                         playing and n == len(tricks) and not tricks[-1]["done"]) for n in (1, 2, 3)]
    totals = [view["scores"][viewer], view["scores"][1 - viewer]]
    if view["scoring"] == "bankroll":  # the chips change hands until one side has none: no line to reach
        goal, plot = text("le_truc.goal.bankroll"), chart("round", "chips", [text("table.you"), text("table.bot")], totals)
    else:
        goal = text("le_truc.goal.race", target=view["target"])
        plot = chart("round", "points", [text("table.you"), text("table.bot")], totals, goal=view["target"])
    return {
        "game": "le_truc", "viewer": viewer, "phase": phase, "dealer": view["dealer"],
        "seats": seats,
        "areas": areas,
        "piles": [{"id": "stock", "label": text("le_truc.stock"), "count": view["stock_count"], "cards": []}],
        "stake": _stake(view),
        "scores": {"goal": goal, "columns": [text("table.you"), text("table.bot")], "rows": [],
                   "totals": totals, "chart": plot},
        "decisions": _decisions(view, legal),
        "prompt": _prompt(view, legal),
        "reminders": [text("le_truc.reminder.order")], "marks": [],
        "summary": _summary(view),
        "result": _result(view, result),
        "auto": None,
        "ahead": None,
        "room": ROOM,
    }


def event_args(event: dict, args: dict, viewer: int, name) -> None:
    """Le Truc's own argument of a log line: who folded, where a fold ended the round
    (``folder``: the round's subject is the seat that folded, whichever it is)."""
    if event["type"] == "round" and event.get("why") == "fold" and type(event.get("winner")) is int:
        args["folder"] = name(1 - event["winner"])


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of the log for ``viewer``, the seats named as the table names them."""
    return logtext.line(event, viewer, players, "le_truc", lambda seat: _name(seat, viewer), OWN_LOG_KEYS,
                        event_args)
