"""Link cards: every page a link can point at (the landing pages, each game's own
page, each rules page) carries its card's tags in its language with absolute
addresses that resolve in the built site; the pictures are 1200×630; each game
page's oEmbed answer is the builder's snippet; the manifests install the app.
Checked on a full build into a temporary folder with a base URL under a subfolder,
as GitHub Pages serves a project site."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from sitebuild import BuildError, pages, site

BASE = "https://cardtable.example/repo/"


class Head(HTMLParser):
    """The <html lang>, <meta> and <link> tags of a page."""

    def __init__(self):
        super().__init__()
        self.lang, self.meta, self.links = None, {}, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a.get("content")
        elif tag == "link":
            self.links.append(a)


def head(path: Path) -> Head:
    parser = Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    site.assemble(out, BASE)
    return out


def linkable(out: Path) -> list[Path]:
    pages_ = [out / "index.html", out / "ja" / "index.html"]
    pages_ += sorted(out.glob("play/*/*/index.html")) + sorted(out.glob("rules/*/*/index.html"))
    return pages_


def local(out: Path, url: str) -> Path:
    """The built file an absolute site address names (a folder is its index.html)."""
    assert url.startswith(BASE), f"{url} is not an absolute address on the site"
    rel = url.removeprefix(BASE).split("?")[0]
    return out / (rel + "index.html" if rel == "" or rel.endswith("/") else rel)


def games(out: Path) -> list[dict]:
    return json.loads((out / "games.json").read_text(encoding="utf-8"))["games"]


def test_every_linkable_page_has_its_card_in_its_language(built):
    names = [g["name"] for g in games(built)]
    found = linkable(built)
    assert len(found) == 2 + 2 * 2 * len(names), "landing ×2, and each game's table and rules ×2 languages"
    for page in found:
        h = head(page)
        rel = page.relative_to(built).as_posix().removesuffix("index.html")
        lang = "ja" if rel.startswith("ja/") or rel.endswith("/ja/") else "en"
        assert h.lang == lang, rel
        assert h.meta["og:locale"] == {"ja": "ja_JP", "en": "en_US"}[lang], rel
        assert h.meta["twitter:card"] == "summary_large_image", rel
        assert h.meta["og:title"] and h.meta["og:description"] and h.meta["description"], rel
        canonical = [link["href"] for link in h.links if link.get("rel") == "canonical"]
        assert canonical == [BASE + rel] == [h.meta["og:url"]], rel
        for url in (h.meta["og:url"], h.meta["og:image"], h.meta["twitter:image"],
                    *[link["href"] for link in h.links if link.get("hreflang")]):
            assert local(built, url).is_file(), f"{rel}: {url} is not in the built site"
        with Image.open(local(built, h.meta["og:image"])) as image:
            assert image.size == (1200, 630), h.meta["og:image"]
        game = next((n for n in names if f"/{n}/" in f"/{rel}"), None)
        if game:  # the card names the game in the page's language, and shows its picture
            assert pages.say(lang, f"game.{game}") in h.meta["og:title"], rel
            assert h.meta["og:image"] == f"{BASE}web/pictures/{game}.{lang}.png", rel


def test_each_game_page_answers_oembed_with_the_builders_snippet(built):
    for game in games(built):
        for lang in ("ja", "en"):
            page = built / "play" / game["name"] / lang / "index.html"
            found = [link["href"] for link in head(page).links if link.get("type") == "application/json+oembed"]
            assert found == [f"{BASE}play/{game['name']}/{lang}/oembed.json"], "one absolute discovery link"
            answer = json.loads(local(built, found[0]).read_text(encoding="utf-8"))
            assert answer["version"] == "1.0" and answer["type"] == "rich"
            assert answer["html"] == pages.embed_snippet(BASE, game, lang)
            src = re.search(r'<iframe src="([^"]+)"', answer["html"]).group(1).replace("&amp;", "&")
            assert local(built, src).is_file() and f"game={game['name']}&lang={lang}&embed=1" in src
            assert (answer["width"], answer["height"]) == (760, 720) and answer["provider_url"] == BASE
            assert pages.say(lang, f"game.{game['name']}") in answer["title"]
            with Image.open(local(built, answer["thumbnail_url"])) as image:
                assert image.size == (answer["thumbnail_width"], answer["thumbnail_height"]) == (1200, 630)


def test_the_manifests_install_the_app_in_each_language(built):
    for lang in ("ja", "en"):
        manifest = json.loads((built / f"manifest.{lang}.webmanifest").read_text(encoding="utf-8"))
        assert manifest["lang"] == lang and manifest["display"] == "standalone"
        assert manifest["name"] == pages.say(lang, "site.title") and manifest["theme_color"].startswith("#")
        start = built / manifest["start_url"] / "index.html"
        assert start.is_file() and manifest["scope"] == "./"
        purposes = set()
        for icon in manifest["icons"]:
            path = built / icon["src"]
            assert path.is_file(), icon["src"]
            purposes.add(icon["purpose"])
            if icon["type"] == "image/png":
                side = int(icon["sizes"].split("x")[0])
                with Image.open(path) as image:
                    assert image.size == (side, side), icon["src"]
        assert {"any", "maskable"} <= purposes
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    # each page links the manifest of its language
    assert 'href="manifest.ja.webmanifest"' in (built / "play/le_truc/ja/index.html").read_text(encoding="utf-8")
    assert 'href="manifest.en.webmanifest"' in (built / "rules/le_truc/en/index.html").read_text(encoding="utf-8")


def test_the_service_worker_precaches_the_pages_and_icons_not_the_card_pictures(built):
    precache = json.loads(re.search(r"^const BUILD = (.*?); // written by build.py$",
                                    (built / "sw.js").read_text(encoding="utf-8"), re.M | re.S).group(1))["precache"]
    assert {"ja/index.html", "play/toepen/ja/index.html", "manifest.ja.webmanifest",
            "web/pictures/icon-192.png", "web/pictures/icon-maskable-512.png"} <= set(precache)
    assert not [p for p in precache if p.endswith("oembed.json") or re.match(r"web/pictures/\w+\.(ja|en)\.png", p)]


def test_without_a_base_url_the_build_says_so_and_writes_no_relative_card(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("CARDTABLE_BASE_URL", raising=False)
    site.assemble(tmp_path, None)
    said = capsys.readouterr().err
    assert "no base URL" in said and "--base-url" in said and said.count("warning") == 1
    page = (tmp_path / "play" / "le_truc" / "ja" / "index.html").read_text(encoding="utf-8")
    assert "og:url" not in page and "og:image" not in page and 'rel="canonical"' not in page
    assert '<meta name="description"' in page, "the page itself still opens the table and describes it"
    assert not list(tmp_path.glob("play/*/*/oembed.json"))


@pytest.mark.parametrize("bad", ["ftp://example.org/", "example.org/repo/", "https://x.org/?a=1", "/repo/"])
def test_a_bad_base_url_is_refused_with_an_example(bad):
    with pytest.raises(BuildError, match="absolute http"):
        pages.base_url(bad)


def test_a_base_url_gets_its_trailing_slash(monkeypatch):
    assert pages.base_url("https://user.github.io/repo") == "https://user.github.io/repo/"
    monkeypatch.setenv("CARDTABLE_BASE_URL", "https://example.org")
    assert pages.base_url() == "https://example.org/"


def test_with_the_sites_address_every_policy_names_it_beside_self(built):
    """In WordPress's sandboxed iframe the page's origin is opaque, and WebKit matches
    'self' to none of the page's own files (WebKit bug 316847): every page's policy
    names the site's folder wherever it says 'self'."""
    with_policy = 0
    for page in sorted(built.rglob("*.html")):
        policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page.read_text(encoding="utf-8"))
        if policy is None:
            continue  # a fragment (the rules pages' bodies)
        with_policy += 1
        for directive in policy[1].split(";"):
            if "'self'" in directive:
                assert f"'self' {BASE}" in directive, (page.relative_to(built), directive)
    assert with_policy >= 2 + 2 * 2 * 6  # the root's pages, and each game's play and rules page per language


def test_widening_changes_a_policy_and_leaves_a_fragment_alone():
    source = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    assert pages.widen_csp(source, BASE) != source
    assert pages.widen_csp("<p>a fragment</p>", BASE) == "<p>a fragment</p>"
