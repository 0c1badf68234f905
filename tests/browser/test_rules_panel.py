"""The rules panel at the table (issue 27): every option of every game is chosen
through the panel and the next game runs with it (the engine's options in the
model, the address, the house-rules line); the embed builder and the rules page
offer the same choices in the same words; remembered rules that the engine refuses
are dropped with a notice and the article's rules used; a rule set keeps its own
record. One page per game, the options changed one after another on it."""

import json

import pytest

from cardtable.bridge import handle
from tests.support.pages import assert_clean, next_decision, play_to_the_end, poll, press

pytestmark = pytest.mark.browser

CATALOGUE = {g["name"]: g for g in json.loads(handle('{"op": "games"}'))["games"]}

#: Changes the engine only takes together with another (docs/rules/japanese_loo.md
#: §format, B6): the panel changes both fields.
COMPANIONS = {("japanese_loo", "format"): {"players": 5}, ("japanese_loo", "all_ante"): {"players": 5}}

STORE = "import('./web/js/page/store.js').then(({ store }) => store)"


def other_value(option):
    """A value of the option that is not its default: another choice, the other
    yes/no, the next whole number within bounds."""
    if option["choices"]:
        return next(c for c in option["choices"] if c != option["default"])
    if isinstance(option["default"], bool):
        return not option["default"]
    return option["default"] + 1 if option["default"] + 1 <= option["max"] else option["default"] - 1


def set_field(page, name, value):
    """Chooses `value` for option `name` in the open panel, as a player does."""
    field = page.locator(f'#rules-groups [data-option="{name}"]')
    kind = field.evaluate("(n) => n.type")
    if kind == "checkbox":
        field.set_checked(bool(value))
    elif kind == "number":
        field.fill(str(value))
    else:
        field.select_option(str(value))


def open_panel(page):
    press(page, "#rules-open")
    poll(page, "document.getElementById('rules-panel').open")


def choices_shown(page, scope):
    """Each option's choices under `scope` as (values, words): a list's options, a
    number's bounds, a tick box."""
    return page.evaluate("""(scope) => Object.fromEntries([...document.querySelectorAll(scope + ' [data-option]')].map((i) =>
        [i.dataset.option, i.tagName === 'SELECT' ? [...i.options].map((o) => [o.value, o.textContent])
          : i.type === 'number' ? [['min', i.min], ['max', i.max]] : [['checkbox', '']]]))""", scope)


def start_with(page, game, change, previous):
    """Opens the panel, puts the `previous` change back to the article's rules, makes
    `change` and starts the game; returns the new model once the engine has it."""
    open_panel(page)
    for name in previous:
        set_field(page, name, CATALOGUE[game]["options"][name]["default"])
    for name, value in change.items():
        set_field(page, name, value)
    press(page, "#rules-apply")
    expected = json.dumps(change)
    return poll(page, f"""{STORE}.then((s) => !s.busy && Object.entries({expected})
        .every(([k, v]) => s.model.options[k] === v) && s.model)""")


