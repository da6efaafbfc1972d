"""Where each stored resource sits (rulebook 003: warehouses, covering and swapping tiles;
RV-PRODUCE-05, RV-TERRAIN-04..06, RV-SWAP-02, RV-RULING-15).

``st.stored[(seat * 12 + space) * 4 + kind]`` counts one kind's resources on one river space. A
space's warehouses are its tile's, or the board's printed ones while no tile lies there.
``st.res`` keeps each seat's totals, always the sum over its spaces.

Warehouses on tiles are never covered, so all of them form one place, "a tile" (a resource goes
on the first tile along the river with room); each uncovered printed warehouse space is a place
of its own, lost when its tile comes. A player chooses a place only when the choice matters.
"""

from __future__ import annotations

from typing import Final

from upriver.games.the_river.components import RESOURCES
from upriver.games.the_river.state import ACTION_DONE, STORE, TURN, State

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

TILE: Final = -1  # the place "on a tile": every tile warehouse of the board
Moves = list[tuple[object, ...]]


def place_text(place: int) -> str:
    return "a tile" if place == TILE else f"space {place + 1}"


# "store KIND on PLACE" for every kind and place (a tile, spaces 1-12), written once: storing is
# among the commonest decisions.
STORE_TEXTS: Final = tuple(f"store {RESOURCES[kind]} on {place_text(place)}"
                    for kind in range(4) for place in range(TILE, 12))


def slots(st: State, seat: int, space: int) -> int:
    """The warehouses visible on one space: its tile's, else the printed ones."""
    t = st.river[seat * st.cfg.comp.river_spaces + space]
    return st.cfg.comp.tiles[t].warehouses if t >= 0 else st.cfg.boards[seat].warehouses[space]


def free_places(st: State, seat: int) -> list[tuple[int, int]]:
    """(place, free warehouses) for every place with room: "a tile" first, then the uncovered
    printed spaces along the river."""
    n = st.cfg.comp.river_spaces
    tiles = st.cfg.comp.tiles
    printed = st.cfg.boards[seat].warehouses
    stored = st.stored
    on_tiles = 0
    out: list[tuple[int, int]] = []
    for k in range(n):
        t = st.river[seat * n + k]
        room = tiles[t].warehouses if t >= 0 else printed[k]
        if room:
            i = (seat * n + k) * 4
            room -= stored[i] + stored[i + 1] + stored[i + 2] + stored[i + 3]
            if t >= 0:
                on_tiles += room
            elif room > 0:
                out.append((k, room))
    return [(TILE, on_tiles), *out] if on_tiles > 0 else out


def places_holding(st: State, seat: int, kind: int) -> list[int]:
    """The places holding at least one resource of ``kind``: "a tile" first, then spaces."""
    n = st.cfg.comp.river_spaces
    on_tile = False
    out: list[int] = []
    for k in range(n):
        if st.stored[(seat * n + k) * 4 + kind]:
            if st.river[seat * n + k] >= 0:
                on_tile = True
            else:
                out.append(k)
    return [TILE, *out] if on_tile else out


def put(st: State, seat: int, kind: int, place: int) -> None:
    """Store one resource of ``kind`` at ``place`` (which has room)."""
    n = st.cfg.comp.river_spaces
    if place == TILE:  # the first tile along the river with room
        tiles = st.cfg.comp.tiles
        stored = st.stored
        for k in range(n):
            t = st.river[seat * n + k]
            i = (seat * n + k) * 4
            if t >= 0 and (stored[i] + stored[i + 1] + stored[i + 2] + stored[i + 3]
                           < tiles[t].warehouses):
                place = k
                break
        else:
            raise AssertionError("no tile has room: the caller checks that there is")
    st.stored[(seat * n + place) * 4 + kind] += 1
    st.res[seat * 4 + kind] += 1


def take(st: State, seat: int, kind: int, place: int) -> None:
    """Remove one stored resource of ``kind`` from ``place`` (the caller returns it)."""
    n = st.cfg.comp.river_spaces
    if place == TILE:  # from the last tile along the river that holds one
        for k in range(n - 1, -1, -1):
            if st.river[seat * n + k] >= 0 and st.stored[(seat * n + k) * 4 + kind]:
                place = k
                break
        else:
            raise AssertionError("no tile holds one: the caller checks that one does")
    st.stored[(seat * n + place) * 4 + kind] -= 1
    st.res[seat * 4 + kind] -= 1


def uncover(st: State, seat: int, space: int) -> None:
    """A tile now covers ``space``: the resources on its printed warehouses leave them and wait
    in ``pending`` to be moved elsewhere or lost (RV-TERRAIN-05, -06)."""
    i = (seat * st.cfg.comp.river_spaces + space) * 4
    for kind in range(4):
        count = st.stored[i + kind]
        if count:
            st.stored[i + kind] = 0
            st.res[seat * 4 + kind] -= count
            st.pending[kind] += count


