"""The First Player and Swap spots (checklist sections RV-FIRST and RV-SWAP, with the ruling
RV-RULING-08: a swap never settles a pioneer).

Tiles (data/tiles.toml): T01-T04 forest with 1 wood symbol; T10 forest with 2 warehouses;
T13 mountains with 1 stone; T25 badlands with 1 clay; T37-T41 desert with 2 warehouses.
River spaces run 1-4 left to right on row 1, 5-8 right to left on row 2, 9-12 left to right on
row 3, so column 1 holds spaces 1, 8, 9 and column 2 holds spaces 2, 7, 10. The placeholder
board prints wood on space 2, warehouses on 3, 5, 8 and 10, stone on 4 and clay on 6; spaces 4,
6, 8 and 10 are framed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import position, seat_view, toml_value

PLAIN_TILES = "T14 T15 T16 T26 T27 T28 T17 T18 T19"  # tiles without meadow effects


def build(players: int, seats: tuple[dict[str, Any], ...] = (), **top: Any) -> upriver.Game:
    lines = [f"players = {players}"]
    top.setdefault("terrain_display", " ".join(PLAIN_TILES.split()[: 2 * players + 1]))
    top.setdefault("building_display", ["B31", "B32", "B33", "B30"][: 3 if players == 2 else 4])
    for key, value in top.items():
        lines.append(f"{key} = {json.dumps(value)}")
    for seat in seats:
        lines.append("[[seat]]")
        lines += [f"{key} = {toml_value(value)}" for key, value in seat.items()]
    return position("\n".join(lines))


def pioneers(boat: int) -> dict[str, Any]:
    """A seat without tokens with ``boat`` pioneers still to place this round."""
    return {"boat": boat, "on_board": 4 - boat}


def claim_any(g: upriver.Game) -> None:
    g.play(next(a for a in g.legal_actions() if a.startswith("claim")))


def play_swap(g: upriver.Game, a: int, b: int) -> None:
    g.play("swap two tiles")
    g.play(f"swap: space {a}")
    g.play(f"swap space {a} with space {b}")


def tiles(g: upriver.Game, seat: int = 0) -> list[str | None]:
    return [None if space["tile"] is None else space["tile"]["id"]
            for space in seat_view(g, seat)["river"]]


# --------------------------------------------------------------------------------------------
# Take the first player pawn (RV-FIRST-01..04)
# --------------------------------------------------------------------------------------------


def test_taking_the_pawn_starts_the_next_round() -> None:
    """RV-FIRST-01: the player takes the first player pawn and starts the next round."""
    g = build(3, (pioneers(1), pioneers(1), pioneers(1)), first_player=0)
    claim_any(g)
    assert g.to_move == 1
    g.play("take the first player pawn")
    assert g.view(None)["first_player"] == 1
    assert g.view(None)["spots"]["first player"] == 1
    claim_any(g)  # seat 2, the last pioneer of the round
    assert g.view(None)["round"] == 2
    assert g.to_move == 1


def test_the_pawn_holder_may_take_the_spot_and_block_it() -> None:
    """RV-FIRST-02: the player holding the pawn may still use the spot: they keep the pawn and
    the spot is closed to the others for the round."""
    g = build(2, (pioneers(2), pioneers(2)), first_player=0)
    assert "take the first player pawn" in g.legal_actions()
    g.play("take the first player pawn")
    assert g.view(None)["first_player"] == 0
    assert g.to_move == 1
    assert "take the first player pawn" not in g.legal_actions()
    with pytest.raises(upriver.IllegalAction):
        g.play("take the first player pawn")
    claim_any(g)
    claim_any(g)
    claim_any(g)
    assert g.view(None)["round"] == 2
    assert g.to_move == 0


def test_the_pawn_stays_put_when_nobody_takes_the_spot() -> None:
    """RV-FIRST-03: if no pioneer goes to the First Player spot during a round, the pawn stays
    with its holder, who starts the next round again."""
    g = build(3, (pioneers(1), pioneers(1), pioneers(1)), first_player=2)
    assert g.to_move == 2
    for _ in range(3):
        claim_any(g)
    assert g.view(None)["round"] == 2
    assert g.view(None)["first_player"] == 2
    assert g.to_move == 2


def test_taking_the_pawn_leaves_this_rounds_order_unchanged() -> None:
    """RV-FIRST-04: taking the pawn changes nothing in the round in progress: turns still pass
    clockwise from where they are (seat 1 takes it, then 2, 3, 0, 1, 2, 3 play), and only the
    next round starts with the new holder."""
    g = build(4, tuple(pioneers(2) for _ in range(4)), first_player=0)
    claim_any(g)
    assert g.to_move == 1
    g.play("take the first player pawn")
    order = []
    while g.view(None)["round"] == 1:
        order.append(g.to_move)
        claim_any(g)
    assert order == [2, 3, 0, 1, 2, 3]
    assert g.to_move == 1


# --------------------------------------------------------------------------------------------
# Swap terrain tiles (RV-SWAP-01..04)
# --------------------------------------------------------------------------------------------


def test_swap_exchanges_two_placed_tiles() -> None:
    """RV-SWAP-01: the player exchanges the places of two tiles on their own board; only
    spaces holding a tile can be chosen, never an empty space."""
    g = build(2, ({"river": ["T01", "T13", "T25"]}, {"river": ["T37", "T38", "T39", "T40"]}))
    g.play("swap two tiles")
    assert g.legal_actions() == ["swap: space 1", "swap: space 2", "swap: space 3"]
    g.play("swap: space 1")
    assert g.legal_actions() == ["swap space 1 with space 2", "swap space 1 with space 3"]
    g.play("swap space 1 with space 3")
    assert tiles(g) == ["T25", "T13", "T01"] + [None] * 9
    assert tiles(g, 1) == ["T37", "T38", "T39", "T40"] + [None] * 8
    assert g.to_move == 1


def test_stored_resources_travel_with_swapped_tiles() -> None:
    """RV-SWAP-02: resources stored on the swapped tiles stay in their warehouses and move with
    them: the player keeps every resource, nothing returns to an island and no storing
    decision follows."""
    g = build(2, ({"river": ["T37", "T01", "T10"], "resources": "wood stone clay food food"},
                  pioneers(2)))
    before = (seat_view(g, 0)["resources"], g.view(None)["islands"], seat_view(g, 0)["warehouses"])
    play_swap(g, 1, 3)
    assert tiles(g)[:3] == ["T10", "T01", "T37"]
    after = (seat_view(g, 0)["resources"], g.view(None)["islands"], seat_view(g, 0)["warehouses"])
    assert after == before
    assert g.to_move == 1
    assert g.view(1)["step"] == "trade or place a pioneer"


def test_each_stored_resource_moves_with_its_own_tile() -> None:
    """RV-SWAP-02: the resources on each swapped tile stay in that tile's warehouses: after the
    swap they sit on the space the tile moved to, and nothing else moves."""
    g = build(2, ({"river": ["T37", "T01", "T10"],
                   "stored": {"1": "wood stone", "3": "clay", "5": "food"}}, pioneers(2)))
    play_swap(g, 1, 3)
    stored = {c["space"]: c["stored"] for c in seat_view(g, 0)["river"] if c["stored"]}
    assert stored == {3: {"wood": 1, "stone": 1}, 1: {"clay": 1}, 5: {"food": 1}}
    river = seat_view(g, 0)["river"]
    assert (river[0]["tile"]["id"], river[2]["tile"]["id"]) == ("T10", "T37")
    assert g.to_move == 1


def test_swap_changes_only_rows_and_columns() -> None:
    """RV-SWAP-03: production and storage stay the same after a swap and the printed symbols
    under the tiles stay covered; only the tiles' positions change, which changes the column
    bonus (moving forest T02 from space 7 to space 8 pairs it with forest T01 in column 1)."""
    river = ["T01", "T37", "T38", "T39", "T40", "T41", "T02", "T13"]
    g = build(2, ({"river": river}, pioneers(2)))
    me = seat_view(g, 0)
    assert (me["production"], me["warehouses"]) == ({"wood": 2, "stone": 1, "clay": 0}, 11)
    assert me["columns"] == 4  # columns 3 and 4 each pair two deserts
    play_swap(g, 7, 8)
    me = seat_view(g, 0)
    assert tiles(g)[6:8] == ["T13", "T02"]
    assert (me["production"], me["warehouses"]) == ({"wood": 2, "stone": 1, "clay": 0}, 11)
    assert me["columns"] == 6
    where = {s["tile"]["id"]: s["column"] for s in me["river"] if s["tile"]}
    assert (where["T02"], where["T13"]) == (1, 2)


def test_swap_needs_two_tiles() -> None:
    """RV-SWAP-04: swapping needs at least 2 tiles on the player's board: a player with one tile
    cannot use the Swap spot, a player with two can."""
    one = build(2, ({"river": ["T01"]}, pioneers(2)))
    assert "swap two tiles" not in one.legal_actions()
    with pytest.raises(upriver.IllegalAction):
        one.play("swap two tiles")
    two = build(2, ({"river": ["T01", "T13"]}, pioneers(2)))
    assert "swap two tiles" in two.legal_actions()
    play_swap(two, 1, 2)
    assert tiles(two)[:2] == ["T13", "T01"]


def test_a_swap_never_settles_a_pioneer() -> None:
    """RV-RULING-08: a swap covers no new space, so it settles no pioneer, even when it moves a
    tile onto or off a framed space (space 4) in the round."""
    g = build(2, ({"river": ["T01", "T13", "T25", "T37"], "boat": 1, "on_board": 3},
                  pioneers(0)))
    play_swap(g, 1, 4)
    assert tiles(g)[:4] == ["T37", "T13", "T25", "T01"]
    assert g.view(None)["round"] == 2
    me = seat_view(g, 0)
    assert me["settled"] == 0
    assert me["boat"] == 4
