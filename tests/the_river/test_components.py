"""Rule tests for The River components (RV-COMP-01..14).

The rulebook lists the component counts; the contents (tile census, meadow effects, building
costs, token values, board printing) are the reference note's placeholder data, which must stay
replaceable (option ``components``).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

from tests.the_river.helpers import (
    new,
    play,
    play_from_anywhere,
    position,
    seat_view,
    store_anywhere,
    totals,
)
from upriver.games.the_river.components import load, raw_data

TERRAINS = {"desert", "badlands", "forest", "meadow", "mountains"}
PLACEHOLDER_PRINTING = [[], ["wood"], ["warehouse"], ["stone"], ["warehouse"], ["clay"], [],
                        ["warehouse"], [], ["warehouse"], [], []]
IMMEDIATE = {"two food", "two resources"}
KEPT = {"discount", "extra claim"}
END_GAME = {"tokens", "buildings", "pioneers", "three points"}


def boards_override(tmp_path: Path, change: dict[tuple[str, str], list[list[str]]]) -> str:
    """A components file whose river boards are the placeholder ones except ``change``, which maps
    (colour, side) to the printed symbols of spaces 1..12."""
    lines = []
    for colour in ("black", "blue", "green", "yellow"):
        for side in ("2", "34"):
            spaces = change.get((colour, side), PLACEHOLDER_PRINTING)
            lines += [
                "[[board]]",
                f'colour = "{colour}"',
                f'side = "{side}"',
                f"spaces = {json.dumps(spaces)}",
                "framed = [4, 6, 8, 10]",
                "token_spots = 5",
                "pioneer_spot = 2",
                "",
            ]
    path = tmp_path / "boards.toml"
    path.write_text("\n".join(lines))
    return str(path)


def test_main_board_has_a_two_player_face_and_a_three_four_player_face() -> None:
    """RV-COMP-01: the main board is double-sided: the 2-player face and the 3/4-player face
    show different spots (the 3/4 face adds a second wood, stone, clay and food spot)."""
    two = set(new(2).view(0)["spots"])
    three = set(new(3).view(0)["spots"])
    four = set(new(4).view(0)["spots"])
    assert three == four
    assert two < four
    assert four - two == {"wood 2", "stone 2", "clay 2", "food 2"}
    sides = {spot_side for s in raw_data()["spot"] for spot_side in s.get("sides", ["2", "34"])}
    assert sides == {"2", "34"}


def test_four_player_sets_each_with_a_two_sided_river_board_and_five_pioneers() -> None:
    """RV-COMP-02: 4 player sets, each one river board with a 2-player and a 3/4-player side and
    5 pioneers (4 on the boat and 1 on the board at the start)."""
    comp = load()
    assert comp.colours == ("black", "blue", "green", "yellow")
    assert set(comp.boards) == {(c, side) for c in comp.colours for side in ("2", "34")}
    assert comp.pioneers == 5
    for players in (2, 3, 4):
        game = new(players)
        assert totals(game)["pioneers"] == 5 * players
        view = game.view(0)
        assert [p["colour"] for p in view["players"]] == list(comp.colours[:players])
        for p in view["players"]:
            assert p["boat"] + int(p["pioneer_on_token_spot"]) + p["settled"] == 5


def test_forty_four_resources_of_four_kinds() -> None:
    """RV-COMP-03: 44 wooden resources of four kinds: wood, stone, clay and food."""
    comp = load()
    assert sum(comp.box) == 44
    assert len(comp.box) == 4
    assert raw_data()["resources"] == ["wood", "stone", "clay", "food"]
    for players in (2, 3, 4):
        game = new(players)
        assert totals(game)["resources in the box"] == 44
        assert set(game.view(0)["islands"]) == {"wood", "stone", "clay", "food"}


def test_sixty_five_tiles_each_showing_one_or_two_of_five_terrains() -> None:
    """RV-COMP-04: 65 terrain tiles; each shows one of the five terrain types (desert, badlands,
    forest, meadow, mountains), or two of them on a mixed tile."""
    tiles = raw_data()["tile"]
    assert len(tiles) == 65
    assert len({t["id"] for t in tiles}) == 65
    assert set(raw_data()["terrains"]) == TERRAINS
    seen: set[str] = set()
    mixed = 0
    for t in tiles:
        assert 1 <= len(set(t["terrains"])) <= 2
        assert set(t["terrains"]) <= TERRAINS
        seen |= set(t["terrains"])
        mixed += len(t["terrains"]) == 2
    assert seen == TERRAINS
    assert mixed > 0
    assert totals(new(4))["terrain tiles"] == 65


def test_production_symbol_counts_one_and_warehouse_holds_one_of_any_kind() -> None:
    """RV-COMP-05: a production symbol counts 1 toward producing its resource, a warehouse holds 1
    resource of any kind; a tile may show production symbols, warehouses or both."""
    kinds = Counter()
    for t in raw_data()["tile"]:
        symbols = set(t["symbols"])
        has_prod = bool(symbols & {"wood", "stone", "clay"})
        kinds[(has_prod, "warehouse" in symbols)] += 1
    assert kinds[(True, False)] and kinds[(False, True)] and kinds[(True, True)]
    # T08 shows 2 wood symbols and covers the printed wood of space 2; T05 shows wood + warehouse.
    game = position("""
