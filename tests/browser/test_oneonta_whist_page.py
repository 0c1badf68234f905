"""Oneonta Whist in the page: a whole nine-deal game by clicking, the bid panel, the
dummy's pile, the advisor (its numbers are the engine's), keyboard, reload, Japanese."""

import re

import pytest

from cardtable import games
from cardtable.bots import oneonta_whist as advisor
from tests.support.pages import (assert_clean, assert_reload_keeps_the_table, legal_buttons, next_decision,
                                 play_to_the_end, poll, press)

pytestmark = pytest.mark.browser

GAME = "?game=oneonta_whist&speed=instant"


def test_a_whole_nine_deal_game_by_clicking(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5")
    wait_ready(page)
    assert page.is_hidden("#level-box")  # a solitaire: no bots to choose
    clicks = play_to_the_end(page, lambda actions, _: "bid 2" if "bid 2" in actions else actions[-1], limit=200)
    assert clicks == 90  # nine deals of a bid and nine cards
    assert page.get_attribute("[data-result]", "data-result") in ("win", "loss")
    sheet = page.locator(".score-sheet tr")
    assert sheet.count() == 10  # a header and nine deals
    result = page.inner_text("[data-result]")
    assert "bids made" in result and "goal of 30" in result or "Goal reached" in result
    assert "Game over" in page.inner_text("#log")
    # the record counts goals, not wins (its line is drawn with the next redraw: wait for it)
    poll(page, "() => document.getElementById('stats').textContent.includes('goal reached in')")
    # a score below zero is written with a minus sign (U+2212), in the words and the sheet alike
    written = result + page.inner_text(".score-sheet") + page.inner_text("#stats")
    assert not re.findall(r"(?:^|[\s(:])-\d", written, re.M), "a hyphen for a minus sign"
    assert "\u2212" in page.inner_text(".score-sheet")  # this game's failed bids
    press(page, ".showdown-button")  # the last deal laid open: the dummy's cards and the dead three
    review = poll(page, "document.querySelector('.showdown')?.textContent")
    assert "The dummy led" in review and "Dead cards" in review
    assert_clean(page)


def test_bidding_then_following_with_the_dummys_pile_going_down(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=7")
    wait_ready(page)
    assert legal_buttons(page) == [f"bid {n}" for n in range(10)]  # the hand waits for the bid
    assert "dummy's pile: 9" in page.inner_text("#seat-1") and "dead: 3" in page.inner_text("#seat-1")
    assert "Turned card" in page.inner_text("#panel")
    press(page, 'button[data-action="bid 4"]')
    next_decision(page)
    lead = page.get_attribute("#tricks .theirs .card", "aria-label")
    assert lead and "dummy's pile: 8" in page.inner_text("#seat-1")
    state = games.get("oneonta_whist").new_game(seed=7)
    state.apply("bid 4")
    assert sorted(legal_buttons(page)) == sorted(state.legal_actions())  # must follow, as the engine says
    assert "Bid 4 · taken 0" in page.inner_text("#panel")
    assert "The dummy leads" in page.inner_text("#log")
    assert_clean(page)


def test_the_advisor_is_off_by_default_and_shows_the_engines_numbers(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5")
    wait_ready(page)
    assert page.is_hidden("#advisor")
    page.check("#advisor-toggle")
    poll(page, "document.querySelectorAll('#advisor .advice-table tr').length === 11")
    table = advisor.bid_table(games.get("oneonta_whist").new_game(seed=5).view(0))
    rows = page.evaluate("[...document.querySelectorAll('#advisor .advice-table tr')].slice(1).map(r => [...r.cells].map(c => c.textContent))")
    for row, expected in zip(rows, table["bids"]):
        x = expected["expected"]
        assert row[1] == ("+" if x > 0.005 else "−" if x < -0.005 else "±") + f"{abs(x):.2f}"
        assert row[2] == f"{round(100 * expected['make'])}%"
    assert rows[table["best"]][0].endswith("★")
    press(page, f'button[data-action="bid {table["best"]}"]')
    poll(page, "document.querySelector('#advisor .advice-table th')?.textContent === 'card'")
    cards = page.evaluate("[...document.querySelectorAll('#advisor .advice-table tr')].slice(1).length")
    assert cards == len(legal_buttons(page))
    assert "still to be led with chance 73%" in page.inner_text("#advisor")  # 8 of 11
    page.reload()  # the setting is remembered
    wait_ready(page)
    poll(page, "document.querySelector('#advisor .advice-table')")
    assert_clean(page)


def test_keyboard_alone_plays_a_deal(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=9")
    wait_ready(page)
    for _ in range(10):  # the bid and nine cards, each with Enter on the focused button
        next_decision(page)
        poll(page, "document.activeElement?.dataset?.action")
        page.keyboard.press("Enter")
    poll(page, "document.querySelectorAll('.score-sheet tr').length === 2")
    assert_clean(page)


def test_reload_mid_deal_loses_nothing(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11")
    wait_ready(page)
    for _ in range(5):
        next_decision(page)
        press(page, "button[data-action]")
    assert_reload_keeps_the_table(page, wait_ready)
    assert_clean(page)


def test_hint_names_the_strong_autoplayers_bid(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5")
    wait_ready(page)
    press(page, "#hint")
    text = poll(page, "(() => { const h = document.getElementById('hint-text'); return h.hidden ? '' : h.textContent; })()")
    best = advisor.bid_table(games.get("oneonta_whist").new_game(seed=5).view(0))["best"]
    assert f"would: bid {best}." in text and "expected score" in text
    assert page.locator(f'button[data-action="bid {best}"].suggested').count() == 1


def test_japanese_words_and_phone_width(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(site_url + GAME + "&lang=ja&seed=3")
    wait_ready(page)
    text = page.inner_text("#table")
    for word in ("ダミー", "ビッド", "切札表示", "得点"):
        assert word in text
    page.check("#advisor-toggle")
    poll(page, "document.querySelector('#advisor .advice-table')")
    press(page, 'button[data-action="bid 2"]')
    next_decision(page)
    assert "リード" in page.inner_text("#log")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
