'''Readable Wayfarers positions (``upriver.from_position("wayfarers", text)``).

A small TOML text describing the table at the start of a turn; whatever it leaves out is where
setup would put it (cards in their shuffled piles, tiles on the main board, markers at the
start)::

    players = 2
    seed = 7                  # the random stream (dice rolls, the piles' order)
    first_player = 0
    to_move = 1               # default: the first player
    turn = 12                 # turns taken so far (default 0)
    sides = "aab"             # left, middle, right board sections (default "aaa"); also the
                              # game's sides option, unless [options] gives that ("random":
                              # these were drawn)
    end_triggered_by = -1     # the seat that reached a final space, -1: not yet; once set,
                              # the final turns still to play are to_move's round to the
                              # trigger seat's own (WF-END-02: it triggered in an earlier turn)
    journal_tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # tile on each tile space, in space order
                              # 10, 15, 32, 36, 50, 55, 72, 76, 90, 95 (tiles numbered as in
                              # journal.toml); default: in that order
    green_workers = [5, 7]    # columns whose Green Worker is still on the track (default all)
    final_turns_left = 2      # with end_triggered_by: the final turns still to play, this one
                              # included (default: as just said; it differs when the end was
                              # triggered in another seat's turn, as the solo opponent can in
                              # the human's)
    over = true               # the game is over and scored (default false); to_move is then
                              # the seat whose turn ended it, a solo opponent's (1) included
    random = "0x00000000075bcd15"  # the random stream's state (the dice rolls and shuffles to
                              # come), set once all else is built; default: where the seed and
                              # the shuffles of the piles left out leave it

    [display]                 # each row's slots 1-4; a "-" slot is filled from the pile as at
                              # the end of a turn (it stays empty only with an empty pile)
    townsfolk = ["T01", "T02", "T03", "T04"]
    land = ["L01", "L02", "-", "L04"]

    [influence]               # display cards holding a seat's Influence
    L01 = 1

    [workers]                 # Workers on display cards
    L02 = "green yellow"

    [piles]                   # a row's draw pile, bottom card first, top card (drawn next)
                              # last; it must hold every card of its row named nowhere else.
                              # Default: the row's cards named nowhere, shuffled
    land = ["L07", "L33", "L12"]
    space = []

    [pile_known]              # who saw where a card of a pile given in [piles] lies: a seat
                              # (cards it drew and put back), or "all" (a discarded Inspiration
                              # card); default: nobody
    land = { L33 = 0 }

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
    board = "mayor"           # its AI board (default: the ai_board option's, or drawn when
                              # that is "random", as [options] can say the board was)
    track = 3                 # Resource Track space 0-7
    comet = 2                 # Comet Track 0-10
    schemes_up = ["blue-2", "red-1"]  # face-up Scheme cards in reveal order; the rest face down
    schemes_down = ["red-3", "blue-1", "blue-3", "red-2"]  # the face-down pile, bottom first,
                              # top (revealed next) last (default: the rest, shuffled)
    journal = 15
    guilds = { black = 1, yellow = 2, blue = 1 }
    workers = { green = 1, yellow = 0, blue = 1 }
    cards = ["T05", "S20", "L12"]     # its cards, any types
    caravan = ["basic-camel", "space-telescope"]  # tiles along its caravan path, in order
    beside = ["land-camel"]   # tiles beside its board
    extra_step = true         # its Black extra Journal step of this turn is taken (WF-SOLO-56;
                              # default false)
    log = ["reveal red-1", "first red-1", "track 3 5", "take T05"]  # what it did since its
                              # last turn began (the view's lines), one event a string

Each ``log`` event is a name and its arguments: ``reveal``, ``first`` and ``second`` (its
first action done, or its second) a Scheme card; ``rest``, ``shuffle`` and ``green`` (took a
Green Worker) none; ``track`` the spaces from and to; ``comet`` the new Comet Track space;
``influence`` a Guild; ``card_influence``, ``take`` and ``top`` (the top card of a pile) a
card; ``tile`` (into its caravan) and ``beside`` a tile; ``worker`` and ``retrieve`` a Worker
colour and a card; ``journal`` the space entered; ``extra`` the Black Influence paid;
``allowed`` and ``denied`` the card and what the human gained or paid (``nothing``, ``silver``,
``provision``); ``none`` the step that found nothing to do (``take``, ``worker``,
``retrieve``, ``card_influence``).

A seat's Influence in supply is what its 15 leave after the Guilds and the cards. Every card,
tile and Worker can be in one place only; a position that uses one twice, names an unknown one,
or puts one where the rules never could (a Townsfolk under a card without its tag, a tile off the
grid) is refused with a one-line error.

Positions written from a game (``Game.to_position``, ``write`` below) name every key: the
display, every pile in order with who knows which places, each seat and the opponent in full,
the game's options as it has them (``"random"`` ones too: the sides and AI board drawn are in
``sides`` and ``[opponent] board``) and ``random``, so the game read back is the very game
written: its options, views, legal actions and future. They describe the start of a seat's
turn (in solo, of the human's) and a game that is over; a turn under way (a decision pending,
an action taken) is refused.
'''

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition
from upriver.core.positions import build_position, read_position, read_random, write_random
from upriver.games.wayfarers import caravan, opponent
from upriver.games.wayfarers.cards import COUNT_COLUMN, refill
from upriver.games.wayfarers.components import INSPIRATION, LAND, SPACE, WATER
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS
from upriver.games.wayfarers.priorities import path_cells
from upriver.games.wayfarers.solo_components import ACQUIRE as S_ACQUIRE
from upriver.games.wayfarers.solo_components import CARD_INFLUENCE as S_CARD_INFLUENCE
from upriver.games.wayfarers.solo_components import load_solo
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_BOARD,
    AI_LOG,
    AI_MARKERS,
    AI_PATH,
    AI_REVEALED,
    CARDS,
    CELLS,
    CITY,
    COMET_TRACK,
    EXTRA_STEP,
    FEE_STEPS,
    HARBOUR,
    KNOWN_TO_ALL,
    OVER,
    SKY,
    SLOTS,
    TRACK,
    WORKER_COLOURS,
    Config,
    State,
    host,
)

