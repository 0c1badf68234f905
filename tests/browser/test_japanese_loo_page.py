"""Japanese Loo in the page: whole games at 3 and at 10 players, the play-or-drop
buttons, the pot and a trick's value, the table size setting, reload, and ten
players on a phone in Japanese."""

import pytest

from tests.conftest import alert_texts
from tests.support.pages import (assert_clean, assert_reload_keeps_the_table, legal_buttons, next_decision,
                                 play_to_the_end, poll, press)

pytestmark = pytest.mark.browser

GAME = "?game=japanese_loo&speed=instant"


def stay_in(actions, clicks):
    return "in" if "in" in actions else actions[clicks % len(actions)]


@pytest.mark.parametrize("players, rotations", [(3, 2), (10, 1)])
def test_a_whole_game_at_3_and_at_10_players(page, site_url, wait_ready, players, rotations):
    page.goto(site_url + GAME + f"&lang=en&seed=4&players={players}&rotations={rotations}")
    wait_ready(page)
    assert page.locator(".seat-pod").count() == players - 1
    assert page.input_value("#players") == str(players)
    play_to_the_end(page, stay_in, limit=600)
    assert page.get_attribute("[data-result]", "data-result") in ("win", "loss", "draw")
    log = page.inner_text("#log")
    assert "Game over. Most chips:" in log
    assert page.locator("[data-result] table.standings tr[data-seat]").count() == players  # a row a player
    chips = page.evaluate("[...document.querySelectorAll('.score-count')].map(c => parseInt(c.textContent, 10))")
    mine = int(page.inner_text("#seat-0 .score").split(" ")[0])  # "97 chips"
    assert sum(chips) + mine == 100 * players  # every chip is somewhere, the pot empty at the end
    assert_clean(page)


@pytest.mark.parametrize("lang, says, not_says", [
    ("ja", "ゲームを準備できませんでした：「players」は10以下で指定してください（99は使えません）。", "must be"),
    ("en", "The game could not be set up: option 'players' must be at most 10, not 99", "指定"),
])
def test_a_table_size_out_of_range_in_the_address_is_refused_in_the_page_s_language(
        page, site_url, lang, says, not_says):
    """The engine's refusal of an option from the address is said in the page's
    language, and the game starts with the article's rules."""
    page.goto(site_url + GAME + f"&lang={lang}&seed=4&players=99")
    poll(page, "document.documentElement.dataset.ready === 'true'")
    poll(page, "document.querySelector('button[data-action]')")
    alerts = alert_texts(page)
    assert any(says in a for a in alerts), alerts
    assert not any(not_says in a for a in alerts), alerts
    assert page.locator(".seat-pod").count() == 5  # the article's six players


def test_play_or_drop_buttons_the_pot_and_a_dropped_hand(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=7&players=5&first_dealer=4")
    wait_ready(page)  # seat 0 is the dealer's left: the first to declare
    assert sorted(legal_buttons(page)) == ["in", "out"]
    assert "Drop: pay 5" in page.inner_text("#actions") and "Pot: 5" in page.inner_text("#panel")
    press(page, 'button[data-action="out"]')
    poll(page, "document.getElementById('log').textContent.includes('You: drops')")
    assert "You dropped this deal" in page.inner_text("#panel") or "Deal 2" in page.inner_text("#panel")
    next_decision(page)  # the bots finish the deal; our next decision comes
    assert "take" in page.inner_text("#log") or "Trick" in page.inner_text("#log")
    page.click("text=Show all hands")  # the deal's hands as you know them
    poll(page, "document.querySelectorAll('.showdown-hand').length === 5")
    mine = page.locator(".showdown-hand").nth(0)
    assert mine.locator(".chip").count() == 5 and mine.locator(".chip.back").count() == 0  # your dropped hand
    assert page.evaluate("document.querySelector('.showdown').dataset.everything") == "false"
    assert_clean(page)


def test_choosing_the_table_size_starts_a_new_game(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=2&players=4")
    wait_ready(page)
    page.select_option("#players", "7")
    poll(page, "document.querySelectorAll('.seat-pod').length === 6")
    assert "players=7" in page.url
    assert_clean(page)


def test_reload_mid_game_loses_nothing(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11&players=6")
    wait_ready(page)
    for _ in range(3):
        next_decision(page)
        actions = legal_buttons(page)
        press(page, f'button[data-action="{"in" if "in" in actions else actions[0]}"]')
    assert_reload_keeps_the_table(page, wait_ready)
    assert_clean(page)


def test_ten_players_on_a_phone_in_japanese(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(site_url + GAME + "&lang=ja&seed=8&players=10")
    wait_ready(page)
    next_decision(page)
    text = page.inner_text("#table")
    for word in ("出る", "降りる", "ポット", "ボット9"):
        assert word in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    sizes = page.evaluate("[...document.querySelectorAll('.seat-pod')].map(t => parseFloat(getComputedStyle(t).fontSize))")
    assert len(sizes) == 9 and min(sizes) >= 12  # readable
    press(page, 'button[data-action="in"]')
    next_decision(page)
    assert "出る" in page.inner_text("#log")
    context.close()
