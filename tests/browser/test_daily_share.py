"""A daily's result to share and a past day's deal (issue 40; page/daily-share.js,
page/daily.js): the text names the game, the day and the results in the player's
language with the link to that day's deal, and no card; it goes to the share sheet
where there is one, else the clipboard, else a field to copy by hand. A link to a past
day opens that day's deal and says so; a day not come yet, or no day at all, opens
today's."""

import datetime
import json
import re

import pytest

from cardtable import daily
from cardtable.cards import RANKS, SUITS
from tests.support.pages import legal_buttons, next_decision, poll, press

pytestmark = pytest.mark.browser

UTC = datetime.timezone.utc
NOON_28 = datetime.datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # noon on the 28th in Tokyo
NOON_30 = datetime.datetime(2026, 11, 30, 3, 0, tzinfo=UTC)

CARD = re.compile(rf"\b[{RANKS}][{SUITS}]\b")
EN_RANK = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
EN_SUIT = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JA_SUIT = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}

NO_SHARE_SHEET = "delete Navigator.prototype.share;"  # (a desktop: the clipboard)
STUB_SHARE_SHEET = """Object.defineProperty(Navigator.prototype, "share", { configurable: true,
  value(data) { globalThis.sharedWith = data; return Promise.resolve(); } });"""
NO_CLIPBOARD = NO_SHARE_SHEET + """
Object.defineProperty(Navigator.prototype, "clipboard", { configurable: true,
  get() { return { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) }; } });"""


def open_day(browser, site_url, when, daily_param="1", lang="en", timezone="Asia/Tokyo", init=None,
             permissions=(), ready=True):
    """A fresh browser in ``timezone`` at ``when`` opening Le Truc's ``daily=`` deal."""
    context = browser.new_context(timezone_id=timezone, permissions=list(permissions))
    if init:
        context.add_init_script(init)
    page = context.new_page()
    page.clock.set_fixed_time(when)
    page.goto(site_url + f"?game=le_truc&lang={lang}&daily={daily_param}&speed=instant")
    if ready:
        poll(page, "document.documentElement.dataset.ready === 'true'", timeout=60)
    return page


def finish_the_daily(page):
    """Play Le Truc's first round (its daily) to its end; the cards seen on the way."""
    seen = set()
    for _ in range(60):
        model = page.evaluate("globalThis.cardtableLastModel")
        seen |= set(CARD.findall(json.dumps(model["table"])))
        if model["daily"]["done"]:
            return seen
        next_decision(page)
        actions = legal_buttons(page)
        seen |= {c for a in actions for c in CARD.findall(a)}
        press(page, f'button[data-action="{actions[0]}"]:not([disabled])')
        page.wait_for_timeout(50)
    raise AssertionError("the daily's round should end")


def card_words(cards, lang):
    if lang == "ja":
        return [f"{JA_SUIT[c[1]]}の{'10' if c[0] == 'T' else c[0]}" for c in cards]
    return [f"{EN_RANK.get(c[0], c[0])} of {EN_SUIT[c[1]]}" for c in cards]


def share_text(page, strong=None):
    """The page's own share text for its daily, with the strong bot's result `strong`."""
    return page.evaluate("""async (strong) => {
      const { shareText } = await import("./web/js/page/daily-share.js");
      const m = globalThis.cardtableLastModel;
      return shareText({ game: m.game, day: m.daily.day, unit: m.chart.unit, you: m.daily.result, strong });
    }""", strong)


SHARE = "#duplicate .daily-share-part"  # beside the comparison with the strong bot's play


def compared(page):
    """The comparison's two results once shown (page/duplicate.js); the share under the
    daily's line has given way to the comparison's, which says both."""
    both = json.loads(poll(page, "document.querySelector('#duplicate').dataset.duplicate", timeout=60))
    assert page.is_hidden("#daily-share")
    return both


