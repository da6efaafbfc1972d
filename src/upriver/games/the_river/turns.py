"""Rounds, turns and every main-board action (rulebook 003, "Game Play" to "Swap Terrain
Tiles"), with storing resources and paying for buildings."""

from __future__ import annotations

from typing import Final

from upriver.games.the_river import cleanup, storage, terrain
from upriver.games.the_river.components import (
    ACTIONS,
    CLAY,
    FOOD,
    RESOURCES,
    STONE,
    WOOD,
)
from upriver.games.the_river.state import (
    ACTION_DONE,
    OVER,
    PAY,
    SWAP_A,
    SWAP_B,
    TRADE,
    TURN,
    State,
)

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

Moves = list[tuple[object, ...]]
PRODUCE: Final = {"wood": WOOD, "stone": STONE, "clay": CLAY}
# The spots' actions by number (``ACTIONS``), as turns look them up; producing: the action,
# the resource and the decision's text.
CLAIM: Final = ACTIONS.index("claim")
CONSTRUCT: Final = ACTIONS.index("construct")
RESERVE: Final = ACTIONS.index("reserve")
FIRST: Final = ACTIONS.index("first")
SWAP: Final = ACTIONS.index("swap")
FOOD_ISLAND: Final = ACTIONS.index("food")
PRODUCE_SPOTS: Final = tuple((ACTIONS.index(name), kind, f"produce {name}")
                             for name, kind in PRODUCE.items())


# ---------------------------------------------------------------- the round and its turns


def begin_round(st: State) -> None:
    """The first player starts (RV-TURN-01, RV-CLEAN-10)."""
    st.turn_seat = st.first_player
    if not any(x for x in st.boat):
        cleanup.finish(st)  # RV-RULING-11: no pioneer can be placed at all
        return
    begin_turn(st)


def begin_turn(st: State) -> None:
    """Skip empty boats clockwise (RV-TURN-04); with every boat empty the round ends."""
    p = st.num_players
    for k in range(p):
        seat = (st.turn_seat + k) % p
        if st.boat[seat] > 0:
            st.turn_seat = seat
            st.seat = seat
            st.stage = TURN
            return
    cleanup.cleanup(st)
    if st.stage != OVER:
        begin_round(st)


def end_turn(st: State) -> None:
    st.turns += 1
    st.turn_seat = (st.turn_seat + 1) % st.num_players
    begin_turn(st)


# ---------------------------------------------------------------- what a turn may do


def _free_spot(st: State, action: int) -> int:
    """The first free spot of an action (its number in ``ACTIONS``: a single spot), or its
    unlimited spot; -1 if none."""
    occ = st.spot_occ
    for i, unlimited in st.cfg.spots_of[action]:
        if unlimited or occ[i] < 0:
            return i
    return -1


def can_claim(st: State, seat: int) -> bool:
    comp = st.cfg.comp
    return (bool(st.display) and st.tiles_placed(seat) < comp.river_spaces
            and (st.claims[seat] < comp.claims_per_round or st.extra_claims[seat] > 0))


def produce_amount(st: State, seat: int, kind: int, spot: int) -> int:
    """Visible symbols, +1 for the first pioneer on a 3/4-player island, capped by the island's
    stock (RV-PRODUCE-01..03)."""
    bonus = st.cfg.spots[spot].first_bonus
    return min(st.stock[kind], st.production(seat, kind) + bonus)


def affordable(st: State, seat: int, cost: tuple[int, int, int], discount: int) -> bool:
    """Food is wild; ``discount`` resources of the cost may be waived (RV-BUILD-03, -04)."""
    res = st.res
    i = seat * 4
    short = (max(0, cost[0] - res[i]) + max(0, cost[1] - res[i + 1])
             + max(0, cost[2] - res[i + 2]))
    return short <= res[i + FOOD] + discount


def _discount(st: State, seat: int, reserved: bool) -> int:
    return int(reserved) + st.discounts[seat]