KEYS = {"players", "seed", "first_player", "to_move", "turn", "sides", "end_triggered_by",
        "final_turns_left", "over", "journal_tiles", "green_workers", "display", "influence",
        "workers", "piles", "pile_known", "seat", "options", "opponent"}
OPPONENT_KEYS = {"board", "track", "comet", "schemes_up", "schemes_down", "journal", "guilds",
                 "workers", "cards", "caravan", "beside", "extra_step", "log"}
SEAT_KEYS = {"silver", "provisions", "guilds", "workers", "dice", "placed", "reserve",
             "journal", "board", "lands", "waters", "tucked", "space", "inspiration",
             "caravan"}
PARTS = {"Capital City": 0, "Capital Harbour": 1, "Capital Sky": 2, "Capital Observatory": 4,
         "Capital Library": 5, "Capital Market": 6, "Capital Reserve": 7}
PART_NAMES = {part: name for name, part in PARTS.items()}
GREEN_COLUMNS = (1, 3, 5, 7)  # the Journal columns with a Green Worker, in ``green_on`` order
KNOWN_ALL = "all"  # ``[pile_known]``: a place every seat knows (``KNOWN_TO_ALL``)

# The opponent's log events (``opponent.E_*``) as ``log`` names them, with the kind of each of
# their two numbers ("": unused, always 0).
LOG_EVENTS: dict[int, tuple[str, str, str]] = {
    opponent.E_REVEAL: ("reveal", "scheme", ""),
    opponent.E_REST: ("rest", "", ""),
    opponent.E_TRACK: ("track", "number", "number"),
    opponent.E_COMET: ("comet", "number", ""),
    opponent.E_INFLUENCE: ("influence", "guild", ""),
    opponent.E_CARD_INF: ("card_influence", "card", ""),
    opponent.E_TAKE: ("take", "card", ""),
    opponent.E_TOP: ("top", "card", ""),
    opponent.E_TILE: ("tile", "tile", ""),
    opponent.E_BESIDE: ("beside", "tile", ""),
    opponent.E_WORKER: ("worker", "colour", "card"),
    opponent.E_RETRIEVE: ("retrieve", "colour", "card"),
    opponent.E_JOURNAL: ("journal", "number", ""),
    opponent.E_EXTRA: ("extra", "number", ""),
    opponent.E_SHUFFLE: ("shuffle", "", ""),
    opponent.E_DENIED: ("denied", "card", "way"),
    opponent.E_ALLOWED: ("allowed", "card", "way"),
    opponent.E_FIRST: ("first", "scheme", ""),
    opponent.E_SECOND: ("second", "scheme", ""),
    opponent.E_GREEN: ("green", "", ""),
    opponent.E_NONE: ("none", "step", ""),
}
LOG_NAMES = {name: event for event, (name, _, _) in LOG_EVENTS.items()}
WAYS = ("nothing", "silver", "provision")  # what allowing or denying gained or cost
# The opponent's steps that can find nothing to do (``E_NONE``).
NONE_STEPS = {S_ACQUIRE: "take", opponent.PLACE: "worker", opponent.PICK: "retrieve",
              S_CARD_INFLUENCE: "card_influence"}


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Config]) -> tuple[State,
                                                                                  dict[str, Any]]:
    d, players, options = read_position("wayfarers", text, KEYS)
    built = options
    if "sides" in d:
        built = {**options, "sides": str(d["sides"])}
        given = d.get("options", {}).get("sides")
        if given is None:
            options = built  # the sides are the game's option
        elif given not in ("random", built["sides"]):
            raise BadPosition(f"sides {d['sides']!r} and the sides option {given!r} differ")
    return build_position(lambda: _build(d, make_config(players, built))), options


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

    over = d.get("over", False)
    if not isinstance(over, bool):
        raise BadPosition("over must be true or false")
    st.first_player = _int(d, "first_player", 0, 0, p - 1)
    # A finished game may have ended in any seat's turn, a solo opponent's included.
    st.seat = _int(d, "to_move", st.first_player, 0, (cfg.table if over else p) - 1)
    st.turn = _int(d, "turn", 0, 0, 10**6)
    st.end_seat = _int(d, "end_triggered_by", -1, -1, cfg.table - 1)
    if st.end_seat >= 0:
        # At the start of to_move's turn the trigger seat's turn has ended, so the final turns
        # left run from to_move round to the trigger seat, as ``turns.end_turn`` counts them.
        left = 0 if over else (st.end_seat - st.seat) % cfg.table + 1
        st.final_left = _int(d, "final_turns_left", left, 0 if over else 1, cfg.table)
    elif "final_turns_left" in d:
        raise BadPosition("final_turns_left needs end_triggered_by")
    if over:
        st.stage = OVER
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

    if st.ai and isinstance(d.get("opponent"), dict) and "board" in d["opponent"]:
        _ai_board(st, d["opponent"]["board"])
    seats = d.get("seat", [])
    if len(seats) > p:
        raise BadPosition(f"{len(seats)} seat tables for {p} players")
    for s, table in enumerate(seats):
        _seat(st, s, table, card)
    if "opponent" in d:
        _opponent(st, d["opponent"], card)

    # The piles given hold their cards in the order given; every card not named stays in its
    # pile, reshuffled; rows not given are dealt from them.
    given = _piles(d, card)
    for r in range(5):
        if r in given:
            pile = given[r]
            missing = [comp.cards[c].id for c in comp.cards_of(r) if c not in used]
            if missing:
                raise BadPosition(f"piles: {CARD_TYPES[r]} leaves out {', '.join(missing)}, "
                                  "named nowhere else")
        else:
            pile = [c for c in comp.cards_of(r) if c not in used]
            st.rng.shuffle(pile)
        st.piles[r] = pile
        st.pile_known[r] = [-1] * len(pile)
        if r not in [CARD_TYPES.index(x) for x in display]:
            st.display[r * SLOTS : r * SLOTS + SLOTS] = [-1] * SLOTS
    _pile_known(st, d, given)
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
    state = read_random(d)
    if state is not None:  # last: nothing above may draw from the stream after it is set
        st.rng.state = state
    return st


