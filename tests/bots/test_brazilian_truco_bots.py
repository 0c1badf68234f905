"""Brazilian Truco bots (what every game's bots keep, legal, reproducible and honest,
is tests/bots/test_bots.py): sensible at the stake decisions
(no lost raises accepted, no raise when the game is decided, the highest card
after a tied trick, the hand of eleven, the deal), and each level ahead of the one below."""

import statistics

import pytest

from cardtable import bots
from cardtable.bots import Observation
from cardtable.bots import brazilian_truco as bb
from cardtable.bots.search import sample_worlds
from cardtable.protocol import derived_rng
from cardtable_lab import arena
from sitebuild.words import load as load_words
from tests.rules.test_brazilian_truco import new, play


def decide(state, level="normal", ply=0):
    return bots.make("brazilian_truco", level).choose(Observation(state, state.to_act), derived_rng(9, ply))


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_hopeless_hand_runs_from_a_truco_it_cannot_win(level):
    # seat 3 (team 1) calls truco last in trick 1 with its partner's zap on the table:
    # team 0's four and fives cannot win the trick that now decides the hand
    hands = {0: ["4H", "5H", "5S"], 1: ["4C", "6S", "6H"], 2: ["4S", "5D", "6D"], 3: ["QS", "QH", "JD"]}
    for ply in range(5):
        s = new(hands=hands, partner="free")
        play(s, "5H", "4C", "4S")
        s.apply("truco")
        assert s.to_act == 0
        assert decide(s, level, ply) == "run"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_sure_winner_never_runs_and_raises(level):
    # seat 0 holds the zap and the escopeta: whatever is trucoed, it wins
    hands = {0: ["4C", "7H", "AS"], 1: ["4S", "5S", "6S"], 2: ["4H", "5H", "6H"], 3: ["4D", "5D", "6D"]}
    for ply in range(5):
        s = new(hands=hands, partner="free", dealer=0)  # seat 1 is the mão
        s.apply("truco")
        assert s.to_act == 2 or s.to_act == 0
        if s.to_act != 0:
            continue
        assert decide(s, level, ply) == "raise"


def test_strong_reads_a_truco_as_the_strong_hand_it_usually_is():
    # the mão calls truco at once; seat 2 holds two threes and an ace, which win the hand
    # against most hands, but a truco is seldom a bluff: its team holds the copas (7H)
    # and would win the hand accepted. normal, reading the call less, accepts; strong runs
    hands = {0: ["5S", "KH", "2S"], 1: ["KD", "6S", "JC"], 2: ["3S", "AC", "3C"], 3: ["7H", "4H", "3D"]}
    s = new(hands=hands, partner="free", dealer=0)
    s.apply("truco")
    assert s.to_act == 2
    accepted = s.clone()
    accepted.step("accept")
    assert bb.solve(accepted, 1) == 1  # the bettor's team wins with every card seen
    for ply in range(5):
        assert decide(s, "normal", ply) == "accept"
        assert decide(s, "strong", ply) == "run"


def test_no_raise_once_the_game_is_decided():
    # team 0 at 9 facing truco: accepting already reaches 12, so a raise is never offered,
    # and a sure winner accepts rather than running
    hands = {0: ["4C", "7H", "AS"], 1: ["4S", "5S", "6S"], 2: ["4H", "5H", "6H"], 3: ["4D", "5D", "6D"]}
    s = new(hands=hands, scores=[9, 5], dealer=0)
    s.apply("truco")
    assert s.legal_actions() == ["accept", "run"]
    for level in ("easy", "normal", "strong"):
        assert decide(s, level) == "accept"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_after_a_tied_trick_the_leader_plays_its_highest_card(level):
    hands = {0: ["KS", "3H", "5H"], 1: ["KH", "4S", "5S"], 2: ["QS", "6H", "6S"], 3: ["JS", "6D", "6C"]}
    s = new(hands=hands)
    play(s, "KS", "KH", "QS", "JS")  # tied; seat 0 leads and the next trick decides
    assert s.to_act == 0
    for ply in range(4):
        world = s.clone()
        choice = decide(world, level, ply)
        if choice == "truco":  # a fine idea with the best card left: then the card, once accepted
            world.apply("truco")
            world.apply("accept")
            choice = decide(world, level, ply)
        assert choice == "play 3H"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_hand_of_eleven_is_played_with_strong_cards_and_run_from_with_weak_ones(level):
    strong = {0: ["4C", "7H", "3S"], 1: ["4S", "5S", "6S"], 2: ["AS", "7D", "3H"], 3: ["4D", "5D", "6D"]}
    s = new(hands=strong, scores=[11, 9], keep=False)
    assert s.phase == "eleven" and decide(s, level) == "accept"
    weak = {0: ["4H", "5H", "6H"], 1: ["4C", "7H", "3S"], 2: ["4S", "5S", "6S"], 3: ["AS", "7D", "3H"]}
    s = new(hands=weak, scores=[11, 9], keep=False)
    assert decide(s, level) == "run"  # 11-10 keeps the match alive; 11-12 would end it


