'''Readable Wayfarers positions (``upriver.from_position("wayfarers", text)``).

A small TOML text describing the table at the start of a turn; whatever it leaves out is where
setup would put it (cards in their shuffled piles, tiles on the main board, markers at the
start)::

    players = 2
    seed = 7                  # the random stream (dice rolls, the piles' order)
    first_player = 0
    to_move = 1               # default: the first player
    turn = 12                 # turns taken so far (default 0)
    sides = "aab"             # left, middle, right board sections (default "aaa")
    end_triggered_by = -1     # the seat that reached a final space, -1: not yet; once set,
                              # the final turns still to play are to_move's round to the
                              # trigger seat's own (WF-END-02: it triggered in an earlier turn)
    journal_tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # tile on each tile space, in space order
                              # 10, 15, 32, 36, 50, 55, 72, 76, 90, 95 (tiles numbered as in
                              # journal.toml); default: in that order
    green_workers = [5, 7]    # columns whose Green Worker is still on the track (default all)

    [display]                 # each row's slots 1-4; a "-" slot is filled from the pile as at
                              # the end of a turn (it stays empty only with an empty pile)
    townsfolk = ["T01", "T02", "T03", "T04"]
    land = ["L01", "L02", "-", "L04"]

    [influence]               # display cards holding a seat's Influence
    L01 = 1

    [workers]                 # Workers on display cards
    L02 = "green yellow"

    [[seat]]                  # one table per seat, in seat order
    silver = 3
    provisions = 2
    guilds = { black = 0, yellow = 1, blue = 1 }
    workers = { green = 0, yellow = 1, blue = 1 }
    dice = [2, 5]             # dice in supply
    placed = ["Capital City", "L05"]  # die spaces holding a die
    reserve = 2               # default: 5 minus the dice in supply and placed
    journal = 23              # the marker's Journal space
    board = 1                 # which player board (1-4, its caravan icons)
    lands = ["L05", "L19"]
    waters = ["W03"]          # left to right
    tucked = { L05 = "T07", "Capital Harbour" = "T01" }
    space = { L05 = "S12" }   # Space cards above Land or Water cards
    inspiration = { S12 = "I03", "Capital Sky" = "I07" }
    caravan = [ { tile = "land-camel", face = "a", column = 2, row = 1 } ]

A solo position (``players = 1``, the AI board as ``[options] ai_board = "mayor"``) may describe
the opponent, which sits as seat 1 (``[influence]`` and ``end_triggered_by`` may name it)::

    [opponent]
    track = 3                 # Resource Track space 0-7
    comet = 2                 # Comet Track 0-10
    schemes_up = ["blue-2", "red-1"]  # face-up Scheme cards in reveal order; the rest face down
    journal = 15
    guilds = { black = 1, yellow = 2, blue = 1 }
    workers = { green = 1, yellow = 0, blue = 1 }
    cards = ["T05", "S20", "L12"]     # its cards, any types
    caravan = ["basic-camel", "space-telescope"]  # tiles along its caravan path, in order
    beside = ["land-camel"]   # tiles beside its board

A seat's Influence in supply is what its 15 leave after the Guilds and the cards. Every card,
tile and Worker can be in one place only; a position that uses one twice, names an unknown one,
or puts one where the rules never could (a Townsfolk under a card without its tag, a tile off the
grid) is refused with a one-line error.
'''

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition
from upriver.core.positions import build_position, read_position
from upriver.games.wayfarers import caravan, opponent
from upriver.games.wayfarers.cards import COUNT_COLUMN, refill
from upriver.games.wayfarers.components import INSPIRATION, LAND, SPACE, WATER
from upriver.games.wayfarers.effects import CARD_TYPES
from upriver.games.wayfarers.solo_components import load_solo
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_BOARD,
    AI_MARKERS,
    AI_REVEALED,
    CARDS,
    CELLS,
    COMET_TRACK,
    SKY,
    SLOTS,
    TRACK,
    WORKER_COLOURS,
    Config,
    State,
    host,
)

KEYS = {"players", "seed", "first_player", "to_move", "turn", "sides", "end_triggered_by",
        "journal_tiles", "green_workers", "display", "influence", "workers", "seat", "options",
        "opponent"}
OPPONENT_KEYS = {"track", "comet", "schemes_up", "journal", "guilds", "workers", "cards",
                 "caravan", "beside"}
SEAT_KEYS = {"silver", "provisions", "guilds", "workers", "dice", "placed", "reserve",
             "journal", "board", "lands", "waters", "tucked", "space", "inspiration",
             "caravan"}
