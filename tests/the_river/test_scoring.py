"""Final scoring (checklist section RV-SCORE, with the rulings RV-RULING-01 to -05 on column
bonuses and meadow effects).

Positions use ``step = "end"``: the game is over and scored as it stands. River spaces run 1-4
left to right on row 1, 5-8 right to left on row 2 and 9-12 left to right on row 3, so the
columns are: column 1 = spaces 1, 8, 9; column 2 = spaces 2, 7, 10; column 3 = spaces 3, 6,
11; column 4 = spaces 4, 5, 12.

Tiles (data/tiles.toml): T01-T04 forest (wood), T05-T07 forest (wood, warehouse), T13-T15
mountains (stone), T22 mountains (2 warehouses), T25-T26 badlands (clay), T29 badlands (clay,
warehouse), T37-T38 desert (2 warehouses), T49-T50 forest/mountains mixed; meadows T57 (+1 VP
per token), T58 (+1 VP per building), T59 (+1 VP per settled pioneer), T60-T61 (2 food when
placed), T62 (2 resources of choice when placed), T63 (kept discount), T64 (kept extra claim),
T65 (3 VP). Buildings: B01 2 VP, B07 3 VP, B13 4 VP, B20 6 VP, B31 9 VP, B32 9 VP.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import upriver
from tests.the_river.helpers import play, position_from, seat_view, store_anywhere
from tests.tiers import count

# Fillers for spaces 2-7 that put no two tiles of one terrain in columns 2, 3 and 4:
# space 2 desert, 3 badlands, 4 mountains, 5 badlands, 6 desert, 7 mountains.
FILL = ["T37", "T25", "T14", "T26", "T38", "T15"]


def final(*seats: dict[str, Any], players: int = 2, options: dict[str, Any] | None = None,
          step: str = "end", **top: Any) -> upriver.Game:
    """A finished game (by default) with the given seat tables."""
    return position_from({"players": players, "step": step, **top}, seats, options=options)


def column1(top: str, middle: str, bottom: str | None = None) -> list[str]:
    """A river whose column 1 holds ``top`` (space 1), ``middle`` (space 8) and ``bottom``
    (space 9), with fillers that score nothing in the other columns."""
    river = [top, *FILL, middle]
    return [*river, bottom] if bottom else river


def part(g: upriver.Game, category: str, seat: int = 0) -> int:
    result: int = g.score_breakdown()[seat][category]
    return result


# --------------------------------------------------------------------------------------------
# Buildings, tokens, columns, meadows, resources (RV-SCORE-01..11)
# --------------------------------------------------------------------------------------------


def test_buildings_score_their_printed_points() -> None:
    """RV-SCORE-01: each player scores the printed VP of every building they constructed."""
    g = final({"built": ["B07", "B31"]}, {"built": ["B01"]})
    assert part(g, "buildings") == 3 + 9
    assert part(g, "buildings", 1) == 2
    assert g.scores() == [12, 2]


def test_tokens_score_their_values() -> None:
    """RV-SCORE-02: each player scores the value of every token on their river board."""
    g = final({"tokens": [6, 5, 5, 0]}, {"tokens": [4, 1]}, players=4)
    assert part(g, "bonus tokens") == 16
    assert part(g, "bonus tokens", 1) == 5
    assert g.scores()[:2] == [16, 5]


def test_two_tiles_of_a_terrain_in_a_column_score_2() -> None:
    """RV-SCORE-03: a column in which 2 tiles share a terrain scores 2 VP (forest T01 on space 1
    and forest T02 on space 8, both in column 1)."""
    g = final({"river": column1("T01", "T02")})
    assert part(g, "columns") == 2
    assert seat_view(g, 0)["columns"] == 2
    unmatched = final({"river": column1("T01", "T13")})
    assert part(unmatched, "columns") == 0


def test_three_tiles_of_a_terrain_in_a_column_score_6() -> None:
    """RV-SCORE-04: a column whose 3 tiles share a terrain scores 6 VP."""
    g = final({"river": column1("T01", "T02", "T03")})
    assert part(g, "columns") == 6
    assert g.scores()[0] == 6


def test_a_column_scores_one_bonus_only() -> None:
    """RV-SCORE-05: each column scores only its larger bonus: three forests (two of them mixed
    forest/mountains, which also pair as mountains) give 6 VP, not 6 + 2, and a plain
    three-forest column gives 6, not 6 + 2 for a pair within it."""
    mixed = final({"river": column1("T49", "T01", "T50")})
    assert part(mixed, "columns") == 6
    plain = final({"river": column1("T01", "T02", "T03")})
    assert part(plain, "columns") == 6


def test_end_game_meadows_add_their_points() -> None:
    """RV-SCORE-06: each meadow with an end-game effect adds its VP (T65: 3; T58: 1 per building,
    here 2; T59: 1 per settled pioneer, here 2), while meadows whose effect is not scored at
    the end (T60, two food when placed; T63, a kept discount) add nothing."""
    g = final({"river": ["T65", "T58", "T59", "T60"], "built": ["B01", "B07"], "settled": 2})
    assert part(g, "meadows") == 3 + 2 + 2
    assert seat_view(g, 0)["meadow_points"] == 7
    assert part(g, "columns") == 0  # the four meadows are in four different columns
    none = final({"river": ["T60", "T63"], "built": ["B01"], "settled": 1})
    assert part(none, "meadows") == 0


def test_token_meadow_gives_zero_tokens_value() -> None:
    """RV-SCORE-07: the token meadow (T57) gives value to its owner's tokens, 0 tokens
    included: three 0 tokens score 0 as tokens but 3 through the meadow."""
    g = final({"river": ["T57"], "tokens": [0, 0, 0]})
    assert part(g, "bonus tokens") == 0
    assert part(g, "meadows") == 3
    assert g.scores()[0] == 3


def test_token_meadow_is_worth_1_per_token() -> None:
    """RV-SCORE-08: the token meadow is worth +1 VP per token on its owner's board, whatever the
    tokens' values; without the meadow the tokens score only their values."""
    g = final({"river": ["T57"], "tokens": [6, 5, 0]}, {"tokens": [4, 3]})
    assert part(g, "meadows") == 3
    assert part(g, "bonus tokens") == 11
    assert part(g, "meadows", 1) == 0
    assert g.scores() == [14, 7]


