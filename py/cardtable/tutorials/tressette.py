"""Tressette's guided first deal: a worthless first lead, the bot's A♣ caught by a 3
when following suit, a lead that drives out a 2 the bot was seen to draw, the A♥
caught the same way, a lead that shows the bot holds no diamonds, then the A♦ it drew
caught by the 3♦ and a safe diamond lead; the rest of the deal is free play (20 tricks)."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="tressette", seed=1, level="normal", free=True,
    options={"first_dealer": 1},  # the bot deals: the player is the non-dealer and leads the first trick
    deck=tuple("7D 2S 4D 6D 3H 7H 6S 3C QC KC JS JH QH 5D 3S 6C KS 7S KH AC "
               "2C 5H KD AH 2H 3D JD 4H 4C AD AS 5S 7C 5C 6H QS QD 2D 4S JC".split()),
    steps=(
        Step("play 4D", rule="tricks", look="hand"),
        Step("play 3C", rule="tricks", look="trick", bots=("play 5D", "play AC")),
        Step("play QC", rule="tricks", look="others"),
        Step("play 3H", rule="cards", look="trick", bots=("play 2C", "play AH")),
        Step("play 6D", rule="tricks", look="hand"),
        Step("play 3D", rule="tricks", look="others", bots=("play 4H",)),
        Step("play JD", rule="tricks", look="others", bots=("play AD",)),
    ),
    finish=("play 7S",),
)
