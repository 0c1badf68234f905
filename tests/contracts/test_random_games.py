"""The contract every game keeps, checked once over every game in ``games.names()``
on seeded random games with random options and table sizes
(tests/support/random_play.py says how each game is played):

- every game ends (unless its options allow an endless random walk), and every
  card stays in one place, chips or points are conserved and add up to what the
  results say, the result agrees with the scores (tests/support/invariants.py);
- the seat to act is a seat; the legal actions are texts, none twice, and every
  one is accepted; every event is a dict with a type;
- anything not legal is refused with ``IllegalAction`` and a sentence, and
  changes nothing at all (every view, the legal actions, the whole state);
  once the game is over every action is refused;
- a view never shows a card hidden from its seat;
- at every step of a quarter of the games a clone is whole and independent:
  playing the next action on it leaves the records it shares with the original
  (``State.KEPT``) as they were, and it ends equal to the original after that
  action, field for field; every other field it copies (``State.clone``, which no
  game replaces: checked below);
- a sampled world looks the same to its seat (view, phase, seat to act, its legal
  actions), holds every card once, leaves the real state untouched, and depends on
  the seat's view and the generator only;
- a seed deals the same game twice and another seed another; the same actions
  replayed give the same events.

The events adding up to every view (a ledger from the events alone) are
test_event_ledger.py; 10,000 uniform random games per game are test_soak.py.
What only one game asserts is in its tests/rules/test_<game>_properties.py.
"""

import marshal
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardtable import IllegalAction, games
from cardtable.protocol import State, copied
from tests.support.budget import scaled
from tests.support.invariants import checker
from tests.support.random_play import PROFILES, Watch, play, walk
from tests.support.state_checks import assert_refused_unchanged

GAMES = games.names()
SLOW = [HealthCheck.too_slow]
#: what every game refuses whatever the moment, besides its profile's junk
ALWAYS_JUNK = ("", "play", "play XX", "knock knock", "bid -1", "PLAY", "pass pass")
STEPS_REFUSED = 600


def everything(state) -> tuple:
    """All a refusal must leave alone: every seat's view, the legal actions, the seat
    to act, and the whole state (its generator included), pickled."""
    return (tuple(state.view(seat) for seat in range(state.num_players)), state.legal_actions(),
            state.to_act, state.is_over, pickle.dumps(state))


def kept_data(state) -> bytes:
    """The fields a clone shares with its original (``State.KEPT``), as bytes
    (``marshal``: plain data, quick enough to take twice at every step; its version 2
    writes every value out, where later ones mark values by how often they are
    referenced, which a clone changes)."""
    fields = state.__dict__
    return marshal.dumps({name: fields[name] for name in state.KEPT if name in fields}, 2)


