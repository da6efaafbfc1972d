"""Terrain tiles: the terrain island, placing a tile on the river, the resources it covers and
the meadow's gain on placing (rulebook 003, "Claim a Terrain Tile", "Cleanup Phase"). Claiming
in a turn and picking in the preliminary phase both place tiles this way; what follows a
finished action is theirs to say (``ACTION_DONE``)."""

from __future__ import annotations

from upriver.games.the_river import storage
from upriver.games.the_river.components import FOOD, RESOURCES
from upriver.games.the_river.state import CHOOSE, COVER, State

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

Moves = list[tuple[object, ...]]


def refill_terrain(st: State) -> None:
    """Fill the terrain island to 2N+1, reshuffling the discards if the stack runs out
    (RV-CLEAN-01, -02)."""
    size = st.cfg.comp.terrain_display[st.num_players]
    while len(st.display) < size:
        if not st.stack:
            if not st.tile_discard:
                return
            st.stack = st.tile_discard
            st.tile_discard = []
            st.rng.shuffle(st.stack)
        st.display.append(st.stack.pop())


def place_tile(st: State, seat: int, tile: int) -> None:
    """On the first empty space along the river (RV-TERRAIN-02); a framed space covered this
    round settles a pioneer at cleanup (RV-CLEAN-06); the 12th tile ends the game (RV-END-03)."""
    comp = st.cfg.comp
    n = comp.river_spaces
    space = st.river[seat * n : seat * n + n].index(-1)
    st.river[seat * n + space] = tile
    # The tile hides the space's printed warehouses and symbols and shows its own: the
    # totals ``refresh_board`` would count again, kept up to date in place.
    board = st.cfg.boards[seat]
    placed = comp.tiles[tile]
    st.cap[seat] += placed.warehouses - board.warehouses[space]
    printed = board.production[space]
    for r in range(3):
        st.prod[seat * 3 + r] += placed.production[r] - printed[r]
    storage.uncover(st, seat, space)
    if space in st.cfg.boards[seat].framed:
        st.framed_new[seat] += 1
    if space == n - 1:
        st.triggered = 1


def resolve_cover(st: State, tile: int) -> None:
    """Resources on the covered printed warehouses move to free warehouses, even on the new tile;
    those that cannot are lost, the player choosing which when it matters; nothing else may make
    room for them (RV-TERRAIN-05, -06). The meadow's gain on placing follows."""
    st.cover_tile = tile
    settle_cover(st)


def _cover_overflows(st: State) -> bool:
    return sum(n for n in st.pending) > st.capacity(st.seat) - st.held(st.seat)


def settle_cover(st: State) -> None:
    """Resolve what needs no decision; ask only for which covered resources are lost (of two or
    more kinds) or where one goes (two or more places with room)."""
    if _cover_overflows(st) and sum(1 for x in st.pending if x) == 1:
        kind = next(k for k in range(4) if st.pending[k])  # one kind: which are lost is moot
        lost = sum(n for n in st.pending) - (st.capacity(st.seat) - st.held(st.seat))
        st.pending[kind] -= lost
        st.stock[kind] += lost
    if _cover_overflows(st) or not storage.settle(st):
        st.stage = COVER
        return
    tile = st.cover_tile
    st.cover_tile = -1
    resolve_meadow_then(st, tile)


def legal_cover(st: State, texts: list[str], moves: Moves) -> None:
    if _cover_overflows(st):
        for k in range(4):
            if st.pending[k]:
                texts.append(f"lose covered {RESOURCES[k]}")
                moves.append(("lose", k))
        return
    storage.legal_places(st, texts, moves)


def apply_cover(st: State, move: tuple[object, ...]) -> None:
    kind = int(move[1])  # type: ignore[call-overload]
    st.pending[kind] -= 1
    if move[0] == "lose":
        st.stock[kind] += 1  # back to its island (RV-TERRAIN-06)
    else:
        storage.put(st, st.seat, kind, int(move[2]))  # type: ignore[call-overload]
    settle_cover(st)


def resolve_meadow_then(st: State, tile: int) -> None:
    """A meadow's effect on placing, then storing what it gives (RV-RULING-05, -06)."""
    effect = st.cfg.comp.tiles[tile].meadow
    seat = st.seat
    if effect == "two food":
        n = min(2, st.stock[FOOD])
        st.stock[FOOD] -= n
        st.pending[FOOD] += n
    elif effect == "discount":
        st.discounts[seat] += 1
    elif effect == "extra claim":
        st.extra_claims[seat] += 1
    elif effect == "two resources":
        st.choose_left = min(2, sum(n for n in st.stock))
        if st.choose_left:
            st.stage = CHOOSE
            return
    storage.store(st)


def legal_choose(st: State, texts: list[str], moves: Moves) -> None:
    for k in range(4):
        if st.stock[k]:
            texts.append(f"meadow: take {RESOURCES[k]}")
            moves.append(("take", k))


def apply_choose(st: State, kind: int) -> None:
    st.stock[kind] -= 1
    st.pending[kind] += 1
    st.choose_left -= 1
    if st.choose_left == 0 or not any(x for x in st.stock):
        st.choose_left = 0
        storage.store(st)
