"""Rule tests for Wayfarers upgrade tiles and the caravan (WF-UPG-01..25)."""

from __future__ import annotations

from tests.wayfarers.helpers import (
    LAND_TILE,
    RESERVE,
    acts,
    board_host,
    gain,
    give,
    new,
    place_tile,
    play,
    put_display,
    set_dice,
    starting,
    state,
)
from upriver.core.game import Game
from upriver.games.wayfarers import caravan
from upriver.games.wayfarers.components import TILE_ICONS
from upriver.games.wayfarers.scoring import breakdown


def table(dice: list[int], silver: int = 10, board: int = 0, **holdings: int) -> Game:
    """Seat 0 to move, on player board 1 (printed icons: row 1 ``camel, -, silver, provision,
    -, telescope``; row 2 ``-, move influence, -, -, provision, -``; row 3 ``provision, -,
    card influence, refresh die, -, silver``), no Guild Influence unless given."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = board
    held = {"black": 0, "yellow": 0, "blue": 0, **holdings}
    give(g, 0, silver=silver, **held)
    set_dice(g, 0, dice)
    return g


def tile_cells(g: Game) -> list[str]:
    return [a for a in acts(g) if a.startswith("place tile at ")]


def test_caravan_column_n_serves_a_die_showing_n() -> None:
    """WF-UPG-01: the caravan is 6 columns by 3 rows and column n serves a die showing n: a Ship
    in column 3 lets a 3, and only a 3, onto the Capital Harbour's Ship space."""
    g = table([2, 3, 4])
    place_tile(g, 0, "basic-ship", 3, 2)
    assert len(state(g).caravan) == 18 * 2
    play(g, "place die 3")
    assert "place die 3 on Capital Harbour" in acts(g)
    for v in (2, 4):
        g2 = table([v])
        place_tile(g2, 0, "basic-ship", 3, 2)
        play(g2, f"place die {v}")
        assert not any("Capital Harbour" in a for a in acts(g2))


def test_printed_asset_cells_are_never_covered() -> None:
    """WF-UPG-02: the printed Camel (column 1 top) and Telescope (column 6 top) can never be
    covered, leaving 16 cells for a 1-cell tile."""
    g = table([2])
    play(g, "place die 2", "place die 2 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE)
    cells = tile_cells(g)
    assert len(cells) == 16
    assert "place tile at column 1 row 1" not in cells
    assert "place tile at column 6 row 1" not in cells


def test_every_offered_tile_place_lies_inside_the_grid() -> None:
    """WF-UPG-03: every top-left cell ``caravan.positions`` offers (the only anchors a "place
    tile" decision names) keeps the whole tile inside the grid, so ``caravan.place`` always
    finds its cells; checked for every tile on an empty caravan of every player board."""
    g = table([])
    st = state(g)
    for board in range(4):
        st.board[0] = board
        for tile in st.cfg.comp.tiles:
            anchors = caravan.positions(st, 0, tile)
            assert anchors
            assert all(caravan.cells_of(tile, a) is not None for a in anchors)


def test_tiles_lie_inside_the_grid_without_overlap() -> None:
    """WF-UPG-03, WF-UPG-06: a tile lies wholly inside the grid on cells free of tiles and
    printed assets; a placed tile stays where it is. A 2-wide Land tile has 13 positions in an
    empty caravan (rows 2-3: columns 1-5; row 1: columns 2-4), 11 once a tile sits in column 3
    row 2, and that tile is still there after the new one is placed."""
    g = table([1], yellow=2)
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01",
         "take tile land-camel face a (3 silver)" + LAND_TILE)
    assert len(tile_cells(g)) == 13
    g = table([1], yellow=2)
    gain(g, 0, "L01")
    place_tile(g, 0, "basic-ship", 3, 2)
    before = list(state(g).caravan[:18])
    play(g, "place die 1", "place die 1 on L01",
         "take tile land-camel face a (3 silver)" + LAND_TILE)
    cells = tile_cells(g)
    assert len(cells) == 11
    for bad in ("column 2 row 2", "column 3 row 2", "column 1 row 1", "column 5 row 1"):
        assert f"place tile at {bad}" not in cells
    play(g, "place tile at column 4 row 3")
    after = state(g).caravan[:18]
    assert all(after[c] == before[c] for c in range(18) if before[c] >= 0)
    assert after[3 + 12] >= 0 and after[4 + 12] >= 0


