"""The caravan and its upgrade tiles (rulebook 004, "Upgrade Tiles", "Placing a Die";
checklist section UPG).

A cell holds a tile code: ``tile * 8 + face * 2 + part``. A Land or Water tile's two parts are
its left and right cells; a Space tile's icons serve its whole column and sit on its top part.
"""

from __future__ import annotations

from functools import cache

from upriver.games.wayfarers.cards import vista_triggers
from upriver.games.wayfarers.components import ASSETS, Components, Tile
from upriver.games.wayfarers.stack import Effect, push_effects
from upriver.games.wayfarers.state import CELLS, FROM_CELL, State

UP, DOWN, UPDOWN, SILVER_OFF, PROVISION_OFF = range(len(ASSETS), len(ASSETS) + 5)
PRINTED = {0: 0, 5: 3}  # cell -> asset: the Camel of column 1, the Telescope of column 6


def cell_icons(comp: Components, code: int) -> tuple[int, ...]:
    tile = comp.tiles[code // 8]
    face, part = code % 8 // 2, code % 2
    if tile.width == 2:
        return tile.faces[face][part]
    return tile.faces[0][0] if part == 0 else ()


Column = tuple[tuple[int, ...], int, int, int]


def column(st: State, seat: int, col: int) -> tuple[list[int], int, int, int]:
    """What column ``col`` (0-5) gives a die: asset counts, change directions (1 up, 2 down),
    Silver discounts and Provision discounts (WF-UPG-16..22)."""
    assets, dirs, silver_off, provision_off = columns(st, seat)[col]
    return list(assets), dirs, silver_off, provision_off


def columns(st: State, seat: int) -> tuple[Column, ...]:
    return _columns(tuple(st.caravan[seat * CELLS : seat * CELLS + CELLS]))


@cache
def _columns(cells: tuple[int, ...]) -> tuple[Column, ...]:
    from upriver.games.wayfarers.components import load

    comp = load()
    out = []
    for col in range(6):
        assets = [0, 0, 0, 0]
        dirs = silver_off = provision_off = 0
        if col in PRINTED:
            assets[PRINTED[col]] += 1
        for row in range(3):
            code = cells[col + 6 * row]
            if code < 0:
                continue
            for icon in cell_icons(comp, code):
                if icon < 4:
                    assets[icon] += 1
                elif icon == UP:
                    dirs |= 1
                elif icon == DOWN:
                    dirs |= 2
                elif icon == UPDOWN:
                    dirs |= 3
                elif icon == SILVER_OFF:
                    silver_off += 1
                elif icon == PROVISION_OFF:
                    provision_off += 1
        out.append((tuple(assets), dirs, silver_off, provision_off))
    return tuple(out)


def cells_of(tile: Tile, anchor: int) -> tuple[int, ...] | None:
    """The cells a tile covers from its top-left cell, or None when it leaves the grid
    (WF-UPG-03/04: never rotated)."""
    col, row = anchor % 6, anchor // 6
    if col + tile.width > 6 or row + tile.height > 3:
        return None
    return tuple(c + 6 * r for r in range(row, row + tile.height)
                 for c in range(col, col + tile.width))


@cache
def _footprints(width: int, height: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(top-left cell, cells) for every place of a shape inside the grid, off the printed
    cells."""
    out = []
    for anchor in range(CELLS):
        col, row = anchor % 6, anchor // 6
        if col + width > 6 or row + height > 3:
            continue
        cells = tuple(c + 6 * r for r in range(row, row + height)
                      for c in range(col, col + width))
        if not any(c in PRINTED for c in cells):
            out.append((anchor, cells))
    return tuple(out)


def positions(st: State, seat: int, tile: Tile) -> list[int]:
    """Every legal top-left cell for the tile: inside the grid, on free cells, never on the
    printed Camel or Telescope (WF-UPG-02/03)."""
    return list(_positions(tuple(st.caravan[seat * CELLS : seat * CELLS + CELLS]), tile.width,
                           tile.height))


@cache
def _positions(cav: tuple[int, ...], width: int, height: int) -> tuple[int, ...]:
    return tuple(anchor for anchor, cells in _footprints(width, height)
                 if all(cav[c] < 0 for c in cells))


def place(st: State, seat: int, tile_index: int, face: int, anchor: int) -> None:
    """Place a tile; the printed icons it covers, and the Vistas its tags fire, are gained in
    any order (WF-UPG-07, WF-CARD-08, WF-RUL-07)."""
    comp = st.cfg.comp
    tile = comp.tiles[tile_index]
    cells = cells_of(tile, anchor)
    # Not a rule check: the anchor is one ``positions`` offered (``turns.legal_tile``), and
    # those all lie inside the grid (tests/wayfarers/test_caravan.py).
    assert cells is not None
    board = comp.caravans[st.board[seat]]
    effects: list[Effect] = []
    for part, cell in enumerate(cells):
        st.caravan[seat * CELLS + cell] = tile_index * 8 + face * 2 + part
        if board[cell] >= 0:
            effects.append((board[cell], 0, FROM_CELL + cell))
    st.ntiles[seat * 5 + tile.colour] += 1
    for t in tile.tags:
        st.tags[seat * 11 + t] += 1
    if tile.tags:
        vista_triggers(st, seat, tile.tags, False, effects)
    push_effects(st, effects)


def tile_vp(st: State, seat: int) -> int:
    return _tile_vp(tuple(st.caravan[seat * CELLS : seat * CELLS + CELLS]))


@cache
def _tile_vp(cells: tuple[int, ...]) -> int:
    from upriver.games.wayfarers.components import load

    tiles = load().tiles
    return sum(tiles[code // 8].vp for code in cells if code >= 0 and code % 2 == 0)
