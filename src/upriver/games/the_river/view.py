"""What the table knows, and determinisation for search bots.

Whatever reached a player face up is public, to every seat and to spectators (the table has
perfect memory; docs/rulings/the-river.md overrides RV-RULING-16 and RV-BUILD-05): a reserved
card was taken from the face-up display, a built card was on the display or already reserved,
and each bonus token was taken from a face-up pile. Hidden from everyone: the order of the
terrain stack and of the building deck, and the game's own random stream.
"""

from __future__ import annotations

from typing import Any

from upriver.core.rng import Rng, derive_seed
from upriver.games.the_river import scoring, storage
from upriver.games.the_river.components import (
    RESOURCES,
    TERRAINS,
    Components,
    space_position,
)
from upriver.games.the_river.state import CHOOSE, OVER, PAY, STAGE_NAMES, TRADE, State


def _tile(st: State, t: int) -> dict[str, Any]:
    tile = st.cfg.comp.tiles[t]
    symbols = [RESOURCES[k] for k in range(3) for _ in range(tile.production[k])]
    symbols += ["warehouse"] * tile.warehouses
    out: dict[str, Any] = {
        "id": tile.id,
        "terrains": [TERRAINS[x] for x in sorted(tile.terrains)],
        "symbols": symbols,
    }
    if tile.meadow:
        out["meadow"] = tile.meadow
    return out


def _building(comp: Components, b: int) -> dict[str, Any]:
    card = comp.buildings[b]
    return {"id": card.id, "cost": dict(zip(RESOURCES[:3], card.cost, strict=True)),
            "points": card.points}


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    comp = st.cfg.comp
    n = comp.river_spaces
    over = st.stage == OVER
    players = []
    for s in range(st.num_players):
        river = []
        for k in range(n):
            t = st.river[s * n + k]
            row, col = space_position(k)
            i = (s * n + k) * 4
            board = st.cfg.boards[s]
            printed = [RESOURCES[r] for r in range(3) for _ in range(board.production[k][r])]
            printed += ["warehouse"] * board.warehouses[k]
            river.append({"space": k + 1, "row": row + 1, "column": col + 1,
                          "tile": _tile(st, t) if t >= 0 else None,
                          # the board's own printing there (covered once a tile lies on it)
                          "printed": printed, "framed": k in board.framed,
                          "warehouses": storage.slots(st, s, k),
                          "stored": {RESOURCES[r]: st.stored[i + r] for r in range(4)
                                     if st.stored[i + r]}})
        players.append({
            "seat": s,
            "colour": st.cfg.boards[s].colour,
            "resources": dict(zip(RESOURCES, st.res[s * 4 : s * 4 + 4], strict=True)),
            "warehouses": st.capacity(s),
            "production": {RESOURCES[k]: st.production(s, k) for k in range(3)},
            "river": river,
            "boat": st.boat[s],
            "pioneers_on_board": st.on_board[s],
            "settled": st.settled[s],
            "pioneer_on_token_spot": bool(st.token_pioneer[s]),
            "claims_this_round": st.claims[s],
            "reserved": [comp.buildings[b].id for b in st.reserved[s]],
            # Each reserved card's cost and points, to plan (or foresee) a construction.
            "reserved_cards": [_building(comp, b) for b in st.reserved[s]],
            "reserved_count": len(st.reserved[s]),
            "built": [comp.buildings[b].id for b in st.built[s]],
            "built_count": len(st.built[s]),
            "tokens": [comp.token_values[t] for t in st.tokens[s]],
            "token_count": len(st.tokens[s]),
            "meadow_discounts": st.discounts[s],
            "extra_claims": st.extra_claims[s],
            "columns": scoring.column_points(st, s),
            "meadow_points": scoring.meadow_points(st, s),
        })
    out: dict[str, Any] = {
        "game": "the-river",
        "viewer": seat,
        "round": st.round,
        "step": STAGE_NAMES[st.stage],
        "to_move": None if over else st.seat,
        "first_player": st.first_player,
        "end_triggered": bool(st.triggered),
        "islands": dict(zip(RESOURCES, st.stock, strict=True)),
        "terrain_display": [_tile(st, t) for t in st.display],
        "terrain_stack": len(st.stack),
        "terrain_discard": [comp.tiles[t].id for t in st.tile_discard],
        # The setup tile nobody took (RV-PRELIM-03): it was face up, so everyone saw it go.
        "terrain_removed": [comp.tiles[t].id for t in st.tiles_out],
        "building_display": [None if b < 0 else _building(comp, b) for b in st.bdisplay],
        "building_deck": len(st.deck),
        "token_piles": {"left": [comp.token_values[t] for t in reversed(st.left_pile)],
                        "right": len(st.right_pile)},
        "spots": {spot.id: (None if st.spot_occ[i] < 0 else st.spot_occ[i])
                  for i, spot in enumerate(st.cfg.spots) if not spot.unlimited},
        "players": players,
        "notes": [comp.note] if comp.note else [],
    }
    if st.stage == PAY:  # the building being paid for, and what it still costs
        out["paying"] = {"building": comp.buildings[st.pay_building].id,
                         "left": dict(zip(RESOURCES[:3], st.pay_left, strict=True)),
                         "reserved": bool(st.pay_reserved)}
    if st.stage == TRADE:
        out["trade_left"] = st.trade_left
    if st.stage == CHOOSE:
        out["choose_left"] = st.choose_left
    if st.stage != OVER and any(st.pending):
        # Resources off a covered warehouse wait to be moved; others are new, to be stored.
        key = "covered" if st.cover_tile >= 0 else "pending"
        out[key] = dict(zip(RESOURCES, st.pending, strict=True))
    if over:
        out["scores"] = scoring.scores(st)
    if legal is not None and seat is not None and seat == st.seat and not over:
        out["legal_actions"] = legal
    return out


def hidden_from(st: State, seat: int) -> tuple[object, ...]:
    """What nobody can see: the random stream and the order of the terrain stack and the
    building deck. A decision that changes any of it turned up a tile or a card."""
    return (st.rng.state, tuple(st.stack), tuple(st.deck))


def determinize(st: State, seat: int, seed: int) -> State:
    """Resample only what nobody has seen: the order of the terrain stack and of the building
    deck, and the random stream; every card and token a seat holds stays as it is."""
    twin = st.copy()
    rng = Rng(derive_seed(seed, seat, 0x71))
    twin.stack.sort()  # start from orders that depend only on what seat knows
    rng.shuffle(twin.stack)
    twin.deck.sort()
    rng.shuffle(twin.deck)
    twin.rng = Rng(derive_seed(seed, seat, 0x72))
    return twin
