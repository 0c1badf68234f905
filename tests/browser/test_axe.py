"""The accessibility audit (axe-core, tests/browser/axe.py) of every page a player
meets, on a phone: the landing, every rules page, the embed builder, each game at
a decision (all six in Japanese, two in English too, one after a round with its
review open), a lesson (a move refused, and its end) and the embed's poster and table. No serious or critical violation;
a failure lists each one's rule, impact and element; no rule is skipped. And the
card buttons' names hold what their corners show (WCAG 2.5.3, label in name).

One browser context per kind of page, reused by its tests (the game pages share
the runtime's cache, so each boot after the first is quicker)."""

import time

import pytest

from cardtable import games
from tests.browser.axe import audit, new_phone_page, report, serious
from tests.support.pages import legal_buttons, next_decision, poll, press
from tests.conftest import wait_ready

pytestmark = pytest.mark.browser

GAMES = games.names()

@pytest.fixture(scope="module")
def phone_page(browser):
    """One phone-sized page for the static pages (landing, rules, builder)."""
    context, page = new_phone_page(browser)
    yield page
    context.close()


@pytest.fixture(scope="module")
def game_page(browser):
    """One phone-sized page for the game tables, reused from game to game."""
    context, page = new_phone_page(browser, is_mobile=True, has_touch=True)
    yield page
    context.close()


