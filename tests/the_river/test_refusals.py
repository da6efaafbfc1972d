"""The River's refusal reasons (issue 29): a real move that is not legal now is refused with the
rule that forbids it, in one line, and the game does not change (``refusals.why_not``)."""

from __future__ import annotations

import random
import re

import pytest

import upriver
from tests.the_river.helpers import no_spot_left, play, position
from upriver.core.game import Game
from upriver.games.the_river import refusals


def refused(game: Game, text: str, reason: str) -> None:
    """Playing ``text`` raises exactly "'text' is not legal now: reason" and changes nothing."""
    before = game.to_json()
    message = f"{text!r} is not legal now: {reason}"
    with pytest.raises(upriver.IllegalAction, match=f"^{re.escape(message)}$"):
        game.play(text)
    assert game.to_json() == before
    assert game.why_not(text) == message


def test_a_turn_action_in_the_preliminary_turn_says_a_starting_tile_comes_first() -> None:
    """RV-PRELIM-01, RV-PRELIM-02: before round 1 each player takes a starting tile; no trade,
    pioneer or payment yet, and only a tile among the setup tiles."""
    game = upriver.new_game("the-river", players=3, seed=4)
    for text in ("claim T01", "take food", "trade 3 resources for 1 food", "pay wood",
                 "swap: space 1"):
        refused(game, text, "it is the preliminary turn: each player takes a starting tile first")
    offered = game.legal_actions()
    elsewhere = next(f"take starting tile T{k:02}" for k in range(1, 57)
                     if f"take starting tile T{k:02}" not in offered)
    refused(game, elsewhere, f"{elsewhere.split()[-1]} is not among the starting tiles")
    first = next(t for t in offered if int(t[-2:]) < 57)  # no meadow: nothing to choose
    seat = game.to_move
    play(game, first)
    tile = first.split()[-1]
    refused(game, first, f"{tile} is already on seat {seat}'s river board")


def test_a_starting_tile_after_the_preliminary_turn_says_it_is_over() -> None:
    """RV-PRELIM-01, RV-PRELIM-03: starting tiles are taken only before round 1."""
    game = position("players = 2\nterrain_display = \"T01 T02\"")
    refused(game, "take starting tile T01",
            "the preliminary turn is over: starting tiles are taken before round 1")


def test_claiming_a_tile_not_on_the_terrain_island_says_where_it_is() -> None:
    """RV-TERRAIN-01: the player picks one of the face-up tiles of the terrain island."""
    game = position("""
players = 2
terrain_display = "T01 T02"
[[seat]]
river = ["T03"]
[[seat]]
river = ["T04"]
""")
    refused(game, "claim T05", "T05 is not on the terrain island")
    refused(game, "claim T03", "T03 is already on your river board")
    refused(game, "claim T04", "T04 is already on seat 1's river board")


def test_claiming_a_third_tile_in_a_round_says_the_limit_is_reached() -> None:
    """RV-TERRAIN-07: at most 2 claims a round (the limit is named before the tile)."""
    game = position("""
players = 2
terrain_display = "T01 T02"
[[seat]]
river = ["T03", "T04", "T05"]
claims = 2
on_board = 2
""")
    refused(game, "claim T01", "you have claimed 2 tiles this round, the most a player may")
    refused(game, "claim T09", "you have claimed 2 tiles this round, the most a player may")


def test_claiming_with_a_complete_river_board_says_so() -> None:
    """RV-TERRAIN-08: a board with 12 tiles takes no claim."""
    twelve = ", ".join(f'"T{k:02}"' for k in range(1, 13))
    game = position(f"""
players = 2
terrain_display = "T20 T21"
[[seat]]
river = [{twelve}]
""")
    refused(game, "claim T20", "your river board is complete (12 tiles)")


def test_a_taken_single_spot_says_who_took_it() -> None:
    """RV-PLACE-02, RV-PLACE-04, RV-PLACE-06, RV-PLACE-09: a single spot holding a pioneer is
    closed to every other pioneer this round."""
    game = position("""
players = 4
terrain_display = "T01"
[spots]
"first player" = 1
"food 1" = 0
"food 2" = 3
"swap" = 2
[[seat]]
river = ["T10", "T11"]
""")
    refused(game, "take the first player pawn",
            "the first player spot is taken by seat 1 this round")
    refused(game, "take food", "both food island spots are taken this round (by you and seat 3)")
    refused(game, "swap two tiles", "the swap spot is taken by seat 2 this round")


