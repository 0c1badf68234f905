"""Every label on the table whole: at a phone's size (390×844), a small phone's
(360×640) and a laptop's (1280×800), in both languages, through the first decisions
of the games with seats round the table and tags on their cards (Toepen, Le Truc,
Brazilian Truco), at each decision (the window resized to each size in turn):

- a seat's bubble (what it did last), its badges and the names under the cards of
  a trick show all their words: nothing cut off with an ellipsis, nothing hidden
  past the edge, nothing out past the seat's place or the trick;
- a seat's name breaks only between words ("Left / opponent", never "oppone/nt");
- in Japanese no line of a seat's words or the status begins with ー, a small kana
  or a closing mark (kinsoku: never 「ディーラ／ー」), and no number parts from its
  counter (「5／枚」, 「第／3」);
- the words on the trick (a card's tag, "accepted"; the area's outcome, "★ Bot
  wins"; its label) never lie over one another, and a card's tag never over
  another card.
"""

import pytest

from tests.conftest import wait_ready
from tests.support.pages import assert_clean, poll, press

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "small": (360, 640), "laptop": (1280, 800)}
GAMES = ("toepen", "le_truc", "brazilian_truco")
PRESSES = 30  # decisions taken in each game: a knock, a truco and a trick won come by then

# What is wrong with the labels now drawn (empty when all is well).
CHECK = r"""() => {
  const wrong = [];
  const name = (n) => `${n.closest('[data-seat]')?.dataset.seat ?? ''}:${n.className}`;
  // drawn: a name kept only for a screen reader (.sr-only: who played a card where its place says it) is not
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden' && !n.matches('.sr-only');
  const inside = (n, box) => {
    const [a, b] = [n.getBoundingClientRect(), box.getBoundingClientRect()];
    return a.left >= b.left - 1 && a.right <= b.right + 1;
  };
  // a box that holds its words whole, inside its seat's place or its trick: nothing past its edges, no ellipsis
  for (const n of document.querySelectorAll('#ring .bubble, #ring .badge, #tricks .play-who')) {
    if (!shown(n)) continue;
    const style = getComputedStyle(n);
    const cut = n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1;
    if (cut) wrong.push(`cut off: ${name(n)} "${n.textContent}" (${n.scrollWidth}>${n.clientWidth})`);
    else if (!inside(n, n.closest('.seat-pod, .trick'))) wrong.push(`past its place: ${name(n)} "${n.textContent}"`);
    else if (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflowX !== 'visible'
             && n.scrollWidth > n.clientWidth) wrong.push(`ellipsis: ${name(n)} "${n.textContent}"`);
  }
  // a seat's name: each word on one line
  for (const n of document.querySelectorAll('#ring .pod-name strong')) {
    const text = n.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    let at = 0;
    for (const word of text.data.split(' ')) {
      if (word) {
        const r = document.createRange();
        r.setStart(text, at);
        r.setEnd(text, at + word.length);
        const tops = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        if (tops.size > 1) wrong.push(`name broken inside a word: "${text.data}" at "${word}"`);
      }
      at += word.length + 1;
    }
  }
  // Japanese set as Japanese (kinsoku): no line of a seat's words or the status begins with
  // ー, a small kana or a closing mark (「ディーラ／ー」, 「ボ／ット4」)
  const NO_START = 'ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ、。，．）」』】〕・：；？！';
  // ... nor a number part from its counter (「5／枚」, 「第／3」)
  const COUNTER = /^(?:枚目|番目|組目|通り|[枚点回人位勝敗倍周日%％])/;
  if (document.documentElement.lang === 'ja') {
    for (const n of document.querySelectorAll('#ring .pod-name strong, #ring .badge, #ring .bubble, #status')) {
      if (!shown(n)) continue;
      const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
      let last = null;
      let before = '';
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let i = 0; i < text.data.length; i++) {
          const r = document.createRange();
          r.setStart(text, i);
          r.setEnd(text, i + 1);
          const box = [...r.getClientRects()].find((q) => q.width > 0);
          if (!box) continue;
          const ch = text.data[i];
          const begins = last !== null && box.top > last + 2; // this letter begins a line
          if (begins && NO_START.includes(ch)) wrong.push(`a line begins with 「${ch}」: ${name(n)} "${n.textContent}"`);
          if (begins && ((/[0-9]/.test(ch) && before === '第') || (/[0-9]/.test(before) && COUNTER.test(text.data.slice(i))))) {
            wrong.push(`a number parted from its counter: ${name(n)} "${n.textContent}"`);
          }
          before = ch;
          last = box.top;
        }
      }
    }
  }
  // the words on each trick area: tags, outcome and label apart
  const textRect = (n) => {
    const r = document.createRange();
    r.selectNodeContents(n);
    return r.getBoundingClientRect();
  };
  // (closer than CLEAR px counts as touching: a tag flush on the outcome's words reads as over them)
  const CLEAR = 2;
  const near = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > -CLEAR
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > -CLEAR;
  for (const area of document.querySelectorAll('#tricks .trick')) {
    const parts = [...area.querySelectorAll('.down-tag, .trick-outcome, .trick-label')]
      .filter((n) => shown(n) && n.textContent.trim())
      .map((n) => ({ n, r: n.classList.contains('down-tag') ? n.getBoundingClientRect() : textRect(n) }));
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        if (near(parts[i].r, parts[j].r)) wrong.push(`overlap on ${area.dataset.area}: "${parts[i].n.textContent}" and "${parts[j].n.textContent}"`);
      }
    }
    // a tag stays on its own card, off the others of the area
    for (const tag of area.querySelectorAll('.down-tag')) {
      if (!shown(tag)) continue;
      for (const other of area.querySelectorAll('.card')) {
        if (!other.contains(tag) && near(tag.getBoundingClientRect(), other.getBoundingClientRect())) {
          wrong.push(`overlap on ${area.dataset.area}: "${tag.textContent}" over another card`);
        }
      }
    }
  }
  return wrong;
}"""

