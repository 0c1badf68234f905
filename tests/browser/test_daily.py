"""Today's deal in the page (daily=1; page/daily.js, cardtable/daily.py): the player's
own calendar day decides the deal, the same in every browser; midnight in Tokyo is a
new deal for a reader there; a reload continues the day's deal; another game leaves it."""

import datetime
import html
import re

import pytest

from cardtable import daily
from tests.support.pages import assert_reload_keeps_the_table, legal_buttons, next_decision, poll, press

pytestmark = pytest.mark.browser


def open_daily(browser, site_url, wait_ready, when, timezone="Asia/Tokyo", lang="en", game="le_truc"):
    """A fresh browser (nothing kept) in ``timezone`` at ``when`` (UTC) opening today's deal."""
    context = browser.new_context(timezone_id=timezone)
    page = context.new_page()
    page.clock.set_fixed_time(when)
    page.goto(site_url + f"?game={game}&lang={lang}&daily=1&speed=instant")
    wait_ready(page)
    return page


def hand(page):
    """The player's first decision: its legal moves, which name the cards of the hand."""
    next_decision(page)
    return legal_buttons(page)


def deal_number(page):
    return page.inner_text("#seed")


UTC = datetime.timezone.utc


def test_two_browsers_on_the_same_day_get_the_same_deal_and_midnight_in_tokyo_a_new_one(browser, site_url,
                                                                                         wait_ready):
    before_midnight = datetime.datetime(2026, 11, 28, 14, 59, tzinfo=UTC)  # 23:59 in Tokyo
    first = open_daily(browser, site_url, wait_ready, before_midnight)
    second = open_daily(browser, site_url, wait_ready, before_midnight, lang="ja")
    assert first.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert second.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert first.inner_text("#daily-line") == "Today's deal · November 28, 2026"
    assert second.inner_text("#daily-line") == "今日の一局（2026年11月28日）"
    seed = daily.daily_seed("le_truc", "2026-11-28")
    assert str(seed) in deal_number(first) and str(seed) in deal_number(second)  # the engine's seed of the day
    assert hand(first) == hand(second)
    after_midnight = datetime.datetime(2026, 11, 28, 15, 1, tzinfo=UTC)  # 00:01 on the 29th in Tokyo
    tokyo = open_daily(browser, site_url, wait_ready, after_midnight)
    london = open_daily(browser, site_url, wait_ready, after_midnight, timezone="Europe/London")
    assert tokyo.evaluate("document.documentElement.dataset.daily") == "2026-11-29"
    assert london.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert hand(london) == hand(first)  # still the 28th in London: the same deal
    assert str(daily.daily_seed("le_truc", "2026-11-29")) in deal_number(tokyo)
    assert hand(tokyo) != hand(first)  # another day, other cards
    for page in (first, second, tokyo, london):
        page.context.close()


# The player's turn again, and the saved game as long as the table's: the bots' moves are in.
SETTLED = """(() => { const m = globalThis.cardtableLastModel, s = JSON.parse(localStorage.getItem('cardtable:save:le_truc'));
  return Boolean(m?.your_turn && m.save && s && s.actions.length === m.save.actions.length); })()"""


def test_a_reload_continues_the_days_deal_and_another_game_leaves_it(browser, site_url, wait_ready):
    noon = datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # noon in Tokyo
    page = open_daily(browser, site_url, wait_ready, noon)
    for _ in range(2):
        next_decision(page)
        press(page, "button[data-action]")
    assert_reload_keeps_the_table(page, wait_ready)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert "daily=1" in page.url and "seed=" not in page.url  # the day is the deal
    saved = page.evaluate("JSON.parse(localStorage.getItem('cardtable:daily:le_truc'))")
    assert saved["daily"] == "2026-11-28" and len(saved["actions"]) >= 2
    press(page, "#new-game")
    press(page, "#confirm-yes")  # the daily is abandoned only when the player says so
    poll(page, "!document.documentElement.dataset.daily")
    assert page.is_hidden("#daily-line")
    assert page.inner_text("#note").startswith("This game is not today's deal")
    assert "daily=1" not in page.url
    next_decision(page)
    moves = "JSON.parse(localStorage.getItem('cardtable:save:le_truc'))?.actions.length ?? 0"
    before = page.evaluate(moves)
    press(page, "button[data-action]")  # a move in the player's own game: it is saved
    # with the bots' answer (read before it, the save was one move short; and just
    # after the tap, before the page had asked the engine, the table was still settled)
    poll(page, f"{SETTLED} && ({moves}) > {before}")
    other = page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:le_truc'))")
    page.goto(site_url + "?game=le_truc&lang=en&daily=1&speed=instant")  # back to the day's deal
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert str(daily.daily_seed("le_truc", "2026-11-28")) in deal_number(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:le_truc'))") == other  # kept apart
    page.goto(site_url + "?game=le_truc&lang=en&speed=instant")  # and the player's own game continues
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.daily") is None
    assert str(other["seed"]) in deal_number(page)
    page.context.close()


def test_another_level_is_not_todays_deal_and_says_so_in_japanese(browser, site_url, wait_ready):
    page = open_daily(browser, site_url, wait_ready, datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC), lang="ja")
    page.select_option("#level", "strong")  # before any move: nothing to abandon
    poll(page, "!document.documentElement.dataset.daily")
    assert page.inner_text("#note").startswith("このゲームは今日の一局ではありません")
    assert "daily=1" not in page.url and page.input_value("#level") == "strong"
    page.context.close()


