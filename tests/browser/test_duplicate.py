"""The duplicate in the page (page/duplicate.js, cardtable/duplicate.py): once the
player has finished today's deal, the strong bot's play of the same cards from their
seat is shown beside their own result, in both languages, with the decisions where
the two chose differently; the deal's end box says both results in a line."""

import datetime
import json

import pytest

from cardtable import duplicate
from cardtable.session import Session
from tests.support.pages import legal_buttons, next_decision, poll, press

pytestmark = pytest.mark.browser

UTC = datetime.timezone.utc
NOON_IN_TOKYO = datetime.datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
DAY = "2026-11-29"


def open_daily(browser, site_url, wait_ready, lang="en", game="le_truc", speed="instant"):
    context = browser.new_context(timezone_id="Asia/Tokyo")
    page = context.new_page()
    page.clock.set_fixed_time(NOON_IN_TOKYO)
    page.goto(site_url + f"?game={game}&lang={lang}&daily=1&speed={speed}")
    wait_ready(page)
    return page


def play_the_daily(page, until="#duplicate:not([hidden])", choose=lambda page: legal_buttons(page)[0]):
    """The move ``choose(page)`` names (the first legal one) at each decision until
    the daily's comparison shows, or until ``choose`` names none."""
    for _ in range(200):
        if page.evaluate(f"Boolean(document.querySelector('{until}'))"):
            return
        if next_decision(page):
            break
        action = choose(page)
        if action is None:  # the day's deal played: the game goes on, the comparison comes
            break
        press(page, f'button[data-action="{action}"]')
    poll(page, f"document.querySelector('{until}')")


def saved_daily(page, game="le_truc"):
    return Session.restore(json.loads(page.evaluate(f"localStorage.getItem('cardtable:daily:{game}')")))


def strong_result(game="le_truc"):
    replay = duplicate.Duplicate(game, DAY)
    replay.step(10_000)
    return replay.result


@pytest.mark.parametrize("lang, you, strong, unit", [("en", "You", "Strong bot", " point"), ("ja", "あなた", "強いボット", "点")])
def test_the_strong_bots_result_is_shown_beside_the_players(browser, site_url, wait_ready, lang, you, strong, unit):
    page = open_daily(browser, site_url, wait_ready, lang)
    play_the_daily(page)
    shown = json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60))
    session = saved_daily(page)
    assert shown == {"you": session.model()["daily"]["result"], "strong": strong_result()}
    kept = poll(page, f"JSON.parse(localStorage.getItem('cardtable:days:le_truc'))?.days['{DAY}']?.strong !== undefined"
                f" && JSON.parse(localStorage.getItem('cardtable:days:le_truc')).days['{DAY}']")
    assert (kept["result"], kept["strong"]) == (shown["you"], shown["strong"])  # the day's record keeps both
    rows = page.eval_on_selector_all("#duplicate .duplicate-results tr",
                                     "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText])")
    assert [r[0] for r in rows] == [you, strong]
    for (_, amount), value in zip(rows, (shown["you"], shown["strong"])):
        sign = "+" if value > 0 else "−" if value < 0 else "±"
        assert amount.startswith(f"{sign}{abs(int(value))}") and unit in amount
    verdict = page.inner_text("#duplicate .duplicate-verdict")
    if lang == "ja":
        assert verdict.startswith("同じ配札で") and verdict.endswith("。")
    else:
        assert "on the same cards" in verdict


def test_the_decisions_where_the_player_and_the_strong_bot_differed_are_listed(browser, site_url, wait_ready):
    page = open_daily(browser, site_url, wait_ready, game="tressette")
    play_the_daily(page)
    poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60)
    press(page, "#duplicate .analysis-button")
    poll(page, "document.querySelector('#duplicate .analysis[data-review]')", timeout=90)
    review = saved_daily(page, "tressette").analyse("daily", 1000)
    differ = [d["move"] for d in review["decisions"] if d["played"] != d["strong"]]
    moves = "items => items.map(i => Number(i.dataset.reviewMove))"
    listed = page.eval_on_selector_all("#duplicate .analysis-every [data-review-move]", moves)
    assert listed == differ  # every one, in play order
    summary = page.inner_text("#duplicate .analysis-summary")
    if differ:
        assert f"of your {len(review['decisions'])} decisions" in summary
        assert page.locator("#duplicate .analysis-every .analysis-demo").count() == len(differ)  # each opens as "Play on from here"
    if len(differ) > 3:  # a long list: the three costliest first, every one behind "All n ..."
        loss = {d["move"]: d["loss"] for d in review["decisions"]}
        top = page.eval_on_selector_all("#duplicate .analysis-top [data-review-move]", moves)
        assert sorted(loss[m] for m in top) == sorted(loss[m] for m in differ)[-3:] and len(top) == 3
        assert page.inner_text("#duplicate .analysis-all > summary") == f"All {len(differ)} where you chose differently"
        assert not page.evaluate("document.querySelector('#duplicate .analysis-all').open")
        assert not page.locator("#duplicate .analysis-every").is_visible()
        marker = "getComputedStyle(document.querySelector('#duplicate .analysis-all > summary'), '::before')"
        assert page.evaluate(f"{marker}.content") == '"▸"'  # it says it opens, and it turns when open
        assert page.evaluate(f"{marker}.transform") == "none"
        press(page, "#duplicate .analysis-all > summary")
        assert page.locator("#duplicate .analysis-every").is_visible()
        poll(page, f"{marker}.transform !== 'none'")
    if not differ:
        assert summary == "You chose as the strong bot would have at every decision."


