"""Rule tests for The River turns, trading and placing pioneers (RV-TURN-01..06, RV-TRADE-01..04,
RV-PLACE-01..09, RV-RULING-10, -11, -12)."""

from __future__ import annotations

import pytest

import upriver
from tests.the_river.helpers import play, play_from_anywhere, position, seat_view, store_anywhere

PLAIN = "T01 T02 T03 T04 T13 T14 T15 T16 T25"  # one symbol each, no warehouse, no meadow
SINGLE_2P = ("wood 1", "stone 1", "clay 1", "food 1", "reserve", "first player", "swap")
SINGLE_34 = (*SINGLE_2P, "wood 2", "stone 2", "clay 2", "food 2")
PLACEMENTS = ("claim ", "produce ", "take ", "reserve ", "construct ", "swap two tiles",
              "set a pioneer aside")


def seats(n: int, extra: str = "") -> str:
    return extra + "\n[[seat]]\n" * n


def test_turns_pass_clockwise_from_the_first_player() -> None:
    """RV-TURN-01: within a round turns pass clockwise (increasing seat), beginning with the holder
    of the first player pawn."""
    game = position(f"""
players = 4
first_player = 2
terrain_display = "{PLAIN}"
""")
    order = []
    for _ in range(8):
        order.append(game.to_move)
        game.play(next(a for a in game.legal_actions() if a.startswith("claim ")))
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


def test_a_turn_is_optional_trades_then_exactly_one_pioneer() -> None:
    """RV-TURN-02: a turn is optional trades for food, then the placement of exactly one pioneer
    from the player's boat, whose action is carried out at once."""
    game = position(f"""
players = 3
terrain_display = "{PLAIN}"
[[seat]]
resources = "wood stone clay"
river = ["T37"]
""")
    play_from_anywhere(game, "trade 3 resources for 1 food", "trade: return wood",
                       "trade: return stone", "trade: return clay", "store food on a tile")
    me = seat_view(game, 0)
    assert game.to_move == 0 and game.view(0)["step"] == "trade or place a pioneer"
    assert me["boat"] == 4 and me["resources"]["food"] == 1
    play(game, "claim T01")
    me = seat_view(game, 0)
    assert me["boat"] == 3 and me["pioneers_on_board"] == 1
    assert me["river"][1]["tile"]["id"] == "T01"  # the action happened with the placement
    assert game.to_move == 1  # exactly one pioneer: the turn is over


def test_a_player_with_a_pioneer_must_place_and_cannot_pass() -> None:
    """RV-TURN-03: a player with a pioneer on the boat must place one; there is no pass."""
    game = position("""
players = 2
[[seat]]
resources = "wood stone clay"
""")
    legal = game.legal_actions()
    assert legal
    assert all(a.startswith(PLACEMENTS) or a.startswith("trade ") or
               a == "take the first player pawn" for a in legal)
    for word in ("pass", "done", "end turn"):
        assert word not in legal
        with pytest.raises(upriver.IllegalAction):
            game.play(word)
    assert game.to_move == 0 and seat_view(game, 0)["boat"] == 4


def test_a_player_with_an_empty_boat_is_skipped() -> None:
    """RV-TURN-04: when the turn comes to a player whose boat is empty, the next player clockwise
    takes the turn."""
    game = position(f"""
players = 3
terrain_display = "{PLAIN}"
[[seat]]
[[seat]]
on_board = 4
""")
    assert seat_view(game, 1)["boat"] == 0
    play(game, "claim T01")
    assert game.to_move == 2
    play(game, "claim T02")
    assert game.to_move == 0


def test_the_last_boat_with_pioneers_places_them_one_after_another() -> None:
    """RV-TURN-05: when only one boat still holds pioneers, its owner takes turn after turn;
    each is a turn of its own (``turns_taken``, which bots budget by)."""
    game = position(f"""
players = 3
first_player = 0
terrain_display = "{PLAIN}"
[[seat]]
on_board = 4
[[seat]]
boat = 3
on_board = 1
[[seat]]
on_board = 4
""")
    assert game.to_move == 1 and game.turns_taken == 0
    play(game, "claim T01")
    assert game.to_move == 1 and game.turns_taken == 1
    play(game, "take the first player pawn")
    assert game.to_move == 1 and game.turns_taken == 2
    play(game, "claim T02")
    assert game.turns_taken == 3
    assert game.view(0)["round"] == 2  # the third placement emptied the last boat