def test_leftover_resources_score_nothing_by_default() -> None:
    """RV-SCORE-09: leftover resources score 0 VP unless the resource_points option gives them
    value: 5 resources score 0, 5 (1 per resource) or 1 (1 per 3 resources)."""
    seat = {"river": ["T37", "T38"], "resources": "wood wood stone clay food"}
    assert part(final(seat), "resources") == 0
    assert final(seat).scores()[0] == 0
    per_one = final(seat, options={"resource_points": "1 per resource"})
    assert part(per_one, "resources") == 5
    per_three = final(seat, options={"resource_points": "1 per 3 resources"})
    assert part(per_three, "resources") == 1


def test_unbuilt_reserved_cards_score_nothing() -> None:
    """RV-SCORE-10: reserved cards that were never built score 0 VP."""
    g = final({"reserved": ["B31", "B32"]}, {"built": ["B01"]})
    assert part(g, "buildings") == 0
    assert g.scores() == [0, 2]


def test_final_position_scores_every_part() -> None:
    """RV-SCORE-11 (with RV-SCORE-01..06, -08..10 and RV-RULING-03): a hand-built finished
    2-player game with the option resource_points = "1 per resource".

    Seat 0, river spaces 1-11 (space 12 empty):
    1 T01 forest, 2 T13 mountains, 3 T29 badlands, 4 T58 meadow (buildings), 5 T22 mountains,
    6 T57 meadow (tokens), 7 T14 mountains, 8 T02 forest, 9 T03 forest, 10 T65 meadow (3 VP),
    11 T37 desert.

    - buildings: B07 3 + B31 9 + B13 4 = 16 (reserved B20 scores 0);
    - tokens: 6 + 4 + 2 + 0 = 12;
    - columns: column 1 (spaces 1, 8, 9) forest x3 = 6; column 2 (2, 7, 10) mountains,
      mountains, meadow = 2; column 3 (3, 6, 11) badlands, meadow, desert = 0; column 4
      (4, 5, 12) meadow, mountains, empty = 0; total 8;
    - meadows: T57 1 x 4 tokens = 4, T58 1 x 3 buildings = 3, T65 = 3; total 10;
    - resources: wood, wood, stone, clay, food = 5 (warehouses: T29 1 + T22 2 + T37 2 = 5).

    Total 16 + 12 + 8 + 10 + 5 = 51. Seat 1 (T04, B01, a 5 token) scores 2 + 5 = 7.
    """
    river = ["T01", "T13", "T29", "T58", "T22", "T57", "T14", "T02", "T03", "T65", "T37"]
    g = final(
        {"river": river, "built": ["B07", "B31", "B13"], "reserved": ["B20"],
         "tokens": [6, 4, 2, 0], "resources": "wood wood stone clay food"},
        {"river": ["T04"], "built": ["B01"], "tokens": [5]},
        options={"resource_points": "1 per resource"},
    )
    assert g.score_breakdown()[0] == {"buildings": 16, "bonus tokens": 12, "columns": 8,
                                      "meadows": 10, "resources": 5}
    assert g.score_breakdown()[1] == {"buildings": 2, "bonus tokens": 5, "columns": 0,
                                      "meadows": 0, "resources": 0}
    assert g.scores() == [51, 7]
    assert g.view(1)["scores"] == [51, 7]
    assert g.winners() == [0]