def test_tiles_are_never_rotated() -> None:
    """WF-UPG-04: Land/Water tiles always cover 2 columns of 1 row, Space tiles 1 column of 2
    rows, Basic and Special tiles 1 cell."""
    comp = state(new(2)).cfg.comp
    shapes = {t.id: (t.width, t.height) for t in comp.tiles}
    for t in comp.tiles:
        expected = {0: (1, 1), 1: (2, 1), 2: (2, 1), 3: (1, 2), 4: (1, 1)}[t.colour]
        assert shapes[t.id] == expected
    # A Space tile is only ever anchored on rows 1-2 (it needs the row below), never beside
    # the printed corners: 10 positions, all vertical.
    st = state(table([6]))
    tile = next(t for t in comp.tiles if t.id == "space-trio")
    anchors = caravan.positions(st, 0, tile)
    assert len(anchors) == 10
    assert all(a // 6 in (0, 1) for a in anchors)
    assert 0 not in anchors and 5 not in anchors


def test_land_and_water_tiles_may_be_flipped_and_one_face_takes_the_tile() -> None:
    """WF-UPG-05: a Land or Water tile may be placed either face up; taking one face removes
    that physical tile (both faces) from the board supply."""
    g = table([1])
    gain(g, 0, "L01")
    st = state(g)
    tile = next(t for t in st.cfg.comp.tiles if t.id == "land-camel")
    st.tile_supply[tile.index] = 1
    play(g, "place die 1", "place die 1 on L01")
    assert "take tile land-camel face a (3 silver)" + LAND_TILE in acts(g)
    assert "take tile land-camel face b (3 silver)" + LAND_TILE in acts(g)
    play(g, "take tile land-camel face b (3 silver)" + LAND_TILE, "place tile at column 2 row 2")
    assert st.tile_supply[tile.index] == 0
    code = st.caravan[1 + 6]
    assert code // 8 == tile.index and code % 8 // 2 == 1  # face b
    # Face b is [Camel | -1]: column 2 now has a Camel, column 3 a -1.
    assets = caravan.column(st, 0, 1)[0]
    assert assets[0] == 1
    assert caravan.column(st, 0, 2)[1] == 2
    # Later, neither face is on offer any more.
    g2 = table([1])
    gain(g2, 0, "L01")
    state(g2).tile_supply[tile.index] = 0
    play(g2, "place die 1", "place die 1 on L01")
    assert not starting(g2, "take tile land-camel")


def test_covering_a_printed_icon_gives_it_and_a_two_cell_tile_gives_two() -> None:
    """WF-UPG-07: covering a printed caravan icon gives it at once; a 2-cell tile covering the
    Silver (column 3 row 1) and the Provision (column 4 row 1) of board 1 gives both."""
    g = table([1], provisions=0)
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01",
         "take tile land-camel face a (3 silver)" + LAND_TILE,
         "place tile at column 3 row 1")
    st = state(g)
    assert st.silver[0] == 7
    assert "gain 1 silver" in acts(g) and "gain 1 provision" in acts(g)
    play(g, "gain 1 silver", "gain 1 provision")
    assert st.silver[0] == 8 and st.provisions[0] == 1
    # A blank cell gives nothing: column 2 row 1 on board 1.
    g = table([2], provisions=0)
    play(g, "place die 2", "place die 2 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE,
         "place tile at column 2 row 1")
    assert state(g).seat == 1 and state(g).silver[0] == 8 and state(g).provisions[0] == 0