def test_producing_without_a_production_symbol_says_so() -> None:
    """RV-PRODUCE-01, RV-PRODUCE-02, RV-PRODUCE-04: producing needs a visible symbol of the kind,
    or the first pioneer's extra (3 and 4 players only)."""
    two = position("""
players = 2
terrain_display = "T01"
[[seat]]
river = ["T13", "T14"]
""")  # space 2's printed wood is covered
    refused(two, "produce wood", "you show no wood production symbol")
    four = position("""
players = 4
terrain_display = "T01"
[spots]
"wood 1" = 1
[[seat]]
river = ["T13", "T14"]
""")
    refused(four, "produce wood", "you show no wood production symbol, and the first pioneer's "
            "extra wood is taken this round")


def test_producing_with_no_warehouse_says_so() -> None:
    """RV-RULING-14: producing or taking food needs a warehouse on the board; and RV-PLACE-02,
    RV-RESERVE-02, RV-BUILD-04, RV-TERRAIN-07 for every other spot of a seat that can only set a
    pioneer aside (RV-RULING-10)."""
    game = no_spot_left()
    refused(game, "produce wood", "you have no warehouse to store resources in")
    refused(game, "take food", "you have no warehouse to store resources in")
    refused(game, "claim T01", "you have claimed 2 tiles this round, the most a player may")
    refused(game, "reserve B31", "you already hold 2 reserved cards, the most a player may")
    refused(game, "take the first player pawn",
            "the first player spot is taken by seat 1 this round")
    refused(game, "construct reserved B29",
            "B29 costs 1 wood, 3 stone and 1 clay (1 less with your reservation) and you have "
            "0 wood, 0 stone, 0 clay and 0 food")


def test_the_food_island_when_empty_says_it_gives_another_resource() -> None:
    """RV-PRODUCE-12, RV-TRADE-04: an empty food island gives wood, stone or clay instead, and
    no trade is possible."""
    game = position("""
players = 2
terrain_display = "T01"
[[seat]]
resources = "wood stone clay"
[[seat]]
resources = "food food food food"
""")
    refused(game, "take food", "the food island is empty: it gives wood, stone or clay instead")
    refused(game, "trade 3 resources for 1 food", "the food island is empty")


def test_another_resource_from_the_food_island_while_it_holds_food_says_so() -> None:
    """RV-PRODUCE-11, RV-PRODUCE-12: the food island gives food; another resource only while it
    is empty."""
    game = position("players = 2\nterrain_display = \"T01\"")
    refused(game, "take stone from the food island",
            "the food island still holds food: it gives stone only when empty")


def test_trading_with_fewer_than_three_resources_says_how_many_you_have() -> None:
    """RV-TRADE-02, RV-TRADE-03: a trade returns 3 resources."""
    game = position("""
players = 2
terrain_display = "T01"
[[seat]]
resources = "wood stone"
""")
    refused(game, "trade 3 resources for 1 food", "a trade returns 3 resources and you have 2")


def test_a_trade_under_way_is_finished_first_and_returns_only_what_is_held() -> None:
    """RV-TRADE-01, RV-TRADE-02, RV-RULING-15: a trade's returns come before the pioneer, each
    a resource held, from a place that holds it."""
    game = position("""
players = 2
terrain_display = "T01"
[[seat]]
resources = "wood stone clay"
""")  # no tiles: the wood sits on the printed warehouse of space 10
    refused(game, "trade: return wood", "no trade is under way")
    play(game, "trade 3 resources for 1 food")
    refused(game, "claim T01", "a trade is under way: return 3 more resources first")
    refused(game, "trade: return food", "you have no food")
    refused(game, "trade: return wood", "none of your wood is on a tile; it is on space 10")
    refused(game, "trade: return wood from space 3", "space 3 holds no wood")
    refused(game, "trade: return wood from space 9", "space 9 prints no warehouse")
    play(game, "trade: return wood from space 10")
    refused(game, "take food", "a trade is under way: return 2 more resources first")