class Contracts(Watch):
    """The contract checked around every action of a random game.

    ``refuse``: the share of steps after which a junk action is tried (each try
    compares the whole state, so it is dear; the game's ``refuse_rate`` unless
    given); ``clone``: the share of games in which
    a clone plays every action before the game does (a quarter keeps the suite's
    time); ``must_end``: False where the test stops games early.
    The checks draw from their own generator: the game played is the same whatever
    is checked."""

    def __init__(self, game: str, seed: int, options: dict, refuse: float | None = None, clone: float = 0.25,
                 must_end: bool = True):
        self.profile = PROFILES[game]
        refuse = self.profile.refuse_rate if refuse is None else refuse
        self.must_end = must_end
        self.options = options
        self.rng = random.Random(f"contracts/{seed}")
        self.refuse, self.clone = refuse, self.rng.random() < clone
        self.junk = (*self.profile.junk, *ALWAYS_JUNK)
        self.actions = 0

    def start(self, state):
        self.check = checker(state)
        assert not state.is_over and state.result is None

    def before(self, state, action):
        seat = state.to_act
        assert seat in range(state.num_players), f"the seat to act is {seat!r}"
        legal = state.legal_actions()
        assert legal, "a game not over has no legal action"
        assert all(type(a) is str and a == " ".join(a.split()) for a in legal), legal
        assert len(set(legal)) == len(legal), f"an action listed twice: {legal}"
        if self.rng.random() < self.profile.view_rate:
            self.check.views(state, [seat])
        self.check.before(state, action)
        self.twin = None
        if self.clone:
            twin = state.clone()
            kept = kept_data(state)
            self.twin = twin, twin.apply(action)
            assert kept_data(state) == kept, "playing on a clone changed a record the game keeps shared"

    def after(self, state, events):
        self.actions += 1
        assert type(events) is list and all(type(e) is dict and type(e.get("type")) is str for e in events), events
        self.check.after(state, events)
        if self.twin is not None:
            twin, twin_events = self.twin
            assert twin_events == events, "a clone's events differ from the original's"
            assert twin.__dict__ == state.__dict__, "a clone plays on unlike the original"
        if state.is_over:
            return
        if self.rng.random() < self.refuse:
            assert_refused_unchanged(state, self.rng.sample(self.junk, len(self.junk)), everything)

    def end(self, state):
        if not state.is_over:
            assert not self.must_end or self.profile.may_not_end(self.options), \
                f"not over after {self.actions} actions with options {self.options}"
            return
        self.check.finish(state)
        self.check.views(state)
        assert state.legal_actions() == [] and state.to_act is None and state.phase == "over"
        before = everything(state)
        for action in [*self.profile.junk[:3], "play XX"]:
            with pytest.raises(IllegalAction, match="over"):
                state.apply(action)
        assert everything(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_game_clones_with_the_protocol_s_clone(game):
    """So every field but the declared records is copied (``copied``, below)."""
    assert type(games.get(game).new_game(seed=1)).clone is State.clone


def test_a_copy_shares_no_list_dict_or_set_at_any_depth():
    value = {"hands": [["AS", "KS"], ["QH"]], "tricks": [{"plays": [{"seat": 0, "card": "AS"}], "won": {1}}],
             "seen": {"AS"}, "pair": ("AS", "KS"), "n": 3}
    copy = copied(value)
    assert copy == value
    found, todo = [], [(value, copy)]
    while todo:
        mine, theirs = todo.pop()
        if isinstance(mine, (list, dict, set)):
            found.append(mine is theirs)
            pairs = zip(mine.values(), theirs.values()) if isinstance(mine, dict) else \
                zip(mine, theirs) if isinstance(mine, list) else ()
            todo.extend(pairs)
    assert len(found) == 10 and not any(found)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=scaled(300, pyodide=30), deadline=None, suppress_health_check=SLOW)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_random_games_end_and_keep_every_invariant(game, data, seed):
    profile = PROFILES[game]
    options = data.draw(profile.options, label="options")
    knobs = data.draw(profile.knobs, label="knobs")
    play(game, seed, options, knobs, [Contracts(game, seed, options)])


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=scaled(60, pyodide=6), deadline=None, suppress_health_check=SLOW)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_anything_not_listed_is_refused_at_every_step_and_changes_nothing(game, data, seed):
    """At every step of a game's first STEPS_REFUSED actions (a Toepen game can
    run to thousands: its later steps are no different)."""
    profile = PROFILES[game]
    options = data.draw(profile.options, label="options")
    knobs = data.draw(profile.knobs, label="knobs")
    play(game, seed, options, knobs, [Contracts(game, seed, options, refuse=1.0, clone=0.0, must_end=False)],
         max_actions=STEPS_REFUSED)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=scaled(150, pyodide=15), deadline=None, suppress_health_check=SLOW)
@given(data=st.data(), seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_sampled_worlds_look_the_same_to_their_seat_and_hold_every_card_once(game, data, seed, steps):
    options = data.draw(PROFILES[game].options, label="options")
    state = walk(game, seed, options, steps)
    if state.is_over:
        return
    n = state.num_players
    seat = data.draw(st.sampled_from(sorted({state.to_act, data.draw(st.integers(0, n - 1))})), label="seat")
    real = pickle.dumps(state)
    world = state.sample_world(seat, random.Random(seed + 1))
    assert pickle.dumps(state) == real, "sampling a world changed the real state"
    assert world.view(seat) == state.view(seat)
    assert (world.num_players, world.phase, world.to_act) == (n, state.phase, state.to_act)
    if seat == state.to_act:
        assert world.legal_actions() == state.legal_actions()
    if PROFILES[game].world_checked:
        checker(world)  # every card of the world in exactly one place
    # drawn from the view and the generator alone: from another world with the
    # same view, the same generator draws the same world
    again = world.sample_world(seat, random.Random(seed + 1))
    assert [again.view(p) for p in range(n)] == [world.view(p) for p in range(n)]


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_deals_the_same_game_and_the_same_actions_replay_it(game):
    new_game = games.get(game).new_game
    for seed in range(1, 6):
        a, b, other = new_game(seed=seed), new_game(seed=seed), new_game(seed=seed + 100)
        assert pickle.dumps(a) == pickle.dumps(b)
        views = [a.view(p) for p in range(a.num_players)]
        assert views != [other.view(p) for p in range(other.num_players)], f"seeds {seed} and {seed + 100} deal alike"
        rng = random.Random(seed)
        while not a.is_over:
            action = rng.choice(a.legal_actions())
            assert a.apply(action) == b.apply(action), f"{action!r} does not replay the same"
        assert a.result == b.result and pickle.dumps(a) == pickle.dumps(b)


@pytest.mark.parametrize("game", GAMES)
def test_the_refusal_check_notices_a_change_no_view_shows(game, monkeypatch):
    """The contract is no formality: a refusal that leaves a mark in the state, even
    one no view shows, fails it."""
    state = walk(game, 3, None, 5)
    cls = type(state)
    explain = cls.explain_illegal

    def explain_and_touch(self, action):
        self.touched = True
        return explain(self, action)

    monkeypatch.setattr(cls, "explain_illegal", explain_and_touch)
    with pytest.raises(AssertionError):
        assert_refused_unchanged(state, ["play XX"], everything)
