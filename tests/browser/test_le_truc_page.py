"""Le Truc in the page, as a player meets it: boot, a whole game by clicking the
data-action buttons, language switch, phone width, keyboard play, reload, bad links."""

import pytest

from tests.conftest import alert_texts
from tests.support.pages import (assert_clean, assert_reload_keeps_the_table, legal_buttons, next_decision,
                                 play_on, play_to_the_end, poll, press, press_enter_through)

pytestmark = pytest.mark.browser

GAME = "?game=le_truc&speed=instant"


def test_home_lists_all_six_games_with_the_playable_ones_linked(page, site_url, wait_ready):
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    cards = page.locator(".game-card")
    assert cards.count() == 6
    links = page.evaluate("[...document.querySelectorAll('.game-card a.play')].map(a => a.getAttribute('href'))")
    assert links == [f"play/{g}/en/" for g in ("le_truc", "tressette", "brazilian_truco", "japanese_loo",
                                                "toepen", "oneonta_whist")]  # each game's own page
    assert_clean(page)


def test_seeded_game_is_played_to_the_end_by_clicking_buttons(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11")
    wait_ready(page)

    def choose(actions, clicks):  # a varied but fixed policy: raise with the first card, accept offers
        choice = next((a for a in actions if a in ("accept", "keep", "refuse")), None)
        return choice or next((a for a in actions if a.endswith("down")), actions[0])

    play_to_the_end(page, choose)
    result = page.locator("[data-result]")
    assert result.get_attribute("data-result") in ("win", "loss")
    scores = page.evaluate("[...document.querySelectorAll('.seat .score')].map(s => s.textContent)")
    points = [int(s.split(":")[1].split("of")[0]) for s in scores]  # "Score: 31 of 30"
    assert max(points) >= 30 and min(points) < 30
    assert page.locator("button[data-action]").count() == 0  # no decisions after the end
    assert "wins the game" in page.locator("#log").inner_text()
    assert_clean(page)


def test_only_legal_actions_have_buttons(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    assert sorted(legal_buttons(page)) == ["keep", "redo"]
    press(page, 'button[data-action="keep"]')
    next_decision(page)
    actions = legal_buttons(page)
    assert len(actions) == 3 and all(a.startswith("play ") and not a.endswith("down") for a in actions)
    assert "face up" in page.inner_text("#status")


def test_language_switch_changes_the_words(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    assert page.inner_text("#game-title") == "Le Truc"
    assert page.inner_text('button[data-action="keep"]').startswith("Play")
    press(page, "#lang")
    poll(page, "document.documentElement.lang === 'ja'")
    assert page.inner_text("#game-title") == "ル・トゥルック"
    assert page.inner_text('button[data-action="keep"]') == "勝負"
    assert page.inner_text('button[data-action="redo"]') == "やり直し"
    assert "あなた" in page.inner_text("#seat-0")
    assert "lang=ja" in page.url


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_phone_width_has_no_horizontal_scroll(browser, site_url, wait_ready, lang):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + GAME + f"&lang={lang}&seed=9&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    press(page, 'button[data-action="keep"]')
    next_decision(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    card_width = page.evaluate("document.querySelector('.card-button').getBoundingClientRect().width")
    assert card_width >= 56, "cards stay readable on a phone"
    context.close()


def test_keyboard_alone_plays(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=21&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    press_enter_through(page, 6)
    assert page.evaluate("document.querySelectorAll('#log li').length") >= 6


def test_bot_moves_are_announced_in_a_live_log(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    press(page, 'button[data-action="keep"]')
    next_decision(page)
    press(page, "#hand button[data-action]")
    poll(page, "[...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith('The bot'))")
    assert page.get_attribute("#log", "role") == "log"
    assert page.get_attribute("#log", "aria-live") == "polite"


def test_the_log_only_grows_and_follows_the_language(page, site_url, wait_ready):
    """New lines are added, the old ones stay (a live region rebuilt after every move
    may be read out again, and rebuilding it froze long games); a language switch
    redraws it in the new words."""
    page.goto(site_url + GAME + "&lang=en&seed=5&first_dealer=1&speed=instant")
    wait_ready(page)
    next_decision(page)
    press(page, 'button[data-action="keep"]')
    next_decision(page)
    page.evaluate("document.querySelector('#log li').dataset.first = '1'")
    before = page.evaluate("document.querySelectorAll('#log li').length")
    press(page, "#hand button[data-action]")
    poll(page, f"document.querySelectorAll('#log li').length > {before + 1}")
    assert page.evaluate("document.querySelector('#log li').dataset.first") == "1"
    press(page, "#lang")
    poll(page, "document.documentElement.lang === 'ja'")
    lines = page.evaluate("[...document.querySelectorAll('#log li')].map(li => li.textContent)")
    assert len(lines) > before + 1 and not any("The bot" in line for line in lines)
    assert any(line.startswith("ボットは") for line in lines)  # "The bot ..." in Japanese


def test_reload_mid_game_loses_nothing(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=33&first_dealer=1")
    wait_ready(page)
    for _ in range(4):
        next_decision(page)
        press(page, "button[data-action]")
    assert_reload_keeps_the_table(page, wait_ready)
    assert_clean(page)


@pytest.mark.parametrize("query, message", [
    ("?game=le_truc&seed=abc&lang=en&speed=instant", "seed=abc"),
    ("?game=le_truc&level=godlike&lang=en&speed=instant", "level=godlike"),
    ("?game=le_truc&target=0&lang=en&speed=instant", "target"),
])
def test_bad_address_parameters_explain_and_still_play(page, site_url, wait_ready, query, message):
    page.goto(site_url + query)
    poll(page, "document.documentElement.dataset.ready === 'true'")
    poll(page, "document.querySelector('button[data-action]')")
    assert any(message in a for a in alert_texts(page))


@pytest.mark.real_engine("no runtime is downloaded for it")
def test_unknown_game_shows_the_list_and_says_why(page, site_url):
    """...and downloads no runtime for it (preload.js knows the games)."""
    runtime = []
    page.on("request", lambda r: "/vendor/" in r.url and runtime.append(r.url))
    page.goto(site_url + "?game=chess&lang=en")
    poll(page, "document.documentElement.dataset.ready === 'true'")
    assert any("chess" in a for a in alert_texts(page))
    assert page.locator(".game-card").count() == 6
    page.wait_for_timeout(500)
    assert runtime == []


def test_four_colour_deck_changes_the_diamonds(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=5&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    page.check("#four-colour")
    html = page.inner_html("#hand")
    assert "#0057b8" in html or "#00843d" in html or all(c not in html for c in ("D", "C"))


def test_a_link_to_another_deal_starts_it_instead_of_the_saved_game(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=33&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    press(page, 'button[data-action="keep"]')
    next_decision(page)
    page.goto(site_url + GAME + "&lang=en&seed=34&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    assert "34" in page.inner_text("#seed") and sorted(legal_buttons(page)) == ["keep", "redo"]
    page.goto(site_url + GAME + "&lang=en&seed=34&first_dealer=1&level=easy")
    wait_ready(page)
    assert page.input_value("#level") == "easy"


def test_finished_games_are_counted_in_the_record(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=11&target=2&level=random")
    wait_ready(page)
    assert "no finished games" in page.inner_text("#stats")
    while not next_decision(page):
        press(page, "button[data-action]")
    record = page.inner_text("#stats")
    assert "1 game," in record  # one game, in the singular
    key = "cardtable:stats:le_truc:level:random:rules:target=2"  # a record per level and rule set: this game's
    assert record.startswith("House rules") and page.evaluate(f"localStorage.getItem('cardtable:stats:le_truc')") is None
    page.evaluate(f"localStorage.setItem('{key}', '{{broken')")
    page.reload()
    wait_ready(page)
    assert "no finished games" in page.inner_text("#stats")  # unreadable: set aside, not crashed on
    assert page.evaluate(f"localStorage.getItem('{key}:unreadable')") == "{broken"


@pytest.mark.parametrize("bad", ['{"v": 1, "game": "le_truc", "seed": 1, "actions": ["zz"]}',
                                 '{"v": 0, "game": "le_truc"}', "not json at all"])
def test_a_corrupted_or_old_save_is_reported_and_set_aside(page, site_url, wait_ready, bad):
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    page.evaluate(f"localStorage.setItem('cardtable:save:le_truc', {bad!r})")
    page.goto(site_url + GAME + "&lang=en")
    poll(page, "document.documentElement.dataset.ready === 'true'")
    next_decision(page)
    assert any("could not be restored" in a for a in alert_texts(page))
    assert page.evaluate("localStorage.getItem('cardtable:save:le_truc:unreadable')") == bad
    assert legal_buttons(page)  # a fresh game plays


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hint_says_what_the_normal_bot_would_do_and_why(page, site_url, wait_ready, lang):
    page.goto(site_url + GAME + f"&lang={lang}&seed=5&first_dealer=1")
    wait_ready(page)
    next_decision(page)
    press(page, "#hint")
    poll(page, "!document.getElementById('hint-text').hidden")
    text = page.inner_text("#hint-text")
    assert "%" in text  # the reason gives the chance it is based on
    suggested = page.evaluate("[...document.querySelectorAll('button.suggested')].map(b => b.dataset.action)")
    assert len(suggested) == 1 and suggested[0] in legal_buttons(page)
    press(page, f'button[data-action="{suggested[0]}"]')
    next_decision(page)
    assert page.evaluate("document.getElementById('hint-text').hidden")  # a hint is for one position


def test_both_hands_can_be_reviewed_after_a_round(page, site_url, wait_ready):
    page.goto(site_url + GAME + "&lang=en&seed=33&first_dealer=1&level=random")
    wait_ready(page)
    while page.evaluate("document.getElementById('last-round').hidden"):
        assert not next_decision(page)
        press(page, "button[data-action]")
    assert not page.is_checked("#learning")  # learning mode is off by default
    press(page, ".showdown-button")
    poll(page, "document.querySelectorAll('.showdown-hand').length === 2")
    assert page.locator(".showdown-hand .chip").count() == 6  # three cards each
    # by default the bot's cards the table never saw are backs, marked in words
    backs = page.locator(".showdown-hand .chip.back").count()
    assert backs > 0 and page.locator(".showdown-hand").nth(0).locator(".chip.back").count() == 0
    assert f"not shown ({backs})" in page.inner_text(".showdown") and "Learning mode" in page.inner_text(".showdown")
    shown_default = page.inner_text(".showdown-hand >> nth=1")
    # learning mode lays them open: the same six cards, none a back, still marked as hidden at the table
    page.check("#learning")
    assert page.evaluate("localStorage.getItem('cardtable:learning')") == "1"
    press(page, ".showdown-button")
    poll(page, "document.querySelector('.showdown')?.dataset.everything === 'true'")
    assert page.locator(".showdown-hand .chip").count() == 6 and page.locator(".showdown-hand .chip.back").count() == 0
    assert page.locator(".showdown-hand .showdown-hidden .chip").count() == backs
    assert page.inner_text(".showdown-hand >> nth=1") != shown_default


@pytest.mark.real_engine("the strong bot fetches its data from the worker")
def test_strong_bot_fetches_its_policy_only_when_it_plays(page, site_url, wait_ready):
    """The solved policy is not in cardtable.zip: the worker fetches data/ on the
    strong bot's first decision, and a game at another level never downloads it."""
    asked = []  # downloads: the worker's request answered by the service worker is not one
    page.context.on("response", lambda r: asked.append(r.url)
                    if "le_truc_policy" in r.url and not r.from_service_worker else None)
    page.goto(site_url + GAME + "&lang=en&seed=11&level=normal")
    wait_ready(page)
    next_decision(page)
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    next_decision(page)
    assert asked == []
    page.goto(site_url + GAME + "&lang=en&seed=12&level=strong&first_dealer=1")
    wait_ready(page)
    play_to_the_end(page)
    assert len(asked) == 1 and asked[0].endswith("/data/le_truc_policy.bin")
    assert page.locator("[data-result]").get_attribute("data-result") in ("win", "loss")
    assert_clean(page)


@pytest.mark.parametrize("lang, words", [("en", "Face down"), ("ja", "裏出し")])
def test_a_card_that_may_go_face_down_carries_a_button_in_the_words_the_table_gives(page, site_url, wait_ready,
                                                                                    lang, words):
    """The button under a card says what the table's room names for it (``room.under``),
    and tells a screen reader the whole decision; the page reads nothing from the action."""
    page.goto(site_url + GAME + f"&lang={lang}&seed=5")
    wait_ready(page)
    actions = play_on(page, lambda actions: next(a for a in actions if a.startswith("play")),
                      until=lambda actions: any(a.endswith(" down") for a in actions))
    assert actions, "a face-down play was offered in the game"
    button = page.evaluate("""() => { const b = document.querySelector('#hand button.down-button[data-action]');
        return b && { text: b.textContent, label: b.getAttribute('aria-label'), action: b.dataset.action,
                      under: b.closest('.hand-slot').querySelector('.card-button').dataset.card }; }""")
    assert button["text"] == words, button
    assert button["action"] == f"play {button['under']} down"  # under the card it plays
    assert len(button["label"]) > len(words) + 4, button  # the whole decision, said ("7 of spades face down …")
