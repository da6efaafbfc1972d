"""Rule tests for claiming terrain tiles (RV-TERRAIN-01..08) and the meadow rulings on placing
(RV-RULING-06, the swap half of RV-RULING-07).

Printed board (every colour, placeholder): wood on space 2, warehouse on 3, stone on 4, warehouse
on 5, clay on 6, warehouses on 8 and 10.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import upriver
from tests.the_river.helpers import play, position, seat_view, store_anywhere
from upriver.games.the_river.components import DATA

COURSE = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (2, 3), (2, 2), (2, 1), (3, 1), (3, 2), (3, 3),
          (3, 4)]
NOTHING = {"wood": 0, "stone": 0, "clay": 0, "food": 0}


def tiles_on(game: upriver.Game, seat: int) -> list[str | None]:
    return [s["tile"]["id"] if s["tile"] else None for s in seat_view(game, seat)["river"]]


def test_claim_any_face_up_tile_and_only_with_a_tile_on_the_island() -> None:
    """RV-TERRAIN-01: the player chooses any one of the face-up tiles on the terrain island; the
    action needs at least one tile there."""
    game = position("""
players = 2
terrain_display = "T01 T20 T33 T45 T50"
""")
    claims = [a for a in game.legal_actions() if a.startswith("claim ")]
    assert claims == ["claim T01", "claim T20", "claim T33", "claim T45", "claim T50"]
    play(game, "claim T45")  # not the first one: any tile
    assert tiles_on(game, 0)[0] == "T45"
    assert [t["id"] for t in game.view(0)["terrain_display"]] == ["T01", "T20", "T33", "T50"]
    game = position("""
players = 2
terrain_display = ""
""")
    assert not [a for a in game.legal_actions() if a.startswith("claim ")]
    with pytest.raises(upriver.IllegalAction):
        game.play("claim T01")


def test_tile_goes_on_the_first_empty_space_along_the_river() -> None:
    """RV-TERRAIN-02: the tile goes on the first empty space along the river, counted from space 1;
    the player does not choose the space."""
    game = position("""
players = 2
terrain_display = "T01 T02 T03"
[[seat]]
river = ["T37", "T38", "T39"]
""")
    assert [a for a in game.legal_actions() if a.startswith("claim ")] == [
        "claim T01", "claim T02", "claim T03"]  # one action per tile, none per space
    play(game, "claim T02")
    assert tiles_on(game, 0) == ["T37", "T38", "T39", "T02", *[None] * 8]
    play(game, "claim T01")  # seat 1, empty board: space 1
    assert tiles_on(game, 1) == ["T01", *[None] * 11]


def test_river_runs_right_then_left_then_right() -> None:
    """RV-TERRAIN-03: the river runs along row 1 left to right (spaces 1-4), row 2 right to left
    (5-8) and row 3 left to right (9-12)."""
    river = ["T01", "T02", "T03", "T04", "T13", "T14", "T15", "T16", "T25", "T26", "T27", "T28"]
    game = position(f"""
players = 2
[[seat]]
river = {river}
""")
    cells = [(s["row"], s["column"]) for s in seat_view(game, 0)["river"]]
    assert cells == COURSE
    # the 5th tile claimed lands under the 4th, at the right-hand end of row 2
    game = position("""
players = 2
terrain_display = "T05"
[[seat]]
river = ["T37", "T38", "T39", "T40"]
""")
    play(game, "claim T05")
    placed = seat_view(game, 0)["river"][4]
    assert placed["tile"]["id"] == "T05" and (placed["row"], placed["column"]) == (2, 4)


def test_printed_symbols_under_a_new_tile_stop_counting() -> None:
    """RV-TERRAIN-04: printed production and warehouse symbols under the new tile stop counting for
    the rest of the game."""
    game = position("""