def test_the_deal_passes_good_sets_and_burns_poor_ones():
    bot = bots.make("brazilian_truco", "normal")
    view = {"hand": ["4C", "KS", "5H"]}
    assert bot.deal(view, ["keep", "pass", "burn"])[0] == "pass"
    assert bot.deal(view, ["keep", "burn"])[0] == "keep"
    assert bot.deal({"hand": ["4H", "5S", "6D"]}, ["keep", "pass", "burn"])[0] == "burn"
    assert bot.deal({"hand": ["4H", "5S", "6D"]}, ["keep"])[0] == "keep"


def test_strong_burns_a_middling_set_the_rule_keeps_because_fresh_cards_win_more():
    # the mão holds an ace, a king and a five: the rule of thumb keeps it; strong burns it,
    # and over 400 deals played on with every card seen a burn wins the hand for the mão's
    # team by far more than chance could make it
    s = new(keep=False, hands={1: ["AH", "KS", "5D"]}, dealer=0)
    assert s.phase == "deal" and s.to_act == 1 and s.legal_actions() == ["keep", "pass", "burn"]
    for ply in range(4):
        assert decide(s, "normal", ply) == "keep"
        assert decide(s, "strong", ply) == "burn"
    rule = bots.make("brazilian_truco", "normal")
    obs = Observation(s, 1)
    gains = []
    for w in sample_worlds(obs, derived_rng(3, "offer"), 400):
        results = []
        for action in ("keep", "burn"):
            x = w.clone()
            x.step(action)
            while x.phase == "deal":
                x.step(rule.deal(x.view(1), x.legal_actions())[0])
            results.append(bb.solve(x, 1))
        gains.append(results[1] - results[0])
    assert statistics.mean(gains) > 3 * statistics.stdev(gains) / len(gains) ** 0.5


def test_strong_never_burns_the_zap_and_the_copas():
    s = new(keep=False, hands={1: ["4C", "7H", "5D"]}, dealer=0)
    for ply in range(4):
        choice, why = bots.make("brazilian_truco", "strong").explain(Observation(s, 1), derived_rng(9, ply))
        assert choice in ("keep", "pass") and why == {"key": f"hint.brazilian_truco.sim_{choice}", "chance": "100%"}
    for lang in ("en", "ja"):  # each choice's reason is a sentence with the chance in it
        said = load_words(lang)
        assert all("{about}" in said[f"hint.brazilian_truco.sim_{c}"] for c in ("keep", "pass", "burn"))


def test_the_card_rule():
    # partner winning: the lowest; else the lowest card that wins; after ties the highest
    assert bb.choose_card(["3S", "4H"], [(1, "KS", False), (2, "2S", False)], [], 0) == "4H"
    assert bb.choose_card(["3S", "2H", "4H"], [(3, "KS", False)], [], 0) == "2H"
    assert bb.choose_card(["3S", "2H", "4H"], [(3, "KS", False)], [None], 0) == "3S"
    # a tie wins the hand after a won first trick
    assert bb.choose_card(["KH", "4H"], [(3, "KS", False)], [0], 0) == "KH"


def test_match_odds_make_points_worth_what_they_do_to_the_match():
    assert bb.match_odds(0, 0) == 0.5 and bb.match_odds(12, 3) == 1.0 and bb.match_odds(3, 12) == 0.0
    assert bb.match_odds(11, 0) > bb.match_odds(10, 0) > bb.match_odds(9, 0)


def test_the_solver_and_the_playout_agree_on_a_decided_hand():
    hands = {0: ["4C", "7H", "AS"], 1: ["4S", "5S", "6S"], 2: ["4H", "5H", "6H"], 3: ["4D", "5D", "6D"]}
    s = new(hands=hands)
    assert bb.solve(s, 0) == 1 and bb.play_out(s) == 0
    assert bb.solve(s, 1) == -1


@pytest.mark.parametrize("a, b", [("easy", "random"), ("normal", "easy"), ("strong", "normal")])
def test_each_level_beats_the_one_below(a, b):
    r = arena.run("brazilian_truco", a, b, 24 if a != "strong" else 16, jobs=1)
    assert r["win_rate"] > 0.5, r