def signed(n, unit):
    return ("+" if n > 0 else "\u2212" if n < 0 else "±") + unit(abs(int(n)))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_text_names_the_game_the_day_and_the_results_and_no_card(browser, site_url, lang):
    page = open_day(browser, site_url, NOON_28, lang=lang, init=NO_SHARE_SHEET,
                    permissions=["clipboard-read", "clipboard-write"])
    assert page.is_hidden("#daily-share")  # nothing to share before the daily's deal is over
    seen = finish_the_daily(page)
    assert len(seen) >= 3  # (the hand at least)
    result = page.evaluate("globalThis.cardtableLastModel.daily.result")
    both = compared(page)
    assert both["you"] == result
    text = share_text(page)
    with_bot = share_text(page, 1)
    shared = share_text(page, both["strong"])
    link = f"{site_url}play/le_truc/{lang}/?daily=2026-11-28"
    assert text.endswith(" " + link) and with_bot.endswith(" " + link)
    if lang == "en":
        unit = lambda n: f"{n} point" if n == 1 else f"{n} points"  # noqa: E731
        assert text.startswith("Card Table · Today's deal, November 28, 2026 · Le Truc: ")
        assert f"me {signed(result, unit)} #CardTable" in text
        assert f"me {signed(result, unit)} / strong bot +1 point #CardTable" in with_bot
    else:
        unit = lambda n: f"{n}点"  # noqa: E731
        assert text.startswith("カードテーブル 今日の一局 2026年11月28日 ル・トゥルック：")
        assert f"私 {signed(result, unit)} #カードテーブル" in text
        assert f"私 {signed(result, unit)}／強いボット +1点 #カードテーブル" in with_bot
    for words in (text, with_bot, shared):
        spoken = words.replace(link, "")
        assert CARD.findall(words) == []
        assert [w for w in card_words(seen, lang) + list((JA_SUIT if lang == "ja" else EN_SUIT).values())
                if w.lower() in spoken.lower()] == []
    # the copy: no share sheet here, so the clipboard, said in the status line
    press(page, f"{SHARE} button")
    status = "Copied." if lang == "en" else "コピーしました。"
    poll(page, f"document.querySelector('{SHARE} [role=status]').textContent === {json.dumps(status)}")
    assert page.evaluate("navigator.clipboard.readText()") == shared
    size = page.evaluate(f"(() => {{ const r = document.querySelector('{SHARE} button').getBoundingClientRect();"
                         " return [r.width, r.height]; })()")
    assert min(size) >= 44
    page.context.close()


def test_a_phone_shares_through_its_share_sheet(browser, site_url):
    page = open_day(browser, site_url, NOON_28, lang="ja", init=STUB_SHARE_SHEET)
    finish_the_daily(page)
    both = compared(page)
    assert page.inner_text(f"{SHARE} button") == "結果をシェア"
    press(page, f"{SHARE} button")
    shared = poll(page, "globalThis.sharedWith")
    text = share_text(page, both["strong"])
    assert shared == {"text": text.rsplit(" ", 1)[0], "url": text.rsplit(" ", 1)[1]}
    assert shared["url"].endswith("/play/le_truc/ja/?daily=2026-11-28")
    assert page.inner_text(f"{SHARE} [role=status]") == "シェアしました。"
    page.context.close()