players = 2
terrain_display = "T13 T34 T14 T15"
[[seat]]
river = ["T37"]
""")
    me = seat_view(game, 0)
    assert me["production"] == {"wood": 1, "stone": 1, "clay": 1}
    assert me["warehouses"] == 2 + 4
    play(game, "claim T13")  # covers the printed wood of space 2
    me = seat_view(game, 0)
    assert me["production"] == {"wood": 0, "stone": 2, "clay": 1}
    assert me["warehouses"] == 6
    play(game, "claim T14")  # seat 1
    play(game, "claim T34")  # covers the printed warehouse of space 3 (T34: 2 warehouses)
    me = seat_view(game, 0)
    assert me["warehouses"] == 2 + 2 + 3  # T37, T34 and the printed 5, 8, 10
    play(game, "claim T15")  # seat 1
    # still lost after a swap moves the tiles around: the spaces stay covered
    play(game, "swap two tiles", "swap: space 2", "swap space 2 with space 3")
    me = seat_view(game, 0)
    assert tiles_on(game, 0)[:3] == ["T37", "T34", "T13"]
    assert me["production"] == {"wood": 0, "stone": 2, "clay": 1}
    assert me["warehouses"] == 7


def stored_on(game: upriver.Game, seat: int) -> dict[int, dict[str, int]]:
    """Per river space (1..12), the resources stored there."""
    return {c["space"]: c["stored"] for c in seat_view(game, seat)["river"] if c["stored"]}


def test_resources_on_a_covered_warehouse_move_to_a_free_one_even_on_the_new_tile() -> None:
    """RV-TERRAIN-05: resources on a covered printed warehouse may move to any free warehouse on
    the board, including those on the tile just placed; with one free warehouse it goes there
    at once, with several the player chooses."""
    # every warehouse full (printed 3, 5, 8, 10): the food on space 3 moves onto T05 itself
    game = position("""
players = 2
terrain_display = "T05 T06"
[[seat]]
river = ["T01", "T02"]
stored = { "3" = "food", "5" = "clay", "8" = "stone", "10" = "wood" }
""")
    play(game, "claim T05")
    assert stored_on(game, 0) == {3: {"food": 1}, 5: {"clay": 1}, 8: {"stone": 1},
                                  10: {"wood": 1}}
    assert seat_view(game, 0)["river"][2]["tile"]["id"] == "T05"
    assert game.to_move == 1  # nothing to decide: one place had room
    # room on T37, on T05 and on the printed 8 and 10: the player picks where the clay goes
    game = position("""
players = 2
terrain_display = "T05 T06"
[[seat]]
river = ["T37", "T01"]
stored = { "1" = "wood", "3" = "clay", "5" = "stone" }
""")
    islands = game.view(0)["islands"]
    play(game, "claim T05")
    view = game.view(0)
    assert view["step"] == "move covered resources" and game.to_move == 0
    assert view["covered"] == {"wood": 0, "stone": 0, "clay": 1, "food": 0}
    assert sorted(game.legal_actions()) == [
        "store clay on a tile", "store clay on space 10", "store clay on space 8"]
    play(game, "store clay on space 10")
    assert stored_on(game, 0) == {1: {"wood": 1}, 5: {"stone": 1}, 10: {"clay": 1}}
    assert game.view(0)["islands"] == islands
    assert game.to_move == 1


def test_covered_resources_without_room_go_back_to_their_islands() -> None:
    """RV-TERRAIN-06: covered resources that cannot move for lack of room go back to their own
    islands; only they can be lost: no other stored resource may be sent back to make room."""
    game = position("""
