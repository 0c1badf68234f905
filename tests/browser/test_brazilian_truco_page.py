"""Brazilian Truco in the page: a whole match to 12 with a bot partner, the deal's
keep/pass/burn with the burned cards shown, calling truco, the answer panel with its
raise, the hand of eleven with the partner's hand, the partner setting, keyboard
alone, reload, and Japanese on a phone."""

import re

import pytest

from tests.support import pages
from tests.support.pages import (assert_clean, assert_reload_keeps_the_table, legal_buttons, next_decision,
                                 poll, press, press_enter_through)

pytestmark = pytest.mark.browser

GAME = "?game=brazilian_truco&speed=instant"


def steady(actions):
    """Keep, accept, play the first card: the policy the seeds below were found with
    (tests' /tmp search replays it through the session, bots included)."""
    for a in ("keep", "accept"):
        if a in actions:
            return a
    return next(a for a in actions if (a.startswith("play ") and not a.endswith(" down")) or a == "flip")


def play_on(page, until=None):
    """The pages' play_on with the policy above: to the match's end, or to ``until``."""
    return pages.play_on(page, steady, limit=400, until=until)


def scores(page):
    us, them = page.inner_text("#panel .score-line").split("us ")[1].split(" (")[0].split(" – them ")
    return int(us), int(them)


def test_a_whole_match_to_twelve_with_a_bot_partner(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=3")
    wait_ready(page)
    titles = page.evaluate("[...document.querySelectorAll('#seat-1 .seat-pod strong')].map(s => s.textContent)")
    assert titles == ["Left opponent", "Partner", "Right opponent"]
    assert page.locator("#seat-1 .badge.dealer").count() + page.locator("#seat-0 .role").count() >= 1
    play_on(page)
    result = page.get_attribute("[data-result]", "data-result")
    assert result in ("win", "loss")
    log = page.inner_text("#log")
    assert "Game over:" in log and ("we win" in log.lower() or "they win" in log.lower())
    text = page.inner_text("#result .result-text")
    us, them = [int(x) for x in re.findall(r"\d+", text)][:2]
    assert max(us, them) >= 12 and min(us, them) < 12
    assert page.locator("#result .place-line").count() == 0  # two sides: no "place 1 of 2"; the title and score say it
    rows = page.locator("#result table.standings tr[data-seat] th").all_inner_texts()
    assert sorted(rows) == ["Them", "Us"]  # a row a side: the partners share their side's score
    assert "Side" in page.inner_text("#result table.standings") and "Player" not in page.inner_text("#result table.standings")
    assert_clean(page)


def test_the_deal_burns_a_set_and_shows_it(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=2")
    wait_ready(page)
    next_decision(page)
    assert legal_buttons(page) == ["keep", "pass", "burn"]
    assert "You are the mão" in page.inner_text("#status")
    press(page, 'button[data-action="burn"]')
    poll(page, "document.getElementById('log').textContent.includes('You burn set 1')")
    assert "Burned:" in page.inner_text("#panel")
    assert page.locator("#panel .pile-burned .chip").count() == 3
    next_decision(page)
    actions = legal_buttons(page)
    assert "pass" in actions and "burn" in actions  # two more refusals left, one pass
    press(page, 'button[data-action="pass"]')
    poll(page, "document.getElementById('log').textContent.includes('to your partner')")
    assert "took the passed set" in page.inner_text("#seat-1")
    assert "some cards known" in page.inner_text("#seat-1")  # the mão saw what it passed
    assert_clean(page)


def test_calling_truco_and_the_value_on_the_table(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=6")
    wait_ready(page)
    actions = play_on(page, until=lambda a: "truco" in a)
    assert "You may call truco before your card" in page.inner_text("#status")
    assert "This hand is worth 1" in page.inner_text("#panel")
    press(page, 'button[data-action="truco"]')
    poll(page, "document.getElementById('log').textContent.includes('You call TRUCO')")
    next_decision(page)
    log = page.inner_text("#log")
    assert "You call TRUCO: the hand would be worth 3, decided by this trick." in log
    assert any(w in log for w in ("accepts", "runs", "raises"))
    assert any(a.startswith("play ") for a in actions)
    assert_clean(page)


def test_the_answer_panel_accepts_runs_or_raises(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=1")
    wait_ready(page)
    play_on(page, until=lambda a: "run" in a)
    assert legal_buttons(page) == ["accept", "run", "raise"]
    status = page.inner_text("#status")
    assert "proposes 3 points! Accept, or run and give 1. Or raise to 6." in status
    assert "they proposed 3 (running gives 1)" in page.inner_text("#panel")
    assert page.inner_text('button[data-action="raise"]') == "Raise to 6"
    press(page, 'button[data-action="raise"]')
    poll(page, "document.getElementById('log').textContent.includes('You raise to 6!')")
    assert_clean(page)


def test_the_hand_of_eleven_shows_the_partners_hand(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=24")
    wait_ready(page)
    play_on(page, until=lambda a: a == ["accept", "run"] and "Hand of eleven" in page.inner_text("#panel"))
    assert "Hand of eleven: your team is at 11" in page.inner_text("#panel")
    assert page.inner_text('button[data-action="accept"]') == "Play the hand for 3"
    assert "shows you the hand" in page.inner_text("#seat-1")
    assert page.locator("#seat-1 .seat-pod.partner .known-cards .chip").count() == 3
    press(page, 'button[data-action="accept"]')
    poll(page, "document.getElementById('log').textContent.includes('You decide for the team: play the hand for 3.')")
    next_decision(page)
    assert "truco" not in legal_buttons(page)
    assert_clean(page)


def test_the_partner_setting_keeps_the_partner_from_calling(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=9&partner=defers")
    wait_ready(page)
    assert not page.locator("#partner-box").is_hidden()
    assert page.input_value("#partner") == "defers"
    labels = page.evaluate("[...document.querySelectorAll('#partner option')].map(o => o.textContent)")
    assert labels == ["may call truco; you answer", "leaves every truco to you", "calls and answers freely"]
    play_on(page)
    assert "Your partner calls TRUCO" not in page.inner_text("#log")
    assert_clean(page)


def test_keyboard_alone_plays(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=21")
    wait_ready(page)
    press_enter_through(page, 8)
    assert page.evaluate("document.querySelectorAll('#log li').length") >= 8
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert_clean(page)


def test_reload_mid_game_loses_nothing(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11")
    wait_ready(page)
    play_on(page, until=lambda a: sum(x.startswith("play ") for x in a) >= 2 and "keep" not in a)
    assert_reload_keeps_the_table(page, wait_ready)
    assert_clean(page)


def test_a_match_on_a_phone_in_japanese(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(site_url + GAME + "&lang=ja&seed=5")
    wait_ready(page)
    play_on(page, until=lambda a: any(x.startswith("play ") for x in a))
    text = page.inner_text("#table")
    for word in ("パートナー", "右の相手", "左の相手", "トリック", "このディールは"):
        assert word in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    sizes = page.evaluate("[...document.querySelectorAll('#seat-1 .seat-pod')].map(t => parseFloat(getComputedStyle(t).fontSize))")
    assert len(sizes) == 3 and min(sizes) >= 12
    play_on(page)
    assert page.get_attribute("[data-result]", "data-result") in ("win", "loss")
    assert "ゲーム終了" in page.inner_text("#log")
    context.close()