def test_highest_total_wins() -> None:
    """RV-SCORE-12: the player with the highest total wins (and nobody has won before the
    end)."""
    seats = ({"built": ["B01"]}, {"built": ["B13"]}, {"built": ["B07"]})
    g = final(*seats, players=3)
    assert g.scores() == [2, 4, 3]
    assert g.winners() == [1]
    running = final(*seats, players=3, step="turn")
    assert not running.is_over
    assert running.winners() == []


def test_tied_players_all_win() -> None:
    """RV-SCORE-13: players tied for the highest total all win, with no tie-breaker (seat 0 has
    more buildings and tokens, seat 2 a better column, both total 9)."""
    g = final(
        {"built": ["B01", "B07"], "tokens": [4]},
        {"built": ["B13"]},
        {"river": column1("T05", "T06", "T07"), "built": ["B04"], "tokens": [1]},
        players=3,
    )
    assert g.scores() == [9, 4, 9]
    assert g.winners() == [0, 2]


# --------------------------------------------------------------------------------------------
# Rulings on columns and meadows (RV-RULING-01..05)
# --------------------------------------------------------------------------------------------


def test_column_pair_need_not_be_adjacent() -> None:
    """RV-RULING-01: by default any 2 of a column's 3 tiles count, top and bottom included; with
    column_pair_requires_adjacency the top-bottom pair scores nothing while a middle-bottom
    pair still scores 2."""
    apart = column1("T01", "T13", "T02")  # forest, mountains, forest
    assert part(final({"river": apart}), "columns") == 2
    strict = {"column_pair_requires_adjacency": True}
    assert part(final({"river": apart}, options=strict), "columns") == 0
    together = column1("T13", "T01", "T02")  # mountains, forest, forest
    assert part(final({"river": together}, options=strict), "columns") == 2


def test_mixed_tile_matches_both_terrains_once() -> None:
    """RV-RULING-02: a mixed tile matches each of its terrains and the column scores once, for
    its best terrain: forest, forest/mountains, mountains scores 2, not 4; forest,
    forest/mountains, forest scores 6. With mixed_tile_matches = "neither" the mixed tile
    matches nothing."""
    split = column1("T01", "T49", "T13")
    assert part(final({"river": split}), "columns") == 2
    full = column1("T01", "T49", "T02")
    assert part(final({"river": full}), "columns") == 6
    neither = {"mixed_tile_matches": "neither"}
    assert part(final({"river": split}, options=neither), "columns") == 0
    assert part(final({"river": full}, options=neither), "columns") == 2


def test_meadows_count_as_a_terrain_for_columns() -> None:
    """RV-RULING-03: by default meadow tiles are a terrain type for the column bonus (two
    meadows in column 1 score 2); with meadow_counts_for_columns = false they do not."""
    river = column1("T65", "T60")
    assert part(final({"river": river}), "columns") == 2
    off = {"meadow_counts_for_columns": False}
    assert part(final({"river": river}, options=off), "columns") == 0
    assert part(final({"river": river}, options=off), "meadows") == 3