def test_without_share_sheet_or_clipboard_the_text_is_shown_to_copy(browser, site_url):
    page = open_day(browser, site_url, NOON_28, init=NO_CLIPBOARD)
    finish_the_daily(page)
    both = compared(page)
    press(page, f"{SHARE} button")
    poll(page, f"document.querySelector('{SHARE} textarea') && !document.querySelector('{SHARE} textarea').hidden")
    assert page.input_value(f"{SHARE} textarea") == share_text(page, both["strong"])
    assert page.evaluate(f"document.activeElement.matches('{SHARE} textarea')")
    assert page.evaluate(f"(() => {{ const f = document.querySelector('{SHARE} textarea');"
                         " return f.selectionStart === 0 && f.selectionEnd === f.value.length && f.readOnly; })()")
    assert page.inner_text(f"{SHARE} [role=status]") == "Copy the text below."
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_past_days_link_opens_that_days_deal_and_offers_todays(browser, site_url, lang):
    page = open_day(browser, site_url, NOON_30, daily_param="2026-11-28", lang=lang)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    assert str(daily.daily_seed("le_truc", "2026-11-28")) in page.inner_text("#seed")
    line = page.inner_text("#daily-line")
    assert line == ("The deal of November 28, 2026 ·\u00a0Today's deal →" if lang == "en"
                    else "2026年11月28日の一局（今日の一局へ）")
    assert page.get_attribute("#daily-line a", "href") == f"play/le_truc/{lang}/?daily=1"
    assert page.is_hidden("#daily-link")  # (the line has the way to today's)
    for _ in range(2):  # a move or two, then a reload: the 28th's deal continues
        next_decision(page)
        press(page, "button[data-action]")
    next_decision(page)
    before = legal_buttons(page), page.inner_text("#log")
    page.reload()
    poll(page, "document.documentElement.dataset.ready === 'true'")
    next_decision(page)
    assert (legal_buttons(page), page.inner_text("#log")) == before
    assert "daily=2026-11-28" in page.url
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    with page.expect_navigation():  # a link: wait for the new page, not this one
        press(page, "#daily-line a")  # today's deal
    poll(page, "document.documentElement.dataset.daily === '2026-11-30'")
    poll(page, "document.documentElement.dataset.ready === 'true'")
    assert str(daily.daily_seed("le_truc", "2026-11-30")) in page.inner_text("#seed")
    assert page.inner_text("#daily-line") == ("Today's deal · November 30, 2026" if lang == "en"
                                              else "今日の一局（2026年11月30日）")
    page.context.close()


@pytest.mark.parametrize("asked", ["2026-13-40", "abc", "2026-02-29"])
def test_no_day_at_all_is_said_and_opens_todays_deal(browser, site_url, asked):
    page = open_day(browser, site_url, NOON_30, daily_param=asked, lang="ja")
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-30"
    assert str(daily.daily_seed("le_truc", "2026-11-30")) in page.inner_text("#seed")
    assert page.inner_text("#alert") == (f"アドレスの指定「daily={asked}」は無視しました："
                                         "日付は2026-11-28のように書きます。今日の一局を開きました。")
    assert "daily=1" in page.url  # a reload opens today's, with nothing said
    assert page.inner_text("#daily-line") == "今日の一局（2026年11月30日）"
    next_decision(page)  # and the table plays
    page.context.close()


def test_a_day_not_come_yet_here_opens_todays_deal_with_a_note(browser, site_url):
    # 00:30 on December 1st in Tokyo is still November 30th in London
    when = datetime.datetime(2026, 11, 30, 15, 30, tzinfo=UTC)
    page = open_day(browser, site_url, when, daily_param="2026-12-01", timezone="Europe/London")
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-30"
    assert str(daily.daily_seed("le_truc", "2026-11-30")) in page.inner_text("#seed")
    assert page.inner_text("#note") == "That day's deal has not come yet where you are: here is today's."
    assert page.is_hidden("#alert")
    assert "daily=1" in page.url
    page.context.close()


def test_a_past_days_deal_never_replaces_todays_in_progress(browser, site_url):
    page = open_day(browser, site_url, NOON_30)  # today's deal, two moves in
    for _ in range(2):
        next_decision(page)
        press(page, "button[data-action]")
    next_decision(page)
    today = legal_buttons(page), page.inner_text("#log")
    page.goto(site_url + "?game=le_truc&lang=en&daily=2026-11-28&speed=instant")  # a friend's link, played a little
    poll(page, "document.documentElement.dataset.ready === 'true'")
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-28"
    next_decision(page)
    press(page, "button[data-action]")
    next_decision(page)
    past = legal_buttons(page), page.inner_text("#log")
    page.goto(site_url + "?game=le_truc&lang=en&daily=1&speed=instant")  # back to today's: where it was
    poll(page, "document.documentElement.dataset.ready === 'true'")
    next_decision(page)
    assert page.evaluate("document.documentElement.dataset.daily") == "2026-11-30"
    assert (legal_buttons(page), page.inner_text("#log")) == today
    page.goto(site_url + "?game=le_truc&lang=en&daily=2026-11-28&speed=instant")  # and the friend's, where it was
    poll(page, "document.documentElement.dataset.ready === 'true'")
    next_decision(page)
    assert (legal_buttons(page), page.inner_text("#log")) == past
    page.context.close()
