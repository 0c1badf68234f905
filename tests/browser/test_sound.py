"""Sound effects (page/sound.js): off by default, and then not a byte of them is
fetched nor an AudioContext made; turned on, the page fetches the five files, decodes
them with Web Audio and plays the sound the engine gave each new line (a card
played) and each deal's end; the service worker never precaches them."""

import pytest

from sitebuild import DIST
from tests.support.pages import assert_clean, poll, press
from tests.support.service_worker import built_service_worker

pytestmark = pytest.mark.browser

#: Records the page's Web Audio: every AudioContext made, every file decoded (by its
#: address: a fetched body is tagged with its response's URL) and every sound started.
RECORDER = """
(() => {
  const audio = window.audio = { contexts: 0, decoded: [], started: [] };
  const from = new WeakMap();
  const body = Response.prototype.arrayBuffer;
  Response.prototype.arrayBuffer = async function () {
    const bytes = await body.call(this);
    from.set(bytes, this.url);
    return bytes;
  };
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); audio.contexts += 1; }
    decodeAudioData(bytes, ok, fail) {
      const name = (from.get(bytes) ?? "?").split("/").pop();
      return super.decodeAudioData(bytes, (buffer) => {
        buffer.recordedName = name;
        audio.decoded.push(name);
        ok?.(buffer);
      }, fail);
    }
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    audio.started.push(this.buffer?.recordedName ?? "?");
    return start.apply(this, args);
  };
})();
"""

OPEN = ("[...document.querySelectorAll('button[data-action]:not([disabled])')].filter((b) => !b.closest('[inert]'))"
        ".map((b) => b.dataset.action)")


def sound_requests(page):
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/web/sounds/" in r.url else None)
    return asked


def play_cards(page, cards):
    """Plays ``cards`` of the player's cards face up (Le Truc: the redeal kept or
    refused, an offer accepted, a round's end let go with Next)."""
    played = 0
    while played < cards:
        poll(page, f"{OPEN}.length > 0 || !!document.querySelector('[data-deal-end]')", timeout=30)
        if page.evaluate("!!document.querySelector('[data-deal-end]')"):
            press(page, "[data-deal-end] button")
            continue
        actions = page.evaluate(OPEN)
        action = next((a for a in ("keep", "refuse", "accept") if a in actions), None)
        if action is None:
            action = next(a for a in actions if a.startswith("play ") and not a.endswith("down"))
            played += 1
        press(page, f'button[data-action="{action}"]:not([disabled])')
        page.wait_for_timeout(300)


def test_off_by_default_nothing_is_fetched_and_no_audio_is_made(page, site_url, wait_ready):
    asked = sound_requests(page)
    page.add_init_script(RECORDER)
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1&speed=fast")
    wait_ready(page)
    assert not page.is_checked("#sound") and page.inner_text("#sound-box") == "Sound effects"
    play_cards(page, 2)
    page.wait_for_timeout(1000)
    assert asked == [] and page.evaluate("window.audio") == {"contexts": 0, "decoded": [], "started": []}
    assert_clean(page)


def test_turned_on_the_files_are_fetched_decoded_and_a_card_played_is_heard(page, site_url, wait_ready):
    asked = sound_requests(page)
    page.add_init_script(RECORDER)
    page.goto(site_url + "?game=le_truc&lang=ja&seed=5&first_dealer=1&speed=fast")
    wait_ready(page)
    assert page.inner_text("#sound-box") == "効果音"
    page.check("#sound")  # the gesture that makes the AudioContext
    assert page.evaluate("localStorage.getItem('cardtable:sound')") == "1"
    poll(page, "window.audio.decoded.length === 5")
    assert sorted(page.evaluate("window.audio.decoded")) == ["card.wav", "lost.wav", "raise.wav", "trick.wav", "won.wav"]
    assert sorted(url.rsplit("/", 1)[1] for url in asked) == ["card.wav", "lost.wav", "raise.wav", "trick.wav", "won.wav"]
    assert page.evaluate("window.audio.contexts") == 1
    poll(page, "window.audio.started.length === 1")  # the setting says it is on: a card's sound
    play_cards(page, 1)
    poll(page, "window.audio.started.filter((n) => n === 'card.wav').length >= 2")  # the card the player played
    # the engine's own sounds only: what it sent for this game's new lines and deal ends
    assert set(page.evaluate("window.audio.started")) <= {"card.wav", "trick.wav", "raise.wav", "won.wav", "lost.wav"}
    # a reload: sound stays on, but nothing is fetched nor made before the player's first gesture
    asked.clear()
    page.reload()
    wait_ready(page)
    assert page.is_checked("#sound")
    page.wait_for_timeout(500)
    assert asked == [] and page.evaluate("window.audio.contexts") == 0
    play_cards(page, 1)
    poll(page, "window.audio.contexts === 1 && window.audio.started.includes('card.wav')")
    assert_clean(page)


def test_a_round_s_end_is_heard_won_or_lost_as_the_engine_says(page, site_url, wait_ready):
    from tests.browser.test_deal_end import le_truc_choice, to_the_deal_end

    page.add_init_script(RECORDER)
    page.add_init_script("localStorage.setItem('cardtable:sound', '1')")  # on since an earlier visit
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1&speed=fast")
    wait_ready(page)
    to_the_deal_end(page, le_truc_choice)  # (its clicks are the gestures that start the sound)
    ended = page.evaluate("import('./web/js/page/store.js').then(({ store }) => store.model.history.at(-1).sound)")
    assert ended in ("won", "lost")
    poll(page, f"window.audio.started.includes('{ended}.wav')")
    assert page.evaluate("window.audio.started.filter((n) => n === 'won.wav' || n === 'lost.wav').length") == 1
    assert_clean(page)


def test_at_instant_speed_nothing_is_heard(page, site_url, wait_ready):
    page.add_init_script(RECORDER)
    page.add_init_script("localStorage.setItem('cardtable:sound', '1')")
    page.goto(site_url + "?game=le_truc&lang=en&seed=5&first_dealer=1&speed=instant")
    wait_ready(page)
    play_cards(page, 3)
    page.wait_for_timeout(500)
    assert page.evaluate("window.audio.started") == []


def test_the_list_of_games_wakes_no_sound(page, site_url, wait_ready):
    asked = sound_requests(page)
    page.add_init_script(RECORDER)
    page.add_init_script("localStorage.setItem('cardtable:sound', '1')")
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    page.mouse.click(5, 5)
    page.keyboard.press("Tab")
    page.wait_for_timeout(500)
    assert asked == [] and page.evaluate("window.audio.contexts") == 0


def test_the_sound_files_are_built_and_never_precached():
    names = ["card", "lost", "raise", "trick", "won"]
    assert sorted(p.stem for p in (DIST / "web" / "sounds").glob("*.wav")) == names
    assert all((DIST / "web" / "sounds" / f"{n}.wav").stat().st_size < 10_000 for n in names)
    precache = built_service_worker()["precache"]
    assert not [p for p in precache if p.startswith("web/sounds/")]
    assert "web/js/page/sound.js" in precache