def test_round_ends_when_every_boat_is_empty_then_cleanup_and_a_new_round() -> None:
    """RV-TURN-06: a round ends as soon as every boat is empty; cleanup follows, then a new round
    (the end of the game was not triggered)."""
    game = position(f"""
players = 2
first_player = 1
terrain_display = "{PLAIN}"
[[seat]]
boat = 1
on_board = 3
[[seat]]
boat = 1
on_board = 3
""")
    play(game, "claim T01")
    assert game.view(0)["round"] == 1 and game.to_move == 0
    play(game, "claim T02")
    view = game.view(0)
    assert view["round"] == 2
    assert not game.is_over
    assert [p["boat"] for p in view["players"]] == [4, 4]
    assert len(view["terrain_display"]) == 5  # refilled at cleanup
    assert game.to_move == 1


def test_trade_only_at_the_start_of_ones_own_turn() -> None:
    """RV-TRADE-01: trading is optional and only possible at the start of the player's own turn,
    before the placement; never after it or in another player's turn."""
    game = position("""
players = 2
building_display = ["B01", "B02", "B03"]
[[seat]]
resources = "wood stone clay wood stone clay"
river = ["T43", "T44"]
[[seat]]
resources = "wood stone clay"
""")
    assert "trade 3 resources for 1 food" in game.legal_actions()
    assert "legal_actions" not in game.view(1)  # seat 1 decides nothing in seat 0's turn
    play(game, "construct B01")  # placed: paying now, no trade
    assert game.view(0)["step"] == "pay for the building"
    assert not [a for a in game.legal_actions() if a.startswith("trade")]
    play_from_anywhere(game, "pay wood", "pay stone")
    assert game.to_move == 1  # the turn ended with the placement
    assert "trade 3 resources for 1 food" in game.legal_actions()
    # a produce that overflows asks for storing; still no trade
    game = position("""
players = 2
[[seat]]
resources = "wood stone clay food"
""")
    play(game, "produce wood")
    assert game.view(0)["step"] == "store resources"
    assert not [a for a in game.legal_actions() if a.startswith("trade")]


def test_one_trade_returns_three_resources_to_their_islands_for_one_food() -> None:
    """RV-TRADE-02: one trade returns exactly 3 of the player's resources, any mix, each to its own
    island, and takes 1 food from the food island."""
    game = position("""
players = 3
[[seat]]
river = ["T43"]
resources = "wood wood clay stone"
""")
    before = game.view(0)["islands"]
    play_from_anywhere(game, "trade 3 resources for 1 food", "trade: return wood",
                       "trade: return wood")
    assert game.view(0)["step"] == "trade: choose resources to return"
    assert all(a.startswith("trade: return ") for a in game.legal_actions())
    play_from_anywhere(game, "trade: return clay")
    # the food is new: the player picks its warehouse (RV-RULING-15), then the turn goes on
    assert game.view(0)["step"] == "store resources"
    play(game, "store food on space 5")
    after = game.view(0)["islands"]
    assert after == {"wood": before["wood"] + 2, "stone": before["stone"],
                     "clay": before["clay"] + 1, "food": before["food"] - 1}
    assert seat_view(game, 0)["resources"] == {"wood": 0, "stone": 1, "clay": 0, "food": 1}
    assert game.view(0)["step"] == "trade or place a pioneer" and game.to_move == 0


def test_several_trades_in_one_turn_while_three_resources_remain() -> None:
    """RV-TRADE-03: a player may trade several times in a turn while holding at least 3 resources
    and the food island holds at least 1 food."""
    game = position("""
players = 4
[[seat]]
resources = "wood wood wood stone stone"
river = ["T43", "T44"]
""")
    play_from_anywhere(game, "trade 3 resources for 1 food", "trade: return wood",
                       "trade: return wood", "trade: return wood", "store food on a tile")
    assert seat_view(game, 0)["resources"] == {"wood": 0, "stone": 2, "clay": 0, "food": 1}
    assert "trade 3 resources for 1 food" in game.legal_actions()
    play_from_anywhere(game, "trade 3 resources for 1 food", "trade: return stone",
                       "trade: return stone", "trade: return food", "store food on a tile")
    assert seat_view(game, 0)["resources"] == {"wood": 0, "stone": 0, "clay": 0, "food": 1}
    assert "trade 3 resources for 1 food" not in game.legal_actions()
    game = position("""
players = 4
[[seat]]
resources = "wood stone"
""")
    assert "trade 3 resources for 1 food" not in game.legal_actions()


