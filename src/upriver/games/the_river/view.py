"""What the table knows, and determinisation for search bots.

Whatever reached a player face up is public, to every seat and to spectators (the table has
perfect memory; docs/rulings/the-river.md overrides RV-RULING-16 and RV-BUILD-05): a reserved
card was taken from the face-up display, a built card was on the display or already reserved,
and each bonus token was taken from a face-up pile. Hidden from everyone: the order of the
terrain stack and of the building deck, and the game's own random stream.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core import knowledge as kn
from upriver.core.rng import Rng, derive_seed
from upriver.games.the_river import scoring, storage
from upriver.games.the_river.components import (
    RESOURCES,
    TERRAINS,
    Components,
    space_position,
)
from upriver.games.the_river.state import (
    CHOOSE,
    COVER,
    OVER,
    PAY,
    STAGE_NAMES,
    STORE,
    SWAP_B,
    TRADE,
    State,
)


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
            "set_aside": st.crowd_at(len(st.cfg.spots), s),  # no spot could be used
            "claims_this_round": st.claims[s],
            # Framed spaces covered this round: each settles a pioneer at cleanup.
            "framed_covered_this_round": st.framed_new[s],
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
        "turns_taken": st.turns,
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
        # Pioneers per seat on the spots that take any number.
        "unlimited_spots": {spot.id: [st.crowd_at(i, s) for s in range(st.num_players)]
                            for i, spot in enumerate(st.cfg.spots) if spot.unlimited},
        "opening_player": st.opening_player,
        "tokens_out_of_play": [comp.token_values[t] for t in st.tokens_out],
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
    if st.stage == SWAP_B:
        out["swap_first"] = st.swap_first + 1  # the river space chosen first
    if st.prelim_order and st.stage != OVER:
        out["prelim_order"] = st.prelim_order[:]  # the seats still to pick, in order
    if st.stage == COVER:
        out["covering_tile"] = comp.tiles[st.cover_tile].id
    if st.stage == STORE and st.resume_turn:
        out["turn_goes_on"] = True  # storing a trade's food: the turn is not over
    if st.stage != OVER and any(st.pending):
        # Resources off a covered warehouse wait to be moved; others are new, to be stored.
        key = "covered" if st.stage == COVER else "pending"
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


# --- What each seat may know, field by field (docs/rulings/the-river.md prints this table).

def _at(*stages: int) -> Callable[[State], bool]:
    return lambda st: st.stage in stages


def _going(st: State) -> bool:
    return bool(st.stage != OVER)


def _values(name: str) -> kn.Seen:
    """Tokens are known by their value: two of one value are alike once in play (the 2 dots
    only sort them out at setup, RV-SETUP-10)."""
    def seen(st: State, seat: int | None) -> object:
        value = getattr(st, name)
        values = st.cfg.comp.token_values
        if value and isinstance(value[0], list):
            return [[values[t] for t in part] for part in value]
        return [values[t] for t in value]
    return seen


def _single_spots(st: State, seat: int | None) -> object:
    return [o for o, spot in zip(st.spot_occ, st.cfg.spots, strict=True) if not spot.unlimited]


def _crowd(st: State, seat: int | None) -> object:
    """The unlimited spots' pioneers, and those set aside (single spots: ``spot_occ``)."""
    rows = [i for i, spot in enumerate(st.cfg.spots) if spot.unlimited] + [len(st.cfg.spots)]
    return [[st.crowd_at(i, s) for s in range(st.num_players)] for i in rows]


