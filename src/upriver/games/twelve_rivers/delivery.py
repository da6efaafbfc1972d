"""Delivering pearls to Markaya, the earth and light fairies, and the end of a round
(rulebook 000, "5. Deliver to Markaya", "Fairies and Their Powers", "End of Game")."""

from __future__ import annotations

from typing import Final

from upriver.core.rng import Rng
from upriver.games.twelve_rivers import preparation, supply
from upriver.games.twelve_rivers.components import COLOURS, EARTH, LIGHT, RAINBOW
from upriver.games.twelve_rivers.state import DELIVER, EARTH_STEP, MUSHROOM_STEP, OVER, State

Moves = list[tuple[object, ...]]
DONE: Final = "done"


def _open_spots(st: State, seat: int) -> list[tuple[int, int, int]]:
    """(tile, spot index, requirement) for each empty spot of the seat's Markaya, keeping only
    the first of equal empty spots on a tile, since they are interchangeable."""
    comp = st.cfg.comp
    out = []
    lit = st.lit
    for t in st.tiles_of[seat]:
        base = comp.spot_offset[t]
        seen = 0
        for k, need in enumerate(comp.tiles[t].spots):
            if lit[base + k]:
                need = RAINBOW  # a mushroom fairy made this space rainbow (TR22-FAIRY-10)
            if st.spots[base + k] < 0 and not seen & (1 << need):
                seen |= 1 << need
                out.append((t, k, need))
    return out


def _spot_name(st: State, t: int, k: int) -> str:
    return f"{st.cfg.comp.tiles[t].id} spot {k + 1}"


def _placements(
    st: State, seat: int, colour: int, spots: list[tuple[int, int, int]], light: bool,
    exclude_tile: int = -1,
) -> list[tuple[int, int, bool]]:
    """Where a pearl of ``colour`` may go: matching or rainbow spots (TR-DELIV-05, -06), or any
    other empty spot with a light fairy (TR-FAIRY-13)."""
    out = []
    for t, k, need in spots:
        if t == exclude_tile:
            continue
        if need in (colour, RAINBOW):
            out.append((t, k, False))
        elif light:
            out.append((t, k, True))
    return out


def legal_deliver(st: State, texts: list[str], moves: Moves) -> None:
    """Any alpaca pearl onto a fitting empty spot of the player's own Markaya (TR-DELIV-03)."""
    seat = st.seat
    spots = _open_spots(st, seat)
    light = _has_light(st, seat)
    for c in range(5):
        if st.alpaca[seat * 5 + c]:
            for t, k, lit in _placements(st, seat, c, spots, light):
                suffix = " with light fairy" if lit else ""
                texts.append(f"deliver {COLOURS[c]} to {_spot_name(st, t, k)}{suffix}")
                moves.append(("deliver", c, t, k, lit))
    add_earth_option(st, texts, moves)
    texts.append(DONE)
    moves.append(("done",))


def _has_delivery_choice(st: State) -> bool:
    """Whether ``legal_deliver`` offers more than "done": a pearl that fits a spot, or a fairy
    to use; found without writing the texts (asked after every delivery)."""
    seat = st.seat
    spots = _open_spots(st, seat)
    if spots:
        light = _has_light(st, seat)
        for c in range(5):
            if st.alpaca[seat * 5 + c] and _placements(st, seat, c, spots, light):
                return True
    return _may_use_earth(st) or _may_use_mushroom(st)


def start(st: State) -> None:
    """Step 5 once every marker is back (TR-DELIV-01). "All players may carry out this step
    simultaneously" (TR-DELIV-02): the engine asks the seats in seat order, and each touches
    only its own pieces, but what a seat delivers stays hidden from the others until every seat
    has delivered (``view.seen_by``), so no seat decides knowing more than another. The pieces
    as they were when the step began are kept for that."""
    st.delivering = 1
    st.dl_moves = 0
    st.before_delivery = [st.alpaca[:], st.fairies[:], st.spots[:], st.lit[:],
                          st.fairy_used[:]]
    st.deliver_seat = 0
    advance(st)


