"""How the test suite's two workers spent a run: who was busy when, who waited at the
end, and what an ideal spread of the same units would have taken.

    CARDTABLE_TIMELINE=/tmp/timeline.jsonl CI=true .ci/run   # or python build.py test
    python bench/suite_timeline.py /tmp/timeline.jsonl

tests/conftest.py appends one line per test (its worker, its xdist group, its start
and end, setup to teardown). A unit is what xdist hands out whole: a group (one
engine's tests, one module's real-engine tests) or a test of its own. The ideal is
the longest-units-first spread of the same units' times over as many workers (a
lower bound on what any order could do with them, up to the units' own lengths).
"""

from __future__ import annotations

import argparse
import collections
import heapq
import json
from pathlib import Path


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def units(tests: list[dict]) -> dict[str, dict]:
    """Each unit's worker, first start, last end and summed test time."""
    out: dict[str, dict] = {}
    for t in tests:
        name = t["group"] or t["test"]
        u = out.setdefault(name, {"worker": t["worker"], "start": t["start"], "end": t["end"], "busy": 0.0, "tests": 0})
        u["start"], u["end"] = min(u["start"], t["start"]), max(u["end"], t["end"])
        u["busy"] += t["end"] - t["start"]
        u["tests"] += 1
    return out


def ideal(times: list[float], workers: int) -> float:
    """The makespan of longest-first onto the least loaded worker."""
    loads = [0.0] * workers
    for length in sorted(times, reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + length)
    return max(loads)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("timeline", type=Path)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    tests = read(args.timeline)
    begin, end = min(t["start"] for t in tests), max(t["end"] for t in tests)
    by_worker = collections.defaultdict(list)
    for t in tests:
        by_worker[t["worker"]].append(t)
    print(f"{len(tests)} tests, {end - begin:.0f} s from the first start to the last end\n")
    print("| worker | tests | busy | last end | waiting at the end |\n|---|---|---|---|---|")
    for worker, mine in sorted(by_worker.items()):
        last = max(t["end"] for t in mine)
        busy = sum(t["end"] - t["start"] for t in mine)
        print(f"| {worker} | {len(mine)} | {busy:.0f} s | {last - begin:.0f} s | {end - last:.0f} s |")
    found = units(tests)
    print(f"\nUnits: {len(found)}; the ideal spread of their times over {len(by_worker)} workers: "
          f"{ideal([u['busy'] for u in found.values()], len(by_worker)):.0f} s")
    print(f"\nThe {args.top} longest units\n\n| unit | tests | time | worker | started at |\n|---|---|---|---|---|")
    for name, u in sorted(found.items(), key=lambda kv: -kv[1]["busy"])[: args.top]:
        print(f"| {name} | {u['tests']} | {u['busy']:.0f} s | {u['worker']} | {u['start'] - begin:.0f} s |")
    print("\nEach worker's last units\n\n| worker | unit | time | ended at |\n|---|---|---|---|")
    for worker in sorted(by_worker):
        mine = sorted((u for u in found.items() if u[1]["worker"] == worker), key=lambda kv: kv[1]["end"])
        for name, u in mine[-4:]:
            print(f"| {worker} | {name} | {u['busy']:.0f} s | {u['end'] - begin:.0f} s |")


if __name__ == "__main__":
    main()
