"""12 Rivers components, loaded from the data files in ``data/`` and checked at start-up.

The board graph, the Markaya tiles and the counted components are data (rulebook 000,
"Components"); this module turns them into flat lookup tables the rules index by number. A user's
corrected component file (option ``components=PATH``) replaces whole top-level tables.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from upriver.core.errors import BadOption

DATA = Path(__file__).parent / "data"

COLOURS = ("green", "blue", "pink", "purple", "white")
RAINBOW = 5
CARD_KINDS = ("banner", "lantern", "supplies", "fishing net", "instrument")
BANNER, LANTERN, SUPPLIES, NET, INSTRUMENT = range(5)
FAIRY_KINDS = ("fire", "earth", "wind", "light", "water")
FIRE, EARTH, WIND, LIGHT, WATER = range(5)
SITE_KINDS = ("stump", "statue")

OBJECTIVES = (
    "full tiles",
    "colour count",
    "fairy count",
    "card count",
    "colour majority",
    "fairy majority",
    "card majority",
    "full tile",
    "four alike",
    "five colours",
)
INTROVERTED = frozenset({"full tile", "four alike", "five colours"})
NEEDS_COLOUR = frozenset({"colour count", "colour majority"})


@dataclass(frozen=True)
class Tile:
    """One Markaya tile: card count, storage spots (colour index or RAINBOW), objective."""

    id: str
    start: int  # 1..4 for a starting Markaya, 0 otherwise
    introverted: bool
    cards: int
    spots: tuple[int, ...]
    objective: str
    colour: int  # the objective's colour, or -1
    points: int


@dataclass(frozen=True)
class Components:
    """Everything countable about the game, as flat tables."""

    rounds: int
    hand_size: int
    card_display: int
    markaya_display: int
    alpaca_capacity: int
    fairies_per_player: int
    rivers_per_player: int
    track_spaces: int
    markers_per_player: int
    pearl_counts: tuple[int, ...]
    pearl_points: tuple[int, ...]
    card_counts: tuple[int, ...]
    fairy_counts: tuple[int, ...]
    alpaca_cards: tuple[tuple[int, int, int], ...]  # (colour, count, points)
    # board
    stretch_ids: tuple[str, ...]
    stretch_row: tuple[int, ...]
    stretch_flows: tuple[int, ...]  # index of the stretch below, or -1 for the sea
    stretch_rivers: tuple[frozenset[int], ...]
    stretch_spaces: tuple[tuple[int, ...], ...]  # space indices, top first
    stretch_gain: tuple[bool, ...]
    row1_of_river: tuple[int, ...]  # river number - 1 -> its row-1 stretch
    n_rivers: int
    space_names: tuple[str, ...]  # river spaces, then "sea", then "village 1".."village 6"
    space_stretch: tuple[int, ...]  # -1 for sea and village
    space_cost: tuple[int, ...]  # cards to discard
    sea: int
    village: tuple[int, ...]
    site_ids: tuple[str, ...]
    site_kind: tuple[int, ...]
    site_stretch: tuple[int, ...]
    stretch_sites: tuple[tuple[int, ...], ...]
    # Markaya
    tiles: tuple[Tile, ...]
    tile_index: dict[str, int]
    spot_offset: tuple[int, ...]  # tile -> index of its first spot in the flat spot list
    n_spots: int
    tiles_note: str  # shown with every view while the tiles are placeholders

    def in_play(self, players: int, allow_inactive: bool) -> tuple[bool, ...]:
        """Which spaces may take a marker (TR-RULING-05: stretches fed only by inactive rivers
        are out of play unless ``allow_inactive_stretches``)."""
        active = set(range(1, self.rivers_per_player * players + 1))
        out = []
        for sp in range(len(self.space_names)):
            st = self.space_stretch[sp]
            out.append(st < 0 or allow_inactive or bool(self.stretch_rivers[st] & active))
        return tuple(out)


def _fail(where: str, msg: str) -> BadOption:
    return BadOption(f"component data {where}: {msg}")


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as exc:
        raise BadOption(f"cannot read component file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadOption(f"component file {path} is not valid TOML: {exc}") from None


def raw_data(override: str = "") -> dict[str, Any]:
    """The merged component tables; an override file replaces whole top-level keys."""
    data: dict[str, Any] = {}
    for name in ("components.toml", "board.toml", "markaya.toml"):
        data.update(_load_toml(DATA / name))
    if override:
        extra = _load_toml(Path(override))
        unknown = set(extra) - set(data)
        if unknown:
            raise BadOption(f"component file {override}: unknown table(s) {sorted(unknown)}")
        data.update(extra)
    return data


def _index(names: tuple[str, ...], value: Any, where: str) -> int:
    if value not in names:
        raise _fail(where, f"{value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _int(d: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise _fail(where, f"{key} must be a whole number >= {low}")
    return v


@lru_cache(maxsize=16)
def load(override: str = "") -> Components:
    """Load and check the components (cached per override path)."""
    d = raw_data(override)
    where = override or "data/"
    try:
        return _build(d, where)
    except (KeyError, TypeError, AttributeError) as exc:
        raise _fail(where, f"missing or malformed entry ({exc})") from None


def _build(d: dict[str, Any], where: str) -> Components:
    pearls = d["pearl"]
    if [p["colour"] for p in pearls] != list(COLOURS):
        raise _fail(where, f"pearls must be listed as {', '.join(COLOURS)}")
    cards = tuple(_int(d["cards"], k, where + " cards") for k in CARD_KINDS)
    fairies = tuple(_int(d["fairies"], k, where + " fairies") for k in FAIRY_KINDS)
    acards = tuple(
        (
            _index(COLOURS, a["colour"], where + " alpaca_card"),
            _int(a, "count", where + " alpaca_card", 1),
            _int(a, "points", where + " alpaca_card"),
        )
        for a in d["alpaca_card"]
    )

    # Board: stretches in collection order; spaces numbered top to bottom.
    rows = {int(k): v for k, v in d["rows"].items() if k.isdigit()}
    stretches = d["stretch"]
    ids = tuple(s["id"] for s in stretches)
    if len(set(ids)) != len(ids):
        raise _fail(where, "stretch ids must be unique")
    pos = {sid: i for i, sid in enumerate(ids)}
    flows: list[int] = []
    for s in stretches:
        target = s["flows_to"]
        if target == "sea":
            flows.append(-1)
        elif target in pos and pos[target] > pos[s["id"]]:
            flows.append(pos[target])
        else:
            raise _fail(where, f"stretch {s['id']} must flow to the sea or a later stretch")
    rivers: list[set[int]] = [set() for _ in ids]
    row1: dict[int, int] = {}
    for i, s in enumerate(stretches):
        if "river" in s:
            rivers[i].add(_int(s, "river", where, 1))
            row1[s["river"]] = i
    for i in range(len(ids)):  # feeders always come first, so one pass suffices
        if flows[i] >= 0:
            rivers[flows[i]] |= rivers[i]
    n_rivers = len(row1)
    if sorted(row1) != list(range(1, n_rivers + 1)):
        raise _fail(where, "rivers must be numbered 1..n, each feeding one row-1 stretch")

    names: list[str] = []
    sp_stretch: list[int] = []
    sp_cost: list[int] = []
    st_spaces: list[tuple[int, ...]] = []
    gain: list[bool] = []
    for i, s in enumerate(stretches):
        cost = rows[_int(s, "row", where, 1)]
        word, _, n = cost.partition(" ")
        if word not in ("pay", "gain") or not n.isdigit():
            raise _fail(where, f"row cost {cost!r} must read 'pay N' or 'gain N'")
        gain.append(word == "gain")
        first = len(names)
        for k in range(_int(s, "spaces", where, 1)):
            names.append(f"{s['id']} space {k + 1}")
            sp_stretch.append(i)
            sp_cost.append(int(n) if word == "pay" else 0)
        st_spaces.append(tuple(range(first, len(names))))
    sea = len(names)
    names.append("sea")
    sp_stretch.append(-1)
    sp_cost.append(_int(d["sea"], "cost", where))
    village_costs = d["village"]["costs"]
    village = tuple(range(len(names), len(names) + len(village_costs)))
    for k, c in enumerate(village_costs):
        names.append(f"village {k + 1}")
        sp_stretch.append(-1)
        sp_cost.append(int(c))

    sites = d["site"]
    site_ids = tuple(s["id"] for s in sites)
    site_kind = tuple(_index(SITE_KINDS, s["kind"], where + " site") for s in sites)
    site_stretch = tuple(pos[s["stretch"]] for s in sites)
    stretch_sites = tuple(
        tuple(k for k, st in enumerate(site_stretch) if st == i) for i in range(len(ids))
    )

    tiles: list[Tile] = []
    offsets: list[int] = []
    n_spots = 0
    for t in d["tile"]:
        w = f"{where} tile {t.get('id')}"
        obj = t["objective"]
        if obj not in OBJECTIVES:
            raise _fail(w, f"unknown objective {obj!r}")
        spots = tuple(
            RAINBOW if c == "rainbow" else _index(COLOURS, c, w) for c in t["spots"]
        )
        if not spots:
            raise _fail(w, "a tile needs at least one storage spot")
        colour = _index(COLOURS, t["colour"], w) if obj in NEEDS_COLOUR else -1
        intro = t["kind"] == "introverted"
        if intro != (obj in INTROVERTED):
            raise _fail(w, f"objective {obj!r} does not match kind {t['kind']!r}")
        tiles.append(
            Tile(t["id"], int(t.get("start", 0)), intro, _int(t, "cards", w), spots, obj,
                 colour, _int(t, "points", w))
        )
        offsets.append(n_spots)
        n_spots += len(spots)
    starts = sorted(t.start for t in tiles if t.start)
    if starts != [1, 2, 3, 4]:
        raise _fail(where, "there must be starting Markaya numbered 1 to 4")
    index = {t.id: i for i, t in enumerate(tiles)}
    if len(index) != len(tiles):
        raise _fail(where, "Markaya ids must be unique")

    return Components(
        rounds=_int(d, "rounds", where, 1),
        hand_size=_int(d, "hand_size", where),
        card_display=_int(d, "card_display", where, 1),
        markaya_display=_int(d, "markaya_display", where, 1),
        alpaca_capacity=_int(d, "alpaca_capacity", where, 1),
        fairies_per_player=_int(d, "fairies_per_player", where),
        rivers_per_player=_int(d, "rivers_per_player", where, 1),
        track_spaces=_int(d, "track_spaces", where, 1),
        markers_per_player=_int(d, "markers_per_player", where, 1),
        pearl_counts=tuple(_int(p, "count", where) for p in pearls),
        pearl_points=tuple(_int(p, "points", where) for p in pearls),
        card_counts=cards,
        fairy_counts=fairies,
        alpaca_cards=acards,
        stretch_ids=ids,
        stretch_row=tuple(s["row"] for s in stretches),
        stretch_flows=tuple(flows),
        stretch_rivers=tuple(frozenset(r) for r in rivers),
        stretch_spaces=tuple(st_spaces),
        stretch_gain=tuple(gain),
        row1_of_river=tuple(row1[r] for r in range(1, n_rivers + 1)),
        n_rivers=n_rivers,
        space_names=tuple(names),
        space_stretch=tuple(sp_stretch),
        space_cost=tuple(sp_cost),
        sea=sea,
        village=village,
        site_ids=site_ids,
        site_kind=site_kind,
        site_stretch=site_stretch,
        stretch_sites=stretch_sites,
        tiles=tuple(tiles),
        tile_index=index,
        spot_offset=tuple(offsets),
        n_spots=n_spots,
        tiles_note=str(d.get("tiles_note", "")),
    )