def test_a_player_who_chose_as_the_strong_bot_at_every_decision_is_told_so(browser, site_url, wait_ready):
    """Today's deal played with the strong bot's own moves (its replay in this
    process): the table answers as it answered the bot, so the results are equal and
    no decision differs; the page says so in Japanese."""
    replay = duplicate.Duplicate("le_truc", DAY)
    replay.step(10_000)
    page = open_daily(browser, site_url, wait_ready, lang="ja")
    saved = "JSON.parse(localStorage.getItem('cardtable:daily:le_truc'))?.actions.length ?? 0"
    # the bot's next move, until its moves are all made (the next round's cards are
    # dealt at once at the instant pace, while the comparison is still being made)
    play_the_daily(page, choose=lambda page: (replay.moves + [None])[page.evaluate(saved)],
                   until="#duplicate[data-duplicate]")
    shown = json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60))
    assert saved_daily(page).actions == replay.moves
    assert shown == {"you": replay.result, "strong": replay.result}
    assert page.inner_text("#duplicate .duplicate-verdict").startswith("同じ配札で、強いボットとまったく同じ結果でした。")
    press(page, "#duplicate .analysis-button")
    poll(page, "document.querySelector('#duplicate .analysis[data-review]')", timeout=90)
    assert page.inner_text("#duplicate .analysis-summary") == "すべての判断で、強いボットと同じ手を選びました。"
    assert page.locator("#duplicate .analysis-every, #duplicate .analysis-all").count() == 0  # no list under it


def test_the_deal_end_box_says_both_results_and_a_reload_keeps_the_comparison(browser, site_url, wait_ready):
    page = open_daily(browser, site_url, wait_ready, lang="ja", speed="fast")
    for _ in range(200):
        if page.evaluate("Boolean(document.querySelector('[data-deal-end] .duplicate-summary'))"):
            break
        assert not page.evaluate("Boolean(document.querySelector('[data-result]'))")
        poll(page, """document.querySelector('[data-deal-end] .duplicate-summary')
            || [...document.querySelectorAll('button[data-action]:not([disabled])')].some((b) => !b.closest('[inert]'))""")
        if page.evaluate("Boolean(document.querySelector('[data-deal-end] .duplicate-summary'))"):
            break
        press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    line = poll(page, """(() => { const t = document.querySelector('[data-deal-end] .duplicate-summary').innerText;
        return t.startsWith('今日の一局：') ? t : ''; })()""", timeout=60)
    assert "強いボット" in line and line.endswith("比べた結果は卓の下にあります。")
    page.set_viewport_size({"width": 740, "height": 360})  # a 360-px phone on its side: the box scrolls, the line stays in sight
    assert page.evaluate("(b => b.scrollHeight > b.clientHeight)(document.querySelector('.deal-end-box'))")
    assert page.evaluate(IN_SIGHT, "[data-deal-end] .duplicate-summary"), "the two results are under the box's fold"
    press(page, "[data-deal-end] button.deal-end-next")
    before = json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60))
    page.reload()
    wait_ready(page)
    assert json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60)) == before


# True when the element's middle and both ends of its middle line are on screen and are the element itself
# (nothing over it: not the box's sticky foot, not the viewport's edge).
IN_SIGHT = """(selector) => {
  const e = document.querySelector(selector), r = e.getBoundingClientRect(), y = (r.top + r.bottom) / 2;
  return [r.left + 4, (r.left + r.right) / 2, r.right - 4].every((x) => e.contains(document.elementFromPoint(x, y)));
}"""


def test_no_comparison_outside_todays_deal(browser, site_url, wait_ready):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site_url + "?game=le_truc&lang=en&seed=7&speed=instant")
    wait_ready(page)
    next_decision(page)
    assert page.evaluate("document.querySelector('#duplicate').hidden")


COUNT_REPLAY = """(() => {
  const post = window.fetch; // (the stand-in asks the test's bridge with a POST: tests/support/engine.py)
  window.replayAsked = 0;
  window.fetch = (url, init) => {
    if (init?.method === "POST" && init.body && JSON.parse(init.body).op === "duplicate") window.replayAsked += 1;
    return post(url, init);
  };
})();"""


def test_the_replay_waits_for_the_players_end_once_it_is_played_out(browser, site_url, wait_ready):
    context = browser.new_context(timezone_id="Asia/Tokyo")
    context.add_init_script(COUNT_REPLAY)
    page = context.new_page()
    page.clock.set_fixed_time(NOON_IN_TOKYO)
    page.goto(site_url + "?game=le_truc&lang=en&daily=1&speed=instant")
    wait_ready(page)
    next_decision(page)  # the player thinks: the worker plays the strong bot's replay meanwhile ...
    asked = poll(page, "window.replayAsked")
    page.wait_for_timeout(1500)
    asked = page.evaluate("window.replayAsked")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.replayAsked") == asked  # ... and, played out, asks no more while the player thinks
    play_the_daily(page)
    assert json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate"))["strong"] == strong_result()
    context.close()