# The decisions open once the table is steady, or "over" at the game's end (waited for in
# the page).
OPEN = """() => {
  if (document.querySelector('[data-result]')) return "over";
  if (document.querySelector('#table[aria-busy]')) return null;
  const open = [...document.querySelectorAll('#table button[data-action]:not([disabled])')].map((b) => b.dataset.action);
  return open.length ? open : null;
}"""


# Two frames after a resize: the page's own answers to it (a redraw where the ring's
# places change, screen-fit.js's room) are drawn by then.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def decisions(page, count):
    """Yields the number of each of the first ``count`` decisions while the table is
    steady at it (and once more at the game's end), then takes it as the player:
    a card face down where one may go, else one in a fixed round-robin."""
    for n in range(count):
        actions = poll(page, OPEN)
        yield n
        if actions == "over":
            return
        down = [a for a in actions if a.endswith(" down")]  # a card face down: tagged on the trick
        action = down[0] if down else actions[(n * 7) % len(actions)]
        try:
            press(page, f'#table button[data-action="{action}"]:not([disabled])', timeout=3)
        except AssertionError:  # the table redrew under the tap (a knock window passed)
            continue


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_labels_are_whole_and_apart(browser, site_url, game, lang):
    """One game (its seed and choices fix it), each decision looked at in every size:
    the window resized as a phone turned or a laptop's window narrowed."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(30_000)
    found = {}
    try:
        page.goto(site_url + f"?game={game}&lang={lang}&seed=5&speed=instant")
        wait_ready(page)
        for n in decisions(page, PRESSES):
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate(SETTLED)
                for problem in page.evaluate(CHECK):
                    found.setdefault(problem, f"{size} at decision {n}")
            page.set_viewport_size({"width": 390, "height": 844})
        assert not found, f"{game} ({lang}):\n" + "\n".join(f"  {where}: {p}" for p, where in found.items())
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", ["japanese_loo&players=10", "toepen&players=8"])
@pytest.mark.parametrize("size", [(844, 390), (390, 844)], ids=["on-its-side", "upright"])
def test_the_most_seats_on_a_phone_keep_their_labels_whole(page, site_url, wait_ready, game, lang, size):
    """A phone at the most seats of a game. On its side (844×390) the felt is the
    window's left half, a phone's width (seats.js's short felt), so the seats go two
    down each side and the rest across the top, where nine seats across it had been
    columns a letter wide ("B/o/t/2"). Upright (390×844) three go down each side and
    three across the top, whose names had broken (「ボット／4」)."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + f"?game={game}&lang={lang}&seed=5&speed=instant")
    wait_ready(page)
    found = {}
    for n in decisions(page, 8):
        page.evaluate(SETTLED)
        for problem in page.evaluate(CHECK):
            found.setdefault(problem, f"decision {n}")
    assert not found, f"{game} ({lang}):\n" + "\n".join(f"  {where}: {p}" for p, where in found.items())
    assert_clean(page)
