"""Japanese Loo's table (cardtable.tables.japanese_loo) on stacked decks: what a
player reads at the table at the moments that matter."""

from cardtable import games
from cardtable.table import BACK, badge, suit_sign, text, validate
from cardtable.tables.japanese_loo import draw
from sitebuild.words import load as load_words
from tests.rules.test_japanese_loo import declare, new, play_out, run


def seat_of(table, seat):
    return next(s for s in table["seats"] if s["seat"] == seat)


def keys(texts):
    return [t["key"] for t in texts]


def test_declaring_the_prompt_says_the_fee_the_pot_and_the_loo_and_the_choices_carry_their_costs():
    s = new(4, dealer=0)  # seat 1 declares first; the dealer's 5 make a pot of 5: 1 a trick
    table = validate(s.table(1))
    assert table["prompt"] == text("japanese_loo.prompt.declare", fee=5, loo=10, pot=5, value=1, ins=0)
    assert table["decisions"] == [
        {"action": "in", "group": "choice", "label": text("japanese_loo.in"), "card": None,
         "cost": text("japanese_loo.cost.in", loo=10)},
        {"action": "out", "group": "choice", "label": text("japanese_loo.out", fee=5), "card": None,
         "cost": text("japanese_loo.cost.out", fee=5)},
    ]
    assert table["stake"]["value"] == 1
    assert table["stake"]["note"] == text("japanese_loo.stake_note", ante=text("japanese_loo.ante_dealer", n=5),
                                          fee=5, loo=10)
    assert [p["id"] for p in table["piles"]] == ["pot", "turnup"]
    assert table["piles"][0]["label"] == text("japanese_loo.pot", pot=5)
    assert table["piles"][1]["cards"] == ["2C"]
    assert text("japanese_loo.trumps", suit=text("japanese_loo.sign_name", sign=suit_sign("C"),
                                                  name=text("suit.C"))) in table["reminders"]
    # another seat waits and is told who is deciding; it has no decisions
    other = validate(s.table(2))
    assert other["decisions"] == [] and other["prompt"] == text("japanese_loo.prompt.wait", p=text("table.bot_n", n=1))
    assert seat_of(other, 1)["status"] == "to_act" and seat_of(other, 2)["status"] == "waiting"


def test_a_drop_shows_as_a_badge_an_empty_hand_and_what_it_paid_and_the_dealer_declares_last():
    s = new(4, dealer=0)
    declare(s, "out", "in", "in")  # seats 1 (drops, pays 5), 2 and 3 in; the dealer is last
    table = validate(s.table(0))
    one = seat_of(table, 1)
    assert one["status"] == "out" and one["hand"] == []
    assert badge("out", "japanese_loo.state.out") in one["badges"]
    assert one["last"] == text("japanese_loo.declared.out", fee=5)
    two = seat_of(table, 2)
    assert two["hand"] == [BACK] * 5 and two["last"] == text("japanese_loo.declared.in")
    assert keys(seat_of(table, 0)["badges"]) == ["japanese_loo.dealer"]
    assert table["prompt"] == text("japanese_loo.prompt.declare_dealer", fee=5, loo=10, pot=10, value=2, ins=2)


def test_a_dealer_who_drops_free_is_offered_a_free_drop():
    s = new(4, dealer=0, dealer_drop="free")
    declare(s, "in", "in", "in")
    table = validate(s.table(0))
    out = next(d for d in table["decisions"] if d["action"] == "out")
    assert out["label"] == text("japanese_loo.out_free") and out["cost"] is None
    assert table["prompt"]["args"]["fee"] == 0
    run(s, "out")
    assert seat_of(validate(s.table(1)), 0)["last"] == text("japanese_loo.declared.out", fee=0)


def test_following_the_prompt_names_the_led_suit_and_a_void_player_is_told_to_trump_or_discard():
    hands = {1: ["AS", "3H", "4H", "5H", "6H"], 2: ["KS", "7H", "8H", "9H", "TH"], 0: ["2D", "3D", "4D", "5D", "6D"]}
    s = new(3, dealer=0, hands=hands, turnup="2C")
    declare(s, "in", "in", "in")
    table = validate(s.table(1))
    assert table["prompt"] == text("japanese_loo.prompt.lead", value=1)
    assert all(d["group"] == "hand" and d["card"] == d["action"].split()[1] for d in table["decisions"])
    run(s, "play AS")
    follow = validate(s.table(2))
    assert follow["prompt"] == text("japanese_loo.prompt.follow", suit=suit_sign("S"),
                                    trump=suit_sign("C"))
    assert [d["action"] for d in follow["decisions"]] == ["play KS"]
    assert follow["areas"][0]["plays"] == [{"seat": 1, "card": "AS", "down": False, "dead": False, "won": False, "tag": None, "peek": None}]
    run(s, "play KS")
    void = validate(s.table(0))
    assert void["prompt"] == text("japanese_loo.prompt.void", suit=suit_sign("S"),
                                  trump=suit_sign("C"))


