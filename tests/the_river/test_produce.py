"""Rule tests for producing resources and the food island (RV-PRODUCE-01..12, with the rulebook's
clay example RV-PRODUCE-09) and the storage rulings RV-RULING-13, -14, -15.

Printed board (every colour, placeholder): wood on space 2, warehouse on 3, stone on 4, warehouse
on 5, clay on 6, warehouses on 8 and 10.
"""

from __future__ import annotations

import pytest

import upriver
from tests.the_river.helpers import play, play_from_anywhere, position, seat_view, store_anywhere

KINDS = ("wood", "stone", "clay", "food")
NOTHING = dict.fromkeys(KINDS, 0)
# 10 tiles without a warehouse on spaces 1-10: no warehouse left anywhere on the board
NO_WAREHOUSE = '["T13", "T57", "T58", "T59", "T60", "T61", "T62", "T63", "T64", "T65"]'


def test_produce_as_many_as_visible_symbols_on_tiles_and_uncovered_spaces() -> None:
    """RV-PRODUCE-01: on the wood, stone or clay island the player takes as many resources as their
    board shows visible symbols of that kind, on tiles and on uncovered printed spaces."""
    # 2 players: no first-pioneer extra. T08 (2 wood) on space 1, T05 (wood) covers the printed
    # wood of space 2, T29 (clay) covers the printed warehouse of space 3
    game = position("""
players = 2
[[seat]]
river = ["T08", "T05", "T29"]
[[seat]]
river = ["T37"]
""")
    me = seat_view(game, 0)
    assert me["production"] == {"wood": 3, "stone": 1, "clay": 2}
    store_anywhere(play(game, "produce clay"))  # T29 + the printed clay of space 6
    assert seat_view(game, 0)["resources"] == {**NOTHING, "clay": 2}
    store_anywhere(play(game, "produce wood"))  # seat 1: only the printed wood of space 2
    assert seat_view(game, 1)["resources"] == {**NOTHING, "wood": 1}
    store_anywhere(play(game, "produce stone"))  # seat 0: the printed stone of space 4
    assert seat_view(game, 0)["resources"] == {**NOTHING, "clay": 2, "stone": 1}
    assert game.view(0)["islands"] == {"wood": 7, "stone": 7, "clay": 6, "food": 4}


def test_first_pioneer_on_a_production_island_gets_one_extra_with_three_or_four() -> None:
    """RV-PRODUCE-02: with 3 or 4 players the first pioneer on the wood, stone or clay island in a
    round adds 1; later pioneers add nothing; with 2 players nobody gets it."""
    for players in (3, 4):
        game = position(f"""
players = {players}
[[seat]]
river = ["T37"]
[[seat]]
river = ["T38"]
""")
        store_anywhere(play(game, "produce clay"))
        assert seat_view(game, 0)["resources"]["clay"] == 2  # printed clay + extra
        store_anywhere(play(game, "produce clay"))
        assert seat_view(game, 1)["resources"]["clay"] == 1  # printed clay only
        store_anywhere(play(game, "produce wood"))  # seat 2: first on wood
        assert seat_view(game, 2)["resources"]["wood"] == 2
    game = position("""
players = 2
[[seat]]
river = ["T37"]
""")
    store_anywhere(play(game, "produce clay"))
    assert seat_view(game, 0)["resources"]["clay"] == 1


def test_never_more_than_the_island_holds() -> None:
    """RV-PRODUCE-03: a player never takes more than the island holds; the rest is lost."""
    game = position("""
players = 2
[[seat]]
river = ["T08", "T05"]
[[seat]]
river = ["T43", "T44", "T45"]
resources = "wood wood wood wood wood wood wood"
""")
    assert game.view(0)["islands"]["wood"] == 1
    assert seat_view(game, 0)["production"]["wood"] == 3
    play(game, "produce wood", "store wood on a tile")
    assert seat_view(game, 0)["resources"]["wood"] == 1
    assert game.view(0)["islands"]["wood"] == 0
    assert game.to_move == 1  # nothing more owed