PARTS = {"Capital City": 0, "Capital Harbour": 1, "Capital Sky": 2, "Capital Observatory": 4,
         "Capital Library": 5, "Capital Market": 6, "Capital Reserve": 7}


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Config]) -> tuple[State,
                                                                                  dict[str, Any]]:
    d, players, options = read_position("wayfarers", text, KEYS)
    if "sides" in d:
        options = {**options, "sides": str(d["sides"])}
    return build_position(lambda: _build(d, make_config(players, options))), options


def _build(d: dict[str, Any], cfg: Config) -> State:
    from upriver.games.wayfarers.setup import new_state

    comp = cfg.comp
    p = cfg.players
    st = new_state(cfg, int(d.get("seed", 0)))
    st.sides = [("ab".index(x) if x in "ab" else 0) for x in str(d.get("sides", "aaa"))]
    if len(st.sides) != 3:
        raise BadPosition("sides must be three letters a or b")
    used: set[int] = set()

    def card(name: str, ctype: int | None = None) -> int:
        if name not in comp.by_id:
            raise BadPosition(f"{name!r} is not a card")
        c = comp.by_id[name]
        if c in used:
            raise BadPosition(f"card {name} is used twice")
        if ctype is not None and comp.cards[c].type != ctype:
            raise BadPosition(f"{name} is not a {CARD_TYPES[ctype]} card")
        used.add(c)
        return c

    st.first_player = _int(d, "first_player", 0, 0, p - 1)
    st.seat = _int(d, "to_move", st.first_player, 0, p - 1)
    st.turn = _int(d, "turn", 0, 0, 10**6)
    st.end_seat = _int(d, "end_triggered_by", -1, -1, cfg.table - 1)
    if st.end_seat >= 0:
        # At the start of to_move's turn the trigger seat's turn has ended, so the final turns
        # left run from to_move round to the trigger seat, as ``turns.end_turn`` counts them.
        st.final_left = (st.end_seat - st.seat) % cfg.table + 1
    tiles = d.get("journal_tiles", list(range(1, len(comp.journal_tiles) + 1)))
    if sorted(tiles) != list(range(1, len(comp.journal_tiles) + 1)):
        raise BadPosition("journal_tiles must list each Journal Tile 1-10 once")
    st.jtile_at = [int(t) - 1 for t in tiles]
    greens = d.get("green_workers", [1, 3, 5, 7])
    if any(c not in (1, 3, 5, 7) for c in greens):
        raise BadPosition("green_workers lists columns 1, 3, 5 and 7 only")
    st.green_on = [int(c in greens) for c in (1, 3, 5, 7)]

    # The display: the rows named are laid out as given, the others refilled from the piles.
    display = d.get("display", {})
    unknown = set(display) - set(CARD_TYPES)
    if unknown:
        raise BadPosition(f"display has unknown row(s): {', '.join(sorted(unknown))}")
    st.display = [-1] * (5 * SLOTS)
    for r, row in enumerate(CARD_TYPES):
        names = display.get(row)
        if names is None:
            continue
        if len(names) != SLOTS:
            raise BadPosition(f"display row {row} needs {SLOTS} entries")
        for k, name in enumerate(names):
            if name != "-":
                st.display[r * SLOTS + k] = card(str(name), r)

    seats = d.get("seat", [])
    if len(seats) > p:
        raise BadPosition(f"{len(seats)} seat tables for {p} players")
    for s, table in enumerate(seats):
        _seat(st, s, table, card)
    if "opponent" in d:
        _opponent(st, d["opponent"], card)

    # Every card not named stays in its pile, reshuffled; rows not given are dealt from them.
    for r in range(5):
        pile = [c for c in comp.cards_of(r) if c not in used]
        st.rng.shuffle(pile)
        st.piles[r] = pile
        st.pile_known[r] = [-1] * len(pile)
        if r not in [CARD_TYPES.index(x) for x in display]:
            st.display[r * SLOTS : r * SLOTS + SLOTS] = [-1] * SLOTS
    refill(st)

    for name, seat in d.get("influence", {}).items():
        c = comp.by_id.get(name, -1)
        if c not in st.display:
            raise BadPosition(f"influence: {name} is not on display")
        if not 0 <= int(seat) < cfg.table:
            raise BadPosition(f"influence on {name}: no seat {seat}")
        st.w_card_inf()[c] = int(seat)
    for name, colours in d.get("workers", {}).items():
        c = comp.by_id.get(name, -1)
        if c not in st.display:
            raise BadPosition(f"workers: {name} is not on display")
        row_index = st.display.index(c) // SLOTS
        for colour in str(colours).split():
            if colour not in WORKER_COLOURS:
                raise BadPosition(f"workers on {name}: {colour!r} is not a Worker colour")
            bit = WORKER_COLOURS.index(colour)
            if not comp.row_workers[row_index] >> bit & 1 or st.card_workers[c] >> bit & 1:
                raise BadPosition(f"workers on {name}: a {colour} Worker can't go there")
            st.w_card_workers()[c] |= 1 << bit
    for s in range(p):
        placed = sum(st.guild[s * 3 : s * 3 + 3]) + sum(1 for c in st.card_inf if c == s)
        if placed > comp.influence:
            raise BadPosition(f"seat {s} has more than {comp.influence} Influence in play")
        st.inf_supply[s] = comp.influence - placed
    return st


