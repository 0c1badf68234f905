"""An instant return (docs/runtime.md): after a first boot under the service worker,
the page keeps a memory snapshot of an interpreter with our package imported
(web/js/snapshot-keeper.js, snapshot-maker.js, snapshot-store.js), and the next
visit boots from it and plays exactly the game a normal boot plays. A snapshot
that is damaged in any way means a normal boot, the bad entry deleted, no error:
never a broken page."""

import time

import pytest

from tests.conftest import wait_ready
from tests.support.pages import legal_buttons, next_decision, press

pytestmark = [pytest.mark.browser, pytest.mark.service_workers,
              pytest.mark.real_engine("the memory snapshot, made and booted from by Pyodide's worker")]

RESTORED = "cardtable: booted from the memory snapshot"
PLAIN = "cardtable: booted without the memory snapshot"
GAME = "index.html?game=le_truc&speed=instant&lang=en&seed=11"

# The entry the page keeps (the first, if there are more): [its address, its headers, its cache].
KEPT = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("cardtable-snapshot:")) continue;
    const store = await caches.open(name);
    for (const request of await store.keys()) {
      const response = await store.match(request);
      return [request.url, Object.fromEntries(response.headers), name];
    }
  }
  return null;
}"""

# Rewrites the kept entry: `how` names the damage; the page's own gzip streams.
DAMAGE = """async ([how, newUrl]) => {
  const name = (await caches.keys()).find((n) => n.startsWith("cardtable-snapshot:"));
  const store = await caches.open(name);
  const [request] = await store.keys();
  const response = await store.match(request);
  const headers = Object.fromEntries(response.headers);
  const gz = new Uint8Array(await response.arrayBuffer());
  const gunzip = async (b) => new Uint8Array(await new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const gzip = async (b) => new Uint8Array(await new Response(new Blob([b]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  const sha = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)), (x) => x.toString(16).padStart(2, "0")).join("");
  let body = gz, url = request.url;
  if (how === "truncated") body = gz.subarray(0, gz.length >> 1);
  if (how === "not gzip") body = new TextEncoder().encode("not a snapshot at all");
  if (how === "a byte changed in the heap") {
    const raw = await gunzip(gz);
    raw[raw.length >> 1] ^= 0xff;
    body = await gzip(raw);
  }
  if (how === "another size") headers["x-snapshot-bytes"] = String(Number(headers["x-snapshot-bytes"]) + 16);
  if (how === "another Pyodide build") {  // our checks pass; Pyodide's own build id check refuses it
    const raw = await gunzip(gz);
    raw.fill(0, 16, 48);
    body = await gzip(raw);
    headers["x-snapshot-sha256"] = await sha(raw);
  }
  if (how === "another site version") url = newUrl;
  await store.delete(request);
  await store.put(url, new Response(body, { headers }));
}"""


def poll_kept(page, url: str | None = None, timeout: float = 120):
    """The kept entry once there is one (at `url`, if given)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        kept = page.evaluate(KEPT)
        if kept and (url is None or kept[0] == url):
            return kept
        time.sleep(0.5)
    raise AssertionError("no memory snapshot was kept")


def boot_messages(page) -> list[str]:
    said = []
    page.on("console", lambda msg: said.append(msg.text))
    return said


def play(page) -> str:
    """A fixed policy to the end of the seeded game; the game's log."""
    while not next_decision(page):
        actions = legal_buttons(page)
        choice = next((a for a in actions if a in ("accept", "keep", "refuse")), None)
        press(page, f'button[data-action="{choice or actions[0]}"]')
    return page.inner_text("#log")


# The kept entry's gzipped body, base64 (Playwright passes strings and lists, not bytes).
READ_BODY = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith("cardtable-snapshot:"));
  const store = await caches.open(name);
  const [request] = await store.keys();
  const blob = await (await store.match(request)).blob();
  const data = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(blob);
  });
  return data.slice(data.indexOf(",") + 1);
}"""

# Puts an entry [its address, its headers, its cache, its body in base64] into Cache Storage.
PUT = """async ([url, headers, name, body]) => {
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  await (await caches.open(name)).put(url, new Response(bytes, { headers }));
}"""


@pytest.fixture(scope="module")
def made_snapshot(browser, real_site_url):
    """The snapshot a first visit keeps, made once for the module: (address, headers,
    cache, gzipped body in base64). Each test copies it into a fresh context, as
    making one takes a boot and then ~20 s of a second interpreter."""
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        said = boot_messages(page)
        page.goto(real_site_url + GAME)
        wait_ready(page)
        assert any(m.startswith(PLAIN) for m in said)
        url, headers, name = poll_kept(page)
        assert "pyodide-" in url and int(headers["x-snapshot-bytes"]) > 1_000_000
        return url, headers, name, page.evaluate(READ_BODY)
    finally:
        context.close()


@pytest.fixture
def kept_page(made_snapshot, page, site_url, wait_ready):
    """A fresh page whose device keeps the module's snapshot, booted from it once with
    the service worker installed (as after a first visit), and what it said."""
    seed = site_url + "snapshot-seed.html"  # any page of the site's origin, to reach its caches
    page.route(seed, lambda route: route.fulfill(content_type="text/html", body="<!doctype html><title>seed</title>"))
    page.goto(seed)
    page.evaluate(PUT, list(made_snapshot))
    said = boot_messages(page)
    page.goto(site_url + GAME)
    wait_ready(page)
    assert RESTORED in said, said
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate(KEPT)[0] == made_snapshot[0]
    return page, said


def test_a_return_boots_from_the_snapshot_and_plays_the_same_game(kept_page, browser, site_url, wait_ready):
    page, said = kept_page
    said.clear()
    page.reload()
    wait_ready(page)
    assert RESTORED in said and not any(m.startswith(PLAIN) for m in said)
    restored_log = play(page)
    assert page.console_errors == [] and page.page_errors == []

    context = browser.new_context(service_workers="block")  # a normal boot: no snapshot kept there
    try:
        normal = context.new_page()
        normal_said = boot_messages(normal)
        normal.goto(site_url + GAME)
        wait_ready(normal)
        assert any(m.startswith(PLAIN) for m in normal_said)
        assert play(normal) == restored_log
    finally:
        context.close()


@pytest.mark.parametrize("how", ["truncated", "not gzip", "a byte changed in the heap", "another size",
                                 "another Pyodide build", "another site version"])
def test_a_damaged_snapshot_means_a_normal_boot(kept_page, site_url, wait_ready, how):
    page, said = kept_page
    url, _headers, _name = page.evaluate(KEPT)
    page.evaluate(DAMAGE, [how, url.replace("/snapshot/pyodide-", "/snapshot/old-pyodide-")])
    said.clear()
    page.reload()
    wait_ready(page)
    assert RESTORED not in said and any(m.startswith(PLAIN) for m in said), said
    if how != "another site version":
        assert any("deleted" in m for m in said), said  # tried once, never again
    # The game plays, with no error anywhere.
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]') if not next_decision(page) else None
    assert page.console_errors == [] and page.page_errors == []
    # The page keeps a good snapshot again, and only that one.
    poll_kept(page, url)
    page.wait_for_timeout(500)
    assert page.evaluate(KEPT)[0] == url  # the other version's entry is gone
    said.clear()
    page.reload()
    wait_ready(page)
    assert RESTORED in said
