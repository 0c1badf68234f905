"""The events a ledger can follow, in every game: chips or points rebuilt from the
events alone (tests/support/ledgers.py), from the first ante to the final result, agree
with every seat's view after every action, with each deal's summary, and with
the result; and a deal's summary is its whole account (nothing is paid after it).
The review and the replay of a game's log rely on this."""

import json
import random

import pytest

from cardtable import bridge, games
from tests.support.games import ByGame
from tests.support.ledgers import ledger_for

# options where they change what is paid or scored, and table sizes: each game's
# LEDGER_CASES in tests/support/games/<name>.py
CASES = ByGame("LEDGER_CASES")
SEEDS = range(1, 16)
MAX_ACTIONS = 20000


def play_and_follow(game: str, options: dict, seed: int) -> int:
    """A whole game of seeded random moves, the ledger checked after each; the
    number of events it followed."""
    state = games.get(game).new_game(seed=seed, options=options)
    ledger = ledger_for(state)
    ledger.check(state)
    rng = random.Random(f"ledger/{game}/{seed}")
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        ledger.feed(state.apply(rng.choice(state.legal_actions())))
        ledger.check(state)
    assert state.is_over, f"{game} seed {seed} not over after {MAX_ACTIONS} actions"
    return ledger.seen


@pytest.mark.parametrize("game, options", [(g, o) for g, cases in CASES.items() for o in cases],
                         ids=lambda x: x if isinstance(x, str) else json.dumps(x, separators=(",", ":")))
def test_the_events_add_up_to_every_view_and_the_result(game, options):
    for seed in SEEDS:
        assert play_and_follow(game, options, seed) > 0


def test_the_loo_remainder_is_part_of_the_last_deal():
    """Three-card Loo with a fee of 5: pots that three tricks do not divide. Some
    seeds end the game with a remainder, which the last deal's summary includes."""
    ended_with_remainder = 0
    for seed in range(1, 40):
        state = games.get("japanese_loo").new_game(seed=seed, options={"players": 3, "format": "three",
                                                                        "three_card_fee": 5, "rotations": 1})
        ledger = ledger_for(state)
        rng = random.Random(seed)
        events = []
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            ledger.feed(events)
        ledger.check(state)
        kinds = [e["type"] for e in events]
        if "remainder" in kinds:
            ended_with_remainder += 1
            assert kinds[-3:] == ["remainder", "deal_end", "game_over"] and events[-2]["why"] == "last"
            assert state.view(0)["last_deal"]["chips"] == state.result["scores"]
    assert ended_with_remainder >= 3


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_page_gets_the_opening_events(game):
    """A new table's first answer carries what the first deal did before any move
    (Loo's first ante) as lines of the log; those events, followed, give the chips
    of the view the page's table is drawn from."""
    options = CASES[game][0]
    answer = json.loads(bridge.handle(json.dumps({"op": "new", "game": game, "seed": 5, "options": options,
                                                   "level": "random"})))
    model = answer["model"]
    state = games.get(game).new_game(seed=5, options=options)
    human = model["human"]
    assert [{k: v for k, v in line.items() if k in ("key", "args")} for line in model["log"]] == [
        state.describe_event(e, human, state.num_players) for e in state.opening_events]
    assert model["table"] == state.table(human)
    ledger = ledger_for(state)
    shown = ledger.shown(state.view(human))
    assert shown == {k: ledger.accounts[k] for k in shown}
    if game == "japanese_loo":
        assert [line["key"] for line in model["log"]] == ["log.japanese_loo.deal_start", "log.japanese_loo.ante"]