def _ai_board(st: State, name: object) -> None:
    """The solo opponent's AI board, which an ai_board option of "random" left to the draw;
    a seat's player board that is its back goes to the board it leaves (WF-SOLO-02)."""
    boards = _ai_boards()
    if name not in boards:
        raise BadPosition(f"opponent: board is one of {', '.join(boards)}, not {name!r}")
    board = boards.index(str(name))
    if st.cfg.ai_board not in (-1, board):
        raise BadPosition(f"opponent: board {name} and the ai_board option "
                          f"{boards[st.cfg.ai_board]} differ")
    m = st.ai[AI_MARKERS]
    st.board = [m[AI_BOARD] if b == board else b for b in st.board]
    m[AI_BOARD] = board


def _ai_boards() -> tuple[str, ...]:
    """The AI boards as the ai_board option names them (``rules.AI_BOARDS``)."""
    return tuple(b.name.lower() for b in load_solo().boards)


def _rows(d: dict[str, Any], key: str) -> dict[str, Any]:
    """The table ``key`` gives by card row (``[piles]``, ``[pile_known]``), its rows checked."""
    table = d.get(key, {})
    if not isinstance(table, dict):
        raise BadPosition(f"{key} is a table of rows")
    unknown = set(table) - set(CARD_TYPES)
    if unknown:
        raise BadPosition(f"{key} has unknown row(s): {', '.join(sorted(unknown))}")
    return table


