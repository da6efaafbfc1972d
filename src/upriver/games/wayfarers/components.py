"""The components of Wayfarers of the South Tigris, read from the project's data files
(``data/cards.toml``, ``data/board.toml``, ``data/journal.toml``) and checked against the
rulebook's component list (rulebook 004, "Components"; checklist WF-SETUP-03/04/06/08/09).

Every card has one global index: Townsfolk, Land, Water, Space, Inspiration in that order (the
order of the display rows). Effects compile into one node table (``effects.Nodes``), formulas to
functions of a seat's count list (``formulas``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from upriver.core.component_files import component_error, load_toml
from upriver.games.wayfarers.effects import CARD_TYPES, TILE_COLOURS, EffectError, Nodes
from upriver.games.wayfarers.formulas import TAGS, Formula, FormulaError, compile_formula

DATA = Path(__file__).parent / "data"
ASSETS = ("camel", "ship", "pigeon", "telescope")
CARAVAN_ICONS = ("silver", "provision", "move influence", "card influence", "refresh die")
TILE_ICONS = (*ASSETS, "up", "down", "updown", "silver_off", "provision_off")
TOWNSFOLK, LAND, WATER, SPACE, INSPIRATION = range(5)
COUNTS = {"townsfolk": 36, "land": 36, "water": 36, "space": 36, "inspiration": 16}


@dataclass(frozen=True)
class Card:
    index: int
    id: str  # "L01", "W12", "S05", "T30", "I16"
    type: int  # TOWNSFOLK .. INSPIRATION
    name: str
    kind: str  # city / vista / harbour / open_water; for Space cards "space"; else the type
    tags: tuple[int, ...]  # tag indexes, repeated as printed (WF-TAG-04)
    immediate: int  # effect node, -1 for none
    needs: tuple[int, ...]  # assets a die needs (Cities, Harbours), counted
    action: int  # die-space effect node (Cities, Harbours), -1 for none
    trigger: tuple[int, ...]  # Vistas: tag indexes; -1 means "a Townsfolk gained"
    ability: int  # Vistas and Townsfolk: effect node, -1 for none
    left_bars: tuple[bool, ...]  # Water
    right_links: tuple[int, ...]  # Water: reward node per row, -1 for none
    score: Formula | None  # Space cards
    score_text: str
    cost: int  # Townsfolk: Silver
    hosts: tuple[int, ...]  # Townsfolk: tags a host must show one of
    assets: tuple[int, ...]  # Townsfolk: assets added to dice on the host
    resting: bool  # Townsfolk with a Resting ability
    goal: Formula | None  # Inspiration
    goal_text: str
    at_least: int  # Inspiration

    @property
    def full_name(self) -> str:
        """The id, and the printed name where the card has one ("I03 Chronicler's Comet")."""
        return self.id if self.name == self.id else f"{self.id} {self.name}"


@dataclass(frozen=True)
class Tile:
    index: int
    id: str
    colour: int  # index in TILE_COLOURS
    width: int
    height: int
    faces: tuple[tuple[tuple[int, ...], ...], ...]  # per face, per cell: icon indexes
    tags: tuple[int, ...]
    vp: int
    slot: int


@dataclass(frozen=True)
class Link:
    src: int
    dst: int
    need: tuple[Formula | None, Formula | None]  # per side: a requirement, or None
    need_text: tuple[str, str]
    pay: tuple[tuple[int, ...], tuple[int, ...]]  # per side: guilds to pay 1 each


@dataclass(frozen=True)
class Space:
    id: int
    column: int
    effect: int  # node
    tile_space: int  # index among the Journal Tile spaces, -1 if none
    green: int  # Green Worker column index 0-3, -1 if none


@dataclass(frozen=True)
class Components:
    nodes: Nodes
    cards: tuple[Card, ...]
    first: tuple[int, ...]  # first global index of each card type
    by_id: dict[str, int]
    tiles: tuple[Tile, ...]
    caravans: tuple[tuple[int, ...], ...]  # per board: 18 cells, node or -1 (printed: -2)
    seats: tuple[tuple[int, int, tuple[int, ...]], ...]  # (silver, provisions, guilds)
    common_sets: tuple[int, ...]
    unique_set: int
    guild_majority: int
    space_prices: tuple[int, ...]
    basic_price: int
    tile_price: int
    tile_influence: int
    draw_keep: int
    capital_city: Card
    capital_harbour: Card
    capital_sky: Card
    capital_townsfolk_ability: int
    centre: tuple[tuple[str, tuple[int, ...], int], ...]  # name, needs, action node
    centre_tags: tuple[int, ...]
    slot_actions: tuple[tuple[int, ...], ...]  # per row, per slot: node (-1: no workers)
    row_workers: tuple[int, ...]  # per row: bitmask of allowed Worker colours
    spaces: tuple[Space, ...]
    space_index: dict[int, int]
    links_from: dict[int, tuple[Link, ...]]
    journal_tiles: tuple[int, ...]  # node per tile
    tile_spaces: tuple[int, ...]  # space ids holding a Journal Tile, in order
    dice: int
    dice_rolled: int
    influence: int
    formulas: dict[str, Formula] = field(default_factory=dict)
    # ``scoring``'s remembered Space and Inspiration VP, by a seat's counts and cards: pure
    # functions of them, asked for thousands of times a second by the bots.
    space_memo: dict[tuple[int, ...], tuple[int, int]] = field(
        default_factory=dict, compare=False, repr=False)

    def cards_of(self, ctype: int) -> range:
        return range(self.first[ctype], self.first[ctype + 1])


def _tags(names: list[str], where: str) -> tuple[int, ...]:
    try:
        return tuple(TAGS.index(n) for n in names)
    except ValueError:
        raise component_error(where, f"unknown tag in {names}") from None


def _assets(names: list[str], where: str) -> tuple[int, ...]:
    if any(n not in ASSETS for n in names):
        raise component_error(where, f"unknown asset in {names}")
    return tuple(sorted(ASSETS.index(n) for n in names))


def _formula(text: str, where: str) -> Formula:
    try:
        return compile_formula(text)
    except FormulaError as exc:
        raise component_error(where, str(exc)) from None


def _card(nodes: Nodes, index: int, ctype: int, raw: dict[str, Any], where: str) -> Card:
    def eff(key: str) -> int:
        text = raw.get(key)
        if text is None:
            return -1
        try:
            return nodes.compile(str(text))
        except EffectError as exc:
            raise component_error(where, str(exc)) from None

    trig: tuple[int, ...] = ()
    if "trigger" in raw:
        trig = tuple(-1 if t == "townsfolk" else TAGS.index(t) for t in raw["trigger"])
    links: tuple[int, ...] = ()
    if "right_links" in raw:
        links = tuple(eff_text(nodes, t, where) for t in raw["right_links"])
    kind = raw.get("kind", "space" if ctype == SPACE else CARD_TYPES[ctype])
    # Scoring reads these for every Space and Inspiration card (WF-END-07, WF-CARD-37).
    if ctype == SPACE and "score" not in raw:
        raise component_error(where, "a Space card needs a score")
    if ctype == INSPIRATION and "goal" not in raw:
        raise component_error(where, "an Inspiration card needs a goal")
    return Card(
        index=index, id=str(raw["id"]), type=ctype, name=str(raw.get("name", raw["id"])),
        kind=kind, tags=_tags(raw.get("tags", []) if ctype != TOWNSFOLK else [], where),
        immediate=eff("immediate"), needs=_assets(raw.get("needs", []), where),
        action=eff("action"), trigger=trig, ability=eff("ability"),
        left_bars=tuple(bool(b) for b in raw.get("left_bars", [False] * 4)), right_links=links,
        score=_formula(raw["score"], where) if "score" in raw else None,
        score_text=str(raw.get("score", "")), cost=int(raw.get("cost", 0)),
        hosts=_tags(raw.get("hosts", []), where) if ctype == TOWNSFOLK else (),
        assets=_assets(raw.get("assets", []), where), resting=bool(raw.get("resting", False)),
        goal=_formula(raw["goal"], where) if "goal" in raw else None,
        goal_text=str(raw.get("goal", "")), at_least=int(raw.get("at_least", 0)),
    )


def eff_text(nodes: Nodes, text: str, where: str) -> int:
    if not text:
        return -1
    try:
        return nodes.compile(text)
    except EffectError as exc:
        raise component_error(where, str(exc)) from None


@cache
def load() -> Components:
    """The built-in components (read once per process)."""
    cards_raw = load_toml(DATA / "cards.toml")
    board = load_toml(DATA / "board.toml")
    journal = load_toml(DATA / "journal.toml")
    nodes = Nodes()
    cards: list[Card] = []
    first: list[int] = []
    for ctype, name in enumerate(CARD_TYPES):
        first.append(len(cards))
        rows = cards_raw.get(name, [])
        if len(rows) != COUNTS[name]:
            raise component_error("cards.toml", f"{len(rows)} {name} cards, the game has "
                                  f"{COUNTS[name]}")
        for raw in rows:
            cards.append(_card(nodes, len(cards), ctype, raw, f"cards.toml {raw.get('id')}"))
    first.append(len(cards))
    by_id = {c.id: c.index for c in cards}
    if len(by_id) != len(cards):
        raise component_error("cards.toml", "two cards share an id")

    cap = board["capital"]
    city = _card(nodes, -1, LAND, {"id": "Capital City", "kind": "city", **cap["city"]},
                 "board.toml capital city")
    harbour = _card(nodes, -2, WATER, {"id": "Capital Harbour", "kind": "harbour",
                                       **cap["harbour"]}, "board.toml capital harbour")
    sky = _card(nodes, -3, SPACE, {"id": "Capital Sky", **cap["sky"]}, "board.toml capital sky")
    centre = tuple((str(c["name"]), _assets(c["needs"], "board.toml centre"),
                    eff_text(nodes, c["action"], "board.toml centre")) for c in cap["centre"])

    tiles: list[Tile] = []
    for raw in board["tile"]:
        where = f"board.toml tile {raw.get('id')}"
        colour = TILE_COLOURS.index(raw["colour"])
        if "faces" in raw:
            faces = tuple(tuple(tuple(TILE_ICONS.index(i) for i in cell) for cell in face)
                          for face in raw["faces"])
            width, height = 2, 1
        else:
            faces = ((tuple(TILE_ICONS.index(i) for i in raw.get("icons", [])),),)
            width, height = 1, 2 if colour == 3 else 1
        tiles.append(Tile(len(tiles), str(raw["id"]), colour, width, height, faces,
                          _tags(raw.get("tags", []), where), int(raw.get("vp", 0)),
                          int(raw.get("slot", 0))))
    per_colour = [sum(1 for t in tiles if t.colour == c) for c in range(5)]
    if per_colour != [4, 3, 3, 3, 10]:
        raise component_error("board.toml", f"tile types per colour {per_colour}, the game has "
                              "4 Basic, 3 Land, 3 Water, 3 Space and 10 Special")

    caravans = []
    for k, raw in enumerate(board["caravan"]):
        cells = []
        for r, row in enumerate(raw["rows"]):
            for c, icon in enumerate(row):
                if (r, c) in ((0, 0), (0, 5)):
                    cells.append(-2)  # the printed Camel and Telescope (WF-UPG-02)
                else:
                    cells.append(eff_text(nodes, icon, f"board.toml caravan {k + 1}"))
        caravans.append(tuple(cells))

    rows = board["rows"]
    slot_actions = []
    row_workers = []
    for name in CARD_TYPES:
        row = rows[name]
        slot_actions.append(tuple(eff_text(nodes, s, f"board.toml rows.{name}")
                                  for s in row["slots"]))
        row_workers.append(sum(1 << ("green", "yellow", "blue").index(w)
                               for w in row["workers"]))

    jt = tuple(eff_text(nodes, t, "journal.toml tiles") for t in journal["tiles"])
    tile_space_ids = tuple(s["id"] for s in journal["spaces"]
                           if "journal tile" in s["effect"])
    spaces = []
    for raw in journal["spaces"]:
        sid = int(raw["id"])
        col = sid // 10
        spaces.append(Space(sid, col, eff_text(nodes, raw["effect"], "journal.toml"),
                            tile_space_ids.index(sid) if sid in tile_space_ids else -1,
                            (1, 3, 5, 7).index(col) if col in (1, 3, 5, 7) else -1))
    links: dict[int, list[Link]] = {}
    for raw in journal["links"]:
        need: list[Formula | None] = []
        texts: list[str] = []
        pays: list[tuple[int, ...]] = []
        for side in "ab":
            pay = tuple(("black", "yellow", "blue").index(g) for g in raw.get(f"{side}_pay", []))
            text = str(raw.get(side, ""))
            need.append(_formula(text, "journal.toml") if text and text != "true" else None)
            texts.append(text if text else "pay " + " and ".join(raw[f"{side}_pay"]))
            pays.append(pay)
        link = Link(int(raw["from"]), int(raw["to"]), (need[0], need[1]), (texts[0], texts[1]),
                    (pays[0], pays[1]))
        links.setdefault(link.src, []).append(link)
    setup = board["setup"]
    prices = board["prices"]
    scoring = board["scoring"]
    comp = Components(
        nodes=nodes, cards=tuple(cards), first=tuple(first), by_id=by_id, tiles=tuple(tiles),
        caravans=tuple(caravans),
        seats=tuple((int(s["silver"]), int(s["provisions"]),
                     tuple(("black", "yellow", "blue").index(g) for g in s["guilds"]))
                    for s in setup["seats"]),
        common_sets=tuple(scoring["common_sets"]), unique_set=int(scoring["unique_set"]),
        guild_majority=int(scoring["guild_majority"]),
        space_prices=tuple(prices["space_card"]), basic_price=int(prices["basic_tile"]),
        tile_price=int(prices["coloured_tile"]),
        tile_influence=int(prices["coloured_tile_influence"]),
        draw_keep=int(prices["draw_keep"]),
        capital_city=city, capital_harbour=harbour, capital_sky=sky,
        capital_townsfolk_ability=eff_text(nodes, cap["townsfolk"]["ability"], "board.toml"),
        centre=centre, centre_tags=_tags(cap["centre_tags"], "board.toml"),
        slot_actions=tuple(slot_actions), row_workers=tuple(row_workers),
        spaces=tuple(spaces), space_index={s.id: i for i, s in enumerate(spaces)},
        links_from={k: tuple(v) for k, v in links.items()}, journal_tiles=jt,
        tile_spaces=tile_space_ids, dice=int(setup["dice"]),
        dice_rolled=int(setup["dice_rolled"]), influence=int(setup["influence"]),
    )
    if len(jt) != len(tile_space_ids):
        raise component_error("journal.toml", f"{len(jt)} Journal Tiles for "
                              f"{len(tile_space_ids)} tile spaces")
    return comp
