"""Toepen's table: 3 to 8 seats, four tricks where only the last one counts, knocking.

Drawn from one seat's view alone (``cardtable.table``): every seat's chips, the
dealer, the stake marker, who knocked last, exchanges (and bluffs caught), the
calls once revealed, who folded or is bankrupt; the trick in play order (a folded
player's card marked dead) beside the last trick; the pool, the stock and a
challenged exchange's discards; the stake on its ladder (up to the cap when there
is one); every decision with what it costs; the last deal's settlement; the end.

The log's lines are here too (``describe``): the shared wording with Toepen's own
words and arguments (``event_args``, the port of the page's ``eventArgs``).
"""

from __future__ import annotations

from ..games.toepen import TRICKS, honest_exchange
from ..logtext import line
from ..table import (BACK, Room, Table, Text, card_decision, card_name, chart, chips_result, clockwise, decision, play,
                     room, suit_sign, text)
from ..table import badge, no_trick_yet

#: The events that close a deal or the game: the game's history, deal by deal.
CLOSES = {"deal_won": "deal", "deal_end": "deal", "bankrupt": "deal", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): a card played, a trick taken, a knock.
SOUNDS = {"play": "card", "trick": "trick", "knock": "raise"}

#: The actions a hint names in the game's own word (``action.toepen.<action>``).
OWN_ACTION_WORDS = frozenset({"knock", "pass", "stay", "fold", "exchange", "keep", "challenge", "whistle", "stand",
                              "silent"})

#: The hint's sentence (``hint.says``: "The normal bot would: …").
HINT_SAYS = "hint.says"

#: The game's own log wordings: the keys ``log.toepen.<rest>`` of web/i18n/en.json.
OWN_LOG_KEYS = frozenset({
    "deal_start", "exchange", "keep", "stock_short", "unchallenged", "challenge.honest", "challenge.bluff",
    "announce", "play_start", "knock", "stay", "fold", "stake", "lead_passes", "trick.led_suit",
    "trick.dead_lead", "deal_won.last_trick", "deal_won.all_folded", "pay.lost", "pay.won",
    "pay.missed_call", "deal_end", "bankrupt", "play_on", "game_over",
})


def _name(seat: int, viewer: int) -> Text:
    return text("table.you_name") if seat == viewer else text("table.bot_n", n=seat)



def _gone(view: dict, seat: int) -> bool:
    """Out of this deal: folded, bankrupt, or not dealt in."""
    return (seat in view["folded"] or not view["alive"][seat]
            or (view["phase"] != "over" and seat not in view["in_deal"]))


def _last_exchange(view: dict) -> dict | None:
    return view["exchanges"][-1] if view["exchanges"] else None


def _badges(view: dict, seat: int, viewer: int) -> list[Text]:
    """The page's badges: dealer, stake marker, last knocker, exchanges, call, folded, bankrupt."""
    out = []
    if view["dealer"] == seat:
        out.append(badge("dealer", "toepen.dealer"))
    if view["marker"] == seat:
        out.append(badge("marker", "toepen.marker", stake=view["stake"]))
    if view["last_knocker"] == seat:
        out.append(badge("knocked", "toepen.knocked"))
    swaps = [r for r in view["exchanges"] if r["seat"] == seat]
    if swaps:
        caught = any(r["revealed"] and not r["honest"] for r in swaps)
        out.append(badge("caught", "toepen.state.caught") if caught else badge("exchanged", "toepen.state.exchanged"))
    call = view["calls"].get(str(seat))
    if call and (view["revealed"] or seat == viewer):
        out.append(badge(call, f"toepen.call.{call}"))
    if seat in view["folded"]:
        out.append(badge("folded", "toepen.state.folded"))
    if not view["alive"][seat]:
        out.append(badge("out", "toepen.state.out"))
    return out


def _last(view: dict, seat: int) -> Text | None:
    """What the seat did last, as far as the view tells: a knock being answered, or
    its card on this trick."""
    if view["phase"] == "respond" and view["knocker"] == seat:
        return text("toepen.knock", **{"raise": view["stake"] + 1})
    played = next((p for p in view["trick"] if p["seat"] == seat), None)
    if played:
        return text("toepen.last.play", card=card_name(played["card"]))
    return None


def _seats(view: dict, viewer: int) -> list:
    chips = view["chips"]
    top = max(max(chips), 1)
    over = view["phase"] == "over"
    seats = []
    for seat in clockwise(viewer, view["players"]):
        if not over and view["to_act"] == seat:
            status = "to_act"
        elif _gone(view, seat):
            status = "out"
        else:
            status = "waiting"
        seats.append({
            "seat": seat, "name": _name(seat, viewer), "you": seat == viewer, "team": None,
            "badges": _badges(view, seat, viewer),
            "score": text("toepen.chips_n", n=chips[seat]),
            "progress": max(0.0, min(1.0, chips[seat] / top)),
            "hand": list(view["hand"]) if seat == viewer else [BACK] * view["hand_counts"][seat],
            "status": status, "last": _last(view, seat), "last_card": None,
        })
    return seats