def _piles(d: dict[str, Any], card: Callable[..., int]) -> dict[int, list[int]]:
    """The draw piles ``[piles]`` gives, by row, bottom card first."""
    piles = _rows(d, "piles")
    out: dict[int, list[int]] = {}
    for r, row in enumerate(CARD_TYPES):
        if row in piles:
            if not isinstance(piles[row], list):
                raise BadPosition(f"piles: {row} is a list of cards, bottom first")
            out[r] = [card(str(name), r) for name in piles[row]]
    return out


def _pile_known(st: State, d: dict[str, Any], given: dict[int, list[int]]) -> None:
    """Who knows where a card of a given pile lies (``[pile_known]``)."""
    known = _rows(d, "pile_known")
    comp = st.cfg.comp
    for row, places in known.items():
        r = CARD_TYPES.index(row)
        if r not in given:
            raise BadPosition(f"pile_known: {row} needs its pile in [piles]")
        if not isinstance(places, dict):
            raise BadPosition(f"pile_known: {row} is a table of card = seat or \"all\"")
        for name, who in places.items():
            c = comp.by_id.get(name, -1)
            if c not in given[r]:
                raise BadPosition(f"pile_known: {name} is not in the {row} pile")
            if who == KNOWN_ALL:
                seat = KNOWN_TO_ALL
            elif isinstance(who, int) and not isinstance(who, bool) \
                    and 0 <= who < st.cfg.table:
                seat = who
            else:
                raise BadPosition(f"pile_known: {name} is known to a seat 0-"
                                  f"{st.cfg.table - 1} or \"all\", not {who!r}")
            st.pile_known[r][given[r].index(c)] = seat


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
    if "schemes_down" in table:
        down = [str(x) for x in table["schemes_down"]]
        if sorted(up + down) != sorted(ids):
            raise BadPosition("schemes_up and schemes_down list each Scheme card "
                              f"({', '.join(ids)}) once between them")
        st.schemes = [ids.index(x) for x in down]
    else:
        pile = [i for i in range(len(ids)) if ids[i] not in up]
        st.rng.shuffle(pile)
        st.schemes = pile
    extra = table.get("extra_step", False)
    if not isinstance(extra, bool):
        raise BadPosition("opponent: extra_step must be true or false")
    m[EXTRA_STEP] = int(extra)
    log = table.get("log", [])
    if not isinstance(log, list):
        raise BadPosition("opponent: log is a list of events")
    st.ai[AI_LOG] = [n for entry in log for n in _read_event(st, entry)]
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


