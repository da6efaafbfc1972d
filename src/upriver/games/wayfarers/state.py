"""Wayfarers state: plain lists of small ints, copied cheaply (``upriver.core.plain_state``).

Places a die can sit, a Townsfolk can be tucked under and a Space or Inspiration card can sit
above are *hosts*: the 160 cards by global index, then 8 per seat for the printed parts of the
player board (``CITY`` .. ``centre``, see ``host``). Per-seat lists are flat, ``seat * width + i``.

The decisions still to take this turn sit on ``stack`` as frames of four ints (``kind, a, b, c``):
a *bundle* (``F_ALL`` over the ``F_ITEM`` frames below it) is a set of effect parts the player
resolves in any order (an item is ``F_ITEM, effect node, context, where it comes from``); the
other kinds are one pending choice each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from upriver.core.plain_state import PlainState
from upriver.games.wayfarers.components import Components

PLAY, OVER = 0, 1
CARDS = 160
CITY, HARBOUR, SKY, CAPITAL_TOWNSFOLK, CENTRE = 0, 1, 2, 3, 4  # board parts, + CENTRE .. +3
HOSTS = CARDS + 8 * 4
ROWS = 5
SLOTS = 4
GREEN, YELLOW, BLUE = 0, 1, 2  # Worker colours (bit = 1 << colour)
WORKER_COLOURS = ("green", "yellow", "blue")
TAGS_N, CARD_N, TILE_N = 11, 5, 5
CELLS = 18  # caravan: 6 columns x 3 rows, cell = column + 6 * row

# Frame kinds.
(F_ITEM, F_ALL, F_TUCK, F_INSP, F_KEEP, F_TILE, F_BLACK, F_DIE, F_YELLOW, F_REROLL,
 F_END, F_AI, F_ALLOW) = range(13)  # F_AI: a solo opponent's step; F_ALLOW: the human's say
CTX_DIE = 1  # the part belongs to a die's action: caravan discounts and draw-3 apply
# Where an effect part comes from, kept in its ``F_ITEM`` frame's ``c`` so the table can say
# "gain 1 silver from L09": 0 when unsaid, else one of these bases plus an index.
FROM_HOST = 1  # + a host: a card's effect or ability, a Capital space's action
FROM_SLOT = FROM_HOST + HOSTS  # + row * SLOTS + slot: the action printed by a display slot
FROM_JOURNAL = FROM_SLOT + ROWS * SLOTS  # + a Journal space's number
FROM_CELL = FROM_JOURNAL + 100  # + a caravan cell
FROM_END = FROM_CELL + CELLS

# Once-per-turn flags (WF-GLD-02, WF-TURN-14) and the hired Ship.
USED_BLACK, USED_YELLOW, USED_BLUE, SHIP, END_OFFERED = 1, 2, 4, 8, 16
KNOWN_TO_ALL = 99  # a pile position every seat knows (a discarded Inspiration card)


def host(seat: int, part: int) -> int:
    """The host id of a printed part of ``seat``'s player board."""
    return CARDS + 8 * seat + part


AI = 1  # in solo, the opponent sits at the table as seat 1 (WF-SOLO-06)
# The opponent's parts (``State.ai``; empty outside solo).
AI_MARKERS, AI_REVEALED, AI_PATH, AI_BESIDE, AI_LOG = range(5)
# AI_MARKERS: Resource Track space, Comet Track, AI board, path cells filled, Black extra
# step taken this turn, Resource Track steps due from fees the human just paid.
TRACK, COMET_TRACK, AI_BOARD, FILLED, EXTRA_STEP, FEE_STEPS = range(6)


@dataclass(frozen=True)
class Config:
    comp: Components
    players: int  # the seats that decide: 1 in solo
    sides: tuple[int, ...]  # fixed side per board section (0 = a, 1 = b), -1: drawn at random
    round_limit: int = 200  # not a rule: the game ends after this round (a stalled table)
    ai_board: int = -1  # solo: the AI board (0-3), -1 drawn at random

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def table(self) -> int:
        """Everyone taking turns, the solo opponent included (WF-SOLO-01: a 2-player table)."""
        return max(2, self.players)


LISTS = (
    "silver", "provisions", "inf_supply", "guild", "workers", "reserve", "jpos",
    "display", "drawn", "caravan", "tile_supply", "tags", "ncards", "ntiles", "fresh",
    "green_on", "stack", "schemes",
)
# The per-card and per-host tables: nine tenths of a state's numbers, changed a few times a
# turn, so copies share them until one writes (``State.w_*``); bots copy on every step.
COW = ("occupied", "owner", "tuck", "above", "insp_on", "card_inf", "card_workers",
       "worker_new")
