"""12 Rivers components, loaded from the data files in ``data/`` and checked at start-up.

The board graph, the Markaya tiles and the counted components are data (rulebook 000,
"Components"); this module turns them into flat lookup tables the rules index by number. A user's
corrected component file (option ``components=PATH``) replaces whole top-level tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from upriver.core.component_files import component_error, load_toml
from upriver.core.errors import BadOption

DATA: Final = Path(__file__).parent / "data"

COLOURS: Final = ("green", "blue", "pink", "purple", "white")
RAINBOW: Final = 5
CARD_KINDS: Final = ("banner", "lantern", "supplies", "fishing net", "instrument")
BANNER: Final = 0
LANTERN: Final = 1
SUPPLIES: Final = 2
NET: Final = 3
INSTRUMENT: Final = 4
FAIRY_KINDS: Final = ("fire", "earth", "wind", "light", "water")  # the five power slots
FIRE: Final = 0
EARTH: Final = 1
WIND: Final = 2
LIGHT: Final = 3
WATER: Final = 4
SITE_KINDS: Final = ("stump", "statue")
TRIBES: Final = ("fire", "wood", "water", "earth")
EDITIONS: Final = ("current", "2022")

OBJECTIVES: Final = (
    "one colour",
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
INTROVERTED: Final = frozenset({"full tile", "four alike", "five colours", "one colour"})
NEEDS_COLOUR: Final = frozenset({"colour count", "colour majority"})


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
    cap: int  # the most a per-item objective can score (0: no cap)
    totem: int  # 2022 tribe totem (index into TRIBES), or -1


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
    card_names: tuple[str, ...]  # kinds in play, in slot order (2022: one kind)
    card_counts: tuple[int, ...]  # per slot, padded to 5
    fairy_names: tuple[str, ...]  # the name of the fairy in each power slot
    fairy_counts: tuple[int, ...]
    fairy_supply_all: bool  # all fairies face down (2022) rather than 5 per player
    starting_hands: dict[int, tuple[int, ...]]  # cards per seat by player count (2022)
    tribes: tuple[int, ...]  # each seat's tribe (2022), as indices into TRIBES
    alpaca_cards: tuple[tuple[int, int, int], ...]  # (colour, count, points)
    alpaca_cards_in_play: int  # 0: all of them (current); 1: one random mission (2022)
    # board
    stretch_ids: tuple[str, ...]
    stretch_row: tuple[int, ...]
    stretch_flows: tuple[int, ...]  # index of the stretch below, or -1 for the sea
    stretch_rivers: tuple[frozenset[int], ...]
    stretch_spaces: tuple[tuple[int, ...], ...]  # space indices, top first
    # Per stretch, the stretches listed before it that share one of its rivers (the bots'
    # estimate of which markers take a river's pearl first).
    stretch_shared_before: tuple[tuple[int, ...], ...]
    stretch_gain: tuple[bool, ...]
    row1_of_river: tuple[int, ...]  # river number - 1 -> its row-1 stretch
    n_rivers: int
    space_names: tuple[str, ...]  # river spaces, then "sea", then "village 1".."village 6"
    space_stretch: tuple[int, ...]  # -1 for sea and village
    space_cost: tuple[int, ...]  # cards to discard
    sea: int
    village: tuple[int, ...]
    village_gains: tuple[int, ...]  # cards gained on placing in each village space (2022)
    site_ids: tuple[str, ...]
    site_kind: tuple[int, ...]
    site_stretch: tuple[int, ...]
    stretch_sites: tuple[tuple[int, ...], ...]
    # Markaya
    tiles: tuple[Tile, ...]
    tile_index: dict[str, int]
    spot_offset: tuple[int, ...]  # tile -> index of its first spot in the flat spot list
    spot_count: tuple[int, ...]  # tile -> how many pearl spots it has
    n_spots: int
    tiles_note: str  # shown with every view while the tiles are placeholders
    source: str  # the user's component file, or "" for the built-in data

    def in_play(self, players: int, allow_inactive: bool) -> tuple[bool, ...]:
        """Which spaces may take a marker (TR-RULING-05: stretches fed only by inactive rivers
        are out of play unless ``allow_inactive_stretches``)."""
        active = set(range(1, self.rivers_per_player * players + 1))
        out = []
        for sp in range(len(self.space_names)):
            st = self.space_stretch[sp]
            out.append(st < 0 or allow_inactive or bool(self.stretch_rivers[st] & active))
        return tuple(out)


def raw_data(override: str = "", edition: str = "current") -> dict[str, Any]:
    """The merged component tables: the current edition's, then the 2022 edition's tables if
    asked for, then a user's file; each layer replaces whole top-level keys."""
    data: dict[str, Any] = {}
    for name in ("components.toml", "board.toml", "markaya.toml"):
        data.update(load_toml(DATA / name))
    if edition == "2022":
        for name in ("components.toml", "villagers.toml"):
            data.update(load_toml(DATA / "2022" / name))
    if override:
        extra = load_toml(Path(override))
        known = set(data) | {"starting_hands", "fairy_supply", "alpaca_cards_in_play", "tribes"}
        unknown = set(extra) - known
        if unknown:
            raise BadOption(f"component file {override}: unknown table(s) {sorted(unknown)}")
        data.update(extra)
    return data