players = 2
[[seat]]
river = ["T05", "T08"]
resources = "stone clay food"
""")
    me = seat_view(game, 0)
    assert me["production"] == {"wood": 3, "stone": 1, "clay": 1}
    assert me["warehouses"] == 1 + 4  # T05's warehouse and the printed ones on spaces 3, 5, 8, 10
    # 2 players: no first-pioneer extra, so producing wood gives exactly the 3 symbols
    play(game, "produce wood")
    assert game.view(0)["step"] == "store resources"  # 3 wood owed, 2 warehouses free
    play(game, "forfeit wood")
    me = seat_view(game, 0)
    # a warehouse takes any kind: wood, stone, clay and food side by side, one each
    assert me["resources"] == {"wood": 2, "stone": 1, "clay": 1, "food": 1}
    assert sum(me["resources"].values()) == me["warehouses"]
    assert game.view(0)["islands"]["wood"] == 8 - 2  # 1 wood of the 3 did not fit: forfeited


def test_meadow_tiles_carry_one_effect_each_of_three_kinds() -> None:
    """RV-COMP-06: meadow tiles carry special effects, each of one kind: applied once when placed,
    kept for later use, or scored at game end."""
    comp = load()
    for tile in comp.tiles:
        is_meadow = 3 in tile.terrains  # TERRAINS.index("meadow")
        assert bool(tile.meadow) == is_meadow, tile.id
        if is_meadow:
            assert tile.meadow in IMMEDIATE | KEPT | END_GAME
    effects = {t.meadow for t in comp.tiles if t.meadow}
    assert effects & IMMEDIATE and effects & KEPT and effects & END_GAME
    # one of each kind in play: T60 gives food at once, T63 is kept, T65 scores at the end
    game = position("""
players = 2
terrain_display = "T60 T63 T65 T01 T02"
[[seat]]
river = ["T37"]
claims = 0
""")
    store_anywhere(play(game, "claim T60"))
    me = seat_view(game, 0)
    assert me["resources"]["food"] == 2
    assert me["meadow_discounts"] == 0 and me["meadow_points"] == 0
    play(game, "claim T01")  # seat 1
    play(game, "claim T63")
    me = seat_view(game, 0)
    assert me["meadow_discounts"] == 1 and me["meadow_points"] == 0
    assert me["resources"]["food"] == 2
    play(game, "claim T02")  # seat 1
    game = position("""