def legal_turn(st: State, texts: list[str], moves: Moves) -> None:
    seat = st.seat
    comp = st.cfg.comp
    if st.held(seat) >= comp.trade_cost and st.stock[FOOD] > 0:  # RV-TRADE-01..04
        texts.append(f"trade {comp.trade_cost} resources for 1 food")
        moves.append(("trade",))
    before = len(texts)
    cfg = st.cfg
    spot = _free_spot(st, CLAIM)
    if spot >= 0 and can_claim(st, seat):  # RV-TERRAIN-01, -07, -08
        claim = cfg.claim_texts
        for t in st.display:
            texts.append(claim[t])
            moves.append(("claim", t, spot))
    has_storage = st.capacity(seat) > 0  # RV-RULING-14
    for action, kind, text in PRODUCE_SPOTS:
        spot = _free_spot(st, action)
        if spot >= 0 and has_storage and produce_amount(st, seat, kind, spot) > 0:
            texts.append(text)
            moves.append(("produce", kind, spot))
    spot = _free_spot(st, FOOD_ISLAND)
    if spot >= 0 and has_storage:
        if st.stock[FOOD]:
            texts.append("take food")
            moves.append(("food", FOOD, spot))
        else:  # RV-PRODUCE-12: an empty food island gives 1 resource of your choice
            for kind in (WOOD, STONE, CLAY):
                if st.stock[kind]:
                    texts.append(f"take {RESOURCES[kind]} from the food island")
                    moves.append(("food", kind, spot))
    spot = _free_spot(st, RESERVE)
    if spot >= 0 and len(st.reserved[seat]) < comp.max_reserved:
        reserve = cfg.reserve_texts
        for b in st.bdisplay:
            if b >= 0:
                texts.append(reserve[b])
                moves.append(("reserve", b, spot))
    spot = _free_spot(st, CONSTRUCT)
    if spot >= 0:
        construct = cfg.construct_texts
        for b in st.bdisplay:
            if b >= 0 and affordable(st, seat, comp.buildings[b].cost, _discount(st, seat, False)):
                texts.append(construct[b])
                moves.append(("construct", b, spot, 0))
        reserved = cfg.reserved_texts
        for b in st.reserved[seat]:
            if affordable(st, seat, comp.buildings[b].cost, _discount(st, seat, True)):
                texts.append(reserved[b])
                moves.append(("construct", b, spot, 1))
    spot = _free_spot(st, FIRST)
    if spot >= 0:
        texts.append("take the first player pawn")
        moves.append(("first", spot))
    spot = _free_spot(st, SWAP)
    if spot >= 0 and st.tiles_placed(seat) >= 2:  # RV-SWAP-04
        texts.append("swap two tiles")
        moves.append(("swap", spot))
    if len(texts) == before:  # RV-RULING-10: no spot can be used
        texts.append("set a pioneer aside")
        moves.append(("aside",))


def _place_pioneer(st: State, spot: int) -> None:
    seat = st.seat
    st.boat[seat] -= 1
    st.on_board[seat] += 1
    if spot >= 0 and not st.cfg.spots[spot].unlimited:
        st.spot_occ[spot] = seat  # RV-PLACE-02
    else:  # an unlimited spot, or set aside (spot -1: the crowd's last row)
        if not st.crowd:  # a save from before the crowd was kept
            st.crowd = [0] * ((len(st.cfg.spots) + 1) * st.num_players)
        row = spot if spot >= 0 else len(st.cfg.spots)
        st.crowd[row * st.num_players + seat] += 1


def apply_turn(st: State, move: tuple[object, ...]) -> None:
    op = move[0]
    seat = st.seat
    if op == "trade":
        st.stage = TRADE
        st.trade_left = st.cfg.comp.trade_cost
        return
    if op == "aside":
        _place_pioneer(st, -1)
        st.stage = ACTION_DONE
        return
    spot = int(move[2] if op in ("construct", "claim") else move[-1])  # type: ignore[call-overload]
    _place_pioneer(st, spot)
    comp = st.cfg.comp
    if op == "claim":
        tile = int(move[1])  # type: ignore[call-overload]
        if st.claims[seat] >= comp.claims_per_round:
            st.extra_claims[seat] -= 1  # a kept meadow: one claim beyond the limit
        st.claims[seat] += 1
        st.display.remove(tile)
        terrain.place_tile(st, seat, tile)
        terrain.resolve_cover(st, tile)
    elif op == "produce":
        kind = int(move[1])  # type: ignore[call-overload]
        amount = produce_amount(st, seat, kind, spot)
        st.stock[kind] -= amount
        st.pending[kind] += amount
        storage.store(st)
    elif op == "food":
        kind = int(move[1])  # type: ignore[call-overload]
        st.stock[kind] -= 1
        st.pending[kind] += 1
        storage.store(st)
    elif op == "reserve":
        b = int(move[1])  # type: ignore[call-overload]
        st.bdisplay[st.bdisplay.index(b)] = -1  # refilled only at cleanup (RV-CLEAN-03)
        st.reserved[seat].append(b)
        st.stage = ACTION_DONE
    elif op == "construct":
        b = int(move[1])  # type: ignore[call-overload]
        st.pay_building = b
        st.pay_reserved = int(move[3])  # type: ignore[call-overload]
        st.pay_left = list(comp.buildings[b].cost)
        st.stage = PAY
    elif op == "first":
        st.first_player = seat  # RV-FIRST-01..04
        st.stage = ACTION_DONE
    elif op == "swap":
        st.stage = SWAP_A


# ---------------------------------------------------------------- trading for food


def legal_trade(st: State, texts: list[str], moves: Moves) -> None:
    for k in range(4):
        if st.res[st.seat * 4 + k]:
            for place, where in storage.sources(st, st.seat, k):
                texts.append(f"trade: return {RESOURCES[k]}{where}")
                moves.append(("return", k, place))


