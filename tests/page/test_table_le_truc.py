"""Le Truc's table (cardtable.tables.le_truc) on stacked decks: what a player reads
at the moments that matter (a face-down card to answer, the die's step, the last
round, the game's end), in the page's English words.

Seat 0 is the non-dealer (``first_dealer=1``) and leads; seat 1 deals.
"""

import re

from cardtable import games
from cardtable.games.le_truc import DECK
from cardtable.table import BACK, validate
from sitebuild.words import load as load_words

GAME = games.get("le_truc")
WORDS = load_words("en")


def say(t) -> str:
    """A Text in the page's English (nested Texts first), as web/js/i18n.js fills it."""
    if t is None:
        return ""
    args = {k: say(v) if isinstance(v, dict) else v for k, v in t.get("args", {}).items()}
    return re.sub(r"\{(\w+)\}", lambda m: str(args.get(m.group(1), "")), WORDS[t["key"]])


def new(mine, theirs, **options):
    options.setdefault("first_dealer", 1)
    top = list(mine) + list(theirs)
    return GAME.new_game(seed=1, options=options, deck=top + [c for c in DECK if c not in top])


def run(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def table(state, seat=0):
    return validate(state.table(seat))


def decisions(t):
    return {d["action"]: (say(d["label"]), say(d["cost"])) for d in t["decisions"]}


def test_the_redo_choice_is_asked_in_plain_english_and_shows_the_roles():
    t = table(new(["9S", "TS", "JS"], ["AH", "KH", "QH"]))
    assert say(t["prompt"]) == "Play these cards, or ask for a redo?"
    assert decisions(t) == {"keep": ("Play", ""), "redo": ("Redo", "")}
    assert all(d["group"] == "choice" for d in t["decisions"])
    you, bot = t["seats"]
    assert [say(b) for b in you["badges"]] == ["non-dealer"]
    assert [say(b) for b in bot["badges"]] == ["dealer"]
    assert bot["hand"] == [BACK] * 3 and you["status"] == "to_act" and bot["status"] == "waiting"
    assert say(you["score"]) == "Score: 0 of 30"
    assert [a["id"] for a in t["areas"]] == ["trick1", "trick2", "trick3"]


def test_after_a_redo_the_dealer_is_asked_and_sees_the_request():
    s = run(new(["9S", "TS", "JS"], ["AH", "KH", "QH"]), "redo")
    t = table(s, 1)
    assert say(t["prompt"]).startswith("The bot asks for a redo.")
    assert set(decisions(t)) == {"refuse", "exchange"}
    bot = t["seats"][1]
    assert say(bot["last"]) == "Redo?"
    run(s, "exchange")
    t = table(s, 0)
    assert say(t["seats"][1]["last"]) == "Exchanged"
    assert t["piles"][0]["count"] == 20


def test_a_face_down_card_to_answer_says_what_folding_and_accepting_are_worth():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"]), "keep", "play 9S", "play AH down")
    t = table(s, 0)
    assert say(t["prompt"]) == ("The bot played face down. Fold and give it 1, "
                                "or accept and play on for 2?")
    assert decisions(t) == {"fold": ("Fold", "lose 1"),
                            "accept": ("Accept", "the round is worth 2")}
    assert say(t["stake"]["note"]) == ("A face-down card awaits an answer: folding gives up 1, "
                                      "accepting makes the round worth 2.")
    trick = t["areas"][0]
    assert trick["current"]
    assert [(p["seat"], p["card"], p["down"]) for p in trick["plays"]] == [(1, BACK, True), (0, "9S", False)]
    assert say(t["seats"][1]["last"]) == "Face down: 2 if accepted"
    # the player who played it sees their own card through its back, and waits
    theirs = table(s, 1)
    assert [(p["seat"], p["card"], p["peek"]) for p in theirs["areas"][0]["plays"]] == [(0, "9S", None),
                                                                                       (1, BACK, "AH")]
    assert say(theirs["areas"][0]["plays"][1]["tag"]) == "face down"
    assert theirs["decisions"] == [] and say(theirs["prompt"]) == "The bot is deciding…"


def test_accepting_moves_the_die_one_step_and_the_next_offer_costs_double():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"]), "keep", "play 9S", "play AH down", "accept")
    stake = table(s, 0)["stake"]
    assert (stake["value"], stake["ladder"], stake["step"]) == (2, [1, 2, 4, 8, 16, 32], 1)
    assert say(stake["note"]) == "The doubling die: a round is worth 2."
    run(s, "play KH")  # the bot won trick 1 and leads
    t = table(s, 0)
    assert say(t["prompt"]) == "Answer the bot's card: face up, or face down to double the stake."
    assert decisions(t)["play 7S down"] == ("Play 7S face down (doubling offer)",
                                            "doubling offer: 4 if accepted")
    assert decisions(t)["play 7S"] == ("Play 7S face up", "")
    first = t["areas"][0]
    assert say(first["outcome"]) == "won by the bot"
    assert [(p["card"], p["down"], p["won"]) for p in first["plays"]] == [("AH", True, True), ("9S", False, False)]
    assert say(t["seats"][0]["last"]) == "Accepted: worth 2"


def test_the_first_card_is_face_up_and_the_accepter_rule_is_told():
    s = new(["9S", "7S", "6S"], ["AH", "KH", "QH"], doubling="accepter")
    run(s, "keep")
    t = table(s, 0)
    assert say(t["prompt"]) == "Lead a card. The first card of a round is always face up."
    assert set(decisions(t)) == {"play 9S", "play 7S", "play 6S"}
    run(s, "play 9S", "play AH down", "accept", "play KH")  # seat 0 accepted: seat 0 may double
    assert "play 7S down" in decisions(table(s, 0))
    run(s, "play 7S", "play 6S")  # seat 0 won trick 2 (7 > K) and leads trick 3; the bot answers
    t = table(s, 1)
    assert say(t["prompt"]).startswith("Play a card (face down is not allowed now")
    assert not any(a.endswith("down") for a in decisions(t))


def test_folding_that_ends_the_game_says_so():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"], target=1), "keep", "play 9S", "play AH down")
    assert decisions(table(s, 0))["fold"] == ("Fold", "lose 1 and the game")


def test_the_last_round_keeps_a_folded_card_hidden_and_says_why_it_was_won():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"]),
            "keep", "play 9S", "play AH down", "accept", "play KH", "play 7S down", "fold")
    mine, theirs = table(s, 0)["summary"], table(s, 1)["summary"]
    assert say(mine["label"]) == "Last round — Round 1"
    assert [say(line) for line in mine["lines"]] == ["The other side folded: round to you, +2."]
    assert [say(line) for line in theirs["lines"]] == ["The other side folded: round to the bot, +2."]
    second = [(p["seat"], p["card"], p["down"]) for p in mine["areas"][1]["plays"]]
    assert second == [(1, "KH", False), (0, BACK, True)]
    assert mine["areas"][1]["plays"][1]["peek"] == "7S"  # your own folded-to card, behind its back
    assert [(p["seat"], p["card"]) for p in theirs["areas"][1]["plays"]] == [(0, BACK), (1, "KH")]
    t = table(s, 0)
    assert say(t["seats"][0]["score"]) == "Score: 2 of 30" and t["scores"]["totals"] == [2, 0]
    assert t["seats"][0]["last"] is None and t["stake"]["value"] == 1  # a new round