def test_no_trade_while_the_food_island_is_empty() -> None:
    """RV-TRADE-04: while the food island is empty no trade is possible."""
    game = position("""
players = 2
[[seat]]
resources = "wood stone clay wood"
[[seat]]
resources = "food food food food"
""")
    assert game.view(0)["islands"]["food"] == 0
    assert not [a for a in game.legal_actions() if a.startswith("trade")]
    with pytest.raises(upriver.IllegalAction):
        game.play("trade 3 resources for 1 food")


def test_trading_food_for_food_is_allowed() -> None:
    """RV-RULING-12: food may be among the 3 resources traded for food."""
    game = position("""
players = 2
[[seat]]
river = ["T43"]
resources = "food food wood"
""")
    play(game, "trade 3 resources for 1 food")
    assert "trade: return food" in game.legal_actions()
    play_from_anywhere(game, "trade: return food", "trade: return food", "trade: return wood",
                       "store food on a tile")
    assert seat_view(game, 0)["resources"] == {"wood": 0, "stone": 0, "clay": 0, "food": 1}
    assert game.view(0)["islands"]["food"] == 4 - 1


def test_three_kinds_of_spots_single_terrain_island_and_construct() -> None:
    """RV-PLACE-01: single spots take one pioneer a round; the terrain island takes any number of
    pioneers but at most 2 of each player; Construct is unlimited."""
    game = position(f"""
players = 4
terrain_display = "{PLAIN}"
building_display = ["B01", "B02", "B03", "B04"]
[[seat]]
resources = "wood stone"
[[seat]]
resources = "wood clay"
[[seat]]
resources = "stone clay"
""")
    play_from_anywhere(game, "construct B01", "pay wood", "pay stone")
    # seat 1: Construct is still open
    play_from_anywhere(game, "construct B02", "pay wood", "pay clay")
    play(game, "claim T01")  # seat 2
    play(game, "claim T02")  # seat 3
    play(game, "claim T03")  # seat 0
    play(game, "claim T04")  # seat 1
    play(game, "claim T13")  # seat 2: its second claim
    view = game.view(0)
    assert [p["pioneers_on_board"] for p in view["players"]] == [2, 2, 2, 1]
    play(game, "claim T14")  # seat 3
    play(game, "claim T15")  # seat 0: second claim
    play(game, "take the first player pawn")  # seat 1
    assert game.to_move == 2
    assert not [a for a in game.legal_actions() if a.startswith("claim ")]  # 2 claims used
    assert "take the first player pawn" not in game.legal_actions()  # the single spot is taken
    assert view["spots"] == dict.fromkeys(SINGLE_34)


def test_an_occupied_single_spot_is_closed_until_cleanup() -> None:
    """RV-PLACE-02: a single spot holding a pioneer of any colour is closed to every other pioneer
    until cleanup."""
    game = position(f"""
players = 2
terrain_display = "{PLAIN}"
building_display = ["B01", "B02", "B03"]
[[seat]]
boat = 2
on_board = 2
[[seat]]
boat = 2
on_board = 2
""")
    play(game, "reserve B01")
    assert game.view(0)["spots"]["reserve"] == 0
    assert not [a for a in game.legal_actions() if a.startswith("reserve ")]
    play(game, "take the first player pawn")  # seat 1
    assert "take the first player pawn" not in game.legal_actions()  # seat 0, own colour too
    assert not [a for a in game.legal_actions() if a.startswith("reserve ")]
    play(game, "claim T01")  # seat 0: its last pioneer
    assert "take the first player pawn" not in game.legal_actions()
    play(game, "claim T02")  # seat 1: the round ends, cleanup frees every spot
    view = game.view(0)
    assert view["round"] == 2
    assert view["spots"] == dict.fromkeys(SINGLE_2P)
    assert "take the first player pawn" in game.legal_actions()
    assert [a for a in game.legal_actions() if a.startswith("reserve ")]