def test_tile_prices_by_colour() -> None:
    """WF-UPG-08: Basic 2 Silver; Land 3 Silver or 2 Yellow; Water 3 Silver or 2 Blue; Space
    3 Silver or 2 Black; Special free."""
    g = table([2], yellow=2)
    play(g, "place die 2", "place die 2 on Capital Reserve")
    assert "take tile basic-pigeon (2 silver)" + RESERVE in acts(g)
    g = table([1], yellow=2)
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01")
    assert {"take tile land-pigeon face a (3 silver)" + LAND_TILE,
            "take tile land-pigeon face a (2 yellow influence)" + LAND_TILE} <= set(acts(g))
    play(g, "take tile land-pigeon face a (2 yellow influence)" + LAND_TILE)
    st = state(g)
    assert st.guild[1] == 0 and st.silver[0] == 10
    g = table([1], blue=2)
    gain(g, 0, "L01")
    place_tile(g, 0, "basic-ship", 1, 2)
    gain(g, 0, "W07")
    play(g, "place die 1", "place die 1 on W07")
    water = " (of: water tile | 2 blue influence)"
    assert {"take tile water-ship face a (3 silver)" + water,
            "take tile water-ship face a (2 blue influence)" + water} <= set(acts(g))
    g = table([6], black=2)
    gain(g, 0, "L11")
    place_tile(g, 0, "basic-camel", 6, 2)
    play(g, "place die 6", "place die 6 on L11")
    space = " (of: space tile | 2 black influence)"
    assert {"take tile space-trio (3 silver)" + space,
            "take tile space-trio (2 black influence)" + space} <= set(acts(g))
    play(g, "take tile space-trio (3 silver)" + space)
    assert state(g).silver[0] == 7
    # Special: free (a column 4 Journal space).
    g = table([1], silver=0)
    state(g).jpos[0] = 32
    gain(g, 0, "L18")
    place_tile(g, 0, "basic-pigeon", 6, 2)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on L18")
    play(g, *[a for a in acts(g) if a.startswith("journal to 40")][:1])
    assert "take tile special-comet (free)" in acts(g)


def test_silver_discounts_never_lower_the_influence_price() -> None:
    """WF-UPG-09: a Silver discount lowers only a tile's Silver price (3 -> 2), never its
    Influence alternative (still 2 Yellow)."""
    g = table([3], yellow=2)
    gain(g, 0, "L01")
    place_tile(g, 0, "land-discount", 2, 2, face=0)  # [ - | silver off ]: column 3
    place_tile(g, 0, "basic-camel", 3, 3)
    play(g, "place die 3", "place die 3 on L01")
    assert "take tile land-pigeon face a (2 silver)" + LAND_TILE in acts(g)
    assert "take tile land-pigeon face a (2 yellow influence)" + LAND_TILE in acts(g)
    assert not [a for a in acts(g) if "(1 yellow influence)" in a]


