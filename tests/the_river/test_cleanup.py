"""Cleanup and the end of the game (checklist sections RV-CLEAN and RV-END, with the ruling
RV-RULING-05 for the kept extra-claim meadow).

Tiles (data/tiles.toml): T01-T04 forest with 1 wood symbol, T05-T07 forest with wood and a
warehouse, T13-T16 mountains with 1 stone, T37-T42 desert with 2 warehouses, T59 the meadow
worth 1 VP per settled pioneer, T64 the meadow giving one extra claim. The placeholder river
board frames spaces 4, 6, 8 and 10 and prints wood on space 2, warehouses on 3, 5, 8 and 10.
Building costs are (wood, stone, clay): B01 (1,1,0), B02 (1,0,1), B13 (1,1,1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import upriver
from tests.the_river.helpers import (
    play,
    play_from_anywhere,
    position_from,
    seat_view,
    store_anywhere,
)

DISPLAY = "T01 T02 T03 T04 T05 T06 T07 T08 T09"


def build(players: int, seats: tuple[dict[str, Any], ...] = (),
          spots: dict[str, int] | None = None, options: dict[str, Any] | None = None,
          **top: Any) -> upriver.Game:
    top.setdefault("terrain_display", " ".join(DISPLAY.split()[: 2 * players + 1]))
    top.setdefault("building_display", ["B01", "B02", "B13", "B31"][: 3 if players == 2 else 4])
    return position_from({"players": players, **top}, seats, spots, options)


def pioneers(boat: int, **more: Any) -> dict[str, Any]:
    """A seat without tokens or settlers with ``boat`` pioneers still to place this round."""
    return {"boat": boat, "on_board": 4 - boat, **more}


def terrain(g: upriver.Game) -> list[str]:
    return [t["id"] for t in g.view(None)["terrain_display"]]


def buildings(g: upriver.Game) -> list[str | None]:
    return [None if b is None else b["id"] for b in g.view(None)["building_display"]]


def rnd(g: upriver.Game) -> int:
    result: int = g.view(None)["round"]
    return result


# --------------------------------------------------------------------------------------------
# Cleanup (RV-CLEAN-01..10)
# --------------------------------------------------------------------------------------------


def test_terrain_island_is_discarded_and_refilled() -> None:
    """RV-CLEAN-01: the tiles left on the terrain island go to the discard pile and every spot
    is filled again from the draw stack."""
    g = build(2, (pioneers(1), pioneers(0)))
    stack = g.view(None)["terrain_stack"]
    g.play("claim T01")
    assert rnd(g) == 2
    view = g.view(None)
    assert sorted(view["terrain_discard"]) == ["T02", "T03", "T04", "T05"]
    assert len(view["terrain_display"]) == 5
    assert not set(terrain(g)) & {"T01", "T02", "T03", "T04", "T05"}
    assert view["terrain_stack"] == stack - 5


def test_refill_reshuffles_the_discards_when_the_stack_runs_out(tmp_path: Path) -> None:
    """RV-CLEAN-02: when the draw stack runs out during the refill, the discard pile (including
    the tiles just discarded) is shuffled into a new stack that fills the remaining spots. A
    components file with 12 tiles leaves a stack of 3 for a 5-tile island."""
    data = tmp_path / "tiles.toml"
    data.write_text("".join(
        f'[[tile]]\nid = "X{k:02}"\nterrains = ["forest"]\nsymbols = ["warehouse"]\n\n'
        for k in range(1, 13)))
    g = build(2, (pioneers(1, river=["X01", "X02"]), pioneers(0, river=["X03", "X04"])),
              options={"components": str(data)}, terrain_display="X05 X06 X07 X08 X09")
    assert g.view(None)["terrain_stack"] == 3
    g.play("take the first player pawn")
    assert rnd(g) == 2
    view = g.view(None)
    shown = set(terrain(g))
    assert len(shown) == 5
    assert {"X10", "X11", "X12"} <= shown
    assert len(shown & {"X05", "X06", "X07", "X08", "X09"}) == 2
    assert view["terrain_discard"] == []
    assert view["terrain_stack"] == 3


def test_emptied_display_spot_waits_for_cleanup() -> None:
    """RV-CLEAN-03: a display spot emptied by reserving stays empty for the rest of the round
    and is refilled from the deck at cleanup, while the cards nobody took stay where they are."""
    g = build(2, (pioneers(1), pioneers(1)), building_display=["B01", "B02", "B13"])
    deck = g.view(None)["building_deck"]
    g.play("reserve B02")
    assert buildings(g) == ["B01", None, "B13"]
    assert g.to_move == 1
    assert "reserve B02" not in g.legal_actions()
    g.play("take the first player pawn")
    assert rnd(g) == 2
    after = buildings(g)
    assert after[0] == "B01" and after[2] == "B13"
    assert after[1] not in (None, "B02")
    assert g.view(None)["building_deck"] == deck - 1


def test_display_spots_stay_empty_once_the_deck_is_empty() -> None:
    """RV-CLEAN-04: with a single card left in the deck, cleanup fills one emptied display spot
    and the other stays empty (the deck is then empty)."""
    seats = (
        pioneers(2, resources="wood clay"),
        pioneers(0, built=[f"B{k:02}" for k in range(5, 17)]),
        pioneers(0, built=[f"B{k:02}" for k in range(17, 29)]),
        pioneers(0, built=["B29", "B30", "B31", "B32"]),
    )
    g = build(4, seats, building_display=["B01", "B02", "B03", "B04"])
    assert g.view(None)["building_deck"] == 1
    g.play("reserve B01")
    play_from_anywhere(g, "construct B02", "pay wood", "pay clay")
    assert rnd(g) == 2
    assert buildings(g) == ["B33", None, "B03", "B04"]
    assert g.view(None)["building_deck"] == 0


def test_pioneers_on_the_main_board_return_to_their_boats() -> None:
    """RV-CLEAN-05: every pioneer on the main board, on single spots and unlimited spots alike,
    goes back to its owner's boat (no framed space was covered, so nobody settles)."""
    g = build(4, (
        pioneers(1),
        {"boat": 0, "on_board": 3},
        {"boat": 0, "on_board": 3, "settled": 1},
        {"boat": 0, "on_board": 2},
    ), spots={"wood 1": 1, "reserve": 3, "swap": 3})
    store_anywhere(play(g, "take food"))
    assert rnd(g) == 2
    boats = [seat_view(g, s)["boat"] for s in range(4)]
    assert boats == [4, 4, 3, 4]
    assert [seat_view(g, s)["pioneers_on_board"] for s in range(4)] == [0, 0, 0, 0]
    assert [seat_view(g, s)["settled"] for s in range(4)] == [0, 0, 1, 0]


