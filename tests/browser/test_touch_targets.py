"""Touch targets on a phone (390 × 844): every visible control outside the felt is at
least 44 × 44 px: the header, the landing's links, the settings under the table
(a tick box by its label, the whole label being its target), Share and its link,
the review button, the embed bar, the rules page's play link and the embed
builder's fields. The felt's own controls are measured with the felt."""

import pytest

from tests.browser.axe import new_phone_page
from tests.support.pages import legal_buttons, next_decision, poll, press
from tests.conftest import wait_ready

pytestmark = pytest.mark.browser

MIN = 44

#: The controls a finger aims at under `roots`, each with its target's size: a tick
#: box or radio is measured by its label, which the page makes the target. Hidden
#: ones and the skip link (a keyboard's, on screen only when focused) are left out.
MEASURE = """([roots, felt]) => {
  const controls = "a[href], button, select, input, textarea, [role=button]";
  const seen = new Set();
  const out = [];
  for (const root of document.querySelectorAll(roots)) {
    for (const node of root.querySelectorAll(controls)) {
      if (seen.has(node) || (felt && node.closest(felt)) || node.matches(".skip")) continue;
      seen.add(node);
      if (!node.getClientRects().length || getComputedStyle(node).visibility === "hidden") continue;
      const tick = node.matches("input[type=checkbox], input[type=radio]");
      const target = tick ? node.closest("label") ?? node : node;
      const r = target.getBoundingClientRect();
      const name = (target.id ? "#" + target.id : target.tagName.toLowerCase()
        + (target.className ? "." + String(target.className).trim().split(/\\s+/).join(".") : ""))
        + (tick ? ` (label of ${node.id ? "#" + node.id : node.dataset.option ?? node.type})` : "")
        + ` "${(node.matches("select") ? node.selectedOptions[0]?.textContent ?? ""
          : target.textContent || node.value || "").trim().slice(0, 30)}"`;
      out.push({ name, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 });
    }
  }
  return out;
}"""


def small_targets(page, roots, felt=".felt"):
    """(controls measured, those under 44 px either way) under the selector `roots`."""
    sizes = page.evaluate(MEASURE, [roots, felt])
    return sizes, [s for s in sizes if s["width"] < MIN or s["height"] < MIN]


def assert_big_enough(page, roots, where, at_least):
    sizes, small = small_targets(page, roots)
    assert len(sizes) >= at_least, f"{where}: expected {at_least}+ controls, found {[s['name'] for s in sizes]}"
    if small:
        pytest.fail(f"{where}: controls under {MIN}×{MIN} px:\n" + "\n".join(
            f"  {s['name']}: {s['width']}×{s['height']}" for s in small), pytrace=False)


@pytest.fixture(scope="module")
def phone(browser):
    context, page = new_phone_page(browser, is_mobile=True, has_touch=True)
    yield page
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_landing_and_rules_page(phone, site_url, lang):
    phone.goto(site_url + f"?lang={lang}")
    wait_ready(phone)
    # brand, language, and a Play and a Rules link for each of the six games
    assert_big_enough(phone, "header.site, #home", f"the landing ({lang})", at_least=14)
    phone.goto(site_url + f"rules.html?game=toepen&lang={lang}")
    wait_ready(phone)
    assert_big_enough(phone, "header.site, main", f"the rules page ({lang})", at_least=3)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_embed_builder(phone, site_url, lang):
    phone.goto(site_url + f"embed.html?lang={lang}")
    wait_ready(phone)
    phone.select_option("#game", "tressette")  # selects, tick boxes and a number among its rules
    poll(phone, "document.querySelector('#rule-fields input[type=checkbox]')")
    assert_big_enough(phone, "header.site, main", f"the embed builder ({lang})", at_least=12)


@pytest.mark.parametrize("game, lang, least", [
    ("toepen", "ja", 9),  # players, knock stops: the most settings
    ("brazilian_truco", "en", 8),  # the partner
    ("oneonta_whist", "en", 7),  # the advisor, no bot level
])
def test_settings_under_the_table(phone, site_url, game, lang, least):
    phone.goto(site_url + f"?game={game}&lang={lang}&speed=instant&seed=3")
    wait_ready(phone)
    next_decision(phone)
    press(phone, "#share")
    poll(phone, "!document.getElementById('share-box').hidden")
    assert_big_enough(phone, "header.site, .table-head, .below", f"{game} ({lang})", at_least=least)


def test_review_button_after_a_round(phone, site_url):
    phone.goto(site_url + "?game=le_truc&lang=ja&speed=instant&seed=5&first_dealer=1")
    wait_ready(phone)
    for _ in range(40):
        if phone.evaluate("!!document.querySelector('.showdown-button')"):
            break
        assert not next_decision(phone), "a round should end before the game"
        press(phone, f'button[data-action="{legal_buttons(phone)[0]}"]')
    assert_big_enough(phone, ".below .last-round", "the last round's box", at_least=1)


def test_embed_bar(phone, site_url):
    phone.goto(site_url + "index.html?game=le_truc&lang=en&embed=1&speed=instant&seed=5")
    poll(phone, "document.documentElement.dataset.ready === 'poster'")
    assert_big_enough(phone, "#embed-bar, #poster", "the poster", at_least=2)
    press(phone, "#play")
    wait_ready(phone)
    next_decision(phone)
    assert_big_enough(phone, "#embed-bar", "the embed bar", at_least=3)  # the site, New game, language
