"""Where stored resources sit: choosing a warehouse for each new resource (RV-RULING-15), taking
a resource from a chosen place (paying, trading, overflow: RV-BUILD-02, RV-TRADE-02,
RV-PRODUCE-08, RV-RULING-13), positions that place resources, and the per-space bookkeeping
(RV-PRODUCE-05).

Printed board (every colour, placeholder): wood on space 2, warehouse on 3, stone on 4, warehouse
on 5, clay on 6, warehouses on 8 and 10. Tiles: T37 and T38 have 2 warehouses, T43 has 3, T01
(wood) and T13 (stone) none.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import new, play, position, seat_view, totals
from upriver.games.the_river.components import RESOURCES


def stored_on(game: upriver.Game, seat: int) -> dict[int, dict[str, int]]:
    """Per river space (1..12), the resources stored there."""
    return {c["space"]: c["stored"] for c in seat_view(game, seat)["river"] if c["stored"]}


# --------------------------------------------------------------------------------------------
# Storing new resources: the player picks the place when it matters (RV-RULING-15)
# --------------------------------------------------------------------------------------------


def test_storing_asks_where_only_when_two_places_have_room() -> None:
    """RV-RULING-15: the player picks the free warehouse of each new resource, one at a time,
    between "a tile" and each uncovered printed warehouse space with room; the other pending
    resources follow."""
    game = position("""
players = 3
[[seat]]
river = ["T37", "T01"]
stored = { "5" = "stone", "8" = "wood" }
""")
    play(game, "produce clay")  # printed clay + the first-pioneer extra: 2 clay
    assert game.view(0)["step"] == "store resources"
    assert game.view(0)["pending"]["clay"] == 2
    assert game.legal_actions() == [
        "store clay on a tile", "store clay on space 3", "store clay on space 10"]
    play(game, "store clay on space 3")
    assert game.legal_actions() == [
        "store clay on a tile", "store clay on space 10"]
    play(game, "store clay on a tile")
    assert stored_on(game, 0) == {1: {"clay": 1}, 3: {"clay": 1}, 5: {"stone": 1},
                                  8: {"wood": 1}}
    assert game.to_move == 1


def test_storing_needs_no_decision_when_only_one_outcome_is_possible() -> None:
    """RV-RULING-15: with room in a single place, or with new resources all of one kind that
    fill every free warehouse, they are stored at once without a decision."""
    # only the tile has room
    game = position("""
players = 3
[[seat]]
river = ["T37", "T01"]
stored = { "3" = "food", "5" = "stone", "8" = "wood", "10" = "wood" }
""")
    play(game, "produce clay")
    assert game.to_move == 1
    assert stored_on(game, 0)[1] == {"clay": 2}
    # two printed spaces with room and two clay: one clay on each
    game = position("""
players = 3
[[seat]]
river = ["T01"]
stored = { "3" = "food", "5" = "stone" }
""")
    play(game, "produce clay")
    assert game.to_move == 1
    assert stored_on(game, 0) == {3: {"food": 1}, 5: {"stone": 1}, 8: {"clay": 1},
                                  10: {"clay": 1}}


def test_mixed_new_resources_filling_every_warehouse_still_ask_where() -> None:
    """RV-RULING-15: two resources of different kinds for two free warehouses on different
    spaces can end up either way round, so the player decides."""
    game = position("""
players = 2
terrain_display = "T62 T01 T02"
[[seat]]
river = ["T13"]
stored = { "3" = "food", "5" = "stone" }
""")
    # T62 covers the printed wood of space 2
    play(game, "claim T62", "meadow: take wood", "meadow: take clay")
    assert game.legal_actions() == ["store wood on space 8", "store wood on space 10"]
    play(game, "store wood on space 10")
    assert stored_on(game, 0) == {3: {"food": 1}, 5: {"stone": 1}, 8: {"clay": 1},
                                  10: {"wood": 1}}
    assert game.to_move == 1


# --------------------------------------------------------------------------------------------
# Taking a stored resource from a chosen place
# --------------------------------------------------------------------------------------------


def test_paying_names_a_printed_space_and_leaves_the_tiles_unnamed() -> None:
    """RV-BUILD-02, RV-RULING-15: paying returns a stored resource from the place the player
    chooses: the tiles' warehouses (one place, unnamed: "pay wood") or a printed warehouse
    ("pay wood from space 5"), named so whatever else is stored (one move, one text)."""
    game = position("""