def test_produce_only_when_at_least_one_resource_would_come_the_extra_alone_is_enough() -> None:
    """RV-PRODUCE-04: producing needs at least 1 resource after the stock limit; the first-pioneer
    extra alone is enough, even with no matching symbol."""
    # T13 covers the printed wood of space 2: no wood symbol
    game = position("""
players = 4
[[seat]]
river = ["T37", "T13"]
[[seat]]
river = ["T38", "T14"]
""")
    assert seat_view(game, 0)["production"]["wood"] == 0
    assert "produce wood" in game.legal_actions()
    store_anywhere(play(game, "produce wood"))
    assert seat_view(game, 0)["resources"]["wood"] == 1
    assert "produce wood" not in game.legal_actions()  # seat 1: no symbol, no extra left
    game = position("""
players = 2
[[seat]]
river = ["T37", "T13"]
""")
    assert "produce wood" not in game.legal_actions()  # 2 players: no extra
    # symbols and extra, but an empty island
    game = position("""
players = 4
[[seat]]
river = ["T37"]
[[seat]]
river = ["T43", "T44", "T45"]
resources = "wood wood wood wood wood wood wood wood wood wood wood wood"
""")
    assert game.view(0)["islands"]["wood"] == 0
    assert "produce wood" not in game.legal_actions()
    with pytest.raises(upriver.IllegalAction):
        game.play("produce wood")


def test_each_warehouse_holds_one_and_every_resource_needs_one() -> None:
    """RV-PRODUCE-05: each warehouse, on a tile or an uncovered printed space, holds at most 1
    resource, and every resource a player owns occupies a warehouse."""
    # T10 (2 warehouses) + printed 3, 5, 8, 10: 6 warehouses; T08 over the printed wood: 2 wood
    game = position("""
players = 2
[[seat]]
river = ["T10", "T08"]
resources = "stone clay food food"
[[seat]]
river = ["T37"]
""")
    assert seat_view(game, 0)["warehouses"] == 6
    play(game, "produce wood")  # 2 wood fill the 2 free warehouses: no decision
    assert seat_view(game, 0)["resources"] == {"wood": 2, "stone": 1, "clay": 1, "food": 2}
    assert game.to_move == 1
    store_anywhere(play(game, "take food"))  # seat 1
    play(game, "produce stone")  # seat 0: 1 stone, no room left
    assert game.view(0)["step"] == "store resources"
    play(game, "forfeit stone")
    me = seat_view(game, 0)
    assert sum(me["resources"].values()) == me["warehouses"] == 6


def test_food_occupies_a_warehouse() -> None:
    """RV-PRODUCE-06: food occupies a warehouse like any other resource."""
    game = position("""
players = 2
[[seat]]
resources = "wood stone clay food"
""")
    assert seat_view(game, 0)["warehouses"] == 4
    play(game, "take food")
    assert game.view(0)["step"] == "store resources"
    assert sorted(game.legal_actions()) == [
        "forfeit food", "return stored clay from space 5", "return stored stone from space 8",
        "return stored wood from space 10"]
    play(game, "return stored wood from space 10")
    assert seat_view(game, 0)["resources"] == {"wood": 0, "stone": 1, "clay": 1, "food": 2}


def test_overflowing_resources_may_be_forfeited_and_stay_on_their_island() -> None:
    """RV-PRODUCE-07: when the new resources do not all fit, the player may forfeit some; they stay
    on their island."""
    game = position("""
players = 3
[[seat]]
river = ["T08", "T09"]
resources = "stone stone clay"
""")
    # T08 + T09: 4 wood, + the extra = 5 owed; 4 warehouses, 3 full
    play(game, "produce wood")
    assert game.view(0)["step"] == "store resources"
    assert game.view(0)["islands"]["wood"] == 10 - 5
    for island in (6, 7, 8, 9):
        play(game, "forfeit wood")
        assert game.view(0)["islands"]["wood"] == island  # each forfeited wood stays there
    assert seat_view(game, 0)["resources"] == {"wood": 1, "stone": 2, "clay": 1, "food": 0}
    assert game.view(0)["islands"]["wood"] == 10 - 1
    assert game.to_move == 1


def test_overflow_may_send_stored_resources_back_to_their_islands() -> None:
    """RV-PRODUCE-08: when the new resources do not fit, the player may instead send stored
    resources back to their own islands to free warehouses."""
    game = position("""
players = 3
[[seat]]
river = ["T08", "T09"]
resources = "stone stone clay"
""")
    # the stones sit on spaces 10 and 8, the clay on 5 (the empty board's last spaces first)
    play(game, "produce wood")
    assert sorted(a for a in game.legal_actions() if a.startswith("return")) == [
        "return stored clay from space 5", "return stored stone from space 10",
        "return stored stone from space 8"]
    play(game, "return stored stone from space 8", "return stored clay from space 5",
         "return stored stone from space 10")
    assert game.view(0)["step"] == "store resources"  # 5 wood, 4 warehouses: still one over
    play(game, "forfeit wood")
    assert seat_view(game, 0)["resources"] == {**NOTHING, "wood": 4}
    assert game.view(0)["islands"] == {"wood": 6, "stone": 10, "clay": 10, "food": 6}