def test_two_tricks_win_the_round_in_the_summary():
    s = run(new(["7S", "6S", "9S"], ["AH", "KH", "QH"]), "keep", "play 7S", "play KH", "play 6S", "play QH")
    t = table(s, 1)
    assert [say(line) for line in t["summary"]["lines"]] == ["the bot wins the round with two tricks: +1."]
    assert [a["outcome"] and say(a["outcome"]) for a in t["summary"]["areas"]] == ["won by the bot", "won by the bot"]


def test_bankroll_scoring_shows_chips_and_half_a_bar():
    t = table(new(["9S", "7S", "6S"], ["AH", "KH", "QH"], scoring="bankroll"))
    you, bot = t["seats"]
    assert say(you["score"]) == "Chips: 30" and you["progress"] == 0.5
    assert say(t["scores"]["goal"]) == "Bankroll: the game ends when a player has no chips left"


def test_the_end_names_the_winner_and_the_fold():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"], target=1), "keep", "play 9S", "play AH down", "fold")
    assert s.is_over
    t = table(s, 0)
    assert t["result"]["outcome"] == "loss" and say(t["result"]["text"]) == "The bot wins 1–0."
    assert [(r["seat"], r["place"]) for r in t["result"]["standings"]] == [(1, 1), (0, 2)]
    assert t["result"]["place"] is None and say(t["result"]["unit"]) == "Points"  # two players: no "place 2 of 2"
    assert say(t["prompt"]) == "Game over" and t["decisions"] == []
    assert say(t["seats"][0]["last"]) == "Folded"
    assert all(seat["status"] == "waiting" for seat in t["seats"])
    assert say(table(s, 1)["result"]["text"]) == "You win 1–0!"


