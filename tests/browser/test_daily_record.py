"""The player's record over time (page/daily-record.js, page/record-view.js): the day's
result of today's deal is its first finished attempt, and a second attempt the same
day is practice, said so in the player's language; the streak of days in a row and a
month's calendar of the days played, across a faked clock; the record at each bot
level; the record's file carries the days, and a file with one bad day is refused
whole, the record unchanged."""

import datetime
import json

import pytest

from tests.support.pages import choose_file, legal_buttons, next_decision, play_to_the_end, poll, press

pytestmark = pytest.mark.browser

UTC = datetime.timezone.utc
NOON_28 = datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # noon on November 28 in Tokyo
DAYS = "cardtable:days:le_truc"


def new_page(browser, when, seed=None):
    """A fresh browser in Tokyo at ``when`` (UTC), holding ``seed`` ({key: value}) in
    its storage before the page first opens (and not again after); its page errors
    are kept in ``page.errors``."""
    context = browser.new_context(timezone_id="Asia/Tokyo")
    if seed:
        context.add_init_script(f"""if (!localStorage.getItem('seeded')) {{
            localStorage.setItem('seeded', '1');
            for (const [k, v] of Object.entries({json.dumps(seed)})) localStorage.setItem(k, JSON.stringify(v));
        }}""")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.clock.set_fixed_time(when)
    return page


def open_game(page, site_url, wait_ready, query):
    page.goto(site_url + f"?game=le_truc&speed=instant&{query}")
    wait_ready(page)


def daily_done(page):
    return page.evaluate("globalThis.cardtableLastModel?.daily?.done === true")


def play_the_daily(page, pick=0):
    """Plays today's deal (Le Truc's first round) to its end: the ``pick``-th legal move each time."""
    for clicks in range(200):
        if daily_done(page):
            return page.evaluate("globalThis.cardtableLastModel.daily.result")
        assert not next_decision(page), "the game ended before the daily's deal did"
        if daily_done(page):
            continue
        buttons = legal_buttons(page)
        press(page, f'button[data-action="{buttons[(pick + clicks) % len(buttons)]}"]')
    raise AssertionError("the daily's deal should end")


def result_words(result, lang="en"):
    """A result as the page says it: signed as the review signs it (+2, −1, ±0), in Le Truc's unit."""
    n = abs(result)
    value = f"{n}点" if lang == "ja" else f"{n} point" if n == 1 else f"{n} points"
    return f"+{value}" if result > 0 else f"\u2212{value}" if result < 0 else f"±{value}"


def stored_days(page, strong=False):
    """The days kept; without ``strong``, the player's part of each (the strong bot's
    result on the same deal joins a day once the comparison has it: test_duplicate)."""
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{DAYS}'))")
    if kept and not strong:
        kept["days"] = {day: {k: v for k, v in entry.items() if k != "strong"} for day, entry in kept["days"].items()}
    return kept


def played_cells(page):
    """The calendar's days played, as a screen reader reads them."""
    return page.evaluate("[...document.querySelectorAll('#days-calendar td.played .sr-only')].map((s) => s.textContent)")


def test_the_first_finished_attempt_is_the_days_result_and_a_second_is_practice(browser, site_url, wait_ready):
    page = new_page(browser, NOON_28)
    open_game(page, site_url, wait_ready, "lang=en&daily=1")
    assert page.is_hidden("#daily-practice")  # the first attempt: nothing to say
    assert page.inner_text("#days-streak").startswith("You have not finished today's deal of this game yet")
    result = play_the_daily(page)
    assert stored_days(page) == {"v": 1, "days": {"2026-11-28": {"result": result, "level": "normal"}}}
    assert page.is_hidden("#daily-practice")
    assert page.inner_text("#days-streak") == "Streak: 1 day, today."
    assert page.inner_text("#days-best") == f"Played on 1 day; result {result_words(result)}, on November 28, 2026."
    assert played_cells(page)[0].startswith(f"November 28, 2026: {result_words(result)}")
    play_to_the_end(page)  # the game plays on after the daily's deal, to its end
    assert stored_days(page)["days"] == {"2026-11-28": {"result": result, "level": "normal"}}

    open_game(page, site_url, wait_ready, "lang=en&daily=1")  # the same day again: a fresh deal
    strong = stored_days(page, strong=True)["days"]["2026-11-28"]["strong"]  # the comparison's, kept with the day
    assert page.inner_text("#daily-practice") == (f"You played today's deal already: {result_words(result)}; "
                                                   f"the strong bot, {result_words(strong)}. "
                                                   "This is practice; your record keeps your first result.")
    assert page.get_attribute("#daily-practice", "role") == "status"
    play_the_daily(page, pick=1)  # played otherwise
    assert stored_days(page)["days"] == {"2026-11-28": {"result": result, "level": "normal"}}  # unchanged
    assert page.is_visible("#daily-practice")  # still practice at its end
    page.reload()
    wait_ready(page)
    assert stored_days(page)["days"] == {"2026-11-28": {"result": result, "level": "normal"}}
    assert page.errors == []
    page.context.close()


