"""Readable The River positions (``upriver.from_position("the-river", text)``), and the same
text written from a game (``Game.to_position``, see ``write``).

A small TOML text; whatever it leaves out is where setup would put it (tiles in the shuffled
stack, buildings in the deck, resources on the islands, tokens in their piles)::

    players = 3
    first_player = 0          # the pawn's holder (default 0)
    opening_player = 2        # who held the pawn in round 1 (default: first_player)
    to_move = 1               # whose turn it is (default: the first player, or the next
                              # seat clockwise with a pioneer on its boat)
    round = 2
    turns_taken = 7           # turns ended so far (default 0)
    step = "turn"             # "turn" (a turn begins), "prelim" (the preliminary turn: a
                              # starting tile to take) or "end" (game over, for scoring)
    prelim_order = [1, 0]     # step "prelim" only: the seats still to take a starting tile, in
                              # order (default: counter-clockwise from the first player's
                              # right, the seats with no tile yet)
    seed = 7
    random = "0x00000000075bcd15"   # the random stream's state, set last (default: seed's)
    triggered = false         # the end of the game has been triggered
    terrain_display = "T01 T02 T03"
    terrain_stack = ["T09", "T10"]  # the stack's top tiles, top last (the tiles nowhere
                                    # else lie shuffled beneath them)
    terrain_discard = ["T11"] # the discard pile, in order (default: empty)
    terrain_removed = ["T12"] # the setup tile nobody took (default: none)
    building_display = ["B01", "B02", "-", "B04"]   # "-": an empty slot
    building_deck = ["B05"]   # the deck's top cards, top last (the rest shuffled beneath)
    token_order = [1, 0, 1]   # the seats in the order they took their tokens, one entry per
                              # token (default: seat 0's, then seat 1's, ...)

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
    set_aside = 0             # pioneers set aside this round, no spot being usable
    settled = 0
    claims = 1                # tiles claimed this round
    framed_covered = 0        # framed spaces covered this round (each settles a pioneer)
    discounts = 0             # kept meadow discounts
    extra_claims = 0          # kept meadow extra claims

``resources`` gives a seat's totals and ``stored`` where some or all of them sit (on the
warehouses of that space: its tile's, else the printed ones); without ``resources`` the totals
are what ``stored`` lists. Resources ``stored`` does not place go on tile warehouses first,
along the river, then on the printed warehouses from the last space to be covered to the first.
A seat holding more than its warehouses, or a space more than its own, is refused.

Tokens are known by their value; of two alike, the first taken is the one the pile gave first,
so ``token_order`` says which seat took which (it matters only to a saved game's token
identities, never to play). Shuffles follow ``seed``; ``random``, when given, replaces the
stream once every pile is laid out, so a written position's future draws are the game's.

``write`` gives the whole table of a game at the start of a turn, in the preliminary turn or
at its end (every pile in order, the token order, the stream); in the middle of a turn (a
trade, storing, paying, a swap, covered resources, a meadow's choice) it raises
``BadPosition``. Read back, it is the same game (docs/rulings/the-river.md, "Positions written
from a game").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition
from upriver.core.positions import build_position, read_position, read_random, write_random
from upriver.core.rng import Rng
from upriver.games.the_river import storage, terrain, turns
from upriver.games.the_river.components import RESOURCES, Components
from upriver.games.the_river.state import OVER, PRELIM, STAGE_NAMES, TURN, Config, State

KEYS = {"players", "first_player", "opening_player", "to_move", "round", "turns_taken", "step",
        "prelim_order", "seed", "triggered", "terrain_display", "terrain_stack",
        "terrain_discard", "terrain_removed", "building_display", "building_deck",
        "token_order", "spots", "seat", "options"}
SEAT_KEYS = {"resources", "river", "stored", "reserved", "built", "tokens", "boat", "on_board",
             "set_aside", "settled", "claims", "framed_covered", "discounts", "extra_claims"}
STEPS = {TURN: "turn", PRELIM: "prelim", OVER: "end"}


def _words(value: Any, where: str) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str):
        raise BadPosition(f"{where} must be a string or a list of names")
    return value.replace(",", " ").split()


def _number(table: dict[str, Any], key: str, default: int, high: int, where: str = "") -> int:
    """A whole number from 0 to ``high`` (a new key's check: one line naming the key)."""
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise BadPosition(f"{where}{key} must be a whole number from 0 to {high}, not {value!r}")
    return value


def _seats(value: Any, key: str, p: int) -> list[int]:
    """A list of seat numbers 0..p-1."""
    if not isinstance(value, list) or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < p for s in value):
        raise BadPosition(f"{key} must be a list of seats 0..{p - 1}")
    return list(value)


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Config]) -> tuple[State,
                                                                                  dict[str, Any]]:
    d, players, options = read_position("the-river", text, KEYS)
    return build_position(lambda: _build(d, make_config(players, options))), options