def test_in_bankroll_scoring_a_fold_costs_no_more_than_the_folder_s_chips():
    from cardtable.tables.le_truc import draw

    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"], scoring="bankroll"),
            "keep", "play 9S", "play AH down", "accept", "play KH", "play 7S down")
    assert decisions(table(s, 1))["fold"] == ("Fold", "lose 2")
    view = dict(s.view(1), scores=[59, 1])  # the bot down to its last chip
    t = validate(draw(view, s.legal_actions(), None))
    assert decisions(t)["fold"] == ("Fold", "lose 1 and the game")
    assert say(t["stake"]["note"]).startswith("A face-down card awaits an answer: folding gives up 1,")


# --------------------------------------------------------------------- the log
WORDS_JA = load_words("ja")


def log(state, events, viewer=0):
    """The events' log lines for ``viewer`` in English and in Japanese."""
    def fill(t, words):
        args = {k: fill(v, words) if isinstance(v, dict) else v for k, v in t.get("args", {}).items()}
        return re.sub(r"\{(\w+)\}", lambda m: str(args.get(m.group(1), "")), words[t["key"]])
    described = [state.describe_event(e, viewer, 2) for e in events]
    return [fill(t, WORDS) for t in described], [fill(t, WORDS_JA) for t in described]


def test_a_face_down_card_s_line_says_what_accepting_and_folding_are_worth():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"]), "keep", "play 9S")
    down = s.apply("play AH down")
    en, ja = log(s, down)
    assert en == ["the bot plays a card face down: accept and the round is worth 2, or fold and give up 1."]
    assert ja == ["ボットは裏向きでカードを出しました。受ければ2点、降りれば1点を失います。"]
    en, ja = log(s, s.apply("accept") + s.apply("play KH") + s.apply("play 7S down"))
    assert en == ["you accept: the stake doubles to 2. The face-down card was AH.",
                  "Trick 1: the bot wins (AH beats 9S).",
                  "the bot plays KH.",
                  "you play a card face down: accept and the round is worth 4, or fold and give up 2."]
    assert ja == ["あなたは「受ける」を選びました。得点は2点に上がります。裏向きのカードはAHでした。",
                  "1本目：ボットの勝ち（AHが9Sに勝ち）。",
                  "ボットはKHを出しました。",
                  "あなたは裏向きでカードを出しました。受ければ4点、降りれば2点を失います。"]


def test_a_fold_s_lines_name_the_winner_from_either_seat_and_keep_the_card_hidden():
    s = run(new(["9S", "7S", "6S"], ["AH", "KH", "QH"]), "keep", "play 9S", "play AH down")
    events = s.apply("fold")
    assert all("card" not in e or e["card"] is None for e in events)
    en, ja = log(s, events, viewer=0)
    assert en[:2] == ["you fold: the bot wins the round for 1, and the face-down card stays hidden.",
                      "The other side folded: round to the bot, +1."]
    assert ja[0] == "あなたは「降りる」を選びました。ボットがこのラウンドに勝ち1点。裏向きのカードは明かされません。"
    assert ja[1] == "あなたが降りたので、ボットがラウンドに勝ちました：+1点。"  # the one who folded, by name
    en, ja = log(s, events, viewer=1)
    assert en[:2] == ["the bot folds: you win the round for 1, and the face-down card stays hidden.",
                      "The other side folded: round to you, +1."]
    assert ja[1] == "ボットが降りたので、あなたがラウンドに勝ちました：+1点。"
    assert en[2] == "Round 2: the bot deals."  # seat 0 deals the next round


def test_a_tied_trick_s_line_says_the_same_player_leads_again():
    s = run(new(["9S", "7S", "6S"], ["9H", "KH", "QH"]), "keep")
    en, ja = log(s, s.apply("play 9S") + s.apply("play 9H"))
    assert en[-1] == "Trick 1 is tied (9S and 9H are equal): the same player, you, leads again."
    assert ja[-1] == "1本目は同点（9Sと9Hは同じ強さ）。先に出したあなたが次も先に出します。"


def test_le_truc_speaks_only_the_shared_log_words():
    from cardtable.tables.le_truc import OWN_LOG_KEYS
    assert OWN_LOG_KEYS == frozenset() and not any(k.startswith("log.le_truc.") for k in WORDS)
