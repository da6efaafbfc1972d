"""The River state: plain lists of small ints, copied cheaply.

Per-player lists are flat, indexed ``seat * width + i``: resources (4 wide: wood, stone, clay,
food) and the river board (12 wide: a tile index or -1). Where each stored resource sits is
``stored[(seat * 12 + space) * 4 + kind]`` (see ``storage``); ``res`` is its per-seat sum. Spots
are the main-board spots of the side in play, in data order; a single spot holds a seat or -1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from upriver.core.plain_state import PlainState
from upriver.games.the_river.components import ACTIONS, MEADOW, Board, Components, Spot

# Decision stages.
PRELIM: Final = 0
TURN: Final = 1
TRADE: Final = 2
STORE: Final = 3
CHOOSE: Final = 4
PAY: Final = 5
SWAP_A: Final = 6
SWAP_B: Final = 7
OVER: Final = 8
COVER: Final = 9
# Not a decision: an action is complete, and ``rules.apply`` goes on with setup or the turns
# (never the stage of a state between decisions).
ACTION_DONE: Final = -1
STAGE_NAMES: Final = (
    "choose a starting tile",
    "trade or place a pioneer",
    "trade: choose resources to return",
    "store resources",
    "choose resources",
    "pay for the building",
    "swap: choose the first tile",
    "swap: choose the second tile",
    "game over",
    "move covered resources",
)


@dataclass(frozen=True)
class Config:
    comp: Components
    players: int
    side: str  # "2" or "34"
    spots: tuple[Spot, ...]
    boards: tuple[Board, ...]  # per seat
    mixed_both: bool
    meadow_in_columns: bool
    adjacent_pairs: bool
    resource_points: str
    round_limit: int = 0  # 0: none
    # per action (``ACTIONS`` order): (spot index, unlimited) in data order; read on every turn
    spots_of: tuple[tuple[tuple[int, bool], ...], ...] = field(
        init=False, repr=False, compare=False, hash=False)
    # tile -> the terrains it counts as in a column, one bit each (RV-RULING-01..04)
    column_terrains: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    # The texts of a turn's actions on each tile and building, written once: listing a turn's
    # decisions is the hottest loop of random play and search.
    claim_texts: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)
    reserve_texts: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)
    construct_texts: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)
    reserved_texts: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        table: dict[str, list[tuple[int, bool]]] = {}
        for i, spot in enumerate(self.spots):
            table.setdefault(spot.action, []).append((i, spot.unlimited))
        object.__setattr__(self, "spots_of", tuple(tuple(table.get(a, ())) for a in ACTIONS))
        masks = []
        for tile in self.comp.tiles:
            terrains = tile.terrains
            if len(terrains) > 1 and not self.mixed_both:
                terrains = frozenset()
            if not self.meadow_in_columns:
                terrains = terrains - {MEADOW}
            masks.append(sum(1 << t for t in terrains))
        object.__setattr__(self, "column_terrains", tuple(masks))
        tiles = [t.id for t in self.comp.tiles]
        cards = [b.id for b in self.comp.buildings]
        object.__setattr__(self, "claim_texts", tuple(f"claim {t}" for t in tiles))
        object.__setattr__(self, "reserve_texts", tuple(f"reserve {b}" for b in cards))
        object.__setattr__(self, "construct_texts", tuple(f"construct {b}" for b in cards))
        object.__setattr__(self, "reserved_texts",
                           tuple(f"construct reserved {b}" for b in cards))


LISTS: Final = (
    "stock", "stack", "tile_discard", "tiles_out", "display", "deck", "bdisplay", "left_pile",
    "right_pile", "tokens_out", "spot_occ", "boat", "on_board", "settled", "token_pioneer",
    "res", "river", "claims", "framed_new", "discounts", "extra_claims", "pending", "pay_left",
    "prelim_order", "cap", "prod", "stored", "crowd",
)
NESTED: Final = ("reserved", "built", "tokens")
SCALARS: Final = (
    "round", "stage", "seat", "first_player", "turn_seat", "triggered", "choose_left",
    "trade_left", "pay_building", "pay_reserved", "swap_first", "construct_count",
    "opening_player", "cover_tile", "resume_turn", "turns",
)


class State(PlainState[Config]):
    __slots__ = (*LISTS, *NESTED, *SCALARS)
    list_fields = LISTS
    nested_fields = NESTED
    scalar_fields = SCALARS
    # A save from before ``crowd``: nobody known to stand on an unlimited spot (read as empty).
    missing_in_old_saves = (("crowd", ()), ("turns", 0))

    def crowd_at(self, spot: int, seat: int) -> int:
        """Pioneers of ``seat`` on unlimited ``spot`` (``len(spots)``: set aside)."""
        i = spot * self.num_players + seat
        return self.crowd[i] if i < len(self.crowd) else 0

    stock: list[int]
    stack: list[int]
    tile_discard: list[int]
    tiles_out: list[int]
    display: list[int]
    deck: list[int]
    bdisplay: list[int]
    left_pile: list[int]
    right_pile: list[int]
    tokens_out: list[int]
    spot_occ: list[int]
    boat: list[int]
    on_board: list[int]
    settled: list[int]
    token_pioneer: list[int]
    res: list[int]
    river: list[int]
    claims: list[int]
    framed_new: list[int]
    discounts: list[int]
    extra_claims: list[int]
    pending: list[int]
    pay_left: list[int]
    prelim_order: list[int]
    cap: list[int]  # per seat: warehouses (kept up to date by refresh_board)
    prod: list[int]  # per seat x 3: visible wood, stone, clay symbols
    stored: list[int]  # per seat x space x kind: the resources on that space's warehouses
    # Pioneers per spot x seat on the unlimited spots (single spots: ``spot_occ``), and in a
    # last row those set aside when no spot could be used (RV-RULING-10); cleared at cleanup.
    crowd: list[int]
    reserved: list[list[int]]
    built: list[list[int]]
    tokens: list[list[int]]
    round: int
    stage: int
    seat: int
    first_player: int
    turn_seat: int
    triggered: int
    choose_left: int
    trade_left: int
    pay_building: int
    pay_reserved: int
    swap_first: int
    construct_count: int
    opening_player: int  # who held the pawn in round 1
    cover_tile: int  # while covered resources wait (COVER): the tile placed, else -1
    resume_turn: int  # 1 while the food of a trade is stored: the turn goes on afterwards
    turns: int  # turns ended so far (RV-TURN-05: one seat may take several in a row)

    # Board queries shared by the rules, scoring and views.

    def tiles_placed(self, seat: int) -> int:
        n = self.cfg.comp.river_spaces
        river = self.river
        placed = 0
        for k in range(seat * n, seat * n + n):  # no slice: asked on every turn
            if river[k] >= 0:
                placed += 1
        return placed

    def refresh_board(self, seat: int) -> None:
        """Count the warehouses and production symbols on the seat's tiles and on the printed
        spaces no tile covers (RV-PRODUCE-01, -05, RV-TERRAIN-04); called when a tile is placed."""
        comp = self.cfg.comp
        board = self.cfg.boards[seat]
        n = comp.river_spaces
        cap = 0
        prod = [0, 0, 0]
        for k in range(n):
            t = self.river[seat * n + k]
            if t >= 0:
                tile = comp.tiles[t]
                cap += tile.warehouses
                symbols = tile.production
            else:
                cap += board.warehouses[k]
                symbols = board.production[k]
            for r in range(3):
                prod[r] += symbols[r]
        self.cap[seat] = cap
        self.prod[seat * 3 : seat * 3 + 3] = prod

    def capacity(self, seat: int) -> int:
        return self.cap[seat]

    def production(self, seat: int, kind: int) -> int:
        return self.prod[seat * 3 + kind]

    def held(self, seat: int) -> int:
        res = self.res
        i = seat * 4
        return res[i] + res[i + 1] + res[i + 2] + res[i + 3]

    def copy(self) -> State:
        """A twin that shares only what never changes (config, fixed lists): spelled out
        field by field, as bots and search clone on every step."""
        twin = State.__new__(State)
        twin.cfg = self.cfg
        twin.num_players = self.num_players
        twin.rng = self.rng.copy()
        twin.stock = self.stock[:]
        twin.stack = self.stack[:]
        twin.tile_discard = self.tile_discard[:]
        twin.tiles_out = self.tiles_out[:]
        twin.display = self.display[:]
        twin.deck = self.deck[:]
        twin.bdisplay = self.bdisplay[:]
        twin.left_pile = self.left_pile[:]
        twin.right_pile = self.right_pile[:]
        twin.tokens_out = self.tokens_out[:]
        twin.spot_occ = self.spot_occ[:]
        twin.boat = self.boat[:]
        twin.on_board = self.on_board[:]
        twin.settled = self.settled[:]
        twin.token_pioneer = self.token_pioneer[:]
        twin.res = self.res[:]
        twin.river = self.river[:]
        twin.claims = self.claims[:]
        twin.framed_new = self.framed_new[:]
        twin.discounts = self.discounts[:]
        twin.extra_claims = self.extra_claims[:]
        twin.pending = self.pending[:]
        twin.pay_left = self.pay_left[:]
        twin.prelim_order = self.prelim_order[:]
        twin.cap = self.cap[:]
        twin.prod = self.prod[:]
        twin.stored = self.stored[:]
        twin.crowd = self.crowd[:]
        twin.reserved = [x[:] for x in self.reserved]
        twin.built = [x[:] for x in self.built]
        twin.tokens = [x[:] for x in self.tokens]
        twin.round = self.round
        twin.stage = self.stage
        twin.seat = self.seat
        twin.first_player = self.first_player
        twin.turn_seat = self.turn_seat
        twin.triggered = self.triggered
        twin.choose_left = self.choose_left
        twin.trade_left = self.trade_left
        twin.pay_building = self.pay_building
        twin.pay_reserved = self.pay_reserved
        twin.swap_first = self.swap_first
        twin.construct_count = self.construct_count
        twin.opening_player = self.opening_player
        twin.cover_tile = self.cover_tile
        twin.resume_turn = self.resume_turn
        twin.turns = self.turns
        return twin

