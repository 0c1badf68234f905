"""The player's record as a file (page/record-file.js): saved from one browser and
opened in another, it is the same record there; a file that is no record is refused
with a message in the player's language, and the record stays as it was."""

import json
import re

import pytest

from tests.support.pages import choose_file, press

pytestmark = pytest.mark.browser

# (a record kept per level, and one kept before levels were: no `:level:`)
RECORD = {
    "cardtable:stats:le_truc:level:normal": {"v": 1, "games": 3, "wins": 2, "draws": 0, "points_for": 75, "points_against": 61},
    "cardtable:stats:oneonta_whist": {"v": 1, "games": 1, "wins": 1, "draws": 0, "points_for": 33,
                                      "points_against": 0, "best": 33},
    "cardtable:stats:le_truc:rules:target=7": {"v": 1, "games": 1, "wins": 0, "draws": 0, "points_for": 4,
                                               "points_against": 7},
}


def open_le_truc(page, site_url, wait_ready, lang):
    page.goto(site_url + f"?game=le_truc&lang={lang}&seed=3&speed=instant")
    wait_ready(page)


def keep_record(page, record):
    """The browser holds ``record`` before the page first opens (and not again after)."""
    page.add_init_script(f"""if (!localStorage.getItem('seeded')) {{
        localStorage.setItem('seeded', '1');
        for (const [k, v] of Object.entries({json.dumps(record)})) localStorage.setItem(k, JSON.stringify(v));
    }}""")


def stats_line(page):
    return page.inner_text("#stats")


def stored_record(page):
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith('cardtable:stats:')).map((k) => [k, JSON.parse(localStorage.getItem(k))]))""")


def test_a_record_saved_to_a_file_is_the_same_record_in_another_browser(browser, page, site_url, wait_ready,
                                                                        tmp_path):
    keep_record(page, RECORD)
    open_le_truc(page, site_url, wait_ready, "en")
    assert stats_line(page).startswith("Your record against normal bots: 3 games, 2 won")
    assert "kept only in this browser" in page.inner_text("#record-kept")
    with page.expect_download() as download:
        press(page, "#record-save")
    name = download.value.suggested_filename
    assert name.startswith("cardtable-record-") and name.endswith(".json")
    file = tmp_path / name
    download.value.save_as(file)
    assert page.inner_text("#record-status") == f"Saved as {name}."

    other = browser.new_context().new_page()  # a new phone: no record yet
    open_le_truc(other, site_url, wait_ready, "ja")
    assert stats_line(other) == "「ふつう」のボットとの成績：まだ終わったゲームはありません。"
    choose_file(other, file)
    assert re.match(r"このファイルには5ゲーム分の成績（\d{4}年\d{1,2}月\d{1,2}日に保存）があります。",
                    other.inner_text("#record-ask-text"))
    assert stored_record(other) == {}  # nothing changes before the player says so
    press(other, "#record-replace")
    assert other.inner_text("#record-status") == "成績をファイルの内容に置き換えました（5ゲーム）。"
    assert stored_record(other) == RECORD
    assert stats_line(other).startswith("「ふつう」のボットとの成績：3ゲーム中2勝")
    other.reload()
    wait_ready(other)
    assert stats_line(other).startswith("「ふつう」のボットとの成績：3ゲーム中2勝")  # kept, as any record is
    other.context.close()


BAD_FILES = {
    "not json": "{ this is no record",
    "another file": json.dumps({"name": "my shopping list"}),
    "a count that is no count": json.dumps({"format": "cardtable-record", "version": 1, "record": {
        "cardtable:stats:le_truc": {"v": 1, "games": -2, "wins": 0, "draws": 0, "points_for": 0,
                                    "points_against": 0}}}),
    "more wins than games": json.dumps({"format": "cardtable-record", "version": 1, "record": {
        "cardtable:stats:le_truc": {"v": 1, "games": 1, "wins": 4, "draws": 0, "points_for": 0,
                                    "points_against": 0}}}),
    "a good record, but too big a file to be one": json.dumps({"format": "cardtable-record", "version": 1,
                                                               "record": {}}) + " " * (1 << 20),
    "a key that is no record's": json.dumps({"format": "cardtable-record", "version": 1, "record": {
        "cardtable:save:le_truc": {"v": 1, "games": 1, "wins": 0, "draws": 0, "points_for": 0,
                                   "points_against": 0}}}),
}


@pytest.mark.parametrize("lang, message", [
    ("en", "This file is not a Card Table record. Your record is unchanged."),
    ("ja", "このファイルはカードテーブルの成績ではありません。成績は変わっていません。"),
])
def test_a_file_that_is_no_record_is_refused_and_the_record_stays(page, site_url, wait_ready, tmp_path, lang,
                                                                   message):
    keep_record(page, RECORD)
    open_le_truc(page, site_url, wait_ready, lang)
    line = stats_line(page)
    for what, text in BAD_FILES.items():
        file = tmp_path / "record.json"
        file.write_text(text, encoding="utf-8")
        assert choose_file(page, file) == message, what
        assert page.is_hidden("#record-ask"), what
        assert stored_record(page) == RECORD, what
        assert stats_line(page) == line, what
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "cardtable-record", "version": 3, "record": {}}), encoding="utf-8")
    assert ("newer version" if lang == "en" else "新しい版") in choose_file(page, newer)
    assert stored_record(page) == RECORD


def test_keeping_my_record_changes_nothing(page, site_url, wait_ready, tmp_path):
    keep_record(page, RECORD)
    open_le_truc(page, site_url, wait_ready, "en")
    file = tmp_path / "record.json"
    file.write_text(json.dumps({"format": "cardtable-record", "version": 1, "saved": "2026-11-01", "record": {
        "cardtable:stats:toepen": {"v": 1, "games": 1, "wins": 1, "draws": 0, "points_for": 20,
                                   "points_against": 0}}}), encoding="utf-8")
    choose_file(page, file)
    assert page.inner_text("#record-ask-text").startswith("This file holds a record of 1 game, saved on November 1, 2026.")
    press(page, "#record-cancel")
    assert page.inner_text("#record-status") == "Your record is unchanged."
    assert page.is_hidden("#record-ask")
    assert stored_record(page) == RECORD
    undated = tmp_path / "undated.json"  # a file made by hand, without the day it was saved
    undated.write_text(json.dumps({"format": "cardtable-record", "version": 1, "record": {}}), encoding="utf-8")
    choose_file(page, undated)
    assert page.inner_text("#record-ask-text") == ("This file holds a record of 0 games. "
                                                   "Replace the record in this browser with it?")
