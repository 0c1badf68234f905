"""Every deal's end is seen (page/deal-end.js): at a speed other than instant, the
end of a deal or round shows over the table (data-deal-end) with the lines that
closed it and the totals, the bots wait for the player's Next deal, the new deal
under it takes no click; at instant nothing waits; the words follow the language;
a setting continues by itself after a few seconds."""

import re

import pytest

from tests.support.pages import assert_clean, poll, press

pytestmark = pytest.mark.browser

MOVES = "JSON.parse(localStorage.getItem('cardtable:save:{game}') ?? '{{\"actions\": []}}').actions.length"

STATE = """document.querySelector('[data-deal-end]') ? 'deal-end'
  : document.querySelector('[data-result]') ? 'over'
  : ([...document.querySelectorAll('button[data-action]:not([disabled])')].some((b) => !b.closest('[inert]'))
     ? 'turn' : '')"""


def to_the_deal_end(page, choose, limit=60):
    """Play ``choose(actions)`` until a deal's end shows (never past it)."""
    for _ in range(limit):
        state = poll(page, STATE, timeout=60)
        if state == "deal-end":
            return
        assert state == "turn", "the game should not end before its first deal does"
        actions = page.evaluate("[...document.querySelectorAll('button[data-action]:not([disabled])')]"
                                ".map(b => b.dataset.action)")
        press(page, f'button[data-action="{choose(actions)}"]:not([disabled])')
        page.wait_for_timeout(100)
        if page.evaluate("!!document.querySelector('.play-out')"):
            press(page, ".play-out")  # out of the deal: the bots play it out at once
    raise AssertionError("a deal should end")


def le_truc_choice(actions):
    for a in ("keep", "refuse", "fold"):
        if a in actions:
            return a
    return next((a for a in actions if a.startswith("play ") and not a.endswith("down")), actions[0])