def assert_no_serious_violation(page, where):
    blocking = serious(audit(page))
    if blocking:
        pytest.fail(report(blocking, where), pytrace=False)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_landing(phone_page, site_url, lang):
    phone_page.goto(site_url + f"?lang={lang}")
    wait_ready(phone_page)
    assert_no_serious_violation(phone_page, f"the landing ({lang})")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_page(phone_page, site_url, game, lang):
    phone_page.goto(site_url + f"rules.html?game={game}&lang={lang}")
    wait_ready(phone_page)
    assert phone_page.locator("#text h2").count() >= 3  # the game's own text is in
    assert_no_serious_violation(phone_page, f"rules.html?game={game}&lang={lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_embed_builder(phone_page, site_url, lang):
    phone_page.goto(site_url + f"embed.html?lang={lang}")
    wait_ready(phone_page)
    assert_no_serious_violation(phone_page, f"embed.html ({lang})")
    phone_page.select_option("#game", "tressette")  # tick boxes among its rules
    poll(phone_page, "document.querySelector('#rule-fields input[type=checkbox]')")
    assert_no_serious_violation(phone_page, f"embed.html ({lang}) with Tressette's rules")


def open_game(page, site_url, query):
    page.goto(site_url + f"?{query}&speed=instant")
    wait_ready(page)
    assert not next_decision(page) and legal_buttons(page), "a decision on screen"


@pytest.mark.parametrize("game, lang", [(g, "ja") for g in GAMES] + [("tressette", "en")])
def test_game_at_a_decision(game_page, site_url, game, lang):
    open_game(game_page, site_url, f"game={game}&lang={lang}&seed=3")
    assert_no_serious_violation(game_page, f"{game} ({lang}) at its first decision")


def test_le_truc_after_a_round_with_both_reviews_open(game_page, site_url):
    open_game(game_page, site_url, "game=le_truc&lang=en&seed=5&first_dealer=1")
    clicks = 0
    while not game_page.evaluate("!!document.querySelector('.showdown-button')"):
        assert not next_decision(game_page) and clicks < 40, "a round should end"
        press(game_page, f'button[data-action="{legal_buttons(game_page)[0]}"]')
        clicks += 1
    press(game_page, ".showdown-button")
    poll(game_page, "document.querySelector('.showdown').textContent.trim()")
    # and the review of the player's decisions, every decision listed
    press(game_page, "#last-round .analysis-button")
    poll(game_page, "document.querySelector('#last-round .analysis')?.dataset.review === 'complete'")
    game_page.evaluate("document.querySelector('#last-round .analysis-all').open = true")
    next_decision(game_page)
    assert_no_serious_violation(game_page, "Le Truc after a round, the hands and the decisions reviewed")


def test_embed_poster_and_table(game_page, site_url):
    game_page.goto(site_url + "index.html?game=japanese_loo&lang=ja&embed=1&speed=instant&seed=4")
    poll(game_page, "document.documentElement.dataset.ready === 'poster'")
    assert_no_serious_violation(game_page, "the embed's poster")
    press(game_page, "#play")
    wait_ready(game_page)
    assert not next_decision(game_page)
    assert_no_serious_violation(game_page, "the embed's table")


def test_rules_panel_open_in_both_languages(game_page, site_url):
    """The rules panel (Toepen's: the most options) open over the table."""
    open_game(game_page, site_url, "game=toepen&lang=ja&level=random")
    for lang in ("ja", "en"):
        press(game_page, "#rules-open")
        poll(game_page, "document.getElementById('rules-panel').open")
        assert_no_serious_violation(game_page, f"the rules panel ({lang})")
        game_page.keyboard.press("Escape")
        poll(game_page, "!document.getElementById('rules-panel').open")
        if lang == "ja":
            press(game_page, "#lang")
            poll(game_page, "document.documentElement.lang === 'en'")


def test_a_lesson_with_a_refused_move_and_its_end(game_page, site_url):
    game_page.goto(site_url + "?game=le_truc&lang=ja&tutorial=1&speed=instant")
    wait_ready(game_page)
    poll(game_page, "!!document.querySelector('[data-tutorial-next]')")
    press(game_page, 'button[data-action="redo"]')  # not the lesson's move: its reason shows
    poll(game_page, "!!document.querySelector('.tutorial-wrong:not([hidden])')")
    assert_no_serious_violation(game_page, "Le Truc's lesson (ja), a move refused")
    deadline = time.monotonic() + 120
    while not game_page.evaluate("!!document.querySelector('[data-tutorial-done]')"):
        assert time.monotonic() < deadline, "the lesson should end"
        if game_page.evaluate("!!document.querySelector('[data-tutorial-next]:not([disabled])')"):
            game_page.evaluate("document.querySelector('[data-tutorial-next]').click()")
        game_page.wait_for_timeout(50)
    assert_no_serious_violation(game_page, "Le Truc's lesson (ja) at its end")


# Each card button in the hand: its accessible name as the browser computes it, and
# what its picture's corner shows (the first index: "10", "K"; and the suit), and its
# mark in words where it has one (Truco's manilhas).
CARD_BUTTONS = """() => [...document.querySelectorAll('#hand .card-button')].map((b) => ({
  card: b.dataset.card, corner: b.querySelector('svg text').textContent,
  mark: b.querySelector('.mark')?.textContent ?? null }))"""
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.mark.parametrize("game, lang", [("brazilian_truco", "ja"), ("brazilian_truco", "en"), ("tressette", "en")])
def test_a_card_button_s_name_starts_with_what_its_corner_shows(game_page, site_url, game, lang):
    """A player who sees "10♥" in a card's corner and says it (speech input) finds
    the button: its name starts with the corner's text, then says the decision (and
    a mark, Truco's manilhas, in words)."""
    open_game(game_page, site_url, f"game={game}&lang={lang}&seed=3")
    for _ in range(20):  # to a card to play (Truco's first question: keep the hand?)
        if game_page.evaluate("document.querySelectorAll('#hand .card-button').length"):
            break
        press(game_page, f'button[data-action="{legal_buttons(game_page)[0]}"]')
        assert not next_decision(game_page)
    buttons = game_page.evaluate(CARD_BUTTONS)
    for b in buttons:
        snapshot = game_page.locator(f'#hand .card-button[data-card="{b["card"]}"]').aria_snapshot()
        name = snapshot.split('"')[1]  # - button "10♥, Play 10 of hearts"
        code = b["card"]
        corner = b["corner"] + SUITS.get(code[1], "") if code not in ("BJ", "LJ") else "JOKER"
        assert name.startswith(corner + {"en": ", ", "ja": "、"}[lang]), (code, name)
        assert len(name) > len(corner) + 2, (code, name)  # and then the decision
        if b["mark"]:
            assert name.endswith({"en": f" ({b['mark']})", "ja": f"（{b['mark']}）"}[lang]), (code, name)
