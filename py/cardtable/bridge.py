"""The bridge between the page and the session: JSON requests in, JSON answers out.

This is the only module the page's worker calls (``handle``). A ``Bridge`` holds
one page's session; the worker has one page, so the module keeps one default
``Bridge`` whose ``handle`` it exports (a test serving many pages from one
process makes one per page). It never imports the browser itself, so it runs
and is tested under plain CPython exactly as in Pyodide.

Requests (``op``):

- ``{"op": "games"}``: the playable games, their options and bot levels;
  ``{"op": "games", "game"}``: just that game's (what a table needs: listing
  every game would import every game's rules and bots while the player waits).
- ``{"op": "new", "game", "seed", "options", "level", "human"}``: start a game;
  ``{"op": "new", "game", "daily", "human"}``: the game's deal of the day ``daily``
  (``YYYY-MM-DD``, the player's own day; cardtable.daily), its model's ``daily``
  saying so, and when it is done the player's result.
- ``{"op": "tutorial", "game"}``: start the game's guided first game (cardtable.tutorial);
  its model's ``tutorial`` says the step, and a move other than the step's is refused
  with ``kind`` "tutorial" and the ``step`` whose words explain why.
- ``{"op": "restore", "save"}``: rebuild a saved game (or a share code's tuple);
  the answer's events are all the replayed ones, so the page's log is whole again.
- ``{"op": "share", "code", "stop"}``: open a share code, replayed to move
  ``stop`` (all by default); the rest of its moves are kept for ``step``.
- ``{"op": "step"}``: play the next recorded move of a demo (for either seat).
- ``{"op": "act", "action"}``: the human's action (it ends a demo's recording).
- ``{"op": "bot"}``: the bot to act decides and plays one action.
- ``{"op": "auto"}``: nothing but the questions the table answers for the player
  (a restored game left at one).
  ``new``, ``tutorial``, ``act``, ``bot`` and ``auto`` then answer those questions
  (``Session.settle``), given the player's ``stops`` (true: stop at every chance
  to knock) and the action ``kept`` for their next chance (both optional); the
  answer's log has every step's lines and ``answered`` the actions played so.
- ``{"op": "showdown", "everything"}``: the hands of the last finished round or deal
  as the player knows them, the cards the rules kept hidden as backs; with
  ``everything`` true (the learning-mode setting) those cards face up too.
- ``{"op": "analyse", "scope", "budget"}``: the review of the player's decisions
  in the last finished deal (``scope`` "deal") or the game so far ("game"):
  ``budget`` more decisions reviewed per request (the page asks again until
  ``complete``), each with every legal action's estimated gain (cardtable.analysis).
- ``{"op": "duplicate", "budget"}``: today's deal played again by the strong bot
  from the player's seat (cardtable.duplicate), ``budget`` more of its decisions a
  request; ``complete`` once both are done, then ``you`` and ``strong``, the two
  results. ``{"op": "analyse", "scope": "daily"}`` reviews the daily's decisions.
- ``{"op": "hint"}``: what the ``normal`` bot would do in the human's seat, and why:
  ``action``, and ``words``, the sentence as a Text (cardtable.hinttext).
- ``{"op": "advice"}``: the game's advisor for the human's decision (Oneonta
  Whist: each bid's or card's expected score and chance, the lead odds), or null.
- ``{"op": "undo", "stops"}``: the game taken back to just before the player's
  last decision (the ``easy`` level only; ``Session.undone``), the whole log
  replayed (the page draws it afresh).
- ``{"op": "ping"}``: the Python version (a boot check).
- ``{"op": "assets", "base"}``: where the site's data files are (a URL ending in
  ``/``), fetched only when a bot needs one (the strong Le Truc bot's policy).

Answers are ``{"ok": true, "model": {...}}`` or ``{"ok": false, "kind", "error"}``
where ``kind`` is ``illegal``, ``tutorial``, ``bad_request``, ``bad_save`` or ``internal``; on an
error nothing changes. ``error`` is English; a refused rule option (``bad_request``)
also has ``words``, the same as a Text the page says in the player's language.
"""

from __future__ import annotations

import json
import sys
import traceback

from . import assets, bots, games, rulesets
from .protocol import IllegalAction, OptionError
from .session import SaveError, Session
from .tutorial import TutorialMove


def _games(only: object = None) -> dict:
    if only is not None:
        games.get(only)  # a clear error for an unknown game, or not a name at all
    out = []
    for name in games.names() if only is None else [only]:
        info = games.get(name).describe()
        info["levels"] = bots.levels(name)
        info["presets"] = rulesets.presets(name)  # the rules panel's one-tap rule sets
        info["groups"] = rulesets.groups(name)
        out.append(info)
    return {"games": out}


