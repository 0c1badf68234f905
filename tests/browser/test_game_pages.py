"""A game's own page (play/<game>/<lang>/, the address that carries its link card)
opens the same table as index.html?game=…, in its language, keeps its path as the
game goes on, and takes every parameter; its oEmbed answer's snippet is the one the
embed builder gives."""

import json
from pathlib import Path

import pytest

from sitebuild import pages
from tests.support.pages import legal_buttons, next_decision, press
from tests.conftest import alert_texts

pytestmark = pytest.mark.browser

DIST = Path(__file__).resolve().parents[2] / "dist"


def test_a_games_own_page_opens_its_table_in_its_language_and_stays_itself(page, site_url, wait_ready):
    page.goto(site_url + "play/toepen/ja/?speed=instant&seed=5")
    wait_ready(page)
    assert page.inner_text("#game-title") == "トゥーペン" and page.evaluate("document.documentElement.lang") == "ja"
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:toepen')).seed") == 5
    next_decision(page)
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    next_decision(page)
    assert page.url.startswith(site_url + "play/toepen/ja/?"), page.url
    assert "game=" not in page.url and "lang=" not in page.url, "the page implies them"
    assert page.get_attribute("#rules-link", "href") == "rules/toepen/ja/"
    assert page.get_attribute('link[rel="manifest"]', "href") == "manifest.ja.webmanifest"
    assert alert_texts(page) == [] and page.console_errors == [] and page.foreign_requests == []
    page.reload()  # a reload on the game's own page continues the same game
    wait_ready(page)
    assert page.inner_text("#game-title") == "トゥーペン" and page.evaluate("document.documentElement.lang") == "ja"


def test_the_oembed_snippet_is_the_builders(page, site_url, wait_ready):
    games = {g["name"]: g for g in json.loads((DIST / "games.json").read_text(encoding="utf-8"))["games"]}
    for name, lang in (("le_truc", "ja"), ("oneonta_whist", "en")):
        page.goto(site_url + f"embed.html?lang={lang}&game={name}")
        wait_ready(page)
        assert page.input_value("#snippet") == pages.embed_snippet(site_url, games[name], lang)


def test_the_landing_offers_the_app_in_the_readers_language(page, site_url, wait_ready):
    page.goto(site_url + "?lang=ja")  # the root page: its language is the reader's
    wait_ready(page)
    assert page.get_attribute('link[rel="manifest"]', "href") == "manifest.ja.webmanifest"
    press(page, "#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.get_attribute('link[rel="manifest"]', "href") == "manifest.en.webmanifest"
