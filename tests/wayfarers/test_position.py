"""Readable Wayfarers positions (``upriver.from_position``)."""

from __future__ import annotations

import pytest

import upriver
from upriver.core.errors import BadPosition

POSITION = '''
players = 2
seed = 4
to_move = 1
sides = "aab"
green_workers = [5, 7]
[display]
land = ["L01", "L02", "L03", "L04"]
[influence]
L01 = 1
[workers]
L02 = "green yellow"
[[seat]]
silver = 5
guilds = { black = 2, yellow = 0, blue = 1 }
dice = [2, 5]
placed = ["Capital City", "L05"]
journal = 23
lands = ["L05", "L19"]
waters = ["W03"]
tucked = { L05 = "T23" }
space = { L05 = "S12" }
inspiration = { S12 = "I03", "Capital Sky" = "I07" }
caravan = [ { tile = "land-camel", face = "b", column = 2, row = 1 } ]
'''


def test_a_position_sets_what_it_names() -> None:
    g = upriver.from_position("wayfarers", POSITION)
    v = g.view(0)
    me = v["players"][0]
    assert g.to_move == 1
    assert v["sides"] == ["a", "a", "b"]
    assert v["green_workers"] == [5, 7]
    assert [c["id"] for c in v["rows"]["land"]["slots"]] == ["L01", "L02", "L03", "L04"]
    assert v["rows"]["land"]["slots"][0]["influence"] == 1
    assert v["rows"]["land"]["slots"][1]["workers"] == ["green", "yellow"]
    assert me["silver"] == 5 and me["dice"] == [2, 5] and me["reserve"] == 1
    assert me["guilds"] == {"black": 2, "yellow": 0, "blue": 1}
    assert me["influence"] == 15 - 3  # what the Guilds leave
    assert v["players"][1]["influence"] == 15 - 2 - 1  # two Guilds and the card
    assert me["journal"] == 23
    assert [x["card"]["id"] for x in me["lands"]] == ["L05", "L19"]
    l05 = me["lands"][0]
    assert l05["die"] and l05["townsfolk"] == "T23" and l05["space"] == "S12"
    assert l05["inspiration"] == "I03" and me["sky_inspiration"] == "I07"
    assert me["caravan"][1] == "land-camel:camel" and me["caravan"][2] == "land-camel:down"
    assert me["tags"]["city"] == 2 and me["tags"]["vista"] == 1


def test_a_position_plays_on() -> None:
    g = upriver.from_position("wayfarers", POSITION)
    assert "rest" in g.legal_actions()
    g.play("rest")  # three dice kept: each may be rerolled (WF-TURN-10), then seat 0 moves
    assert g.legal_actions()[-1] == "keep the other dice"
    g.play("keep the other dice")
    assert g.legal_actions() == ["use yellow influence", "end turn"]  # WF-RUL-15
    g.play("end turn")
    assert g.to_move == 0


@pytest.mark.parametrize(("change", "message"), [
    ('lands = ["L05", "L19"]', "used twice"),  # with L05 also put on display below
    ('tucked = { L19 = "T23" }', "can't be tucked"),
    ('caravan = [ { tile = "land-camel", face = "a", column = 6, row = 1 } ]', "can't go"),
    ('journal = 24', "not a Journal space"),
    ('dice = [7]', "1 to 6"),
])
def test_bad_positions_are_refused(change: str, message: str) -> None:
    key = change.split(" = ")[0]
    lines = [ln for ln in POSITION.splitlines() if not ln.startswith(key + " =")]
    text = "\n".join(lines) + "\n" + change + "\n"
    if key == "lands":
        text = text.replace('land = ["L01", "L02", "L03", "L04"]',
                            'land = ["L01", "L02", "L03", "L05"]')
    with pytest.raises(BadPosition, match=message):
        upriver.from_position("wayfarers", text)


def test_unknown_keys_are_refused() -> None:
    with pytest.raises(BadPosition, match="unknown key"):
        upriver.from_position("wayfarers", "players = 2\ncolour = 3\n")
