"""A match at the table: the human's seat, bots in the others, and the action list.

The session is what the page talks to. It keeps (game, options, seed, actions),
which is both the save format and the share code: replaying the actions on a fresh
game rebuilds the exact position, bots included, because every bot decision draws
from a generator derived from (seed, seat, ply) alone.
"""

from __future__ import annotations

from . import analysis, bots, daily, duplicate, games, hinttext, logtext, rulesets, sharecode, tutorial
from .protocol import MAX_SEED, IllegalAction, shown

SAVE_VERSION = 1


class SaveError(ValueError):
    """A save or share code that cannot be restored; the message says why."""


class Session:
    def __init__(self, game: str, seed: int, options: dict | None = None, level: str = "normal",
                 human: int = 0, deck: list[str] | None = None, day: str | None = None):
        self.game_name = game
        self.game = games.get(game)
        self.closes = self.game.table_module().CLOSES  # what ends a deal, by event
        self.sounds = self.game.table_module().SOUNDS  # the sound of a line, by event
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {shown(seed)}")
        self.state = self.game.new_game(seed=seed, options=options, deck=deck)
        self.seed = seed
        self.options = self.state.options
        if not isinstance(human, int) or isinstance(human, bool) or not 0 <= human < self.state.num_players:
            raise ValueError(f"human seat must be 0 to {self.state.num_players - 1}, not {shown(human)}")
        self.human = human
        if not isinstance(level, str) or level not in bots.LEVELS:  # (a solitaire has no bots to refuse it)
            raise ValueError(f"no {shown(level)} bot level; levels: {', '.join(bots.levels(game))}")
        self.level = level
        self.bots = {s: bots.make(game, level) for s in range(self.state.num_players) if s != human}
        self.actions: list[str] = []
        self.movers: list[int] = []  # the seat that made each move (Undo finds the player's)
        self.indices: list[int] = []  # each move's index among the legal actions: the share code
        # what the first deal announced before any move (e.g. declarations)
        self.opening_events: list[dict] = list(self.state.opening_events)
        self.replayed_events: list[dict] = []  # what a restore replayed, for the page's log
        self._review = None  # analysis.Review of the game so far, rebuilt when it grew
        self._reviewed: dict = {}  # the decisions reviewed so far, by move
        self.lesson: tutorial.Lesson | None = None  # a guided first game's progress (Session.tutorial)
        self.history: list[dict] = []  # every finished deal (round, game): its closing lines, the totals after
        self._standing = self.state.standing(human)  # the player's, when the last deal ended (or at the start)
        # today's deal (cardtable.daily): its day, and the player's standing when it ended
        self.day = None
        if day is not None:
            if not daily.is_daily(game, day, seed, self.options, level):
                raise ValueError(f"this game is not the deal of {shown(day)}: its deal, rules or level differ")
            self.day = daily.parse_day(day)
        self._daily_start = self._standing
        self._daily_end: float | None = None
        self._daily_deal = self.state.deal_index  # the deal a daily of one deal is
        self._duplicate: duplicate.Duplicate | None = None  # the strong bot's replay of the daily

    @classmethod
    def daily_game(cls, game: str, day: object, human: int = 0) -> "Session":
        """``game``'s deal of ``day`` (cardtable.daily): its seed, the article's rules,
        the game's first level."""
        setup = daily.daily_setup(game, day)
        return cls(game, setup["seed"], setup["options"], setup["level"], human, day=setup["day"])

    @classmethod
    def tutorial(cls, game: str) -> "Session":
        """The game's guided first game (``tutorial``): its stacked deal, the player in seat 0."""
        plan = tutorial.get(game)
        session = cls(game, plan.seed, plan.options, plan.level, 0, deck=list(plan.deck))
        session.lesson = tutorial.Lesson(plan, session.state.deal_index)
        return session

    # --- saves ----------------------------------------------------------------
    def save(self) -> dict:
        """Everything needed to rebuild this exact position (JSON-able)."""
        save = {"v": SAVE_VERSION, "game": self.game_name, "seed": self.seed, "options": self.options,
                "level": self.level, "human": self.human, "actions": list(self.actions)}
        if self.lesson is not None:
            save["tutorial"] = True  # the deal comes from the game's tutorial, not from the seed alone
        if self.day is not None:
            save["daily"] = self.day
        return save

    @classmethod
    def restore(cls, save: object) -> "Session":
        """Replay a save; a ``SaveError`` that says what is wrong if it does not replay."""
        if not isinstance(save, dict):
            raise SaveError("the saved game is not readable")
        if type(save.get("v")) is not int or save["v"] != SAVE_VERSION:
            raise SaveError(f"the saved game has an unknown format version ({shown(save.get('v'))})")
        actions = save.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("the saved game's list of moves is damaged")
        try:
            if save.get("tutorial") is True:
                session = cls.tutorial(save.get("game"))
            else:
                session = cls(save.get("game"), save.get("seed"), save.get("options"),
                              save.get("level", "normal"), save.get("human", 0), day=save.get("daily"))
        except (ValueError, TypeError) as e:
            raise SaveError(f"the saved game cannot be set up: {e}") from None
        session.replayed_events = list(session.opening_events)
        for i, action in enumerate(actions):
            try:
                session.replayed_events.extend(session._play(action))
            except IllegalAction as e:
                raise SaveError(f"move {i + 1} of the saved game ({shown(action)}) does not replay: {e}") from None
        return session

    # --- share codes --------------------------------------------------------------
    def share_code(self) -> str:
        """This game so far as a short code (see ``sharecode``)."""
        return sharecode.encode(self.game_name, self.seed, self.options, self.level, self.human, self.indices)

    @classmethod
    def from_share_code(cls, code: object, stop: int | None = None) -> tuple["Session", list[str]]:
        """The shared game replayed to move ``stop`` (all of it by default), and the
        recorded moves after that (for a demo that steps through the rest)."""
        try:
            shared = sharecode.decode(code)
            session = cls(shared["game"], shared["seed"], shared["options"], shared["level"], shared["human"])
        except ValueError as e:
            raise SaveError(f"the shared game cannot be opened: {e}") from None
        if stop is not None and (isinstance(stop, bool) or not isinstance(stop, int) or stop < 0):
            raise SaveError(f"the demo's stopping move must be a whole number, not {shown(stop)}")
        indices = shared["actions"]
        upto = len(indices) if stop is None else min(stop, len(indices))
        session.replayed_events = list(session.opening_events)
        ahead = None  # past the stop, the rest is only translated into moves, on a copy
        recorded = []
        for i, index in enumerate(indices):
            if i == upto:
                ahead = session.state.clone()
            state = ahead or session.state
            legal = state.legal_actions()
            if index >= len(legal):
                raise SaveError(f"the shared game cannot be opened: move {i + 1} does not replay")
            if ahead is None:
                session.replayed_events.extend(session._play(legal[index]))
            else:
                recorded.append(legal[index])
                ahead.apply(legal[index])
        return session, recorded

    def apply_recorded(self, action: str) -> list[dict]:
        """Play a recorded move for whichever seat is to act (a demo stepping through)."""
        return self._play(action)

    def _play(self, action: str) -> list[dict]:
        """Apply one move (``IllegalAction`` and no change if illegal) and remember it:
        the action for saves, its index among the legal actions for share codes."""
        if not isinstance(action, str):
            return self.state.apply(action)  # refused, saying what an action is
        action = " ".join(action.split())
        legal = self.state.legal_actions()
        seat = self.state.to_act
        events = self.state.apply(action)
        if self.lesson is not None and seat == self.human:
            self.lesson.record(action)
        self.actions.append(action)
        self.movers.append(seat)
        self.indices.append(legal.index(action))
        self._record_ends(events)
        return events

    def _line(self, event: dict) -> dict:
        """``event`` as a line of the human's log (``logtext.entry``)."""
        st = self.state
        return logtext.entry(st.describe_event(event, self.human, st.num_players), event, self.closes, self.sounds)

    def _record_ends(self, events: list[dict]) -> None:
        """A move that ended a deal, round or the game adds it to the history: the
        lines that close it, the score sheet's totals after it, the chart's values
        after it (``scores.chart``: a seat's or side's standing, one a line) and its
        sound: "won" or "lost" as the game's outcome for the player was a win or a
        loss, or as their standing (``State.standing``, the review's measure) rose or
        fell since the deal before ended; None for a draw or a deal that changed nothing."""
        lines = [self._line(e) for e in events if e["type"] in self.closes]
        if lines:
            closes = "game" if any(line["closes"] == "game" for line in lines) else lines[0]["closes"]
            table = self.state.table(self.human)
            scores = table["scores"]
            standing = self.state.standing(self.human)
            if closes == "game":
                sound = {"win": "won", "loss": "lost"}.get(table["result"]["outcome"])
            else:
                sound = "won" if standing > self._standing else "lost" if standing < self._standing else None
            self._standing = standing
            daily_ends = closes == "game" or self.game.daily == "deal"  # its first deal, or its game
            if self.day is not None and self._daily_end is None and daily_ends:
                self._daily_end = standing
            self.history.append({"closes": closes, "lines": lines, "totals": scores["totals"],
                                 "values": scores["chart"]["values"], "sound": sound})

    def chart(self, table: dict) -> dict:
        """The game so far as lines, one a seat or side of ``table.scores.chart``
        (the viewer's marked ``you``, the highest now ``leads``: more is better in
        every game), each with its standing after every finished deal, round or
        hand of the history (``points``, one an entry), beside what a step and a
        line count (``x``, ``unit``) and the total the game is played to (``goal``)."""
        plot = table["scores"]["chart"]
        top = max(plot["values"])
        return {"x": plot["x"], "unit": plot["unit"], "goal": plot["goal"],
                "series": [{"name": name, "you": i == plot["you"], "leads": plot["values"][i] == top,
                            "points": [entry["values"][i] for entry in self.history]}
                           for i, name in enumerate(plot["series"])]}

    # --- turns ------------------------------------------------------------------
    @property
    def bot_to_act(self) -> bool:
        return not self.state.is_over and self.state.to_act != self.human

    def act(self, action: str) -> list[dict]:
        """The human's action; ``IllegalAction`` (state unchanged) if not theirs or not legal."""
        if self.state.is_over:
            raise IllegalAction("the game is over")
        if self.state.to_act != self.human:
            raise IllegalAction("it is not your turn")
        if self.lesson is not None and isinstance(action, str) and (move := " ".join(action.split())) in self.state.legal_actions():
            auto = self.state.table(self.human).get("auto")  # the table's own answer (one the player stops at): never refused
            self.lesson.check(move, auto and auto["action"])
        return self._play(action)

    def settle(self, stops: bool = False, kept: str | None = None) -> tuple[list[dict], list[str]]:
        """Answer every question the table answers for the human (``table.auto``),
        each recorded as the human's move like any other: the action ``kept`` for
        their next chance (Toepen's Knock clicked between chances) where it is legal,
        else the table's answer, unless it is one that waits for the player who
        ``stops`` at every such chance. Returns the events and the actions played."""
        events: list[dict] = []
        answered: list[str] = []
        while not self.state.is_over and self.state.to_act == self.human:
            auto = self.state.table(self.human)["auto"]
            if kept in self.state.legal_actions() and self._lesson_allows(kept, auto):
                action, kept = kept, None
            elif auto is not None and not (auto["pause"] and stops):
                action = auto["action"]
            else:
                break
            events += self._play(action)
            answered.append(action)
        return events, answered

    def _lesson_allows(self, action: str, auto: dict | None) -> bool:
        """A kept action is played in a lesson only where the lesson asks for it."""
        if self.lesson is None:
            return True
        try:
            self.lesson.check(action, auto and auto["action"])
        except tutorial.TutorialMove:
            return False
        return True

    def bot_step(self) -> tuple[str, list[dict]]:
        """Let the bot to act decide and play; returns (action, events)."""
        if not self.bot_to_act:
            raise IllegalAction("no bot is to act")
        seat = self.state.to_act
        action = bots.decide(self.bots[seat], self.state, self.seed, len(self.actions))
        return action, self._play(action)

    # --- undo (at the easy level) ------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """The player may take back their last decision: at the ``easy`` level, not
        in a lesson, in a game not over, once they have moved."""
        return (self.level == "easy" and self.lesson is None and not self.state.is_over
                and self.human in self.movers)

    def undone(self, stops: bool = False) -> "Session":
        """This game replayed to just before the player's last decision (``can_undo``),
        with the bots' moves after it taken back too. A move the table answered for
        the player (``settle``: the only answer, or one that would not have stopped
        the player given ``stops``) is not a decision: the undo goes past it."""
        if not self.can_undo:
            raise IllegalAction("only your last move at the easy level can be undone, in a game not over")
        replay = Session(self.game_name, self.seed, self.options, self.level, self.human)
        last = None  # the number of moves before the player's last decision
        for i, action in enumerate(self.actions):
            if self.movers[i] == self.human:
                auto = replay.state.table(self.human)["auto"]
                if auto is None or (auto["pause"] and stops):
                    last = i
            replay._play(action)
        if last is None:
            raise IllegalAction("there is no move of yours to undo")
        return Session.restore({**self.save(), "actions": self.actions[:last]})

    def hint(self) -> dict:
        """What the ``normal`` bot would do in the human's seat, and why: the action,
        the bot's reason and level, and all of it as the sentence the page says."""
        if self.state.is_over or self.state.to_act != self.human:
            raise IllegalAction("a hint is for your own turn")
        level = bots.hint_level(self.game_name)
        action, reason = bots.hint(self.game_name, self.state, self.seed, len(self.actions), level)
        decisions = self.state.table(self.human)["decisions"]
        return {"action": action, "reason": reason, "level": level,
                "words": hinttext.words(self.game_name, action, reason, level, decisions)}

    def advice(self) -> dict | None:
        """The game's advisor for the human's decision (None where a game has none)."""
        if self.state.is_over or self.state.to_act != self.human:
            raise IllegalAction("the advisor is for your own turn")
        return bots.advice(self.game_name, self.state)

    def showdown(self, everything: bool = False) -> dict | None:
        """All hands of the last finished round or deal as the human knows them (the
        rest as backs), or every card with ``everything`` (learning mode)."""
        if not isinstance(everything, bool):
            raise ValueError(f"everything is true or false, not {shown(everything)}")
        return self.state.showdown(self.human, everything)

    def analyse(self, scope: str = "deal", budget: int = 4) -> dict:
        """The review of the human's decisions (``analysis``) in the last finished deal
        (``scope`` "deal") or the whole game so far ("game"), ``budget`` more of them
        reviewed per call so the table's own requests are never kept waiting."""
        if self.lesson is not None:  # (its replay would need the lesson's stacked deck; and it was the lesson's play)
            raise IllegalAction("a lesson's moves are not reviewed")
        if scope not in ("deal", "game", "daily"):
            raise ValueError(f"a review covers the last deal, the game or today's deal, not {shown(scope)}")
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget <= 1000:
            raise ValueError(f"budget is a number of decisions from 0 to 1000, not {shown(budget)}")
        review = self._review
        if review is None or len(self.actions) != review.moves:
            review = analysis.Review(self.game_name, self.seed, self.options, self.actions, self.human,
                                     done=self._reviewed)
            self._review = review
        deal = None
        if scope == "daily":  # today's deal: its first deal, or its whole game (Game.daily)
            if self.day is None:
                raise IllegalAction("this game is not today's deal")
            if self._daily_end is None:
                raise IllegalAction("today's deal is reviewed once it is over")
            deal = self._daily_deal if self.game.daily == "deal" else None
        elif scope == "deal":
            deal = review.finished - 1  # the deal the page's summary shows, even one without a choice
            if deal < 1:
                raise IllegalAction("no deal has ended yet")
        return {"scope": scope, "deal": deal, **review.progress(review.indices(deal), budget)}

    def duplicate(self, budget: int = 4) -> dict:
        """The strong bot's play of today's deal from the player's seat (``duplicate``),
        ``budget`` more of its decisions per call; asked while the player plays (the
        replay is ready sooner), it gives the strong bot's result only once the
        player's own daily is done: ``you`` and ``strong`` side by side (``replayed``:
        the strong bot's play is over, whether or not the player's is)."""
        if self.day is None:
            raise IllegalAction("only today's deal is played again by the strong bot")
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget <= 1000:
            raise ValueError(f"budget is a number of decisions from 0 to 1000, not {shown(budget)}")
        if self._duplicate is None:
            self._duplicate = duplicate.Duplicate(self.game_name, self.day, self.human)
        self._duplicate.step(budget)
        replay = self._duplicate.model()
        mine = self.daily_model()
        if not mine["done"]:  # nothing of the strong bot's play is said before the player's own end
            replay["result"] = None
        complete = replay["complete"] and mine["done"]
        return {**replay, "replayed": replay["complete"], "complete": complete, "you": mine["result"], "strong": replay["result"],
                **(duplicate.comparison(self.game_name, mine["result"], replay["result"], self.state.num_players == 1)
                   if complete else {})}

    # --- what the page shows ---------------------------------------------------
    def model(self, events: list[dict] | None = None) -> dict:
        """What the page draws, from the human seat's side only: the common table
        model (``State.table``) and the new events as lines of the log (Texts, in
        the order they happened, each with its kind and what it closes), the
        history of the finished deals, beside what the page needs to play, save
        and share. No raw view: the page has no rule to apply to one."""
        st = self.state
        your_turn = not st.is_over and st.to_act == self.human
        table = st.table(self.human)
        return {
            "game": self.game_name,
            "seed": self.seed,
            "level": self.level,
            "options": self.options,
            "house_rules": rulesets.house_rules(self.game_name, self.options),  # the variant in view
            "human": self.human,
            "players": st.num_players,
            "to_act": st.to_act,
            "your_turn": your_turn,
            "legal": st.legal_actions() if your_turn else [],
            "over": st.is_over,
            "result": st.result,
            "table": table,
            "log": [self._line(e) for e in events or []],
            "history": list(self.history),
            "chart": self.chart(table),
            "ply": len(self.actions),
            "undo": self.can_undo,
            "save": self.save(),
            "share": None if self.lesson is not None else self.share_code(),  # a share code has no stacked deck
            "tutorial": None if self.lesson is None else self.lesson.model(st, your_turn, lambda: self.hint()["action"]),
            "daily": self.daily_model(),
        }

    def daily_model(self) -> dict | None:
        """Today's deal as the page shows it (None for any other game): its ``day``,
        what it is (``unit``: "deal" or "game"), whether it is ``done``, and the
        player's ``result`` then: their standing's change over it, in the game's unit
        (``State.standing``: points ahead, chips, or the solitaire's score)."""
        if self.day is None:
            return None
        done = self._daily_end is not None
        return {"day": self.day, "unit": self.game.daily, "done": done,
                "result": self._daily_end - self._daily_start if done else None}