players = 2
terrain_display = "T13 T14"
[[seat]]
river = ["T01", "T02"]
stored = { "3" = "food", "5" = "clay", "8" = "stone", "10" = "wood" }
""")
    play(game, "claim T13")  # no warehouse on T13: the food has nowhere to go
    assert game.to_move == 1  # lost at once: nothing else could be chosen
    assert stored_on(game, 0) == {5: {"clay": 1}, 8: {"stone": 1}, 10: {"wood": 1}}
    assert game.view(0)["islands"]["food"] == 4
    assert seat_view(game, 0)["warehouses"] == 3


def test_covered_resources_of_two_kinds_the_player_chooses_which_are_lost(
        tmp_path: Path) -> None:
    """RV-TERRAIN-06, RV-TERRAIN-05: when covered resources of several kinds do not all fit, the
    player chooses which covered ones are lost (and only among them); the rest move."""
    boards = (DATA / "boards.toml").read_text().replace(
        '["wood"], ["warehouse"], ["stone"]', '["wood"], ["warehouse", "warehouse"], ["stone"]')
    path = tmp_path / "boards.toml"
    path.write_text(boards)
    game = position(f"""
players = 2
terrain_display = "T05 T06"
[options]
components = "{path}"
[[seat]]
river = ["T01", "T02"]
stored = {{ "3" = "wood clay", "5" = "stone", "8" = "stone", "10" = "food" }}
""")
    play(game, "claim T05")  # T05 has 1 warehouse for the 2 covered resources
    assert game.view(0)["step"] == "move covered resources"
    assert sorted(game.legal_actions()) == ["lose covered clay", "lose covered wood"]
    play(game, "lose covered clay")
    assert stored_on(game, 0) == {3: {"wood": 1}, 5: {"stone": 1}, 8: {"stone": 1},
                                  10: {"food": 1}}
    assert game.view(0)["islands"]["clay"] == 8
    assert game.to_move == 1


def test_covering_is_resolved_before_a_meadows_gain() -> None:
    """RV-TERRAIN-06, RV-RULING-06: a meadow claimed onto a full printed warehouse first loses
    the covered resource (it has nowhere to go), then gives its 2 food, stored by the normal
    rules (RV-PRODUCE-07, -08: forfeit them or return stored ones)."""
    game = position("""
players = 2
terrain_display = "T60 T06"
[[seat]]
river = ["T01", "T02"]
stored = { "3" = "clay", "5" = "clay", "8" = "stone", "10" = "wood" }
""")
    play(game, "claim T60")
    view = game.view(0)
    assert view["islands"]["clay"] == 8 - 2 + 1  # the covered clay is back on its island
    assert view["pending"]["food"] == 2 and view["step"] == "store resources"
    assert sorted(game.legal_actions()) == [
        "forfeit food", "return stored clay from space 5", "return stored stone from space 8",
        "return stored wood from space 10"]
    play(game, "return stored clay from space 5", "forfeit food")
    assert stored_on(game, 0) == {5: {"food": 1}, 8: {"stone": 1}, 10: {"wood": 1}}


def test_at_most_two_claims_per_round() -> None:
    """RV-TERRAIN-07: a player may claim at most 2 tiles per round."""
    game = position("""
players = 2
terrain_display = "T01 T02 T03 T04 T13"
[[seat]]
claims = 1
on_board = 1
""")
    assert "claim T01" in game.legal_actions()
    play(game, "claim T01")
    assert seat_view(game, 0)["claims_this_round"] == 2
    play(game, "claim T02")  # seat 1
    assert not [a for a in game.legal_actions() if a.startswith("claim ")]
    assert seat_view(game, 0)["boat"] == 2
    with pytest.raises(upriver.IllegalAction):
        game.play("claim T03")


def test_no_claim_with_twelve_tiles_on_the_board() -> None:
    """RV-TERRAIN-08: a player whose board holds 12 tiles (the starting tile included) may not
    claim; with 11 the 12th may be claimed."""
    full = ["T01", "T02", "T03", "T04", "T13", "T14", "T15", "T16", "T25", "T26", "T27", "T28"]
    game = position(f"""
players = 2
terrain_display = "T05 T06"
[[seat]]
river = {full}
""")
    assert not [a for a in game.legal_actions() if a.startswith("claim ")]
    game = position(f"""
