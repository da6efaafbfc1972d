"""The collection phase: the dam, the rivers, the sea, befriending Markaya, alpaca cards
(rulebook 000, "Collection Phase", "Alpacas", "Alpaca cards", "Befriend Markaya")."""

from __future__ import annotations

from typing import Final

from upriver.games.twelve_rivers import delivery, supply
from upriver.games.twelve_rivers.components import COLOURS, INSTRUMENT, NET, WATER
from upriver.games.twelve_rivers.state import (
    CARDS,
    INSTRUMENT_STEP,
    LAKE_DISCARD,
    RIVER,
    SEA,
    VILLAGE,
    State,
)

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

Moves = list[tuple[object, ...]]
TAKE_PEARL: Final = tuple(f"take {c}" for c in COLOURS)
EXCHANGE: Final = tuple(tuple(f"exchange {a} for {c}" for c in COLOURS) for a in COLOURS)
# 2022: a full alpaca discards (rulebook 001, "Reward from the mountain").
KEEP: Final = tuple(tuple(f"take {c}, discard {a} from alpaca" for a in COLOURS) for c in COLOURS)
DROP: Final = tuple(f"take {c} and discard it" for c in COLOURS)
DISCARD: Final = tuple(f"discard {c}" for c in COLOURS)
DONE: Final = "done"
BEFRIEND_NONE: Final = "befriend no one"


def return_marker(st: State, sp: int) -> None:
    """A resolved marker goes to the rearmost free track space (TR-COLL-12, TR-COLL-15)."""
    seat = st.occ[sp]
    st.occ[sp] = -1
    track = st.track
    for i in range(len(track) - 1, -1, -1):
        if track[i] < 0:
            track[i] = seat
            return
    raise AssertionError("the turn-order track is full")


def start(st: State) -> None:
    """Remove the dam: each river's pearl rolls into its first stretch (TR-COLL-02)."""
    comp = st.cfg.comp
    for r, colour in enumerate(st.rivers):
        if colour >= 0:
            st.pools[comp.row1_of_river[r] * 5 + colour] += 1
            st.rivers[r] = -1
    st.coll_stretch = 0
    st.coll_pos = 0
    advance_rivers(st)


def advance_rivers(st: State) -> None:
    """Resolve river markers stretch by stretch, top row first, left to right, top space first
    (TR-COLL-04..06); leftover pearls roll on once a stretch is done (TR-COLL-13)."""
    comp = st.cfg.comp
    pools = st.pools
    n = len(comp.stretch_ids)
    while st.coll_stretch < n:
        i = st.coll_stretch
        spaces = comp.stretch_spaces[i]
        base = i * 5
        while st.coll_pos < len(spaces):
            sp = spaces[st.coll_pos]
            if st.occ[sp] >= 0:
                if any(pools[i] for i in range(base, base + 5)):
                    st.stage = RIVER
                    st.seat = st.occ[sp]
                    st.cur_space = sp
                    st.picks = 1
                    st.picks_done = 0
                    st.boosts = 0
                    st.given = [0] * 5
                    if has_river_choice(st):
                        _roll_on_below(st)
                        return
                return_marker(st, sp)  # TR-COLL-11: nothing to collect
            st.coll_pos += 1
        target = comp.stretch_flows[i]
        for c in range(5):
            if pools[base + c]:
                if target >= 0:
                    pools[target * 5 + c] += pools[base + c]
                else:
                    st.sea[c] += pools[base + c]  # TR-COLL-14
                pools[base + c] = 0
        st.coll_stretch += 1
        st.coll_pos = 0
    if st.cfg.lake_first:
        start_sea(st)
    else:
        start_village(st)


def _roll_on_below(st: State) -> None:
    """Pearls below the stretch being resolved roll on at once past stretches with no marker,
    so the board shows each pearl where the first marker stops it (TR-COLL-02)."""
    comp = st.cfg.comp
    pools = st.pools
    for i in range(st.coll_stretch + 1, len(comp.stretch_ids)):
        base = i * 5
        if not any(pools[i] for i in range(base, base + 5)):
            continue
        if any(st.occ[sp] >= 0 for sp in comp.stretch_spaces[i]):
            continue
        target = comp.stretch_flows[i]
        for c in range(5):
            if target >= 0:
                pools[target * 5 + c] += pools[base + c]
            else:
                st.sea[c] += pools[base + c]
            pools[base + c] = 0