def test_covering_framed_spaces_settles_one_pioneer_each() -> None:
    """RV-CLEAN-06 (and RV-RULING-05, the extra-claim meadow): each framed space a player covered
    during the round settles one of their returning pioneers; seat 1 covers space 4 and
    settles one, seat 0 uses a kept extra claim to cover spaces 4, 5 and 6 and settles two."""
    g = build(2, (
        pioneers(3, river=["T37", "T38", "T64"], extra_claims=1),
        pioneers(1, river=["T39", "T40", "T41"]),
    ))
    assert seat_view(g, 0)["extra_claims"] == 1
    play(g, "claim T01", "claim T02", "claim T03")  # seat 0 (space 4), seat 1 (4), seat 0 (5)
    assert g.to_move == 0
    assert "claim T04" in g.legal_actions()  # a third claim, thanks to the meadow
    g.play("claim T04")  # seat 0, space 6
    assert seat_view(g, 0)["extra_claims"] == 0
    assert rnd(g) == 2
    assert [seat_view(g, s)["settled"] for s in range(2)] == [2, 1]
    assert [seat_view(g, s)["boat"] for s in range(2)] == [2, 3]


def test_settled_pioneers_are_never_placed_again() -> None:
    """RV-CLEAN-07: a settled pioneer stays on the river board: the player has one pioneer fewer
    to place in the next round, and it does not come back at the following cleanup."""
    g = build(2, (
        pioneers(1, river=["T37", "T38", "T39"]),
        {"tokens": [6], "settled": 3, "boat": 0, "on_board": 1},
    ))
    g.play("claim T01")  # covers framed space 4
    assert rnd(g) == 2
    assert (seat_view(g, 0)["settled"], seat_view(g, 0)["boat"]) == (1, 3)
    movers = []
    for action in ("take the first player pawn", "produce wood", "take food", "produce clay"):
        movers.append(g.to_move)
        store_anywhere(play(g, action))
    assert movers == [0, 1, 0, 0]  # seat 0 places 3 pioneers, not 4
    assert rnd(g) == 3
    assert (seat_view(g, 0)["settled"], seat_view(g, 0)["boat"]) == (1, 3)