def _read_event(st: State, entry: object) -> tuple[int, int, int]:
    """One ``log`` event: its name and arguments, as ``LOG_EVENTS`` spells them."""
    words = str(entry).split()
    event = LOG_NAMES.get(words[0], -1) if words else -1
    if event < 0:
        raise BadPosition(f"opponent log: {entry!r} names no event "
                          f"({', '.join(sorted(LOG_NAMES))})")
    kinds = [k for k in LOG_EVENTS[event][1:] if k]
    if len(words) != len(kinds) + 1:
        raise BadPosition(f"opponent log: {words[0]} takes {len(kinds)} argument(s), "
                          f"not {entry!r}")
    values = [_event_value(st, kind, word) for kind, word in zip(kinds, words[1:], strict=True)]
    values += [0] * (2 - len(values))
    return event, values[0], values[1]


def _event_names(st: State, kind: str) -> list[str] | dict[int, str]:
    comp = st.cfg.comp
    if kind == "scheme":
        return [x.id for x in load_solo().schemes]
    if kind == "card":
        return [c.id for c in comp.cards]
    if kind == "tile":
        return [t.id for t in comp.tiles]
    if kind == "guild":
        return list(GUILDS)
    if kind == "colour":
        return list(WORKER_COLOURS)
    if kind == "way":
        return list(WAYS)
    return NONE_STEPS


def _event_value(st: State, kind: str, word: str) -> int:
    if kind == "number":
        try:
            return int(word)
        except ValueError:
            raise BadPosition(f"opponent log: {word!r} is not a number") from None
    names = _event_names(st, kind)
    found = [k for k, name in (names.items() if isinstance(names, dict) else enumerate(names))
             if name == word]
    if not found:
        raise BadPosition(f"opponent log: {word!r} is not a {kind}")
    return found[0]


def _spaces(st: State, s: int) -> list[int]:
    from upriver.games.wayfarers.resolve import _die_spaces

    return _die_spaces(st, s)


# --- writing -------------------------------------------------------------------------------