def _pool(st: State) -> tuple[list[int], int]:
    if st.stage == SEA:
        return st.sea, 0
    return st.pools, st.cfg.comp.space_stretch[st.cur_space] * 5


def _pearl_options(st: State, texts: list[str], moves: Moves, may_swap: bool) -> None:
    pool, base = _pool(st)
    seat5 = st.seat * 5
    alpaca = st.alpaca
    given = st.given
    full = sum(alpaca[i] for i in range(seat5, seat5 + 5)) >= st.cfg.comp.alpaca_capacity
    if st.cfg.e2022 and full:  # TR22-REWARD-11: discard an alpaca pearl or the new one
        for c in range(5):
            if pool[base + c]:
                for a in range(5):
                    if a != c and alpaca[seat5 + a]:
                        texts.append(KEEP[c][a])
                        moves.append(("keep", c, a))
                texts.append(DROP[c])
                moves.append(("drop", c))
        return
    if not full:
        for c in range(5):
            if pool[base + c] > given[c]:
                texts.append(TAKE_PEARL[c])
                moves.append(("take", c))
    elif may_swap:  # TR-COLL-10, TR-SEA-03: a full alpaca exchanges
        for a in range(5):
            if alpaca[seat5 + a]:
                for c in range(5):
                    if c != a and pool[base + c] > given[c]:
                        texts.append(EXCHANGE[a][c])
                        moves.append(("swap", a, c))


def _boost_options(st: State, texts: list[str], moves: Moves) -> None:
    """A fishing-net pair or a water fairy adds a pick (TR-COLL-17, TR-FAIRY-17), offered only
    while the marker still has more pearls than picks (TR-RULING-21 on stacking)."""
    if st.boosts and not st.cfg.stack_extra:
        return
    pool, base = st.pools, st.cfg.comp.space_stretch[st.cur_space] * 5
    left = sum(pool[base + c] - st.given[c] for c in range(5))
    if left <= st.picks:
        return
    seat5 = st.seat * 5
    if (not st.cfg.e2022
            and sum(st.alpaca[i] for i in range(seat5, seat5 + 5)) >= st.cfg.comp.alpaca_capacity
            and not (st.cfg.extra_may_swap and any(
                st.alpaca[seat5 + a] and pool[base + c] > st.given[c] and a != c
                for a in range(5) for c in range(5)))):
        return  # a full alpaca that cannot exchange would get nothing from another pick
    if not st.cfg.e2022:
        supply.add_pair_options(st, st.seat, NET, texts, moves)
    if st.fairies[st.seat * 5 + WATER]:
        texts.append(f"use {st.cfg.comp.fairy_names[WATER]} fairy")
        moves.append(("water",))


def _river_options(st: State, texts: list[str], moves: Moves) -> None:
    if st.picks > 0:
        may_swap = st.picks_done == 0 or st.cfg.extra_may_swap  # TR-RULING-22
        _pearl_options(st, texts, moves, may_swap)
    n = len(texts)
    _boost_options(st, texts, moves)
    if st.picks > 0 or len(texts) > n:  # with no pick left, a fairy here changes nothing
        delivery.add_earth_option(st, texts, moves)


def _must_take(st: State) -> bool:
    """2022: a river token that stopped pearls must take one per pick (TR22-REWARD-07)."""
    if not st.cfg.e2022 or st.picks <= 0:
        return False
    base = st.cfg.comp.space_stretch[st.cur_space] * 5
    return any(st.pools[i] for i in range(base, base + 5))


def legal_river(st: State, texts: list[str], moves: Moves) -> None:
    _river_options(st, texts, moves)
    if not _must_take(st):
        texts.append(DONE)
        moves.append(("done",))


def has_river_choice(st: State) -> bool:
    texts: list[str] = []
    moves: Moves = []
    _river_options(st, texts, moves)
    return bool(texts)


def claim_alpaca_cards(st: State) -> None:
    """Claim every open alpaca card the alpaca now fulfils (TR-COLL-23..26, TR-RULING-26, -29)."""
    seat5 = st.seat * 5
    for i, (colour, count, _points) in enumerate(st.cfg.comp.alpaca_cards):
        if st.acards[i] == -1 and st.alpaca[seat5 + colour] >= count:
            st.acards[i] = st.seat


def _take(st: State, colour: int) -> None:
    pool, base = _pool(st)
    pool[base + colour] -= 1
    st.alpaca[st.seat * 5 + colour] += 1


