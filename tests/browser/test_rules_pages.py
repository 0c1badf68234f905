"""Rules pages: each playable game, both languages, the engine's options, the source."""

import pytest

from cardtable import games

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("lang, words", [("en", "How to play"), ("ja", "遊び方")])
def test_rules_page(page, site_url, wait_ready, game, lang, words):
    page.goto(site_url + f"rules.html?game={game}&lang={lang}")
    wait_ready(page)
    assert words in page.inner_text("#title")
    rows = page.locator("#options tr").count() - 1
    assert rows == len(games.get(game).options)  # every option the engine has
    assert page.inner_text("#source").strip()
    assert page.get_attribute("#play", "href") == f"play/{game}/{lang}/"  # the game's own page
    assert page.locator("#text h2").count() >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.console_errors == [] and page.foreign_requests == []


def test_the_game_page_links_to_its_rules(page, site_url, wait_ready):
    page.goto(site_url + "?game=tressette&lang=ja&speed=instant&level=random")
    wait_ready(page)
    assert page.get_attribute("#rules-link", "href") == "rules/tressette/ja/"  # its own page, with its link card
    page.goto(site_url + "rules/tressette/ja/")  # a game's own rules page: the same rules, in its language
    wait_ready(page)
    assert page.inner_text("#title") == "トレセッテ（2人用）の遊び方" and page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#options tr[data-option]").count() > 0 and page.console_errors == []
