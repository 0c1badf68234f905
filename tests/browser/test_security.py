"""The site's Content-Security-Policy, and no script from the address or a save.

Every page declares the strict policy of docs/runtime.md ("Content-Security-
Policy"): only our own origin, plus exactly what PyScript needs ('unsafe-eval' and
'wasm-unsafe-eval' for scripts, blob: for its worker), and no page holds what it
refuses. Each game boots and plays under it without a single violation. Every parameter a game page reads (the
common ones and each of the game's rule options), every value the page keeps in
localStorage and the rules page's parameters carry a script-injection payload:
the page shows it, if at all, as text, builds no element from it and runs nothing.
"""

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from cardtable import games
from cardtable.bridge import handle
from tests.support.pages import next_decision, poll

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent.parent
PAYLOAD = '"><img src=x id=injected onerror="window.__pwned=1"><script>window.__pwned=2</script>'
INJECTED = "document.querySelectorAll('#injected, img[src=x], script:not([src])').length"

SCRIPTS = {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"}  # PyScript evaluates strings; Pyodide compiles wasm
PAGES_WITH_PYTHON = {"index.html": SCRIPTS, "web/boot-check.html": SCRIPTS}
PAGES_WITHOUT = ["rules.html", "embed.html"]

# Records every policy violation, from the first line of the page on.
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
"""


def policy(page: str) -> dict[str, set[str]]:
    """The page's <meta http-equiv="Content-Security-Policy"> as {directive: sources}."""
    html = (ROOT / page).read_text()
    start = html.index('http-equiv="Content-Security-Policy" content="') + len('http-equiv="Content-Security-Policy" content="')
    text = html[start:html.index('"', start)]
    out = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, *sources = part.split()
        out[name] = set(sources)
    return out


@pytest.mark.parametrize("html", [*PAGES_WITH_PYTHON, *PAGES_WITHOUT])
def test_every_page_declares_the_strict_policy(html):
    csp = policy(html)
    assert csp["default-src"] == {"'self'"}
    assert csp["object-src"] == {"'none'"} and csp["base-uri"] == {"'self'"}
    assert csp["script-src"] == PAGES_WITH_PYTHON.get(html, {"'self'"})
    if html in PAGES_WITH_PYTHON:
        assert csp["worker-src"] == {"'self'", "blob:"}  # PyScript's worker is a blob: URL
    loosened = {d: s for d, s in csp.items() if s & {"'unsafe-inline'", "*", "data:", "blob:", "https:", "http:"}}
    allowed = {"worker-src": {"'self'", "blob:"}}
    assert all(allowed.get(d) == s for d, s in loosened.items()), loosened


@pytest.mark.parametrize("html", [*PAGES_WITH_PYTHON, *PAGES_WITHOUT, *(
    str(p.relative_to(ROOT)) for p in sorted((ROOT / "web" / "rules").glob("*.html")))])
def test_no_page_needs_inline_script_or_style(html):
    """What the policy refuses must not be in our own pages either (it would only
    show as a console error and a page without its styles)."""
    text = (ROOT / html).read_text()
    assert "<style" not in text and " style=" not in text
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text)
    assert not re.search(r"\son[a-z]+=", text)  # no inline event handlers


def option_names(game: str) -> list[str]:
    answer = json.loads(handle(json.dumps({"op": "games", "game": game})))
    return list(answer["games"][0]["options"])


# One game boots the real engine: the page's policy over the worker and the wasm too.
@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.real_engine("the policy over a real boot"))
                                  if g == "le_truc" else g for g in games.names()])
def test_no_parameter_of_a_game_page_builds_html_or_runs_a_script(page, site_url, game):
    """All the game's rule options and every common parameter but `game` carry the
    payload at once: each is refused with a message, and the game still starts and
    plays, under the page's policy without a single violation."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.add_init_script(VIOLATIONS)
    # the player's kept pace: a refused `speed` leaves it in force (and the bots answer at once)
    page.add_init_script("try { localStorage.setItem('cardtable:speed', 'instant'); } catch (e) {}")
    names = ["lang", "seed", "level", "speed", "stop", "caption", "players", *option_names(game)]
    query = "&".join(f"{n}={quote(PAYLOAD)}" for n in dict.fromkeys(names))
    page.goto(f"{site_url}?game={game}&{query}")
    poll(page, "document.documentElement.dataset.ready === 'true' && document.querySelector('#alert:not([hidden])')", 60)
    alert = page.inner_text("#alert")
    assert "could not be set up" in alert and any(n in alert for n in option_names(game) + ["players"])
    for _ in range(4):  # the game plays on with its defaults
        if next_decision(page):
            break
        # one step, so a bot's move cannot take the button away between finding and clicking
        page.evaluate("document.querySelector('button[data-action]:not([disabled])')?.click()")
    page.wait_for_timeout(300)
    assert page.evaluate(INJECTED) == 0
    assert page.evaluate("window.__pwned") is None and dialogs == []
    assert page.evaluate("window.__violations") == []
    assert page.page_errors == [] and page.console_errors == []


def test_nothing_kept_in_the_browser_builds_html_or_runs_a_script(page, site_url, wait_ready):
    """A save and settings in localStorage are the page's own, but a tampered browser
    profile must not become a script either."""
    bad_save = {"v": 1, "game": "le_truc", "seed": 1, "level": PAYLOAD, "options": {"target": PAYLOAD},
                "actions": [PAYLOAD]}
    page.add_init_script(VIOLATIONS)
    page.goto(f"{site_url}?lang=en")  # the game list: no game running that could save over ours
    wait_ready(page)
    page.evaluate("""([save, payload]) => {
        for (const k of ["lang", "level", "four-colour", "learning", "instant", "speed", "tap-twice", "advisor",
                       "show-count", "knock-stops", "deal-end-auto", "sound"])
            localStorage.setItem(`cardtable:${k}`, payload);
        localStorage.setItem("cardtable:stats:le_truc", payload);
        localStorage.setItem("cardtable:save:le_truc", save);
    }""", [json.dumps(bad_save), PAYLOAD])
    page.goto(f"{site_url}?game=le_truc&speed=instant")
    poll(page, "document.documentElement.dataset.ready === 'true' && document.querySelector('button[data-action]')", 60)
    assert any("could not be" in a or "読み" in a for a in [page.inner_text("#alert")])
    assert page.evaluate(INJECTED) == 0
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("localStorage.getItem('cardtable:save:le_truc:unreadable')") == json.dumps(bad_save)


@pytest.mark.parametrize("query", [f"game={quote(PAYLOAD)}", f"lang={quote(PAYLOAD)}",
                                   f"game=../../index&lang={quote(PAYLOAD)}"])
def test_the_rules_page_takes_nothing_from_the_address_as_html(page, site_url, query):
    page.add_init_script(VIOLATIONS)
    page.goto(f"{site_url}rules.html?{query}")
    poll(page, "document.getElementById('text')?.textContent.trim().length > 200")
    assert page.evaluate(INJECTED) == 0
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("window.__violations") == []