players = 2
terrain_display = "T05 T06"
[[seat]]
river = {full[:11]}
""")
    play(game, "claim T06")
    assert tiles_on(game, 0)[11] == "T06"


def test_immediate_meadow_effect_happens_within_the_claim() -> None:
    """RV-RULING-06: an immediate meadow effect happens as the tile is placed, within the claim
    action (before the turn passes); kept effects become counters at once."""
    game = position("""
players = 3
terrain_display = "T60 T62 T63 T64 T01 T02"
[[seat]]
river = ["T37"]
[[seat]]
river = ["T38"]
""")
    play(game, "claim T60")
    assert game.view(0)["pending"]["food"] == 2  # taken with the claim, now to be stored
    store_anywhere(game)
    assert seat_view(game, 0)["resources"] == {**NOTHING, "food": 2}
    assert game.view(0)["islands"]["food"] == 6 - 2
    assert game.to_move == 1  # the claim, food included, was one turn
    play(game, "claim T62")
    assert game.to_move == 1 and game.view(0)["step"] == "choose resources"
    play(game, "meadow: take stone")
    assert game.to_move == 1
    store_anywhere(play(game, "meadow: take stone"))
    assert seat_view(game, 1)["resources"] == {**NOTHING, "stone": 2}
    assert game.to_move == 2
    play(game, "claim T63")
    assert seat_view(game, 2)["meadow_discounts"] == 1
    play(game, "claim T64")  # seat 0
    assert seat_view(game, 0)["extra_claims"] == 1


def test_a_swap_never_triggers_a_meadow_again() -> None:
    """RV-RULING-07 (swap half): moving a meadow by a swap does not trigger its immediate effect
    again."""
    game = position("""
players = 2
[[seat]]
river = ["T60", "T62", "T37"]
resources = "food food"
""")
    before = game.view(0)["islands"]
    play(game, "swap two tiles", "swap: space 1", "swap space 1 with space 2")
    assert tiles_on(game, 0)[:3] == ["T62", "T60", "T37"]
    assert game.to_move == 1  # no choice of resources was asked
    assert seat_view(game, 0)["resources"] == {**NOTHING, "food": 2}
    assert game.view(0)["islands"] == before


def test_food_from_a_meadow_and_food_from_the_island_are_two_decisions_with_two_texts() -> None:
    """RV-RULING-05, RV-PRODUCE-11: taking food at the food island (a pioneer's action) and
    taking it as one of a "two resources" meadow's gains are different decisions, so they have
    different texts: the meadow's step offers "meadow: take food", never the island's "take
    food", and the island's text is never offered outside a turn's action."""
    game = position("""
players = 3
terrain_display = "T62 T60 T63 T64 T01 T02"
[[seat]]
river = ["T37"]
""")
    assert "take food" in game.legal_actions()
    assert not any(a.startswith("meadow: ") for a in game.legal_actions())
    play(game, "claim T62")
    assert game.view(0)["step"] == "choose resources"
    choices = game.legal_actions()
    assert "meadow: take food" in choices and "take food" not in choices
    store_anywhere(play(game, "meadow: take food", "meadow: take food"))
    assert seat_view(game, 0)["resources"] == {**NOTHING, "food": 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_visible_symbols_kept_as_tiles_come_equal_a_count_of_the_board(players: int) -> None:
    """RV-TERRAIN-04, RV-PRODUCE-01: the warehouses and production symbols a seat has (kept up
    to date as each tile covers its space) are always those a count of its board finds: tiles'
    symbols, and printed ones on the spaces no tile covers. Random games, after every decision."""
    import random

    for seed in range(3):
        game = upriver.new_game("the-river", players=players, seed=seed)
        rng = random.Random(seed)
        st = game.state
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            kept = (st.cap[:], st.prod[:])
            for s in range(players):
                st.refresh_board(s)
            assert (st.cap, st.prod) == kept