players = 2
building_display = ["B13", "B04", "B05"]
[[seat]]
river = ["T37"]
stored = { "1" = "wood", "5" = "wood", "8" = "stone", "10" = "food" }
""")
    play(game, "construct B13")  # (1, 1, 1)
    legal = game.legal_actions()
    assert "pay wood" in legal and "pay wood from space 5" in legal
    assert "pay stone from space 8" in legal and "pay food for clay from space 10" in legal
    play(game, "pay wood from space 5", "pay stone from space 8", "pay food for clay from space 10")
    assert stored_on(game, 0) == {1: {"wood": 1}}
    assert seat_view(game, 0)["built"] == ["B13"]


def test_trading_names_the_printed_space_each_resource_comes_from() -> None:
    """RV-TRADE-02, RV-RULING-15: each resource returned in a trade comes from the place the
    player names (the tiles unnamed, a printed space by number); the food then needs a
    warehouse."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
stored = { "1" = "wood", "3" = "wood", "5" = "clay", "8" = "stone" }
""")
    play(game, "trade 3 resources for 1 food")
    assert game.legal_actions() == [
        "trade: return wood", "trade: return wood from space 3",
        "trade: return stone from space 8", "trade: return clay from space 5"]
    play(game, "trade: return wood from space 3", "trade: return stone from space 8",
         "trade: return clay from space 5")
    assert game.view(0)["step"] == "store resources"
    assert game.legal_actions() == [
        "store food on a tile", "store food on space 3", "store food on space 5",
        "store food on space 8", "store food on space 10"]
    play(game, "store food on space 8")
    assert stored_on(game, 0) == {1: {"wood": 1}, 8: {"food": 1}}
    assert game.view(0)["step"] == "trade or place a pioneer" and game.to_move == 0


def test_overflow_returns_name_the_printed_space_they_come_from() -> None:
    """RV-PRODUCE-08, RV-RULING-13: on overflow a stored resource is returned from the place the
    player names (the tiles unnamed, a printed space by number); the freed warehouse then takes
    a new resource."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
stored = { "1" = "stone stone", "3" = "food", "5" = "stone", "8" = "clay", "10" = "clay" }
""")
    play(game, "produce wood")  # the printed wood of space 2
    assert sorted(game.legal_actions()) == [
        "forfeit wood", "return stored clay from space 10", "return stored clay from space 8",
        "return stored food from space 3", "return stored stone",
        "return stored stone from space 5"]
    play(game, "return stored clay from space 8")
    assert stored_on(game, 0) == {1: {"stone": 2}, 3: {"food": 1}, 5: {"stone": 1},
                                  8: {"wood": 1}, 10: {"clay": 1}}
    assert game.to_move == 1


# --------------------------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------------------------


def test_a_position_places_resources_where_it_says_and_the_rest_automatically() -> None:
    """RV-PRODUCE-05: a position's `stored` puts resources on given spaces; resources it does
    not place go on tile warehouses first, along the river, then on the printed warehouses from
    the last space to be covered to the first."""
    game = position("""