@pytest.mark.parametrize("game", list(CATALOGUE))
def test_every_option_chosen_in_the_panel_plays_in_the_next_game(page, site_url, wait_ready, game):
    info = CATALOGUE[game]
    page.goto(site_url + f"?game={game}&lang=en&speed=instant&level=random&seed=11")
    wait_ready(page)
    assert page.is_hidden("#house-rules"), "the article's rules need no line"
    open_panel(page)
    panel = choices_shown(page, "#rules-groups")
    assert set(panel) == set(info["options"]), "every option of the game is in the panel"
    for name, option in info["options"].items():
        if option["choices"]:
            assert [v for v, _ in panel[name]] == [str(c) for c in option["choices"]]
            marked = [v for v, words in panel[name] if words.endswith("(article)")]
            assert marked == [str(option["default"])], f"{name}: the article's choice is marked"
    assert page.locator("#rules-presets [data-preset]").count() == len(info["presets"])
    page.keyboard.press("Escape")  # the keyboard closes it; nothing changes
    poll(page, "!document.getElementById('rules-panel').open")

    change = {}
    for name, option in info["options"].items():
        change, previous = {name: other_value(option), **COMPANIONS.get((game, name), {})}, change
        model = start_with(page, game, change, previous)
        assert {k: model["options"][k] for k in change} == change
        assert {c["option"]: c["value"] for c in model["house_rules"]["changes"]} == change
        query = page.evaluate("location.search")
        for k, v in change.items():
            assert f"{k}={json.dumps(v).strip(chr(34))}" in query, "the address carries the rule"
        line = page.inner_text("#house-rules")
        assert page.is_visible("#house-rules") and line.startswith("House rules:"), line
        label = page.evaluate(f"""document.querySelector('#rules-groups [data-option="{name}"]')
            ?.closest('label').querySelector('.field-name').textContent""")
        if not model["house_rules"]["preset"]:
            assert label.split(" (article")[0] in line, f"the line names {name}"
        assert page.inner_text("#stats").startswith("House rules"), "the record is this rule set's"
        assert json.loads(page.evaluate(f"localStorage.getItem('cardtable:rules:{game}')")) == change, "remembered"

    # a preset in one tap: the spec's other rule set, then the article's again
    for preset in info["presets"][1:] + info["presets"][:1]:
        open_panel(page)
        press(page, f'#rules-presets [data-preset="{preset["name"]}"]')
        model = poll(page, f"""{STORE}.then((s) => !s.busy && s.model.house_rules.preset === '{preset["name"]}' && s.model)""")
        assert {k: model["options"][k] for k in preset["options"]} == preset["options"]
    assert page.is_hidden("#house-rules") and not page.inner_text("#stats").startswith("House rules")

    # the embed builder and the rules page offer the same choices in the same words
    page.goto(site_url + "embed.html?lang=en")
    wait_ready(page)
    page.select_option("#game", game)
    poll(page, f"document.querySelector('#rule-fields [data-option]') && "
               f"[...document.querySelectorAll('#rule-fields [data-option]')].length === {len(info['options'])}")
    assert choices_shown(page, "#rule-fields") == panel
    page.goto(site_url + f"rules.html?game={game}&lang=en")
    wait_ready(page)
    rows = page.evaluate("""[...document.querySelectorAll('#options tr[data-option]')].map((r) =>
        [r.dataset.option, r.cells[2].textContent])""")
    assert [n for n, _ in rows] == list(info["options"])
    for name, words in rows:
        if info["options"][name]["choices"]:
            assert words == " / ".join(w.removesuffix(" (article)") for _, w in panel[name])
    assert_clean(page)


def test_rules_the_engine_refuses_are_dropped_saying_why_and_a_change_mid_game_asks_first(page, site_url, wait_ready):
    page.goto(site_url + "?lang=en")
    page.evaluate("localStorage.setItem('cardtable:rules:japanese_loo', JSON.stringify({ chips: 5000 }))")
    page.goto(site_url + "?game=japanese_loo&lang=en&speed=instant&level=random")
    wait_ready(page)
    model = page.evaluate(f"{STORE}.then((s) => s.model)")
    assert model["options"]["chips"] == 100 and model["house_rules"]["changes"] == [], "the article's rules"
    assert "could not be used" in page.inner_text("#note") and page.is_visible("#note")
    assert page.is_hidden("#house-rules")
    assert page.evaluate("localStorage.getItem('cardtable:rules:japanese_loo')") == "{}"
    # a choice the engine takes only with another: its reason in the alert, the address clean
    open_panel(page)
    set_field(page, "format", "three")  # six players, the default: the three-card game takes 3 to 5
    press(page, "#rules-apply")
    poll(page, "document.getElementById('alert').textContent.includes('3 to 5 players')")
    model = poll(page, f"{STORE}.then((s) => s.model.seed !== {model['seed']} && s.model)")  # the next game
    assert model["options"]["format"] == "five" and "format=" not in page.evaluate("location.search")
    # with a move made, a preset asks first: "Keep playing" keeps the game as it was
    next_decision(page)
    press(page, "button[data-action]:not([disabled])")
    poll(page, f"{STORE}.then((s) => !s.busy && s.model.ply > 0)")
    open_panel(page)
    press(page, '#rules-presets [data-preset="three_card"]')
    poll(page, "document.getElementById('confirm').open")
    assert page.inner_text("#confirm-yes") == "Change the rules and start a new game"
    press(page, "#confirm-no")
    assert page.evaluate(f"{STORE}.then((s) => s.model.options.format)") == "five"
    open_panel(page)
    press(page, '#rules-presets [data-preset="three_card"]')
    press(page, "#confirm-yes")
    poll(page, f"{STORE}.then((s) => !s.busy && s.model.options.format === 'three' && s.model.options.players === 5)")
    assert page.console_errors == [] and page.page_errors == []


def test_a_rule_set_keeps_its_own_record(page, site_url, wait_ready):
    page.goto(site_url + "?game=oneonta_whist&lang=en&speed=instant&seed=3&deals=1")
    wait_ready(page)
    play_to_the_end(page)
    keys = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('cardtable:stats:'))")
    assert keys == ["cardtable:stats:oneonta_whist:rules:deals=1"]
    assert json.loads(page.evaluate(f"localStorage.getItem('{keys[0]}')"))["games"] == 1
    assert page.inner_text("#result .record").startswith("House rules — Your record: 1 game")
