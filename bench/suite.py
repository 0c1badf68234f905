"""The test suite's time: this checkout against another commit, in the same run.

    python bench/suite.py --against COMMIT [--rounds 2] [-- PYTEST ARGS]

The other commit is checked out once beside this one (a git worktree under
.cache/suite-bench/, reusing this checkout's downloaded runtime) and its dist/
built; then each round runs pytest on the same selection in both, alternating which
goes first, and reads the wall time and the whole machine's CPU time (/proc/stat:
every process, the browsers too, which `time` does not count under Playwright's
driver). Medians of the rounds, with their spread, and the ratios. Without pytest
arguments the selection is what `python build.py test` runs (two workers). Nothing
else should run meanwhile: the CPU time is the machine's.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / ".cache" / "suite-bench"
SHARED = (".vendor", ".cache/first-tables")  # downloads and first tables, the same for both


def machine_cpu() -> float:
    """Seconds of CPU the whole machine has spent (user, nice, system, irq, softirq)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[i] for i in (0, 1, 2, 5, 6)) / os.sysconf("SC_CLK_TCK")


def checkout(commit: str) -> Path:
    """A worktree of ``commit`` with its dist/ built."""
    sha = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    where = HOME / sha[:12]
    if not where.is_dir():
        HOME.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "worktree", "add", "--detach", str(where), sha], cwd=ROOT, check=True)
        for name in SHARED:
            if (ROOT / name).exists() and not (where / name).exists():
                (where / name).parent.mkdir(parents=True, exist_ok=True)
                (where / name).symlink_to(ROOT / name)
    subprocess.run([sys.executable, "build.py"], cwd=where, check=True, stdout=subprocess.DEVNULL)
    return where


def run(where: Path, args: list[str]) -> tuple[float, float, str]:
    """pytest in ``where``: (wall seconds, machine CPU seconds, its summary line)."""
    env = {**os.environ, "CARDTABLE_REQUIRE_BROWSER": "1"}
    cpu, start = machine_cpu(), time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=where,
                          env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, machine_cpu() - cpu
    lines = [line for line in proc.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    return wall, cpu, lines[-1].strip("= ") if lines else proc.stdout[-300:] + proc.stderr[-300:]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} s ({min(values):.1f}–{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, help="the commit to compare with (the baseline)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("pytest", nargs="*", help="pytest's arguments (after --)")
    args = parser.parse_args()
    selection = args.pytest or ["-n", "2", "--dist", "loadgroup"]
    subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sides = {"baseline": checkout(args.against), "this": ROOT}
    seen = {name: [] for name in sides}
    for n in range(args.rounds):
        for name in (list(sides) if n % 2 == 0 else list(sides)[::-1]):
            wall, cpu, summary = run(sides[name], selection)
            seen[name].append((wall, cpu))
            print(f"round {n + 1}, {name}: wall {wall:.1f} s, CPU {cpu:.1f} s [{summary}]", flush=True)
    print(f"\npytest {' '.join(selection)}; {args.rounds} rounds, medians (min–max)")
    print("| checkout | wall | machine CPU |\n|---|---|---|")
    for name, where in sides.items():
        label = f"{args.against} (baseline)" if name == "baseline" else "this checkout"
        print(f"| {label} | {spread([w for w, _ in seen[name]])} | {spread([c for _, c in seen[name]])} |")
    ratio = [statistics.median([x[i] for x in seen["this"]]) / statistics.median([x[i] for x in seen["baseline"]])
             for i in (0, 1)]
    print(f"| ratio (this / baseline) | {ratio[0]:.2f} | {ratio[1]:.2f} |")


if __name__ == "__main__":
    main()
