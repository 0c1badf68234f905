"""Toepen in the page: whole games at 3 and 8 players, the Knock button on your turn
(between other players' cards: tests/browser/test_flow.py), the stay/fold prompt, the stake,
marker and pool, exchanges and challenges, folded players greyed, the setting that
stops at every chance to knock, keyboard alone, reload, and Japanese on a phone."""

import re

import pytest

from tests.support.pages import (assert_clean, assert_reload_keeps_the_table, legal_buttons, next_decision,
                                 play_on, poll, press, press_enter_through, steady)

pytestmark = pytest.mark.browser

GAME = "?game=toepen&speed=instant"


@pytest.mark.parametrize("players", [3, 8])
def test_a_whole_game_at_3_and_at_8_players(page, site_url, wait_ready, players):
    page.goto(site_url + GAME + f"&lang=en&seed=4&players={players}&chips=10")
    wait_ready(page)
    assert page.locator("#seat-1 .seat-pod").count() == players - 1
    assert page.input_value("#players") == str(players)
    play_on(page, steady)
    assert page.get_attribute("[data-result]", "data-result") in ("win", "loss", "draw")
    assert "Game over. Most chips:" in page.inner_text("#log")
    assert "bankrupt" in page.inner_text("#log")
    chips = page.evaluate("[...document.querySelectorAll('.score-count')].map(c => parseInt(c.textContent, 10))")
    mine = int(page.inner_text("#seat-0 .score").split(" ")[0])  # "7 chips"
    pool = int(page.inner_text("#panel").split("Pool: ")[1].split()[0])
    assert sum(chips) + mine + pool == 10 * players  # every chip is with a player or in the pool
    assert_clean(page)


def test_knock_on_your_turn_raises_the_stake_and_takes_the_marker(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=12")
    wait_ready(page)
    actions = play_on(page, steady, until=lambda a: "knock" in a and any(x.startswith("play ") for x in a))
    assert "Knock: stake 2" in page.inner_text("#flow")  # the one Knock, in the flow bar
    assert "Stake: 1" in page.inner_text("#panel")
    assert "or knock to raise the stake to 2" in page.inner_text("#status").lower()
    assert any(a.startswith("play ") for a in actions)
    press(page, 'button[data-action="knock"]')
    poll(page, "document.getElementById('log').textContent.includes('You knock')")
    next_decision(page)
    text = page.inner_text("#log")
    assert "The stake rises to 2; you hold the marker." in text  # this seed: someone stays
    assert "Stake: 2" in page.inner_text("#panel") and "marker: you" in page.inner_text("#panel")
    assert "knock" not in legal_buttons(page)  # not twice in a row
    assert_clean(page)


def test_a_bot_knocks_you_stay_or_fold_and_a_fold_greys_you_out(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5")
    wait_ready(page)
    actions = play_on(page, steady, until=lambda a: a == ["stay", "fold"])
    assert actions == ["stay", "fold"]
    status = page.inner_text("#status")
    assert "knocked! Stay" in status and "fold" in status
    assert "Fold: pay" in page.inner_text("#actions") and "Stay: play for" in page.inner_text("#actions")
    assert page.locator(".badge.knocked").count() == 1  # who knocked last
    press(page, 'button[data-action="fold"]')
    poll(page, "document.getElementById('log').textContent.includes('You fold')")
    poll(page, "document.getElementById('log').textContent.includes('Deal 2:') || "
               "document.querySelector('#seat-0 .role').textContent.includes('folded')")
    assert_clean(page)


def test_the_setting_stops_at_every_chance_to_knock(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=3")
    wait_ready(page)
    page.check("#knock-stops")
    actions = play_on(page, steady, until=lambda a: sorted(a) == ["knock", "pass"])
    page.wait_for_timeout(500)  # it waits for us: still there
    assert sorted(legal_buttons(page)) == ["knock", "pass"]
    assert "No knock" in page.inner_text("#actions") and "Knock: stake" in page.inner_text("#flow")
    press(page, 'button[data-action="pass"]')
    assert sorted(actions) == ["knock", "pass"]
    assert_clean(page)


def test_a_challenge_shows_the_discards(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5")
    wait_ready(page)
    actions = play_on(page, steady, until=lambda a: a == ["challenge", "pass"])
    assert "Call the bluff" in page.inner_text("#actions")
    assert "exchanged" in page.inner_text("#status")
    press(page, 'button[data-action="challenge"]')
    poll(page, "document.getElementById('log').textContent.includes('call the bluff')")
    line = [li for li in page.inner_text("#log").split("\n") if "call the bluff" in li][0]
    assert ("all number cards" in line) != ("hold a picture card" in line)
    assert "to the pool" in line
    assert actions == ["challenge", "pass"]
    assert_clean(page)


def test_keyboard_alone_plays(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=21")
    wait_ready(page)
    press_enter_through(page, 8)
    assert page.evaluate("document.querySelectorAll('#log li').length") >= 8
    assert_clean(page)


def test_reload_mid_game_loses_nothing(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11&players=5")
    wait_ready(page)
    play_on(page, steady, until=lambda a: any(x.startswith("play ") for x in a))
    assert_reload_keeps_the_table(page, wait_ready)
    assert_clean(page)


def test_eight_players_on_a_phone_in_japanese(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(site_url + GAME + "&lang=ja&seed=5&players=8")
    wait_ready(page)
    play_on(page, steady, until=lambda a: any(x.startswith("play ") for x in a))
    text = page.inner_text("#table")
    for word in ("ステークス", "チップ置き場", "ボット7", "トリック"):
        assert word in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    sizes = page.evaluate("[...document.querySelectorAll('.seat-pod')].map(t => parseFloat(getComputedStyle(t).fontSize))")
    assert len(sizes) == 7 and min(sizes) >= 12
    context.close()


def test_you_are_asked_to_whistle_only_when_your_hand_gives_a_choice(page, site_url, wait_ready):
    """Everyone is asked to whistle or stand (so being asked shows nothing); the page
    answers an ordinary hand's only answer by itself and asks only with three or
    four aces or sevens. This seed deals you three aces in the first deal."""
    page.goto(site_url + GAME + "&lang=en&seed=16")
    wait_ready(page)
    seen = []

    def note(actions):
        seen.append(actions)
        return "whistle" in actions

    actions = play_on(page, steady, until=note)
    assert actions == ["whistle", "silent"]
    assert "Three aces: you must whistle" in page.inner_text("#status")
    assert "Whistle" in page.inner_text("#actions") and "Say nothing" in page.inner_text("#actions")
    press(page, 'button[data-action="whistle"]')
    poll(page, "document.getElementById('log').textContent.includes('Announcements: you: whistles')")
    assert "You announced: whistles" in page.inner_text("#panel")
    # later deals: an ordinary hand is never asked, and the reveal is logged all the same
    seen.clear()
    def in_deal_2_tricks(actions):
        note(actions)
        in_deal_2 = re.search(r"\bdeal 2\b", page.inner_text("#panel"))  # the panel's "deal 2"
        return in_deal_2 and any(x.startswith("play ") for x in actions)

    play_on(page, steady, until=in_deal_2_tricks)
    assert ["silent"] not in seen
    assert "Announcements: nobody whistles or stands." in page.inner_text("#log")
    assert_clean(page)