def swap(st: State, seat: int, a: int, b: int) -> None:
    """Resources travel with their tiles (RV-SWAP-02)."""
    n = st.cfg.comp.river_spaces
    i = (seat * n + a) * 4
    j = (seat * n + b) * 4
    st.stored[i : i + 4], st.stored[j : j + 4] = st.stored[j : j + 4], st.stored[i : i + 4]


def settle(st: State) -> bool:
    """Store the pending resources of the seat to move when only one outcome is possible: one
    place has room, or they are all of one kind and fill every free warehouse. True when nothing
    is left pending; the caller has checked that they fit."""
    total = sum(n for n in st.pending)
    if total == 0:
        return True
    seat = st.seat
    free = free_places(st, seat)
    if len(free) > 1 and (sum(1 for x in st.pending if x) > 1
                          or total != sum(room for _, room in free)):
        return False
    for place, room in free:
        for kind in range(4):
            while st.pending[kind] and room:
                put(st, seat, kind, place)
                st.pending[kind] -= 1
                room -= 1
    return True


def legal_places(st: State, texts: list[str], moves: Moves) -> None:
    """Where the next pending resource goes: one decision per place with room, for the first
    pending kind (the others follow one at a time)."""
    kind = next(k for k in range(4) if st.pending[k])
    for place, _ in free_places(st, st.seat):
        texts.append(STORE_TEXTS[kind * 13 + place + 1])
        moves.append(("store", kind, place))


def sources(st: State, seat: int, kind: int) -> list[tuple[int, str]]:
    """The places a stored ``kind`` can be taken from, with the words naming it: the tiles'
    warehouses are the usual place and go unnamed, a printed space is always named. So a text
    names one move whatever else is stored ("pay wood" is always from a tile)."""
    return [(p, "" if p == TILE else f" from {place_text(p)}")
            for p in places_holding(st, seat, kind)]


def off_warehouses(st: State) -> int:
    """How far the stored resources are from adding up: totals that differ from the sum over
    the spaces, and resources beyond a space's warehouses (always 0)."""
    n = st.cfg.comp.river_spaces
    off = 0
    for seat in range(st.num_players):
        base = seat * n * 4
        for kind in range(4):
            off += abs(st.res[seat * 4 + kind] - sum(st.stored[base + kind : base + n * 4 : 4]))
        for k in range(n):
            held = sum(st.stored[base + k * 4 : base + k * 4 + 4])
            off += max(0, held - slots(st, seat, k)) + sum(
                -x for x in st.stored[base + k * 4 : base + k * 4 + 4] if x < 0)
    return off


# ---------------------------------------------------------------- storing resources


def store(st: State) -> None:
    """New resources go into warehouses, the player choosing the place when it matters
    (RV-RULING-15); if they do not fit, the player forfeits some or returns stored ones
    (RV-PRODUCE-05..08, RV-RULING-13)."""
    seat = st.seat
    if st.held(seat) + sum(n for n in st.pending) > st.capacity(seat) or not settle(st):
        st.stage = STORE
        return
    if st.resume_turn:  # the food of a trade is stored: the turn goes on
        st.resume_turn = 0
        st.stage = TURN
        return
    st.stage = ACTION_DONE  # the action is complete: the turn (or setup) goes on


def legal_store(st: State, texts: list[str], moves: Moves) -> None:
    """Forfeit or return only while something does not fit: so a returned resource always makes
    room for a new one that is kept (RV-RULING-13); then choose where each one goes."""
    seat = st.seat
    if st.held(seat) + sum(n for n in st.pending) <= st.capacity(seat):
        legal_places(st, texts, moves)
        return
    for k in range(4):
        if st.pending[k]:
            texts.append(f"forfeit {RESOURCES[k]}")
            moves.append(("forfeit", k))
    for k in range(4):
        if st.res[seat * 4 + k] and not st.pending[k]:
            for place, where in sources(st, seat, k):
                texts.append(f"return stored {RESOURCES[k]}{where}")
                moves.append(("return", k, place))


def apply_store(st: State, move: tuple[object, ...]) -> None:
    kind = int(move[1])  # type: ignore[call-overload]
    if move[0] == "store":
        put(st, st.seat, kind, int(move[2]))  # type: ignore[call-overload]
        st.pending[kind] -= 1
    else:
        if move[0] == "forfeit":
            st.pending[kind] -= 1
        else:
            take(st, st.seat, kind, int(move[2]))  # type: ignore[call-overload]
        st.stock[kind] += 1  # back to its island either way
    store(st)
