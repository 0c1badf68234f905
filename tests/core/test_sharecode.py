"""Share codes: short, exact replays; damaged or tampered codes refused clearly."""

import pytest

from cardtable.session import SaveError, Session
from tests.support.state_checks import played


@pytest.mark.parametrize("game, options", [("le_truc", None), ("le_truc", {"target": 10, "scoring": "bankroll"}),
                                           ("tressette", None), ("tressette", {"show_draws": False}),
                                           ("oneonta_whist", None), ("oneonta_whist", {"joker_anytime": True}),
                                           ("japanese_loo", {"players": 7})])
def test_a_code_replays_the_game_exactly(game, options):
    s = played(game, 1234, 45, options)
    code = s.share_code()
    assert len(code) < 160  # 45 moves, options included
    t, rest = Session.from_share_code(code)
    assert rest == [] and t.actions == s.actions and t.options == s.options and t.level == s.level
    assert t.state.view(0) == s.state.view(0)


def test_a_demo_stops_at_a_move_and_keeps_the_rest():
    s = played("tressette", 7, 30)
    t, rest = Session.from_share_code(s.share_code(), stop=10)
    assert t.actions == s.actions[:10] and rest == s.actions[10:]
    for action in rest:
        t.apply_recorded(action)
    assert t.state.view(0) == s.state.view(0)


@pytest.mark.parametrize("mangle, message", [
    (lambda c: c[:-3], "cut short|damaged"),
    (lambda c: c[:10] + ("A" if c[10] != "A" else "B") + c[11:], "damaged"),
    (lambda c: "hello world", "not a Card Table share code|damaged|cut short"),
    (lambda c: "", "not a Card Table share code"),
    (lambda c: "<script>alert(1)</script>", "not a Card Table share code|damaged|cut short"),
])
def test_damaged_codes_are_refused_clearly(mangle, message):
    code = played("le_truc", 5, 12).share_code()
    with pytest.raises(SaveError, match=message):
        Session.from_share_code(mangle(code))


def test_a_code_with_a_move_that_does_not_replay_is_refused():
    import base64
    import zlib
    code = played("le_truc", 5, 12).share_code()
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    body = data[:-4]
    body[-1] = 200  # an index far beyond the legal actions, with a valid checksum
    forged = bytes(body) + zlib.crc32(bytes(body)).to_bytes(4, "big")
    with pytest.raises(SaveError, match="does not replay"):
        Session.from_share_code(base64.urlsafe_b64encode(forged).decode().rstrip("="))


def test_every_game_has_its_own_number_and_the_published_ones_never_change():
    from cardtable import games
    numbers = {name: games.get(name).number for name in games.names()}
    assert sorted(numbers.values()) == list(range(len(numbers)))  # one each, none skipped
    # a share code names its game by number: the codes already shared keep their games
    published = {"le_truc": 0, "tressette": 1, "brazilian_truco": 2, "japanese_loo": 3, "toepen": 4,
                 "oneonta_whist": 5}
    assert {name: numbers[name] for name in published} == published
    assert [games.numbered(n) for n in range(len(numbers))] == games.names() and games.numbered(99) is None
    assert {name: games.get(name).share_version for name in games.names()} == {
        name: 2 if name == "toepen" else 1 for name in games.names()}


def test_a_toepen_code_from_before_the_secret_announcements_is_refused_by_name():
    import base64
    import zlib
    code = played("toepen", 5, 12).share_code()
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    assert data[0] == 2  # Toepen's codes carry their own version
    body = data[:-4]
    body[0] = 1  # as the codes made before the change were
    old = base64.urlsafe_b64encode(bytes(body) + zlib.crc32(bytes(body)).to_bytes(4, "big")).decode().rstrip("=")
    with pytest.raises(SaveError, match="earlier version of the game's rules"):
        Session.from_share_code(old)
    assert Session.from_share_code(code)[0].save() == played("toepen", 5, 12).save()
