"""Japanese Loo's table: 3 to 10 seats round the pot, play or drop, the loo.

Drawn from one seat's view alone (``cardtable.table``): every seat's chips, the
dealer, its declaration (in or dropped) and tricks; the trick in play order beside
the last one; the pot and the turn-up; what a trick is worth and what dropping and
the loo cost; the last deal's sheet; the final standings. Each event is also a line of the log
(``describe``): the game's own ``log.japanese_loo.*`` words where it has them.
"""

from __future__ import annotations

from .. import logtext
from ..table import (BACK, Room, Table, Text, card_decision, card_name, chart, chips_result, clockwise, decision, play,
                     room, suit_sign, text)
from ..table import badge, no_trick_yet

#: The events that close a deal (a round, a hand) or the game: the game's history, deal by deal.
CLOSES = {"deal_end": "deal", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): a card played, a trick taken.
SOUNDS = {"play": "card", "trick": "trick"}

#: The actions the game words its own way in a hint (``action.<game>.<action>``): none.
OWN_ACTION_WORDS: frozenset = frozenset()

#: The hint's sentence (``hint.says``: "The normal bot would: …").
HINT_SAYS = "hint.says"

#: The game's own log words (``log.japanese_loo.<key>`` in web/i18n), in place of the shared ones.
OWN_LOG_KEYS = frozenset({
    "deal_start", "ante", "ante_all", "declare", "play_start", "trick.trump", "trick.led_suit",
    "take_pot.all_dropped", "take_pot.lone_player", "loo", "deal_end", "deal_end.last", "extension",
    "remainder", "game_over",
})


def _name(seat: int, viewer: int) -> Text:
    return text("table.you_name") if seat == viewer else text("table.bot_n", n=seat)




def _declaration(view: dict, seat: int) -> str:
    """"in", "out" or "" (not declared yet) for a seat in this deal."""
    if view["phase"] == "play":
        return "in" if seat in view["ins"] else "out"
    return view["declared"].get(str(seat), "")


def _fee(view: dict, seat: int) -> int:
    """What dropping costs ``seat``: the drop fee, unless a dealer drops free (B2)."""
    if seat == view["dealer"] and view.get("dealer_drop") == "free":
        return 0
    return view["rules"]["fee"]


def _seats(view: dict, viewer: int) -> list:
    n, phase = view["players"], view["phase"]
    chips = view["chips"]
    top = max(max(chips), 1)
    last = view.get("last_deal") or {}
    looed = set(last.get("looed", [])) if phase != "over" else set()
    seats = []
    for seat in clockwise(viewer, n):
        state = _declaration(view, seat)
        badges = []
        if view["dealer"] == seat:
            badges.append(badge("dealer", "japanese_loo.dealer"))
        if seat in looed:
            badges.append(badge("looed_in", "japanese_loo.looed_in", n=last["deal"]))
        if state:
            badges.append(badge(state, f"japanese_loo.state.{state}"))
        if phase == "play" and view["tricks_won"][seat] > 0:
            badges.append(badge("tricks_n", "japanese_loo.tricks_n", n=view["tricks_won"][seat]))
        said = view["declared"].get(str(seat))
        if said == "in":
            last_said = text("japanese_loo.declared.in")
        elif said == "out":
            last_said = text("japanese_loo.declared.out", fee=_fee(view, seat))
        else:
            last_said = None
        if phase != "over" and view["to_act"] == seat:
            status = "to_act"
        elif state == "out":
            status = "out"
        else:
            status = "waiting"
        seats.append({
            "seat": seat, "name": _name(seat, viewer), "you": seat == viewer, "team": None,
            "badges": badges, "score": text("japanese_loo.chips_n", n=chips[seat]),
            "progress": max(0.0, min(1.0, chips[seat] / top)),
            "hand": list(view["hand"]) if seat == viewer else [BACK] * view["hand_counts"][seat],
            "status": status, "last": last_said, "last_card": None,
        })
    return seats


def _places(view: dict) -> int:
    """The trick's places: one for each player in; while they declare, one for each
    player dealt in (the most who can play), so the trick keeps its size from then."""
    if view["phase"] == "play":
        return len(view["ins"])
    return sum(1 for n in view["hand_counts"] if n)