def _int(d: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = d.get(key, default)
    if not isinstance(value, int) or not low <= value <= high:
        raise BadPosition(f"{key} must be a whole number from {low} to {high}")
    return value


def _holdings(st: State, s: int, table: dict[str, Any], most_influence: int) -> None:
    """A seat's (or the opponent's) Influence on the Guilds and Workers in supply."""
    guilds = table.get("guilds", {})
    for g, name in enumerate(("black", "yellow", "blue")):
        if name in guilds:
            st.guild[s * 3 + g] = _int(guilds, name, 0, 0, most_influence)
    workers = table.get("workers", {})
    for w, name in enumerate(WORKER_COLOURS):
        if name in workers:
            st.workers[s * 3 + w] = _int(workers, name, 0, 0, 12)


def _seat(st: State, s: int, table: dict[str, Any], card: Callable[..., int]) -> None:
    comp = st.cfg.comp
    where = f"seat {s}"
    extra = set(table) - SEAT_KEYS
    if extra:
        raise BadPosition(f"{where} has unknown key(s): {', '.join(sorted(extra))}")
    st.silver[s] = _int(table, "silver", st.silver[s], 0, 999)
    st.provisions[s] = _int(table, "provisions", st.provisions[s], 0, 999)
    _holdings(st, s, table, comp.influence)
    jpos = _int(table, "journal", 0, 0, 107)
    if jpos not in comp.space_index:
        raise BadPosition(f"{where}: {jpos} is not a Journal space")
    st.jpos[s] = jpos
    st.board[s] = _int(table, "board", st.board[s] + 1, 1, len(comp.caravans)) - 1
    if st.ai and st.board[s] == st.ai[AI_MARKERS][AI_BOARD]:  # its back is the AI board
        raise BadPosition(f"{where}: board {st.board[s] + 1} is the opponent's AI board")

    def hosted(name: str) -> int:
        if name in PARTS:
            return host(s, PARTS[name])
        c = comp.by_id.get(name, -1)
        if c < 0 or st.owner[c] != s:
            raise BadPosition(f"{where}: {name!r} is not one of the seat's cards")
        return c

    for key, ctype, row in (("lands", LAND, st.lands[s]), ("waters", WATER, st.waters[s])):
        for name in table.get(key, []):
            c = card(str(name), ctype)
            row.append(c)
            st.w_owner()[c] = s
            st.ncards[s * 5 + (0 if ctype == LAND else 1)] += 1
            for t in comp.cards[c].tags:
                st.tags[s * 11 + t] += 1
    for h_name, name in table.get("space", {}).items():
        h = hosted(h_name)
        if h >= CARDS or st.above[h] >= 0:
            raise BadPosition(f"{where}: a Space card can't go above {h_name}")
        c = card(str(name), SPACE)
        st.w_above()[h] = c
        st.w_owner()[c] = s
        st.ncards[s * 5 + 2] += 1
        for t in comp.cards[c].tags:
            st.tags[s * 11 + t] += 1
    for h_name, name in table.get("tucked", {}).items():
        h = hosted(h_name)
        c = card(str(name), 0)
        base = comp.capital_city if h == host(s, 0) else comp.capital_harbour \
            if h == host(s, 1) else comp.cards[h] if h < CARDS else None
        if base is None or st.tuck[h] >= 0 or not any(t in comp.cards[c].hosts
                                                      for t in base.tags):
            raise BadPosition(f"{where}: {name} can't be tucked under {h_name}")
        st.w_tuck()[h] = c
        st.w_owner()[c] = s
        st.ncards[s * 5 + 3] += 1
    for h_name, name in table.get("inspiration", {}).items():
        h = host(s, SKY) if h_name == "Capital Sky" else comp.by_id.get(h_name, -1)
        if h < 0 or (h < CARDS and (st.owner[h] != s or comp.cards[h].type != SPACE)):
            raise BadPosition(f"{where}: {h_name!r} is not one of the seat's Space cards")
        c = card(str(name), INSPIRATION)
        st.w_insp_on()[h] = c
        st.w_owner()[c] = s
        st.ncards[s * 5 + 4] += 1
    for spec in table.get("caravan", []):
        tile = next((t for t in comp.tiles if t.id == spec.get("tile")), None)
        if tile is None or st.tile_supply[tile.index] <= 0:
            raise BadPosition(f"{where}: {spec.get('tile')!r} is not an available tile")
        face = "ab".index(spec.get("face", "a")) if spec.get("face", "a") in "ab" else 9
        if face >= len(tile.faces):
            raise BadPosition(f"{where}: tile {tile.id} has no face {spec.get('face')!r}")
        anchor = (int(spec["column"]) - 1) + 6 * (int(spec["row"]) - 1)
        if anchor not in caravan.positions(st, s, tile) or not (
                1 <= int(spec["column"]) <= 6 and 1 <= int(spec["row"]) <= 3):
            raise BadPosition(f"{where}: tile {tile.id} can't go at column {spec['column']} "
                              f"row {spec['row']}")
        cells = caravan.cells_of(tile, anchor)
        assert cells is not None  # the anchor is one ``positions`` offers, checked just above
        for part, cell in enumerate(cells):
            st.caravan[s * CELLS + cell] = tile.index * 8 + face * 2 + part
        st.tile_supply[tile.index] -= 1
        st.ntiles[s * 5 + tile.colour] += 1
        for t in tile.tags:
            st.tags[s * 11 + t] += 1
    dice = [int(v) for v in table.get("dice", st.dice[s])]
    if any(not 1 <= v <= 6 for v in dice):
        raise BadPosition(f"{where}: a die shows 1 to 6")
    st.dice[s] = dice
    for name in table.get("placed", []):
        h = hosted(str(name))
        if h not in _spaces(st, s) or st.occupied[h]:
            raise BadPosition(f"{where}: no free die space on {name}")
        st.w_occupied()[h] = 1
    on_board = len(dice) + sum(st.occupied[h] for h in _spaces(st, s))
    st.reserve[s] = _int(table, "reserve", max(0, comp.dice - on_board), 0, comp.dice)
    if on_board + st.reserve[s] > comp.dice:
        raise BadPosition(f"{where}: more than {comp.dice} dice")


def _opponent(st: State, table: dict[str, Any], card: Callable[..., int]) -> None:
    """The solo opponent's markers, Scheme cards, holdings and caravan."""

    comp = st.cfg.comp
    if not st.ai:
        raise BadPosition("[opponent] is for solo positions (players = 1)")
    extra = set(table) - OPPONENT_KEYS
    if extra:
        raise BadPosition(f"opponent has unknown key(s): {', '.join(sorted(extra))}")
    solo = load_solo()
    m = st.ai[AI_MARKERS]
    m[TRACK] = _int(table, "track", 0, 0, 7)
    m[COMET_TRACK] = _int(table, "comet", 0, 0, solo.comet_max)
    st.tags[AI * 11 + 10] = m[COMET_TRACK]
    ids = [x.id for x in solo.schemes]
    up = [str(x) for x in table.get("schemes_up", [])]
    if any(x not in ids for x in up) or len(set(up)) != len(up):
        raise BadPosition(f"schemes_up lists Scheme cards ({', '.join(ids)}) once each")
    reds = sum(1 for x in up if solo.schemes[ids.index(x)].red)
    if reds > 3 or len(up) - reds > 3 or len(up) > 5:
        raise BadPosition("schemes_up: a Rest comes at 3 face-up cards of one colour")
    st.ai[AI_REVEALED] = [ids.index(x) for x in up]
    pile = [i for i in range(len(ids)) if ids[i] not in up]
    st.rng.shuffle(pile)
    st.schemes = pile
    jpos = _int(table, "journal", 0, 0, 107)
    if jpos not in comp.space_index:
        raise BadPosition(f"opponent: {jpos} is not a Journal space")
    st.jpos[AI] = jpos
    _holdings(st, AI, table, 99)
    for name in table.get("cards", []):
        c = card(str(name))
        st.w_owner()[c] = AI
        st.ncards[AI * 5 + COUNT_COLUMN[comp.cards[c].type]] += 1
    for key in ("caravan", "beside"):
        for name in table.get(key, []):
            tile = next((t for t in comp.tiles if t.id == name), None)
            if tile is None or st.tile_supply[tile.index] <= 0:
                raise BadPosition(f"opponent: {name!r} is not an available tile")
            if key == "beside":
                st.tile_supply[tile.index] -= 1
                st.ntiles[AI * 5 + tile.colour] += 1
                st.ai[AI_BESIDE].append(tile.index)
            elif not opponent.lay_tile(st, tile):
                raise BadPosition(f"opponent: tile {name} does not fit the caravan path")

def _spaces(st: State, s: int) -> list[int]:
    from upriver.games.wayfarers.resolve import _die_spaces

    return _die_spaces(st, s)