def advance(st: State) -> None:
    while st.deliver_seat < st.num_players:
        st.seat = st.deliver_seat
        st.stage = DELIVER
        if _has_delivery_choice(st):
            return
        st.deliver_seat += 1
    end_round(st)


def apply_deliver(st: State, move: tuple[object, ...]) -> None:
    if move[0] == "done":
        st.deliver_seat += 1
        advance(st)
        return
    _place(st, move)
    if not _has_delivery_choice(st):
        st.deliver_seat += 1
        advance(st)


def _place(st: State, move: tuple[object, ...]) -> None:
    _, c, t, k, lit = move
    assert isinstance(c, int) and isinstance(t, int) and isinstance(k, int)
    seat = st.seat
    st.alpaca[seat * 5 + c] -= 1
    st.spots[st.cfg.comp.spot_offset[t] + k] = c
    if lit:
        supply.use_fairy(st, seat, LIGHT)


def _has_light(st: State, seat: int) -> bool:
    """The light fairy's per-pearl rainbow spot exists only in the current edition; the 2022
    mushroom fairy in the same slot is used on its own (``use mushroom fairy``)."""
    return not st.cfg.e2022 and st.fairies[seat * 5 + LIGHT] > 0


def deliver_at_random(st: State, seat: int, rng: Rng) -> None:
    """One whole delivery for ``seat`` by uniform choices among its placements and "done"
    (fairies other than the light fairy's placements are left unused): a possible delivery,
    for a determinised copy in which another seat's hidden delivery is resampled."""
    stage, current = st.stage, st.seat
    st.seat = seat
    st.stage = DELIVER
    for _ in range(st.cfg.comp.n_spots + 1):  # each placement fills a spot
        texts: list[str] = []
        moves: Moves = []
        legal_deliver(st, texts, moves)
        choices = [m for m in moves if m[0] in ("deliver", "done")]
        move = choices[rng.below(len(choices))]
        if move[0] == "done":
            break
        _place(st, move)
    st.stage, st.seat = stage, current


def end_round(st: State) -> None:
    """After round 5 the game ends (TR-END-01); otherwise the next round is prepared. 2022: an
    unvisited lake's pearls leave the game before the next round (TR22-LAKE-04). Every
    delivery is shown now."""
    st.delivering = 0
    st.dl_moves = 0
    st.before_delivery = []
    if st.cfg.e2022:
        for c in range(5):
            st.pearls_out[c] += st.sea[c]
            st.sea[c] = 0
    if st.round >= st.cfg.comp.rounds:
        st.stage = OVER
        st.seat = -1
        return
    st.round += 1
    preparation.prepare_round(st)


# Earth fairy: up to 3 pearls from the alpaca or a Markaya onto (other) Markaya, at any moment
# of the player's own decisions (TR-FAIRY-08..11, TR-RULING-18). The 2022 breeze fairy in the
# same slot moves any number of alpaca pearls onto villager tiles, once (TR22-FAIRY-08).


def _earth_word(st: State) -> str:
    return st.cfg.comp.fairy_names[EARTH]


