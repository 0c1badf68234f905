"""Brazilian Truco's guided first hand: keep a set holding the zap (the highest of the
fixed manilhas), lead a 3 that an opponent's 3 ties, lead again after the tie and call
truco, raise the opponents' raise to 9, and win the hand with the zap."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="brazilian_truco", seed=40, level="normal",
    options={"first_dealer": 3},  # the left-hand opponent deals: the player is the mão (keeps and leads)
    deck=tuple("4C 3H 4D 3S 3D QS 2H QC 7S 2C JS 5S AS KS 6S 4S 2S AH KH QH JH 7H 6H 5H 4H "
               "AD KD QD JD 7D 6D 5D 2D AC KC JC 7C 6C 5C 3C".split()),
    steps=(
        Step("keep", rule="cards", look="hand"),
        Step("play 3H", rule="tricks", look="hand"),
        Step("truco", rule="truco", look="trick", bots=("play 3D", "play 7S", "play 5S")),
        Step("raise", rule="truco", look="status", bots=("raise",)),
        Step("play 4C", rule="truco", look="hand", bots=("accept",)),
    ),
    finish=("play QS", "play QC", "play JS"),
)
