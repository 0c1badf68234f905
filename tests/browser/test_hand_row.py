"""A hand of five cards or fewer is one row on every narrow screen, its cards
narrower where they must be and still 44 px wide: where a window has a classic
scrollbar (a desktop browser, an embed in an article) it takes 15 px, and Japanese
Loo's five cards wrapped one to a row of its own at 390 and 360 px."""

import pytest

from tests.support.pages import assert_clean

pytestmark = pytest.mark.browser

# A phone's width, a small phone's and an embed's (440 px), each with a classic scrollbar's
# 15 px taken from the page but not from the viewport's units (vw), as a scrollbar does:
# the test's Chromium hides its scrollbars, so the page's right padding stands in for one.
WIDTHS = [390, 360, 440]
SCROLLBAR = "document.documentElement.style.paddingRight = '15px'"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", ["japanese_loo&players=5", "toepen"])
def test_a_hand_of_five_is_one_row(page, site_url, wait_ready, game, width):
    page.set_viewport_size({"width": width, "height": 760})
    page.goto(site_url + f"?game={game}&seed=3&speed=instant&lang=ja")
    wait_ready(page)
    page.evaluate(SCROLLBAR)
    cards = page.evaluate("""() => [...document.querySelectorAll('#hand > .hand-slot')].map((n) => {
        const r = n.getBoundingClientRect(); return [Math.round(r.top), r.width, r.right]; })""")
    assert 4 <= len(cards) <= 5
    assert len({top for top, _, _ in cards}) == 1, f"{game} at {width} px: the hand in rows {cards}"
    assert min(w for _, w, _ in cards) >= 44, f"{game} at {width} px: a card narrower than 44 px {cards}"
    assert max(right for _, _, right in cards) <= width - 15, f"{game} at {width} px: a card under the scrollbar"
    assert_clean(page)
