"""Brazilian Truco's table: four seats, two teams, the hand's three tricks and the truco ladder.

Seats are numbered in the order of play, which is counter-clockwise: seat ``s + 1``
sits on the right of ``s``. Clockwise from the viewer the table therefore reads:
you, the left opponent (``s + 3``), the partner opposite (``s + 2``), the right
opponent (``s + 1``), and each is named so (``brazilian_truco.left`` ...). Team 0 is the
viewer's. Everything here comes from the seat's view: the partner's cards show
face up only where the rules let the viewer see them, face-down plays of the
others stay backs.
"""

from __future__ import annotations

from .. import logtext
from ..games.brazilian_truco import LADDER
from ..table import BACK, Area, Play, Room, Table, Text, card_name, chart, decision, ending, play, room, text
from ..table import badge

#: A seat's name by its place relative to the viewer (0 = you, 1 = right, 2 = partner, 3 = left).
NAMES = ("table.you_name", "brazilian_truco.right", "brazilian_truco.partner", "brazilian_truco.left")


def _rel(view: dict, seat: int) -> int:
    return (seat - view["seat"]) % 4


def _name(view: dict, seat: int) -> Text:
    return text(NAMES[_rel(view, seat)])


def _team(view: dict, team: int | None) -> int | None:
    """0 for the viewer's team, 1 for the other, None for nobody."""
    return None if team is None else int(team != view["team"])


def _team_name(view: dict, team: int | None) -> Text:
    return text(("brazilian_truco.us", "brazilian_truco.them")[_team(view, team)]) if team is not None else text("brazilian_truco.nobody")


def _join(parts: list[Text], key: str = "brazilian_truco.join") -> Text:
    """Sentences said one after the other (``{a} {b}``; Japanese runs them on)."""
    out = parts[0]
    for part in parts[1:]:
        out = text(key, a=out, b=part)
    return out


def _record(view: dict, results: list, i: int) -> str:
    """What trick ``i`` did for the viewer's team: won, lost, tied or still open."""
    if i >= len(results):
        return "open"
    r = results[i]
    return "tied" if r is None else "won" if r == view["team"] else "lost"


def _plays(trick: dict) -> list[Play]:
    """The trick's cards in play order; once it is taken, the card that took it (its
    seat leads next) is marked won."""
    winner = trick["next"] if trick["done"] and trick["winner"] is not None else None
    return [play(p["seat"], BACK if p["down"] or p["card"] is None else p["card"], down=p["down"],
                 tag=text("table.face_down") if p["down"] else None,
                 peek=p["card"] if p["down"] else None,  # only your own face-down card is known to you
                 won=p["seat"] == winner and not p["down"]) for p in trick["plays"]]


def _tricks(view: dict) -> list[Area]:
    """The hand's three trick columns, each with what it did for the viewer's team
    (the page's record of the hand), the one being played marked current."""
    tricks, results = view["tricks"], view["results"]
    areas: list[Area] = []
    for i in range(3):
        trick = tricks[i] if i < len(tricks) else None
        current = trick is not None and not trick["done"] and view["phase"] in ("play", "answer")
        plays = _plays(trick) if trick else []
        areas.append({"id": f"trick{i + 1}", "label": text("brazilian_truco.trick_of", n=i + 1), "plays": plays,
                      "places": len(plays) if trick is not None and trick["done"] else 4,
                      "outcome": text("brazilian_truco.rec." + _record(view, results, i)), "current": current})
    return areas


def _seat(view: dict, seat: int) -> dict:
    rel = _rel(view, seat)
    badges = []
    if view["dealer"] == seat:
        badges.append(badge("dealer", "brazilian_truco.dealer"))
    if view["mao"] == seat:
        badges.append(badge("mao", "brazilian_truco.mao"))
    if view["passed_to"] == seat:
        badges.append(badge("got_pass", "brazilian_truco.got_pass"))
    count = view["hand_counts"][seat]
    if rel == 0:
        hand = list(view["hand"]) if view["special"] != "iron" else [BACK] * count
    elif rel == 2:
        known = list(view["partner_known"])
        hand = known + [BACK] * (count - len(known))
        if known:
            badges.append(badge("open_hand", "brazilian_truco.open_hand") if view["partner_all"]
                          else badge("known_cards", "brazilian_truco.known_cards"))
    else:
        hand = [BACK] * count
    team = seat % 2
    us, them = view["scores"][team], view["scores"][1 - team]
    over = view["phase"] == "over"
    status = "to_act" if not over and view["to_act"] == seat else "waiting"
    return {"seat": seat, "name": _name(view, seat), "you": rel == 0, "team": _team(view, team),
            "badges": badges, "score": text("brazilian_truco.score_line", us=us, them=them),
            "progress": min(1.0, us / view["target"]), "hand": hand, "status": status,
            "last": _last(view, seat), "last_card": _last_card(view, seat)}