KNOWLEDGE: tuple[kn.Field, ...] = (
    kn.hidden("rng", "every shuffle still to happen is chance"),
    kn.public("stock", "islands"),
    kn.size("stack", "terrain_stack", "the terrain stack is face down (RV-SETUP-03)"),
    kn.public("tile_discard", "terrain_discard", "discarded tiles were face up on the island"),
    kn.public("tiles_out", "terrain_removed", "the setup tile nobody took was face up "
              "(RV-PRELIM-03)"),
    kn.public("display", "terrain_display"),
    kn.size("deck", "building_deck", "the building deck is face down (RV-SETUP-05)"),
    kn.public("bdisplay", "building_display"),
    kn.own_rule("left_pile", _values("left_pile"), "token_piles.left",
                "the token piles are face up (RV-SETUP-11)"),
    kn.size("right_pile", "token_piles.right", "its tokens are all worth 0 (RV-SETUP-11)"),
    kn.own_rule("tokens_out", _values("tokens_out"), "tokens_out_of_play",
                "a 2-player game uses the tokens with 2 dots; which are out follows from the "
                "printing (RV-SETUP-10)"),
    kn.own_rule("spot_occ", _single_spots, "spots", "a pioneer on a single spot is in sight"),
    kn.public("boat", "players[].boat"),
    kn.public("on_board", "players[].pioneers_on_board"),
    kn.public("settled", "players[].settled"),
    kn.public("token_pioneer", "players[].pioneer_on_token_spot"),
    kn.public("res", "players[].resources", "resources sit on the warehouses in sight"),
    kn.public("river", "players[].river"),
    kn.public("claims", "players[].claims_this_round"),
    kn.public("framed_new", "players[].framed_covered_this_round", "a framed space covered "
              "this round settles a pioneer at cleanup (RV-CLEAN-06)"),
    kn.public("discounts", "players[].meadow_discounts"),
    kn.public("extra_claims", "players[].extra_claims"),
    kn.public_while("pending", "until the game ends", _going, "pending, covered",
                    "resources taken or uncovered wait in sight to be stored"),
    kn.public_while("pay_left", "while paying for a building", _at(PAY), "paying.left"),
    kn.public_while("prelim_order", "until the game ends", _going, "prelim_order",
                    "the preliminary turn goes counter-clockwise (RV-PRELIM-02)"),
    kn.derived("cap", "players[].warehouses", "the warehouses printed or on tiles in sight"),
    kn.derived("prod", "players[].production", "the symbols printed or on tiles in sight"),
    kn.public("stored", "players[].river[].stored", "where each resource sits is in sight"),
    kn.own_rule("crowd", _crowd, "unlimited_spots, players[].set_aside", "pioneers on the "
                "terrain island and the construction site, and any set aside, stand in sight"),
    kn.public("reserved", "players[].reserved", "a reserved card was taken from the face-up "
              "display: the table remembers it (docs/rulings/the-river.md)"),
    kn.public("built", "players[].built", "a built card was on the display or reserved: the "
              "table remembers it (docs/rulings/the-river.md)"),
    kn.own_rule("tokens", _values("tokens"), "players[].tokens", "each token was taken from "
                "a face-up pile: the table remembers it (docs/rulings/the-river.md)"),
    kn.public("round", "round"), kn.public("turns", "turns_taken"),
    kn.public("stage", "step"),
    kn.public_while("seat", "until the game ends", _going, "to_move"),
    kn.public("first_player", "first_player", "the first player pawn is in sight"),
    kn.derived("turn_seat", "to_move", "the seat whose turn it is"),
    kn.public("triggered", "end_triggered", "the end is triggered in sight (RV-END-01..03)"),
    kn.public_while("choose_left", "while choosing a meadow's resources", _at(CHOOSE),
                    "choose_left"),
    kn.public_while("trade_left", "while trading", _at(TRADE), "trade_left"),
    kn.public_while("pay_building", "while paying for a building", _at(PAY),
                    "paying.building"),
    kn.public_while("pay_reserved", "while paying for a building", _at(PAY),
                    "paying.reserved", "a reserved card's last resource is waived (RV-BUILD-03)"),
    kn.public_while("swap_first", "while choosing the second tile of a swap", _at(SWAP_B),
                    "swap_first"),
    kn.derived("construct_count", "players[].built", "the buildings constructed so far"),
    kn.public("opening_player", "opening_player", "who held the pawn in round 1"),
    kn.public_while("cover_tile", "while covered resources are moved", _at(COVER),
                    "covering_tile", "the tile just placed, whose meadow follows"),
    kn.public_while("resume_turn", "while storing", _at(STORE), "turn_goes_on",
                    "a trade's food is stored before the pioneer is placed (RV-TRADE-01)"),
)
