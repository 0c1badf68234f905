"""Layout shift: how much the table jumps while a game is played at the usual pace.

    python bench/layout_shift.py [--games G ...] [--sizes phone laptop landscape]
        [--seeds 3] [--moves 12] [--url URL] [--sources] [--timeline] [--json FILE]
                                                                   (after `python build.py`)

Issue 38, item 3 ("the table does not jump"). Each run opens a game in a fresh
Chromium context at one viewport size, `speed=normal` (the bots' pause, the
cards' motion and the deal-end box as a player meets them), the site's default
bot level, and from the moment the first decision is open makes ``--moves`` of
the player's decisions by real taps (page.mouse.click at the decision's own
point, as tests/browser/test_fit.py does), pressing the deal-end box's Next
deal when it shows, and waiting for the bots in between.

A PerformanceObserver (type "layout-shift", buffered) installed before the page
loads keeps every shift; the figure is the sum of the shifts' `value` without
`hadRecentInput` (what CLS counts: a shift within 500 ms of the player's own tap
is the answer to it, not a jump) from the first open decision to the last
move's answer. The issue's goal is at most 0.05 per game. A ResizeObserver on the
table's parts (the status line, the ring of seats, the trick area, the panel,
the dock and its rows) records each change of their size, so that `--sources`
can say, for the elements that moved most, by how many px and which part
changed its height in the same frame (the cause: a part above them grew or
shrank).

The decision taken: a card of the hand where one may be played (the hand's
buttons, `[data-card]`), else any other open decision (`#table
button[data-action]`) but those that leave the deal (`out`, `fold`, `run`,
`drop`), in a fixed round-robin: a player who stays in and plays the tricks,
answering a bot's raise but never raising first. Medians over the seeds
with the spread (min–max); a measurement, never asserted in a test. The
figures of 2026-11-28 (issue 38, before): bench/RESULTS.md.

    python bench/layout_shift.py --games japanese_loo --sizes phone --seeds 1 --sources --timeline
    python bench/layout_shift.py --url https://example.github.io/cardtable/   # another build
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository's own packages
    sys.path.insert(0, str(ROOT))

from sitebuild import DIST  # noqa: E402
from sitebuild.serve import make_server  # noqa: E402

#: The games, with the table each is measured at (the issue's: Japanese Loo at 5, Toepen at 4).
GAMES = {
    "le_truc": "",
    "tressette": "",
    "brazilian_truco": "",
    "japanese_loo": "&players=5",
    "toepen": "&players=4",
    "oneonta_whist": "",
}
SIZES = {"phone": (390, 844), "laptop": (1280, 800), "landscape": (844, 390)}
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu"]
LEAVES = ("out", "fold", "run", "drop")  # decisions that leave the deal: not taken
GOAL = 0.05

# Installed before the page's own scripts: every layout shift with its sources,
# and every size change of the table's parts (ids), each with its time
# (performance.now(), the clock of the shifts' startTime).
PROBE = """
(() => {
  window.__shifts = [];
  window.__sizes = [];
  const name = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : "?";
    const part = (n) => n.nodeName.toLowerCase() + (n.id ? "#" + n.id : "")
      + [...n.classList].slice(0, 3).map((c) => "." + c).join("");
    const path = [part(node)];
    for (let n = node.parentElement; n && path.length < 4 && !path[0].includes("#"); n = n.parentElement) {
      path.unshift(part(n));
      if (n.id) break;
    }
    return path.join(" > ");
  };
  const rect = (r) => r && [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({ t: e.startTime, value: e.value, input: e.hadRecentInput,
        sources: (e.sources || []).map((s) => ({ node: name(s.node), prev: rect(s.previousRect),
          cur: rect(s.currentRect) })) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  const PARTS = ["status", "house-rules", "demo", "ring", "tricks", "panel", "dock", "tutorial", "seat-0", "hand",
    "actions", "flow", "hint-text", "hint", "undo", "result", "advisor", "alert", "note"];
  const sizes = new ResizeObserver((entries) => {
    const now = performance.now();
    for (const e of entries) {
      const b = e.borderBoxSize?.[0];
      const h = Math.round(b ? b.blockSize : e.contentRect.height);
      const w = Math.round(b ? b.inlineSize : e.contentRect.width);
      window.__sizes.push({ t: now, id: e.target.id || e.target.className, h, w });
    }
  });
  const watch = () => {
    for (const id of PARTS) { const n = document.getElementById(id); if (n) sizes.observe(n); }
    const head = document.querySelector(".table-head");
    if (head) sizes.observe(head);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
"""

# Where the game stands: over, a deal's end shown, a decision open (with each
# open decision's tap point: the middle of its top strip), or waiting.
STATE = """(leaves) => {
  if (document.querySelector('[data-result]')) return { state: 'over' };
  const box = document.querySelector('[data-deal-end]');
  if (box) {
    const b = box.querySelector('button.deal-end-next') || box.querySelector('button');
    const r = b && b.getBoundingClientRect();
    return { state: 'deal-end', x: r && r.left + r.width / 2, y: r && r.top + r.height / 2 };
  }
  if (document.querySelector('#table[aria-busy]')) return { state: '' };
  const open = [...document.querySelectorAll('#table button[data-action]')]
    .filter((b) => !b.disabled && !b.closest('[inert]'));
  if (!open.length) return { state: '' };
  const stay = open.filter((b) => !leaves.includes(b.dataset.action.split(' ')[0]));
  const cards = stay.filter((b) => b.dataset.card);
  return { state: 'turn', now: performance.now(), open: (cards.length ? cards : stay.length ? stay : open).map((b) => {
    const r = b.getBoundingClientRect();
    return { action: b.dataset.action, x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 22) };
  }) };
}"""


def serve(directory: Path):
    if not (directory / "index.html").is_file():
        raise SystemExit(f"{directory} has no index.html: run `python build.py` first")
    server = make_server(directory, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def poll(page, expression, arg=None, timeout=120.0, what="the page"):
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(expression, arg)
        if state and (not isinstance(state, dict) or state.get("state")):
            return state
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: nothing came in {timeout:g} s")
        time.sleep(0.03)


def play(browser, base: str, game: str, size: str, seed: int, moves: int) -> dict:
    """One run: {"cls", "shifts" (counted, in the window), "all" (every entry),
    "sizes", "moves", "deal_ends", "window": [t0, t1]}."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(PROBE)
        url = f"{base}?game={game}&lang=en&seed={seed}&speed=normal{GAMES[game]}"
        page.goto(url)
        poll(page, "document.documentElement.dataset.ready === 'true'", timeout=120, what=f"{url}: data-ready")
        made = deal_ends = 0
        t0 = None
        while made < moves:
            state = poll(page, STATE, list(LEAVES), timeout=180, what=f"{game} {size} seed {seed}, move {made}")
            if state["state"] == "over":
                break
            if state["state"] == "deal-end":
                page.mouse.click(state["x"], state["y"])
                deal_ends += 1
                page.wait_for_timeout(150)
                continue
            if t0 is None:
                t0 = state["now"]
            pick = state["open"][made % len(state["open"])]
            page.mouse.click(pick["x"], pick["y"])
            made += 1
            page.wait_for_timeout(150)
        page.wait_for_timeout(1200)  # the last answer and the bots' next move drawn
        shifts, sizes, t1 = page.evaluate("[window.__shifts, window.__sizes, performance.now()]")
        inside = [s for s in shifts if t0 is not None and t0 <= s["t"] <= t1]
        counted = [s for s in inside if not s["input"]]
        return {"cls": sum(s["value"] for s in counted), "shifts": counted, "all": shifts, "sizes": sizes,
                "moves": made, "deal_ends": deal_ends, "window": [t0, t1], "errors": errors}
    finally:
        context.close()


def measure(base: str, games, sizes, seeds, moves, progress=True) -> dict:
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as pw:
        exe = CHROMIUM if Path(CHROMIUM).is_file() else None
        if exe is None:
            from sitebuild.browser import find_chromium
            exe = find_chromium()
        browser = pw.chromium.launch(executable_path=exe, args=ARGS)
        try:
            for seed in seeds:  # seeds outermost: drift hits every game and size alike
                for game in games:
                    for size in sizes:
                        started = time.monotonic()
                        run = play(browser, base, game, size, seed, moves)
                        out.setdefault((game, size), []).append(run)
                        if progress:
                            print(f"  {game:16} {size:9} seed {seed}: {run['cls']:.3f} "
                                  f"({len(run['shifts'])} shifts, {run['moves']} moves, "
                                  f"{run['deal_ends']} deal ends, {time.monotonic() - started:.0f} s)"
                                  + (f" errors: {run['errors']}" if run["errors"] else ""),
                                  file=sys.stderr, flush=True)
        finally:
            browser.close()
    return out


def spread(values) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def format_table(results: dict, games, sizes, seeds, moves) -> str:
    lines = [f"Layout shift over {moves} of the player's moves at normal speed (the sum of the shifts "
             f"without recent input, as CLS counts), median of {len(seeds)} seeds ({', '.join(map(str, seeds))}) "
             f"with min–max; goal ≤ {GOAL}:", ""]
    lines.append("| game | " + " | ".join(f"{s} {SIZES[s][0]}×{SIZES[s][1]}" for s in sizes) + " |")
    lines.append("|---|" + "---|" * len(sizes))
    for game in games:
        label = game + (f" ({GAMES[game].split('=')[1]} players)" if GAMES[game] else "")
        cells = [spread([r["cls"] for r in results[(game, size)]]) for size in sizes]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def resized(run: dict, shift: dict) -> dict[str, tuple[int, int]]:
    """The parts whose height changed in a shift's frame: {id: (h0, h1)}. The size
    observer's callback runs after the frame's layout, 0–10 ms after the shift's
    startTime; the next frame is 16 ms or more later."""
    last, changed = {}, {}
    for s in run["sizes"]:
        if s["t"] > shift["t"] + 14:
            break
        if s["t"] >= shift["t"] - 2 and s["id"] in last and last[s["id"]] != s["h"]:
            h0 = changed.get(s["id"], (last[s["id"]], 0))[0]
            changed[s["id"]] = (h0, s["h"])
        last[s["id"]] = s["h"]
    return {k: v for k, v in changed.items() if v[0] != v[1]}


#: The table's parts top to bottom: a shift is put down to the first of them that
#: changed height in its frame (everything under a part moves when it grows).
ORDER = ("status", "house-rules", "demo", "tricks", "ring", "panel", "tutorial", "seat-0", "hint", "undo",
         "hint-text", "hand", "actions", "flow", "dock", "result", "advisor")


def cause(run: dict, shift: dict) -> str:
    """What a shift is put down to: "part h0→h1" (the first part, top to bottom, that
    changed height: the trick area before the ring, whose height it is part of),
    or "no height changed" (a sideways move: a row re-centred, a pod wider)."""
    changed = resized(run, shift)
    for part in ORDER:
        if part in changed:
            if part == "tricks" and "ring" in changed:  # the ring grew by more than its trick area: a pod too
                (t0, t1), (r0, r1) = changed["tricks"], changed["ring"]
                if abs((r1 - r0) - (t1 - t0)) > 2 and abs(r1 - r0) > abs(t1 - t0):
                    part = "ring"
            h0, h1 = changed[part]
            return f"{part} {h1 - h0:+d}"
    return "no height changed"


def format_sources(results: dict, games, sizes, top: int = 6) -> str:
    """Per game and size: the elements that moved most (their share of the summed
    value, how often, the median and largest vertical move in px), and the parts
    whose height changed in the same frames (the first of them, top to bottom,
    taken as the cause)."""
    lines = []
    for game in games:
        for size in sizes:
            runs = results[(game, size)]
            by_node = defaultdict(lambda: {"value": 0.0, "n": 0, "dy": [], "dx": []})
            why = defaultdict(lambda: [0, 0.0, []])
            total = 0.0
            for run in runs:
                for shift in run["shifts"]:
                    total += shift["value"]
                    share = shift["value"] / max(len(shift["sources"]), 1)
                    for src in shift["sources"]:
                        n = by_node[src["node"]]
                        n["value"] += share
                        n["n"] += 1
                        if src["prev"] and src["cur"]:
                            n["dy"].append(src["cur"][1] - src["prev"][1])
                            n["dx"].append(src["cur"][0] - src["prev"][0])
                    c = cause(run, shift)
                    key = c.split(" ")[0] if c != "no height changed" else c
                    why[key][0] += 1
                    why[key][1] += shift["value"]
                    if c != "no height changed":
                        why[key][2].append(int(c.split(" ")[1]))
            lines.append(f"{game} {size}: summed {total / max(len(runs), 1):.3f} a run over {len(runs)} runs")
            for node, n in sorted(by_node.items(), key=lambda kv: -kv[1]["value"])[:top]:
                dy = sorted(n["dy"], key=abs)
                move = (f"dy median {statistics.median(dy):+.0f} px, largest {max(dy, key=abs):+.0f}" if dy else "")
                dx = [d for d in n["dx"] if d]
                if dx:
                    move += f", dx largest {max(dx, key=abs):+.0f}"
                lines.append(f"    {n['value'] / len(runs):6.3f}  {n['n']:3}×  {node}  {move}")
            lines.append("    put down to the first part, top to bottom, whose height changed in the frame:")
            for k, (n, value, deltas) in sorted(why.items(), key=lambda kv: -kv[1][1])[:7]:
                common = sorted(set(deltas), key=lambda d: (-deltas.count(d), d))[:5]  # the most frequent first
                px = f"  ({', '.join(f'{d:+d}' for d in common)} px)" if deltas else ""
                lines.append(f"    {value / len(runs):6.3f}  {n:3}×  {k}{px}")
    return "\n".join(lines)


def format_timeline(run: dict, limit: int = 40) -> str:
    """One run's counted shifts in order: time since the first decision, value, the
    largest-moving sources and the parts that changed height."""
    t0 = run["window"][0] or 0
    lines = []
    for shift in run["shifts"][:limit]:
        srcs = ", ".join(f"{s['node']} dy {s['cur'][1] - s['prev'][1]:+d}" for s in shift["sources"][:3]
                         if s["prev"] and s["cur"])
        sized = "; ".join(f"{k} {a}→{b}" for k, (a, b) in resized(run, shift).items())
        lines.append(f"  {(shift['t'] - t0) / 1000:6.2f} s  {shift['value']:.3f}  {srcs}  |  {sized}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    p.add_argument("--sizes", nargs="+", default=list(SIZES), choices=list(SIZES))
    p.add_argument("--seeds", type=int, default=3, help="seeds 1..N (default 3)")
    p.add_argument("--moves", type=int, default=12)
    p.add_argument("--url", help="the site to measure (default: dist/ served here)")
    p.add_argument("--sources", action="store_true", help="the elements that moved most, and why")
    p.add_argument("--timeline", action="store_true", help="every counted shift of each run, in order")
    p.add_argument("--json", type=Path, help="write every run's entries here")
    args = p.parse_args(argv)
    seeds = list(range(1, args.seeds + 1))
    server = None
    if args.url:
        base = args.url if args.url.endswith("/") else args.url + "/"
    else:
        server, base = serve(DIST)
    try:
        results = measure(base, args.games, args.sizes, seeds, args.moves)
    finally:
        if server:
            server.shutdown()
            server.server_close()
    print(format_table(results, args.games, args.sizes, seeds, args.moves))
    if args.sources:
        print()
        print(format_sources(results, args.games, args.sizes))
    if args.timeline:
        for (game, size), runs in results.items():
            for seed, run in zip(seeds, runs):
                print(f"\n{game} {size} seed {seed}: {run['cls']:.3f}")
                print(format_timeline(run))
    if args.json:
        args.json.write_text(json.dumps({f"{g} {s}": runs for (g, s), runs in results.items()}))


if __name__ == "__main__":
    main()