def write(st: State, options: dict[str, Any]) -> dict[str, Any]:
    """The position of ``st`` as a table (``write_toml`` spells it), naming every key, so that
    ``parse`` reads back the same game: the same options (``options``, the game's), views,
    legal actions and future (the random stream, every pile's order and who knows which
    places, the Scheme pile). ``BadPosition`` for a turn under way: positions describe the
    start of a turn."""
    _check_turn_start(st)
    cfg, comp = st.cfg, st.cfg.comp
    ids = [c.id for c in comp.cards]
    sides = "".join("ab"[x] for x in st.sides)
    out: dict[str, Any] = {"players": cfg.players, "first_player": st.first_player,
                           "to_move": st.seat, "turn": st.turn, "sides": sides}
    if st.end_seat >= 0:
        out["end_triggered_by"] = st.end_seat
        out["final_turns_left"] = st.final_left
    if st.stage == OVER:
        out["over"] = True
    out["journal_tiles"] = [t + 1 for t in st.jtile_at]
    out["green_workers"] = [col for col, on in zip(GREEN_COLUMNS, st.green_on, strict=True)
                            if on]
    out["random"] = write_random(st.rng.state)
    out["options"] = dict(options)
    out["display"] = {row: [ids[c] if c >= 0 else "-"
                            for c in st.display[r * SLOTS : r * SLOTS + SLOTS]]
                      for r, row in enumerate(CARD_TYPES)}
    shown = [c for c in st.display if c >= 0]
    influence = {ids[c]: st.card_inf[c] for c in shown if st.card_inf[c] >= 0}
    if influence:
        out["influence"] = influence
    workers = {ids[c]: " ".join(WORKER_COLOURS[w] for w in range(3)
                                if st.card_workers[c] >> w & 1)
               for c in shown if st.card_workers[c]}
    if workers:
        out["workers"] = workers
    out["piles"] = {row: [ids[c] for c in st.piles[r]] for r, row in enumerate(CARD_TYPES)}
    known = {row: {ids[c]: KNOWN_ALL if k == KNOWN_TO_ALL else k
                   for c, k in zip(st.piles[r], st.pile_known[r], strict=True) if k != -1}
             for r, row in enumerate(CARD_TYPES)}
    known = {row: places for row, places in known.items() if places}
    if known:
        out["pile_known"] = known
    if st.ai:
        out["opponent"] = _write_opponent(st)
    out["seat"] = [_write_seat(st, s) for s in range(cfg.players)]
    _check_every_card(st, out)
    return out


def _check_turn_start(st: State) -> None:
    """Refuse a point the format does not describe: a turn under way."""
    if st.stack:
        raise BadPosition("a turn is under way (a decision is pending): a position describes "
                          "the start of a turn")
    if (st.main_done or st.used or st.fresh or st.die_col or st.spare_pigeon or st.drawn
            or st.drawer != -1 or any(st.worker_new)
            or (st.ai and st.ai[AI_MARKERS][FEE_STEPS])):
        raise BadPosition(f"a turn is under way (seat {st.seat} has acted in it): a position "
                          "describes the start of a turn")
    if st.stage != OVER and st.seat >= st.cfg.players:
        raise BadPosition("the solo opponent's turn is under way: a position describes the "
                          "start of the human's turn")
    for r, row in enumerate(CARD_TYPES):
        slots = st.display[r * SLOTS : r * SLOTS + SLOTS]
        if -1 in slots and (st.piles[r] or any(c >= 0 for c in slots[slots.index(-1):])):
            raise BadPosition(f"the {row} row has an empty slot that the end of a turn refills: "
                              "a position describes the start of a turn")