def _prefs(req: dict) -> tuple[bool, str | None]:
    """The player's ``stops`` and ``kept`` (see ``auto``), checked before anything moves."""
    stops, kept = req.get("stops", False), req.get("kept")
    if not isinstance(stops, bool):
        raise ValueError(f"stops is true or false, not {stops!r}")
    if kept is not None and not isinstance(kept, str):
        raise ValueError(f"kept is an action or null, not {kept!r}")
    return stops, kept


def _settled(session: Session, prefs: tuple[bool, str | None], events: list[dict]) -> dict:
    """The table's model after ``events`` and the questions answered for the player."""
    more, answered = session.settle(*prefs)
    return {"model": session.model(events + more), "answered": answered}


class Bridge:
    """One page's line to its game: the table it plays, and a demo's moves to come."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.recorded: list[str] = []  # a demo's moves still to come, for "step"

    def _open(self, session: Session, events: list[dict], recorded: list[str] = ()) -> dict:
        """Make ``session`` the table (a demo's ``recorded`` moves still to come, none
        otherwise) once its model is drawn, so a refused request changes nothing."""
        model = session.model(events)
        self.session, self.recorded = session, list(recorded)
        return {"model": model}

    def _dispatch(self, req: dict) -> dict:
        op = req.get("op")
        if op == "ping":
            return {"python": sys.version}
        if op == "assets":
            base = req.get("base")
            if not isinstance(base, str) or not base.endswith("/"):
                raise ValueError("assets: 'base' is a URL ending in '/'")
            assets.BASE_URL = base
            return {}
        if op == "games":
            return _games(req.get("game"))
        if op == "new":
            if "daily" in req:  # today's deal: the day decides the deal, the rules and the level
                session = Session.daily_game(req.get("game"), req.get("daily"), req.get("human", 0))
            else:
                session = Session(req.get("game"), req.get("seed", 0), req.get("options"),
                                  req.get("level", "normal"), req.get("human", 0))
            events, answered = session.settle(*_prefs(req))
            return {**self._open(session, session.opening_events + events), "answered": answered}
        if op == "tutorial":
            session = Session.tutorial(req.get("game"))
            events, answered = session.settle(*_prefs(req))
            return {**self._open(session, session.opening_events + events), "answered": answered}
        if op == "restore":
            session = Session.restore(req.get("save"))
            return self._open(session, session.replayed_events)
        if op == "share":
            session, recorded = Session.from_share_code(req.get("code"), req.get("stop"))
            return {**self._open(session, session.replayed_events, recorded), "recorded": len(recorded)}
        session = self.session
        if session is None:
            raise ValueError("no game has been started")
        if op == "step":
            if not self.recorded:
                raise IllegalAction("there are no more recorded moves")
            events = session.apply_recorded(self.recorded.pop(0))
            return {"model": session.model(events), "recorded": len(self.recorded)}
        if op == "act":
            prefs = _prefs(req)
            events = session.act(req.get("action"))
            self.recorded.clear()  # the reader plays on: the recording no longer applies
            return _settled(session, prefs, events)
        if op == "auto":
            return _settled(session, _prefs(req), [])
        if op == "undo":
            stops, _kept = _prefs(req)
            undone = session.undone(stops)
            return self._open(undone, undone.replayed_events)
        if op == "showdown":
            return {"showdown": session.showdown(req.get("everything", False))}
        if op == "analyse":
            return {"analysis": session.analyse(req.get("scope", "deal"), req.get("budget", 4))}
        if op == "duplicate":
            return {"duplicate": session.duplicate(req.get("budget", 4))}
        if op == "advice":
            return {"advice": session.advice()}
        if op == "hint":
            return {"hint": session.hint()}
        if op == "bot":
            prefs = _prefs(req)
            action, events = session.bot_step()
            return {**_settled(session, prefs, events), "action": action}
        raise ValueError(f"unknown request {op!r}")

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON answer; never raises."""
        try:
            try:
                req = json.loads(request_json)
            except RecursionError:
                raise ValueError("the request is nested too deeply to be read") from None
            if not isinstance(req, dict):
                raise ValueError("a request is a JSON object")
            answer = {"ok": True, **self._dispatch(req)}
        except IllegalAction as e:
            answer = {"ok": False, "kind": "illegal", "error": str(e)}
        except TutorialMove as e:
            answer = {"ok": False, "kind": "tutorial", "error": str(e), "step": e.step}
        except SaveError as e:
            answer = {"ok": False, "kind": "bad_save", "error": str(e)}
        except OptionError as e:  # the same, with its words for the page in the player's language
            answer = {"ok": False, "kind": "bad_request", "error": str(e), "words": e.words}
        except (ValueError, TypeError) as e:
            answer = {"ok": False, "kind": "bad_request", "error": str(e)}
        except Exception as e:  # a bug: report it to the page rather than hang it
            traceback.print_exc()
            answer = {"ok": False, "kind": "internal", "error": f"{type(e).__name__}: {e}"}
        return json.dumps(answer)


default = Bridge()  # the worker's page (web/worker.py)
handle = default.handle
