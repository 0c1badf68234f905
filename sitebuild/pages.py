"""The pages a link can point at, each with its own link card: the landing page (in
English at the root, in Japanese under ja/), a page per game and language
(play/<game>/<lang>/: the same table as index.html?game=…, which a static host
cannot give tags of its own) and a rules page per game and language
(rules/<game>/<lang>/), plus each game page's oEmbed JSON and the app's manifests.

A copied page keeps every relative address working through `<base href>` and
names its game and language on <html> (data-game, data-page-lang), which
address.js and rules.js read when the address does not say. Link-card tags
(Open Graph, Twitter, canonical, oEmbed discovery) need the site's absolute
address: without a base URL the build leaves them out and says so once.
"""

from __future__ import annotations

import html
import functools
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from sitebuild import ROOT, BuildError
from sitebuild import words as i18n

LANGS = ("ja", "en")
LOCALES = {"ja": "ja_JP", "en": "en_US"}
#: The embed's size in an article: the builder's snippet (web/js/embed-builder.js
#: PREVIEW_HEIGHT) and the oEmbed answer give the same.
EMBED_WIDTH, EMBED_HEIGHT = 760, 720
CARD_WIDTH, CARD_HEIGHT = 1200, 630  # sitebuild/pictures.py draws them
THEME = "#174a2e"  # table.css --felt-dark: the installed app's bar
BACKGROUND = "#eef1ec"  # table.css body


def base_url(given: str | None = None) -> str | None:
    """The site's absolute address, ending in '/', from --base-url or CARDTABLE_BASE_URL;
    None when neither is set."""
    raw = given if given is not None else os.environ.get("CARDTABLE_BASE_URL", "")
    raw = raw.strip()
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise BuildError(f"the base URL must be an absolute http(s) address such as "
                         f"https://user.github.io/repo/ (got {raw!r})")
    return raw if raw.endswith("/") else raw + "/"


def warn_without_base() -> None:
    """Said once per build: what is left out, and how to put it in."""
    print("build.py: warning: no base URL, so the pages have no link-card tags, canonical "
          "URLs or oEmbed (they need absolute addresses), and WordPress's sandboxed embed "
          "is blank in Safari (its policy must name the site). Give the site's address: "
          "python build.py --base-url https://<user>.github.io/<repo>/ "
          "(or CARDTABLE_BASE_URL=...)", file=sys.stderr, flush=True)


@functools.cache
def words(lang: str) -> dict[str, str]:
    """The interface's words, shared and every game's (sitebuild/words.py): the one
    place a page's text comes from."""
    return i18n.load(lang)


def say(lang: str, key: str, **args) -> str:
    """One phrase, its {placeholders} filled."""
    text = words(lang)[key]
    for name, value in args.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def embed_snippet(site: str, game: dict, lang: str) -> str:
    """The embed builder's two lines for a game with the article's rules and the
    newcomer's level (web/js/embed-builder.js snippet(): keep the two the same)."""
    params = {"game": game["name"], "lang": lang, "embed": "1"}
    if game["players"][1] > 1:
        params["level"] = game["default_level"]
    src = f"{site}index.html?{urlencode(params)}"
    title = f"{say(lang, 'game.' + game['name'])} — {say(lang, 'site.title')}"
    style = f"display:block;width:100%;max-width:{EMBED_WIDTH}px;height:{EMBED_HEIGHT}px;border:0"
    esc = lambda s: s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")  # noqa: E731
    return (f'<iframe src="{esc(src)}" width="{EMBED_WIDTH}" height="{EMBED_HEIGHT}" title="{esc(title)}" '
            f'data-cardtable loading="lazy" style="{style}"></iframe>\n'
            f'<script src="{esc(site)}web/embed.js" defer></script>')


def oembed(site: str, game: dict, lang: str) -> dict:
    """The oEmbed answer (type rich) for a game's page: the builder's snippet."""
    name = game["name"]
    return {
        "version": "1.0", "type": "rich",
        "title": f"{say(lang, 'game.' + name)} — {say(lang, 'site.title')}",
        "provider_name": say(lang, "site.title"), "provider_url": site,
        "html": embed_snippet(site, game, lang), "width": EMBED_WIDTH, "height": EMBED_HEIGHT,
        "thumbnail_url": f"{site}web/pictures/{name}.{lang}.png",
        "thumbnail_width": CARD_WIDTH, "thumbnail_height": CARD_HEIGHT,
    }


def head_tags(site: str | None, path: str, other_path: str, lang: str, title: str,
              description: str, image: str, oembed_path: str | None = None) -> str:
    """The lines a page's <head> gets: its description always; with a base URL its
    canonical address, the other language's page, Open Graph and Twitter's card."""
    esc = lambda s: html.escape(s, quote=True)  # noqa: E731
    lines = [f'<meta name="description" content="{esc(description)}">']
    if site is None:
        return "\n".join(lines)
    url, other = site + path, site + other_path
    other_lang = "en" if lang == "ja" else "ja"
    lines += [
        f'<link rel="canonical" href="{esc(url)}">',
        f'<link rel="alternate" hreflang="{lang}" href="{esc(url)}">',
        f'<link rel="alternate" hreflang="{other_lang}" href="{esc(other)}">',
        '<meta property="og:type" content="website">',
        f'<meta property="og:site_name" content="{esc(say(lang, "site.title"))}">',
        f'<meta property="og:locale" content="{LOCALES[lang]}">',
        f'<meta property="og:title" content="{esc(title)}">',
        f'<meta property="og:description" content="{esc(description)}">',
        f'<meta property="og:url" content="{esc(url)}">',
        f'<meta property="og:image" content="{esc(site + image)}">',
        f'<meta property="og:image:width" content="{CARD_WIDTH}">',
        f'<meta property="og:image:height" content="{CARD_HEIGHT}">',
        f'<meta property="og:image:alt" content="{esc(title)}">',
        '<meta name="twitter:card" content="summary_large_image">',
        f'<meta name="twitter:title" content="{esc(title)}">',
        f'<meta name="twitter:description" content="{esc(description)}">',
        f'<meta name="twitter:image" content="{esc(site + image)}">',
    ]
    if oembed_path:
        lines.append(f'<link rel="alternate" type="application/json+oembed" href="{esc(site + oembed_path)}" '
                     f'title="{esc(title)}">')
    return "\n".join(lines)


