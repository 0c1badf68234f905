"""The accessibility audit: axe-core (pinned in sitebuild/vendor.py's TEST_ONLY, fetched into
.vendor/ and checked like the runtime, never shipped) run in a page.

    violations = audit(page)                  every rule axe runs by default
    assert not serious(violations), report(serious(violations))

The script goes in through page.evaluate, which the DevTools protocol runs outside
the page's Content-Security-Policy, so the audited page keeps its own CSP (no
bypass_csp, no inline <script> the CSP would refuse).
"""

from __future__ import annotations

import functools

from sitebuild import vendor

#: The impacts a player meets as a wall (axe's two highest): the audit fails on these.
BLOCKING = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    """axe.min.js, downloaded into .vendor/ on first use (`python build.py test`
    fetches it before the tests start)."""
    return vendor.axe_script().decode("utf-8")


def inject(frame) -> None:
    """Load axe into a page or frame, once per document."""
    if not frame.evaluate("typeof window.axe === 'object'"):
        frame.evaluate(axe_source())
    if not frame.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        raise AssertionError("axe-core did not load into the page")


def audit(frame, context=None, ignore=None) -> list[dict]:
    """axe's violations in `frame` (optionally only under the selector `context`):
    each {id, impact, help, nodes: [{target, summary}]}. `ignore` maps a rule to a
    selector of elements it is known to misjudge (say why where you pass it). Iframes
    inside are not entered (an embed is audited on its own page). A contrast finding
    on text wholly scrolled out of a scrolling box (the stage on a small phone) is
    left out: axe takes only ``overflow: hidden`` as clipping (its
    getOverflowHiddenAncestors), so it judges such text against whatever lies at its
    place outside the box, where no one sees it."""
    inject(frame)
    return frame.evaluate(
        """async ([context, ignore]) => {
          const result = await axe.run(context ?? document,
            { iframes: false, resultTypes: ["violations"], elementRef: true });
          const scrolledOut = (node) => {
            const r = node.getBoundingClientRect();
            for (let a = node.parentElement; a; a = a.parentElement) {
              const style = getComputedStyle(a);
              if (!/auto|scroll/.test(style.overflowX + style.overflowY)) continue;
              const b = a.getBoundingClientRect();
              if (r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) return true;
            }
            return false;
          };
          const unseen = (v, n) => v.id === "color-contrast" && n.element && scrolledOut(n.element);
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.filter((n) => !(ignore[v.id] && n.element && n.element.matches(ignore[v.id])) && !unseen(v, n))
              .map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
          })).filter((v) => v.nodes.length);
        }""",
        [context, ignore or {}],
    )


def serious(violations: list[dict]) -> list[dict]:
    """The violations whose impact is serious or critical."""
    return [v for v in violations if v["impact"] in BLOCKING]


def report(violations: list[dict], where: str = "") -> str:
    """One line per violation and node: id, impact, target (and why, shortened)."""
    lines = [f"{len(violations)} blocking accessibility violation(s){' on ' + where if where else ''}:"]
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']}")
        for n in v["nodes"][:8]:
            why = " ".join((n["summary"] or "").split())[:200]
            lines.append(f"    {n['target']}  -- {why}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


PHONE = {"width": 390, "height": 844}


def new_phone_page(browser, **options):
    """A page at phone size in a context of its own (yield it from a module fixture,
    then close the context): the audits reuse one page from test to test."""
    context = browser.new_context(viewport=PHONE, service_workers="block", **options)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page
