"""How much the cards the others chose could tell Brazilian Truco's strong bot (issue 39, item 2).

Every face-up card another player played this hand was a choice from the hand they
held then, so a world could count by how likely that choice was with the hand it
gives them. That needs a model of the choice that tells hands apart. Two cheap ones:
the card rule (``choose_card``: the lowest card that wins, the lowest when the
partner is winning, the middle card to lead the first trick) and perfect play (the
cards that are best when every card is seen, by ``solve``). ``count`` plays the
``strong`` of before 2026-12-07 (``doubt70``) against itself and tells, for each
card it chose from two or more, how often the model gives that card on the true
hand, and on the hand a world of the next seat's gives it (the played card kept in
it): a reading by the model can tell a world apart only as far as the two differ.

    python bench/tries/truco_cards.py count -n 60 --seed 8001

Measured on 2026-12-07 (bench/RESULTS.md; 1,291 cards of 60 games): the rule's card
0.493 on the true hand and 0.469 in a world; a best card of perfect play 0.994 and
0.969. Neither tells hands apart, so no arena level was built on them. Needs the
lab's path: run from the repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import brazilian_truco as B  # noqa: E402
from cardtable.games.brazilian_truco import strength  # noqa: E402
from cardtable.protocol import derived_rng  # noqa: E402
from cardtable_lab import arena  # noqa: E402
from truco_reading import self_play  # noqa: E402  (beside this script; it registers doubt70)


def matches(card, hand, before, results, seat, ranking) -> bool:
    """Whether ``card`` is (as strong as) the card rule's from ``hand``."""
    rule = B.choose_card(hand, before, results, seat, ranking)
    return strength(rule, ranking) == strength(card, ranking)


def keep_card(world, seat: int, card: str) -> None:
    """Put ``card`` in ``seat``'s hand in ``world``, swapped with its first card
    from wherever the world had placed it (another hand, the stock or a face-down card)."""
    hand = world.hands[seat]
    if card in hand:
        return
    for where in [*world.hands, world.stock]:
        if card in where:
            where[where.index(card)] = hand[0]
            hand[0] = card
            return
    for p in (p for t in world.tricks for p in t["plays"] if p["card"] == card):  # a face-down card there
        p["card"], hand[0] = hand[0], card


def is_best(world, seat: int, card: str) -> bool:
    """Whether ``card`` is among the best cards for ``seat``'s team with every card seen."""
    team = seat % 2
    got = {c: B.solve(world, team, c) for c in set(world.hands[seat])}
    return got[card] == max(got.values())


def count(games_n: int, seed: int) -> None:
    """The ``strong`` of before (``doubt70``) against itself: how often a played card is
    the rule's, or a best one, on the true hand and on a world's."""
    true_hits = world_hits = total = true_best = world_best = 0
    bot = arena.RETIRED[("brazilian_truco", "doubt70")]()  # the strong of before, as measured
    for state, obs, action, game_seed, ply in self_play(bot, games_n, seed):
        seat = obs.seat
        if not action.startswith("play ") or action.endswith("down") or state.special == "iron":
            continue
        hand = list(state.hands[seat])
        if len(hand) < 2:
            continue
        before = [(q["seat"], q["card"], q["down"]) for q in state.tricks[-1]["plays"]]
        card = action.split()[1]
        total += 1
        true_hits += matches(card, hand, before, state.results, seat, state.ranking)
        w = state.sample_world((seat + 1) % 4, derived_rng(game_seed, "count", ply))
        keep_card(w, seat, card)
        world_hits += matches(card, w.hands[seat], before, state.results, seat, state.ranking)
        true_best += is_best(state, seat, card)
        world_best += is_best(w, seat, card)
    print(f"{total} cards chosen from two or more: the rule's card on the true hand {true_hits / total:.3f}, "
          f"on a world's hand (seen by the next seat) {world_hits / total:.3f}")
    print(f"a best card of the open hand (solved, every card seen): on the true deal {true_best / total:.3f}, "
          f"in a world of the next seat's {world_best / total:.3f}")


if __name__ == "__main__":
    import argparse
    p = argparse.ArgumentParser(description="strong's cards against the card rule and perfect play")
    p.add_argument("command", choices=["count"])
    p.add_argument("-n", type=int, default=50, help="games of strong against itself")
    p.add_argument("--seed", type=int, default=8001, help="first seed")
    a = p.parse_args()
    count(a.n, a.seed)