def test_the_last_trick_shows_every_card_with_the_winner_marked_and_what_it_took():
    hands = {1: ["AS", "3H", "4H", "5H", "6H"], 2: ["KS", "7H", "8H", "9H", "TH"], 0: ["2D", "3D", "4D", "5D", "6D"]}
    s = new(3, dealer=0, hands=hands, turnup="2C")
    declare(s, "in", "in", "in")  # pot 5: 1 a trick
    run(s, "play AS", "play KS", "play 2D")
    table = validate(s.table(0))
    trick, last = table["areas"]
    assert trick["label"] == text("japanese_loo.trick", n=2, of=5) and trick["plays"] == [] and trick["current"]
    assert last["label"] == text("japanese_loo.last_trick", n=1)
    assert [(p["seat"], p["card"], p["won"]) for p in last["plays"]] == [(1, "AS", True), (2, "KS", False),
                                                                         (0, "2D", False)]
    assert last["outcome"] == text("japanese_loo.took", p=text("table.bot_n", n=1), value=1)
    assert badge("tricks_n", "japanese_loo.tricks_n", n=1) in seat_of(table, 1)["badges"]
    assert text("japanese_loo.at_risk", loo=10) in table["reminders"]
    assert text("japanese_loo.safe", n=1) in validate(s.table(1))["reminders"]


def test_after_a_loo_the_looed_seat_is_marked_and_the_summary_says_who_played_took_and_was_looed():
    hands = {1: ["2D", "3D", "4D", "5D", "6D"], 0: ["AS", "KS", "QS", "JS", "TS"]}
    s = new(3, dealer=0, hands=hands, turnup="2S")
    declare(s, "in", "out", "in")  # seat 2 drops; the dealer takes every trick
    play_out(s)
    assert s.deal_no == 2
    table = validate(s.table(0))
    assert badge("looed_in", "japanese_loo.looed_in", n=1) in seat_of(table, 1)["badges"]
    assert not any(b["key"] == "japanese_loo.looed_in" for b in seat_of(table, 0)["badges"])
    summary = table["summary"]
    assert summary["label"] == text("japanese_loo.last_deal", n=1)
    you, one, two = summary["lines"][:3]
    assert you == text("japanese_loo.summary.row", p=text("table.you_name"), played=text("japanese_loo.state.in"),
                       tricks=text("japanese_loo.tricks_n", n=5), chips=text("japanese_loo.chips_n", n=s.chips[0]))
    assert one["args"]["tricks"] == text("japanese_loo.state.looed")
    assert two["args"]["played"] == text("japanese_loo.state.out") and two["args"]["tricks"] == "—"
    assert summary["lines"][3] == text("japanese_loo.summary.pot", pot=10)


def test_everyone_antes_one_is_in_the_stake_s_note():
    s = games.get("japanese_loo").new_game(seed=3, options={"players": 5, "all_ante": True})
    note = validate(s.table(0))["stake"]["note"]
    assert note["args"]["ante"] == text("japanese_loo.ante_all", n=1)


def test_the_result_shares_first_place_and_lists_the_standings_and_a_remainder_field_is_tolerated():
    s = games.get("japanese_loo").new_game(seed=5, options={"players": 3, "rotations": 1})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    view = s.view(0)
    view["last_deal"] = {**view["last_deal"], "remainder": {"seat": 1, "amount": 2}}
    result = {**s.result, "winners": [0, 2], "winner": None, "scores": [120, 80, 120]}
    table = validate(draw(view, [], result))
    r = table["result"]
    assert r["outcome"] == "draw"
    assert r["standings"] == [{"seat": 0, "place": 1, "score": 120, "name": None},
                              {"seat": 2, "place": 1, "score": 120, "name": None},
                              {"seat": 1, "place": 3, "score": 80, "name": None}]  # (a seat's row: its own name)
    head = text("japanese_loo.result.draw", chips=120, best=120,
                names=[text("table.you_name"), text("table.bot_n", n=2)])  # the page joins a list
    assert r["text"] == head  # the standings are a table of their own, not words after it
    assert r["place"] == text("result.place_shared", place=1, of=text("result.of_players", n=3))
    assert r["unit"] == text("result.unit.chips")
    assert table["prompt"] == text("table.game_over") and table["decisions"] == [] and table["stake"] is None
    assert all(seat["status"] != "to_act" for seat in table["seats"])
    # seat 1 reads it as a loss, with the best and its own chips
    lost = draw(s.view(1), [], result)["result"]
    assert lost["outcome"] == "loss" and lost["text"]["args"]["chips"] == 80
    assert lost["place"] == text("result.place", place=3, of=text("result.of_players", n=3))