def test_reserving_needs_a_display_card_and_room_for_it() -> None:
    """RV-RESERVE-01, RV-RESERVE-02, RV-PLACE-02, RV-PLACE-08: a face-up card, at most 2
    reserved, and the reserve spot free."""
    game = position("""
players = 3
to_move = 1
terrain_display = "T01"
building_display = ["B07", "B08", "B09", "B10"]
[[seat]]
reserved = ["B05", "B06"]
[[seat]]
reserved = ["B01"]
built = ["B02"]
""")
    refused(game, "reserve B05", "B05 is reserved by seat 0")
    refused(game, "reserve B02", "B02 is built by you")
    refused(game, "reserve B20", "B20 is not on the building display")
    full = position("""
players = 3
terrain_display = "T01"
building_display = ["B07", "B08", "B09", "B10"]
[[seat]]
reserved = ["B05", "B06"]
""")
    refused(full, "reserve B07", "you already hold 2 reserved cards, the most a player may")
    taken = position("""
players = 3
terrain_display = "T01"
[spots]
"reserve" = 2
""")
    refused(taken, "reserve B07", "the reserve spot is taken by seat 2 this round")


def test_constructing_an_unaffordable_building_says_its_cost_and_your_resources() -> None:
    """RV-BUILD-01, RV-BUILD-03, RV-BUILD-04, RV-PRODUCE-10: a display card or your own
    reserved card that you can afford, food being wild and a reserved card 1 cheaper."""
    game = position("""
players = 2
terrain_display = "T01"
building_display = ["B07", "B01", "B04"]
[[seat]]
river = ["T10"]
resources = "wood"
reserved = ["B24", "B03"]
""")
    refused(game, "construct B07",
            "B07 costs 2 wood and 1 stone and you have 1 wood, 0 stone and 0 food")
    refused(game, "construct reserved B24",
            "B24 costs 1 wood, 1 stone and 2 clay (1 less with your reservation) and you have "
            "1 wood, 0 stone, 0 clay and 0 food")
    refused(game, "construct B24", "B24 is one of your reserved cards, built with 'construct "
            "reserved B24'")
    refused(game, "construct reserved B07",
            "B07 is on the building display, not one of your reserved cards")
    refused(game, "construct B30", "B30 is not on the building display")


def test_paying_names_what_you_lack_and_what_is_already_paid() -> None:
    """RV-BUILD-02, RV-BUILD-03, RV-PRODUCE-10, RV-RULING-05, RV-RULING-15, RV-TRADE-01: pay
    only what the card still costs, with a resource you hold or food, from a place holding it;
    waivers need a reserved card or a meadow discount; no trade after placing."""
    game = position("""
players = 2
terrain_display = "T01"
building_display = ["B07", "B01", "B04"]
[[seat]]
river = ["T10", "T11"]
resources = "wood wood food"
""")
    refused(game, "pay wood", "no building is being paid for")
    play(game, "construct B07")
    refused(game, "pay stone", "you have no stone")
    refused(game, "pay clay", "B07 costs no clay")
    refused(game, "pay food for wood", "that would leave too little to pay the rest of B07's cost")
    refused(game, "waive wood (reserved card)",
            "B07 is not one of your reserved cards, so nothing of its cost is waived")
    refused(game, "waive wood (meadow)", "you have no meadow discount")
    refused(game, "pay wood from space 1",
            "space 1 holds a tile: resources on tiles are taken without naming a space")
    refused(game, "pay wood from space 5", "space 5 holds no wood")
    refused(game, "trade 3 resources for 1 food",
            "trading comes before placing a pioneer, and you have placed yours this turn")
    refused(game, "claim T01", "you have placed your pioneer this turn: finish paying for B07 "
            "first")
    play(game, "pay wood", "pay wood")
    refused(game, "pay wood", "the wood of B07's cost is paid")


def test_a_reserved_cards_waiver_is_used_once_and_on_its_last_resource() -> None:
    """RV-BUILD-03: a reserved card costs 1 resource less, once; the engine waives its last
    resource when the player has not waived one before."""
    game = position("""
players = 2
terrain_display = "T01"
[[seat]]
river = ["T10"]
resources = "wood wood"
reserved = ["B04"]
""")
    play(game, "construct reserved B04", "pay wood")
    refused(game, "pay wood", "the last resource of your reserved card's cost is the one it "
            "waives: waive the wood")
    again = position("""
players = 2
terrain_display = "T01"
[[seat]]
river = ["T10"]
resources = "wood wood"
reserved = ["B04"]
""")
    play(again, "construct reserved B04", "waive wood (reserved card)")
    refused(again, "waive wood (reserved card)", "your reserved B04 already waived one resource")