def _build(d: dict[str, Any], cfg: Config) -> State:
    from upriver.games.the_river.setup import new_state

    comp = cfg.comp
    p = cfg.players
    seed = int(d.get("seed", 0))
    step = d.get("step", "turn")
    if step not in STEPS.values():
        raise BadPosition(f"step must be turn, prelim or end, not {step!r}")
    if "prelim_order" in d and step != "prelim":
        raise BadPosition('prelim_order belongs to step = "prelim" (the preliminary turn)')
    random = read_random(d)
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
    st.opening_player = (_number(d, "opening_player", 0, p - 1) if "opening_player" in d
                         else st.first_player)
    st.turns = _number(d, "turns_taken", 0, 1 << 31)
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
    values: list[list[int]] = [[] for _ in range(p)]
    aside = [0] * p
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
        if len(table.get("tokens", [])) > cfg.boards[s].token_spots:
            raise BadPosition(f"{where}: a river board has {cfg.boards[s].token_spots} token spots")
        values[s] = [int(value) for value in table.get("tokens", [])]
        st.settled[s] = int(table.get("settled", 0))
        st.on_board[s] = int(table.get("on_board", 0))
        aside[s] = _number(table, "set_aside", 0, comp.pioneers, where + " ")
        st.claims[s] = int(table.get("claims", 0))
        framed = sum(1 for k in cfg.boards[s].framed if st.river[s * n + k] >= 0)
        st.framed_new[s] = _number(table, "framed_covered", 0, framed, where + " ")
        st.discounts[s] = int(table.get("discounts", 0))
        st.extra_claims[s] = int(table.get("extra_claims", 0))
        st.token_pioneer[s] = int(len(values[s]) <= cfg.boards[s].pioneer_spot)
    default_order = [s for s in range(p) for _ in values[s]]
    order = _seats(d["token_order"], "token_order", p) if "token_order" in d else default_order
    if sorted(order) != default_order:
        raise BadPosition("token_order must name each seat once per token it holds")
    st.tokens = _deal_tokens(comp, piles, values, order)
    st.left_pile = sorted((t for t in piles if comp.token_values[t] > 0),
                          key=lambda t: (comp.token_values[t], -t))
    st.right_pile = [t for t in piles if comp.token_values[t] == 0]
    _unlimited_spots(st)
    for s in range(p):  # pioneers set aside: the crowd's last row (RV-RULING-10)
        st.crowd[len(cfg.spots) * p + s] += aside[s]
        st.on_board[s] += aside[s]
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
    prelim = _prelim_order(st, d) if step == "prelim" else []
    if "terrain_display" in d:
        st.display = [tile(w) for w in _words(d["terrain_display"], "terrain_display")]
    st.tile_discard = [tile(w) for w in _words(d.get("terrain_discard", []), "terrain_discard")]
    st.tiles_out = [tile(w) for w in _words(d.get("terrain_removed", []), "terrain_removed")]
    on_top = [tile(w) for w in _words(d.get("terrain_stack", []), "terrain_stack")]
    if "building_display" in d:
        st.bdisplay = [-1 if w == "-" else building(w)
                       for w in _words(d["building_display"], "building_display")]
    deck_top = [building(w) for w in _words(d.get("building_deck", []), "building_deck")]
    st.stack = [t for t in range(len(comp.tiles)) if t not in used_tiles]
    rng.shuffle(st.stack)
    st.stack += on_top
    if "terrain_display" not in d:
        st.display = []
        if step == "prelim":  # the setup tiles: one more than the seats still to take one
            st.display = [st.stack.pop() for _ in range(min(len(prelim) + 1, len(st.stack)))]
        else:
            terrain.refill_terrain(st)
    st.deck = [b for b in range(len(comp.buildings)) if b not in used_buildings]
    rng.shuffle(st.deck)
    st.deck += deck_top
    if "building_display" not in d:
        st.bdisplay = [st.deck.pop() if st.deck else -1 for _ in range(comp.building_display[p])]
    for s in range(p):  # an end already reached is an end already triggered
        if st.tiles_placed(s) == n or len(st.tokens[s]) >= comp.end_tokens[p]:
            st.triggered = 1
    st.construct_count = sum(len(b) for b in st.built)  # one token-taking build each
    if step == "turn":
        st.turn_seat = int(d.get("to_move", st.first_player))
        if not 0 <= st.turn_seat < p or ("to_move" in d and st.boat[st.turn_seat] == 0):
            raise BadPosition(f"to_move = {st.turn_seat}: that seat has no pioneer on its boat")
        turns.begin_turn(st)
        if st.stage != TURN:
            raise BadPosition("nobody has a pioneer on their boat")
    elif step == "prelim":
        if "to_move" in d:
            raise BadPosition("to_move: in the preliminary turn, prelim_order's first seat "
                              "takes a tile")
        st.prelim_order = prelim
        st.turn_seat = st.first_player
        st.stage = PRELIM
        st.seat = prelim[0]
    else:
        st.stage = OVER
        st.seat = -1
    if random is not None:  # last: the stream goes on from the game's, past every shuffle
        st.rng.state = random
    return st