def test_the_landing_page_and_each_table_lead_to_todays_deal(browser, site_url, wait_ready):
    context = browser.new_context(timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.clock.set_fixed_time(datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC))
    page.goto(site_url + "?lang=ja")
    wait_ready(page)
    for game in ("le_truc", "tressette", "brazilian_truco", "japanese_loo", "toepen", "oneonta_whist"):
        link = page.locator(f".game-card[data-game={game}] a.daily-link")
        assert link.inner_text() == "今日の一局"
        assert link.get_attribute("href") == f"play/{game}/ja/?daily=1"
    with page.expect_navigation():  # a link: wait for the new page, not this one, still ready
        press(page, ".game-card[data-game=tressette] a.daily-link")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert str(daily.daily_seed("tressette", "2026-11-28")) in deal_number(page)
    assert page.is_hidden("#daily-link")  # (already there)
    page.goto(site_url + "?game=toepen&lang=en&speed=instant")
    wait_ready(page)
    assert page.inner_text("#daily-link") == "Today's deal"
    with page.expect_navigation():  # a link: wait for the new page, not this one, still ready
        press(page, "#daily-link")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert str(daily.daily_seed("toepen", "2026-11-28")) in deal_number(page)
    context.close()


def test_the_embed_builder_offers_todays_deal_and_the_embed_plays_it(browser, page, site_url, wait_ready):
    page.goto(site_url + "embed.html?lang=ja")
    wait_ready(page)
    page.select_option("#game", "japanese_loo")
    page.fill("#seed", "42")
    page.check("#daily")
    assert "今日の一局" in page.inner_text("label:has(#daily)")
    src = html.unescape(re.search(r'src="([^"]+)"', page.input_value("#snippet")).group(1))
    assert "game=japanese_loo" in src and "daily=1" in src and "embed=1" in src
    assert "seed=" not in src and "level=" not in src  # the day decides both
    assert page.is_disabled("#seed") and page.is_disabled("#level")
    page.uncheck("#daily")
    assert "seed=42" in html.unescape(re.search(r'src="([^"]+)"', page.input_value("#snippet")).group(1))
    context = browser.new_context(timezone_id="Asia/Tokyo")
    reader = context.new_page()
    reader.clock.set_fixed_time(datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC))
    reader.goto(src.replace(src.split("index.html")[0], site_url) + "&autoplay=1&speed=instant")
    wait_ready(reader)
    assert reader.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert str(daily.daily_seed("japanese_loo", "2026-11-28")) in deal_number(reader)
    assert reader.is_hidden("#daily-link")  # an embed's way to the daily is its builder's
    for _ in range(100):  # the day's deal played in the embed: the strong bot's play of it shows beside
        if reader.evaluate("Boolean(document.querySelector('#duplicate').dataset.duplicate)") or next_decision(reader):
            break
        actions = legal_buttons(reader)
        if actions:
            press(reader, f'button[data-action="{actions[0]}"]:not([disabled])')
    poll(reader, "document.querySelector('#duplicate').dataset.duplicate", timeout=60)
    assert reader.is_visible("#duplicate .duplicate-results") and reader.is_visible("#duplicate .daily-share-button")
    assert reader.inner_text("#duplicate h2") == "今日の一局：強いボットと比べる"
    context.close()