def _swap(st: State, give: int, colour: int) -> None:
    """The given-up pearl joins the pearls at the marker (TR-RULING-19, -20) and may not be
    taken back by the same marker."""
    pool, base = _pool(st)
    st.alpaca[st.seat * 5 + give] -= 1
    pool[base + give] += 1
    st.given[give] += 1
    _take(st, colour)


def apply_river(st: State, move: tuple[object, ...]) -> None:
    op = move[0]
    if op in ("take", "swap", "keep", "drop"):
        if op == "take":
            _take(st, int(move[1]))  # type: ignore[call-overload]
        elif op == "swap":
            _swap(st, int(move[1]), int(move[2]))  # type: ignore[call-overload]
        elif op == "keep":
            _take(st, int(move[1]))  # type: ignore[call-overload]
            _discard_from_alpaca(st, int(move[2]))  # type: ignore[call-overload]
        else:
            _take(st, int(move[1]))  # type: ignore[call-overload]
            _discard_from_alpaca(st, int(move[1]))  # type: ignore[call-overload]
        st.picks -= 1
        st.picks_done += 1
        claim_alpaca_cards(st)
    elif op == "pair":
        supply.pay_pair(st, st.seat, NET, int(move[2]))  # type: ignore[call-overload]
        st.picks += 1
        st.boosts += 1
    elif op == "water":
        supply.use_fairy(st, st.seat, WATER)
        st.picks += 1
        st.boosts += 1
    if op == "done" or not has_river_choice(st):
        finish_river(st)


def _discard_from_alpaca(st: State, colour: int) -> None:
    """2022: a discarded pearl leaves the game (TR22-REWARD-12, TR22-LAKE-03)."""
    st.alpaca[st.seat * 5 + colour] -= 1
    st.pearls_out[colour] += 1


def finish_river(st: State) -> None:
    st.given = [0] * 5
    return_marker(st, st.cur_space)
    st.coll_pos += 1
    advance_rivers(st)


def start_sea(st: State) -> None:
    """The sea marker collects after every river marker (TR-SEA-01). 2022: the lake token takes
    every pearl at once, then discards down to the alpaca's 6 (TR22-LAKE-02, -03)."""
    sea = st.cfg.comp.sea
    if st.occ[sea] >= 0:
        st.seat = st.occ[sea]
        st.cur_space = sea
        st.given = [0] * 5
        if st.cfg.e2022:
            for c in range(5):
                st.alpaca[st.seat * 5 + c] += st.sea[c]
                st.sea[c] = 0
            st.stage = LAKE_DISCARD
            if _over_capacity(st):
                return
            claim_alpaca_cards(st)
        else:
            st.stage = SEA
            if has_sea_choice(st):
                return
        return_marker(st, sea)
    after_sea(st)


def after_sea(st: State) -> None:
    if st.cfg.lake_first:
        start_village(st)
    else:
        delivery.start(st)


def _over_capacity(st: State) -> bool:
    seat5 = st.seat * 5
    return sum(st.alpaca[i] for i in range(seat5, seat5 + 5)) > st.cfg.comp.alpaca_capacity


def legal_lake_discard(st: State, texts: list[str], moves: Moves) -> None:
    """2022: choose which pearls to keep, up to 6, by discarding one at a time."""
    for c in range(5):
        if st.alpaca[st.seat * 5 + c]:
            texts.append(DISCARD[c])
            moves.append(("discard", c))
    delivery.add_earth_option(st, texts, moves)


def apply_lake_discard(st: State, colour: int) -> None:
    _discard_from_alpaca(st, colour)
    check_lake(st)


def check_lake(st: State) -> None:
    """Once the alpaca holds no more than it may, the lake token goes back."""
    if not _over_capacity(st):
        claim_alpaca_cards(st)  # TR22-REWARD-13: once the alpaca holds what it keeps
        return_marker(st, st.cfg.comp.sea)
        after_sea(st)


def legal_sea(st: State, texts: list[str], moves: Moves) -> None:
    """Take any number one at a time, or exchange one for one when full (TR-SEA-02, -03)."""
    _pearl_options(st, texts, moves, True)
    delivery.add_earth_option(st, texts, moves)
    texts.append(DONE)
    moves.append(("done",))


