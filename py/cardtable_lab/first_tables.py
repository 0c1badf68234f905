"""The first tables: a new game as the page sees it up to the player's first decision,
recorded by the real engine before any reader arrives, so the page can draw it and
take the player's first move while Python is still starting (docs/runtime.md, "The
head start").

    python -m cardtable_lab.first_tables OUT [--size 64] [--jobs 2]

For every game, with the article's rules, and every bot level a game can be started
with, ``--size`` seeds (a pool); and each game's guided first game. A record holds
the requests the page makes, in its order, and the bridge's answers: the new game
and each bot's move (the session answers the questions the table answers for the
player, ``table.auto``, within them) until the player's first decision; then, at that decision, the Hint's answer and
every legal move's answer. The page answers those requests from the record and
hands over to the engine once it is up, checking that the engine answers the same
(web/js/page/head-start.js).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
from pathlib import Path

from cardtable import bots, bridge, games, tutorial
from cardtable.session import MAX_SEED

#: Record format; the page refuses another (and starts as it would without one).
VERSION = 1
#: Seeds per game and level.
POOL_SIZE = 64
#: The guided first game's record, beside the levels' folders.
LESSON = "lesson"


#: Deal numbers tried for one place of a pool before giving up (see pool_record).
TRIES = 32


def pool_seed(game: str, level: str, index: int, attempt: int = 0) -> int:
    """The ``attempt``-th deal number tried for a pool's ``index``-th record: any deal
    number, fixed by its place."""
    tail = f":{attempt}" if attempt else ""
    digest = hashlib.sha256(f"first-table:{game}:{level}:{index}{tail}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def ask(request: dict) -> dict:
    """The bridge's answer, as the page receives it (JSON both ways)."""
    return json.loads(bridge.handle(json.dumps(request)))


def next_request(model: dict) -> dict | None:
    """What the page asks after drawing ``model`` (web/js/page/play.js runBots), or
    None at the player's decision: a bot's move."""
    if model["over"] or (model.get("tutorial") or {}).get("done"):
        return None
    if model["your_turn"]:
        return None
    return {"op": "bot"}


def record(first: dict, **facts) -> dict:
    """The page's requests from ``first`` (a new game, a lesson) to the player's first
    decision with the bridge's answers, then the answers at that decision."""
    steps = []
    request = first
    while request is not None:
        answer = ask(request)
        if not answer["ok"]:
            raise RuntimeError(f"{facts}: the engine refused {request}: {answer['error']}")
        steps.append({"request": request, "answer": answer})
        request = next_request(answer["model"])
    decision = steps[-1]["answer"]["model"]
    at_decision = []
    if decision["your_turn"]:
        at_decision.append({"request": {"op": "hint"}, "answer": ask({"op": "hint"})})
        for action in decision["legal"]:
            ask({"op": "restore", "save": decision["save"]})  # back to the decision each time
            move = {"op": "act", "action": action}
            at_decision.append({"request": move, "answer": ask(move)})
    return {"v": VERSION, **facts, "steps": steps, "at_decision": at_decision}


def new_game(game: str, level: str, seed: int) -> dict:
    """The request the page makes for a first game with the article's rules."""
    return {"op": "new", "game": game, "seed": seed, "options": None, "level": level}


def closes_a_deal(rec: dict) -> bool:
    """Whether the bots end a deal (hand, round) before the player's first decision:
    the page would then open on that deal's end, a hand the player never saw."""
    return any(line.get("closes") for step in rec["steps"] for line in step["answer"]["model"]["log"])


def pool_record(game: str, level: str, index: int) -> dict:
    """The pool's ``index``-th record: the first deal number tried for its place whose
    first deal the player takes part in (in Brazilian Truco the bots can settle a
    hand before the player's first turn; a first table opens on the player's move)."""
    for attempt in range(TRIES):
        seed = pool_seed(game, level, index, attempt)
        rec = record(new_game(game, level, seed), game=game, level=level, seed=seed)
        if not closes_a_deal(rec):
            return rec
    raise RuntimeError(f"{game} {level} #{index}: every deal tried ends before the player's first decision")


def lesson_record(game: str) -> dict:
    plan = tutorial.get(game)
    return record({"op": "tutorial", "game": game}, game=game, level=plan.level, seed=plan.seed)


def encode(rec: dict) -> bytes:
    """A record's file: compact JSON, the same bytes for the same record."""
    return json.dumps(rec, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode("utf-8")


def tasks(size: int = POOL_SIZE) -> list[tuple[str, str]]:
    """(game, level) for every pool, and (game, LESSON) for every lesson."""
    out = []
    for game in games.names():
        out += [(game, level) for level in bots.levels(game)]
        out.append((game, LESSON))
    return out


def files(game: str, level: str, size: int = POOL_SIZE) -> dict[str, bytes]:
    """The files of one task, by their path under the pool's folder."""
    if level == LESSON:
        return {f"{game}/{LESSON}.json": encode(lesson_record(game))}
    return {f"{game}/{level}/{i}.json": encode(pool_record(game, level, i)) for i in range(size)}


def _task(args: tuple[str, str, int]) -> dict[str, bytes]:
    return files(*args)


def write_all(out: Path, size: int = POOL_SIZE, jobs: int = 1) -> int:
    """Every pool and lesson record written under ``out``; the number of files."""
    work = [(game, level, size) for game, level in tasks(size)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_task, work, chunksize=1)
    else:
        results = [_task(w) for w in work]
    count = 0
    for result in results:
        for rel, data in result.items():
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=int, default=POOL_SIZE)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    count = write_all(args.out, args.size, args.jobs)
    print(f"first tables: {count} files in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