def _last_card(view: dict, seat: int) -> str | None:
    """The card the seat played face up in the trick now, where its bubble is that card."""
    if view["offer"] is not None and view["offer"]["seat"] == seat:
        return None
    trick = view["tricks"][-1] if view["tricks"] else None
    if trick is not None and not trick["done"]:
        return next((p["card"] for p in trick["plays"] if p["seat"] == seat and not p["down"]), None)
    return None


def _last(view: dict, seat: int) -> Text | None:
    """The seat's bubble: its bet being answered, else its card in the trick now."""
    offer = view["offer"]
    if offer is not None and offer["seat"] == seat:
        first = len(view["truco"]["bets"]) == 1
        return text("brazilian_truco.said_truco") if first else text("brazilian_truco.said_raise", value=offer["value"])
    trick = view["tricks"][-1] if view["tricks"] else None
    if trick is not None and not trick["done"]:
        for p in trick["plays"]:
            if p["seat"] == seat:
                return text("table.face_down") if p["down"] else card_name(p["card"])
    return None


def _raise_to(view: dict) -> int:
    """The next value of the truco ladder above the one offered."""
    ladder, value = view["ladder"], view["offer"]["value"]
    return ladder[min(ladder.index(value) + 1, len(ladder) - 1)]


def _decisions(view: dict, legal: list[str]) -> list[dict]:
    offer = view["offer"]
    eleven = view["phase"] == "eleven"
    out = []
    for action in legal:
        words = action.split()
        if words[0] == "play":
            card = words[1]
            if len(words) == 3:
                out.append(decision(action, text("brazilian_truco.play_down", card=card_name(card)), group="hand",
                                    card=card))
            else:
                out.append(decision(action, text("action.play", card=card_name(card)), group="hand", card=card))
        elif action in ("keep", "pass", "burn", "flip"):
            out.append(decision(action, text("brazilian_truco." + action), group="choice"))
        elif action == "truco":
            out.append(decision(action, text("brazilian_truco.call")))
        elif action == "accept":
            out.append(decision(action, text("brazilian_truco.eleven_play"), group="choice") if eleven
                       else decision(action, text("brazilian_truco.accept", value=offer["value"])))
        elif action == "run":
            out.append(decision(action, text("brazilian_truco.eleven_run"), group="choice", cost=text("brazilian_truco.cost.run", n=1))
                       if eleven else decision(action, text("brazilian_truco.run", prev=offer["prev"]),
                                               cost=text("brazilian_truco.cost.run", n=offer["prev"])))
        elif action == "raise":
            out.append(decision(action, text("brazilian_truco.raise", up=_raise_to(view))))
        else:  # an action this table does not know still gets its button
            out.append(decision(action, text("action.brazilian_truco." + action)))
    return out


#: The dock's room: the answers to a truco at the ladder's top, the set's three
#: choices, the hand of eleven's two, the call and the iron hand's flip; a card may be
#: played face down (under it).
ROOM: Room = room([text("brazilian_truco.accept", value=LADDER[-1]), text("brazilian_truco.run", prev=LADDER[-2]),
                   text("brazilian_truco.raise", up=LADDER[-1])],
                  [text("brazilian_truco.keep"), text("brazilian_truco.pass"), text("brazilian_truco.burn")],
                  [text("brazilian_truco.eleven_play"), text("brazilian_truco.eleven_run")],
                  [text("brazilian_truco.call")], [text("brazilian_truco.flip")], under=text("action.play_down"))


def _prompt(view: dict, legal: list[str]) -> Text:
    """What the player is asked now, or what the others are doing."""
    phase = view["phase"]
    if phase == "over":
        return text("table.game_over")
    if not legal:
        who = _name(view, view["to_act"])
        if phase == "answer":
            return text("brazilian_truco.prompt.wait_answer", p=who, value=view["offer"]["value"])
        if phase == "deal":
            return text("brazilian_truco.prompt.wait_deal", p=who)
        if phase == "eleven":
            return text("brazilian_truco.prompt.wait_eleven", p=who)
        return text("brazilian_truco.prompt.wait", p=who)
    if phase == "deal":  # what is left of passing and burning: the panel's reminders
        return text("brazilian_truco.prompt.deal")
    if phase == "eleven":
        return text("brazilian_truco.prompt.eleven", them=view["scores"][1 - view["team"]])
    if phase == "answer":
        offer = view["offer"]
        ask = text("brazilian_truco.prompt.answer", p=_name(view, offer["seat"]), value=offer["value"], prev=offer["prev"])
        if "raise" in legal:
            return _join([ask, text("brazilian_truco.prompt.or_raise", up=_raise_to(view))], "brazilian_truco.join_tight")
        return ask
    if view["special"] == "iron":
        return text("brazilian_truco.prompt.flip")
    trick = view["tricks"][-1] if view["tricks"] else None
    n = trick["number"] if trick else 1
    what = text("brazilian_truco.prompt.follow" if trick and trick["plays"] else "brazilian_truco.prompt.lead")
    parts = [text("brazilian_truco.prompt.trick", trick=text("brazilian_truco.trick_of", n=n), what=what)]
    if view["decider"]:
        parts.append(text("brazilian_truco.prompt.decides", value=view["value"]))
    if "truco" in legal:
        parts.append(text("brazilian_truco.prompt.or_truco"))
    return _join(parts)