def in_view(page, selector):
    return page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0; }""",
                         selector)


def test_le_truc_s_round_end_shows_waits_for_next_deal_and_play_goes_on(page, site_url, wait_ready):
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1")  # the usual pace
    wait_ready(page)
    to_the_deal_end(page, le_truc_choice)
    box = page.locator("[data-deal-end]")
    assert box.get_attribute("data-deal-end") == "round" and box.get_attribute("role") == "dialog"
    assert box.locator("h2").inner_text() == "The round is over"
    lines = box.locator(".deal-end-lines li").all_inner_texts()
    assert lines and all(line in page.inner_text("#log") for line in lines)  # the lines that closed it
    totals = box.locator(".deal-end-totals tr").all_inner_texts()
    assert len(totals) == 2 and totals[0].startswith("You") and totals[1].startswith("Bot")
    assert all(re.search(r"\t\d+ points?$", row) for row in totals), totals  # each with its counter
    assert in_view(page, "[data-deal-end] .deal-end-box")
    poll(page, "document.activeElement?.classList.contains('deal-end-next')")
    assert page.evaluate("document.activeElement.getBoundingClientRect().height") >= 44
    # the bots wait and the new deal takes no click while it shows
    moves = page.evaluate(MOVES.format(game="le_truc"))
    page.wait_for_timeout(2000)
    assert page.evaluate(MOVES.format(game="le_truc")) == moves
    assert page.locator("[data-deal-end]").count() == 1
    assert page.evaluate("document.getElementById('dock').inert && document.getElementById('stage').inert")
    # the status says the round is over, not whose turn the next one's is
    assert page.inner_text("#status") == "The round is over: its result is in the box. Next round when you are ready."
    page.keyboard.press("Enter")  # Next round
    poll(page, "!document.querySelector('[data-deal-end]') && !document.getElementById('dock').inert")
    assert page.evaluate("document.getElementById('deal-end').hidden")
    poll(page, f"{MOVES.format(game='le_truc')} > {moves} || "
               "[...document.querySelectorAll('button[data-action]:not([disabled])')].length > 0")
    assert "round is over" not in page.inner_text("#status")
    assert_clean(page)


def test_escape_closes_the_box_as_next_deal_does(page, site_url, wait_ready):
    page.goto(site_url + "?game=le_truc&lang=ja&seed=5&first_dealer=1")
    wait_ready(page)
    to_the_deal_end(page, le_truc_choice)
    assert page.inner_text("#status") == "このラウンドは終わりました。結果を見て、「次のラウンドへ」を押してください。"
    poll(page, "document.activeElement?.classList.contains('deal-end-next')")
    page.keyboard.press("Escape")
    poll(page, "!document.querySelector('[data-deal-end]') && !document.getElementById('dock').inert")
    assert page.evaluate("document.getElementById('deal-end').hidden")
    assert_clean(page)


def test_at_instant_speed_no_box_waits(page, site_url, wait_ready):
    page.add_init_script("""new MutationObserver(() => {
        if (document.querySelector('[data-deal-end]')) window.sawDealEnd = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });""")
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1&speed=instant")
    wait_ready(page)
    closed = "document.querySelectorAll('#log li.ev-round, #log li.ev-fold').length"
    for _ in range(60):
        state = poll(page, STATE)
        assert state == "turn"
        if page.evaluate(closed):
            break
        actions = page.evaluate("[...document.querySelectorAll('button[data-action]:not([disabled])')]"
                                ".map(b => b.dataset.action)")
        press(page, f'button[data-action="{le_truc_choice(actions)}"]:not([disabled])')
    assert page.evaluate(closed)  # a round ended, and the next one is played at once
    assert not page.evaluate("window.sawDealEnd ?? false")
    assert_clean(page)


def test_japanese_loo_s_deal_end_speaks_japanese_on_a_phone(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto(site_url + "?game=japanese_loo&lang=ja&seed=7&players=4")
    wait_ready(page)
    to_the_deal_end(page, lambda actions: "out" if "out" in actions else actions[0])
    box = page.locator("[data-deal-end]")
    assert box.get_attribute("data-deal-end") == "deal"
    assert box.locator("h2").inner_text() == "ディール終了"
    assert box.locator(".deal-end-totals caption").inner_text() == "現在の合計"
    rows = box.locator(".deal-end-totals tr").all_inner_texts()
    assert len(rows) == 4 and all(re.search(r"\d+枚$", row) for row in rows), rows  # every seat's chips, counted
    assert box.locator(".deal-end-lines li").count() >= 1
    assert box.locator("button").inner_text() == "次のディールへ"
    assert in_view(page, "[data-deal-end] .deal-end-box")
    box.locator("button").click()
    poll(page, "!document.querySelector('[data-deal-end]')")
    context.close()


def test_the_setting_continues_by_itself_after_a_countdown(page, site_url, wait_ready):
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1&speed=fast")
    wait_ready(page)
    page.check("#deal-end-auto")
    assert page.evaluate("localStorage.getItem('cardtable:deal-end-auto')") == "1"
    to_the_deal_end(page, le_truc_choice)
    note = page.locator("[data-deal-end] .deal-end-auto")
    assert note.inner_text().startswith("Continuing in")
    poll(page, "!document.querySelector('[data-deal-end]')", timeout=6)  # 4 s at half the pace: about 2 s
    assert_clean(page)


@pytest.mark.parametrize("width,height", [(390, 844), (360, 640), (844, 390), (1280, 800)])
def test_the_box_and_its_button_are_on_screen_without_scrolling(browser, site_url, wait_ready, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url + "?game=le_truc&lang=ja&seed=5&first_dealer=1&speed=fast")
    wait_ready(page)
    to_the_deal_end(page, le_truc_choice)
    assert in_view(page, "[data-deal-end] .deal-end-box") and in_view(page, "[data-deal-end] button")
    size = page.evaluate("(() => { const r = document.querySelector('[data-deal-end] button').getBoundingClientRect();"
                         " return [r.width, r.height]; })()")
    assert min(size) >= 44
    hit = page.evaluate("""(() => { const r = document.querySelector('#hand').getBoundingClientRect();
      const n = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return n ? !!n.closest('#deal-end') : true; })()""")
    assert hit  # the box's backdrop, not the new deal's hand, takes a tap on the table
    context.close()


def test_the_box_passes_the_accessibility_audit_and_a_reload_shows_the_new_deal(page, site_url, wait_ready):
    from tests.browser.test_axe import assert_no_serious_violation

    page.goto(site_url + "?game=toepen&lang=ja&seed=5&speed=fast")
    wait_ready(page)
    to_the_deal_end(page, lambda actions: next((a for a in ("stay", "pass", "keep") if a in actions), actions[0]))
    assert_no_serious_violation(page, "the deal's end (toepen, ja)")
    moves = page.evaluate(MOVES.format(game="toepen"))
    page.reload()  # the game is saved at the new deal: the table shows it, no box
    wait_ready(page)
    assert page.evaluate(MOVES.format(game="toepen")) == moves
    assert page.locator("[data-deal-end]").count() == 0
    assert "第2ディール" in page.inner_text("#panel") or "第2ディール" in page.inner_text("#table")