def _clay_example() -> upriver.Game:
    # 4 players. T32 (2 clay) on space 1, T02 (wood) over the printed wood of space 2, and the
    # printed clay of space 6: 3 clay symbols. Warehouses: the printed 3, 5, 8, 10 (4), 1 stone.
    game = position("""
players = 4
[[seat]]
river = ["T32", "T02"]
resources = "stone"
""")
    me = seat_view(game, 0)
    assert me["production"]["clay"] == 3
    assert me["warehouses"] - sum(me["resources"].values()) == 3
    play(game, "produce clay")
    assert game.view(0)["spots"]["clay 1"] == 0  # the first pioneer on the clay island
    assert game.view(0)["pending"]["clay"] == 4  # owed: 3 symbols + the extra
    assert game.view(0)["step"] == "store resources"
    assert sorted(game.legal_actions()) == ["forfeit clay", "return stored stone from space 10"]
    return game


def test_rulebook_clay_example() -> None:
    """RV-PRODUCE-09: 4 players, 3 visible clay symbols, first on the clay island: 4 clay owed;
    with 3 free warehouses and a stored stone, keep 3 clay (1 stays on the island) or return the
    stone and keep all 4."""
    game = _clay_example()
    play(game, "forfeit clay")
    assert seat_view(game, 0)["resources"] == {**NOTHING, "stone": 1, "clay": 3}
    assert game.view(0)["islands"] == {"wood": 12, "stone": 11, "clay": 12 - 3, "food": 8}
    assert game.to_move == 1

    game = _clay_example()
    play_from_anywhere(game, "return stored stone")
    assert seat_view(game, 0)["resources"] == {**NOTHING, "clay": 4}
    assert game.view(0)["islands"] == {"wood": 12, "stone": 12, "clay": 12 - 4, "food": 8}
    assert game.to_move == 1


def test_food_stands_in_for_one_wood_stone_or_clay() -> None:
    """RV-PRODUCE-10: food is wild: one food stands in for one wood, one stone or one clay."""
    game = position("""
players = 2
building_display = ["B01", "B04", "B06"]
[[seat]]
resources = "wood food"
""")
    legal = game.legal_actions()
    assert "construct B01" in legal  # wood + stone: the food pays the stone
    assert "construct B04" in legal  # 2 wood: the food pays a wood
    assert "construct B06" not in legal  # 2 clay: one food is one clay only
    play(game, "construct B01")
    assert "pay food for stone from space 8" in game.legal_actions()
    play_from_anywhere(game, "pay wood", "pay food for stone")
    assert seat_view(game, 0)["built"] == ["B01"]
    assert seat_view(game, 0)["resources"] == NOTHING
    assert game.view(0)["islands"] == {"wood": 8, "stone": 8, "clay": 8, "food": 4}


def test_food_island_gives_exactly_one_food_and_no_extra() -> None:
    """RV-PRODUCE-11: the food island gives exactly 1 food and has no first-pioneer extra."""
    game = position("""
players = 4
[[seat]]
river = ["T43"]
""")
    store_anywhere(play(game, "take food"))
    assert seat_view(game, 0)["resources"] == {**NOTHING, "food": 1}
    assert game.view(0)["islands"]["food"] == 7
    store_anywhere(play(game, "take food"))
    assert seat_view(game, 1)["resources"] == {**NOTHING, "food": 1}
    assert game.view(0)["islands"]["food"] == 6


def test_empty_food_island_gives_one_resource_of_choice_until_all_are_empty() -> None:
    """RV-PRODUCE-12: with the food island empty a pioneer may still go there and take 1 wood,
    stone or clay of the player's choice; it closes only when food, wood, stone and clay are all
    empty."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
[[seat]]
river = ["T43"]
resources = "food food food food"
""")
    legal = game.legal_actions()
    assert "take food" not in legal
    assert {"take wood from the food island", "take stone from the food island",
            "take clay from the food island"} <= set(legal)
    store_anywhere(play(game, "take stone from the food island"))
    assert seat_view(game, 0)["resources"] == {**NOTHING, "stone": 1}
    assert game.view(0)["islands"] == {"wood": 8, "stone": 7, "clay": 8, "food": 0}
    # food, wood and stone empty: only clay is offered; everything empty: the island is closed
    holders = """
[[seat]]
river = ["T37", "T38", "T39", "T40", "T41", "T42", "T43", "T44", "T45"]
resources = "{}"
[[seat]]
river = ["T10", "T11", "T12", "T22", "T23", "T24", "T34", "T35", "T36"]
resources = "{}"
"""
    game = position("players = 2\n" + holders.format(
        "wood " * 8 + "stone " * 8 + "food " * 4, "clay " * 7))
    legal = game.legal_actions()
    assert [a for a in legal if "food" in a] == ["take clay from the food island"]
    game = position("players = 2\n" + holders.format(
        "wood " * 8 + "stone " * 8 + "food " * 4, "clay " * 8))
    assert game.view(0)["islands"] == NOTHING
    assert not [a for a in game.legal_actions() if "food" in a]