def test_empty_spaces_match_nothing() -> None:
    """RV-RULING-04: empty spaces match nothing, so a column needs at least 2 tiles: four forest
    tiles on row 1 score no column, eight forest tiles on rows 1 and 2 score 2 in each
    column."""
    row = final({"river": ["T01", "T02", "T03", "T04"]})
    assert part(row, "columns") == 0
    rows = final({"river": ["T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08"]})
    assert part(rows, "columns") == 4 * 2


def test_meadow_effects_are_the_placeholder_set() -> None:
    """RV-RULING-05: the meadows carry the reference note's placeholder set: end of game +1 per
    token, +1 per building, +1 per settled pioneer, 3 VP; on placement 2 food (2 copies) and
    2 resources of choice; kept a discount and an extra claim."""
    meadows = [f"T{k}" for k in range(57, 66)]
    g = final({"river": meadows})
    effects = [space["tile"]["meadow"] for space in seat_view(g, 0)["river"][:9]]
    assert effects == ["tokens", "buildings", "pioneers", "two food", "two food",
                       "two resources", "discount", "extra claim", "three points"]
    assert all(space["tile"]["terrains"] == ["meadow"]
               for space in seat_view(g, 0)["river"][:9])


def test_placement_meadows_give_resources_when_claimed() -> None:
    """RV-RULING-05: claiming a two-food meadow (T60) gives 2 food at once; claiming the
    two-resources meadow (T62) lets the player take 2 resources of their choice."""
    g = final(
        {"river": ["T37"], "boat": 2, "on_board": 2},
        {"boat": 0, "on_board": 4},
        step="turn", terrain_display="T60 T62 T01 T02 T03",
    )
    food = g.view(None)["islands"]["food"]
    store_anywhere(play(g, "claim T60"))
    assert seat_view(g, 0)["resources"]["food"] == 2
    assert g.view(None)["islands"]["food"] == food - 2
    g.play("claim T62")
    assert set(g.legal_actions()) == {"meadow: take wood", "meadow: take stone",
                                      "meadow: take clay", "meadow: take food"}
    store_anywhere(play(g, "meadow: take stone", "meadow: take clay"))
    assert seat_view(g, 0)["resources"] == {"wood": 0, "stone": 1, "clay": 1, "food": 2}


@pytest.mark.tiered
@settings(max_examples=count(150, default=50), deadline=None)
@given(spaces=st.lists(st.integers(-1, 63), min_size=12, max_size=12),
       mixed=st.sampled_from(["both", "neither"]), meadow=st.booleans(),
       adjacent=st.booleans())
def test_every_board_scores_its_columns_as_the_rules_read(
        spaces: list[int], mixed: str, meadow: bool, adjacent: bool) -> None:
    """RV-SCORE-03..05, RV-RULING-01..04 over any board and option set: a column scores 6 when
    a terrain is on all three of its tiles, else 2 when one is on exactly two (with the
    adjacency option: two that touch, so one is the middle row), read terrain by terrain."""
    from upriver.games.the_river import scoring
    from upriver.games.the_river.components import MEADOW, space_position

    g = upriver.new_game("the-river", players=2, seed=0, mixed_tile_matches=mixed,
                         meadow_counts_for_columns=meadow, column_pair_requires_adjacency=adjacent)
    s = g.state
    tiles = s.cfg.comp.tiles
    s.river[:12] = [t % len(tiles) if t >= 0 else -1 for t in spaces]
    expected = 0
    for col in range(4):
        cells: list[frozenset[int]] = [frozenset()] * 3
        for k in range(12):
            row, c = space_position(k)
            t = s.river[k]
            if c == col and t >= 0:
                terrains = tiles[t].terrains
                if len(terrains) > 1 and mixed == "neither":
                    terrains = frozenset()
                cells[row] = terrains if meadow else terrains - {MEADOW}
        best = 0
        for terrain in range(5):
            hits = [terrain in cell for cell in cells]
            if all(hits):
                best = 3
            elif sum(hits) == 2 and (not adjacent or hits[1]):
                best = max(best, 2)
        expected += {3: 6, 2: 2}.get(best, 0)
    assert scoring.column_points(s, 0) == expected