def test_the_extension_deal_has_no_loo_to_warn_of():
    s = games.get("japanese_loo").new_game(seed=1, options={"players": 3, "rotations": 1})
    while not s.is_over and not s.extension:  # this seed's last scheduled deal has a loo
        s.apply(s.legal_actions()[0])
    assert s.extension and s.phase == "play"
    table = validate(s.table(0))
    assert table["scores"]["goal"] == text("japanese_loo.extension_deal")
    assert table["stake"]["note"] is None
    assert all(badge("in", "japanese_loo.state.in") in seat["badges"] for seat in table["seats"])
    assert not any(r["key"] == "japanese_loo.at_risk" for r in table["reminders"])


# --------------------------------------------------------------------- the log
def said(line, lang):
    """A log line as the page words it in ``lang`` (web/i18n; a list joined as the page joins it)."""
    import re
    words = load_words(lang)

    def fill(t):
        if isinstance(t, list):
            return {"en": ", ", "ja": "、"}[lang].join(fill(x) for x in t)
        if not isinstance(t, dict):
            return str(t)
        args = {k: fill(v) for k, v in t.get("args", {}).items()}
        return re.sub(r"\{(\w+)\}", lambda m: args.get(m.group(1), ""), words[t["key"]])
    return fill(line)


def lines(state, events, viewer=0):
    return {lang: [said(state.describe_event(e, viewer, state.num_players), lang) for e in events]
            for lang in ("en", "ja")}


def test_the_log_says_each_declaration_with_its_fee_and_who_plays_for_what():
    s = new(3, dealer=0, hands={1: ["2D", "3D", "4D", "5D", "6D"], 0: ["AS", "KS", "QS", "JS", "TS"]}, turnup="2S")
    said_ = lines(s, declare(s, "in", "out", "in"))
    assert said_["en"] == ["Bot 1: plays.", "Bot 2: drops and pays 5.", "you: plays.",
                           "Playing: you, Bot 1. The pot is 10, 2 a trick; Bot 1 leads."]
    assert said_["ja"] == ["ボット1：出る。", "ボット2：降りる（降り賃5枚）。", "あなた：出る。",
                           "参加：あなた、ボット1。ポット10枚、1トリック2枚。ボット1がリードします。"]


def test_the_log_names_every_card_of_a_trick_a_loo_and_the_looed_players_at_the_deal_s_end():
    s = new(3, dealer=0, hands={1: ["2D", "3D", "4D", "5D", "6D"], 0: ["AS", "KS", "QS", "JS", "TS"]}, turnup="2S")
    declare(s, "in", "out", "in")
    events = play_out(s)
    first_trick = next(e for e in events if e["type"] == "trick")
    wanted = [first_trick] + [e for e in events if e["type"] in ("loo", "deal_end", "deal_start")]
    said_ = lines(s, wanted)
    assert said_["en"] == ["Trick 1: you win 2 with a trump (Bot 1 6D, you AS).",
                           "Bot 1 took no trick: looed, pays 10 into the next pot.",
                           "Deal 1 over. Looed: Bot 1. The next pot starts at 10.",
                           "Deal 2: Bot 1 deals; 3H is turned for trumps."]
    assert said_["ja"] == ["第1トリック：あなたが切り札で勝ち、2枚を取りました（ボット1 6D、あなた AS）。",
                           "ボット1は1トリックも取れずルー：10枚を次のポットに払います。",
                           "第1ディール終了。ルー：ボット1。次のポットは10枚から。",
                           "第2ディール：ディーラーはボット1。切り札表示は3H。"]
    # the looed player reads its own name as "you"
    assert said(s.describe_event(wanted[2], 1, 3), "en") == "Deal 1 over. Looed: you. The next pot starts at 10."


def test_a_deal_without_a_loo_says_nobody_was_looed_and_the_end_names_the_winners():
    s = games.get("japanese_loo").new_game(seed=1, options={"players": 3})
    end = {"type": "deal_end", "deal": 3, "looed": [], "pot": 0, "chips": [100, 100, 100]}
    assert said(s.describe_event(end, 0, 3), "en") == "Deal 3 over. Looed: nobody. The next pot starts at 0."
    assert said(s.describe_event(end, 0, 3), "ja") == "第3ディール終了。ルー：なし。次のポットは0枚から。"
    over = {"type": "game_over", "winners": [0, 2], "chips": [120, 60, 120]}
    assert said(s.describe_event(over, 2, 3), "en") == "Game over. Most chips: Bot 0, you."
    assert said(s.describe_event(over, 0, 3), "ja") == "ゲーム終了。最多チップ：あなた、ボット2。"
