"""The guided first game in the page (page/lesson.js), as a newcomer meets it: in
every game and both languages, on a phone (390×844), each step's note and the move it
asks for on screen together (the lesson's links and buttons 44 px at least), followed by clicking data-tutorial-next to the end
(data-tutorial-done) with no console error; a move that is not the step's refused with
its reason and nothing changed; a reload comes back to the same step; the player's own
saved game is left alone; the links to the lesson and to the rule a step teaches."""

import json

import pytest

from cardtable import games, tutorial
from tests.support.pages import poll, press
from tests.conftest import alert_texts, wait_ready

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

STATE = """() => {
  const step = document.querySelector('[data-tutorial-step]');
  return {
    busy: document.getElementById('table').hasAttribute('aria-busy'),
    step: step ? Number(step.dataset.tutorialStep) : null,
    next: document.querySelector('[data-tutorial-next]')?.dataset.action ?? null,
    done: !!document.querySelector('[data-tutorial-done]'),
  };
}"""

ON_SCREEN = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""

SMALL_TARGETS = """[...document.querySelectorAll('#tutorial a, #tutorial button')]
  .filter((e) => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map((e) => e.textContent)"""

IN_SIGHT = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
}"""


def at_step(page):
    """Wait for the lesson to ask for a move (or to end); its state."""
    return poll(page, f"(() => {{ const s = ({STATE})(); return !s.busy && (s.next || s.done) ? s : null; }})()", timeout=60)


def moved_on(page, state):
    """Wait until the page has taken the move asked for at `state` (busy, or another step)."""
    poll(page, f"(() => {{ const s = ({STATE})(); return s.busy || s.done || s.next !== {json.dumps(state['next'])} || s.step !== {state['step']}; }})()")


def open_lesson(page, site_url, game, lang):
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}?game={game}&lang={lang}&tutorial=1&speed=instant")
    wait_ready(page, timeout=90)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", games.names())
def test_the_lesson_is_followed_to_its_end_on_a_phone(page, site_url, game, lang):
    plan = tutorial.get(game)
    open_lesson(page, site_url, game, lang)
    words = page.evaluate("fetch('web/i18n/tutorial/%s.%s.json').then(r => r.json())" % (game, lang))
    steps = []
    for _ in range(200):
        state = at_step(page)
        if state["done"]:
            break
        note = page.inner_text("[data-tutorial-step]")
        steps.append(state["step"])
        assert note in (words[f"tutorial.{game}.{state['step']}"], words.get(f"tutorial.{game}.free"))
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(ON_SCREEN, "[data-tutorial-step]"), f"step {state['step']}: the note is off screen"
        assert page.evaluate(ON_SCREEN, "[data-tutorial-next]"), f"step {state['step']}: the move to make is off screen"
        if page.evaluate("!!document.querySelector('[data-tutorial-look]')"):
            assert page.evaluate(IN_SIGHT, "[data-tutorial-look]"), f"step {state['step']}: what the note shows is out of sight"
        page.evaluate("document.querySelector('[data-tutorial-next]').click()")
        moved_on(page, state)
    else:
        raise AssertionError("the lesson never ended")
    guided = [s for s in steps if s <= len(plan.steps)]
    assert sorted(set(guided)) == list(range(1, len(plan.steps) + 1))
    assert page.inner_text("[data-tutorial-done]") == words[f"tutorial.{game}.done"]
    real = page.locator(".tutorial-real")
    assert real.is_visible() and "tutorial" not in real.get_attribute("href")
    assert page.evaluate(ON_SCREEN, ".tutorial-real")
    assert page.evaluate(SMALL_TARGETS) == []
    assert not alert_texts(page)
    assert page.console_errors == [] and page.page_errors == []


@pytest.mark.parametrize("game,lang", [("le_truc", "ja"), ("japanese_loo", "en"), ("toepen", "ja")])
def test_a_wrong_move_is_refused_with_its_reason_and_changes_nothing(page, site_url, game, lang):
    open_lesson(page, site_url, game, lang)
    state = at_step(page)
    before = page.evaluate("JSON.stringify(JSON.parse(localStorage.getItem('cardtable:tutorial:%s')))" % game)
    other = page.evaluate("""() => [...document.querySelectorAll('#table button[data-action]:not([disabled])')]
        .map(b => b.dataset.action).find(a => a !== document.querySelector('[data-tutorial-next]').dataset.action)""")
    assert other, "a step with a choice"
    press(page, f'#table button[data-action="{other}"]')
    why = poll(page, "document.querySelector('.tutorial-wrong:not([hidden])')?.innerText")
    words = page.evaluate("fetch('web/i18n/tutorial/%s.%s.json').then(r => r.json())" % (game, lang))
    assert why.endswith(words[f"tutorial.{game}.{state['step']}.wrong"])
    assert at_step(page) == state  # the same step, the same move asked for
    assert page.evaluate("JSON.stringify(JSON.parse(localStorage.getItem('cardtable:tutorial:%s')))" % game) == before
    assert not alert_texts(page)
    page.evaluate("document.querySelector('[data-tutorial-next]').click()")  # the step's move: on to the next
    poll(page, "!document.querySelector('.tutorial-wrong:not([hidden])')")


@pytest.mark.parametrize("game", ["tressette", "brazilian_truco", "oneonta_whist"])
def test_a_reload_comes_back_to_the_same_step_and_the_players_own_game_is_untouched(page, site_url, game):
    page.goto(f"{site_url}?game={game}&lang=en&speed=instant")
    wait_ready(page, timeout=90)
    poll(page, "!document.getElementById('table').hasAttribute('aria-busy') && !!document.querySelector('#table button[data-action]:not([disabled])')")
    own = poll(page, "localStorage.getItem('cardtable:save:%s')" % game)  # (the bots have moved: the player's turn)
    open_lesson(page, site_url, game, "en")
    for _ in range(2):
        step = at_step(page)
        page.evaluate("document.querySelector('[data-tutorial-next]').click()")
        moved_on(page, step)
    state = at_step(page)
    note = page.inner_text("[data-tutorial-step]")
    page.reload()
    wait_ready(page, timeout=90)
    assert at_step(page) == state
    assert page.inner_text("[data-tutorial-step]") == note
    assert page.evaluate("localStorage.getItem('cardtable:save:%s')" % game) == own
    # leaving the lesson goes back to the player's own game
    with page.expect_navigation():  # a link: wait for the new page, not the lesson's, still ready
        press(page, ".tutorial-head .tutorial-leave")
    wait_ready(page, timeout=90)
    assert page.evaluate("JSON.parse(localStorage.getItem('cardtable:save:%s')).seed" % game) == json.loads(own)["seed"]
    assert page.locator("#tutorial").is_hidden()


def test_every_game_offers_its_lesson_on_the_landing_page_the_table_and_the_rules_page(page, site_url):
    page.goto(f"{site_url}?lang=ja")
    wait_ready(page)
    links = page.evaluate("[...document.querySelectorAll('.game-card .learn-link')].map(a => a.getAttribute('href'))")
    assert links == [f"play/{g}/ja/?tutorial=1" for g in games.names()]
    page.goto(f"{site_url}?game=toepen&lang=en&speed=instant")
    wait_ready(page, timeout=90)
    assert page.get_attribute("#learn-link", "href") == "./?game=toepen&lang=en&tutorial=1&speed=instant"  # the speed kept
    assert page.inner_text("#learn-link") == "Learn to play"
    page.goto(f"{site_url}rules.html?game=le_truc&lang=ja")
    wait_ready(page)
    assert page.get_attribute("#learn", "href") == "play/le_truc/ja/?tutorial=1"
    # a step's rule link opens its section of the rules page
    page.goto(f"{site_url}rules.html?game=le_truc&lang=en#redo")
    wait_ready(page)
    assert page.evaluate("document.getElementById('redo').classList.contains('asked')")
    assert page.evaluate(IN_SIGHT, "#redo")


def test_the_lesson_speaks_the_language_switched_to_and_its_move_takes_the_keyboards_focus(page, site_url):
    open_lesson(page, site_url, "japanese_loo", "en")
    state = at_step(page)
    ja = page.evaluate("fetch('web/i18n/tutorial/japanese_loo.ja.json').then(r => r.json())")
    poll(page, "document.activeElement?.hasAttribute('data-tutorial-next')")
    press(page, "#lang")
    poll(page, "document.documentElement.lang === 'ja'")
    assert poll(page, "document.querySelector('[data-tutorial-step]').innerText") == ja[f"tutorial.japanese_loo.{state['step']}"]
    assert page.inner_text(".tutorial-head a.tutorial-rule").startswith("ルール")
    page.focus("[data-tutorial-next]")
    page.keyboard.press("Enter")  # the step's move, by keyboard
    poll(page, "(() => { const s = document.querySelector('[data-tutorial-step]'); return s && s.dataset.tutorialStep !== '%d'; })()" % state["step"])
