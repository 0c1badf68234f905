"""Today's deal (cardtable/daily.py): the seed rule is stable (golden days for every
game, also under Pyodide: the same day gives the same deal on every machine), a bad
day is refused with a message, and a daily game is the article's rules at the game's
first level, kept in its save, with the player's result once its deal is over."""

import json

import pytest

from cardtable import daily, games
from cardtable.bridge import Bridge
from cardtable.session import SaveError, Session

# Published: a player's shared result names the day, and these must stay its deals.
GOLDEN = {
    "le_truc": {"2026-11-28": 798692611, "2026-11-29": 500509835, "2027-01-01": 797924543},
    "tressette": {"2026-11-28": 283284498, "2026-11-29": 213138953, "2027-01-01": 389049736},
    "brazilian_truco": {"2026-11-28": 114889879, "2026-11-29": 164662398, "2027-01-01": 1084484510},
    "japanese_loo": {"2026-11-28": 68198909, "2026-11-29": 317111695, "2027-01-01": 1879013284},
    "toepen": {"2026-11-28": 962864188, "2026-11-29": 1733234506, "2027-01-01": 1483887255},
    "oneonta_whist": {"2026-11-28": 1518946501, "2026-11-29": 1957958669, "2027-01-01": 488032801},
}


def test_every_game_has_golden_days():
    assert set(GOLDEN) == set(games.names())


def test_leap_days_are_days():
    assert daily.parse_day("2028-02-29") == "2028-02-29" and daily.parse_day("2000-02-29") == "2000-02-29"


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_the_seed_of_a_day_is_the_published_one(game):
    for day, seed in GOLDEN[game].items():
        assert daily.daily_seed(game, day) == seed
    assert len({daily.daily_seed(game, f"2026-12-{d:02d}") for d in range(1, 32)}) == 31  # a new deal each day


@pytest.mark.parametrize("day", ["2026-2-3", "2026-02-30", "2026-02-29", "2100-02-29", "2026-13-01", "0000-01-01",
                                 "20261128", "2026-11-28T00:00", "", None, 20261128,
                                 "２０２６-11-28"])
def test_a_day_that_is_no_day_is_refused_by_name(day):
    with pytest.raises(ValueError, match="day"):
        daily.parse_day(day)
    answer = json.loads(Bridge().handle(json.dumps({"op": "new", "game": "le_truc", "daily": day})))
    assert answer["ok"] is False and answer["kind"] == "bad_request" and "day" in answer["error"]


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_a_daily_is_the_articles_rules_at_the_first_level(game):
    s = Session.daily_game(game, "2026-11-28")
    info = games.get(game)
    assert s.seed == GOLDEN[game]["2026-11-28"]
    assert s.options == info.resolve_options(None)
    assert s.level == info.default_level
    assert s.model()["daily"] == {"day": "2026-11-28", "unit": info.daily, "done": False, "result": None}
    assert Session(game, s.seed, None, s.level).model()["daily"] is None  # the same deal, not asked as a daily


def play_until(session, done):
    """The player's moves made by the normal bot's choice (the hint), the bots' by theirs."""
    while not done(session) and not session.state.is_over:
        if session.bot_to_act:
            session.bot_step()
        else:
            session.act(session.hint()["action"])


@pytest.mark.parametrize("game", ["le_truc", "japanese_loo", "toepen"])
def test_the_daily_is_done_when_its_first_deal_ends_and_the_result_is_the_players_gain(game):
    s = Session.daily_game(game, "2026-11-28")
    start = s.state.standing(0)
    play_until(s, lambda s: s.history)
    after = s.state.standing(0)
    model = s.model()["daily"]
    assert model["done"] is True and model["result"] == after - start
    play_until(s, lambda s: len(s.history) >= 2)  # the game plays on; the daily's result stays
    assert s.model()["daily"]["result"] == after - start


def test_a_solitaires_daily_is_its_whole_game():
    s = Session.daily_game("oneonta_whist", "2026-11-28")
    play_until(s, lambda s: s.history)
    assert s.model()["daily"]["done"] is False  # a deal is not the daily: the game is
    play_until(s, lambda s: False)
    assert s.model()["daily"] == {"day": "2026-11-28", "unit": "game", "done": True,
                                  "result": s.state.standing(0)}


def test_a_daily_is_kept_in_its_save_and_a_changed_one_is_refused():
    s = Session.daily_game("tressette", "2026-11-29")
    play_until(s, lambda s: len(s.actions) >= 6)
    save = json.loads(json.dumps(s.save()))
    assert save["daily"] == "2026-11-29"
    again = Session.restore(save)
    assert again.model()["daily"]["day"] == "2026-11-29" and again.actions == s.actions
    for field, value in (("level", "strong"), ("options", {"target": 11}), ("seed", 5), ("daily", "2026-11-30")):
        with pytest.raises(SaveError, match="not the deal of"):
            Session.restore({**save, field: value})


def test_the_bridge_starts_a_daily_and_restores_it():
    bridge = Bridge()
    answer = json.loads(bridge.handle(json.dumps({"op": "new", "game": "japanese_loo", "daily": "2027-01-01"})))
    assert answer["ok"], answer
    model = answer["model"]
    assert model["seed"] == GOLDEN["japanese_loo"]["2027-01-01"] and model["daily"]["day"] == "2027-01-01"
    assert model["level"] == games.get("japanese_loo").default_level
    restored = json.loads(Bridge().handle(json.dumps({"op": "restore", "save": model["save"]})))
    assert restored["ok"] and restored["model"]["daily"] == model["daily"]


# The strong bot's replay of the 28th's deal from seat 0 (cardtable.duplicate): its
# result, its number of moves and its last three, the same in CPython and Pyodide.
GOLDEN_DUPLICATE = {
    "le_truc": (-1.0, 4, ["play 6H", "play 7S down", "fold"]),
    "tressette": (1.0, 40, ["play AC", "play 2C", "play 5C"]),
    "brazilian_truco": (-1.0, 4, ["keep", "truco", "run"]),
    "japanese_loo": (-10.0, 26, ["play 9C", "play 7C", "play TD"]),
    "toepen": (-1.0, 44, ["pass", "play AD", "play AH"]),
    "oneonta_whist": (12.0, 90, ["play BJ", "play LJ", "play AC"]),
}


@pytest.mark.parametrize("game", sorted(GOLDEN_DUPLICATE))
def test_the_strong_bots_replay_of_a_day_is_the_same_everywhere(game):
    from cardtable import duplicate

    replay = duplicate.Duplicate(game, "2026-11-28")
    replay.step(10_000)
    assert (replay.result, len(replay.moves), replay.moves[-3:]) == GOLDEN_DUPLICATE[game]