def _trick_play(seat: int, card: str, dead: bool, won: bool = False):
    return play(seat, card, dead=dead, won=won, tag=text("toepen.dead") if dead else None)


def _places(view: dict) -> int:
    """The trick's places: its cards so far and one for each player in the deal who
    has not folded nor played to it yet (none outside the tricks)."""
    if view["phase"] not in ("play", "respond") or not view["trick_no"]:
        return len(view["trick"])
    played = {p["seat"] for p in view["trick"]}
    folded = set(view["folded"])
    return len(view["trick"]) + sum(1 for s in view["in_deal"] if s not in folded and s not in played)


def _areas(view: dict, viewer: int) -> list:
    phase, n = view["phase"], view["trick_no"]
    if phase == "play" or (phase == "respond" and n):
        label = text("toepen.trick_of", n=n or 1)
        if n == TRICKS:
            label = text("toepen.trick_note", trick=label, note=text("toepen.last_counts"))
    else:  # the exchanges, the announcements, or a deal that ended in folds mid-trick
        label = text(f"toepen.phase.{phase}")
    areas = [{"id": "trick", "label": label,
              "plays": [_trick_play(p["seat"], p["card"], p["dead"]) for p in view["trick"]],
              "places": _places(view), "outcome": None, "current": phase in ("play", "respond") and n > 0}]
    areas.append(_last_trick(view["tricks"][-1], viewer) if view["tricks"] else no_trick_yet())
    return areas


def _last_trick(last: dict, viewer: int) -> dict:
    """A trick taken: every card, the one that took it marked, and who took it."""
    return {"id": "last_trick", "label": text("toepen.last_trick", n=last["number"]),
            "plays": [_trick_play(s, c, dead, won=s == last["winner"]) for s, c, dead in last["plays"]],
            "places": len(last["plays"]),
            "outcome": text("table.won_by", p=_name(last["winner"], viewer)), "current": False}


def _piles(view: dict, viewer: int) -> list:
    piles = [{"id": "pot", "label": text("toepen.pool", pool=view["pool"]), "count": None, "cards": []},
             {"id": "stock", "label": text("toepen.stock", n=view["stock"]), "count": view["stock"], "cards": []}]
    ex = _last_exchange(view)
    if ex and ex["revealed"] and view["phase"] != "play":
        key = "toepen.discards_honest" if ex["honest"] else "toepen.discards_bluff"
        label = text(key + "_yours") if ex["seat"] == viewer else text(key, p=_name(ex["seat"], viewer))
        piles.append({"id": "discards", "label": label,
                      "count": len(ex["discards"]), "cards": list(ex["discards"])})
    return piles


def _stake(view: dict, viewer: int):
    """The stake on its ladder: 1, 2, 3 … up to the cap, or without a cap as far as
    the next knock would take it."""
    if view["phase"] == "over":
        return None
    stake, cap = view["stake"], view["stake_cap"]
    ladder = list(range(1, (cap if cap else stake + 1) + 1))
    marker = text("toepen.marker_with", p=_name(view["marker"], viewer)) if view["marker"] is not None else None
    capped = text("toepen.cap", cap=cap) if cap else None
    if marker and capped:
        note = text("toepen.stake_note", marker=marker, cap=capped)
    else:
        note = marker or capped
    return {"label": text("toepen.stake", stake=stake), "value": stake, "ladder": ladder,
            "step": ladder.index(stake), "note": note}


def _aces(hand: list[str]) -> int:
    return sum(c[0] == "A" for c in hand)