def _prelim_order(st: State, d: dict[str, Any]) -> list[int]:
    """The seats still to take a starting tile (RV-PRELIM-02: counter-clockwise from the first
    player's right, the first player last); each must have space 1 free."""
    p = st.num_players
    n = st.cfg.comp.river_spaces
    if "prelim_order" in d:
        order = _seats(d["prelim_order"], "prelim_order", p)
        if not order or len(set(order)) != len(order):
            raise BadPosition("prelim_order must list one or more seats, each once")
    else:
        order = [s for s in ((st.first_player - k) % p for k in range(1, p + 1))
                 if st.river[s * n] < 0]
        if not order:
            raise BadPosition("every seat already has its starting tile: no preliminary turn")
    for s in order:
        if st.river[s * n] >= 0:
            raise BadPosition(f"prelim_order: seat {s} already has its starting tile")
    return order


def _deal_tokens(comp: Components, piles: list[int], values: list[list[int]],
                 order: list[int]) -> list[list[int]]:
    """Each seat's tokens, by value, taken in ``order`` (one entry per token); of two alike,
    the one the pile gives first (the left pile from its top, the right pile from its end).
    ``piles`` loses them."""
    held: list[list[int]] = [[] for _ in values]
    for s in order:
        value = values[s][len(held[s])]
        match = [t for t in piles if comp.token_values[t] == value]
        if not match:
            raise BadPosition(f"seat {s}: no token worth {value} is left")
        piles.remove(match[-1])
        held[s].append(match[-1])
    return held


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


# ---------------------------------------------------------------- writing


def write(st: State, options: dict[str, Any]) -> dict[str, Any]:
    """The whole table of ``st`` (``Game.to_position``): at a turn's start, in the preliminary
    turn or at the end; ``parse`` reads it back into the same game. Elsewhere ``BadPosition``."""
    cfg = st.cfg
    comp = cfg.comp
    p = st.num_players
    step = STEPS.get(st.stage)
    if step is None:
        name = STAGE_NAMES[st.stage] if 0 <= st.stage < len(STAGE_NAMES) else str(st.stage)
        raise BadPosition("a position describes a turn's start, the preliminary turn or the "
                          f"game's end, not a step of one under way ({name})")
    if (any(st.pending) or any(st.pay_left) or st.cover_tile >= 0 or st.swap_first >= 0
            or st.choose_left or st.trade_left or st.resume_turn or st.pay_reserved):
        raise BadPosition("a decision of the turn is still under way: no position describes it")
    tiles = [t.id for t in comp.tiles]
    cards = [b.id for b in comp.buildings]
    out: dict[str, Any] = {"players": p, "step": step, "round": st.round,
                           "first_player": st.first_player,
                           "opening_player": st.opening_player}
    if step == "turn":
        out["to_move"] = st.seat
    elif step == "prelim":
        out["prelim_order"] = st.prelim_order[:]
    out["turns_taken"] = st.turns
    out["triggered"] = bool(st.triggered)
    out["random"] = write_random(st.rng.state)
    out["terrain_display"] = [tiles[t] for t in st.display]
    out["terrain_stack"] = [tiles[t] for t in st.stack]
    out["terrain_discard"] = [tiles[t] for t in st.tile_discard]
    out["terrain_removed"] = [tiles[t] for t in st.tiles_out]
    out["building_display"] = ["-" if b < 0 else cards[b] for b in st.bdisplay]
    out["building_deck"] = [cards[b] for b in st.deck]
    order = _token_order(st)
    if order != [s for s in range(p) for _ in st.tokens[s]]:
        out["token_order"] = order
    out["options"] = dict(options)
    spots: dict[str, Any] = {}
    for i, spot in enumerate(cfg.spots):
        if spot.unlimited:
            crowd = [s for s in range(p) for _ in range(st.crowd_at(i, s))]
            if crowd:
                spots[spot.id] = crowd
        elif st.spot_occ[i] >= 0:
            spots[spot.id] = st.spot_occ[i]
    if spots:
        out["spots"] = spots
    out["seat"] = [_write_seat(st, s) for s in range(p)]
    for k in range(4):
        if st.stock[k] + sum(st.res[s * 4 + k] for s in range(p)) != comp.stock[p][k]:
            raise BadPosition(f"the {RESOURCES[k]} in play do not add up to the islands' stock")
    return out