def _index(names: tuple[str, ...], value: Any, where: str) -> int:
    if value not in names:
        raise component_error(where, f"{value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _int(d: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise component_error(where, f"{key} must be a whole number >= {low}")
    return v


@lru_cache(maxsize=16)
def load(override: str = "", edition: str = "current") -> Components:
    """Load and check the components of an edition (cached per file and edition)."""
    d = raw_data(override, edition)
    where = override or f"data/ ({edition})"
    try:
        return _build(d, where, override)
    except (KeyError, TypeError, AttributeError) as exc:
        raise component_error(where, f"missing or malformed entry ({exc})") from None


def _build(d: dict[str, Any], where: str, override: str) -> Components:
    pearls = d["pearl"]
    if [p["colour"] for p in pearls] != list(COLOURS):
        raise component_error(where, f"pearls must be listed as {', '.join(COLOURS)}")
    card_names = tuple(d["cards"])
    if not 1 <= len(card_names) <= 5:
        raise component_error(where, "there must be 1 to 5 kinds of cards")
    if len(card_names) > 1 and card_names != CARD_KINDS:
        raise component_error(where, f"supply cards must be listed as {', '.join(CARD_KINDS)}")
    cards = tuple(_int(d["cards"], k, where + " cards") for k in card_names)
    cards += (0,) * (5 - len(cards))
    fairy_names = [""] * 5
    fairy_counts = [0] * 5
    for f in d["fairy"]:
        slot = _index(FAIRY_KINDS, f["power"], where + " fairy power")
        fairy_names[slot] = str(f["name"])
        fairy_counts[slot] = _int(f, "count", where + " fairy")
    if "" in fairy_names:
        raise component_error(
            where, "each fairy power (fire, earth, wind, light, water) needs a fairy")
    hands = {
        int(k): tuple(int(x) for x in v)
        for k, v in d.get("starting_hands", {}).items() if k.isdigit()
    }
    tribes = tuple(_index(TRIBES, t, where + " tribes") for t in d.get("tribes", TRIBES))
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
        raise component_error(where, "stretch ids must be unique")
    pos = {sid: i for i, sid in enumerate(ids)}
    flows: list[int] = []
    for s in stretches:
        target = s["flows_to"]
        if target == "sea":
            flows.append(-1)
        elif target in pos and pos[target] > pos[s["id"]]:
            flows.append(pos[target])
        else:
            raise component_error(
                where, f"stretch {s['id']} must flow to the sea or a later stretch")
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
        raise component_error(where, "rivers must be numbered 1..n, each feeding one row-1 stretch")

    names: list[str] = []
    sp_stretch: list[int] = []
    sp_cost: list[int] = []
    st_spaces: list[tuple[int, ...]] = []
    gain: list[bool] = []
    for i, s in enumerate(stretches):
        cost = rows[_int(s, "row", where, 1)]
        word, _, n = cost.partition(" ")
        if word not in ("pay", "gain") or not n.isdigit():
            raise component_error(where, f"row cost {cost!r} must read 'pay N' or 'gain N'")
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
    village_gains = tuple(int(g) for g in d["village"].get("gains", [0] * len(village_costs)))
    if len(village_gains) != len(village_costs):
        raise component_error(where, "village costs and gains must list the same spaces")
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
            raise component_error(w, f"unknown objective {obj!r}")
        spots = tuple(
            RAINBOW if c == "rainbow" else _index(COLOURS, c, w) for c in t["spots"]
        )
        if not spots:
            raise component_error(w, "a tile needs at least one storage spot")
        colour = _index(COLOURS, t["colour"], w) if obj in NEEDS_COLOUR else -1
        intro = t["kind"] == "introverted"
        if intro != (obj in INTROVERTED):
            raise component_error(w, f"objective {obj!r} does not match kind {t['kind']!r}")
        totem = _index(TRIBES, t["totem"], w) if "totem" in t else -1
        tiles.append(
            Tile(t["id"], int(t.get("start", 0)), intro, _int(t, "cards", w), spots, obj,
                 colour, _int(t, "points", w), int(t.get("cap", 0)), totem)
        )
        offsets.append(n_spots)
        n_spots += len(spots)
    starts = sorted(t.start for t in tiles if t.start)
    if starts not in ([], [1, 2, 3, 4]):
        raise component_error(where, "starting Markaya must be numbered 1 to 4 (or absent)")
    if _int(d, "track_spaces", where, 1) < _int(d, "markers_per_player", where, 1) * 4:
        raise component_error(where, "the turn-order track must hold every marker of 4 players")
    index = {t.id: i for i, t in enumerate(tiles)}
    if len(index) != len(tiles):
        raise component_error(where, "Markaya ids must be unique")

    return Components(
        rounds=_int(d, "rounds", where, 1),
        hand_size=_int(d, "hand_size", where),
        card_display=_int(d, "card_display", where),
        markaya_display=_int(d, "markaya_display", where, 1),
        alpaca_capacity=_int(d, "alpaca_capacity", where, 1),
        fairies_per_player=_int(d, "fairies_per_player", where),
        rivers_per_player=_int(d, "rivers_per_player", where, 1),
        track_spaces=_int(d, "track_spaces", where, 1),
        markers_per_player=_int(d, "markers_per_player", where, 1),
        pearl_counts=tuple(_int(p, "count", where) for p in pearls),
        pearl_points=tuple(_int(p, "points", where) for p in pearls),
        card_names=card_names,
        card_counts=cards,
        fairy_names=tuple(fairy_names),
        fairy_counts=tuple(fairy_counts),
        fairy_supply_all=d.get("fairy_supply") == "all",
        starting_hands=hands,
        tribes=tribes,
        alpaca_cards=acards,
        alpaca_cards_in_play=int(d.get("alpaca_cards_in_play", 0)),
        stretch_ids=ids,
        stretch_row=tuple(s["row"] for s in stretches),
        stretch_flows=tuple(flows),
        stretch_rivers=tuple(frozenset(r) for r in rivers),
        stretch_spaces=tuple(st_spaces),
        stretch_shared_before=tuple(
            tuple(j for j in range(i) if rivers[j] & rivers[i])
            for i in range(len(rivers))),
        stretch_gain=tuple(gain),
        row1_of_river=tuple(row1[r] for r in range(1, n_rivers + 1)),
        n_rivers=n_rivers,
        space_names=tuple(names),
        space_stretch=tuple(sp_stretch),
        space_cost=tuple(sp_cost),
        sea=sea,
        village=village,
        village_gains=village_gains,
        site_ids=site_ids,
        site_kind=site_kind,
        site_stretch=site_stretch,
        stretch_sites=stretch_sites,
        tiles=tuple(tiles),
        tile_index=index,
        spot_offset=tuple(offsets),
        spot_count=tuple(len(t.spots) for t in tiles),
        n_spots=n_spots,
        tiles_note=str(d.get("tiles_note", "")),
        source=override,
    )
