"""Motion at the table (web/js/page/motion.js): at the normal speed a bot's card
slides in and a trick just taken is held whole, its winner marked, before it
clears; with prefers-reduced-motion or speed=instant nothing moves; a reload in
the middle of a hold draws the same table with no overlay left.

A recorder put in the page before its scripts notes every animate() call and
every held trick as it appears, with the save of that moment, so the test needs
no timing: it reads what was shown and checks it against the engine in CPython."""

import json
import time

import pytest

from cardtable.session import Session
from tests.support.pages import assert_clean, assert_reload_keeps_the_table, legal_buttons, poll, press

pytestmark = pytest.mark.browser

GAME = "?game=japanese_loo&lang=en&seed=4&players=4"

RECORDER = """
window.__motion = { animated: [], tricks: [] };
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const slot = this.closest("[data-from]");
  window.__motion.animated.push({ inTricks: !!this.closest("#tricks"), from: slot ? slot.dataset.from : null });
  return animate.apply(this, args);
};
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType !== 1 || !n.classList.contains("motion-trick")) continue;
    window.__motion.tricks.push({
      cards: [...n.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
      won: [...n.querySelectorAll(".won [data-card]")].map((c) => c.dataset.card),
      marked: n.querySelectorAll(".won .motion-star").length,
      save: localStorage.getItem("cardtable:save:japanese_loo") });
  }
}).observe(document, { childList: true, subtree: true });
"""


def recorded(page):
    return page.evaluate("window.__motion")


def play_until(page, done, timeout=90.0):
    """Click `in` or the first legal card until `done()` holds (bots play between,
    and a held trick may stand on the table for a second while no button is live)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        actions = legal_buttons(page)
        if done():  # (looked at after the buttons: a decision that opens meanwhile is seen, not played)
            return
        if actions:
            press(page, f'button[data-action="{"in" if "in" in actions else actions[0]}"]')
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the condition never came")


def taken(held):
    """The trick the engine took at the held trick's move, from its save: on the table,
    or, when it ended the deal and the table was cleared, in the deal's summary."""
    table = Session.restore(json.loads(held["save"])).state.table(0)
    won = [a for a in table["areas"] if any(p["won"] for p in a["plays"])]
    return (won or table["summary"]["areas"])[0], not won


def test_a_bots_card_slides_in_and_a_taken_trick_is_held_whole(page, site_url, wait_ready):
    page.add_init_script(RECORDER)
    page.goto(site_url + GAME + "&format=three")  # three tricks a deal: on to a deal's end soon
    wait_ready(page)
    play_until(page, lambda: any(taken(h)[1] for h in recorded(page)["tricks"]))
    motion = recorded(page)
    assert any(a["inTricks"] and a["from"] not in (None, "0") for a in motion["animated"]), "a bot's card slides to the trick"
    assert len(motion["tricks"]) >= 3  # each trick of the deal, the last one too
    for held in motion["tricks"]:  # every card as the engine took it, the one that took it marked
        area, _ = taken(held)
        assert held["cards"] == [p["card"] for p in area["plays"]] and len(held["cards"]) >= 3
        assert held["won"] == [p["card"] for p in area["plays"] if p["won"]] and held["marked"] == 1
    poll(page, "!document.querySelector('.motion-trick')")  # then it goes to the winner
    assert_clean(page)


def test_a_reload_in_the_middle_of_a_hold_draws_the_same_table(page, site_url, wait_ready):
    page.add_init_script(RECORDER)
    page.goto(site_url + GAME)
    wait_ready(page)  # seed 4: you take the first trick and lead the next, so nothing plays on after the reload
    play_until(page, lambda: page.evaluate("!!document.querySelector('.motion-trick')")
               and page.evaluate("!!document.querySelector('#hand button[data-action]:not([disabled])')"))
    assert_reload_keeps_the_table(page, wait_ready)
    assert page.evaluate("document.querySelectorAll('.motion-trick, .motion-ring, .motion-chip').length") == 0
    assert recorded(page) == {"animated": [], "tricks": []}  # a restored table appears as it is
    assert_clean(page)


@pytest.mark.parametrize("how", ["reduced-motion", "speed=instant"])
def test_nothing_moves_with_reduced_motion_or_instant_speed(page, site_url, wait_ready, how):
    page.add_init_script(RECORDER)
    if how == "reduced-motion":
        page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + GAME + ("&speed=instant" if how == "speed=instant" else ""))
    wait_ready(page)
    play_until(page, lambda: page.evaluate("!!document.querySelector('[data-area=last_trick] [data-card]')"))
    if how == "speed=instant":  # on to a deal's end too (quick at this speed)
        play_until(page, lambda: page.evaluate("document.querySelectorAll('#log li').length > 30"))
    assert recorded(page) == {"animated": [], "tricks": []}
    assert page.evaluate("document.querySelectorAll('.motion-layer').length") == 0
    assert_clean(page)


DURATIONS = """
window.__durations = [];
const animate2 = Element.prototype.animate;
Element.prototype.animate = function (keys, options) {
  if (this.closest("#tricks [data-from]")) window.__durations.push(options?.duration ?? null);
  return animate2.apply(this, [keys, options]);
};
"""


@pytest.mark.parametrize("chosen, slide", [("slow", 480), ("normal", 300), ("fast", 150)])
def test_the_speed_setting_scales_every_movement_and_is_kept(page, site_url, wait_ready, chosen, slide):
    """Speed in the settings: slow, normal, fast, instant; a card's slide takes 300 ms
    at normal, scaled by the speed chosen, which a reload keeps."""
    page.add_init_script(DURATIONS)
    page.goto(site_url + GAME)
    wait_ready(page)
    options = page.evaluate("[...document.querySelectorAll('#speed option')].map(o => [o.value, o.textContent])")
    assert options == [["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"],
                       ["instant", "Instant (no waiting, nothing moves)"]]
    assert page.input_value("#speed") == "normal"
    page.select_option("#speed", chosen)
    page.reload()
    wait_ready(page)
    assert page.input_value("#speed") == chosen
    play_until(page, lambda: page.evaluate("window.__durations.length") >= 3)
    assert set(page.evaluate("window.__durations")) == {slide}
    assert_clean(page)


def test_the_old_instant_switch_is_the_instant_speed(page, site_url, wait_ready):
    page.add_init_script("localStorage.setItem('cardtable:instant', '1')")
    page.goto(site_url + GAME)
    wait_ready(page)
    assert page.input_value("#speed") == "instant"

