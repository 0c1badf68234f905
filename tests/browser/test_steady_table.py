"""The table keeps still as the words on it change (bench/layout_shift.py measures
whole games): on a narrow dock your roles have a line of their own, so a role that
comes does not push your hand down; the one seat opposite you at a table of two
has its badges on a line of their own, so a suit it is seen to lack moves nothing;
at a bigger table a pod's badges have a line kept for them, so a badge that comes
does not grow the pod; and the ring's rows
keep their tallest height, so a pod that grows and shrinks again does not move the
trick back and forth. Each is checked by writing into the drawn table the words
the next model would bring (Japanese Loo at five and Tressette, where they were
seen to move things) and measuring what lies below them."""

import pytest

from tests.support.pages import assert_clean

pytestmark = pytest.mark.browser

GAME = "?game=japanese_loo&seed=1&speed=instant&players=5&lang="
NARROW = {"phone": (390, 844), "small phone": (360, 640), "phone on its side": (844, 390)}

# The roles of a seat looed in the deal before, in and with a trick taken (a line of
# three badges, as the page joins them), in each language's words.
ROLES = {"en": "looed in deal 1 · in · 1 trick", "ja": "第1ディールでルー · 出る · 1トリック"}

TOP = "(id) => Math.round(document.getElementById(id).getBoundingClientRect().top * 10) / 10"


def open_table(page, site_url, wait_ready, size, lang):
    page.set_viewport_size(dict(zip(("width", "height"), NARROW[size])))
    page.goto(site_url + GAME + lang)
    wait_ready(page)


def settled(page):
    """Two frames: the page's observers answer a change at the next one."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.parametrize("lang", ROLES)
@pytest.mark.parametrize("size", NARROW)
def test_a_role_that_comes_does_not_move_your_hand(page, site_url, wait_ready, size, lang):
    open_table(page, site_url, wait_ready, size, lang)
    role = page.locator("#seat-0 .role")
    assert page.evaluate("document.documentElement.lang") == lang
    before = page.evaluate(TOP, "hand")
    for words in ("", ROLES[lang]):
        role.evaluate("(node, words) => { node.textContent = words; }", words)
        settled(page)
        assert page.evaluate(TOP, "hand") == before, f"{size}, roles {words!r}: the hand moved"
    assert_clean(page)


def test_a_badge_that_comes_does_not_grow_a_pod_of_a_bigger_table(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, "phone on its side", "en")
    assert page.locator("#ring.sided").count() == 1
    pods = page.locator("#seat-1 .seat-pod:has(.score)")
    assert pods.count() >= 3
    for i in range(pods.count()):
        pod = pods.nth(i)
        bare = pod.evaluate("(p) => { p.querySelectorAll('.badge').forEach((b) => b.remove()); return p.offsetHeight; }")
        grown, parts = pod.evaluate("""(p) => { const line = p.querySelector('.pod-line');
            for (const [id, words] of [['in', 'in'], ['tricks_n', '1 trick']]) {
              const b = document.createElement('span'); b.className = `badge ${id}`; b.textContent = words; line.append(b);
            }
            const h = (e) => e.getBoundingClientRect().height;  // fractional: what a failure is made of
            return [p.offsetHeight, { pod: h(p), line: h(line), kept: getComputedStyle(line).minHeight,
              score: h(line.querySelector('.score')), badges: [...line.querySelectorAll('.badge')].map(h) }]; }""")
        assert grown == bare, f"pod {i}: {bare} px tall without badges, {grown} px with 'in' and '1 trick' ({parts})"


def test_a_pod_that_grows_and_shrinks_again_leaves_the_trick_where_it_went(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, "phone on its side", "en")
    top_pod = page.locator("#seat-1 .seat-pod").nth(1)  # clockwise from your left: the first of the top row
    assert top_pod.evaluate("(p) => p.style.gridRow") == "1"
    before = page.evaluate(TOP, "tricks")
    top_pod.evaluate("(p) => { p.dataset.saved = p.querySelector('.bubble').innerHTML;"
                     " p.querySelector('.bubble').textContent = 'drops and pays 5, drops and pays 5, drops and pays 5'; }")
    settled(page)
    grown = page.evaluate(TOP, "tricks")
    assert grown > before, "the longer bubble did not grow the top row (nothing to keep)"
    top_pod.evaluate("(p) => { p.querySelector('.bubble').innerHTML = p.dataset.saved; }")
    settled(page)
    assert page.evaluate(TOP, "tricks") == grown, "the trick went back up when the pod shrank"
    assert_clean(page)


@pytest.mark.parametrize("size", ["phone", "phone on its side"])
def test_a_badge_that_comes_moves_nothing_of_the_seat_opposite(page, site_url, wait_ready, size):
    page.set_viewport_size(dict(zip(("width", "height"), NARROW[size])))
    page.goto(site_url + "?game=tressette&seed=2&speed=instant&lang=en")
    wait_ready(page)
    pod = page.locator("#seat-1 .seat-pod.alone")
    assert pod.locator(".badge").count() == 1  # dealer or non-dealer, from the first deal
    where = "(p) => [p.offsetHeight, Math.round(p.querySelector('.backs').getBoundingClientRect().top)]"
    before = pod.evaluate(where)
    pod.evaluate("""(p) => { const line = p.querySelector('.pod-line');  // the suits it is seen to lack
        for (const words of ['no \u2660 among the hidden cards', 'no \u2666']) {
          const b = document.createElement('span'); b.className = 'badge void'; b.textContent = words; line.append(b);
        } }""")
    assert pod.evaluate(where) == before, f"{size}: the pod's height and its cards' top moved"
    assert_clean(page)