def fill_page(source: str, *, lang: str, title: str, tags: str, base: str | None = None,
              game: str | None = None, fixed_lang: bool = True) -> str:
    """A copy of index.html or rules.html for one game and language: its <html>
    names them, <base> keeps relative addresses at the site's root, and the head
    gets its title, tags and the manifest of its language. The root's own
    index.html (fixed_lang=False) keeps choosing its language by the reader's."""
    marks = (f' data-page-lang="{lang}"' if fixed_lang else "") + (f' data-game="{game}"' if game else "")
    out, n = re.subn(r'<html lang="[a-z]+">', f'<html lang="{lang}"{marks}>', source, count=1)
    if n != 1:
        raise BuildError("a page template lost its <html lang=…> line")
    if base:
        out = out.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n<base href="{base}">', 1)
    out = re.sub(r"<title>.*?</title>", lambda _m: f"<title>{html.escape(title)}</title>", out, count=1)
    out = out.replace('href="manifest.en.webmanifest"', f'href="manifest.{lang}.webmanifest"', 1)
    return out.replace("</head>", tags + "\n</head>", 1)


#: A page's Content-Security-Policy, in its <meta http-equiv>.
CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')


def widen_csp(page: str, site: str) -> str:
    """The page with the site's own address beside every 'self' of its policy. In a
    sandboxed iframe without allow-same-origin (WordPress's oEmbed) the page's origin
    is opaque, and WebKit then matches 'self' to none of the page's own files (WebKit
    bug 316847): no script or style would load. The address names the site's folder,
    so nothing else of its host is allowed. A file with no policy (a fragment) is left
    as it is."""
    def widen(match: re.Match) -> str:
        policy = match[2].replace("'self'", f"'self' {site}")
        return match[1] + policy + match[3]
    out, n = CSP.subn(widen, page)
    if n > 1:
        raise BuildError("a page has two Content-Security-Policy <meta>s")
    return out


def manifest(lang: str) -> dict:
    """The installed app, in one language: its names, icons, start page and colours."""
    return {
        "name": say(lang, "site.title"), "short_name": say(lang, "site.title"),
        "description": say(lang, "site.tagline"), "lang": lang,
        "start_url": "./" if lang == "en" else "./ja/", "scope": "./", "id": "./",
        "display": "standalone", "background_color": BACKGROUND, "theme_color": THEME,
        "icons": [
            {"src": "web/pictures/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "web/pictures/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "web/pictures/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": "web/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }


def write_pages(out: Path, games: list[dict], site: str | None) -> list[str]:
    """Every linkable page, the oEmbed answers and the manifests, into `out`
    (which already holds index.html and rules.html); returns their paths."""
    written = []

    def put(rel: str, text: str) -> None:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(rel)

    index = (ROOT / "index.html").read_text(encoding="utf-8")
    rules = (ROOT / "rules.html").read_text(encoding="utf-8")
    for lang in LANGS:
        put(f"manifest.{lang}.webmanifest", json.dumps(manifest(lang), ensure_ascii=False, indent=1))
        other = "en" if lang == "ja" else "ja"
        home = {"en": "", "ja": "ja/"}
        tags = head_tags(site, home[lang], home[other], lang, say(lang, "site.title"),
                         say(lang, "site.tagline"), f"web/pictures/site.{lang}.png")
        put(home[lang] + "index.html", fill_page(index, lang=lang, title=say(lang, "site.title"), tags=tags,
                                                 base="../" if home[lang] else None, fixed_lang=bool(home[lang])))
        for game in games:
            name = game["name"]
            title = f"{say(lang, 'game.' + name)} — {say(lang, 'site.title')}"
            line = say(lang, f"game.{name}.line")
            play, play_other = f"play/{name}/{lang}/", f"play/{name}/{other}/"
            if site:
                put(play + "oembed.json", json.dumps(oembed(site, game, lang), ensure_ascii=False, indent=1))
            tags = head_tags(site, play, play_other, lang, title, line, f"web/pictures/{name}.{lang}.png",
                             play + "oembed.json")
            put(play + "index.html", fill_page(index, lang=lang, title=title, tags=tags, base="../../../",
                                               game=name))
            rules_title = f"{say(lang, 'rules.title', game=say(lang, 'game.' + name))} — {say(lang, 'site.title')}"
            page, page_other = f"rules/{name}/{lang}/", f"rules/{name}/{other}/"
            tags = head_tags(site, page, page_other, lang, rules_title, line, f"web/pictures/{name}.{lang}.png")
            put(page + "index.html", fill_page(rules, lang=lang, title=rules_title, tags=tags,
                                               base="../../../", game=name))
    return written
