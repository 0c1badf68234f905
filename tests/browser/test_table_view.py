"""The generic table view: for every game the page is told the common table model
(``table``) and the log as Texts, never the raw view, and draws what the table says;
a Text whose arguments hold a Text and a list is said in both languages."""

import pytest

from cardtable import games
from sitebuild.words import load as load_words
from tests.support.pages import assert_clean, next_decision, poll, press

pytestmark = pytest.mark.browser

WORDS = {lang: load_words(lang) for lang in ("en", "ja")}

MODEL = "import('./web/js/page/store.js').then(({ store }) => store.model)"


@pytest.mark.parametrize("game", games.names())
def test_the_page_is_told_the_table_and_draws_from_it(page, site_url, wait_ready, game):
    page.goto(site_url + f"?game={game}&lang=en&seed=5&speed=instant")
    wait_ready(page)
    next_decision(page)
    press(page, "button[data-action]:not([disabled])")
    next_decision(page)
    model = page.evaluate(MODEL)
    assert "view" not in model and "events" not in model
    assert set(model["table"]) >= {"seats", "areas", "piles", "stake", "scores", "decisions", "prompt"}
    assert all(set(line) <= {"key", "args", "kind", "closes", "sound"} for line in model["log"])
    # every open decision is a button, and nothing else is
    shown = page.evaluate("[...document.querySelectorAll('#table button[data-action]')].map(b => b.dataset.action)")
    assert sorted(shown) == sorted(d["action"] for d in model["table"]["decisions"])
    # change the table alone: the page draws the change
    page.evaluate("""import('./web/js/page/store.js').then(({ store, redraw }) => {
        const t = store.model.table;
        t.seats[0].hand = ['AS'];
        t.marks = []; // no card marked (Truco marks the A♠ as a manilha)
        t.decisions = [{ action: 'test', group: 'answer', label: { key: 'table.new_game' }, card: null, cost: null }];
        t.prompt = { key: 'table.won_by', args: { p: { key: 'table.bot_n', args: { n: 7 } } } };
        redraw();
    })""")
    assert page.evaluate("document.querySelectorAll('#hand .hand-slot').length") == 1
    assert page.get_attribute("#hand .card", "aria-label") == "Ace of spades"
    assert page.inner_text('button[data-action="test"]') == "New game"
    assert "won by Bot 7" in page.inner_text("#status")


@pytest.mark.parametrize("first", ["en", "ja"])
def test_a_text_with_a_nested_text_and_a_list_is_said_in_both_languages(page, site_url, wait_ready, first):
    page.goto(site_url + f"?game=oneonta_whist&lang={first}&seed=5&speed=instant")
    wait_ready(page)
    badge = {"key": "table.won_by", "args": {"p": [{"key": "table.you_name"},
                                                    {"key": "table.bot_n", "args": {"n": [1, 2]}},
                                                    {"key": "card.name", "args": {"code": "KS"}}]}}
    page.evaluate("""(badge) => import('./web/js/page/store.js').then(({ store, redraw }) => {
        store.model.table.seats[0].badges = [badge];
        redraw();
    })""", badge)
    cards = {"en": "King of spades", "ja": "スペードのK"}  # card-art.js cardName
    for lang in (first, "ja" if first == "en" else "en"):
        w = WORDS[lang]
        sep = w["list.separator"]
        bots = w["table.bot_n"].replace("{n}", f"1{sep}2")
        said = w["table.won_by"].replace("{p}", sep.join([w["table.you_name"], bots, cards[lang]]))
        assert page.inner_text("#seat-0 .role") == said
        if lang == first:
            press(page, "#lang")
            poll(page, f"document.documentElement.lang === '{'ja' if first == 'en' else 'en'}'")
    assert_clean(page)
