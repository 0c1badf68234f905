"""Checks web/js/card-art.js (the playing-card SVG art) by running it under Node."""
import json
import shutil
import subprocess
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

MODULE = Path(__file__).resolve().parents[2] / "web" / "js" / "card-art.js"
NODE = shutil.which("node")
SVG_NS = "{http://www.w3.org/2000/svg}"
DECK = [r + s for s in "SHDC" for r in "AKQJT98765432"]

SCRIPT = """
import * as m from %s;
const deck = %s;
const out = { normal: {}, four: {}, names: {}, back: [m.cardBackSVG(), m.cardBackSVG()],
  symbols: m.SUIT_SYMBOL, ten: m.rankLabel('T'), nine: m.rankLabel('9') };
for (const c of [...deck, 'BJ', 'LJ']) {
  out.normal[c] = m.cardSVG(c);
  out.four[c] = m.cardSVG(c, { fourColour: true });
  out.names[c] = { en: m.cardName(c, 'en'), ja: m.cardName(c, 'ja') };
}
process.stdout.write(JSON.stringify(out));
"""


@unittest.skipIf(NODE is None, "node is not on PATH; cannot run the ES module web/js/card-art.js")
class CardsJsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        script = SCRIPT % (json.dumps(MODULE.as_uri()), json.dumps(DECK))
        res = subprocess.run([NODE, "--input-type=module", "-e", script],
                             capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise AssertionError("node failed:\n" + res.stderr)
        cls.data = json.loads(res.stdout)

    def parse(self, svg):
        root = ET.fromstring(svg)
        self.assertEqual(root.tag, SVG_NS + "svg")
        self.assertEqual(root.get("viewBox"), "0 0 200 280")
        return root

    def test_every_card_is_well_formed_svg_without_ids(self):
        for mode in ("normal", "four"):
            for code in DECK + ["BJ", "LJ"]:
                with self.subTest(mode=mode, code=code):
                    root = self.parse(self.data[mode][code])
                    self.assertFalse([e for e in root.iter() if e.get("id")],
                                     "card faces must not contain id attributes")

    def test_backs_are_svg_without_ids_and_the_same_every_time(self):
        """A page parses a card's markup once and clones it (web/js/app.js): that needs
        markup without ids (no two backs may share one) and the same on every call."""
        first, second = self.data["back"]
        self.assertEqual(first, second)
        root = self.parse(first)
        self.assertFalse([e for e in root.iter() if e.get("id")], "card backs must not contain id attributes")
        self.assertFalse([e for e in root.iter() if "url(" in (e.get("fill") or "") + (e.get("stroke") or "")])

    def suit_colours(self, mode):
        """Colour of each suit: the fill of the corner rank index, the same on all 13 cards."""
        colours = {}
        for suit in "SHDC":
            fills = set()
            for rank in "AKQJT98765432":
                root = self.parse(self.data[mode][rank + suit])
                text = next(root.iter(SVG_NS + "text"))
                fills.add(text.get("fill").lower())
                # the index suit symbol right after it has the same colour
                paths = [p.get("fill").lower() for p in root.iter(SVG_NS + "path") if p.get("fill")]
                self.assertIn(text.get("fill").lower(), paths)
            self.assertEqual(len(fills), 1, f"{mode}: suit {suit} uses several colours {fills}")
            colours[suit] = fills.pop()
        return colours

    def test_four_colour_deck_uses_four_distinct_fills(self):
        colours = self.suit_colours("four")
        self.assertEqual(len(set(colours.values())), 4, colours)

    def test_normal_deck_uses_two_fills(self):
        colours = self.suit_colours("normal")
        self.assertEqual(len(set(colours.values())), 2, colours)
        self.assertEqual(colours["S"], colours["C"])
        self.assertEqual(colours["H"], colours["D"])
        self.assertNotEqual(colours["S"], colours["H"])

    def test_names(self):
        names = self.data["names"]
        expected = {
            "KS": ("King of spades", "スペードのK"),
            "TH": ("10 of hearts", "ハートの10"),
            "AC": ("Ace of clubs", "クラブのA"),
            "7D": ("7 of diamonds", "ダイヤの7"),
            "QH": ("Queen of hearts", "ハートのQ"),
            "JC": ("Jack of clubs", "クラブのJ"),
            "BJ": ("Big joker", "ジョーカー（大）"),
            "LJ": ("Little joker", "ジョーカー（小）"),
        }
        for code, (en, ja) in expected.items():
            with self.subTest(code=code):
                self.assertEqual(names[code]["en"], en)
                self.assertEqual(names[code]["ja"], ja)

    def test_symbols_and_rank_label(self):
        self.assertEqual(self.data["symbols"], {"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
        self.assertEqual(self.data["ten"], "10")
        self.assertEqual(self.data["nine"], "9")


if __name__ == "__main__":
    unittest.main()