def test_only_spots_whose_action_can_be_carried_out() -> None:
    """RV-PLACE-03: every action is compulsory: a pioneer may only go where its owner can carry the
    action out, and placing it carries it out."""
    # no tile on the island, 2 reserved cards, nothing affordable, 1 tile on the board,
    # no production of wood/stone (2 players: no extra)
    game = position("""
players = 2
terrain_display = ""
building_display = ["B31", "B32", "B33"]
[[seat]]
river = ["T25"]
resources = "clay"
reserved = ["B29", "B30"]
""")
    legal = game.legal_actions()
    assert not [a for a in legal if a.startswith(("claim ", "reserve ", "construct "))]
    assert "swap two tiles" not in legal
    assert "produce clay" in legal  # T25 and the printed clay of space 6
    assert "produce stone" in legal  # the printed stone of space 4
    # with space 2 (printed wood) covered, a 2-player wood production of 0 closes the wood island
    game = position("""
players = 2
[[seat]]
river = ["T25", "T26"]
""")
    legal = game.legal_actions()
    assert "produce wood" not in legal
    with pytest.raises(upriver.IllegalAction):
        game.play("produce wood")
    store_anywhere(play(game, "produce clay"))
    assert seat_view(game, 0)["resources"]["clay"] == 3  # carried out with the placement


def test_three_four_player_side_has_two_spots_per_production_island() -> None:
    """RV-PLACE-04: on the 3/4-player side the wood, stone and clay islands have 2 single spots
    each; the first prints the first-pioneer extra."""
    for players in (3, 4):
        game = position(f"""
players = {players}
[[seat]]
river = ["T37"]
[[seat]]
river = ["T38"]
[[seat]]
river = ["T39"]
""")
        spots = game.view(0)["spots"]
        for kind in ("wood", "stone", "clay"):
            assert f"{kind} 1" in spots and f"{kind} 2" in spots and f"{kind} 3" not in spots
        store_anywhere(play(game, "produce stone"))
        assert game.view(0)["spots"]["stone 1"] == 0
        assert seat_view(game, 0)["resources"]["stone"] == 2  # 1 symbol + the extra
        store_anywhere(play(game, "produce stone"))
        assert game.view(0)["spots"]["stone 2"] == 1
        assert seat_view(game, 1)["resources"]["stone"] == 1
        assert "produce stone" not in game.legal_actions()  # both spots taken


def test_two_player_side_has_one_spot_per_production_island() -> None:
    """RV-PLACE-05: on the 2-player side the wood, stone and clay islands have 1 single spot
    each."""
    game = position("""
players = 2
[[seat]]
[[seat]]
""")
    spots = game.view(0)["spots"]
    for kind in ("wood", "stone", "clay"):
        assert f"{kind} 1" in spots and f"{kind} 2" not in spots
    store_anywhere(play(game, "produce wood"))
    assert "produce wood" not in game.legal_actions()
    store_anywhere(play(game, "produce clay"))
    assert "produce clay" not in game.legal_actions()
    assert "produce stone" in game.legal_actions()


def test_food_island_has_two_spots_on_three_four_side_and_one_on_two_player_side() -> None:
    """RV-PLACE-06: the food island has 2 single spots on the 3/4-player side, 1 on the 2-player
    side."""
    game = position("players = 2\n")
    store_anywhere(play(game, "take food"))
    assert game.view(0)["spots"]["food 1"] == 0
    assert "take food" not in game.legal_actions()
    for players in (3, 4):
        game = position(f"players = {players}\n")
        store_anywhere(play(game, "take food"))
        assert "take food" in game.legal_actions()
        store_anywhere(play(game, "take food"))
        assert game.view(0)["spots"]["food 1"] == 0 and game.view(0)["spots"]["food 2"] == 1
        assert "take food" not in game.legal_actions()