def test_a_second_attempt_says_it_is_practice_in_japanese(browser, site_url, wait_ready):
    page = new_page(browser, NOON_28, {DAYS: {"v": 1, "days": {"2026-11-28": {"result": 3, "level": "normal", "strong": -1}}}})
    open_game(page, site_url, wait_ready, "lang=ja&daily=1")
    assert page.inner_text("#daily-practice") == ("今日の一局はもう遊びました（結果：+3点、強いボット\u22121点）。"
                                                   "これは練習です。成績には最初の結果が残ります。")
    assert page.inner_text("#days-streak") == "連続1日（今日まで）。"
    play_the_daily(page)
    assert stored_days(page, strong=True)["days"] == {"2026-11-28": {"result": 3, "level": "normal", "strong": -1}}
    press(page, "#lang")  # the note follows the language
    poll(page, "document.documentElement.lang === 'en'")
    assert page.inner_text("#daily-practice").startswith("You played today's deal already: +3 points; the strong bot, \u22121 point.")
    page.context.close()


EARLIER = {DAYS: {"v": 1, "days": {
    "2026-11-20": {"result": 1, "level": "normal"},
    "2026-11-25": {"result": 2, "level": "normal"},
    "2026-11-26": {"result": -1, "level": "normal", "strong": 2},
    "2026-11-27": {"result": 0, "level": "normal"},
}}}


def test_the_streak_counts_days_in_a_row_and_the_calendar_marks_them(browser, site_url, wait_ready):
    page = new_page(browser, NOON_28, EARLIER)
    open_game(page, site_url, wait_ready, "lang=en&daily=1")
    assert page.inner_text("#days-title") == "Your days of today's deal"
    assert page.inner_text("#days-streak") == ("Streak: 3 days in a row, up to yesterday. "
                                               "Play today's deal to keep it going.")
    assert page.inner_text("#days-best") == "Played on 4 days; best result +2 points, on November 25, 2026."
    assert page.inner_text("#days-calendar caption") == "Days you played, November 2026"
    assert played_cells(page) == ["November 20, 2026: +1 point", "November 25, 2026: +2 points",
                                  "November 26, 2026: \u22121 point (the strong bot: +2 points)",
                                  "November 27, 2026: ±0 points"]
    shown = page.evaluate("""[...document.querySelectorAll('#days-calendar td.played')]
        .map((td) => [...td.querySelectorAll('[aria-hidden=true]')].map((s) => s.innerText).join(' '))""")
    assert shown == ["20 +1", "25 +2", "26 \u22121", "27 ±0"]  # the result on the day, not a colour alone
    assert page.evaluate("document.querySelector('#days-calendar td[aria-current=date]').innerText") == "28"
    result = play_the_daily(page)
    assert page.inner_text("#days-streak") == "Streak: 4 days in a row, today included."
    assert played_cells(page)[-1].startswith(f"November 28, 2026: {result_words(result)}")

    page.clock.set_fixed_time(datetime.datetime(2026, 12, 1, 3, 0, tzinfo=UTC))  # three days later
    open_game(page, site_url, wait_ready, "lang=ja")
    assert page.inner_text("#days-streak") == "いまは連続記録がありません。今日の一局を遊ぶと始まります。"
    assert page.inner_text("#days-calendar caption") == "2026年12月に遊んだ日"
    assert played_cells(page) == []
    assert page.is_disabled("#days-next")
    press(page, "#days-prev")
    assert page.inner_text("#days-calendar caption") == "2026年11月に遊んだ日"
    assert played_cells(page)[:3] == ["2026年11月20日：+1点", "2026年11月25日：+2点",
                                      "2026年11月26日：\u22121点（強いボット：+2点）"]
    assert page.is_disabled("#days-prev") and not page.is_disabled("#days-next")
    box = page.locator("#days-prev").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert page.errors == []
    page.context.close()


