"""The game-over chart (page/score-chart.js): a line a seat or side, a point a
finished deal, round or hand, as model.chart and model.history say; the player's
line marked by more than colour (its own class, square markers, its name at its
end); the goal line where the game has one; the numbers said in the picture's
label and laid out as a table in the history's <details>; a one-deal game says
there is no course to chart. The model the page drew is the one the test's bridge
answered last (tests/support/engine_stand_in.js)."""

import re

import pytest

from tests.support.pages import assert_clean, play_on, play_to_the_end, press

pytestmark = pytest.mark.browser

MODEL = "globalThis.cardtableLastModel"

CHART = "#result .score-chart svg[role=img]"

LINES = """[...document.querySelectorAll('#result .score-chart svg polyline.line')].map((p) => ({
  series: Number(p.dataset.series), you: p.hasAttribute('data-you'), cls: p.getAttribute('class'),
  points: p.getAttribute('points').trim().split(/\\s+/).length }))"""

def typeset(v) -> str:
    """A number as the chart sets it: a minus sign (U+2212) for a negative one."""
    return f"\u2212{-v}" if v < 0 else str(v)


NUMBERS = """[...document.querySelectorAll('#result details.history table.chart-numbers tbody tr')]
  .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))"""


def check_chart(page, names, unit_words):
    """The chart as drawn against the model's history; returns the model."""
    model = page.evaluate(MODEL)
    assert model["over"]
    history, chart = model["history"], model["chart"]
    totals = [entry["totals"] for entry in history]
    assert len(history) >= 2 and all(len(row) == len(names) for row in totals)
    # a line a seat or side, a point an entry of the history, the player's marked
    lines = sorted(page.evaluate(LINES), key=lambda line: line["series"])
    assert [line["series"] for line in lines] == list(range(len(names)))
    assert all(line["points"] == len(history) for line in lines)
    assert [line["you"] for line in lines] == [True] + [False] * (len(names) - 1)
    assert "you" in lines[0]["cls"].split() and not any("you" in line["cls"].split() for line in lines[1:])
    assert page.locator("#result .score-chart svg rect.mark.you").count() >= 1  # its square markers
    end = page.locator("#result .score-chart svg text.end.you")
    assert end.count() == 1 and end.text_content() == f"{names[0]} {typeset(totals[-1][0])}"
    assert page.get_attribute(CHART, "data-steps") == str(len(history))
    # the label says every line's last total in words
    label = page.get_attribute(CHART, "aria-label")
    for name, value in zip(names, totals[-1]):
        assert unit_words(name, value) in label, (name, value, label)
    # the numbers as a table, in the history opened
    press(page, "#result details.history summary")
    head = page.locator("#result table.chart-numbers thead th").all_inner_texts()
    assert head[1:] == names
    assert page.evaluate(NUMBERS) == [[typeset(v) for v in row] for row in totals]
    assert page.locator("#result table.chart-numbers thead th.you").inner_text() == names[0]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert [line["points"] for line in chart["series"]] == [list(col) for col in zip(*totals)]
    return model


def test_japanese_loo_s_chart_has_a_line_a_player_and_a_point_a_deal(page, site_url, wait_ready):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "?game=japanese_loo&lang=en&seed=4&players=4&rotations=1&speed=instant")
    wait_ready(page)
    play_to_the_end(page, lambda actions, clicks: "in" if "in" in actions else actions[clicks % len(actions)], limit=600)
    check_chart(page, ["You", "Bot 1", "Bot 2", "Bot 3"], lambda name, v: f"{name}: {v} chip{'' if v == 1 else 's'}")
    assert page.locator("#result .score-chart svg line.goal").count() == 0  # played for a number of deals: no goal
    assert page.locator("#result .score-chart figcaption").inner_text() == "Totals deal by deal"
    assert page.locator("#result details.history summary").inner_text() == "Deal by deal"
    assert "Deal" in page.locator("#result .score-chart svg .axis-title").all_text_contents()
    assert page.locator("#result .chart-legend").count() == 0  # four lines: each named at its end
    assert page.locator("#result .score-chart svg text.end").count() == 4
    assert_clean(page)


def test_japanese_loo_at_ten_names_the_player_and_the_leader_and_greys_the_rest(page, site_url, wait_ready):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "?game=japanese_loo&lang=ja&seed=5&players=10&rotations=1&speed=instant")
    wait_ready(page)
    play_to_the_end(page, lambda actions, clicks: "in" if "in" in actions else actions[clicks % len(actions)], limit=600)
    model = page.evaluate(MODEL)
    leaders = [s for s in model["chart"]["series"] if s["leads"] and not s["you"]]
    assert page.locator("#result .score-chart svg polyline.line").count() == 10
    assert page.locator("#result .score-chart svg polyline.line.other").count() == 9 - len(leaders)
    assert page.locator("#result .score-chart svg text.end").count() == 1 + len(leaders)
    legend = page.locator("#result .chart-legend li").all_inner_texts()
    assert legend[0] == "あなた" and legend[-1] == "その他" and len(legend) == 2 + len(leaders)
    assert "全" in page.get_attribute(CHART, "aria-label") and "枚" in page.get_attribute(CHART, "aria-label")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # ten columns scroll in their own box
    assert_clean(page)


def steady(actions):
    for a in ("keep", "accept"):
        if a in actions:
            return a
    return next(a for a in actions if (a.startswith("play ") and not a.endswith(" down")) or a == "flip")


def test_brazilian_truco_s_chart_has_a_line_a_side_and_the_goal_in_japanese(page, site_url, wait_ready):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "?game=brazilian_truco&lang=ja&seed=3&speed=instant")
    wait_ready(page)
    play_on(page, steady)
    check_chart(page, ["味方", "相手"], lambda name, v: f"{name}（{v}点）")
    assert page.locator("#result .score-chart svg line.goal").count() == 1
    assert page.locator("#result .score-chart svg .goal-label").text_content() == "目標：12点"
    assert page.get_attribute(CHART, "aria-label").endswith("目標：12点。")
    assert page.locator("#result .score-chart figcaption").inner_text() == "ディールごとの合計"
    assert "ディール" in page.locator("#result .score-chart svg .axis-title").all_text_contents()
    ticks = [int(t) for t in page.locator("#result .score-chart svg text.tick").all_text_contents()]
    assert max(ticks) >= 12  # the axis reaches the goal
    from tests.browser.test_axe import assert_no_serious_violation
    assert_no_serious_violation(page, "the game-over chart and its numbers (brazilian_truco, ja)")
    assert_clean(page)


def test_a_game_of_one_deal_says_there_is_no_course_to_chart(page, site_url, wait_ready):
    page.goto(site_url + "?game=oneonta_whist&lang=en&seed=3&deals=1&speed=instant")
    wait_ready(page)
    play_to_the_end(page)
    assert page.locator("#result .score-chart svg").count() == 0
    assert re.search(r"lasted one deal", page.inner_text("#result .score-chart .chart-none"))
    press(page, "#result details.history summary")
    model = page.evaluate(MODEL)
    assert len(model["history"]) == 1
    assert page.evaluate(NUMBERS) == [[typeset(model["chart"]["series"][0]["points"][0])]]
    assert_clean(page)