def _stake(view: dict) -> dict:
    ladder, value = view["ladder"], view["value"]
    note = None
    if view["offer"] is not None:
        offer = view["offer"]
        note = text("brazilian_truco.offer_line", team=_team_name(view, offer["by"]), value=offer["value"], prev=offer["prev"])
    elif view["truco"] is not None and view["truco"]["accepted"]:
        note = text("brazilian_truco.decided_by", n=view["decider"] or view["truco"]["trick"])
    return {"label": text("brazilian_truco.value", value=value), "value": value, "ladder": list(ladder),
            "step": ladder.index(value) if value in ladder else None, "note": note}


def _reminders(view: dict, legal: list[str]) -> list[Text]:
    """The rank order, then while the viewer chooses what to do with a set, what is
    left of passing and burning (the prompt stays short: a phone's three lines)."""
    out = [text("brazilian_truco.order." + view["ranking"])]
    if view["phase"] == "deal" and "pass" in legal:
        out.append(text("brazilian_truco.pass_left"))
    if view["phase"] == "deal" and "burn" in legal:
        out.append(text("brazilian_truco.burn_left", n=3 - view["rejected"]))
    if view["special"] == "eleven":
        out.append(text("brazilian_truco.eleven_us" if view["eleven_team"] == view["team"] else "brazilian_truco.eleven_them"))
    elif view["special"] == "iron":
        out.append(text("brazilian_truco.iron"))
    return out


def _marks(view: dict) -> list[dict]:
    """The four manilhas, numbered strongest first, wherever they show face up: they
    outrank the usual order, which the reminder gives."""
    return [{"card": card, "tag": text("brazilian_truco.manilha", n=n)} for n, card in enumerate(view["manilhas"], 1)]


def _summary(view: dict) -> dict | None:
    """The last hand: who scored and how much, why, and what each trick did. Of its
    cards only the trick that ended it is shown (as the table showed it, face-down
    cards as backs), so that its last card is seen once the table is cleared; the
    rest stay out (run hands were never shown)."""
    h = view["last_hand"]
    if h is None:
        return None
    final = h["tricks"][-1] if h["tricks"] else None
    areas: list[Area] = []
    if final is not None and final["done"] and final["winner"] is not None:
        i = len(h["tricks"]) - 1
        areas.append({"id": f"trick{i + 1}", "label": text("brazilian_truco.trick_of", n=i + 1), "plays": _plays(final),
                      "places": len(final["plays"]), "outcome": text("brazilian_truco.rec." + _record(view, h["results"], i)), "current": False})
    marks = " ".join({"tied": "=", "won": "✓", "lost": "✗"}[_record(view, h["results"], i)]
                     for i in range(len(h["results"])))
    why = h["why"].removesuffix("_dealer")
    return {"label": text("brazilian_truco.last_hand", n=h["hand"], team=_team_name(view, h["winner"]), points=h["points"]),
            "areas": areas,
            "lines": [text("brazilian_truco.why." + why, value=h["value"])]
            + ([text("brazilian_truco.record_line", marks=marks)] if marks else [])}


def _result(view: dict, result: dict | None) -> dict | None:
    if result is None:
        return None
    mine = view["team"]
    us, them = result["scores"][mine], result["scores"][1 - mine]
    outcome = "win" if result["winner"] == mine else "loss"
    # one row a side, as the score sheet names them (the partners share their side's score)
    other = next(s for s in _order(view) if s % 2 != mine)
    standings = [{"seat": seat, "place": 1 if seat % 2 == result["winner"] else 2, "score": result["scores"][seat % 2],
                  "name": text(f"brazilian_truco.col.{side}")}
                 for seat, side in ((view["seat"], "us"), (other, "them"))]
    return ending(outcome, text(f"brazilian_truco.result.{outcome}", us=us, them=them), standings, view["seat"],
                  unit="points")


def _order(view: dict) -> list[int]:
    """Clockwise from the viewer: you, left, partner, right (play goes the other way)."""
    me = view["seat"]
    return [me, (me + 3) % 4, (me + 2) % 4, (me + 1) % 4]