def test_pioneer_on_the_second_token_spot_stays_there() -> None:
    """RV-CLEAN-08: the 5th pioneer still standing on the second token spot is not put on the
    boat at cleanup; a player whose second token freed it gets all 5 back on the boat."""
    g = build(2, (
        {"tokens": [6], "boat": 1, "on_board": 3},
        {"tokens": [5, 4], "boat": 0, "on_board": 5},
    ))
    store_anywhere(play(g, "take food"))
    assert rnd(g) == 2
    me, other = seat_view(g, 0), seat_view(g, 1)
    assert (me["pioneer_on_token_spot"], me["boat"]) == (True, 4)
    assert (other["pioneer_on_token_spot"], other["boat"]) == (False, 5)


def test_per_round_limits_reset() -> None:
    """RV-CLEAN-09: cleanup frees every single spot, sets each claim count back to 0 and makes
    each production island's first-pioneer extra available again (wood gives 1 on the second
    wood spot in round 1, 1 + 1 on the first spot in round 2)."""
    g = build(4, (
        {"river": ["T37"], "claims": 2, "boat": 1, "on_board": 3},
        {"boat": 0, "on_board": 2},
        {"boat": 0, "on_board": 3},
        {"boat": 0, "on_board": 3},
    ), spots={"wood 1": 1, "swap": 1, "reserve": 2, "first player": 3})
    assert not [a for a in g.legal_actions() if a.startswith("claim")]
    store_anywhere(play(g, "produce wood"))
    assert seat_view(g, 0)["resources"]["wood"] == 1
    assert rnd(g) == 2
    assert set(g.view(None)["spots"].values()) == {None}
    assert [seat_view(g, s)["claims_this_round"] for s in range(4)] == [0, 0, 0, 0]
    assert g.to_move == 0
    assert [a for a in g.legal_actions() if a.startswith("claim")]
    store_anywhere(play(g, "produce wood"))
    assert seat_view(g, 0)["resources"]["wood"] == 3
    assert g.view(None)["spots"]["wood 1"] == 0


def test_new_round_starts_with_the_pawn_holder() -> None:
    """RV-CLEAN-10: the new round starts with the holder of the first player pawn, whoever
    played last in the round before."""
    g = build(3, (pioneers(1), pioneers(0), pioneers(0)), first_player=2, to_move=0)
    assert g.to_move == 0
    store_anywhere(play(g, "take food"))
    assert rnd(g) == 2
    assert g.to_move == 2


def test_extra_claim_meadow_allows_a_third_claim() -> None:
    """RV-RULING-05: the extra-claim meadow (T64) is kept, and once lets its owner claim a tile
    beyond the limit of 2 a round; after that third claim the limit holds again."""
    g = build(2, (pioneers(4, river=["T37"]), pioneers(0)), terrain_display="T64 T01 T02 T03 T04")
    g.play("claim T64")
    assert seat_view(g, 0)["extra_claims"] == 1
    g.play("claim T01")
    assert seat_view(g, 0)["claims_this_round"] == 2
    assert "claim T02" in g.legal_actions()
    g.play("claim T02")
    me = seat_view(g, 0)
    assert (me["claims_this_round"], me["extra_claims"]) == (3, 0)
    assert not [a for a in g.legal_actions() if a.startswith("claim")]


# --------------------------------------------------------------------------------------------
# End of the game (RV-END-01..06)
# --------------------------------------------------------------------------------------------


