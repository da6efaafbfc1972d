"""Readable Wayfarers positions (``upriver.from_position``)."""

from __future__ import annotations

import json
import random
from typing import Any

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


SOLO = '''
players = 1
seed = 2
end_triggered_by = 1
[options]
ai_board = "mayor"
[influence]
L01 = 1
[display]
land = ["L01", "L02", "L03", "L04"]
[[seat]]
board = 1
[opponent]
track = 3
comet = 2
schemes_up = ["blue-2", "red-1"]
journal = 100
guilds = { black = 1, yellow = 2, blue = 1 }
workers = { green = 1, yellow = 0, blue = 1 }
cards = ["T05", "S20", "L12"]
caravan = ["basic-camel", "land-camel"]
beside = ["water-ship"]
'''


def test_a_solo_position_sets_the_opponent() -> None:
    """A solo position names the AI board (an option) and the opponent's markers, Scheme
    cards, holdings and caravan; its Influence on a card and its end trigger use seat 1."""
    g = upriver.from_position("wayfarers", SOLO)
    o = g.view(0)["opponent"]
    assert o["board"] == "Mayor" and o["resource_track"] == 3 and o["comet_track"] == 2
    assert o["schemes_face_up"] == ["blue-2", "red-1"] and o["scheme_pile"] == 4
    assert o["journal"] == 100 and o["guilds"] == {"black": 1, "yellow": 2, "blue": 1}
    assert o["workers"] == {"green": 1, "yellow": 0, "blue": 1}
    assert o["cards"]["townsfolk"] == ["T05"] and o["cards"]["space"] == ["S20"]
    # The path starts at the bottom-left cell (column + 7 * row: 14), then 15 and 16.
    assert [o["caravan"][c] for c in (14, 15, 16)] == ["basic-camel", "land-camel",
                                                        "land-camel"]
    assert o["beside"] == ["water-ship"]
    assert g.view(0)["rows"]["land"]["slots"][0]["influence"] == 1
    assert g.view(0)["end_triggered_by"] == 1
    # 1 + 2 + 3 + 2 card VP (Townsfolk, Land, Space), the tiles' VP, Guild majorities.
    assert g.opponents()[0]["breakdown"]["cards"] == 1 + 3 + 2
    assert g.to_move == 0


@pytest.mark.parametrize(("change", "error"), [
    ("track = 3", "track = 8"),
    ('schemes_up = ["blue-2", "red-1"]', 'schemes_up = ["blue-2", "blue-2"]'),
    ('schemes_up = ["blue-2", "red-1"]', 'schemes_up = ["blue-1", "blue-2", "blue-3", "red-1", '
                                         '"red-2", "red-3"]'),
    ("journal = 100", "journal = 101"),
    ('cards = ["T05", "S20", "L12"]', 'cards = ["T05", "L01"]'),
    ('beside = ["water-ship"]', 'beside = ["no-such-tile"]'),
    ("board = 1", "board = 3"),
])
def test_a_bad_solo_position_is_refused(change: str, error: str) -> None:
    """Out-of-range markers, a Scheme card named twice or past a Rest, an unknown space, a card
    used twice, an unknown tile, and the human on the AI board's own player board are each
    refused with one line."""
    with pytest.raises(BadPosition):
        upriver.from_position("wayfarers", SOLO.replace(change, error))


def test_an_opponent_table_needs_a_solo_game() -> None:
    with pytest.raises(BadPosition, match="solo"):
        upriver.from_position("wayfarers", POSITION + "[opponent]\ntrack = 1\n")


def test_a_save_from_before_solo_still_loads() -> None:
    """Saves written before the solo game have no ``ai`` or ``schemes`` field; they load as
    a table with no automated opponent and play on as the game they were."""
    g = upriver.new_game("wayfarers", players=2, seed=6)
    for _ in range(5):
        g.play(g.legal_actions()[-1])
    data = json.loads(g.to_json())
    assert data["state"].pop("ai") == [] and data["state"].pop("schemes") == []
    old = upriver.load_game(json.dumps(data))
    assert old.to_json() == g.to_json()
    assert old.legal_actions() == g.legal_actions()


def _turns_to_the_end(g: Any) -> tuple[int, list[int]]:
    """Play at random to the end: the turns taken from here, and the seats whose turns began
    (a solo opponent's turns are played inside its seat's last decision, so only seat 0's)."""
    rng = random.Random(3)
    seats = [g.to_move]
    first = taken = g.turns_taken
    for _ in range(20_000):
        if g.is_over:
            return g.turns_taken - first, seats
        g.play(rng.choice(g.legal_actions()))
        if g.turns_taken != taken and not g.is_over:
            seats.append(g.to_move)
            taken = g.turns_taken
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "trigger", "to_move", "turns"), [
    (2, 0, 1, [1, 0]), (2, 1, 1, [1]), (2, 1, 0, [0, 1]),
    (3, 0, 1, [1, 2, 0]), (3, 2, 0, [0, 1, 2]), (3, 1, 1, [1]),
    (4, 0, 1, [1, 2, 3, 0]), (4, 3, 1, [1, 2, 3]),
    (1, 0, 0, [0]), (1, 1, 0, [0, 1])])
def test_a_position_with_the_end_triggered_plays_the_final_turns_left(
        players: int, trigger: int, to_move: int, turns: list[int]) -> None:
    """WF-END-02 from a position: at the start of ``to_move``'s turn with the end triggered
    (in an earlier turn) by ``trigger``, the final turns are to_move's round to the trigger
    seat's own, then the game is scored (a solo opponent sits as seat 1)."""
    text = (f"players = {players}\nseed = 5\nend_triggered_by = {trigger}\n"
            f"to_move = {to_move}\n")
    if players == 1:
        text += '[options]\nai_board = "mayor"\n'
    g = upriver.from_position("wayfarers", text)
    assert g.view(0)["final_turns_left"] == len(turns)
    taken, seats = _turns_to_the_end(g)
    assert taken == len(turns)
    assert seats == [s for s in turns if s < players]