def apply_trade(st: State, kind: int, place: int) -> None:
    """Any 3 resources, food included (RV-RULING-12), for 1 food (RV-TRADE-02), which the
    player then stores like any new resource before going on with the turn."""
    storage.take(st, st.seat, kind, place)
    st.stock[kind] += 1
    st.trade_left -= 1
    if st.trade_left == 0:
        st.stock[FOOD] -= 1
        st.pending[FOOD] += 1
        st.resume_turn = 1
        storage.store(st)


# ---------------------------------------------------------------- paying for a building


def legal_pay(st: State, texts: list[str], moves: Moves) -> None:
    """One resource of the cost at a time: the resource itself, a food in its place, or waived
    by the reservation or a meadow discount; only steps that keep the rest payable."""
    seat = st.seat
    res = st.res[seat * 4 : seat * 4 + 4]
    for k in range(3):
        if st.pay_left[k] == 0:
            continue
        name = RESOURCES[k]
        for how, text in ((k, f"pay {name}"), (FOOD, f"pay food for {name}"),
                          (-1, f"waive {name} (reserved card)"), (-2, f"waive {name} (meadow)")):
            if not _can_pay(st, seat, res, k, how):
                continue
            if how < 0:
                texts.append(text)
                moves.append(("pay", k, how, 0))
                continue
            for place, where in storage.sources(st, seat, how):
                texts.append(text + where)
                moves.append(("pay", k, how, place))


def _can_pay(st: State, seat: int, res: list[int], k: int, how: int) -> bool:
    if how >= 0 and res[how] == 0:
        return False
    reserved = st.pay_reserved
    if reserved and sum(n for n in st.pay_left) == 1 and how != -1:
        return False  # the reserved card's last resource is always the one waived (RV-BUILD-03)
    meadow = st.discounts[seat]
    if how == -1 and not reserved:
        return False
    if how == -2 and not meadow:
        return False
    after = res[:]
    if how >= 0:
        after[how] -= 1
    left = st.pay_left[:]
    left[k] -= 1
    discount = reserved - (how == -1) + meadow - (how == -2)
    short = sum(max(0, left[j] - after[j]) for j in range(3))
    return short <= after[FOOD] + discount


def apply_pay(st: State, kind: int, how: int, place: int) -> None:
    seat = st.seat
    if how >= 0:
        storage.take(st, seat, how, place)
        st.stock[how] += 1  # RV-BUILD-02: back to its island
    elif how == -1:
        st.pay_reserved = 0
    else:
        st.discounts[seat] -= 1
    st.pay_left[kind] -= 1
    if any(x for x in st.pay_left):
        return
    _build(st, seat)


def _build(st: State, seat: int) -> None:
    """The card goes under the board (RV-BUILD-05); then the next token (RV-BUILD-06..11)."""
    b = st.pay_building
    if b in st.reserved[seat]:
        st.reserved[seat].remove(b)
    else:
        st.bdisplay[st.bdisplay.index(b)] = -1
    st.built[seat].append(b)
    st.pay_reserved = 0
    st.construct_count += 1
    board = st.cfg.boards[seat]
    if len(st.tokens[seat]) < board.token_spots:
        pile = st.left_pile or st.right_pile
        if pile:  # RV-RULING-09: with both piles empty, no token
            st.tokens[seat].append(pile.pop())
            if len(st.tokens[seat]) == board.pioneer_spot + 1 and st.token_pioneer[seat]:
                st.token_pioneer[seat] = 0  # RV-BUILD-08: the 5th pioneer joins the boat
                st.boat[seat] += 1
            if len(st.tokens[seat]) >= st.cfg.comp.end_tokens[st.num_players]:
                st.triggered = 1  # RV-END-01, -02, -04
    st.stage = ACTION_DONE


# ---------------------------------------------------------------- swapping tiles


def legal_swap_a(st: State, texts: list[str], moves: Moves) -> None:
    n = st.cfg.comp.river_spaces
    for k in range(n):
        if st.river[st.seat * n + k] >= 0:
            texts.append(f"swap: space {k + 1}")
            moves.append(("swap a", k))


def apply_swap_a(st: State, space: int) -> None:
    st.swap_first = space
    st.stage = SWAP_B


def legal_swap_b(st: State, texts: list[str], moves: Moves) -> None:
    n = st.cfg.comp.river_spaces
    for k in range(n):
        if k != st.swap_first and st.river[st.seat * n + k] >= 0:  # RV-SWAP-01
            texts.append(f"swap space {st.swap_first + 1} with space {k + 1}")
            moves.append(("swap b", k))


def apply_swap_b(st: State, space: int) -> None:
    """Stored resources travel with the tiles and nothing is covered anew (RV-SWAP-02, -03,
    RV-RULING-08)."""
    n = st.cfg.comp.river_spaces
    a = st.seat * n + st.swap_first
    b = st.seat * n + space
    st.river[a], st.river[b] = st.river[b], st.river[a]
    storage.swap(st, st.seat, st.swap_first, space)
    st.swap_first = -1
    st.stage = ACTION_DONE
