"""The River components, loaded from ``data/`` and checked at start-up.

Tiles, buildings, tokens, main-board spots and river boards are data (rulebook 003,
"Components"; the contents come from the reference note and are marked reconstructed). A user's
corrected file (option ``components=PATH``) replaces whole top-level tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from upriver.core.component_files import component_error, load_toml
from upriver.core.errors import BadOption

DATA: Final = Path(__file__).parent / "data"
RESOURCES: Final = ("wood", "stone", "clay", "food")
WOOD: Final = 0
STONE: Final = 1
CLAY: Final = 2
FOOD: Final = 3
TERRAINS: Final = ("desert", "badlands", "forest", "meadow", "mountains")
MEADOW: Final = TERRAINS.index("meadow")
ACTIONS: Final = ("claim", "construct", "wood", "stone", "clay", "food", "reserve", "first", "swap")
MEADOW_EFFECTS: Final = (
    "tokens", "buildings", "pioneers", "three points",  # end of game
    "two food", "two resources",  # when placed
    "discount", "extra claim",  # kept for later
)


@dataclass(frozen=True)
class Tile:
    id: str
    terrains: frozenset[int]
    production: tuple[int, int, int]  # wood, stone, clay symbols
    warehouses: int
    meadow: str  # the meadow effect, or ""


@dataclass(frozen=True)
class Building:
    id: str
    cost: tuple[int, int, int]  # wood, stone, clay
    points: int


@dataclass(frozen=True)
class Spot:
    id: str
    action: str
    unlimited: bool
    first_bonus: int


@dataclass(frozen=True)
class Board:
    """A river board side: printed symbols per space, framed spaces, token spots."""

    colour: str
    production: tuple[tuple[int, int, int], ...]  # per space 0..11
    warehouses: tuple[int, ...]
    framed: frozenset[int]  # space indices 0..11
    token_spots: int
    pioneer_spot: int  # index 0.. of the token spot holding the 5th pioneer


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    river_spaces: int
    pioneers: int
    max_reserved: int
    claims_per_round: int
    trade_cost: int
    column_bonus: dict[int, int]
    end_tokens: dict[int, int]
    stock: dict[int, tuple[int, ...]]
    box: tuple[int, ...]
    terrain_display: dict[int, int]
    building_display: dict[int, int]
    spots: dict[str, tuple[Spot, ...]]  # side -> spots
    token_values: tuple[int, ...]
    token_two_dots: tuple[bool, ...]
    tiles: tuple[Tile, ...]
    buildings: tuple[Building, ...]
    boards: dict[tuple[str, str], Board]  # (colour, side) -> board
    note: str
    source: str


def raw_data(override: str = "") -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in ("components.toml", "tiles.toml", "buildings.toml", "boards.toml"):
        data.update(load_toml(DATA / name))
    if override:
        extra = load_toml(Path(override))
        unknown = set(extra) - set(data)
        if unknown:
            raise BadOption(f"component file {override}: unknown table(s) {sorted(unknown)}")
        data.update(extra)
    return data


def _by_players(table: dict[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in table.items() if k.isdigit()}


@lru_cache(maxsize=16)
def load(override: str = "") -> Components:
    d = raw_data(override)
    where = override or "data/"
    try:
        return _build(d, where, override)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise component_error(where, f"missing or malformed entry ({exc})") from None


def _symbols(symbols: list[str], where: str) -> tuple[tuple[int, int, int], int]:
    prod = [0, 0, 0]
    warehouses = 0
    for s in symbols:
        if s == "warehouse":
            warehouses += 1
        elif s in RESOURCES[:3]:
            prod[RESOURCES.index(s)] += 1
        else:
            raise component_error(where, f"unknown symbol {s!r}")
    return (prod[0], prod[1], prod[2]), warehouses


def _build(d: dict[str, Any], where: str, override: str) -> Components:
    if tuple(d["resources"]) != RESOURCES or tuple(d["terrains"]) != TERRAINS:
        raise component_error(where, "resources and terrains must keep their names and order")
    tiles = []
    for t in d["tile"]:
        w = f"{where} tile {t.get('id')}"
        terrains = frozenset(TERRAINS.index(x) for x in t["terrains"])
        if not 1 <= len(terrains) <= 2:
            raise component_error(w, "a tile shows one or two terrains")
        prod, wh = _symbols(t["symbols"], w)
        meadow = str(t.get("meadow", ""))
        if meadow and meadow not in MEADOW_EFFECTS:
            raise component_error(w, f"unknown meadow effect {meadow!r}")
        tiles.append(Tile(t["id"], terrains, prod, wh, meadow))
    buildings = [
        Building(b["id"], (int(b["cost"][0]), int(b["cost"][1]), int(b["cost"][2])),
                 int(b["points"]))
        for b in d["building"]
    ]
    spots: dict[str, list[Spot]] = {"2": [], "34": []}
    for s in d["spot"]:
        if s["action"] not in ACTIONS:
            raise component_error(where, f"spot {s['id']}: unknown action {s['action']!r}")
        for side in s.get("sides", ["2", "34"]):
            bonus = int(s.get("first_bonus", {}).get(side, 0))
            spots[side].append(Spot(s["id"], s["action"], bool(s.get("unlimited")), bonus))
    boards = {}
    n = int(d["river_spaces"])
    for b in d["board"]:
        prods = []
        whs = []
        for k, syms in enumerate(b["spaces"]):
            prod, wh = _symbols(syms, f"{where} board {b['colour']} space {k + 1}")
            prods.append(prod)
            whs.append(wh)
        if len(prods) != n:
            raise component_error(where, f"board {b['colour']} must list {n} spaces")
        boards[(b["colour"], str(b["side"]))] = Board(
            b["colour"], tuple(prods), tuple(whs), frozenset(int(f) - 1 for f in b["framed"]),
            int(b["token_spots"]), int(b["pioneer_spot"]) - 1,
        )
    colours = tuple(d["colours"])
    if len(colours) < 4:
        raise component_error(where, "there must be 4 player colours")
    for b in boards.values():
        if not 0 <= b.pioneer_spot < b.token_spots or not all(0 <= f < n for f in b.framed):
            raise component_error(
                where, f"board {b.colour}: pioneer spot or framed spaces out of range")
    for key in ("stock", "terrain_display", "building_display", "end_tokens"):
        if any(p not in _by_players(d[key]) for p in (2, 3, 4)):
            raise component_error(where, f"[{key}] needs an entry for 2, 3 and 4 players")
    if len(d["tokens"]["two_dots"]) != len(d["tokens"]["values"]):
        raise component_error(where, "tokens.values and tokens.two_dots must have the same length")
    box = [int(x) for x in d["stock"]["box"]]
    if any(int(v) > b for k, row in _by_players(d["stock"]).items() for v, b in zip(
            row, box, strict=True)):
        raise component_error(
            where, "an island cannot start with more resources than the box holds")
    for c in colours:
        for side in ("2", "34"):
            if (c, side) not in boards:
                raise component_error(where, f"no {side} side for the {c} river board")
    tokens = d["tokens"]
    return Components(
        colours=colours,
        river_spaces=n,
        pioneers=int(d["pioneers"]),
        max_reserved=int(d["max_reserved"]),
        claims_per_round=int(d["claims_per_round"]),
        trade_cost=int(d["trade_cost"]),
        column_bonus={int(k): int(v) for k, v in d["column_bonus"].items()},
        end_tokens={k: int(v) for k, v in _by_players(d["end_tokens"]).items()},
        stock={k: tuple(int(x) for x in v) for k, v in _by_players(d["stock"]).items()},
        box=tuple(int(x) for x in d["stock"]["box"]),
        terrain_display={k: int(v) for k, v in _by_players(d["terrain_display"]).items()},
        building_display={k: int(v) for k, v in _by_players(d["building_display"]).items()},
        spots={side: tuple(v) for side, v in spots.items()},
        token_values=tuple(int(v) for v in tokens["values"]),
        token_two_dots=tuple(bool(v) for v in tokens["two_dots"]),
        tiles=tuple(tiles),
        buildings=tuple(buildings),
        boards=boards,
        note=str(d.get("tiles_note", "")),
        source=override,
    )


def space_position(space: int) -> tuple[int, int]:
    """River space index 0..11 -> (row, column): row 1 left to right, row 2 right to left,
    row 3 left to right (RV-TERRAIN-03)."""
    row, i = divmod(space, 4)
    return row, (i if row % 2 == 0 else 3 - i)