# A ``cow`` bit per table, in ``COW`` order.
OCCUPIED_BIT: Final = 1
OWNER_BIT: Final = 2
TUCK_BIT: Final = 4
ABOVE_BIT: Final = 8
INSP_ON_BIT: Final = 16
CARD_INF_BIT: Final = 32
CARD_WORKERS_BIT: Final = 64
WORKER_NEW_BIT: Final = 128
ALL_COW: Final = (1 << len(COW)) - 1
SHARED = ("board", "jtile_at", "sides")  # set at setup, never changed
NESTED = ("dice", "lands", "waters", "piles", "pile_known", "ai")
SCALARS = (
    "stage", "seat", "first_player", "used", "die_col", "spare_pigeon", "end_seat",
    "final_left", "main_done", "turn", "drawer",
)


class State(PlainState[Config]):
    __slots__ = (*LISTS, *COW, *NESTED, *SCALARS, *SHARED)
    list_fields = LISTS
    cow_fields = COW
    shared_fields = SHARED
    nested_fields = NESTED
    scalar_fields = SCALARS
    missing_in_old_saves = (("ai", ()), ("schemes", ()))  # saves from before solo

    silver: list[int]
    provisions: list[int]
    inf_supply: list[int]
    guild: list[int]  # seat * 3 + guild (black, yellow, blue)
    workers: list[int]  # seat * 3 + colour
    reserve: list[int]  # dice not yet gained
    jpos: list[int]  # Journal space id
    board: list[int]  # which of the 4 player boards (caravan icons)
    occupied: list[int]  # per host: 1 if a die sits on its die space
    owner: list[int]  # per card: owning seat, -1
    tuck: list[int]  # per host: Townsfolk tucked under it, -1
    above: list[int]  # per host: Space card above it, -1
    insp_on: list[int]  # per host (a Space card or the Capital Sky): Inspiration above, -1
    display: list[int]  # row * 4 + slot (slot 0 = "slot 1", farthest from the pile): card, -1
    card_inf: list[int]  # per card: seat whose Influence is on it, -1
    card_workers: list[int]  # per card: bitmask of Worker colours on it
    worker_new: list[int]  # per card: bitmask of Workers placed there this turn
    drawn: list[int]  # cards drawn for a draw-N-keep-1 choice (seen by ``drawer`` only)
    caravan: list[int]  # seat * 18 + cell: tile code (tile * 8 + face * 2 + part), -1
    tile_supply: list[int]  # per tile type: copies left on the main board
    tags: list[int]  # seat * 11 + tag
    ncards: list[int]  # seat * 5 + card type (land, water, space, townsfolk, inspiration)
    ntiles: list[int]  # seat * 5 + tile colour (basic, land, water, space, special)
    fresh: list[int]  # cards gained this turn (WF-TURN-15)
    green_on: list[int]  # per Green Worker column (1, 3, 5, 7): 1 while on the track
    jtile_at: list[int]  # per Journal Tile space: the tile there
    sides: list[int]  # per board section: 0 = side a, 1 = side b
    stack: list[int]
    dice: list[list[int]]  # per seat: the values of the dice in supply
    lands: list[list[int]]
    waters: list[list[int]]  # in order, left to right after the Capital Harbour
    piles: list[list[int]]  # per row: the draw pile, top = last
    pile_known: list[list[int]]  # parallel: the seat that knows that card's place, -1 nobody
    # Solo, all public: [markers, face-up Schemes in order, AI caravan (tile * 2 + part per
    # cell, -1), tiles beside the AI board, what it did since its last turn began (event
    # triples)]; [] otherwise.
    ai: list[list[int]]
    schemes: list[int]  # solo: the face-down Scheme pile, top = last (hidden: its order)
    stage: int
    seat: int
    first_player: int
    used: int
    die_col: int  # the column of this turn's placed die, 0 before one is placed
    spare_pigeon: int  # a Pigeon the placed die has beyond its space's needs (WF-ACQ-08)
    end_seat: int  # the seat that triggered the end, -1
    final_left: int  # turns still to play once the end is triggered, -1 before
    main_done: int
    turn: int
    drawer: int

    # The copy-on-write tables, to write: each returns the table, copied first if another
    # state may share it.
    def w_occupied(self) -> list[int]:
        if self.cow & OCCUPIED_BIT:
            self.occupied = self.occupied[:]
            self.cow &= ~OCCUPIED_BIT
        return self.occupied

    def w_owner(self) -> list[int]:
        if self.cow & OWNER_BIT:
            self.owner = self.owner[:]
            self.cow &= ~OWNER_BIT
        return self.owner

    def w_tuck(self) -> list[int]:
        if self.cow & TUCK_BIT:
            self.tuck = self.tuck[:]
            self.cow &= ~TUCK_BIT
        return self.tuck

    def w_above(self) -> list[int]:
        if self.cow & ABOVE_BIT:
            self.above = self.above[:]
            self.cow &= ~ABOVE_BIT
        return self.above

    def w_insp_on(self) -> list[int]:
        if self.cow & INSP_ON_BIT:
            self.insp_on = self.insp_on[:]
            self.cow &= ~INSP_ON_BIT
        return self.insp_on

    def w_card_inf(self) -> list[int]:
        if self.cow & CARD_INF_BIT:
            self.card_inf = self.card_inf[:]
            self.cow &= ~CARD_INF_BIT
        return self.card_inf

    def w_card_workers(self) -> list[int]:
        if self.cow & CARD_WORKERS_BIT:
            self.card_workers = self.card_workers[:]
            self.cow &= ~CARD_WORKERS_BIT
        return self.card_workers

    def w_worker_new(self) -> list[int]:
        if self.cow & WORKER_NEW_BIT:
            self.worker_new = self.worker_new[:]
            self.cow &= ~WORKER_NEW_BIT
        return self.worker_new

    def counts(self, seat: int) -> list[int]:
        """The count list formulas read (``formulas.TERMS``)."""
        t = self.tags[seat * 11 : seat * 11 + 11]
        c = self.ncards[seat * 5 : seat * 5 + 5]
        k = self.ntiles[seat * 5 : seat * 5 + 5]
        g = self.guild[seat * 3 : seat * 3 + 3]
        comet = t[10]
        lead = int(all(comet > self.tags[s * 11 + 10]
                       for s in range(self.cfg.table) if s != seat))
        return [*t, *c, *k, sum(k), *g, self.silver[seat], self.provisions[seat], lead]

    def copy(self) -> State:
        """A twin that shares what never changes (config, fixed lists) and, until one of them
        writes, the per-card tables: spelled out field by field, as bots and search clone on
        every step."""
        twin = State.__new__(State)
        twin.cfg = self.cfg
        twin.num_players = self.num_players
        twin.rng = self.rng.copy()
        twin.silver = self.silver[:]
        twin.provisions = self.provisions[:]
        twin.inf_supply = self.inf_supply[:]
        twin.guild = self.guild[:]
        twin.workers = self.workers[:]
        twin.reserve = self.reserve[:]
        twin.jpos = self.jpos[:]
        twin.display = self.display[:]
        twin.drawn = self.drawn[:]
        twin.occupied = self.occupied
        twin.owner = self.owner
        twin.tuck = self.tuck
        twin.above = self.above
        twin.insp_on = self.insp_on
        twin.card_inf = self.card_inf
        twin.card_workers = self.card_workers
        twin.worker_new = self.worker_new
        self.cow = twin.cow = ALL_COW  # both must copy a table before writing it
        twin.caravan = self.caravan[:]
        twin.tile_supply = self.tile_supply[:]
        twin.tags = self.tags[:]
        twin.ncards = self.ncards[:]
        twin.ntiles = self.ntiles[:]
        twin.fresh = self.fresh[:]
        twin.green_on = self.green_on[:]
        twin.stack = self.stack[:]
        twin.schemes = self.schemes[:]
        twin.dice = [x[:] for x in self.dice]
        twin.lands = [x[:] for x in self.lands]
        twin.waters = [x[:] for x in self.waters]
        twin.piles = [x[:] for x in self.piles]
        twin.pile_known = [x[:] for x in self.pile_known]
        twin.ai = [x[:] for x in self.ai]
        twin.stage = self.stage
        twin.seat = self.seat
        twin.first_player = self.first_player
        twin.used = self.used
        twin.die_col = self.die_col
        twin.spare_pigeon = self.spare_pigeon
        twin.end_seat = self.end_seat
        twin.final_left = self.final_left
        twin.main_done = self.main_done
        twin.turn = self.turn
        twin.drawer = self.drawer
        twin.board = self.board
        twin.jtile_at = self.jtile_at
        twin.sides = self.sides
        return twin