def _icons(face: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    return [[TILE_ICONS[i] for i in cell] for cell in face]


def test_land_tile_faces() -> None:
    """WF-UPG-10: the Land tile faces are [+1|Camel]/[Camel|-1], [Pigeon|+1]/[-1|Pigeon],
    [1 VP|Silver discount]/[Silver discount|1 VP]."""
    comp = state(new(2)).cfg.comp
    land = {t.id: t for t in comp.tiles if t.colour == 1}
    faces = sorted([_icons(f) for f in t.faces] for t in land.values())
    assert faces == sorted([
        [[["up"], ["camel"]], [["camel"], ["down"]]],
        [[["pigeon"], ["up"]], [["down"], ["pigeon"]]],
        [[[], ["silver_off"]], [["silver_off"], []]],
    ])
    assert land["land-discount"].vp == 1
    # Behaviour: [+1 | Camel] in columns 2-3 lets a 2 climb to 3 and use the Camel.
    g = table([2])
    place_tile(g, 0, "land-camel", 2, 2, face=0)
    play(g, "place die 2")
    assert "caravan: die 2 to 3" in acts(g)
    play(g, "caravan: die 2 to 3")
    assert "place die 3 on Capital City" in acts(g)


def test_water_tile_faces() -> None:
    """WF-UPG-11: the Water tile faces are [+1|Ship]/[Ship|-1], [Ship|Pigeon]/[Pigeon|Ship],
    [Silver discount|+1]/[-1|Silver discount]."""
    comp = state(new(2)).cfg.comp
    water = [t for t in comp.tiles if t.colour == 2]
    faces = sorted([_icons(f) for f in t.faces] for t in water)
    assert faces == sorted([
        [[["up"], ["ship"]], [["ship"], ["down"]]],
        [[["ship"], ["pigeon"]], [["pigeon"], ["ship"]]],
        [[["silver_off"], ["up"]], [["down"], ["silver_off"]]],
    ])
    g = table([4])
    place_tile(g, 0, "water-ship-pigeon", 4, 3, face=1)  # [Pigeon | Ship]: column 5 Ship
    play(g, "place die 4")
    assert not any("Capital Harbour" in a for a in acts(g))
    assert "place die 4 on Capital Library" in acts(g)


def test_space_tiles_serve_their_single_column() -> None:
    """WF-UPG-12: the Space tiles are Ship+Pigeon+Camel; +/-1 with 3 VP; Telescope + Provision
    discount; their icons serve the one column they stand in."""
    comp = state(new(2)).cfg.comp
    space = {t.id: ([TILE_ICONS[i] for i in t.faces[0][0]], t.vp) for t in comp.tiles
             if t.colour == 3}
    assert sorted(space.values()) == sorted([
        (["ship", "pigeon", "camel"], 0), (["updown"], 3), (["telescope", "provision_off"], 0)])
    g = table([4])
    place_tile(g, 0, "space-trio", 4, 2)
    st = state(g)
    assert caravan.column(st, 0, 3)[0] == [1, 1, 1, 0]
    assert caravan.column(st, 0, 2)[0] == [0, 0, 0, 0]
    play(g, "place die 4")
    assert {"place die 4 on Capital City", "place die 4 on Capital Harbour",
            "place die 4 on Capital Library"} <= set(acts(g))


def test_basic_tiles() -> None:
    """WF-UPG-13: the 4 Basic tile types are Telescope, Ship, Pigeon and Camel, each 1 VP."""
    comp = state(new(2)).cfg.comp
    basic = sorted((TILE_ICONS[t.faces[0][0][0]], t.vp) for t in comp.tiles if t.colour == 0)
    assert basic == [("camel", 1), ("pigeon", 1), ("ship", 1), ("telescope", 1)]
    g = table([3])
    place_tile(g, 0, "basic-telescope", 3, 2)
    play(g, "place die 3")
    assert "place die 3 on Capital Observatory" in acts(g)


def test_special_tiles_tags_and_vp() -> None:
    """WF-UPG-14: the Special tiles (tag, VP): Open Water 1, Harbour 1, City 1, Vista 1,
    Library 5, Observatory 5, Planet 3, Stars 5, Comet 5, double Comet 4."""
    from upriver.games.wayfarers.formulas import TAGS
    comp = state(new(2)).cfg.comp
    special = sorted(([TAGS[t] for t in tile.tags], tile.vp) for tile in comp.tiles
                     if tile.colour == 4)
    assert special == sorted([
        (["open_water"], 1), (["harbour"], 1), (["city"], 1), (["vista"], 1),
        (["library"], 5), (["observatory"], 5), (["planet"], 3), (["stars"], 5),
        (["comet"], 5), (["comet", "comet"], 4)])


def test_special_tile_tags_work_like_card_tags() -> None:
    """WF-UPG-15: a Special tile's tags count like card tags: the Special City makes 2 City
    tags, which scores the common set (2 VP) and opens Journal link 10->20 (side a: 2 City);
    a Special Vista fires the Vista-trigger Vista L25."""
    g = new(2, seed=1, sides="aaa")
    st = state(g)
    st.jpos[0] = 10
    gain(g, 0, "L16")  # a Library City: pigeon, "yellow influence & journal"
    give(g, 0, black=0, yellow=0, blue=0)
    st.tags[0] -= 1  # L16 is a City: take its City tag back so the board's City is alone
    set_dice(g, 0, [6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on L16")
    assert "journal to 20" not in acts(g)
    g = new(2, seed=1, sides="aaa")
    st = state(g)
    st.jpos[0] = 10
    gain(g, 0, "L16")
    give(g, 0, black=0, yellow=0, blue=0)
    st.tags[0] -= 1
    place_tile(g, 0, "special-city", 2, 2)
    set_dice(g, 0, [6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    assert st.tags[0] == 2
    assert breakdown(st)[0]["primary tags"] == 2
    play(g, "place die 6", "place die 6 on L16")
    assert "journal to 20" in acts(g)
    # A Special Vista tile fires a Vista-trigger Vista (L25: silver).
    g = table([2])
    gain(g, 0, "L25")
    st = state(g)
    special = next(t for t in st.cfg.comp.tiles if t.id == "special-vista")
    st.jpos[0] = 32
    gain(g, 0, "L18")
    set_dice(g, 0, [6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    give(g, 0, black=0)
    play(g, "place die 6", "place die 6 on L18", "journal to 40", "take tile special-vista (free)",
         "place tile at column 2 row 2")
    assert st.tags[1] == 2 and st.ntiles[4] == 1 and st.tile_supply[special.index] == 0
    before = st.silver[0]
    assert "gain 1 silver" in acts(g)
    play(g, "gain 1 silver")
    assert st.silver[0] == before + 1


def test_asset_icons_in_a_column_add_up() -> None:
    """WF-UPG-16: every asset icon in a column adds to it: two Ship icons in column 4 give two
    Ships, enough for W04's Ship+Ship space; one is not."""
    g = table([4])
    gain(g, 0, "W04")
    place_tile(g, 0, "basic-ship", 4, 2)
    play(g, "place die 4")
    assert "place die 4 on W04" not in acts(g)
    g = table([4])
    gain(g, 0, "W04")
    place_tile(g, 0, "basic-ship", 4, 2)
    place_tile(g, 0, "basic-ship", 4, 3)
    assert caravan.column(state(g), 0, 3)[0][1] == 2
    play(g, "place die 4")
    assert "place die 4 on W04" in acts(g)


def test_change_icons_move_the_die_in_their_direction() -> None:
    """WF-UPG-17: a +1 icon lets a die showing that column's value go up 1, a -1 icon down 1,
    a +/-1 either way."""
    g = table([3, 3])
    place_tile(g, 0, "land-camel", 2, 2, face=1)  # [Camel | -1]: column 2 Camel, 3 down
    play(g, "place die 3")
    assert "caravan: die 3 to 2" in acts(g)
    assert "caravan: die 3 to 4" not in acts(g)
    g = table([2])
    place_tile(g, 0, "space-updown", 2, 1)
    place_tile(g, 0, "basic-camel", 1, 2)
    place_tile(g, 0, "basic-camel", 3, 3)
    play(g, "place die 2")
    assert {"caravan: die 2 to 1", "caravan: die 2 to 3"} <= set(acts(g))


def test_changes_chain_through_the_columns() -> None:
    """WF-UPG-18: after a change the die uses its new column's icons and may change again:
    1 -> 2 -> 3, then onto a Ship space served by column 3."""
    g = table([1])
    place_tile(g, 0, "land-camel", 1, 2, face=0)  # [+1 | Camel]: column 1 up
    place_tile(g, 0, "land-pigeon", 1, 3, face=0)  # [Pigeon | +1]: column 2 up
    place_tile(g, 0, "basic-ship", 3, 1)
    play(g, "place die 1")
    assert not any("Capital Harbour" in a for a in acts(g))
    play(g, "caravan: die 1 to 2", "caravan: die 2 to 3")
    assert "place die 3 on Capital Harbour" in acts(g)
    play(g, "place die 3 on Capital Harbour")
    assert state(g).occupied[board_host(0, "harbour")] == 1 and state(g).dice[0] == []


def test_changes_do_not_stack_within_a_column() -> None:
    """WF-UPG-19: two -1 icons in column 5 still give one step: a 5 becomes a 4, never a 3."""
    g = table([5])
    place_tile(g, 0, "land-camel", 4, 2, face=1)  # [Camel | -1]: column 5 down
    place_tile(g, 0, "water-ship", 4, 3, face=1)  # [Ship | -1]: column 5 down
    place_tile(g, 0, "basic-telescope", 3, 2)  # a 3 could use the Observatory
    play(g, "place die 5")
    assert "caravan: die 5 to 4" in acts(g)
    play(g, "caravan: die 5 to 4")
    assert not starting(g, "caravan: die 4 to 3")
    assert "place die 4 on Capital Observatory" not in acts(g)
    assert "place die 3 on Capital Observatory" not in acts(g)


def test_caravan_changes_never_wrap() -> None:
    """WF-UPG-20: a 1 never becomes a 6 and a 6 never becomes a 1, even with +/-1 icons in
    columns 1 and 6."""
    g = table([1])
    place_tile(g, 0, "space-updown", 1, 2)
    place_tile(g, 0, "basic-ship", 2, 2)
    place_tile(g, 0, "basic-ship", 6, 3)
    play(g, "place die 1")
    chain = starting(g, "caravan: ")
    assert chain == ["caravan: die 1 to 2"]
    g = table([6])
    place_tile(g, 0, "space-updown", 6, 2)
    place_tile(g, 0, "basic-ship", 5, 2)
    place_tile(g, 0, "basic-ship", 1, 3)
    play(g, "place die 6")
    assert starting(g, "caravan: ") == ["caravan: die 6 to 5"]


def test_silver_discount_lowers_the_silver_price_of_the_die_action() -> None:
    """WF-UPG-21: each Silver discount icon in the placed die's column lowers the Silver paid
    in that die's action by 1: one icon makes a Basic tile cost 1; two make it free."""
    g = table([3])
    place_tile(g, 0, "land-discount", 2, 2, face=0)  # column 3: silver off
    play(g, "place die 3", "place die 3 on Capital Reserve")
    assert "take tile basic-ship (1 silver)" + RESERVE in acts(g)
    play(g, "take tile basic-ship (1 silver)" + RESERVE)
    assert state(g).silver[0] == 9
    g = table([3])
    place_tile(g, 0, "land-discount", 2, 2, face=0)
    place_tile(g, 0, "water-discount", 2, 3, face=1)  # [-1 | silver off]: column 3
    play(g, "place die 3", "place die 3 on Capital Reserve")
    assert "take tile basic-ship (0 silver)" + RESERVE in acts(g)
    # A die in the column without the icon pays full price.
    g = table([2])
    place_tile(g, 0, "land-discount", 2, 2, face=0)
    play(g, "place die 2", "place die 2 on Capital Reserve")
    assert "take tile basic-ship (2 silver)" + RESERVE in acts(g)


def test_provision_discount_lowers_the_provision_cost() -> None:
    """WF-UPG-22: a Provision discount icon in the die's column lowers the action's Provision
    cost by 1 (Capital City: 2 -> 1); a cost brought to 0 disappears (W04: 1 -> nothing)."""
    g = table([3], provisions=1)
    place_tile(g, 0, "space-telescope", 3, 2)
    place_tile(g, 0, "basic-camel", 3, 1)
    play(g, "place die 3", "place die 3 on Capital City")
    paid = "pay 1 provision -> silver & land card (of: pay 2 provisions -> silver & land card)"
    assert paid in acts(g)
    play(g, paid)
    assert state(g).provisions[0] == 0
    assert starting(g, "take L")
    g = table([3], provisions=0, blue=1)
    gain(g, 0, "W04")
    place_tile(g, 0, "space-telescope", 3, 1)
    place_tile(g, 0, "basic-ship", 3, 3)
    play(g, "place die 3", "hire a ship (1 blue influence)", "place die 3 on W04")
    free = "pay nothing (discounted) -> water card (of: pay 1 provision -> water card)"
    assert starting(g, "pay ") == [free]
    play(g, free)
    assert state(g).provisions[0] == 0
    assert starting(g, "take W")


def test_discounts_serve_only_the_die_action() -> None:
    """WF-UPG-23: a discount serves only the action of a die placed in its column: a Worker's
    Land tile still costs 3 Silver, and an Influence fee stays 1 on a discounted die action."""
    g = table([1, 2, 3], yellow_workers=1)
    place_tile(g, 0, "land-discount", 1, 2, face=0)  # column 2 silver off
    place_tile(g, 0, "land-discount", 2, 3, face=1)  # column 2 silver off
    card = put_display(g, "land", 3, "L20")
    assert state(g).display[4 + 2] == card
    play(g, "place yellow worker on L20")
    assert "take tile land-camel face a (3 silver)" in acts(g)
    # A die action in the discounted column: the Townsfolk price drops, the fee does not.
    g = table([2], silver=3)
    place_tile(g, 0, "land-discount", 1, 2, face=0)
    t = put_display(g, "townsfolk", 1, "T22")  # Messenger, 1 Silver
    state(g).card_inf[t] = 1
    play(g, "place die 2", "place die 2 on Capital Market")
    takes = starting(g, "take T22")
    assert [t[: t.index(" to seat")] for t in takes] == ["take T22 (fee 1 silver",
                                                        "take T22 (fee 1 provision"]
    play(g, takes[0])
    assert state(g).silver == [2, 4]


def test_tile_vp_counts_at_game_end_once_per_tile() -> None:
    """WF-UPG-24: tile VP count only at game end: the caravan category of the final score is
    the sum of the tiles' printed VP (a 2-cell Space tile once), and gaining a tile gives no VP
    during play."""
    g = table([2])
    st = state(g)
    place_tile(g, 0, "space-updown", 2, 1)  # 3 VP, 2 cells
    place_tile(g, 0, "basic-camel", 3, 3)  # 1 VP
    place_tile(g, 0, "land-discount", 4, 3, face=1)  # 1 VP, 2 cells
    place_tile(g, 0, "water-ship", 4, 2)  # 0 VP
    assert breakdown(st)[0]["caravan"] == 5
    assert not hasattr(st, "vp")


def test_a_tile_gain_names_a_colour_and_takes_any_left_on_the_board() -> None:
    """WF-UPG-25: a tile gain names a colour: a Basic gain offers only Basic tiles still on the
    board, and pays their price unless free."""
    g = table([2])
    st = state(g)
    ship = next(t for t in st.cfg.comp.tiles if t.id == "basic-ship")
    st.tile_supply[ship.index] = 0
    play(g, "place die 2", "place die 2 on Capital Reserve")
    tiles = starting(g, "take tile ")
    assert tiles == ["take tile basic-camel (2 silver)" + RESERVE,
                     "take tile basic-telescope (2 silver)" + RESERVE,
                     "take tile basic-pigeon (2 silver)" + RESERVE]
    # A free gain (the Townsfolk row's slot 3) pays nothing.
    g = table([2], silver=0, green_workers=1)
    put_display(g, "townsfolk", 3, "T08")
    play(g, "place green worker on T08")
    assert "take tile basic-camel (free)" in acts(g)
    play(g, "take tile basic-camel (free)", "place tile at column 2 row 2")
    assert state(g).silver[0] == 0 and state(g).ntiles[0] == 1