players = 2
terrain_display = "T65 T01"
[[seat]]
river = ["T37"]
""")
    play(game, "claim T65")
    me = seat_view(game, 0)
    assert me["meadow_points"] == 3
    assert me["resources"] == {"wood": 0, "stone": 0, "clay": 0, "food": 0}
    assert me["meadow_discounts"] == 0 and me["extra_claims"] == 0


def test_thirty_three_buildings_worth_two_to_nine_and_never_less_for_a_dearer_card() -> None:
    """RV-COMP-07: 33 building cards with a wood/stone/clay cost and 2..9 VP; a card never has
    fewer VP than a card with a smaller total cost."""
    buildings = load().buildings
    assert len(buildings) == 33
    assert len({b.id for b in buildings}) == 33
    for b in buildings:
        assert len(b.cost) == 3 and min(b.cost) >= 0 and sum(b.cost) > 0
        assert 2 <= b.points <= 9
    assert min(b.points for b in buildings) == 2
    assert max(b.points for b in buildings) == 9
    for a in buildings:
        for b in buildings:
            if sum(a.cost) < sum(b.cost):
                assert a.points <= b.points, (a.id, b.id)
    assert totals(new(4))["buildings"] == 33


def test_twenty_bonus_tokens_from_six_to_zero_with_a_two_dot_set() -> None:
    """RV-COMP-08: 20 bonus tokens valued from 6 down to 0; the tokens of 2-player games show 2
    dots."""
    comp = load()
    assert len(comp.token_values) == 20
    assert max(comp.token_values) == 6 and min(comp.token_values) == 0
    assert set(comp.token_values) == set(range(7))
    dotted = [v for v, d in zip(comp.token_values, comp.token_two_dots, strict=True) if d]
    assert 0 < len(dotted) < 20
    assert totals(new(4))["bonus tokens"] == 20
    assert totals(new(2))["bonus tokens"] == 20
    piles = new(2).view(0)["token_piles"]
    assert sorted(piles["left"] + [0] * piles["right"]) == sorted(dotted)


def test_river_board_is_three_rows_of_four_linked_by_a_winding_river() -> None:
    """RV-COMP-09: a river board has 12 terrain spaces in 3 rows of 4 columns linked by the river;
    space 1 is the top-left corner."""
    assert load().river_spaces == 12
    river = seat_view(new(4), 0)["river"]
    assert [s["space"] for s in river] == list(range(1, 13))
    cells = [(s["row"], s["column"]) for s in river]
    assert sorted(cells) == [(r, c) for r in (1, 2, 3) for c in (1, 2, 3, 4)]
    assert cells[0] == (1, 1)
    for a, b in itertools.pairwise(cells):  # consecutive spaces touch
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def test_printed_symbols_count_while_uncovered_and_differ_by_colour(tmp_path: Path) -> None:
    """RV-COMP-10: printed production and warehouse symbols count like tile symbols while the space
    is uncovered; the printing differs from one colour's board to another (per colour data)."""
    game = position("""
players = 2
[[seat]]
river = []
[[seat]]
river = ["T37", "T38", "T39"]
""")
    bare = seat_view(game, 0)
    assert bare["production"] == {"wood": 1, "stone": 1, "clay": 1}  # spaces 2, 4, 6
    assert bare["warehouses"] == 4  # spaces 3, 5, 8, 10
    covered = seat_view(game, 1)
    # T37..T39 (2 warehouses each) cover spaces 1-3: the printed wood (2) and warehouse (3) are gone
    assert covered["production"] == {"wood": 0, "stone": 1, "clay": 1}
    assert covered["warehouses"] == 6 + 3
    # a board printing of its own for one colour changes only that colour's board
    blue = [list(s) for s in PLACEHOLDER_PRINTING]
    blue[11] = ["clay", "warehouse"]
    path = boards_override(tmp_path, {("blue", "2"): blue})
    game = position(f"""
players = 2
[options]
components = {json.dumps(path)}
""")
    assert seat_view(game, 0)["production"]["clay"] == 1
    assert seat_view(game, 0)["warehouses"] == 4
    assert seat_view(game, 1)["production"]["clay"] == 2
    assert seat_view(game, 1)["warehouses"] == 5


def test_each_river_board_has_four_framed_spaces() -> None:
    """RV-COMP-11: each river board (every colour, both sides) has exactly 4 framed spaces, each
    with a pioneer silhouette: covering one settles a pioneer at cleanup."""
    for board in load().boards.values():
        assert len(board.framed) == 4
    # 2 players, seat 0 covers framed space 4 with its last pioneer; seat 1 covers nothing framed
    game = position("""
players = 2
terrain_display = "T01 T02 T03"
[[seat]]
river = ["T37", "T38", "T39"]
boat = 1
on_board = 3
[[seat]]
river = ["T40"]
boat = 1
on_board = 3
""")
    play(game, "claim T01", "claim T02")
    assert game.view(0)["round"] == 2
    assert seat_view(game, 0)["settled"] == 1 and seat_view(game, 0)["boat"] == 3
    assert seat_view(game, 1)["settled"] == 0 and seat_view(game, 1)["boat"] == 4


def test_token_spots_ranked_from_the_top_second_one_shows_a_pioneer() -> None:
    """RV-COMP-12: the token spots form a column ranked from the top; the second spot from the
    top holds a pioneer, freed when the second token is placed on it."""
    for board in load().boards.values():
        assert board.pioneer_spot == 1  # index 0.. : the second spot
    game = position("""
players = 4
building_display = ["B01", "B02", "B03", "B04"]
terrain_display = "T01 T02 T03"
[[seat]]
river = ["T43"]
resources = "wood stone wood clay"
""")
    play_from_anywhere(game, "construct B01", "pay wood", "pay stone")
    me = seat_view(game, 0)
    assert me["tokens"] == [6] and me["pioneer_on_token_spot"] is True and me["boat"] == 3
    for seat in (1, 2, 3):
        play(game, "take the first player pawn" if seat == 1 else "claim " +
             game.view(seat)["terrain_display"][0]["id"])
    play_from_anywhere(game, "construct B02", "pay wood", "pay clay")
    me = seat_view(game, 0)
    assert me["tokens"] == [6, 5]
    assert me["pioneer_on_token_spot"] is False
    assert me["boat"] == 3  # one placed, one freed from the second spot


