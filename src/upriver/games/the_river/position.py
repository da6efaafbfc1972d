"""Readable The River positions (``upriver.from_position("the-river", text)``).

A small TOML text; whatever it leaves out is where setup would put it (tiles in the shuffled
stack, buildings in the deck, resources on the islands, tokens in their piles)::

    players = 3
    first_player = 0          # the pawn's holder (default 0)
    to_move = 1               # whose turn it is (default: the first player, or the next
                              # seat clockwise with a pioneer on its boat)
    round = 2
    step = "turn"             # "turn" (a turn begins) or "end" (game over, for scoring)
    seed = 7
    triggered = false         # the end of the game has been triggered
    terrain_display = "T01 T02 T03"
    building_display = ["B01", "B02", "-", "B04"]   # "-": an empty slot

    [spots]                   # single spots already taken this round (the pawn's holder
    "wood 1" = 2              # is first_player, whoever took its spot), and the seats of
    "construct" = [0, 2]      # the pioneers on an unlimited spot, one entry each

    [[seat]]                  # one table per seat, in seat order
    resources = "wood wood stone food"
    river = ["T05", "T12"]    # tiles on spaces 1, 2, ... along the river
    stored = { "2" = "wood", "5" = "stone" }   # where resources sit: river space = resources
    reserved = ["B03"]
    built = ["B07"]
    tokens = [6, 5]           # token values, taken from the piles
    boat = 3                  # pioneers on the boat (default: all not placed or settled)
    on_board = 1              # more pioneers on the unlimited spots: one on the terrain
                              # island per claim this round, the rest at construct
    settled = 0
    claims = 1                # tiles claimed this round
    discounts = 0             # kept meadow discounts
    extra_claims = 0          # kept meadow extra claims

``resources`` gives a seat's totals and ``stored`` where some or all of them sit (on the
warehouses of that space: its tile's, else the printed ones); without ``resources`` the totals
are what ``stored`` lists. Resources ``stored`` does not place go on tile warehouses first,
along the river, then on the printed warehouses from the last space to be covered to the first.
A seat holding more than its warehouses, or a space more than its own, is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition
from upriver.core.positions import build_position, read_position
from upriver.core.rng import Rng
from upriver.games.the_river import storage, terrain, turns
from upriver.games.the_river.components import RESOURCES
from upriver.games.the_river.state import OVER, TURN, Config, State

KEYS = {"players", "first_player", "to_move", "round", "step", "seed", "triggered",
        "terrain_display", "building_display", "spots", "seat", "options"}
SEAT_KEYS = {"resources", "river", "stored", "reserved", "built", "tokens", "boat", "on_board",
             "settled", "claims", "discounts", "extra_claims"}


def _words(value: Any, where: str) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str):
        raise BadPosition(f"{where} must be a string or a list of names")
    return value.replace(",", " ").split()


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Config]) -> tuple[State,
                                                                                  dict[str, Any]]:
    d, players, options = read_position("the-river", text, KEYS)
    return build_position(lambda: _build(d, make_config(players, options))), options


def _build(d: dict[str, Any], cfg: Config) -> State:
    from upriver.games.the_river.setup import new_state

    comp = cfg.comp
    p = cfg.players
    seed = int(d.get("seed", 0))
    st = new_state(cfg, seed)
    rng = Rng(seed ^ 0x51DE)
    st.rng = rng
    tile_ids = {t.id: i for i, t in enumerate(comp.tiles)}
    building_ids = {b.id: i for i, b in enumerate(comp.buildings)}
    used_tiles: set[int] = set()
    used_buildings: set[int] = set()

    def tile(name: str) -> int:
        if name not in tile_ids or tile_ids[name] in used_tiles:
            raise BadPosition(f"{name!r} is not an available terrain tile")
        used_tiles.add(tile_ids[name])
        return tile_ids[name]

    def building(name: str) -> int:
        if name not in building_ids or building_ids[name] in used_buildings:
            raise BadPosition(f"{name!r} is not an available building")
        used_buildings.add(building_ids[name])
        return building_ids[name]

    st.round = int(d.get("round", 1))
    st.first_player = int(d.get("first_player", 0))
    st.opening_player = st.first_player
    st.triggered = int(bool(d.get("triggered", False)))
    st.prelim_order = []
    n = comp.river_spaces
    st.river = [-1] * (n * p)
    st.res = [0] * (4 * p)
    st.stored = [0] * (n * p * 4)
    piles = sorted(st.left_pile + st.right_pile, key=lambda t: comp.token_values[t])
    seats = d.get("seat", [])
    if len(seats) > p:
        raise BadPosition(f"{len(seats)} seat tables for {p} players")
    for s, table in enumerate(seats):
        where = f"seat {s}"
        extra = set(table) - SEAT_KEYS
        if extra:
            raise BadPosition(f"{where} has unknown key(s): {', '.join(sorted(extra))}")
        for k, w in enumerate(_words(table.get("river", []), where + " river")):
            if k >= n:
                raise BadPosition(f"{where}: a river board has {n} spaces")
            st.river[s * n + k] = tile(w)
        _store(st, s, table, where)
        st.reserved[s] = [building(w) for w in _words(table.get("reserved", []), where)]
        st.built[s] = [building(w) for w in _words(table.get("built", []), where)]
        st.tokens[s] = []
        if len(table.get("tokens", [])) > cfg.boards[s].token_spots:
            raise BadPosition(f"{where}: a river board has {cfg.boards[s].token_spots} token spots")
        for value in table.get("tokens", []):
            match = [t for t in piles if comp.token_values[t] == int(value)]
            if not match:
                raise BadPosition(f"{where}: no token worth {value} is left")
            piles.remove(match[-1])
            st.tokens[s].append(match[-1])
        st.settled[s] = int(table.get("settled", 0))
        st.on_board[s] = int(table.get("on_board", 0))
        st.claims[s] = int(table.get("claims", 0))
        st.discounts[s] = int(table.get("discounts", 0))
        st.extra_claims[s] = int(table.get("extra_claims", 0))
        st.token_pioneer[s] = int(len(st.tokens[s]) <= cfg.boards[s].pioneer_spot)
    st.left_pile = sorted((t for t in piles if comp.token_values[t] > 0),
                          key=lambda t: (comp.token_values[t], -t))
    st.right_pile = [t for t in piles if comp.token_values[t] == 0]
    _unlimited_spots(st)
    ids = [spot.id for spot in cfg.spots]
    for name, seat in d.get("spots", {}).items():
        if name not in ids:
            raise BadPosition(f"{name!r} is not a spot on this side of the board")
        i = ids.index(name)
        for who in seat if isinstance(seat, list) and cfg.spots[i].unlimited else [seat]:
            if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < p:
                raise BadPosition(f"spot {name!r}: seat must be 0..{p - 1}"
                                  + (" (a list of seats on an unlimited spot)"
                                     if cfg.spots[i].unlimited else ""))
            if cfg.spots[i].unlimited:
                st.crowd[i * p + who] += 1
            else:
                st.spot_occ[i] = who
            st.on_board[who] += 1
    for s in range(p):
        st.refresh_board(s)
    for s in range(p):
        default = comp.pioneers - st.settled[s] - st.on_board[s] - st.token_pioneer[s]
        table = seats[s] if s < len(seats) else {}
        st.boat[s] = int(table.get("boat", default))
        if st.boat[s] < 0 or st.boat[s] + st.settled[s] + st.on_board[s] + st.token_pioneer[
                s] != comp.pioneers:
            raise BadPosition(f"seat {s} must account for exactly {comp.pioneers} pioneers")
        if st.held(s) > st.capacity(s):
            raise BadPosition(f"seat {s} holds more resources than its warehouses")
    st.stock = [comp.stock[p][k] - sum(st.res[s * 4 + k] for s in range(p)) for k in range(4)]
    if min(st.stock) < 0:
        raise BadPosition("position uses more resources than the islands hold")
    if "terrain_display" in d:
        st.display = [tile(w) for w in _words(d["terrain_display"], "terrain_display")]
    if "building_display" in d:
        st.bdisplay = [-1 if w == "-" else building(w)
                       for w in _words(d["building_display"], "building_display")]
    st.stack = [t for t in range(len(comp.tiles)) if t not in used_tiles]
    rng.shuffle(st.stack)
    if "terrain_display" not in d:
        st.display = []
        terrain.refill_terrain(st)
    st.tile_discard = []
    st.tiles_out = []
    st.deck = [b for b in range(len(comp.buildings)) if b not in used_buildings]
    rng.shuffle(st.deck)
    if "building_display" not in d:
        st.bdisplay = [st.deck.pop() if st.deck else -1 for _ in range(comp.building_display[p])]
    for s in range(p):  # an end already reached is an end already triggered
        if st.tiles_placed(s) == n or len(st.tokens[s]) >= comp.end_tokens[p]:
            st.triggered = 1
    step = d.get("step", "turn")
    if step == "turn":
        st.turn_seat = int(d.get("to_move", st.first_player))
        if not 0 <= st.turn_seat < p or ("to_move" in d and st.boat[st.turn_seat] == 0):
            raise BadPosition(f"to_move = {st.turn_seat}: that seat has no pioneer on its boat")
        turns.begin_turn(st)
        if st.stage != TURN:
            raise BadPosition("nobody has a pioneer on their boat")
    elif step == "end":
        st.stage = OVER
        st.seat = -1
    else:
        raise BadPosition(f"step must be turn or end, not {step!r}")
    return st


def _unlimited_spots(st: State) -> None:
    """A seat's ``on_board`` pioneers stand on the unlimited spots: one on the terrain island
    for each claim this round, the rest at construct (the only actions they serve)."""
    p = st.num_players
    first = {spot.action: i for i, spot in reversed(list(enumerate(st.cfg.spots)))
             if spot.unlimited}
    for s in range(p):
        n = st.on_board[s]
        on_terrain = min(n, st.claims[s]) if "claim" in first else 0
        if on_terrain:
            st.crowd[first["claim"] * p + s] += on_terrain
        if n - on_terrain:
            if "construct" not in first:
                raise BadPosition(f"seat {s}: no unlimited spot for {n} pioneers on board")
            st.crowd[first["construct"] * p + s] += n - on_terrain


def _kinds(value: Any, where: str) -> list[int]:
    kinds = []
    for w in _words(value, where):
        if w not in RESOURCES:
            raise BadPosition(f"{where}: {w!r} is not a resource")
        kinds.append(RESOURCES.index(w))
    return kinds


def _store(st: State, s: int, table: dict[str, Any], where: str) -> None:
    """A seat's resources, each on a warehouse of its space (see the module docstring)."""
    n = st.cfg.comp.river_spaces
    placed = [0] * 4
    spaces = table.get("stored", {})
    if not isinstance(spaces, dict):
        raise BadPosition(f"{where} stored must be a table: river space = resources")
    for key, value in spaces.items():
        if not str(key).isdigit() or not 1 <= int(key) <= n:
            raise BadPosition(f"{where} stored: {key!r} is not a river space 1..{n}")
        space = int(key) - 1
        kinds = _kinds(value, f"{where} stored")
        if len(kinds) > storage.slots(st, s, space):
            raise BadPosition(f"{where}: space {key} has {storage.slots(st, s, space)} "
                              f"warehouse(s), not room for {len(kinds)}")
        for kind in kinds:
            storage.put(st, s, kind, space)
            placed[kind] += 1
    totals = placed[:]
    if "resources" in table:
        totals = [0] * 4
        for kind in _kinds(table["resources"], where + " resources"):
            totals[kind] += 1
        for kind in range(4):
            if placed[kind] > totals[kind]:
                raise BadPosition(f"{where}: stored lists more {RESOURCES[kind]} than resources")
    # The rest: tile warehouses along the river, then printed ones, last to be covered first.
    order = [k for k in range(n) if st.river[s * n + k] >= 0]
    order += [k for k in reversed(range(n)) if st.river[s * n + k] < 0]
    for kind in range(4):
        for _ in range(totals[kind] - placed[kind]):
            space = next((k for k in order if sum(st.stored[(s * n + k) * 4 : (s * n + k) * 4 + 4])
                          < storage.slots(st, s, k)), -1)
            if space < 0:
                raise BadPosition(f"seat {s} holds more resources than its warehouses")
            storage.put(st, s, kind, space)
