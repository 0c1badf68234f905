"""Each game declares all it has in its ``GAME``: the table model, the bots with their
review and advisor, the guided first game, the page's settings it alone offers and the articles its
rules follow. Every declared part resolves and provides what its users read, so a
misspelt or missing one fails here rather than turning a feature off in silence."""

import pytest

from cardtable import games
from cardtable.bots import Bot, ReviewPlan
from cardtable.protocol import Article
from cardtable.tutorial import Tutorial

#: The page settings a game may offer (web/js/page/settings.js shows each one's box).
PAGE_SETTINGS = {"show-count", "knock-stops"}


@pytest.mark.parametrize("name", games.names())
def test_every_declared_part_resolves_and_provides_what_it_must(name):
    game = games.get(name)
    table = game.table_module()
    assert callable(table.draw) and callable(table.describe)
    state = game.new_game(seed=1)
    assert state.table(0)["game"] == name
    events = state.apply(state.legal_actions()[0])
    assert events and all(state.describe_event(e, 0, state.num_players)["key"] for e in events)
    found = game.bots_module()
    assert found.LEVELS and all(isinstance(cls, type) and issubclass(cls, Bot) for cls in found.LEVELS.values())
    assert isinstance(found.REVIEW, ReviewPlan)
    assert found.ADVISOR is None or callable(found.ADVISOR)
    lesson = game.lesson_module().TUTORIAL
    assert isinstance(lesson, Tutorial) and lesson.game == name


@pytest.mark.parametrize("name", games.names())
def test_a_game_declares_its_articles_and_known_page_settings(name):
    game = games.get(name)
    assert set(game.settings) <= PAGE_SETTINGS
    assert game.articles and all(isinstance(a, Article) and a.title and a.url.startswith("http")
                                 for a in game.articles)
    described = game.describe()
    assert described["settings"] == list(game.settings)
    assert described["articles"] == [{"title": a.title, "url": a.url} for a in game.articles]


def test_the_settings_are_the_games_that_offer_them():
    offering = {s: [n for n in games.names() if s in games.get(n).settings] for s in PAGE_SETTINGS}
    assert offering == {"show-count": ["tressette"], "knock-stops": ["toepen"]}


def test_the_advisor_is_oneonta_whist_s_alone():
    assert [n for n in games.names() if games.get(n).bots_module().ADVISOR is not None] == ["oneonta_whist"]


def test_a_review_plan_that_cannot_value_a_decision_is_refused():
    with pytest.raises(ValueError, match="worlds or an exact value"):
        ReviewPlan(unit="points", threshold=0.1)
    with pytest.raises(ValueError, match="rollout bot or a world"):
        ReviewPlan(unit="chips", threshold=0.3, worlds=16)
    with pytest.raises(ValueError, match="points or chips"):
        ReviewPlan(unit="chip", threshold=0.3, worlds=16, rollout=Bot)


@pytest.mark.parametrize("name", games.names())
def test_every_table_declares_what_the_session_and_the_hint_read(name):
    from cardtable.table import CLOSES

    table = games.get(name).table_module()
    assert table.CLOSES and set(table.CLOSES.values()) <= set(CLOSES) and "game_over" in table.CLOSES
    assert isinstance(table.OWN_LOG_KEYS, frozenset) and isinstance(table.OWN_ACTION_WORDS, frozenset)
    assert isinstance(table.HINT_SAYS, str) and table.HINT_SAYS.startswith("hint.")


def test_a_game_s_own_page_module_is_declared_and_there():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    declared = {name: games.get(name).page for name in games.names() if games.get(name).page}
    assert declared == {"oneonta_whist": "web/js/games/oneonta_whist.js"}  # the advisor's tables, its showdown
    assert all((root / path).is_file() and games.get(name).describe()["page"] == path for name, path in declared.items())
    # every module of web/js/games/ but the loader is some game's
    assert {p.relative_to(root).as_posix() for p in (root / "web/js/games").glob("*.js")} - {"web/js/games/extras.js"} \
        == set(declared.values())