def test_five_token_spots_on_both_sides() -> None:
    """RV-COMP-13: a river board has 5 bonus-token spots on either side: a 5th token is taken, a
    6th is not."""
    for board in load().boards.values():
        assert board.token_spots == 5
    for players, four, fifth in ((2, [6, 5, 4, 3], 2), (4, [6, 5, 5, 4], 4)):
        seats = "\n[[seat]]\n" * (players - 1)
        game = position(f"""
players = {players}
building_display = ["B01", "B02", "B03"]
[[seat]]
resources = "wood stone"
tokens = {four}
{seats}
""")
        play_from_anywhere(game, "construct B01", "pay wood", "pay stone")
        assert seat_view(game, 0)["tokens"] == [*four, fifth]
        game = position(f"""
players = {players}
building_display = ["B01", "B02", "B03"]
[[seat]]
resources = "wood stone"
tokens = {[*four, fifth]}
{seats}
""")
        before = game.view(0)["token_piles"]
        play_from_anywhere(game, "construct B01", "pay wood", "pay stone")
        assert seat_view(game, 0)["tokens"] == [*four, fifth]
        assert seat_view(game, 0)["built"] == ["B01"]
        assert game.view(0)["token_piles"] == before


def test_unlisted_contents_are_the_reference_notes_replaceable_data(tmp_path: Path) -> None:
    """RV-COMP-14: the tile census and meadow effects, the 33 building costs/VP (no abilities),
    the token values (one 6, two each of 5..1, nine 0s; 2-dot set one each of 6..1 and four 0s)
    and the board printing with framed spaces 4, 6, 8, 10 on every colour and side are the
    reference note's data, and a components file replaces them."""
    comp = load()
    census: Counter[tuple[str, ...]] = Counter()
    for t in raw_data()["tile"]:
        terr = tuple(sorted(t["terrains"]))
        census[(*terr, *sorted(t["symbols"]))] += 1
    expected = Counter({
        ("forest", "wood"): 4, ("forest", "warehouse", "wood"): 3, ("forest", "wood", "wood"): 2,
        ("forest", "warehouse", "warehouse"): 3,
        ("mountains", "stone"): 4, ("mountains", "stone", "warehouse"): 3,
        ("mountains", "stone", "stone"): 2, ("mountains", "warehouse", "warehouse"): 3,
        ("badlands", "clay"): 4, ("badlands", "clay", "warehouse"): 3,
        ("badlands", "clay", "clay"): 2, ("badlands", "warehouse", "warehouse"): 3,
        ("desert", "warehouse", "warehouse"): 6,
        ("desert", "warehouse", "warehouse", "warehouse"): 3,
        ("desert", "stone", "wood"): 3,
        ("forest", "mountains", "stone", "wood"): 2, ("badlands", "mountains", "clay", "stone"): 2,
        ("badlands", "forest", "clay", "wood"): 2, ("desert", "forest", "warehouse", "wood"): 1,
        ("desert", "mountains", "stone", "warehouse"): 1, ("meadow",): 9,
    })
    assert census == expected
    assert Counter(t.meadow for t in comp.tiles if t.meadow) == Counter({
        "tokens": 1, "buildings": 1, "pioneers": 1, "three points": 1, "two food": 2,
        "two resources": 1, "discount": 1, "extra claim": 1})
    costs = [(b.cost, b.points) for b in comp.buildings]
    assert costs[:6] == [((1, 1, 0), 2), ((1, 0, 1), 2), ((0, 1, 1), 2), ((2, 0, 0), 2),
                         ((0, 2, 0), 2), ((0, 0, 2), 2)]
    assert costs[12:15] == [((1, 1, 1), 4)] * 3
    assert costs[30:] == [((2, 2, 2), 9), ((3, 2, 1), 9), ((1, 2, 3), 9)]
    assert Counter(p for _, p in costs) == Counter({2: 6, 3: 6, 4: 3, 5: 3, 6: 6, 7: 3, 8: 3,
                                                    9: 3})
    for b in raw_data()["building"]:
        assert set(b) <= {"id", "cost", "points", "reconstructed"}  # no ability
    assert Counter(comp.token_values) == Counter({6: 1, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 0: 9})
    dotted = [v for v, d in zip(comp.token_values, comp.token_two_dots, strict=True) if d]
    assert Counter(dotted) == Counter({6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1, 0: 4})
    for board in raw_data()["board"]:
        assert board["spaces"] == PLACEHOLDER_PRINTING
        assert board["framed"] == [4, 6, 8, 10]
    # replaceable: a components file with other token values changes the piles in play
    path = tmp_path / "tokens.toml"
    path.write_text("[tokens]\nvalues = [" + ", ".join(["3"] * 10 + ["0"] * 10) + "]\n"
                    "two_dots = [" + ", ".join(["1"] * 20) + "]\n")
    game = new(2, components=str(path))
    assert game.view(0)["token_piles"] == {"left": [3] * 10, "right": 10}