def _decisions(view: dict, legal: list[str]) -> list:
    stake, raise_ = view["stake"], view["stake"] + 1
    announcing = view["phase"] == "announce"
    out = []
    for action in legal:
        if action.startswith("play "):
            out.append(card_decision(action, action.split()[1]))
        elif action == "knock":
            out.append(decision(action, text("toepen.knock", **{"raise": raise_})))
        elif action == "pass":
            if view["polling"]:
                out.append(decision(action, text("toepen.pass_knock")))
            else:
                out.append(decision(action, text("toepen.pass_challenge"), group="choice"))
        elif action == "stay":
            cost = (text("toepen.cost.stay_free", **{"raise": raise_}) if view["settlement"] == "literal"
                    else text("toepen.cost.stay", **{"raise": raise_}))
            out.append(decision(action, text("toepen.stay", **{"raise": raise_}), cost=cost))
        elif action == "fold":
            out.append(decision(action, text("toepen.fold", stake=stake), cost=text("toepen.cost.fold", stake=stake)))
        elif action == "exchange":
            honest = honest_exchange(view["hand"])
            out.append(decision(action, text("toepen.exchange"), group="choice",
                                cost=None if honest else text("toepen.cost.exchange_bluff")))
        elif action == "keep":
            out.append(decision(action, text("toepen.keep"), group="choice"))
        elif action == "challenge":
            out.append(decision(action, text("toepen.challenge"), group="choice",
                                cost=text("toepen.cost.challenge")))
        elif action in ("whistle", "stand", "silent"):
            if announcing and len(legal) == 1:  # the page gives it at once (its forcedAction)
                cost = text("toepen.cost.only")
            elif action == "silent" and _aces(view["hand"]) >= 3:
                cost = text("toepen.cost.forget")
            else:
                cost = None
            out.append(decision(action, text(f"toepen.{action}"), group="choice", cost=cost))
        else:  # a new action would need its words here first
            raise ValueError(f"Toepen's table has no words for the action {action!r}")
    return out


#: The dock's room: a knock's answer (at a two-figure stake), the exchange and its
#: challenge, the announcements (the knock itself has its own place: ``ahead``); one
#: who folded sits out the deal.
ROOM: Room = room([text("toepen.stay", **{"raise": 10}), text("toepen.fold", stake=10)],
                  [text("toepen.exchange"), text("toepen.keep")], [text("toepen.challenge"), text("toepen.pass_challenge")],
                  [text("toepen.whistle"), text("toepen.stand"), text("toepen.silent")], out=True)


def _prompt(view: dict, legal: list[str], viewer: int) -> Text:
    """The page's prompt, word for word."""
    phase = view["phase"]
    if phase == "over":
        return text("table.game_over")
    if not legal:
        p = _name(view["to_act"], viewer)
        if phase == "respond":
            return text("toepen.prompt.wait_respond", p=p, k=_name(view["knocker"], viewer))
        if phase == "announce":
            return text("toepen.prompt.wait_announce", p=p)
        return text("toepen.prompt.wait", p=p)
    stake, raise_ = view["stake"], view["stake"] + 1
    if phase == "respond":
        return text("toepen.prompt.respond", k=_name(view["knocker"], viewer), stake=stake, **{"raise": raise_})
    if view["polling"]:
        return text("toepen.prompt.poll", p=_name(view["turn"], viewer), **{"raise": raise_})
    if phase == "exchange":
        return text("toepen.prompt.exchange", stock=view["stock"])
    if phase == "challenge":
        return text("toepen.prompt.challenge", p=_name(_last_exchange(view)["seat"], viewer))
    if phase == "announce":
        if len(legal) == 1:
            return text("toepen.prompt.wait_announce", p=_name(viewer, viewer))
        aces = _aces(view["hand"])
        return text("toepen.prompt.four_aces" if aces == 4 else "toepen.prompt.three_aces" if aces == 3
                    else "toepen.prompt.sevens")
    knock = text("toepen.prompt.or_knock", **{"raise": raise_}) if view["may_knock"] else ""
    trick = text("toepen.trick_of", n=view["trick_no"])
    if not view["trick"]:
        ask = text("toepen.prompt.lead")
    else:
        led = view["trick"][0]["card"][1]
        follows = any(c[1] == led for c in view["hand"])
        ask = text("toepen.prompt.follow" if follows else "toepen.prompt.void", suit=suit_sign(led))
    return text("toepen.prompt.play", trick=trick, ask=ask, knock=knock)


def _reminders(view: dict, viewer: int) -> list:
    if view["phase"] == "over":
        return []
    mine = view["calls"].get(str(viewer))
    if viewer in view["folded"]:
        return [text("toepen.you_folded")]
    if mine:
        return [text("toepen.your_call", call=text(f"toepen.call.{mine}"))]
    return []


def _paid(amount: int) -> str:
    """A seat's net payment as the sheet shows it: −2 paid, +3 taken, 0."""
    return f"−{amount}" if amount > 0 else f"+{-amount}" if amount < 0 else "0"


def _summary(view: dict, viewer: int):
    """The last deal: who won it and at what stake, then each seat's end of the deal,
    what it paid or took, and its chips now."""
    d = view.get("last_deal")
    if not d:
        return None
    lines = []
    for seat in clockwise(viewer, len(d["chips"])):
        paid = sum(p["amount"] for p in d["payments"] if p["seat"] == seat)
        if seat == d["winner"]:
            end = text(f"toepen.end.{d['why']}")
        elif seat in d["folded"]:
            end = text("toepen.state.folded")
        else:
            end = text("toepen.end.lost")
        if seat in d["missed"]:
            end = text("toepen.summary.end_missed", end=end, missed=text("toepen.end.missed"))
        lines.append(text("toepen.summary.row", p=_name(seat, viewer), end=end, paid=_paid(paid),
                          chips=d["chips"][seat]))
    return {"label": text("toepen.last_deal", n=d["deal"], p=_name(d["winner"], viewer), stake=d["stake"]),
            "areas": [_last_trick(d["final_trick"], viewer)] if d.get("final_trick") else [],  # seen after the deal
            "lines": lines}



