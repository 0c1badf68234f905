"""Toepen's guided first deal (three players, the player on the dealer's left): an
honest exchange of four number cards, called bluff by a bot that pays for it; three
aces in the new hand and the whistle they oblige; a knock before the first lead, one
bot folding and one staying; the weak card shed in the first trick, the aces kept;
and the last trick, led with an ace, winning the deal."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="toepen", seed=815021, level="normal",
    options={"players": 3, "first_dealer": 2},  # seat 2 deals: the player decides first and leads
    # dealt one at a time to seats 0, 1, 2; then the stock (the player's exchange takes its top four)
    deck=tuple("7C 8S KC 8H 9D TC 9S TS TH 9C 9H JS AD AH AS 8C AC JH QS QH TD KD JD 8D "
               "7D JC QD QC KH 7S 7H KS".split()),
    steps=(
        Step("exchange", rule="exchange", look="hand"),
        Step("whistle", rule="whistle", look="hand", bots=("challenge", "exchange", "challenge", "keep")),
        Step("knock", rule="knock", look="panel", bots=("silent", "silent", "pass", "pass")),
        Step("play 8C", rule="strategy", look="others", bots=("fold", "stay")),
        Step("play AH", rule="tricks", look="trick", bots=("play TC", "play TH", "pass")),
        Step("play AD", rule="strategy", look="hand", bots=("pass",)),
        Step("play AS", rule="deal-end", look="status", bots=("play JS", "pass")),
    ),
    finish=("play KC",),
)
