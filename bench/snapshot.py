"""Pyodide memory snapshot (an experiment, not the default): boot times with and
without it, cold and warm, against a bare Pyodide boot; and its download cost.

    python bench/snapshot.py [--runs 5] [--page "index.html?game=le_truc"] [--node 5]
                                                          (after `python build.py`)

Makes the snapshot first (node bench/make_snapshot.mjs: a Pyodide with cardtable
imported) into dist/data/snapshot.bin, .bin.gz and .json; a later `build.py`
removes them again. Then, in headless Chromium over 127.0.0.1, for each variant
in turn (alternating, so drift hits them alike): a cold load (fresh browser
context: empty HTTP and code caches) to <html data-ready="true">, then a warm one
(reload in the same context). Variants: bare Pyodide (bench/bare.html), the page
as shipped, the page with ?snapshot=gz (gunzipped in the worker, as a static host
would have to serve it) and ?snapshot=raw. A snapshot load that fell back to a
normal boot is an error here, not a time. Beside each wall-clock time, the CPU
time the browser's processes used meanwhile (Linux), which a busy machine blurs
less. --node N also times N fresh Node
processes each way (loadPyodide + import cardtable + a new game), wall clock and
CPU time.

docs/runtime.md ("Memory snapshot") has the figures and the decision.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.boot import BARE_ROUTE, READY_PROBE, poll_ready, serve_dist  # noqa: E402
from sitebuild import DIST  # noqa: E402
from sitebuild.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

BENCH = Path(__file__).resolve().parent
RESTORED = "cardtable: booted from the memory snapshot"


def make_snapshot(dist: Path) -> dict:
    """dist/data/snapshot.{bin,bin.gz,json}; returns the sizes in bytes."""
    data = dist / "data"
    data.mkdir(exist_ok=True)
    out = data / "snapshot.bin"
    proc = subprocess.run(["node", str(BENCH / "make_snapshot.mjs"), str(dist), str(out)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise SystemExit(f"make_snapshot.mjs failed:\n{proc.stderr}")
    raw = out.read_bytes()
    (data / "snapshot.bin.gz").write_bytes(gzip.compress(raw, compresslevel=6, mtime=0))
    vendor = dist / "vendor" / "pyodide"
    sizes = {"snapshot raw": len(raw), "snapshot gzip": (data / "snapshot.bin.gz").stat().st_size}
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        body = (vendor / name).read_bytes()
        sizes[f"{name} raw"] = len(body)
        sizes[f"{name} gzip"] = len(gzip.compress(body, compresslevel=6, mtime=0))
    zipped = (dist / "cardtable.zip").read_bytes()
    sizes["cardtable.zip"] = len(zipped)
    return sizes


def tree_cpu() -> dict[int, float]:
    """{pid: CPU seconds (user+system) so far} of this process's descendants:
    Playwright's driver and the browser's processes. Linux only (empty elsewhere).
    A busy machine stretches the wall clock, not the work done."""
    stats = {}
    for entry in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    children = {}
    for pid, (ppid, _ticks) in stats.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = {}, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        out[pid] = stats[pid][1] / os.sysconf("SC_CLK_TCK")
        todo += children.get(pid, [])
    return out


def cpu_since(before: dict[int, float]) -> float:
    """CPU seconds the processes alive now used since `before` (NaN without /proc);
    a process that ended meanwhile (a closed context's) is not counted."""
    now = tree_cpu()
    return sum(t - before.get(pid, 0.0) for pid, t in now.items()) if now else float("nan")


def cold_and_warm(browser, url: str, timeout: float, snapshot: bool) -> list[tuple[float, float]]:
    """[(cold seconds, CPU seconds), (warm ..., ...)]: a fresh context, then a reload in it."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        said = []
        page.on("console", lambda m: said.append(m.text))
        out = []
        for warm in (False, True):
            said.clear()
            cpu = tree_cpu()
            page.reload(wait_until="commit") if warm else page.goto(url, wait_until="commit")
            seconds = poll_ready(page, url, timeout) / 1000
            out.append((seconds, cpu_since(cpu)))
            if snapshot and RESTORED not in said:
                raise RuntimeError(f"{url}: booted without the snapshot: {said[-5:]}")
        return out
    finally:
        context.close()


def measure_browser(page: str, runs: int, timeout: float) -> dict[str, list[float]]:
    """{'<variant> cold'|'<variant> warm': [seconds, ...]}, the bare baseline first."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found")
    server, base = serve_dist()
    sep = "&" if "?" in page else "?"
    variants = {
        "bare Pyodide": (base + BARE_ROUTE, False),
        "page": (f"{base}/{page}", False),
        "page+snapshot gz": (f"{base}/{page}{sep}snapshot=gz", True),
        "page+snapshot raw": (f"{base}/{page}{sep}snapshot=raw", True),
    }
    times = {f"{v} {k}": [] for v in variants for k in ("cold", "warm")}
    cpu = {f"{v} {k} CPU": [] for v in variants for k in ("cold", "warm")}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for url, snap in variants.values():  # warm-up: browser process, OS file cache
                cold_and_warm(browser, url, timeout, snap)
            for run in range(runs):
                for name, (url, snap) in variants.items():
                    for kind, (seconds, used) in zip(("cold", "warm"),
                                                     cold_and_warm(browser, url, timeout, snap)):
                        times[f"{name} {kind}"].append(seconds)
                        cpu[f"{name} {kind} CPU"].append(used)
                print(f"run {run + 1}/{runs} done", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return times, cpu


def measure_node(dist: Path, runs: int) -> dict[str, list[float]]:
    """Fresh Node processes, alternating: loadPyodide + import cardtable + a new game."""
    times = {f"node {mode} {what}": [] for what in ("wall", "CPU") for mode in ("plain", "snapshot")}
    script = str(BENCH / "snapshot_node.mjs")
    snap = str(dist / "data" / "snapshot.bin")
    for _ in range(runs):
        for mode in ("plain", "snapshot"):
            out = json.loads(subprocess.run(
                ["node", script, str(dist), mode, snap], capture_output=True, text=True,
                check=True, stdin=subprocess.DEVNULL).stdout)
            times[f"node {mode} wall"].append(out["total_ms"] / 1000)
            times[f"node {mode} CPU"].append(out["cpu_ms"] / 1000)
    return times


def table(times: dict[str, list[float]], base_label: str) -> str:
    """Median, min–max, and the ratio of medians to base_label's."""
    base = statistics.median(times[base_label])
    width = max(map(len, times))
    lines = [f"{'variant':<{width}}  {'median':>7}  {'min–max':>11}  {'× ' + base_label}"]
    for label, values in times.items():
        med = statistics.median(values)
        lines.append(f"{label:<{width}}  {med:>6.2f}s  {min(values):.2f}–{max(values):.2f}s"
                     f"  {med / base:>5.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """CLI: make the snapshot, measure, print sizes and tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="index.html?game=le_truc&seed=1&speed=instant")
    parser.add_argument("--node", type=int, default=0, help="Node runs each way (0: none)")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser runs")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args(argv)
    dist = DIST
    sizes = make_snapshot(dist)
    print("bytes: " + ", ".join(f"{k} {v:,}" for k, v in sizes.items()))
    if not args.no_browser:
        times, cpu = measure_browser(args.page, args.runs, args.timeout)
        print(f"\nboot to data-ready of {args.page}, {args.runs} runs, alternating (Chromium)")
        print(table(times, "bare Pyodide cold"))
        print("\nCPU time of the browser's processes over the same loads")
        print(table(cpu, "bare Pyodide cold CPU"))
    if args.node:
        print(f"\nNode, {args.node} fresh processes each, alternating")
        print(table(measure_node(dist, args.node), "node plain wall"))


if __name__ == "__main__":
    main()
