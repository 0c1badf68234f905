"""The flow of a game in the page: Toepen's one Knock button that stays in place and
keeps a click between chances, no false "your turn" while the table answers the
knock windows; Play out this deal once you are out of it; the game-over screen
(your place, the standings, the history, your record, Rematch with the same
settings); and the dialog that asks before a game in progress is abandoned."""

import pytest

from tests.support.pages import assert_clean, legal_buttons, next_decision, poll, press
from tests.support.pages import click, play_on, steady

pytestmark = pytest.mark.browser

# Every text the status line shows, in order (a MutationObserver: nothing missed).
WATCH_STATUS = """() => {
  window.statuses = [];
  new MutationObserver(() => window.statuses.push(document.getElementById('status').textContent))
    .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
}"""

LOG = "document.getElementById('log').textContent"


def test_toepen_s_knock_stays_in_place_keeps_a_click_between_chances_and_never_says_your_turn_for_a_window(
        page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=en&seed=12")  # the bots play at their usual pace
    wait_ready(page)
    page.evaluate(WATCH_STATUS)
    # your card or exchange when asked; meanwhile the Knock waits in the flow bar
    for _ in range(200):
        if page.locator("#flow [data-ahead='knock']:not([disabled])").count():
            break
        actions = legal_buttons(page)
        if actions:
            click(page, steady([a for a in actions if a != "knock"]))
        page.wait_for_timeout(50)
    knock = page.locator("#flow .flow-ahead")
    assert knock.count() == 1 and "Knock: stake" in knock.inner_text()
    page.evaluate("window.knockButton = document.querySelector('#flow .flow-ahead')")
    knock.click()  # between chances: kept, not yet played
    poll(page, "document.querySelector('#flow .flow-ahead').getAttribute('aria-pressed') === 'true' || "
               + LOG + ".includes('You knock!')")
    poll(page, LOG + ".includes('You knock!')")  # played at the next chance, by itself
    assert page.evaluate("document.querySelector('#flow .flow-ahead') === window.knockButton")  # the same, in place
    statuses = page.evaluate("window.statuses")
    assert statuses and not [s for s in statuses if "before" in s and "plays?" in s]  # no "knock?" drawn
    assert not [s for s in statuses if s.startswith("Your turn") and "knock" in s.lower() and "play" not in s.lower()]
    assert_clean(page)


def test_with_the_stop_setting_the_window_is_asked_and_the_knock_is_in_the_flow_bar(page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=en&seed=3&speed=instant")
    wait_ready(page)
    page.check("#knock-stops")
    play_on(page, steady, until=lambda a: sorted(a) == ["knock", "pass"])
    assert "Knock before" in page.inner_text("#status") and page.inner_text("#status").startswith("Your turn")
    assert page.locator("#flow button[data-action='knock']").count() == 1
    assert page.locator("#panel button[data-action='knock']").count() == 0  # one Knock, not two
    assert_clean(page)


def test_play_out_this_deal_finishes_it_once_you_are_out(page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=en&seed=5")
    wait_ready(page)
    page.select_option("#speed", "instant")
    play_on(page, steady, until=lambda a: a == ["stay", "fold"])
    page.select_option("#speed", "normal")  # the bots at their usual pace again
    assert page.locator("#flow .play-out").count() == 0  # still in the deal
    press(page, 'button[data-action="fold"]')
    button = page.locator("#flow .play-out")
    button.wait_for()
    assert "Play out this deal" in button.inner_text()
    deals_over = page.evaluate(LOG + ".split('Deal 1 over').length")
    button.click()
    poll(page, LOG + ".includes('Deal 1 over')")
    assert deals_over == 1  # the deal was still going when asked
    poll(page, "!document.querySelector('#flow .play-out')")  # back in for the next deal
    assert "folds" in page.inner_text("#log").lower() or "fold" in page.inner_text("#log").lower()
    assert_clean(page)


def test_the_game_over_screen_shows_the_standings_history_and_record_and_rematch_keeps_the_settings(
        page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=en&seed=4&players=3&chips=10&speed=instant")
    wait_ready(page)
    play_on(page, steady)
    result = page.locator("[data-result]")
    assert result.get_attribute("data-result") in ("win", "loss", "draw")
    heading = result.locator("h2").inner_text()
    assert heading.strip() in ("🏆 You win", "You win", "You lose", "A draw")
    assert "of 3 players" in result.locator(".place-line").inner_text()
    rows = result.locator("table.standings tr[data-seat]")
    assert rows.count() == 3 and result.locator("table.standings tr.you").count() == 1
    assert "Chips" in result.locator("table.standings").inner_text()
    places = [int(p) for p in result.locator("table.standings td.place").all_inner_texts()]
    assert places == sorted(places) and places[0] == 1
    result.locator("details.history summary").click()
    assert result.locator("details.history li").count() >= 2  # a line a deal, at least
    assert "Deal 1 over" in result.locator("details.history").inner_text()
    assert "Your record against normal bots: 1 game, " in result.locator(".record").inner_text()  # the level's record
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    press(page, "#result .again")  # Rematch
    poll(page, "!document.querySelector('[data-result]')")
    next_decision(page)
    assert page.evaluate("new URL(location.href).searchParams.get('seed')") != seed
    assert page.input_value("#players") == "3" and page.locator("#seat-1 .seat-pod").count() == 2
    assert "chips=10" in page.url
    assert_clean(page)


@pytest.mark.parametrize("lang,width", [("ja", 360), ("en", 1280)])
def test_the_game_over_screen_fits_and_speaks_the_language(browser, site_url, wait_ready, lang, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(site_url + f"?game=oneonta_whist&lang={lang}&seed=3&speed=instant&deals=2")
    wait_ready(page)
    while not next_decision(page):
        page.click("button[data-action]:not([disabled]) >> nth=0")
    text = page.inner_text("[data-result]")
    assert ("目標" in text and "あなたの成績" in text) if lang == "ja" else ("against the goal of" in text)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the final score sheet fits
    context.close()


def test_a_change_mid_game_asks_first_and_cancel_keeps_the_game(page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=en&seed=11&players=4&speed=instant")
    wait_ready(page)
    play_on(page, steady, until=lambda a: any(x.startswith("play ") for x in a))
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    log = page.inner_text("#log")
    press(page, "#new-game")
    dialog = page.locator("#confirm")
    assert dialog.is_visible() and "Abandon this game?" in dialog.inner_text()
    assert page.evaluate("document.activeElement.id") == "confirm-no"  # the safe answer has the focus
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    page.select_option("#players", "6")
    assert dialog.is_visible() and "number of players" in dialog.inner_text()
    press(page, "#confirm-no")  # Keep playing
    assert not dialog.is_visible()
    assert page.input_value("#players") == "4" and "players=6" not in page.url
    assert page.evaluate("new URL(location.href).searchParams.get('seed')") == seed and page.inner_text("#log") == log
    page.select_option("#level", "easy")
    press(page, "#confirm-yes")  # now it does start anew
    poll(page, f"new URL(location.href).searchParams.get('seed') !== '{seed}'")
    assert page.input_value("#level") == "easy"
    assert_clean(page)


@pytest.mark.parametrize("level_change", [False, True])
def test_new_game_while_the_bots_move_starts_it_at_once_and_the_old_game_stops(page, site_url, wait_ready,
                                                                               level_change):
    """At the bots' usual pace, New game (or another level) pressed while they move
    asks, then starts the new game; the old game's bots stop: nothing of it is drawn
    or logged after, and the new game plays."""
    page.goto(site_url + "?game=toepen&lang=en&seed=11&players=6&speed=instant")
    wait_ready(page)
    play_on(page, steady, until=lambda a: any(x.startswith("play ") for x in a))
    page.select_option("#speed", "normal")  # the bots at their usual pace from here
    press(page, f'button[data-action="{next(a for a in legal_buttons(page) if a.startswith("play "))}"]')
    poll(page, "document.getElementById('table').hasAttribute('aria-busy')")  # five bots to play
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    if level_change:
        page.select_option("#level", "easy")
    else:
        press(page, "#new-game")
    assert page.locator("#confirm").is_visible()
    press(page, "#confirm-yes")
    poll(page, f"new URL(location.href).searchParams.get('seed') !== '{seed}'")
    new_seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    next_decision(page)
    page.wait_for_timeout(1500)  # two bot moves' time: an old loop would have drawn by now
    lines = page.inner_text("#log").splitlines()
    assert sum(x.startswith("Deal 1:") for x in lines) == 1 and not any(x.startswith("You") for x in lines), lines
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:toepen')).seed") == int(new_seed)
    before = page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:toepen')).actions.length")
    click(page, steady(legal_buttons(page)))
    poll(page, f"JSON.parse(localStorage.getItem('cardtable:save:toepen')).actions.length > {before}")
    if level_change:
        assert page.input_value("#level") == "easy"
    assert_clean(page)


HIDE = """(hidden) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}"""


@pytest.mark.parametrize("lang, cue", [("en", "● Your turn — "), ("ja", "● あなたの番 — ")])
def test_the_tabs_title_says_your_turn_while_the_page_is_hidden(page, site_url, wait_ready, lang, cue):
    page.goto(site_url + f"?game=le_truc&lang={lang}&seed=5&first_dealer=0")
    wait_ready(page)
    next_decision(page)
    title = page.title()
    assert not title.startswith("●")
    page.evaluate(HIDE, True)  # the player switched tabs at their turn
    assert page.title() == cue + title
    page.evaluate(HIDE, False)
    assert page.title() == title
    click(page, legal_buttons(page)[0])
    page.evaluate(HIDE, True)  # away while the bot answers
    poll(page, f"document.title === {cue + title!r}")
    page.evaluate(HIDE, False)
    assert page.title() == title
    assert_clean(page)


def test_the_dialog_speaks_japanese(page, site_url, wait_ready):
    page.goto(site_url + "?game=toepen&lang=ja&seed=11&speed=instant")
    wait_ready(page)
    play_on(page, steady, until=lambda a: any(x.startswith("play ") for x in a))
    press(page, "#new-game")
    text = page.inner_text("#confirm")
    assert "このゲームをやめますか" in text and "続ける" in text
    page.keyboard.press("Escape")
    assert_clean(page)


SAVED_MOVES = "JSON.parse(localStorage.getItem('cardtable:save:tressette')).actions.length"


@pytest.mark.parametrize("lang, label, name", [("en", "Undo", "Undo my last move"), ("ja", "戻す", "ひとつ前の手に戻す")])
def test_undo_at_the_easy_level_takes_back_the_last_move_and_the_bots_answers(page, site_url, wait_ready,
                                                                               lang, label, name):
    page.goto(site_url + f"?game=tressette&lang={lang}&seed=4&level=easy&speed=instant")
    wait_ready(page)
    next_decision(page)
    assert not page.locator("#undo").is_visible()  # nothing to undo yet
    before = [legal_buttons(page), page.inner_text("#table"), page.inner_text("#log"), page.evaluate(SAVED_MOVES)]
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    next_decision(page)
    assert page.evaluate(SAVED_MOVES) > before[3]  # the move and the bot's answer
    assert page.inner_text("#undo") == label and page.get_attribute("#undo", "aria-label") == name
    press(page, "#undo")
    poll(page, f"{SAVED_MOVES} === {before[3]}")
    next_decision(page)
    assert [legal_buttons(page), page.inner_text("#table"), page.inner_text("#log"),
            page.evaluate(SAVED_MOVES)] == before
    assert not page.locator("#undo").is_visible()
    page.reload()  # the save is the undone game
    wait_ready(page)
    next_decision(page)
    assert legal_buttons(page) == before[0]
    assert_clean(page)


def test_no_undo_above_the_easy_level(page, site_url, wait_ready):
    page.goto(site_url + "?game=tressette&lang=en&seed=4&level=normal&speed=instant")
    wait_ready(page)
    next_decision(page)
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    next_decision(page)
    assert page.locator("#undo").count() == 1 and not page.locator("#undo").is_visible()
    assert_clean(page)


def test_tap_twice_raises_a_card_first_and_plays_it_on_the_second_tap(page, site_url, wait_ready):
    """The setting against misplays: a first tap raises the card (another card's tap
    raises that one instead), the second plays it; the keyboard plays at once."""
    page.goto(site_url + "?game=tressette&lang=en&seed=4&speed=instant")
    wait_ready(page)
    page.check("#tap-twice")
    next_decision(page)
    cards = page.evaluate("[...document.querySelectorAll('#hand .card-button')].map(b => b.dataset.action)")
    moves = page.evaluate(SAVED_MOVES)
    press(page, f'#hand button[data-action="{cards[0]}"]')
    page.wait_for_timeout(300)
    assert page.evaluate(SAVED_MOVES) == moves  # raised, not played
    assert page.get_attribute(f'#hand button[data-action="{cards[0]}"]', "aria-pressed") == "true"
    press(page, f'#hand button[data-action="{cards[1]}"]')  # changed my mind
    assert page.get_attribute(f'#hand button[data-action="{cards[0]}"]', "aria-pressed") == "false"
    assert page.get_attribute(f'#hand button[data-action="{cards[1]}"]', "aria-pressed") == "true"
    press(page, f'#hand button[data-action="{cards[1]}"]')
    poll(page, f"{SAVED_MOVES} > {moves}")
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:tressette')).actions")[moves] == cards[1]
    next_decision(page)
    moves = page.evaluate(SAVED_MOVES)
    page.focus("#hand .card-button")
    page.keyboard.press("Enter")  # the keyboard: at once
    poll(page, f"{SAVED_MOVES} > {moves}")
    page.uncheck("#tap-twice")
    next_decision(page)
    moves = page.evaluate(SAVED_MOVES)
    press(page, "#hand .card-button")  # off again: one tap plays
    poll(page, f"{SAVED_MOVES} > {moves}")
    assert_clean(page)