def test_fifth_token_triggers_the_end_with_three_or_four_players() -> None:
    """RV-END-01: with 3 or 4 players the end is triggered as soon as a player has 5 tokens (a
    4th token does not trigger it)."""
    for players in (3, 4):
        g = build(players, ({"tokens": [6, 5, 4, 3], "resources": "wood stone clay",
                             "boat": 1, "on_board": 4}, pioneers(1)))
        assert g.view(None)["end_triggered"] is False
        play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
        assert seat_view(g, 0)["token_count"] == 5
        assert g.view(None)["end_triggered"] is True
        assert not g.is_over
    four = build(4, ({"tokens": [6, 5, 4], "resources": "wood stone clay",
                      "boat": 1, "on_board": 4}, pioneers(1)))
    play_from_anywhere(four, "construct B13", "pay wood", "pay stone", "pay clay")
    assert seat_view(four, 0)["token_count"] == 4
    assert four.view(None)["end_triggered"] is False


def test_fourth_token_triggers_the_end_with_two_players() -> None:
    """RV-END-02: with 2 players the end is triggered as soon as a player has 4 tokens."""
    g = build(2, ({"tokens": [6, 5, 4], "resources": "wood stone clay", "boat": 1,
                   "on_board": 4}, pioneers(1)))
    assert g.view(None)["end_triggered"] is False
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert seat_view(g, 0)["tokens"] == [6, 5, 4, 3]
    assert g.view(None)["end_triggered"] is True
    assert not g.is_over


def test_twelfth_tile_triggers_the_end() -> None:
    """RV-END-03: placing the 12th tile on a river board triggers the end; the 11th does not."""
    eleven = [f"T{k:02}" for k in range(10, 21)]
    g = build(2, (pioneers(1, river=eleven), pioneers(1)))
    assert g.view(None)["end_triggered"] is False
    g.play("claim T01")
    assert sum(s["tile"] is not None for s in seat_view(g, 0)["river"]) == 12
    assert g.view(None)["end_triggered"] is True
    assert not g.is_over
    ten = build(2, (pioneers(1, river=eleven[:10]), pioneers(1)))
    ten.play("claim T01")
    assert ten.view(None)["end_triggered"] is False


def test_zero_tokens_count_toward_the_trigger() -> None:
    """RV-END-04: a 0 token counts toward the token trigger like any other: a player with four 0
    tokens who takes a fifth 0 triggers the end."""
    g = build(4, (
        {"tokens": [0, 0, 0, 0], "resources": "wood stone clay", "boat": 1, "on_board": 4},
        {"tokens": [6, 5, 5, 4], "boat": 0, "on_board": 5},
        {"tokens": [4, 3, 3, 2], "boat": 0, "on_board": 5},
        {"tokens": [2, 1, 1], "boat": 0, "on_board": 5},
    ))
    assert g.view(None)["token_piles"]["left"] == []
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert seat_view(g, 0)["tokens"] == [0, 0, 0, 0, 0]
    assert g.view(None)["end_triggered"] is True


def test_the_round_is_completed_after_the_trigger() -> None:
    """RV-END-05: after the trigger the round in progress goes on under the normal rules: the
    other player still constructs and takes a token, the triggering player still claims a tile,
    and the game ends only when the round does."""
    g = build(2, (
        {"tokens": [6, 5, 4], "resources": "wood stone clay", "boat": 2, "on_board": 3},
        pioneers(1, resources="wood stone"),
    ))
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert g.view(None)["end_triggered"] is True
    assert g.to_move == 1
    play_from_anywhere(g, "construct B01", "pay wood", "pay stone")
    assert seat_view(g, 1)["tokens"] == [2]
    assert not g.is_over
    assert g.to_move == 0
    g.play("claim T01")
    assert seat_view(g, 0)["river"][0]["tile"]["id"] == "T01"
    assert g.is_over


def test_last_cleanup_settles_then_the_game_is_scored() -> None:
    """RV-END-06: after the last round one more cleanup is carried out, settling included (the
    pioneers meadow T59 then scores the settler), then final scoring; no further round is
    played."""
    g = build(2, (
        pioneers(1, river=["T59", "T37", "T38"]),
        pioneers(0),
    ), round=5, triggered=True)
    g.play("claim T01")  # covers framed space 4
    assert g.is_over
    assert g.to_move is None
    assert g.legal_actions() == []
    view = g.view(0)
    assert view["round"] == 5
    assert view["step"] == "game over"
    assert view["players"][0]["settled"] == 1
    assert view["players"][0]["boat"] == 3
    assert g.score_breakdown()[0]["meadows"] == 1
    assert view["scores"] == g.scores()
