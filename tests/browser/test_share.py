"""Share links and rule demos in the page; bad codes; script injection in any parameter."""

import pytest

from cardtable.session import Session
from tests.support.pages import legal_buttons, next_decision, poll, press
from tests.conftest import alert_texts

pytestmark = pytest.mark.browser

PAYLOAD = '"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'


def table_text(page):
    return (legal_buttons(page), page.inner_text("#seat-0"), page.inner_text("#seat-1"), page.inner_text("#tricks"))


def test_a_share_link_opens_the_same_game_elsewhere(browser, page, site_url, wait_ready):
    page.goto(site_url + "?game=le_truc&speed=instant&lang=en&seed=33&first_dealer=1")
    wait_ready(page)
    for _ in range(3):
        next_decision(page)
        press(page, "button[data-action]")
    next_decision(page)
    before = table_text(page)
    press(page, "#share")
    link = page.input_value("#share-link")
    assert link.startswith(site_url + "play/le_truc/en/?share=") and "seed" not in link  # the game's own page: its link card
    other = browser.new_context().new_page()  # a friend's browser: nothing saved
    other.goto(link + "&speed=instant")
    wait_ready(other)
    next_decision(other)
    assert table_text(other) == before
    assert "share=" not in other.url  # a plain shared game simply continues
    assert other.url.startswith(site_url + "play/le_truc/en/"), "it stays on the game's own page"
    other.context.close()


def demo_url(site_url, caption):
    s = Session("tressette", 12, {"first_dealer": 1}, "random")
    while len(s.actions) < 12:
        s.bot_step() if s.bot_to_act else s.act(s.state.legal_actions()[0])
    from urllib.parse import quote
    return site_url + f"?game=tressette&lang=en&speed=instant&share={s.share_code()}&stop=4&caption={quote(caption)}"


def test_a_demo_stops_with_its_caption_steps_and_plays_on(page, site_url, wait_ready):
    page.goto(demo_url(site_url, "Which card leads here? " + PAYLOAD))
    wait_ready(page)
    caption = page.inner_text("#demo-caption")
    assert caption.startswith("Which card leads here?") and "<img" in caption  # shown as text
    assert page.evaluate("window.__pwned") is None
    log_before = page.evaluate("document.querySelectorAll('#log li').length")
    for _ in range(3):
        press(page, "#demo-next")
        page.wait_for_timeout(200)
    assert page.evaluate("document.querySelectorAll('#log li').length") > log_before
    press(page, "#demo-play-on")
    poll(page, "document.getElementById('demo').hidden")
    assert "share=" not in page.url
    next_decision(page)
    assert legal_buttons(page)


@pytest.mark.parametrize("code", ["garbage", "AQAB", "A" * 40, PAYLOAD])
def test_a_bad_share_code_says_so_and_starts_a_fresh_game(page, site_url, wait_ready, code):
    from urllib.parse import quote
    page.goto(site_url + f"?game=le_truc&lang=en&speed=instant&share={quote(code)}")
    poll(page, "document.documentElement.dataset.ready === 'true'")
    poll(page, "document.querySelector('button[data-action]')")
    assert any("could not be opened" in a for a in alert_texts(page))
    assert page.evaluate("window.__pwned") is None


@pytest.mark.parametrize("name", ["game", "lang", "seed", "level", "speed", "embed", "autoplay", "target",
                                  "share", "stop", "caption", "first_dealer"])
def test_no_parameter_runs_a_script(page, site_url, name):
    from urllib.parse import quote
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    base = {"game": "le_truc", "lang": "en", "speed": "instant"}
    base[name] = PAYLOAD
    page.goto(site_url + "?" + "&".join(f"{k}={quote(v)}" for k, v in base.items()))
    poll(page, "['true', 'error'].includes(document.documentElement.dataset.ready) || document.getElementById('poster') && !document.getElementById('poster').hidden", 60)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__pwned") is None and dialogs == []
    assert page.evaluate("document.querySelectorAll('img[src=x], script:not([src]):not([type=module])').length") == 0
