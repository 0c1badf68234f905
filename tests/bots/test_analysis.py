"""The review of a player's decisions (cardtable.analysis): a blunder on a stacked deck is
flagged in every game and the right move in its place is not; the review of a seat uses
only what that seat knew (re-dealing the hidden cards consistently with its view changes
nothing); a review is the same on every run."""

import random

import pytest

from cardtable import analysis, bots, games
from tests.rules import test_brazilian_truco as brazilian_truco
from tests.rules import test_japanese_loo as japanese_loo
from tests.rules import test_le_truc as le_truc
from tests.rules import test_oneonta_whist as oneonta_whist
from tests.rules import test_toepen as toepen
from tests.rules import test_tressette as tressette


def toepen_knock_to_four_top_spades(answer):
    """Seat 0 holds the four top spades and leads; nobody else has a spade, so it takes
    every trick, the last included. Seat 1 knocks before the first card; seat 2 stays."""
    hands = {0: ["AS", "KS", "QS", "JS"], 1: ["AH", "KH", "QH", "JH"], 2: ["AD", "KD", "QD", "JD"]}
    actions = ["keep", "keep", "keep", "silent", "silent", "silent", "knock", "stay", answer]
    return toepen.stack(3, 2, hands), {"players": 3, "first_dealer": 2}, actions


# game: (deck, options, actions) with the player's (seat 0's) blunder last, and the same
# with the right move in its place
SCENARIOS = {
    # accepting the doubling with the weakest hand there is, against the strongest
    "le_truc": lambda answer: (le_truc.stack(["9S", "9H", "TS"], ["7S", "7H", "6S"]), {"first_dealer": 1},
                               ["keep", "play 9S", "play 7S down", answer]),
    # throwing the ace (a point) on a trick the other player's 3 already holds
    "tressette": lambda card: (tressette.stack(["3C"], ["AC", "4C"]), {"first_dealer": 0}, ["play 3C", card]),
    # running from a truco with the three best manilhas (accepting wins 3; so does raising,
    # which the others answer by running)
    "brazilian_truco": lambda answer: (brazilian_truco.stack(hands={0: ["4C", "7H", "AS"]}), {"first_dealer": 3},
                                       ["keep", "play 4C", "truco", answer]),
    # dropping out holding the five best trumps
    "japanese_loo": lambda choice: (japanese_loo.stack(3, 2, {0: ["AC", "KC", "QC", "JC", "TC"]}),
                                    {"players": 3, "first_dealer": 2}, [choice]),
    # folding to a knock with the last trick certain
    "toepen": toepen_knock_to_four_top_spades,
    # bidding all nine tricks with an ordinary hand
    "oneonta_whist": lambda bid: (oneonta_whist.stack(), {}, [bid]),
}
BLUNDER = {"le_truc": "accept", "tressette": "play AC", "brazilian_truco": "run", "japanese_loo": "out",
           "toepen": "fold", "oneonta_whist": "bid 9"}
RIGHT = {"le_truc": "fold", "tressette": "play 4C", "brazilian_truco": "accept", "japanese_loo": "in",
         "toepen": "stay", "oneonta_whist": "bid 3"}


def last_decision(game, move):
    deck, options, actions = SCENARIOS[game](move)
    reviewed = analysis.review_game(game, 1, options, actions, 0, deck=deck)
    last = reviewed[-1]
    assert last["move"] == len(actions) - 1 and last["played"] == move
    return last


@pytest.mark.parametrize("game", games.names())
def test_a_blunder_is_flagged_with_a_loss_above_the_threshold(game):
    d = last_decision(game, BLUNDER[game])
    threshold = bots.module(game).REVIEW.threshold
    assert d["flagged"] and d["loss"] > threshold and d["loss"] > d["interval"]
    assert d["best"] == RIGHT[game]
    gains = {a["action"]: a["gain"] for a in d["actions"]}
    assert gains[RIGHT[game]] - gains[BLUNDER[game]] == pytest.approx(d["loss"], abs=0.01)


@pytest.mark.parametrize("game", games.names())
def test_the_right_move_in_its_place_is_not_flagged(game):
    d = last_decision(game, RIGHT[game])
    assert d["best"] == RIGHT[game] and d["loss"] == 0 and not d["flagged"]


def played_game(game, seed, moves):
    """(options, actions) of the first ``moves`` moves of a game of normal bots."""
    state = games.get(game).new_game(seed=seed)
    level = "normal" if "normal" in bots.levels(game) else bots.levels(game)[-1]
    bot = bots.make(game, level)
    actions = []
    while not state.is_over and len(actions) < moves:
        actions.append(bots.decide(bot, state, seed, len(actions)))
        state.apply(actions[-1])
    return state.options, actions


@pytest.mark.parametrize("game", games.names())
def test_the_review_of_a_seat_never_reads_a_card_it_did_not_know(game):
    options, actions = played_game(game, 11, 40)
    review = analysis.Review(game, 11, options, actions, 0, worlds=6)
    assert review.positions, "the seat had decisions to review"
    for move, deal, state, played in review.positions[:4]:
        honest = review._analyse(move, deal, state, played)
        for k in range(2):  # the same position with every card seat 0 did not see dealt anew
            redealt = state.sample_world(0, random.Random(k))
            assert redealt.view(0) == state.view(0)
            assert review._analyse(move, deal, redealt, played) == honest


@pytest.mark.parametrize("game", games.names())
def test_a_review_is_the_same_on_every_run(game):
    options, actions = played_game(game, 5, 30)
    first = analysis.review_game(game, 5, options, actions, 0, worlds=6)
    assert first and first == analysis.review_game(game, 5, options, actions, 0, worlds=6)


def test_a_decision_with_one_legal_action_is_not_reviewed():
    options, actions = played_game("tressette", 2, 80)
    review = analysis.Review("tressette", 2, options, actions, 0)
    assert all(len(state.legal_actions()) > 1 for _, _, state, _ in review.positions)
    assert len(review.positions) < len(actions) / 2  # forced follows and the other seat's moves left out


def test_gains_are_shown_with_their_sign():
    assert [analysis.signed(x) for x in (1.25, -0.4, 0.0, 2.0, -0.001)] == ["+1.25", "−0.4", "±0", "+2", "±0"]


def test_the_position_shows_what_was_asked_the_cards_and_the_card_that_names_trumps():
    loo = last_decision("japanese_loo", "out")["position"]
    assert loo["hand"] == ["AC", "KC", "QC", "JC", "TC"] and loo["prompt"]["key"].startswith("japanese_loo.")
    assert [p["cards"] for p in loo["shown"]] == [["2C"]]  # the turn-up: clubs are trumps
    truc = last_decision("le_truc", "accept")["position"]
    # the bot's face-down card stays a back: the position is the player's, not the table's truth
    assert [(p["card"], p["down"]) for p in truc["area"]["plays"]] == [("back", True), ("9S", False)]
    assert truc["shown"] == []
