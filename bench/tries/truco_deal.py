"""Brazilian Truco's strong bot choosing its deal (keep, pass or burn) by search (issue 39, item 2).

The bots decided the mão's offer by a rule of thumb on its three cards: pass a set
with a three or a manilha (or two twos), burn a poor one, else keep. Since
2026-12-07 ``strong`` decides it as it decides a card: over worlds (the rest of
the deck re-dealt), each choice is played on, later sets decided by the rule of
thumb, and the hand solved with every card seen; the choice with the best mean
result (won 1, tied 0, lost -1) is kept (``StrongBrazilianTrucoBot.offer``).

The arena level ``ruledeal`` is today's ``strong`` with the rule of thumb for its
deal (the ``strong`` of before the change); ``deal`` was the level tried, the same
decisions as today's ``strong``:

    python bench/tries/truco_deal.py count -n 10 --seed 8001
    python bench/tries/truco_deal.py deal ruledeal -n 1000 --seed 13001 -j 2
    python bench/tries/truco_deal.py deal doubt70 -n 1000 --seed 14001 -j 2

``count`` plays ``ruledeal`` against itself and, at each offer, compares the rule's
choice with the search's on 400 worlds (how often they differ and what the search
says the difference is worth, an estimate biased upwards by choosing the best of
noisy means). ``doubt70`` is the ``strong`` of the issue (``truco_reading.py``).
Needs the lab's path: run from the repository's root.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT / "py"), str(ROOT), str(Path(__file__).resolve().parent)):
    if p not in sys.path:
        sys.path.insert(0, p)

from cardtable.bots import brazilian_truco as B  # noqa: E402
from cardtable.bots.search import best_index  # noqa: E402
from cardtable_lab import arena  # noqa: E402
import truco_reading  # noqa: E402 (a sibling script: its levels, ``doubt70`` the strong of the issue)


def deal_values(obs, rng, worlds: int) -> list[float]:
    """Each legal offer choice's summed result for the mão's team over ``worlds``
    worlds, as ``StrongBrazilianTrucoBot.offer`` sums it over its own 60."""
    return B.StrongBrazilianTrucoBot().offer_results(obs, rng, worlds).totals[0::2]


# the level as tried: the search, then merged (its decisions are today's strong's)
arena.RETIRED[("brazilian_truco", "deal")] = B.StrongBrazilianTrucoBot
arena.RETIRED[("brazilian_truco", "ruledeal")] = arena.RETIRED[("brazilian_truco", "doubt10")]  # the rule's deal


def count(games_n: int, seed: int, worlds: int = 400) -> None:
    from cardtable.protocol import derived_rng

    bot = arena.RETIRED[("brazilian_truco", "ruledeal")]()  # the strong of before, as measured
    offers = differ = 0
    gain = 0.0
    by_rule: dict[str, int] = {}
    by_search: dict[str, int] = {}
    for state, obs, action, game_seed, ply in truco_reading.self_play(bot, games_n, seed):
        if obs.view["phase"] != "deal" or len(obs.legal) < 2:
            continue
        rule = bot.deal(obs.view, obs.legal)[0]
        totals = deal_values(obs, derived_rng(game_seed, "deal", ply), worlds)
        best = obs.legal[best_index(totals)]
        offers += 1
        by_rule[rule] = by_rule.get(rule, 0) + 1
        by_search[best] = by_search.get(best, 0) + 1
        if best != rule:
            differ += 1
            gain += (max(totals) - totals[obs.legal.index(rule)]) / worlds
    print(f"{offers} offers: the search differs from the rule {differ} times; "
          f"its worth by the search {gain / max(1, offers):+.4f} a hand (won 1, lost -1)")
    print(f"  the rule: {by_rule}\n  the search: {by_search}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["count"]:
        import argparse
        p = argparse.ArgumentParser(description="the rule's offer against the search's")
        p.add_argument("command", choices=["count"])
        p.add_argument("-n", type=int, default=10, help="games of strong against itself")
        p.add_argument("--seed", type=int, default=8001, help="first seed")
        a = p.parse_args()
        count(a.n, a.seed)
    else:
        sys.exit(arena.main(["brazilian_truco", *sys.argv[1:]]))
