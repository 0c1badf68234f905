"""The review of a player's decisions (cardtable.analysis): a blunder on a stacked deck is
flagged in every game and the right move in its place is not; the review of a seat uses
only what that seat knew (re-dealing the hidden cards consistently with its view changes
nothing); a review is the same on every run. Each game's scenario (a stacked deck, its
options and the actions with seat 0's move last) and its blunder and right move there
are in tests/support/games/<name>.py."""

import random

import pytest

from cardtable import analysis, bots, games
from tests.support.games import part


def last_decision(game, move):
    deck, options, actions = part(game).review_scenario(move)
    reviewed = analysis.review_game(game, 1, options, actions, 0, deck=deck)
    last = reviewed[-1]
    assert last["move"] == len(actions) - 1 and last["played"] == move
    return last


@pytest.mark.parametrize("game", games.names())
def test_a_blunder_is_flagged_with_a_loss_above_the_threshold(game):
    d = last_decision(game, part(game).BLUNDER)
    threshold = bots.module(game).REVIEW.threshold
    assert d["flagged"] and d["loss"] > threshold and d["loss"] > d["interval"]
    assert d["best"] == part(game).RIGHT
    gains = {a["action"]: a["gain"] for a in d["actions"]}
    assert gains[part(game).RIGHT] - gains[part(game).BLUNDER] == pytest.approx(d["loss"], abs=0.01)


@pytest.mark.parametrize("game", games.names())
def test_the_right_move_in_its_place_is_not_flagged(game):
    d = last_decision(game, part(game).RIGHT)
    assert d["best"] == part(game).RIGHT and d["loss"] == 0 and not d["flagged"]


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