def draw(view: dict, legal: list[str], result: dict | None) -> Table:
    """Seat ``view["seat"]``'s table (see the module's docstring)."""
    piles = []
    if view["burned"]:
        piles.append({"id": "burned", "label": text("brazilian_truco.burned"), "count": len(view["burned"]),
                      "cards": list(view["burned"])})
    mine = view["team"]
    scores = view["scores"]
    return {
        "game": "brazilian_truco",
        "viewer": view["seat"],
        "phase": view["phase"],
        "dealer": view["dealer"],
        "seats": [_seat(view, s) for s in _order(view)],
        "areas": _tricks(view),
        "piles": piles,
        "stake": _stake(view),
        "scores": {"goal": text("brazilian_truco.goal", target=view["target"]),
                   "columns": [text("brazilian_truco.col.us"), text("brazilian_truco.col.them")], "rows": [],
                   "totals": [scores[mine], scores[1 - mine]],
                   "chart": chart("hand", "points", [text("brazilian_truco.col.us"), text("brazilian_truco.col.them")],
                                  [scores[mine], scores[1 - mine]], goal=view["target"])},
        "decisions": _decisions(view, legal),
        "prompt": _prompt(view, legal),
        "reminders": _reminders(view, legal), "marks": _marks(view),
        "summary": _summary(view),
        "result": _result(view, result),
        "auto": None,
        "ahead": None,
        "room": ROOM,
    }


# --------------------------------------------------------------------- the log
#: The events that close a deal (a round, a hand) or the game: the game's history, deal by deal.
CLOSES = {"run": "deal", "hand": "deal", "game_over": "game"}

#: The sound each kind of event's line makes (``table.LINE_SOUNDS``; the page plays it
#: where the player turned sound on): a card played (face down too), a trick taken,
#: truco called or raised.
SOUNDS = {"play": "card", "trick": "trick", "truco": "raise", "raise": "raise"}

#: The actions a hint names in the game's own word (``action.brazilian_truco.<action>``).
OWN_ACTION_WORDS = frozenset({"keep", "pass", "burn", "truco", "accept", "run", "raise", "flip"})

#: The hint's sentence (``hint.says``: "The normal bot would: …").
HINT_SAYS = "hint.says"

#: The game's own log wordings (``log.brazilian_truco.<key>`` of web/i18n).
OWN_LOG_KEYS = frozenset({
    "hand_start", "dealt", "keep", "pass", "burn", "eleven", "play", "play.down", "truco", "raise",
    "accept", "run", "trick.higher", "trick.same_team", "trick.tie", "trick.all_down",
    "hand.two_tricks", "hand.won_after_ties", "hand.first_trick_breaks_tie", "hand.all_tied",
    "hand.all_tied_dealer", "hand.truco_trick", "hand.truco_tie_before_call", "hand.truco_tied",
    "hand.truco_tied_dealer", "hand.ran", "hand.eleven_run", "game_over",
})


def event_args(event: dict, args: dict, viewer: int, name) -> None:
    """Seats named from the viewer's chair, teams as "we" and "they" (the plural verb:
    no s, no es), the burned and played cards, the hand's special and the choice at 11."""
    mine = viewer % 2

    def team(t: int | None) -> Text:
        return text("brazilian_truco.nobody") if t is None else text("brazilian_truco.us" if t == mine else "brazilian_truco.them")

    kind = event["type"]
    for k in ("seat", "dealer", "mao", "to", "next"):
        if type(event.get(k)) is int:
            args[k] = name(event[k])
    if kind in ("trick", "hand", "game_over"):
        args["winner"] = team(event["winner"])
    if type(event.get("team")) is int:
        args["team"] = team(event["team"])
    if kind == "burn":
        args["cards"] = [card_name(c) for c in event["cards"]]
    if kind == "trick":
        args["plays"] = [text("brazilian_truco.trick_play", seat=name(s), card=text("table.face_down") if down else card_name(c))
                         for s, c, down in event["plays"]]
    if kind == "hand_start":
        args["special"] = text(f"brazilian_truco.special.{event['special']}") if event["special"] else ""
    if kind == "eleven":
        args["choice"] = text(f"brazilian_truco.choice.{event['choice']}")
    if isinstance(event.get("scores"), list):  # by team: ours first
        args["scores_you"], args["scores_bot"] = event["scores"][mine], event["scores"][1 - mine]
    if type(event.get("seat")) is not int:
        args["s"] = ""  # teams take the plural: "we win", "they win"
    args["es"] = "es" if args["s"] else ""


def describe(event: dict, viewer: int, players: int) -> Text:
    """``event`` as a line of ``viewer``'s log."""
    return logtext.line(event, viewer, players, "brazilian_truco",
                        lambda seat: text(NAMES[(seat - viewer) % 4]), OWN_LOG_KEYS, event_args)