def _earth_moves(st: State, texts: list[str] | None, moves: Moves | None) -> bool:
    seat = st.seat
    comp = st.cfg.comp
    spots = _open_spots(st, seat)
    if not spots:
        return False
    light = _has_light(st, seat)
    word = _earth_word(st)
    found = False
    for c in range(5):
        if st.alpaca[seat * 5 + c]:
            for t, k, lit in _placements(st, seat, c, spots, light):
                if texts is None or moves is None:
                    return True
                found = True
                suffix = " with light fairy" if lit else ""
                texts.append(f"{word}: move {COLOURS[c]} from alpaca to "
                             f"{_spot_name(st, t, k)}{suffix}")
                moves.append(("earth", -1, c, t, k, lit))
    if st.cfg.e2022:
        return found  # placed pearls never move in the 2022 edition (TR22-PLACE-06)
    for a in st.tiles_of[seat]:
        base = comp.spot_offset[a]
        for j in range(len(comp.tiles[a].spots)):
            c = st.spots[base + j]
            if c < 0:
                continue
            for t, k, lit in _placements(st, seat, c, spots, light, exclude_tile=a):
                if texts is None or moves is None:
                    return True
                found = True
                suffix = " with light fairy" if lit else ""
                texts.append(f"{word}: move {COLOURS[c]} from {_spot_name(st, a, j)} to "
                             f"{_spot_name(st, t, k)}{suffix}")
                moves.append(("earth", base + j, c, t, k, lit))
    return found


def add_earth_option(st: State, texts: list[str], moves: Moves) -> None:
    """The fairies usable at any of the player's own decisions: earth (or breeze), and in the
    2022 edition the mushroom fairy."""
    if _may_use_earth(st):
        texts.append(f"use {_earth_word(st)} fairy")
        moves.append(("use earth",))
    if _may_use_mushroom(st):
        texts.append(f"use {st.cfg.comp.fairy_names[LIGHT]} fairy")
        moves.append(("use mushroom",))


def _may_use_earth(st: State) -> bool:
    """The seat holds an earth (or breeze) fairy and it has a pearl to move."""
    return bool(st.fairies[st.seat * 5 + EARTH] and _earth_moves(st, None, None))


def _may_use_mushroom(st: State) -> bool:
    """2022: the seat holds a mushroom fairy and a space it can turn rainbow."""
    return bool(st.cfg.e2022 and st.fairies[st.seat * 5 + LIGHT] and _mushroom_spots(st))


def apply_use_earth(st: State) -> None:
    supply.use_fairy(st, st.seat, EARTH)
    st.resume = st.stage
    st.stage = EARTH_STEP
    st.earth_left = 99 if st.cfg.e2022 else 3  # breeze: any number; earth: up to 3
    st.earth_moved = 0


def legal_earth(st: State, texts: list[str], moves: Moves) -> None:
    _earth_moves(st, texts, moves)
    if st.earth_moved:
        texts.append(f"{_earth_word(st)}: done")
        moves.append(("earth done",))


def _mushroom_spots(st: State) -> list[tuple[int, int, int]]:
    """Empty spaces a mushroom fairy can turn rainbow: not rainbow already (TR22-FAIRY-10)."""
    return [s for s in _open_spots(st, st.seat) if s[2] != RAINBOW]


def apply_use_mushroom(st: State) -> None:
    supply.use_fairy(st, st.seat, LIGHT)
    st.resume = st.stage
    st.stage = MUSHROOM_STEP


def legal_mushroom(st: State, texts: list[str], moves: Moves) -> None:
    word = st.cfg.comp.fairy_names[LIGHT]
    for t, k, _need in _mushroom_spots(st):
        texts.append(f"{word}: make {_spot_name(st, t, k)} rainbow")
        moves.append(("mushroom", t, k))


def apply_mushroom(st: State, t: int, k: int) -> None:
    st.lit[st.cfg.comp.spot_offset[t] + k] = 1
    st.stage = st.resume


def apply_earth(st: State, move: tuple[object, ...]) -> None:
    if move[0] == "earth":
        _, src, c, t, k, lit = move
        assert isinstance(src, int) and isinstance(c, int)
        assert isinstance(t, int) and isinstance(k, int)
        seat = st.seat
        if src < 0:
            st.alpaca[seat * 5 + c] -= 1
        else:
            st.spots[src] = -1
        st.spots[st.cfg.comp.spot_offset[t] + k] = c
        if lit:
            supply.use_fairy(st, seat, LIGHT)
        st.earth_left -= 1
        st.earth_moved += 1
        if st.earth_left and _earth_moves(st, None, None):
            return
    st.stage = st.resume
