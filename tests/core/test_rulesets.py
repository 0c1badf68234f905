"""The rule sets (py/cardtable/rulesets.py): presets the engine plays, groups that
cover every option, and the house-rules summary the table shows and the record uses."""

import json

import pytest

from cardtable import games, rulesets
from cardtable.bridge import handle
from cardtable.session import Session


@pytest.mark.parametrize("game", games.names())
def test_every_preset_is_a_game_the_engine_plays_with_those_rules(game):
    presets = rulesets.presets(game)
    assert presets[0] == {"name": "article", "options": {}, "source": rulesets.ARTICLE.source}
    assert len({p["name"] for p in presets}) == len(presets)
    for preset in presets[1:]:
        assert preset["source"].startswith(f"docs/rules/{game}.md")
        assert rulesets.changes(game, preset["options"]) == preset["options"], "a preset changes every rule it names"
        session = Session(game, 7, preset["options"], "random")
        assert {k: session.options[k] for k in preset["options"]} == preset["options"]
        assert session.model()["house_rules"]["preset"] == preset["name"]


@pytest.mark.parametrize("game", games.names())
def test_groups_cover_every_option_group_by_group_in_the_games_order(game):
    groups = rulesets.groups(game)
    assert set(groups) == set(games.get(game).options)
    order = [rulesets.GROUP_NAMES.index(g) for g in groups.values()]
    assert order == sorted(order), "the table's group first, then play, then scoring"
    for group in rulesets.GROUP_NAMES:
        mine = [name for name, g in groups.items() if g == group]
        assert mine == [name for name in games.get(game).options if name in mine]
    assert all(o.group in rulesets.GROUP_NAMES for o in games.get(game).options.values()), "an option's group is no group"


def test_house_rules_name_what_differs_from_the_article_in_the_games_order():
    assert rulesets.house_rules("le_truc", Session("le_truc", 1).options) == {"changes": [], "preset": "article", "key": ""}
    options = Session("le_truc", 1, {"target": 21, "scoring": "bankroll"}).options
    summary = rulesets.house_rules("le_truc", options)
    assert summary["changes"] == [{"option": "scoring", "value": "bankroll"}, {"option": "target", "value": 21}]
    assert summary["preset"] is None
    assert summary["key"] == "scoring=bankroll;target=21"
    tressette = rulesets.house_rules("tressette", Session("tressette", 1, {"show_draws": False}).options)
    assert tressette["key"] == "show_draws=false"


def test_the_games_answer_carries_presets_and_groups_and_the_model_its_house_rules():
    answer = json.loads(handle(json.dumps({"op": "games"})))
    for info in answer["games"]:
        assert info["presets"] == rulesets.presets(info["name"])
        assert info["groups"] == rulesets.groups(info["name"])
    model = json.loads(handle(json.dumps({"op": "new", "game": "toepen", "seed": 3, "level": "random",
                                          "options": {"settlement": "lives", "knock_from": "deal"}})))["model"]
    assert model["house_rules"]["preset"] == "pagat"
    assert model["house_rules"]["key"] == "settlement=lives;knock_from=deal"