def _write_seat(st: State, s: int) -> dict[str, Any]:
    comp = st.cfg.comp
    ids = [c.id for c in comp.cards]
    lands, waters = st.lands[s], st.waters[s]
    out: dict[str, Any] = {
        "silver": st.silver[s], "provisions": st.provisions[s],
        "guilds": dict(zip(GUILDS, st.guild[s * 3 : s * 3 + 3], strict=True)),
        "workers": dict(zip(WORKER_COLOURS, st.workers[s * 3 : s * 3 + 3], strict=True)),
        "dice": list(st.dice[s]),
    }
    placed = [_host_name(st, h) for h in _spaces(st, s) if st.occupied[h]]
    if placed:
        out["placed"] = placed
    out.update(reserve=st.reserve[s], journal=st.jpos[s], board=st.board[s] + 1)
    if lands:
        out["lands"] = [ids[c] for c in lands]
    if waters:
        out["waters"] = [ids[c] for c in waters]
    hosts = [host(s, CITY), host(s, HARBOUR), *lands, *waters]
    tucked = {_host_name(st, h): ids[st.tuck[h]] for h in hosts if st.tuck[h] >= 0}
    if tucked:
        out["tucked"] = tucked
    space = {ids[c]: ids[st.above[c]] for c in (*lands, *waters) if st.above[c] >= 0}
    if space:
        out["space"] = space
    skies = [host(s, SKY)] + [st.above[c] for c in (*lands, *waters) if st.above[c] >= 0]
    inspiration = {_host_name(st, h): ids[st.insp_on[h]] for h in skies if st.insp_on[h] >= 0}
    if inspiration:
        out["inspiration"] = inspiration
    tiles = []
    for cell in range(CELLS):
        code = st.caravan[s * CELLS + cell]
        if code >= 0 and code % 2 == 0:  # a tile's first part: its top-left cell
            tiles.append({"tile": comp.tiles[code // 8].id, "face": "ab"[code % 8 // 2],
                          "column": cell % 6 + 1, "row": cell // 6 + 1})
    if tiles:
        out["caravan"] = tiles
    return out


def _host_name(st: State, h: int) -> str:
    return st.cfg.comp.cards[h].id if h < CARDS else PART_NAMES[(h - CARDS) % 8]


def _write_opponent(st: State) -> dict[str, Any]:
    comp = st.cfg.comp
    solo = load_solo()
    m = st.ai[AI_MARKERS]
    path = st.ai[AI_PATH]
    out: dict[str, Any] = {
        "board": _ai_boards()[m[AI_BOARD]], "track": m[TRACK], "comet": m[COMET_TRACK],
        "schemes_up": [solo.schemes[x].id for x in st.ai[AI_REVEALED]],
        "schemes_down": [solo.schemes[x].id for x in st.schemes],
        "journal": st.jpos[AI],
        "guilds": dict(zip(GUILDS, st.guild[AI * 3 : AI * 3 + 3], strict=True)),
        "workers": dict(zip(WORKER_COLOURS, st.workers[AI * 3 : AI * 3 + 3], strict=True)),
    }
    owned = [comp.cards[c].id for c in range(CARDS) if st.owner[c] == AI]
    if owned:
        out["cards"] = owned
    laid = [comp.tiles[path[cell] // 2].id for cell in path_cells()
            if path[cell] >= 0 and path[cell] % 2 == 0]  # each tile's first cell on the path
    if laid:
        out["caravan"] = laid
    if st.ai[AI_BESIDE]:
        out["beside"] = [comp.tiles[t].id for t in st.ai[AI_BESIDE]]
    if m[EXTRA_STEP]:
        out["extra_step"] = True
    events = st.ai[AI_LOG]
    if events:
        out["log"] = [_write_event(st, *events[i : i + 3]) for i in range(0, len(events), 3)]
    return out


def _write_event(st: State, event: int, a: int, b: int) -> str:
    name, *kinds = LOG_EVENTS[event]
    words = [name]
    for kind, value in zip(kinds, (a, b), strict=True):
        if kind == "number":
            words.append(str(value))
        elif kind:
            names = _event_names(st, kind)
            words.append(names[value])
        elif value:
            raise BadPosition(f"the opponent's log holds an event {name} the format cannot "
                              "spell")
    return " ".join(words)


def _check_every_card(st: State, out: dict[str, Any]) -> None:
    """Every card is on display, in a pile or owned, where the table written puts it."""
    counted = sum(len(pile) for pile in st.piles) + sum(1 for c in st.display if c >= 0)
    for s in range(st.cfg.table):
        counted += sum(1 for c in st.owner if c == s)
    if counted != CARDS:
        raise BadPosition("a card is out of sight of the format (drawn, or in a hand)")
    for s, table in enumerate(out["seat"]):
        named = (len(table.get("lands", ())) + len(table.get("waters", ()))
                 + len(table.get("tucked", ())) + len(table.get("space", ()))
                 + len(table.get("inspiration", ())))
        if named != sum(1 for c in st.owner if c == s):
            raise BadPosition(f"seat {s} owns a card the format has no place for")
    placed = sum(len(table.get("placed", ())) for table in out["seat"])
    if placed != sum(st.occupied):
        raise BadPosition("a die sits where the format has no place for it")