def test_swapping_needs_two_tiles_and_never_an_empty_space() -> None:
    """RV-SWAP-01, RV-SWAP-04: a swap exchanges two tiles on the board; the second text repeats
    the first space chosen."""
    one = position("""
players = 2
terrain_display = "T01"
[[seat]]
river = ["T02"]
""")
    refused(one, "swap two tiles", "a swap needs 2 tiles on your river board and you have 1")
    game = position("""
players = 2
terrain_display = "T01"
[[seat]]
river = ["T02", "T03", "T04"]
""")
    refused(game, "swap: space 1", "no swap is under way")
    play(game, "swap two tiles")
    refused(game, "swap: space 5", "space 5 has no tile to swap")
    refused(game, "swap space 1 with space 2", "choose the first tile of the swap first")
    play(game, "swap: space 1")
    refused(game, "swap space 1 with space 4",
            "space 4 has no tile, and a tile is never moved onto an empty space")
    refused(game, "swap space 2 with space 3", "the swap's first tile is the one on space 1")
    refused(game, "swap: space 2", "the swap's first tile is chosen (space 1): choose the second")
    refused(game, "claim T01", "you have placed your pioneer this turn: choose the second tile "
            "of the swap first")


def test_setting_a_pioneer_aside_while_a_spot_can_be_used_says_so() -> None:
    """RV-RULING-10, RV-TURN-03, RV-PLACE-03: a pioneer is set aside only when no spot can be
    used."""
    game = position("players = 4\nterrain_display = \"T01\"")
    refused(game, "set a pioneer aside", "a pioneer is set aside only when no spot can be used, "
            "and you can use one (e.g. 'claim T01')")


def test_storing_new_resources_names_the_place_and_the_overflow() -> None:
    """RV-PRODUCE-05, RV-PRODUCE-07, RV-PRODUCE-08, RV-RULING-13, RV-RULING-15: each resource
    on a free warehouse of a place with room; forfeit or return only while they do not fit."""
    game = position("""
players = 4
terrain_display = "T01"
[[seat]]
river = ["T10"]
stored = { "3" = "stone" }
""")  # 1 printed wood symbol and the first pioneer's extra: 2 wood, room in 4 places
    refused(game, "store wood on a tile", "no new resource is waiting to be stored")
    play(game, "produce wood")
    refused(game, "store stone on a tile", "no new stone is waiting to be stored")
    refused(game, "store wood on space 1", "space 1 holds a tile: resources go on tiles as "
            "'on a tile'")
    refused(game, "store wood on space 9", "space 9 prints no warehouse")
    refused(game, "store wood on space 3", "the warehouse of space 3 is full")
    refused(game, "forfeit wood", "the new resources all fit, so nothing is forfeited")
    refused(game, "return stored stone", "the new resources all fit, so nothing is returned")
    refused(game, "take food", "you have placed your pioneer this turn: the new resources must "
            "be stored first")


def test_an_overflow_asks_to_forfeit_or_return_before_storing() -> None:
    """RV-PRODUCE-07, RV-PRODUCE-08, RV-PRODUCE-09, RV-RULING-13: 4 clay owed and 3 free
    warehouses: forfeit a clay or return a stored resource of another kind first."""
    game = position("""
players = 4
terrain_display = "T01"
[[seat]]
river = ["T32", "T25", "T13", "T14", "T15", "T16", "T10"]
stored = { "7" = "stone" }
""")  # 3 clay symbols, first on the clay island: 4 clay; warehouses 8, 10 and T10's 2
    play(game, "produce clay")
    refused(game, "store clay on a tile", "4 new resources wait and you have 3 free warehouses: "
            "forfeit some or return stored ones first")
    refused(game, "forfeit stone", "no new stone is waiting to be stored")
    refused(game, "return stored wood", "you have no wood")
    refused(game, "return stored clay",
            "clay is among the new resources: forfeit it rather than return a stored one")