def test_forfeit_and_return_combine_but_a_return_only_makes_room_for_a_kept_resource() -> None:
    """RV-RULING-13: forfeiting and returning combine in one action, but a stored resource may be
    returned only to make room for a new one that the player keeps."""
    game = position("""
players = 3
[[seat]]
river = ["T08", "T09"]
resources = "stone stone clay food"
""")
    # 5 wood owed, 4 warehouses, all full
    play_from_anywhere(game, "produce wood", "forfeit wood", "return stored clay", "forfeit wood",
                       "return stored food", "forfeit wood")
    assert seat_view(game, 0)["resources"] == {"wood": 2, "stone": 2, "clay": 0, "food": 0}
    assert game.to_move == 1
    # once everything fits the action ends: no further stored resource can be returned
    game = position("""
players = 2
[[seat]]
river = ["T08"]
resources = "stone clay food"
""")
    play(game, "produce wood")  # T08 + the printed wood: 3 owed, 1 warehouse free
    assert sorted(game.legal_actions()) == [
        "forfeit wood", "return stored clay from space 8", "return stored food from space 5",
        "return stored stone from space 10"]
    play_from_anywhere(game, "return stored stone", "return stored clay")
    assert seat_view(game, 0)["resources"] == {**NOTHING, "wood": 3, "food": 1}
    assert game.to_move == 1


def test_produce_needs_a_takeable_resource_and_a_warehouse() -> None:
    """RV-RULING-14: producing or taking food needs at least 1 takeable resource and at least 1
    warehouse on the board, free or freeable; a player with no warehouse may not produce."""
    game = position(f"""
players = 4
[[seat]]
river = {NO_WAREHOUSE}
""")
    me = seat_view(game, 0)
    assert me["warehouses"] == 0 and me["production"]["stone"] == 1
    legal = game.legal_actions()
    assert not [a for a in legal if a.startswith("produce ") or "food" in a]
    # every warehouse full is no obstacle: they can be freed
    game = position("""
players = 4
[[seat]]
resources = "wood wood wood wood"
""")
    legal = game.legal_actions()
    assert {"produce wood", "produce stone", "produce clay", "take food"} <= set(legal)
    play(game, "produce stone")
    assert game.view(0)["step"] == "store resources"
    play_from_anywhere(game, "return stored wood from space 3", "return stored wood from space 5")
    assert seat_view(game, 0)["resources"] == {**NOTHING, "wood": 2, "stone": 2}


def stored_on(game: upriver.Game, seat: int) -> dict[int, dict[str, int]]:
    return {c["space"]: c["stored"] for c in seat_view(game, seat)["river"] if c["stored"]}


def test_stored_resources_are_not_moved_at_will() -> None:
    """RV-RULING-15: stored resources never move at the player's will: no action moves them; a
    claim that covers none of them and a production leave each where it sat, and the player
    picks the free warehouse of each new resource."""
    game = position("""
players = 2
terrain_display = "T13 T14"
[[seat]]
river = ["T37", "T01"]
stored = { "1" = "wood", "5" = "stone" }
""")
    assert not [a for a in game.legal_actions() if "move" in a]
    play(game, "claim T13")  # covers the empty printed warehouse of space 3
    assert stored_on(game, 0) == {1: {"wood": 1}, 5: {"stone": 1}}
    assert game.to_move == 1
    play(game, "take the first player pawn")  # seat 1
    play(game, "produce clay")  # the printed clay of space 6
    assert sorted(game.legal_actions()) == [
        "store clay on a tile", "store clay on space 10", "store clay on space 8"]
    play(game, "store clay on space 10")
    assert stored_on(game, 0) == {1: {"wood": 1}, 5: {"stone": 1}, 10: {"clay": 1}}
    assert game.to_move == 1
