"""A hand of five cards or fewer is one row on every narrow screen, its cards
narrower where they must be and still 44 px wide: where a window has a classic
scrollbar (a desktop browser, an embed in an article) it takes 15 px, and Japanese
Loo's five cards wrapped one to a row of its own at 390 and 360 px. More cards lie
in two rows, and each upper card keeps its middle and a strip of 44 px to tap, even
while a lower card is hovered or raised."""

import pytest

from tests.support.pages import AIM, assert_clean, play_on, press

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


# Each upper-row card's strip left free by the lower row, and whether the card's
# middle (where a thumb lands, and where a click lands by default) is its own.
UPPER_ROW = """() => {
  const lower = document.querySelector('#hand > .hand-slot.lower');
  if (!lower) return null;
  const top = lower.getBoundingClientRect().top;
  return [...document.querySelectorAll('#hand > .hand-slot:not(.lower)')].map((slot) => {
    const r = slot.firstElementChild.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { card: slot.textContent.slice(0, 3), strip: top - r.top, middle: !!hit && hit.closest('.hand-slot') === slot };
  });
}"""


LOWER = "#hand > .hand-slot.lower > .card-button"  # (the first match: a card of the lower row)


@pytest.mark.parametrize("size", [(360, 760), (390, 844), (844, 390)])
@pytest.mark.parametrize("game", ["oneonta_whist", "tressette"])
def test_many_cards_lie_in_two_rows_and_each_upper_card_keeps_its_middle(page, site_url, wait_ready, game, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + f"?game={game}&seed=3&speed=instant&lang=ja")
    wait_ready(page)
    lower_buttons = page.locator(LOWER)
    play_on(page, lambda actions: actions[0], until=lambda actions: lower_buttons.count() > 0)  # a lower card to play
    page.mouse.move(0, 0)
    upper = page.evaluate(UPPER_ROW)
    assert upper, f"{game} at {size}: the hand should lie in two rows"
    assert min(u["strip"] for u in upper) >= 44, f"{game} at {size}: an upper card's strip under 44 px {upper}"
    assert all(u["middle"] for u in upper), f"{game} at {size}: an upper card's middle is covered {upper}"
    # a lower card hovered, or raised by a first tap ("tap twice"), rises but leaves
    # the middles above it free
    # (the mouse goes where a finger would, as `press` aims: Playwright's hover may
    # scroll the card to the window's top first, the row above it out of view)
    lower = lower_buttons.first
    aim = page.evaluate(AIM, LOWER)
    assert isinstance(aim, list), f"{game} at {size}: the lower card cannot be touched: {aim}"
    page.mouse.move(*aim)
    page.wait_for_timeout(200)  # the rise's transition
    assert all(u["middle"] for u in page.evaluate(UPPER_ROW)), f"{game} at {size}: a hovered lower card covers a middle"
    page.evaluate("localStorage.setItem('cardtable:tap-twice', '1')")
    press(page, LOWER)
    assert lower.get_attribute("aria-pressed") == "true"
    page.mouse.move(0, 0)
    page.wait_for_timeout(200)
    assert all(u["middle"] for u in page.evaluate(UPPER_ROW)), f"{game} at {size}: a raised lower card covers a middle"
    assert_clean(page)
