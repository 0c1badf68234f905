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
    assert [analysis.signed(x) for x in (1.25, -0.4, 0.0, 2.0, -0.001)] == ["+1", "−0.4", "±0", "+2", "±0"]


def test_values_are_rounded_as_a_player_reads_them():
    # whole points or chips, one decimal under 1: never "14.31 ± 1.43"
    assert [analysis.amount(x) for x in (14.31, 0.25, 0.04, 0.96, 2.5, 1.43)] == ["14", "0.3", "0", "1", "3", "1"]
    assert analysis.units("points", 1.2) == {"key": "analysis.unit.points", "args": {"n": 1}}  # "1 point"
    # a reason's two figures read as the loss beside them: −2 and +2 beside a loss of 5 would not
    assert analysis.gains_pair(-2.43, 2.27) == ("−2.4", "+2.3") and analysis.amount(4.7) == "5"
    assert analysis.gains_pair(1.75, 12.0) == ("+2", "+12")
    options, actions = followed_game("le_truc", 3, 75, "normal")
    d = analysis.review_game("le_truc", 3, options, actions, 0)[-1]
    assert d["loss"] == 10.25 and not d["exact"]
    assert d["loss_words"] == {"key": "analysis.loss", "args": {
        "loss": "10", "unit": {"key": "analysis.unit.points", "args": {"n": 10}}, "worlds": 16}}
    assert d["reason"]["args"]["played_gain"] == "+2" and d["reason"]["args"]["best_gain"] == "+12"


def followed_game(game, seed, moves, level):
    """(options, actions): seat 0 plays what the ``level`` bot advises (the Hint's
    generator, so the strongest level plays exactly the review's "strong" choice), the
    others are normal bots."""
    state = games.get(game).new_game(seed=seed)
    other = bots.make(game, bots.hint_level(game))
    actions = []
    while not state.is_over and len(actions) < moves:
        if state.to_act == 0:
            action = bots.hint(game, state, seed, len(actions), level)[0]
        else:
            action = bots.decide(other, state, seed, len(actions))
        actions.append(action)
        state.apply(action)
    return state.options, actions


def test_decisions_are_numbered_by_the_players_own_count():
    options, actions = followed_game("le_truc", 3, 75, "normal")
    review = analysis.Review("le_truc", 3, options, actions, 0)
    reviewed = [d for d in (review.analyse(i) for i in range(len(review.positions))) if d]
    assert reviewed[-1]["move"] == 74  # the game's 75th move …
    assert reviewed[-1]["decision"] == len(review.positions) < 40  # … the player's own count of decisions
    assert [d["decision"] for d in reviewed] == sorted({d["decision"] for d in reviewed})
    assert reviewed[0]["decision"] in (1, 2)


@pytest.mark.parametrize("game,seed", [("le_truc", 3), ("toepen", 4)])
def test_the_strong_bots_own_choice_is_never_flagged(game, seed):
    options, actions = followed_game(game, seed, 120, bots.levels(game)[-1])
    reviewed = analysis.review_game(game, seed, options, actions, 0)
    assert reviewed and all(d["played"] == d["strong"] for d in reviewed)
    assert any(d["loss"] > bots.module(game).REVIEW.threshold for d in reviewed)  # the rollouts disagree …
    assert not any(d["flagged"] for d in reviewed)  # … and it is still no costly choice


def test_the_review_says_why_it_differs_from_the_hint():
    # the Hint: "the 7 of spades gives the best chance to win the round (about 99%)";
    # the review: the jack of diamonds wins more points by the deal's end
    options, actions = followed_game("le_truc", 3, 75, "normal")
    d = analysis.review_game("le_truc", 3, options, actions, 0)[-1]
    assert d["played"] == "play 7S" and d["best"] == "play JD"
    assert d["hint"]["action"] == "play 7S"
    words = d["hint"]["words"]
    assert words["key"] == "analysis.hint_chance" and words["args"]["about"] == {"key": "hint.chance", "args": {"n": 99}}
    assert words["args"]["unit"] == {"key": "analysis.unit.points"}
    agreed = analysis.review_game("le_truc", 3, options, actions[:-1] + ["play JD"], 0)[-1]
    assert agreed["best"] == "play JD" and agreed["hint"] is None  # nothing lost: nothing to explain


def test_the_position_shows_what_was_asked_the_cards_and_the_card_that_names_trumps():
    loo = last_decision("japanese_loo", "out")["position"]
    assert loo["hand"] == ["AC", "KC", "QC", "JC", "TC"] and loo["prompt"]["key"].startswith("japanese_loo.")
    assert [p["cards"] for p in loo["shown"]] == [["2C"]]  # the turn-up: clubs are trumps
    truc = last_decision("le_truc", "accept")["position"]
    # the bot's face-down card stays a back: the position is the player's, not the table's truth
    assert [(p["card"], p["down"]) for p in truc["area"]["plays"]] == [("back", True), ("9S", False)]
    assert truc["shown"] == []