def test_a_streak_across_midnight_in_tokyo_and_the_strong_bots_result_noted_once(browser, site_url, wait_ready):
    page = new_page(browser, datetime.datetime(2026, 11, 28, 14, 59, tzinfo=UTC), EARLIER)  # 23:59 in Tokyo
    open_game(page, site_url, wait_ready, "lang=en")
    assert page.inner_text("#days-streak").startswith("Streak: 3 days in a row, up to yesterday.")
    page.clock.set_fixed_time(datetime.datetime(2026, 11, 28, 15, 1, tzinfo=UTC))  # 00:01 on the 29th
    page.reload()
    wait_ready(page)
    assert page.inner_text("#days-streak") == "No streak now: play today's deal to start one."
    note = """async ([game, day, strong]) => (await import(new URL('web/js/page/daily-record.js', document.baseURI)))
        .noteStrong(game, day, strong)"""
    assert page.evaluate(note, ["le_truc", "2026-11-25", 5]) is True
    assert page.evaluate(note, ["le_truc", "2026-11-25", 1]) is False  # once
    assert page.evaluate(note, ["le_truc", "2026-11-24", 1]) is False  # no day recorded: nothing made
    assert stored_days(page, strong=True)["days"]["2026-11-25"] == {"result": 2, "level": "normal", "strong": 5}
    assert "2026-11-24" not in stored_days(page)["days"]
    page.context.close()


def finish_a_game(page, site_url, wait_ready, level):
    """A whole game to 3 at ``level``; the player's final score less the bot's, read off the standings."""
    open_game(page, site_url, wait_ready, f"lang=en&level={level}&target=3&seed=11")
    play_to_the_end(page)
    scores = page.evaluate("""Object.fromEntries([...document.querySelectorAll('#result .standings tr[data-seat]')]
        .map((r) => [r.dataset.seat, Number(r.querySelector('.score').textContent.replace('\u2212', '-'))]))""")
    return scores["0"] - scores["1"]


def test_the_record_is_kept_per_level_and_an_earlier_record_stays(browser, site_url, wait_ready):
    earlier = {"cardtable:stats:le_truc:rules:target=3": {"v": 1, "games": 2, "wins": 1, "draws": 0,
                                                          "points_for": 5, "points_against": 4}}
    page = new_page(browser, NOON_28, earlier)
    margins = [finish_a_game(page, site_url, wait_ready, level) for level in ("random", "easy")]
    stored = page.evaluate("""Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('cardtable:stats:'))
        .map((k) => [k, JSON.parse(localStorage.getItem(k)).games]))""")
    assert stored == {"cardtable:stats:le_truc:rules:target=3": 2, "cardtable:stats:le_truc:level:random:rules:target=3": 1,
                      "cardtable:stats:le_truc:level:easy:rules:target=3": 1}
    stats = "document.getElementById('stats').textContent"  # (its text whether or not the settings are drawn yet)
    assert poll(page, stats).startswith("House rules — Your record against easy bots: 1 game, "), page.errors
    rows = page.evaluate("[...document.querySelectorAll('#level-record tbody tr')].map((r) => r.cells[0].textContent)")
    assert rows == ["random", "easy (this game)", "earlier games (level not recorded)"]
    won = page.evaluate("[...document.querySelectorAll('#level-record tbody tr')].map((r) => r.cells[1].textContent)")
    assert won == ["0 of 1" if margins[0] < 0 else "1 of 1", "0 of 1" if margins[1] < 0 else "1 of 1", "1 of 2"]
    best = page.evaluate("[...document.querySelectorAll('#level-record tbody tr')].map((r) => r.cells[3].textContent)")
    assert best == [result_words(m) for m in margins] + ["—"]  # each level's best game; none kept before levels
    caption = "document.querySelector('#level-record caption').innerText"  # as drawn: polled till the settings are
    assert poll(page, caption) == "Your record at each bot level"
    page.goto(site_url + "?game=le_truc&speed=instant&lang=ja&level=normal&target=3&seed=12")
    wait_ready(page)
    assert poll(page, stats) == "このハウスルールでの「ふつう」のボットとの成績：まだ終わったゲームはありません。"
    rows = page.evaluate("[...document.querySelectorAll('#level-record tbody tr')].map((r) => r.cells[0].textContent)")
    assert rows == ["ランダム", "やさしい", "以前のゲーム（強さの記録なし）"]
    assert page.errors == []
    page.context.close()