def has_sea_choice(st: State) -> bool:
    """Only a pearl to take or exchange makes the sea marker stop: with none, the marker goes
    back without a decision, even if a fairy could be used (as an empty river marker does)."""
    texts: list[str] = []
    moves: Moves = []
    _pearl_options(st, texts, moves, True)
    return bool(texts)


def apply_sea(st: State, move: tuple[object, ...]) -> None:
    """Pearls are taken (or exchanged) one decision at a time, but "several from the sea" are
    one take: the alpaca cards are checked once, when the visit ends (TR-COLL-24)."""
    op = move[0]
    if op == "take":
        _take(st, int(move[1]))  # type: ignore[call-overload]
    elif op == "swap":
        _swap(st, int(move[1]), int(move[2]))  # type: ignore[call-overload]
    if op == "done" or not has_sea_choice(st):
        claim_alpaca_cards(st)
        st.given = [0] * 5
        return_marker(st, st.cfg.comp.sea)  # TR-SEA-04; the rest stays (TR-SEA-05)
        after_sea(st)


def start_village(st: State) -> None:
    st.village_pos = 0
    advance_village(st)


def advance_village(st: State) -> None:
    """Village markers from left to right (TR-VILL-02); with no Markaya left, nothing to take."""
    village = st.cfg.comp.village
    while st.village_pos < len(village):
        sp = village[st.village_pos]
        if st.occ[sp] >= 0:
            if st.mk_display:
                st.stage = VILLAGE
                st.seat = st.occ[sp]
                st.cur_space = sp
                return
            return_marker(st, sp)
        st.village_pos += 1
    if st.cfg.lake_first:
        delivery.start(st)
    else:
        start_sea(st)


def legal_village(st: State, texts: list[str], moves: Moves) -> None:
    tiles = st.cfg.comp.tiles
    for t in st.mk_display:
        texts.append(f"befriend {tiles[t].id}")
        moves.append(("befriend", t))
    texts.append(BEFRIEND_NONE)  # TR-VILL-04: optional
    moves.append(("befriend", -1))
    delivery.add_earth_option(st, texts, moves)  # at any moment (TR-FAIRY-08, TR22-RULING-11)


def apply_village(st: State, t: int) -> None:
    if t < 0:
        finish_village(st)
        return
    st.mk_display.remove(t)  # TR-VILL-07: not refilled
    st.owner[t] = st.seat
    st.tiles_of[st.seat].append(t)
    tile = st.cfg.comp.tiles[t]
    if st.cfg.e2022:  # identical camp cards: no choice to make (TR22-VILL-04, -05)
        own_totem = not st.cfg.family and tile.totem == st.cfg.comp.tribes[st.seat]
        supply.gain_cards(st, st.seat, tile.cards + own_totem)
        finish_village(st)
        return
    st.cards_left = tile.cards  # TR-VILL-05
    if st.cards_left and supply.can_take(st):
        st.stage = CARDS
        st.cards_optional = 0
        st.after_cards = 1
    else:
        after_befriend(st)


def after_befriend(st: State) -> None:
    """An instrument pair may follow a befriending (TR-VILL-08, -09)."""
    if (st.mk_display and _next_free_village(st) >= 0
            and supply.pair_variants(st, st.seat, INSTRUMENT)):
        st.stage = INSTRUMENT_STEP
    else:
        finish_village(st)


def _next_free_village(st: State) -> int:
    village = st.cfg.comp.village
    for sp in village[st.village_pos + 1 :]:
        if st.occ[sp] < 0:
            return sp
    return -1


def legal_instrument(st: State, texts: list[str], moves: Moves) -> None:
    supply.add_pair_options(st, st.seat, INSTRUMENT, texts, moves)
    delivery.add_earth_option(st, texts, moves)
    texts.append(DONE)
    moves.append(("done",))


def apply_instrument(st: State, move: tuple[object, ...]) -> None:
    if move[0] == "done":
        finish_village(st)
        return
    supply.pay_pair(st, st.seat, INSTRUMENT, int(move[2]))  # type: ignore[call-overload]
    target = _next_free_village(st)
    st.occ[target] = st.seat  # the marker moves right, to be resolved again (TR-VILL-10)
    st.occ[st.cur_space] = -1
    st.village_pos += 1
    advance_village(st)


def finish_village(st: State) -> None:
    return_marker(st, st.cur_space)  # TR-VILL-06
    st.village_pos += 1
    advance_village(st)
