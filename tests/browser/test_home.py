"""The landing page and the rules pages as a reader finds them: every game with its
cards, who plays, and links that resolve; a saved game offered as Continue; each
rules page's link to the article it follows, in a new tab; a phone's width."""

import json
from urllib.parse import urljoin

import pytest

from tests.browser.axe import new_phone_page
from tests.support.games import ByGame
from tests.support.pages import legal_buttons, next_decision, poll, press
from tests.conftest import wait_ready

pytestmark = pytest.mark.browser

#: What a player reads under each game's name (games.json's players, in words), and the
#: articles the rules follow: each game's HOME_PLAYERS and ARTICLES in
#: tests/support/games/<name>.py.
PLAYERS = ByGame("HOME_PLAYERS")
ARTICLES = ByGame("ARTICLES")

CARDS = """() => [...document.querySelectorAll('#games .game-card')].map((c) => ({
  game: c.dataset.game, name: c.querySelector('h2').textContent,
  pictures: c.querySelectorAll('.home-cards svg, .home-cards img').length,
  players: c.querySelector('.players').textContent,
  links: Object.fromEntries([...c.querySelectorAll('.links a')].map((a) => [a.className, a.getAttribute('href')])),
}))"""


def catalogue(page, site_url):
    return json.loads(page.request.get(site_url + "games.json").text())["games"]


def assert_resolves(page, href):
    url = urljoin(page.url, href)
    assert page.request.get(url).status == 200, url


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_landing_shows_every_game_with_its_cards_players_and_links(page, site_url, lang):
    page.goto(site_url + f"?lang={lang}")
    wait_ready(page)
    games = catalogue(page, site_url)
    cards = page.evaluate(CARDS)
    assert [c["game"] for c in cards] == [g["name"] for g in games]
    for info, shown in zip(games, cards):
        game = info["name"]
        assert shown["pictures"] == len(info["poster"]) >= 1, game
        assert shown["players"] == PLAYERS[game][lang]
        assert shown["links"] == {"play": f"play/{game}/{lang}/",
                                  "daily-link": f"play/{game}/{lang}/?daily=1",
                                  "learn-link": f"play/{game}/{lang}/?tutorial=1",
                                  "rules-link": f"rules/{game}/{lang}/",
                                  "embed-link": f"embed.html?game={game}&lang={lang}"}
        for href in shown["links"].values():
            assert_resolves(page, href)
    builder = page.get_attribute("#builder-link", "href")
    assert builder == f"embed.html?lang={lang}" and page.is_visible("#builder-link")
    assert_resolves(page, builder)
    assert page.console_errors == [] and page.foreign_requests == []


def test_a_saved_game_is_offered_as_continue_and_opens_where_it_was(page, site_url):
    page.goto(site_url + "?game=tressette&lang=en&speed=instant&level=random&seed=5")
    wait_ready(page)
    next_decision(page)
    press(page, f'button[data-action="{legal_buttons(page)[0]}"]')
    poll(page, "localStorage.getItem('cardtable:save:tressette') !== null")
    moves = json.loads(page.evaluate("localStorage.getItem('cardtable:save:tressette')"))["actions"]
    page.goto(site_url + "?lang=en")
    wait_ready(page)
    links = {c["game"]: c["links"] for c in page.evaluate(CARDS)}
    assert page.inner_text('[data-game="tressette"] a.continue') == "Continue"
    assert set(links["tressette"]) == {"play continue", "new-game", "daily-link", "learn-link", "rules-link",
                                       "embed-link"}
    assert "seed=" in links["tressette"]["new-game"]
    assert all("play" in links[g] for g in links if g != "tressette")  # the others: Play, not Continue
    with page.expect_navigation():  # else the home page's own readiness could answer
        press(page, '[data-game="tressette"] a.continue')
    wait_ready(page)
    poll(page, "new URLSearchParams(location.search).get('seed') === '5'")  # the saved deal, restored
    assert page.get_attribute("html", "lang") == "en"
    saved = json.loads(page.evaluate("localStorage.getItem('cardtable:save:tressette')"))
    assert saved["actions"][:len(moves)] == moves  # the same game, not a new one
    assert page.console_errors == [] and page.foreign_requests == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_rules_page_links_to_its_article_in_a_new_tab(page, site_url, lang):
    for game, urls in ARTICLES.items():
        page.goto(site_url + f"rules.html?game={game}&lang={lang}")
        wait_ready(page)
        links = page.evaluate("""() => [...document.querySelectorAll('#articles a')].map((a) =>
            ({href: a.href, target: a.target, rel: a.rel, text: a.textContent}))""")
        assert [a["href"] for a in links] == urls, game
        assert all(a["target"] == "_blank" and "noopener" in a["rel"].split() and a["text"] for a in links)
        assert page.get_attribute("#play", "href") == f"play/{game}/{lang}/"
        assert page.get_attribute("#embed", "href") == f"embed.html?game={game}&lang={lang}"
        assert_resolves(page, page.get_attribute("#embed", "href"))
    assert page.console_errors == [] and page.foreign_requests == []


TARGETS = """() => [...document.querySelectorAll('#home a, .rules a')].filter((a) => a.getClientRects().length)
  .map((a) => { const r = a.getBoundingClientRect(); return [a.textContent, r.width, r.height]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""


SMALLEST_CARD = """() => Math.min(...[...document.querySelectorAll('.game-card .home-cards .card')]
  .map((c) => c.getBoundingClientRect().width))"""


@pytest.mark.parametrize("width", [390, 360])
def test_a_phone_has_no_sideways_scroll_and_big_targets(browser, site_url, width):
    context, page = new_phone_page(browser)
    page.set_viewport_size({"width": width, "height": 844})
    try:
        for lang in ("en", "ja"):
            for address in (f"?lang={lang}", f"rules.html?game=brazilian_truco&lang={lang}"):
                page.goto(site_url + address)
                wait_ready(page)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, address
                assert page.evaluate(TARGETS) == [], address
                if address.startswith("?"):  # the landing's cards, big enough to read their corners
                    assert page.evaluate(SMALLEST_CARD) >= 56
    finally:
        context.close()