def _areas(view: dict, viewer: int) -> list:
    phase, total = view["phase"], view["rules"]["tricks"]
    areas = []
    if phase != "over":
        label = (text("japanese_loo.trick", n=min(total, view["tricks_played"] + 1), of=total)
                 if phase == "play" else text("japanese_loo.declaring"))
        areas.append({"id": "trick", "label": label, "plays": [play(p["seat"], p["card"]) for p in view["trick"]],
                      "places": _places(view), "outcome": None, "current": phase == "play"})
    if view.get("last_trick"):
        areas.append(_last_trick(view["last_trick"], viewer))
    elif phase != "over":
        areas.append(no_trick_yet())
    return areas


def _last_trick(last: dict, viewer: int) -> dict:
    """A trick taken: every card, the one that took it marked, who took it and for how much."""
    return {"id": "last_trick", "label": text("japanese_loo.last_trick", n=last["number"]),
            "plays": [play(s, c, won=s == last["winner"]) for s, c in last["plays"]], "places": len(last["plays"]),
            "outcome": text("japanese_loo.took", p=_name(last["winner"], viewer), value=last["value"]),
            "current": False}


def _decisions(view: dict, legal: list[str], viewer: int) -> list:
    out = []
    fee, loo = _fee(view, viewer), view["rules"]["loo"]
    for action in legal:
        if action == "in":
            out.append(decision("in", text("japanese_loo.in"), group="choice",
                                cost=text("japanese_loo.cost.in", loo=loo)))
        elif action == "out":
            out.append(decision("out", text("japanese_loo.out", fee=fee) if fee else text("japanese_loo.out_free"),
                                group="choice", cost=text("japanese_loo.cost.out", fee=fee) if fee else None))
        else:
            out.append(card_decision(action, action.split()[1]))
    return out


def _room(view: dict) -> Room:
    """The dock's room: stay in or drop out (at the rules' fee); one who dropped sits out the deal."""
    fee = view["rules"]["fee"]
    return room([text("japanese_loo.in"), text("japanese_loo.out", fee=fee) if fee else text("japanese_loo.out_free")],
                out=True)


def _prompt(view: dict, viewer: int) -> Text:
    phase, rules = view["phase"], view["rules"]
    if phase == "over":
        return text("table.game_over")
    if view["to_act"] != viewer:
        return text("japanese_loo.prompt.wait", p=_name(view["to_act"], viewer))
    if phase == "declare":
        key = "japanese_loo.prompt.declare_dealer" if view["dealer"] == viewer else "japanese_loo.prompt.declare"
        return text(key, fee=_fee(view, viewer), loo=rules["loo"], pot=view["pot"], value=view["value"],
                    ins=len(view["ins"]))
    if not view["trick"]:
        return text("japanese_loo.prompt.lead", value=view["value"])
    led = view["trick"][0]["card"][1]
    follows = any(c[1] == led for c in view["hand"])
    return text("japanese_loo.prompt.follow" if follows else "japanese_loo.prompt.void",
                suit=suit_sign(led), trump=suit_sign(view["trump"]))


def _reminders(view: dict, viewer: int) -> list:
    phase = view["phase"]
    if phase == "over":
        return []
    out = []
    if view.get("turnup"):
        trump = view["trump"]
        out.append(text("japanese_loo.trumps",
                        suit=text("japanese_loo.sign_name", sign=suit_sign(trump), name=text(f"suit.{trump}"))))
    mine = _declaration(view, viewer)
    if mine == "out":
        out.append(text("japanese_loo.you_dropped"))
    elif phase == "play" and mine == "in":
        won = view["tricks_won"][viewer]
        if won:
            out.append(text("japanese_loo.safe", n=won))
        elif not view["extension"]:  # the extension deal has no loo
            out.append(text("japanese_loo.at_risk", loo=view["rules"]["loo"]))
    return out


def _stake(view: dict):
    if view["phase"] == "over":
        return None
    rules = view["rules"]
    if view["extension"]:
        note = None  # no ante, no declarations, no loo: the deal's own label says so
    else:
        ante = (text("japanese_loo.ante_all", n=1) if view.get("all_ante")
                else text("japanese_loo.ante_dealer", n=rules["ante"]))
        note = text("japanese_loo.stake_note", ante=ante, fee=rules["fee"], loo=rules["loo"])
    return {"label": text("japanese_loo.stake", value=view["value"]), "value": view["value"],
            "ladder": [], "step": None, "note": note}


