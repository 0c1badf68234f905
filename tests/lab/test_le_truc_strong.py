"""The strong Le Truc bot plays the shipped solved policy, exactly as stored."""

import hashlib
import random
from pathlib import Path

import pytest

from cardtable import bots, games
from cardtable.bots import Observation
from cardtable.bots import le_truc as truc_bots
from cardtable.bots.le_truc import POLICY_FILE, abstract_node, shipped_policy
from cardtable.protocol import derived_rng
from cardtable.games.le_truc import strength
from cardtable_lab import arena

DOCS = Path(__file__).resolve().parents[2] / "docs" / "le_truc.md"


def test_the_shipped_policy_is_the_documented_one():
    """The docs give the command, its parameters and the file's checksum; the file
    records the same parameters. (The command itself is deterministic: see
    test_le_truc_solver.)"""
    blob = POLICY_FILE.read_bytes()
    doc = DOCS.read_text(encoding="utf-8")
    assert hashlib.sha256(blob).hexdigest() in doc
    meta = shipped_policy().meta
    assert f"python -m cardtable_lab.truc solve -i {meta['iterations']} " in doc
    assert meta["model"] == {"ranks": 8, "copies": 4, "hand": 3, "redo": True, "recall": meta["model"]["recall"]}
    assert f"--recall {meta['model']['recall']}" in doc
    assert len(blob) < 2 * 1024 * 1024


def _own_games(opponent: str, seeds, strong=None):
    """Strong in both seats' turn against ``opponent``: every strong decision is
    one its own policy led to."""
    strong = strong or bots.make("le_truc", "strong")
    other = bots.make("le_truc", opponent)
    for seed in seeds:
        s = games.get("le_truc").new_game(seed=seed)
        ply = 0
        while not s.is_over and ply < 400:
            bot = strong if s.to_act == seed % 2 else other
            a = bots.decide(bot, s, seed, ply)
            assert a in s.legal_actions()
            s.apply(a)
            ply += 1


def test_the_solved_round_always_finds_its_decision_in_the_policy(monkeypatch):
    """Under the default rules the policy holds every information set the round's bot
    can reach by its own play, whatever the other player does: no fallback."""
    def no_fallback(obs, rng):
        raise AssertionError(f"fell back to the normal bot at {obs.view['phase']}")
    monkeypatch.setattr(truc_bots.LeTrucRoundBot, "_fallback", staticmethod(no_fallback))
    round_bot = truc_bots.LeTrucRoundBot()
    _own_games("random", range(1, 13), round_bot)
    _own_games("easy", range(13, 19), round_bot)


def test_strong_never_falls_back_to_the_normal_bot(monkeypatch):
    """Playing for the game leads rounds where the policy file has no entry (it holds
    only what the policy reaches); the strong bot then reads the nearest node it has,
    and never asks the normal bot under the default rules."""
    class NoNormal:
        def explain(self, obs, rng):
            raise AssertionError(f"asked the normal bot at {obs.view['phase']}")
    monkeypatch.setattr(truc_bots, "NormalLeTrucBot", NoNormal)   # the name the fallback calls
    _own_games("random", range(1, 13))
    _own_games("easy", range(13, 19))
    _own_games("strong", range(19, 23))


def _answer_and_offer_positions():
    """Positions from strong's own games where it answers or may play face down."""
    strong = bots.make("le_truc", "strong")
    rnd = bots.make("le_truc", "random")
    found = {"answer": None, "down": None}
    for seed in range(1, 200):
        s = games.get("le_truc").new_game(seed=seed)
        ply = 0
        while not s.is_over and s.round_no == 1:
            seat = s.to_act
            v = s.view(seat)
            if seat == 0 and s.phase == "answer" and found["answer"] is None:
                found["answer"] = s.clone()
            if seat == 0 and s.phase == "play" and v["may_play_down"] and found["down"] is None:
                found["down"] = s.clone()
            s.apply(bots.decide(strong if seat == 0 else rnd, s, seed, ply))
            ply += 1
        if all(found.values()):
            return found
    raise AssertionError("no positions found")


@pytest.mark.parametrize("kind", ["answer", "down"])
def test_strong_draws_its_decisions_at_the_stored_rates(kind):
    s = _answer_and_offer_positions()[kind]
    policy = shipped_policy()
    view = s.view(0)
    start, node, role = abstract_node(view, policy.model)
    hand = tuple(sorted(strength(c) for c in view["hand"]))
    bot = bots.make("le_truc", "strong")
    n = 3000
    picks = [bot.choose(Observation(s, 0), derived_rng("rates", k)) for k in range(n)]
    if kind == "answer":
        expected = {"accept": policy.accept_chance(start, node, hand) / 255}
        expected["fold"] = 1 - expected["accept"]
    else:
        chances = policy.play_chances(start, node, hand)
        expected = {}
        for (r, down), q in chances.items():
            card = next(c for c in view["hand"] if strength(c) == r)   # the first card of that rank
            expected[f"play {card}" + (" down" if down else "")] = q / 255
    for action, p in expected.items():
        got = picks.count(action) / n
        assert abs(got - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1e-9, (action, got, p)
    assert set(picks) <= {a for a, p in expected.items() if p > 0}


def test_the_answer_ignores_the_card_it_cannot_see():
    """A face-down card awaiting the answer is not part of the node: the same view
    whatever card it really is (sample_world re-deals it)."""
    s = _answer_and_offer_positions()["answer"]
    policy = shipped_policy()
    key = abstract_node(s.view(0), policy.model)
    for k in range(5):
        world = s.sample_world(0, random.Random(k))
        assert abstract_node(world.view(0), policy.model) == key


def test_strong_gains_on_normal_round_by_round():
    r = arena.run("le_truc", "strong", "normal", 2 * 400, first_seed=5000, jobs=1, one_round=True)
    assert r["margin"] - r["margin_ci"] > 0


def test_the_strong_reason_gives_the_chance_of_the_action_it_took():
    """The hint sentence says how often the solved strategy does what it just did."""
    policy = shipped_policy()
    bot = bots.make("le_truc", "strong")
    seen = set()
    for seed in range(1, 60):
        s = games.get("le_truc").new_game(seed=seed)
        seat = s.to_act
        hand = tuple(sorted(strength(c) for c in s.view(seat)["hand"]))
        q = policy.redo_chance(0, hand)
        action, reason = bot.explain(Observation(s, seat), derived_rng("why", seed))
        assert reason["pct"] == round(100 * (q if action == "redo" else 255 - q) / 255)
        seen.add(action)
    assert seen == {"keep", "redo"}
