"""Le Truc's guided first round: keep the deal, a face-up first lead, a tied trick
led again by the same player, a face-down card that offers to double, the bot's
own offer accepted, and the round won on the doubling die at 4."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="le_truc", seed=1, level="normal",
    options={"first_dealer": 1},  # the player is the non-dealer (ko): they choose and lead
    deck=tuple("7H KS JD 6D JC 9C AS QS JS TS 9S 7S 6S AH KH QH JH TH 9H 6H AD KD QD TD 9D 7D AC KC QC TC 7C 6C".split()),
    steps=(
        Step("keep", rule="redo", look="hand"),
        Step("play JD", rule="tricks", look="hand"),
        Step("play 7H down", rule="tricks", look="trick", bots=("play JC",)),
        Step("accept", rule="tricks", look="trick", bots=("accept", "play 9C down")),
    ),
)
