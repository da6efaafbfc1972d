"""What each seat may know (RV-RULING-16), and determinisation for search bots.

Hidden from other seats: which buildings a player reserved and built (only how many) and the
values of their bonus tokens; hidden from everyone: the order of the terrain stack and of the
building deck. Everything else (boards, tiles, resources, the islands, the piles) is public.
"""

from __future__ import annotations

from typing import Any

from upriver.core.rng import Rng, derive_seed
from upriver.games.the_river import scoring
from upriver.games.the_river.components import (
    RESOURCES,
    TERRAINS,
    Components,
    space_position,
)
from upriver.games.the_river.state import OVER, PAY, STAGE_NAMES, State


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
        mine = s == seat or over
        river = []
        for k in range(n):
            t = st.river[s * n + k]
            row, col = space_position(k)
            river.append({"space": k + 1, "row": row + 1, "column": col + 1,
                          "tile": _tile(st, t) if t >= 0 else None})
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
            "reserved": [comp.buildings[b].id for b in st.reserved[s]] if mine else None,
            # What the owner needs to plan a construction: each reserved card's cost and points.
            "reserved_cards": [_building(comp, b) for b in st.reserved[s]] if mine else None,
            "reserved_count": len(st.reserved[s]),
            "built": [comp.buildings[b].id for b in st.built[s]] if mine else None,
            "built_count": len(st.built[s]),
            "tokens": [comp.token_values[t] for t in st.tokens[s]] if mine else None,
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
        "building_display": [None if b < 0 else _building(comp, b) for b in st.bdisplay],
        "building_deck": len(st.deck),
        "token_piles": {"left": [comp.token_values[t] for t in reversed(st.left_pile)],
                        "right": len(st.right_pile)},
        "spots": {spot.id: (None if st.spot_occ[i] < 0 else st.spot_occ[i])
                  for i, spot in enumerate(st.cfg.spots) if not spot.unlimited},
        "players": players,
        "notes": [comp.note] if comp.note else [],
    }
    if st.stage not in (OVER,) and any(st.pending):
        out["pending"] = dict(zip(RESOURCES, st.pending, strict=True))
    if over:
        out["scores"] = scoring.scores(st)
    if legal is not None and seat is not None and seat == st.seat and not over:
        out["legal_actions"] = legal
    return out


def determinize(st: State, seat: int, seed: int) -> State:
    """Resample the stack, the deck and the other seats' reserved and built cards (keeping how
    many each holds) from what ``seat`` has not seen."""
    twin = st.copy()
    rng = Rng(derive_seed(seed, seat, 0x71))
    twin.stack.sort()  # start from an order that depends only on what seat knows
    rng.shuffle(twin.stack)
    # A card being paid for right now is on the table, not hidden.
    paying = st.pay_building if st.stage == PAY else -1
    unseen = list(twin.deck)
    for s in range(st.num_players):
        if s != seat:
            unseen += [b for b in twin.reserved[s] if b != paying] + twin.built[s]
    unseen.sort()
    rng.shuffle(unseen)
    for s in range(st.num_players):
        if s != seat:
            twin.reserved[s] = [b if b == paying else unseen.pop() for b in st.reserved[s]]
            twin.built[s] = [unseen.pop() for _ in st.built[s]]
    twin.deck = unseen
    twin.rng = Rng(derive_seed(seed, seat, 0x72))
    return twin