players = 2
[[seat]]
river = ["T01", "T37"]
resources = "wood wood stone clay clay food"
stored = { "5" = "clay" }
""")
    assert stored_on(game, 0) == {2: {"wood": 2}, 5: {"clay": 1}, 8: {"clay": 1},
                                  10: {"stone": 1}, 3: {"food": 1}}
    assert seat_view(game, 0)["resources"] == {"wood": 2, "stone": 1, "clay": 2, "food": 1}
    only_stored = position('players = 2\n[[seat]]\nstored = { "8" = "food" }')
    assert seat_view(only_stored, 0)["resources"] == {"wood": 0, "stone": 0, "clay": 0,
                                                      "food": 1}


@pytest.mark.parametrize(("seat", "message"), [
    ('resources = "wood wood wood wood wood"', "more resources than its warehouses"),
    ('stored = { "3" = "wood stone" }', "space 3 has 1 warehouse"),
    ('river = ["T01"]\nstored = { "1" = "wood" }', "space 1 has 0 warehouse"),
    ('stored = { "13" = "wood" }', "not a river space"),
    ('stored = { "x" = "wood" }', "not a river space"),
    ('stored = { "3" = "gold" }', "not a resource"),
    ('stored = "3 wood"', "must be a table"),
    ('resources = "wood"\nstored = { "3" = "clay" }', "more clay than resources"),
])
def test_impossible_storage_positions_are_refused_in_one_line(seat: str, message: str) -> None:
    """RV-PRODUCE-05: a position cannot hold more resources than the board's warehouses, nor
    more on a space than that space's warehouses."""
    with pytest.raises(upriver.BadPosition, match=message) as err:
        position(f"players = 2\n[[seat]]\n{seat}")
    assert "\n" not in str(err.value)


# --------------------------------------------------------------------------------------------
# Bookkeeping, views and renderings
# --------------------------------------------------------------------------------------------


def _per_space_matches_totals(game: upriver.Game) -> None:
    for p in game.view(None)["players"]:
        on_spaces = dict.fromkeys(RESOURCES, 0)
        for cell in p["river"]:
            assert sum(cell["stored"].values()) <= cell["warehouses"]
            for kind, n in cell["stored"].items():
                on_spaces[kind] += n
        assert on_spaces == p["resources"]


def test_each_stored_resource_sits_on_a_warehouse_and_the_totals_agree() -> None:
    """RV-PRODUCE-05: in random games, after every decision, each space holds no more resources
    than its visible warehouses and each seat's totals are the sum over its spaces (the
    component count "resources off the warehouses" stays 0)."""
    for players in (2, 3, 4):
        game = new(players, seed=players)
        rng = random.Random(players)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            assert totals(game)["resources off the warehouses"] == 0
            _per_space_matches_totals(game)


def test_stored_resources_are_shown_per_space_in_views_text_and_svg() -> None:
    """RV-PRODUCE-05: every view shows each space's warehouses and the resources stored there;
    the text shows a letter per resource and the SVG a disc."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
stored = { "1" = "wood clay", "5" = "food" }
""")
    for viewer in (None, 0, 1):
        river = game.view(viewer)["players"][0]["river"]
        assert (river[0]["warehouses"], river[0]["stored"]) == (2, {"wood": 1, "clay": 1})
        assert (river[4]["warehouses"], river[4]["stored"]) == (1, {"food": 1})
        assert (river[1]["warehouses"], river[1]["stored"]) == (0, {})
    text = upriver.render_text("the-river", game.view(1))
    assert "1:T37[wc]" in text and "5:.[f]" in text
    svg = upriver.render_svg("the-river", game.view(1))
    assert svg.count('class="stored"') == 3


def test_stored_resources_survive_save_and_load() -> None:
    """RV-PRODUCE-05: where each resource sits is part of the saved game."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
stored = { "1" = "wood", "8" = "clay" }
""")
    loaded = upriver.load_game(game.to_json())
    assert stored_on(loaded, 0) == {1: {"wood": 1}, 8: {"clay": 1}}


def _choices(game: upriver.Game) -> list[str]:
    return [a for a in game.legal_actions() if " from " in a or a.startswith("store ")]


def test_place_choices_appear_in_random_games() -> None:
    """RV-RULING-15: in ordinary play the storing and taking choices do come up (they are
    offered by the rules, not only by crafted positions)."""
    seen: dict[str, Any] = {}
    for seed in range(6):
        game = new(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for a in _choices(game):
                seen.setdefault(a.split()[0], a)
            game.play(rng.choice(game.legal_actions()))
    assert {"store", "pay", "trade:", "return"} <= set(seen)