def _summary(view: dict, viewer: int):
    """The last deal: who played, their tricks, who was looed, the chips after it.
    (Other fields a deal may carry, such as a remainder, are already in its chips.)"""
    d = view.get("last_deal")
    if not d:
        return None
    label = text("japanese_loo.last_extension" if d.get("extension") else "japanese_loo.last_deal", n=d["deal"])
    lines = []
    for seat in clockwise(viewer, len(d["chips"])):
        chips = text("japanese_loo.chips_n", n=d["chips"][seat])
        if d.get("without_play"):
            lines.append(text("japanese_loo.summary.row_short", p=_name(seat, viewer), chips=chips))
            continue
        if seat in d["ins"]:
            played = text("japanese_loo.state.in")
            tricks = (text("japanese_loo.state.looed") if seat in d["looed"]
                      else text("japanese_loo.tricks_n", n=d["tricks"][seat]))
        else:
            played, tricks = text("japanese_loo.state.out"), "—"
        lines.append(text("japanese_loo.summary.row", p=_name(seat, viewer), played=played, tricks=tricks,
                          chips=chips))
    if view["phase"] != "over":
        lines.append(text("japanese_loo.summary.pot", pot=d["pot"]))
    final = [_last_trick(d["final_trick"], viewer)] if d.get("final_trick") else []  # seen whole after the deal
    return {"label": label, "areas": final, "lines": lines}



def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """The table of the seat whose ``view`` this is."""
    viewer, n = view["seat"], view["players"]
    order = clockwise(viewer, n)
    piles = [{"id": "pot", "label": text("japanese_loo.pot", pot=view["pot"]), "count": None, "cards": []}]
    if view.get("turnup"):
        piles.append({"id": "turnup", "label": text("japanese_loo.turnup"), "count": 1, "cards": [view["turnup"]]})
    goal = (text("japanese_loo.extension_deal") if view["extension"]
            else text("japanese_loo.deal_of", n=view["deal"], of=view["deals"]))
    return {
        "game": "japanese_loo",
        "viewer": viewer,
        "phase": view["phase"],
        "dealer": view["dealer"],
        "seats": _seats(view, viewer),
        "areas": _areas(view, viewer),
        "piles": piles,
        "stake": _stake(view),
        "scores": {"goal": goal, "columns": [_name(s, viewer) for s in order], "rows": [],
                   "totals": [view["chips"][s] for s in order],
                   "chart": chart("deal", "chips", [_name(s, viewer) for s in order], [view["chips"][s] for s in order])},
        "decisions": _decisions(view, legal, viewer),
        "prompt": _prompt(view, viewer),
        "reminders": _reminders(view, viewer), "marks": [],
        "summary": _summary(view, viewer),
        "result": chips_result(result, viewer, "japanese_loo", lambda s: _name(s, viewer)),
        "auto": None,
        "ahead": None,
        "room": _room(view),
    }


def event_args(event: dict, args: dict, viewer: int, name) -> None:
    """The words the game's own log lines need beyond the event's scalar fields:
    the turn-up, a declaration with its fee, the seats in play, a trick's plays,
    the looed players and the winners (lists the page joins)."""
    kind = event["type"]
    if isinstance(event.get("turnup"), str):
        args["turnup"] = card_name(event["turnup"])
    if kind == "declare":
        args["choice"] = text(f"japanese_loo.declared.{event['choice']}", fee=event.get("fee"))
    elif kind == "play_start":
        args["names"] = [name(s) for s in event.get("players", [])]
    elif kind == "trick":
        args["plays"] = [text("japanese_loo.log_play", p=name(s), card=card_name(c)) for s, c in event.get("plays", [])]
    elif kind == "deal_end":
        looed = event.get("looed") or []
        args["looed"] = [name(s) for s in looed] if looed else text("japanese_loo.nobody")
    elif kind == "game_over":
        args["names"] = [name(s) for s in event.get("winners", [])]


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of the log for ``viewer``, the seats named as the table names them."""
    return logtext.line(event, viewer, players, "japanese_loo", lambda seat: _name(seat, viewer),
                        OWN_LOG_KEYS, event_args)
