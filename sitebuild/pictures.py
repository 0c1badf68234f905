"""`build.py pictures`: the site's link-card images and app icons, drawn by Chromium
from our own card art (web/js/card-art.js) and words (web/i18n), into web/pictures/.

The PNGs are committed: a build needs no browser, and a change to a picture is
reviewed like any other file. Run this after changing a game's name, line, poster
cards or the card art. Playwright and Pillow are test tools (`pip install -e .[test]`).

- `<game>.<lang>.png` and `site.<lang>.png`, 1200×630: what a link to the game's
  page (or the site) shows on social media and in blog cards (og:image).
- `icon-192.png`, `icon-512.png`, `icon-maskable-512.png` and `apple-touch-icon.png`
  (180): the installed app's icons, from web/icon.svg.
"""

from __future__ import annotations

import html
import io
import json
import shutil
import tempfile
import threading
from pathlib import Path

from sitebuild import ROOT, BuildError

OUT = ROOT / "web" / "pictures"
CARD_SIZE = (1200, 630)  # Open Graph's recommended size (1.91:1)
LANGS = ("ja", "en")
#: (file, size, maskable): maskable icons keep the drawing in the middle 80% on a full background.
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False),
         ("icon-maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True))
FELT, FELT_DARK = "#1f5e3b", "#174a2e"  # table.css --felt, --felt-dark

STYLE = f"""
* {{ box-sizing: border-box; margin: 0; }}
html, body {{ width: 1200px; height: 630px; overflow: hidden; }}
body {{ font-family: 'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'DejaVu Sans', sans-serif;
  color: #fff; background: radial-gradient(ellipse at 70% 50%, #2a7a4d 0%, {FELT} 55%, {FELT_DARK} 100%);
  display: grid; grid-template-columns: 610px 1fr; padding: 56px 64px; gap: 24px; }}
.words {{ display: flex; flex-direction: column; gap: 22px; }}
.site {{ font-size: 30px; font-weight: 700; color: #f3d27a; letter-spacing: .02em; }}
h1 {{ line-height: 1.1; font-weight: 800; white-space: nowrap; }}
.players {{ align-self: flex-start; font-size: 30px; font-weight: 700; background: #00000038;
  border: 2px solid #ffffff55; border-radius: 12px; padding: 6px 18px; }}
.line {{ font-size: 29px; line-height: 1.5; color: #f1f5f0; }}
.cards {{ position: relative; }}
.cards svg {{ position: absolute; width: 220px; height: 308px; top: 130px; left: 130px;
  filter: drop-shadow(0 8px 14px #0007); transform-origin: 50% 120%; }}
.cards svg:nth-child(1) {{ transform: rotate(-16deg) translateX(-70px); }}
.cards svg:nth-child(3) {{ transform: rotate(16deg) translateX(70px); }}
.site-cards svg {{ width: 170px; height: 238px; top: 170px; left: 140px; }}
.games {{ font-size: 24px; line-height: 1.6; color: #f3d27a; font-weight: 700; }}
.site-cards svg:nth-child(1) {{ transform: rotate(-24deg) translateX(-120px); }}
.site-cards svg:nth-child(2) {{ transform: rotate(-8deg) translateX(-40px); }}
.site-cards svg:nth-child(3) {{ transform: rotate(8deg) translateX(40px); }}
.site-cards svg:nth-child(4) {{ transform: rotate(24deg) translateX(120px); }}
"""

def players_text(info: dict, words: dict[str, str]) -> str:
    """Who plays, as the landing page says it (home.js playersText: the same words)."""
    lo, hi, _default = info["players"]
    own = f"home.players.{info['name']}"
    if own in words:
        return words[own]
    if info.get("solitaire"):
        return words["home.players_solitaire"]
    if lo == hi:
        return words["home.players_fixed"].replace("{n}", str(lo))
    return words["home.players"].replace("{min}", str(lo)).replace("{max}", str(hi))


def page(title: str, line: str, players: str | None, cards: list[str], lang: str, site: str,
         games: list[str] = ()) -> str:
    """One 1200×630 picture as an HTML page; the cards are drawn by web/js/card-art.js."""
    esc = html.escape
    badge = f'<p class="players">{esc(players)}</p>' if players else ""
    names = f'<p class="games">{esc(" · ".join(games))}</p>' if games else ""
    many = bool(games)
    # One line, as big as fits 600 px: a full-width character is about 1 em, a Latin one 0.56.
    width_em = sum(1.0 if ord(ch) >= 0x2E80 else 0.56 for ch in title)
    title_px = min(76, int(600 / width_em))
    return f"""<!doctype html><html lang="{lang}"><meta charset="utf-8"><style>{STYLE}</style>
<div class="words"><p class="site">{esc(site)}</p><h1 style="font-size: {title_px}px">{esc(title)}</h1>{badge}<p class="line">{esc(line)}</p>{names}</div>
<div class="cards{' site-cards' if many else ''}" id="cards"></div>
<script type="module">
import {{ cardSVG }} from "./card-art.js";
document.getElementById("cards").innerHTML = {json.dumps(cards)}.map((c) => cardSVG(c, {{ label: false }})).join("");
document.documentElement.dataset.ready = "true";
</script></html>"""


def icon_page(svg: str, size: int, maskable: bool) -> str:
    """The site's icon at `size` px: on the felt, inside the safe zone, when maskable."""
    inner = round(size * (0.72 if maskable else 1.0))
    background = FELT if maskable else "transparent"
    return f"""<!doctype html><meta charset="utf-8"><style>
* {{ margin: 0; }} html, body {{ width: {size}px; height: {size}px; background: {background};
  display: grid; place-items: center; overflow: hidden; }}
svg {{ width: {inner}px; height: {inner}px; }}</style>{svg}
<script type="module">document.documentElement.dataset.ready = "true";</script>"""


def compress(png: bytes) -> bytes:
    """A palette PNG: a few hundred colours draw flat art and text well, at a fraction of the bytes."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGBA")
    small = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()


def make(out: Path = OUT) -> list[Path]:
    """Draw every picture into `out`; returns the files written."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        raise BuildError("`build.py pictures` needs the test tools: pip install -e '.[test]'") from e
    from sitebuild import browser, pages, serve

    games = json.loads(_games_json())["games"]
    words = {lang: pages.words(lang) for lang in LANGS}
    svg = (ROOT / "web" / "icon.svg").read_text(encoding="utf-8")
    pages: dict[str, tuple[str, tuple[int, int]]] = {}
    for lang in LANGS:
        w = words[lang]
        for info in games:
            name = info["name"]
            pages[f"{name}.{lang}.png"] = (page(w[f"game.{name}"], w[f"game.{name}.line"],
                                               players_text(info, w), info["poster"], lang,
                                               w["site.title"]), CARD_SIZE)
        site_cards = [info["poster"][0] for info in games[:4]]
        pages[f"site.{lang}.png"] = (page(w["site.title"], w["site.tagline"], None, site_cards, lang,
                                          "Card Table" if lang == "ja" else "カードテーブル",
                                          games=[w[f"game.{info['name']}"] for info in games]),
                                     CARD_SIZE)
    for file, size, maskable in ICONS:
        pages[file] = (icon_page(svg, size, maskable), (size, size))

    written = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copy2(ROOT / "web" / "js" / "card-art.js", folder / "card-art.js")
        for i, (file, (markup, _size)) in enumerate(pages.items()):
            (folder / f"{i}.html").write_text(markup, encoding="utf-8")
        server = serve.make_server(folder, port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        out.mkdir(parents=True, exist_ok=True)
        try:
            with sync_playwright() as p:
                chromium = p.chromium.launch(executable_path=browser.ensure_chromium(),
                                             args=browser.CHROMIUM_ARGS)
                for i, (file, (_markup, (width, height))) in enumerate(pages.items()):
                    tab = chromium.new_page(viewport={"width": width, "height": height})
                    tab.goto(f"{base}{i}.html")
                    tab.wait_for_selector("html[data-ready=true]")
                    tab.evaluate("document.fonts.ready.then(() => true)")
                    target = out / file
                    target.write_bytes(compress(tab.screenshot(omit_background=True)))
                    written.append(target)
                    tab.close()
                chromium.close()
        finally:
            server.shutdown()
    return written


def _games_json() -> bytes:
    """The engine's list of its games (names, player limits, poster cards)."""
    from sitebuild import site

    return site.games_json()