def _write_seat(st: State, s: int) -> dict[str, Any]:
    cfg = st.cfg
    comp = cfg.comp
    n = comp.river_spaces
    river = st.river[s * n : s * n + n]
    placed = st.tiles_placed(s)
    if any(t < 0 for t in river[:placed]):
        raise BadPosition(f"seat {s}'s river has a gap: tiles lie only on spaces 1, 2, ...")
    stored = {}
    for k in range(n):
        i = (s * n + k) * 4
        kinds = [RESOURCES[r] for r in range(4) for _ in range(st.stored[i + r])]
        if kinds:
            stored[str(k + 1)] = " ".join(kinds)
    entry: dict[str, Any] = {
        "river": [comp.tiles[t].id for t in river[:placed]],
        "resources": " ".join(RESOURCES[r] for r in range(4) for _ in range(st.res[s * 4 + r])),
    }
    if stored:
        entry["stored"] = stored
    for key, ids in (("reserved", st.reserved[s]), ("built", st.built[s])):
        if ids:
            entry[key] = [comp.buildings[b].id for b in ids]
    if st.tokens[s]:
        entry["tokens"] = [comp.token_values[t] for t in st.tokens[s]]
    entry["boat"] = st.boat[s]
    aside = st.crowd_at(len(cfg.spots), s)
    on_spots = sum(1 for o in st.spot_occ if o == s) + sum(
        st.crowd_at(i, s) for i in range(len(cfg.spots)))
    for key, value in (("set_aside", aside), ("settled", st.settled[s]),
                       ("claims", st.claims[s]), ("framed_covered", st.framed_new[s]),
                       ("discounts", st.discounts[s]), ("extra_claims", st.extra_claims[s])):
        if value:
            entry[key] = value
    if st.on_board[s] != on_spots + aside:
        raise BadPosition(f"seat {s}'s pioneers on the board stand on no spot")
    if st.token_pioneer[s] != int(len(st.tokens[s]) <= cfg.boards[s].pioneer_spot):
        raise BadPosition(f"seat {s}'s pioneer on its token spot does not match its tokens")
    return entry


def _token_order(st: State) -> list[int]:
    """The seats in an order of taking their tokens that ``parse`` deals back into the very
    same tokens (of two alike, the pile gives the lower first, a zero the higher): each seat's
    tokens in its own order, and each value's in the order the piles give them."""
    comp = st.cfg.comp
    values = comp.token_values
    p = st.num_players
    held = sorted(t for s in range(p) for t in st.tokens[s])
    left = sorted((t for t in held + st.left_pile if values[t] > 0),
                  key=lambda t: (values[t], -t))
    right = sorted(t for t in held + st.right_pile if values[t] == 0)
    piles = sorted(left + right, key=lambda t: values[t])
    given = list(reversed(left)) + list(reversed(right))  # the order the piles give them
    rank = {t: i for i, t in enumerate(given)}
    waiting = {t: rank[t] for t in held}
    heads = [0] * p
    order: list[int] = []
    while len(order) < len(held):
        for s in range(p):
            if heads[s] < len(st.tokens[s]):
                t = st.tokens[s][heads[s]]
                if all(r > rank[t] for u, r in waiting.items()
                       if u != t and values[u] == values[t]):
                    break
        else:
            raise BadPosition("the seats' tokens were taken in no order the piles allow")
        order.append(s)
        heads[s] += 1
        del waiting[t]
    dealt = _deal_tokens(comp, piles, [[values[t] for t in ts] for ts in st.tokens], order)
    rest_left = sorted((t for t in piles if values[t] > 0), key=lambda t: (values[t], -t))
    if (dealt != st.tokens or rest_left != st.left_pile
            or [t for t in piles if values[t] == 0] != st.right_pile):
        raise BadPosition("the token piles are not as the tokens taken from them leave them")
    return order
