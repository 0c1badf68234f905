"""Oneonta Whist's guided first deal: the turned card names trumps and the hand is
read for a bid of 5, the dummy leads every trick, the player follows suit, takes
the tricks the bid needs (aces, a ruff, the Big joker) and loses the others on
purpose (the 10♠ under the J♠, the 10♣ to a trump lead), making the bid exactly.
A solitaire: the dummy's leads are the deal itself, so there are no bots' moves."""

from ..tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    game="oneonta_whist", seed=1, level="strong",
    # dealt one at a time, dummy first: the dummy leads KD KS JS JD QH AC JH LJ KH in
    # that order; the player holds BJ KC TC AS QS TS AH TH AD; JC is turned (clubs are
    # trumps) and QD TD QC are the dead cards
    deck=tuple("KD AS KS QS JS TS JD AD QH BJ AC AH JH TC LJ TH KH KC JC QD TD QC".split()),
    steps=(
        Step("bid 5", rule="bidding", look="panel"),
        Step("play AD", rule="tricks", look="trick"),
        Step("play AS", rule="tricks", look="hand"),
        Step("play TS", rule="scoring", look="panel"),
        Step("play KC", rule="tricks", look="status"),
        Step("play AH", rule="tricks", look="trick"),
        Step("play TC", rule="scoring", look="hand"),
        Step("play TH", rule="tricks", look="hand"),
        Step("play BJ", rule="trumps", look="trick"),
        Step("play QS", rule="scoring", look="panel"),
    ),
)
