"""Japanese Loo's guided first deal (four players, the player dealing): the ante
and the turned A♥ that makes hearts trumps (and the K♥ the top trump), one bot
dropping for the fee and two playing, the player in last; a forced follow to the
A♣, a ruff with the smallest trump that takes the trick from a bot with no trick
yet, the top trumps led (hammering), and the last trick looing that bot while the
player takes four tricks of the five."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="japanese_loo", seed=1, level="normal",
    options={"players": 4, "first_dealer": 0},  # the player deals: antes, declares last; bot 2 leads
    # dealt one at a time to seats 1, 2, 3, 0, then the turn-up AH; the rest is dead.
    # Bot 1: 2S 4S 5C 3D 6D (drops); bot 2: AC 4D KD QS 8C; bot 3: JH 9D 2D 9C 3S;
    # the player: 7C KH QH 8H AS
    deck=tuple("2S AC JH 7C 4S 4D 9D KH 5C KD 2D QH 3D QS 9C 8H 6D 8C 3S AS AH KS JS TS 9S 8S 7S 6S 5S TH 9H 7H 6H 5H 4H 3H 2H AD QD JD TD 8D 7D 5D KC QC JC TC 6C 4C 3C 2C".split()),
    steps=(
        Step("in", rule="declare", look="panel", bots=("out", "in", "in")),
        Step("play 7C", rule="tricks", look="trick", bots=("play AC", "play 9C")),
        Step("play 8H", rule="tricks", look="trick", bots=("play 4D", "play 9D")),
        Step("play KH", rule="tips", look="hand"),
        Step("play QH", rule="trumps", look="trick", bots=("play 8C", "play JH")),
        Step("play AS", rule="loo", look="others", bots=("play QS", "play 2D")),
    ),
    finish=("play KD", "play 3S"),
)
