"""The table's short sound effects, made here from a few lines of arithmetic (no
recording, nothing downloaded) and written by the build into dist/web/sounds/:
one mono 16-bit WAV at 22,050 Hz per sound the engine names (``cardtable.table.SOUNDS``;
a test holds the two lists equal, since the build never imports the engine).

WAV because every browser's ``AudioContext.decodeAudioData`` reads PCM WAV (Safari
included) and it needs no encoder: the files are a few kilobytes each anyway.
They are fetched only by a page whose player turned sound on (web/js/page/sound.js)
and never precached by the service worker (``site.NOT_PRECACHED``).

``python -m sitebuild.sounds DIR`` writes them into DIR, to listen to.
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.5  # of full scale: a table's sounds stay under whatever else the player hears
FADE_S = 0.004  # the last few milliseconds fade to silence, so no file ends in a click


def _tone(freq: float, start: float, length: float, decay: float, partials=((1, 1.0),), attack: float = 0.004):
    """A note from ``start`` seconds: sines at ``freq`` times each partial's ratio, with
    its weight, rising over ``attack`` and dying away with time constant ``decay``."""
    def at(t: float) -> float:
        t -= start
        if t < 0 or t > length:
            return 0.0
        envelope = min(1.0, t / attack) * math.exp(-t / decay)
        return envelope * sum(w * math.sin(2 * math.pi * freq * r * t) for r, w in partials)
    return at


def _card(n: int) -> list[float]:
    """A card laid on the felt: a short burst of noise, its highs and lows filtered
    off (a snap, not a hiss), over a soft thump (quieter: a phone's speaker plays
    little of it)."""
    rng = random.Random("cardtable card")
    out, lows, prev = [], [0.0, 0.0, 0.0], 0.0
    thump = _tone(150, 0, 0.05, 0.012)
    for i in range(n):
        t = i / RATE
        x = rng.uniform(-1, 1)
        for k in range(len(lows)):  # three one-pole low-passes ...
            lows[k] += 0.5 * (x - lows[k])
            x = lows[k]
        band = x - prev  # ... and a difference: a band round 1.5-3 kHz
        prev = x
        out.append(5 * band * min(1.0, t / 0.0015) * math.exp(-t / 0.012) + 0.3 * thump(t))
    return out


def _sum(n: int, notes) -> list[float]:
    return [sum(note(i / RATE) for note in notes) for i in range(n)]


SOFT = ((1, 1.0), (2, 0.25))  # a round note: the octave above, quietly
BELL = ((1, 1.0), (2.76, 0.45), (5.4, 0.2))  # a small bell's partials


def _shapes() -> dict[str, tuple[float, object]]:
    """Each sound: its length in seconds and how to draw its samples."""
    return {
        "card": (0.07, _card),
        # a trick gathered: two soft notes, a fourth apart, the second lower
        "trick": (0.16, lambda n: _sum(n, [_tone(784, 0, 0.16, 0.03, SOFT), _tone(587, 0.055, 0.1, 0.035, SOFT)])),
        # a raise or a knock: a brighter chime, two bells close together
        "raise": (0.16, lambda n: _sum(n, [_tone(1175, 0, 0.16, 0.05, BELL), _tone(1568, 0.045, 0.11, 0.04, BELL)])),
        # won: a rising major arpeggio; lost: a falling minor one (both above a phone's speaker's lows)
        "won": (0.2, lambda n: _sum(n, [_tone(f, i * 0.045, 0.2, 0.045, SOFT)
                                        for i, f in enumerate((523, 659, 784, 1047))])),
        "lost": (0.2, lambda n: _sum(n, [_tone(f, i * 0.055, 0.2, 0.05, SOFT)
                                         for i, f in enumerate((587, 466, 392))])),
    }


#: The sounds, by the names the engine gives them (cardtable.table.SOUNDS).
NAMES = tuple(_shapes())


def wav(name: str) -> bytes:
    """The sound ``name`` as a WAV file's bytes (the same bytes every time)."""
    seconds, draw = _shapes()[name]
    n = round(seconds * RATE)
    samples = draw(n)
    fade = round(FADE_S * RATE)
    for i in range(fade):
        samples[n - 1 - i] *= i / fade
    scale = PEAK / max(abs(s) for s in samples)
    pcm = b"".join(struct.pack("<h", round(32767 * s * scale)) for s in samples)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)
    return out.getvalue()


def write(folder: Path) -> None:
    """Every sound into ``folder`` as ``<name>.wav``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        (folder / f"{name}.wav").write_bytes(wav(name))


if __name__ == "__main__":
    write(Path(sys.argv[1] if len(sys.argv) > 1 else "sounds"))