def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """The table of the seat whose ``view`` this is."""
    viewer = view["seat"]
    order = clockwise(viewer, view["players"])
    return {
        "game": "toepen",
        "viewer": viewer,
        "phase": view["phase"],
        "dealer": view["dealer"],
        "seats": _seats(view, viewer),
        "areas": _areas(view, viewer),
        "piles": _piles(view, viewer),
        "stake": _stake(view, viewer),
        "scores": {"goal": text("toepen.deal", n=view["deal"]), "columns": [_name(s, viewer) for s in order],
                   "rows": [], "totals": [view["chips"][s] for s in order],
                   "chart": chart("deal", "chips", [_name(s, viewer) for s in order], [view["chips"][s] for s in order])},
        "decisions": _decisions(view, legal),
        "prompt": _prompt(view, legal, viewer),
        "reminders": _reminders(view, viewer), "marks": [],
        "summary": _summary(view, viewer),
        "result": chips_result(result, viewer, "toepen", lambda s: _name(s, viewer)),
        "auto": _auto(view, legal),
        "ahead": _ahead(view),
        "room": ROOM,
    }


def _ahead(view: dict) -> dict | None:
    """The knock, for the whole game, at the stake as it stands now (one above the
    current stake): open whenever the viewer may knock, on their turn or at their
    coming chance while the others play (the page keeps the button in one place and
    a click between chances knocks at the next one); shut while a knock just made
    blocks the next one, after the viewer's own knock until someone else knocks,
    and outside trick play. None once the game is over."""
    if view["phase"] == "over":
        return None
    knock = decision("knock", text("toepen.knock", **{"raise": view["stake"] + 1}))
    return {**knock, "open": bool(view["may_knock"])}


def _auto(view: dict, legal: list[str]) -> dict | None:
    """What the table answers for the viewer: the only answer to the announcements
    (everyone is asked so that being asked shows nothing; C14), at once; and passing
    on a knock between other players' cards, after the usual pause (a click on
    Knock in that pause knocks; the "stop at every chance" setting makes it wait)."""
    if view["phase"] == "announce" and len(legal) == 1:
        return {"action": legal[0], "pause": False}
    if view["polling"] and legal == ["knock", "pass"]:
        return {"action": "pass", "pause": True}
    return None


# --------------------------------------------------------------------- the log
def event_args(event: dict, args: dict, viewer: int, name) -> None:
    """Toepen's own arguments of a log line (the page's ``eventArgs``): the
    challengers and who paid, the calls, a folded card dead or live, the plays of a
    trick, where a payment went, the names tied at the top."""
    kind = event["type"]
    if kind == "challenge":
        args["challengers"] = [name(s) for s in event["challengers"]]
        args["discards"] = [card_name(c) for c in event["discards"]]
        args["payers"] = [text("toepen.pays", p=name(s), n=amount) for s, amount in event["payments"]]
    elif kind == "stock_short":
        args["names"] = [name(s) for s in event["seats"]]
    elif kind == "announce":
        calls = sorted(event["calls"].items(), key=lambda kv: int(kv[0]))
        args["calls"] = ([text("toepen.call_by", p=name(int(s)), call=text(f"toepen.call.{c}")) for s, c in calls]
                         if calls else text("toepen.no_calls"))
    elif kind == "fold":
        args["dead_note"] = (text("toepen.dead_note", card=card_name(event["dead"])) if event.get("dead")
                             else text("toepen.live_note", card=card_name(event["live"])) if event.get("live")
                             else "")
    elif kind == "lead_passes":
        args["folded"] = name(event["folded"])
    elif kind == "trick":
        args["plays"] = [text("toepen.trick_play_dead" if dead else "toepen.trick_play", p=name(s),
                              card=card_name(c), dead=text("toepen.dead") if dead else None)
                         for s, c, dead in event["plays"]]
    elif kind == "pay":
        args["amount"] = abs(event["amount"])
        args["to"] = text("toepen.the_pool") if event.get("to") is None else name(event["to"])
    elif kind == "play_on":
        args["names"] = [name(s) for s in event["seats"]]
    elif kind == "game_over":
        args["names"] = [name(s) for s in event["winners"]]


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of the log for ``viewer``, seats named as the table names them."""
    return line(event, viewer, players, "toepen", lambda s: _name(s, viewer), OWN_LOG_KEYS, event_args)