def stored_record(page):
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('cardtable:stats:') || k.startsWith('cardtable:days:'))
        .map((k) => [k, JSON.parse(localStorage.getItem(k))]))""")


RECORD = {**EARLIER, "cardtable:stats:le_truc:level:normal": {"v": 1, "games": 3, "wins": 2, "draws": 0,
                                                              "points_for": 30, "points_against": 20}}


def test_the_record_file_carries_the_days_and_a_bad_day_is_refused_whole(browser, site_url, wait_ready, tmp_path):
    page = new_page(browser, NOON_28, RECORD)
    open_game(page, site_url, wait_ready, "lang=en&seed=3")
    with page.expect_download() as download:
        press(page, "#record-save")
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    saved = json.loads(file.read_text(encoding="utf-8"))
    assert saved["version"] == 2 and saved["record"] == RECORD

    other = new_page(browser, NOON_28)  # a new phone
    open_game(other, site_url, wait_ready, "lang=ja&seed=3")
    assert other.inner_text("#days-streak").startswith("このゲームの今日の一局は、まだ最後まで遊んでいません。")
    choose_file(other, file)
    assert other.inner_text("#record-ask-text") == ("このファイルには3ゲーム分の成績と、今日の一局の4日分の記録"
                                                    "（2026年11月28日に保存）があります。このブラウザーの成績をこれに置き換えますか？")
    press(other, "#record-replace")
    assert stored_record(other) == RECORD
    assert other.inner_text("#days-streak") == "連続3日（昨日まで）。今日の一局を遊ぶと記録が続きます。"
    assert other.inner_text("#stats").startswith("「ふつう」のボットとの成績：3ゲーム中2勝")

    for what, days in {
        "a day that is no day": {"2026-02-30": {"result": 1, "level": "normal"}},
        "a result that is no number": {"2026-11-01": {"result": "2", "level": "normal"}},
        "a field of no day's": {"2026-11-01": {"result": 2, "level": "normal", "rank": 1}},
        "no level": {"2026-11-01": {"result": 2}},
        "days that are a list": [],
    }.items():
        bad = tmp_path / "bad.json"
        record = {**RECORD, "cardtable:stats:toepen": {"v": 1, "games": 9, "wins": 9, "draws": 0, "points_for": 9,
                                                       "points_against": 0},
                  "cardtable:days:toepen": {"v": 1, "days": days}}
        bad.write_text(json.dumps({"format": "cardtable-record", "version": 2, "record": record}), encoding="utf-8")
        assert choose_file(other, bad) == "このファイルはカードテーブルの成績ではありません。成績は変わっていません。", what
        assert stored_record(other) == RECORD, what
    old = tmp_path / "old.json"  # a file of version 1, the games alone: read as ever
    old.write_text(json.dumps({"format": "cardtable-record", "version": 1, "saved": "2026-11-01", "record": {
        "cardtable:stats:le_truc": {"v": 1, "games": 1, "wins": 1, "draws": 0, "points_for": 12,
                                    "points_against": 3}}}), encoding="utf-8")
    choose_file(other, old)
    assert other.inner_text("#record-ask-text").startswith("このファイルには1ゲーム分の成績（2026年11月1日に保存）")
    press(other, "#record-replace")
    assert stored_record(other) == {"cardtable:stats:le_truc": {"v": 1, "games": 1, "wins": 1, "draws": 0,
                                                                "points_for": 12, "points_against": 3}}
    assert other.inner_text("#days-streak").startswith("このゲームの今日の一局は、まだ最後まで遊んでいません。")
    assert page.errors == [] and other.errors == []
    page.context.close()
    other.context.close()


def test_the_record_section_and_the_practice_line_pass_axe_on_a_phone(browser, site_url, wait_ready):
    from tests.browser.axe import audit, report, serious

    today = {DAYS: {"v": 1, "days": {**EARLIER[DAYS]["days"], "2026-11-28": {"result": 3, "level": "normal"}}}}
    page = new_page(browser, NOON_28, {**RECORD, **today, "cardtable:stats:le_truc": {
        "v": 1, "games": 2, "wins": 1, "draws": 0, "points_for": 5, "points_against": 4}})
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site_url, wait_ready, "lang=ja&daily=1")
    for part in ("#daily-practice", "#level-record", "#days-calendar", "#days-prev"):
        assert page.is_visible(part), part
    assert page.inner_text("#days-streak") == "連続4日（今日まで）。"
    found = serious(audit(page, ".settings")) + serious(audit(page, ".table-head"))
    assert not found, report(found, "the record and the practice line")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the calendar and the table fit
    page.context.close()