def _reserve_single(players: int) -> None:
    game = position(f"players = {players}\n")
    reserve = [a for a in game.legal_actions() if a.startswith("reserve ")]
    assert reserve
    play(game, reserve[0])
    assert game.view(0)["spots"]["reserve"] == 0
    assert not [a for a in game.legal_actions() if a.startswith("reserve ")]


def test_reserve_is_one_single_spot_on_the_two_player_side() -> None:
    """RV-PLACE-07: the Reserve location is one single spot on the 2-player side."""
    _reserve_single(2)


def test_reserve_is_one_single_spot_on_the_three_four_player_side() -> None:
    """RV-PLACE-08: the Reserve location is one single spot on the 3/4-player side as well."""
    _reserve_single(3)
    _reserve_single(4)


def test_first_player_and_swap_are_single_spots_on_both_sides() -> None:
    """RV-PLACE-09: the First Player and Swap locations are one single spot each, on both
    sides."""
    for players in (2, 3, 4):
        river = "".join(f'\n[[seat]]\nriver = ["T{37 + 2 * s}", "T{38 + 2 * s}"]\n'
                        for s in range(players))
        game = position(f"players = {players}\n{river}")
        play(game, "take the first player pawn")
        assert "take the first player pawn" not in game.legal_actions()
        play(game, "swap two tiles", "swap: space 1", "swap space 1 with space 2")
        assert game.view(0)["spots"]["swap"] == 1
        assert "swap two tiles" not in game.legal_actions()


def test_a_player_with_no_legal_spot_sets_a_pioneer_aside() -> None:
    """RV-RULING-10: a player with a pioneer but no legal spot sets one aside without an action;
    it counts as placed, returns at cleanup, and play passes on."""
    # seat 0: 2 claims made, 2 reserved cards, nothing affordable, no warehouse left (spaces 1-10
    # covered by T13 and the 9 meadows), and seat 1 holds the First Player and Swap spots
    game = position("""
players = 3
terrain_display = "T01"
building_display = ["B31", "B32", "B33", "B28"]
[spots]
"first player" = 1
"swap" = 1
[[seat]]
river = ["T13", "T57", "T58", "T59", "T60", "T61", "T62", "T63", "T64", "T65"]
reserved = ["B29", "B30"]
claims = 2
on_board = 2
[[seat]]
on_board = 2
[[seat]]
boat = 1
on_board = 3
""")
    me = seat_view(game, 0)
    assert me["boat"] == 2 and me["warehouses"] == 0
    assert seat_view(game, 1)["boat"] == 0
    assert game.to_move == 0
    assert game.legal_actions() == ["set a pioneer aside"]
    play(game, "set a pioneer aside")
    me = seat_view(game, 0)
    assert me["boat"] == 1 and me["pioneers_on_board"] == 3  # counted as placed
    assert me["river"][10]["tile"] is None and me["resources"]["food"] == 0  # no action
    assert game.to_move == 2  # play passes on (seat 1 is skipped)
    play(game, "claim T01")
    assert game.to_move == 0
    assert game.legal_actions() == ["set a pioneer aside"]
    play(game, "set a pioneer aside")
    view = game.view(0)
    assert view["round"] == 2  # every boat was empty: cleanup ran
    assert [p["boat"] for p in view["players"]] == [4, 4, 4]  # the set-aside pioneers came back


def test_no_pioneer_on_any_boat_at_the_start_of_a_round_ends_the_game() -> None:
    """RV-RULING-11: when no boat holds a pioneer at the start of a round (all settled or waiting on
    a token spot), the game goes straight to final scoring."""
    river = '["T37", "T38", "T39", "T40", "T41", "T42", "T43", "T44", "T45"]'
    river1 = '["T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09"]'
    game = position(f"""
players = 2
terrain_display = "T10 T11 T12"
[[seat]]
river = {river}
settled = 3
boat = 1
[[seat]]
river = {river1}
settled = 3
boat = 1
""")
    play(game, "claim T10")
    assert not game.is_over
    play(game, "claim T11")  # both covered framed space 10 with their last pioneer
    assert game.is_over
    view = game.view(0)
    assert [p["settled"] for p in view["players"]] == [4, 4]
    assert [p["boat"] for p in view["players"]] == [0, 0]
    assert view["end_triggered"] is False
    assert "scores" in view
    assert game.winners()