def test_covered_resources_that_fit_are_moved_not_lost() -> None:
    """RV-TERRAIN-05, RV-TERRAIN-06: covered resources move to free warehouses; they are lost
    only when they do not fit, and nothing else is returned for them."""
    game = position("""
players = 2
terrain_display = "T10 T01"
[[seat]]
river = ["T02", "T03"]
stored = { "3" = "wood" }
""")
    refused(game, "lose covered wood", "no covered resource is waiting to be moved")
    play(game, "claim T10")  # covers space 3: its wood may go to 4 places
    refused(game, "lose covered wood",
            "the covered resources all fit in your free warehouses, so none is lost")
    refused(game, "lose covered stone",
            "the covered resources all fit in your free warehouses, so none is lost")
    refused(game, "store stone on a tile", "no covered stone is waiting to be moved")
    refused(game, "forfeit wood", "the covered resources all fit in your free warehouses")
    refused(game, "store wood on space 3",
            "space 3 holds a tile: resources go on tiles as 'on a tile'")
    refused(game, "take the first player pawn", "you have placed your pioneer this turn: the "
            "covered resources must be moved or lost first")


def test_a_meadows_resources_come_from_islands_that_hold_them() -> None:
    """RV-RULING-05, RV-RULING-06, RV-TERRAIN-05: the "two resources" meadow gives resources of
    the player's choice from islands that hold them, once the covered resources are moved; what
    it gives is stored after both are chosen."""
    game = position("""
players = 2
terrain_display = "T62 T01"
[[seat]]
river = ["T02", "T03"]
stored = { "3" = "clay" }
[[seat]]
river = ["T43", "T44"]
resources = "wood wood wood wood wood wood wood wood"
""")
    refused(game, "meadow: take stone", "no meadow is giving resources to choose")
    play(game, "claim T62")  # covers space 3: its clay may go to spaces 5, 8 or 10
    refused(game, "meadow: take stone", "the covered resources must be moved or lost first")
    play(game, "store clay on space 5")
    refused(game, "meadow: take wood", "the wood island is empty")
    refused(game, "store stone on a tile", "choose the meadow's 2 resources first")
    play(game, "meadow: take stone")
    refused(game, "forfeit stone", "choose the meadow's 1 resource first")
    refused(game, "claim T01", "you have placed your pioneer this turn: choose the meadow's 1 "
            "resource first")


def test_a_step_that_is_not_under_way_says_so() -> None:
    """RV-TURN-02: a turn is trades, then one pioneer placed with its action; the steps of an
    action are offered only while it is under way."""
    game = position("players = 2\nterrain_display = \"T01\"")
    for text, reason in (("trade: return wood", "no trade is under way"),
                         ("store wood on a tile", "no new resource is waiting to be stored"),
                         ("return stored wood", "no new resource is waiting to be stored"),
                         ("lose covered wood", "no covered resource is waiting to be moved"),
                         ("meadow: take wood", "no meadow is giving resources to choose"),
                         ("waive wood (meadow)", "no building is being paid for"),
                         ("swap space 1 with space 2", "no swap is under way")):
        refused(game, text, reason)


# ---------------------------------------------------------------- every catalogue text


# (4, 47) reaches a seat that can only set a pioneer aside: that legal text gets no reason.
@pytest.mark.parametrize(("players", "seed"),
                         [(p, s) for p in (2, 3, 4) for s in range(11, 16)] + [(4, 47)])
def test_reasons_are_one_line_only_for_illegal_texts_and_change_nothing(players: int,
                                                                        seed: int) -> None:
    """Issue 29 over random play (RV-TURN-02, RV-PLACE-03): at sampled decisions, every catalogue
    text that is legal gets no reason; every other one gets ``None`` or one line, and asking
    leaves the game as it was."""
    game = upriver.new_game("the-river", players=players, seed=seed)
    catalogue = game.rules.action_catalogue()
    rng = random.Random(seed)
    given = 0
    for step in range(600):
        if game.is_over:
            break
        legal = game.legal_actions()
        if step % 2 == 0:
            before = game.to_json()
            offered = set(legal)
            for text in catalogue:
                reason = refusals.why_not(game.state, text)
                if text in offered:
                    assert reason is None, (text, reason)
                elif reason is not None:
                    assert reason and "\n" not in reason and not reason.endswith("."), reason
                    given += 1
            assert game.to_json() == before
            illegal = next(t for t in catalogue if t not in offered)
            assert game.why_not(illegal).startswith(f"{illegal!r} is not legal now")
        game.play(rng.choice(legal))
    assert given > 0
