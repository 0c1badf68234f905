"""The review of the player's own decisions in the page (page/review.js): offered after a
deal in every game and at the game's end, in both languages; each reviewed decision an
element with data-review-move, data-review-decision and data-loss, the box data-review
once complete; a flagged position opens as a demo ("Play on from here"). The numbers a
player reads: decisions counted by the player's own count (never the game's move), and
losses rounded (whole points or chips, one decimal under 1, "about" where sampled)."""

import re

import pytest

from cardtable import games
from tests.support.pages import play_on, poll, press

pytestmark = pytest.mark.browser

PREFER = ("keep", "accept", "stay", "in", "silent", "pass", "refuse")
ITEMS = "[...document.querySelectorAll('{box} [data-review-move]')].map(e => [e.dataset.reviewMove, e.dataset.loss])"
COUNTS = "[...document.querySelectorAll('{box} [data-review-move]')].map(e => +e.dataset.reviewDecision)"
LOSS_LINES = "[...document.querySelectorAll('{box} .analysis-loss')].map(e => e.textContent)"
ROUNDED = {"en": re.compile(r"^(Loss: (about )?(0\.[1-9]|[1-9]\d*|0) (points?|chips?) \((exact|on average over \d+ deals)"
                            r"|No loss: your choice is the best found\.$)"),
           "ja": re.compile(r"^(損失：(約)?(0\.[1-9]|[1-9]\d*|0)(点|枚)（|損失なし：最善の選択です。$)")}


def choose(actions):
    """An ordinary player: keeps, accepts, stays in; else the first card."""
    return next((a for a in PREFER if a in actions), None) or next(
        (a for a in actions if a.startswith("play ") and not a.endswith(" down")), actions[0])


def play_until(page, selector):
    """Play through the game (``choose``) until a decision with ``selector`` shown."""
    play_on(page, choose, until=lambda actions: page.query_selector(selector) is not None)


def review_in(page, box):
    """Press the review button in ``box``, wait for it to complete; its decisions."""
    press(page, f"{box} .analysis-button")
    poll(page, f"document.querySelector('{box} .analysis')?.dataset.review === 'complete'", timeout=90)
    return page.evaluate(ITEMS.format(box=f"{box} .analysis-every"))


LANGS = dict(zip(games.names(), ["en", "ja"] * 3))
HEADINGS = {"en": ("Your decisions", "Your costliest decisions"), "ja": ("あなたの判断", "損の大きかった判断")}


@pytest.mark.parametrize("game", games.names())
def test_after_a_deal_the_review_lists_every_decision_with_its_loss(page, site_url, wait_ready, game):
    lang = LANGS[game]
    page.goto(site_url + f"index.html?game={game}&lang={lang}&seed=4&speed=instant")
    wait_ready(page)
    play_until(page, "#last-round:not([hidden]) .analysis-button")
    items = review_in(page, "#last-round")
    assert items, "the player decided something in the deal"
    moves = [int(m) for m, _ in items]
    assert moves == sorted(set(moves))
    assert all(float(loss) >= 0 for _, loss in items)
    for line in page.evaluate(LOSS_LINES.format(box="#last-round .analysis-every")):
        assert ROUNDED[lang].match(line), line  # never "14.31 ± 1.43"
        assert "±" not in line
    counts = page.evaluate(COUNTS.format(box="#last-round .analysis-every"))
    assert counts == sorted(set(counts)) and all(1 <= c <= m + 1 for c, m in zip(counts, moves))
    box = page.inner_text("#last-round .analysis")
    assert box.splitlines()[0] in HEADINGS[lang]
    if lang == "ja":
        assert "回の判断を検討しました" in box
    else:
        assert re.search(r"\d+ decisions? reviewed\.", box)
    assert page.console_errors == [] and page.page_errors == []


def test_a_review_under_way_goes_on_when_the_table_is_drawn_again(page, site_url, wait_ready):
    """The bots' moves after a deal redraw its summary, where the review is: a review
    the player started goes on in the same box (it stopped, its button back, when
    the box was drawn anew)."""
    page.goto(site_url + "index.html?game=brazilian_truco&lang=en&seed=4&speed=instant")
    wait_ready(page)
    play_until(page, "#last-round:not([hidden]) .analysis-button")
    page.evaluate("""() => { document.querySelector('#last-round .analysis-button').click();
        return import('./web/js/page/store.js').then(({ redraw }) => redraw()); }""")
    assert page.evaluate("document.querySelector('#last-round .analysis-button').disabled")  # the same, under way
    poll(page, "document.querySelector('#last-round .analysis')?.dataset.review === 'complete'", timeout=90)
    assert page.console_errors == [] and page.page_errors == []


def test_the_game_review_flags_costly_decisions_and_opens_one_as_a_demo(page, site_url, wait_ready):
    # a fold to every doubling, from a player who never doubles: the review finds it
    page.goto(site_url + "index.html?game=le_truc&lang=en&seed=3&speed=instant&target=7")
    wait_ready(page)
    play_on(page, lambda actions: "fold" if "fold" in actions else choose(actions))
    items = review_in(page, "#result")
    top = page.evaluate(ITEMS.format(box="#result .analysis-top"))
    assert 1 <= len(top) <= 3 and set(map(tuple, top)) <= set(map(tuple, items))
    losses = [float(loss) for _, loss in top]
    assert losses == sorted(losses, reverse=True) and losses[0] > 0.25
    first = page.locator("#result .analysis-top [data-review-move]").first
    assert "Costly" in first.inner_text() and "The strong bot would choose" in first.inner_text()
    move = int(top[0][0])
    decision = int(first.get_attribute("data-review-decision"))
    assert decision < move + 1 and first.inner_text().startswith(f"Your decision {decision}")
    assert re.search(r"Loss: about \d+ points?", first.inner_text())
    # the Hint would have folded too, on its chance to win: the review says why it counts otherwise
    assert re.search(r"The Hint \(the normal bot\) suggested “Fold” \(about \d+%\): the Hint goes by a chance",
                     first.inner_text())
    href = first.locator("a.analysis-demo").get_attribute("href")
    assert f"stop={move}" in href and "share=" in href
    page.goto(site_url + href)
    wait_ready(page)
    assert page.is_visible("#demo")
    assert page.evaluate("document.querySelector('#demo-caption').textContent").startswith(f"Your decision {decision}:")
    assert page.console_errors == [] and page.page_errors == []


def test_the_game_review_in_japanese_for_a_solitaire(page, site_url, wait_ready):
    page.goto(site_url + "index.html?game=oneonta_whist&lang=ja&seed=2&speed=instant&deals=2")
    wait_ready(page)
    play_on(page, choose)
    items = review_in(page, "#result")
    assert len(items) >= 2  # a bid a deal at least, and the cards that were a choice
    text = page.inner_text("#result .analysis")
    assert "厳密計算" in text and "回目の判断" in text and "手目" not in text
    assert page.evaluate(COUNTS.format(box="#result .analysis-every"))[:2] == [1, 2]
    for line in page.evaluate(LOSS_LINES.format(box="#result .analysis-every")):
        assert ROUNDED["ja"].match(line), line
    assert page.console_errors == [] and page.page_errors == []
