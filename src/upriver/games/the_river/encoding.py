"""A seat's view as a fixed-length list of numbers: the observation of the learning surfaces
(``upriver.rl``).

``encode`` reads only the ``view`` dict it is given (``g.view(seat)`` of a seat, never a
spectator's), so it cannot carry what that seat may not know. The only other things it reads are
static: the component tables (``components.load``, chosen by the ``components`` option) to look up
a tile's or card's printing by its id and to fix the sizes, and the step names (``STAGE_NAMES``, a
constant tuple of the state module; no state is ever touched). It is the reference.

``encode_state`` gives the same numbers straight from the state, without building the view (the
learning surfaces call it at every step). It reads only what ``view`` shows a seat, field by
field, and a test holds it equal to ``encode(view(seat))`` on every decision of hundreds of games
and on every seat's determinised copies (``tests/rl/test_state_encoding.py``).

Design
------
* Seat-relative: the observing seat's blocks come first ("own ..."), then every other seat in
  turn order after it ("other 1 ..." is the seat to its left, and so on). Seats named anywhere
  else (a spot's occupant, whose turn it is, the pawn, where a tile or card lies) are numbered
  the same way: 0 is the observer, k the k-th seat after it. Everything a seat holds in The
  River is public, so the own and other blocks have the same shape.
* Categorical values are one-hot, flags 0/1, counts divided by a maximum taken from the
  component data (or the options), so every number lies in 0..1. The one exception is points,
  divided by ``POINT_SCALE`` = 100: the game has no useful fixed maximum, and real scores stay
  well below it. Every number is finite.
* A tile or card is described by its printing (terrains, symbols, meadow effect; cost and
  points), so a policy generalises between alike components; the "tiles" and "buildings"
  blocks also say where each component lies by id, which ties a decision text such as
  "claim T44" or "reserve B12" to the numbers and counts what is still unseen.
* Not encoded: the legal actions (the action mask carries them), colours and ids as text.

Layout (``layout(players, options)``; p = players; the sizes depend only on p and on the
component tables of the ``components`` option, never on the position)
-----------------------------------------------------------------------------------------------
Scales, from the component data: ``BOX[k]`` the box's count of resource k, ``SYM`` the most
symbols of one kind on one tile or printed space, ``WH`` the most warehouses on one, ``S`` the
river spaces (12), ``PIONEERS`` (5), ``COST`` the dearest single-kind cost of a card, ``PTS`` the
most points of a card, ``TOK`` the highest token value, ``FRAMED`` the most framed spaces on a
river board (4).

"step" (10)            one-hot: the step being decided (``view["step"]``, ``STAGE_NAMES`` order).
"turn" (2 + 3p + 1)    round / round_limit option; end triggered (0/1); whose turn, one-hot over
                       relative seats 0..p-1 plus a last cell for "game over"; the first-player
                       pawn's holder, one-hot over relative seats; the opening player (who held
                       the pawn in round 1), one-hot over relative seats.
"islands" (4)          wood, stone, clay, food on the islands, each / BOX[k].
"piles" (7)            terrain stack, terrain discard and tiles removed at setup, each / number
                       of tiles; building deck / number of cards; left and right token piles
                       / number of tokens; the value of the left pile's next token / TOK.
"token values" (V)     per distinct token value (ascending): how many of that value are in the
                       left pile / how many the box has.
"tokens out of play" (V)  per distinct token value: how many of that value are out of play (a
                       2-player game's tokens without 2 dots) / how many the box has.
"spots" (M * (1 + p))  per single main-board spot (the union of both board sides, data order):
                       one-hot [free, taken by relative seat 0..p-1]; all 0 for a spot the
                       side in play lacks.
"unlimited spots" (U * p)  per spot that takes any number (the union of both sides, data
                       order: terrain, construct): each relative seat's pioneers there
                       / PIONEERS.
"terrain display" (D * 18)  per display slot (D = the option's display size for p, at least
                       p + 1 for the setup display), in view order, a tile's printing
                       ``TILE``: present; terrains (5, multi-hot: desert, badlands, forest,
                       meadow, mountains); meadow effect (8, one-hot, ``MEADOW_EFFECTS`` order);
                       wood, stone, clay symbols / SYM; warehouses / WH. Empty slots are 0.
"building display" (B * 5)  per card slot, a card ``CARD``: present; wood, stone, clay cost
                       / COST; points / PTS.
"decision" (17)        the building being paid for: present, what is left to pay of wood,
                       stone, clay / COST, reserved (0/1), its points / PTS; trade resources
                       still to return / trade cost; resources still to choose / 2 (a meadow
                       gives two); new resources waiting to be stored, and resources off a
                       covered warehouse waiting to be moved, 4 each / BOX[k]; the turn goes
                       on after storing (0/1: a trade's food, before the pioneer is placed).
"swap first" (S)       one-hot of the river space chosen first in a swap (while the second is
                       chosen).
"prelim order" (p * p) the seats still to pick a starting tile, in order: per place 1..p, one-hot
                       of its relative seat (places past the last seat still to pick are 0).
"covering tile" (18)   ``TILE`` of the tile whose placing covered a warehouse's resources, while
                       they are moved (its meadow follows); 0 otherwise.
"tiles" (T * (3 + p))  per tile by id (data order): one-hot [terrain display, discard,
                       removed at setup, on the river of relative seat 0..p-1]; all 0 while
                       unseen in the stack.
"buildings" (C * (1 + 2p))  per card by id: one-hot [display, reserved by relative seat 0..p-1,
                       built by relative seat 0..p-1]; all 0 while in the deck.
Then per seat, own first, then "other 1" .. "other p-1":
"<seat> river" (S * 23)  per river space in river order: the visible ``TILE`` (a tile there,
                       else the board's printing: present 0, no terrain or meadow, printed
                       symbols / SYM, printed warehouses / WH); framed (0/1); stored wood,
                       stone, clay, food / WH.
"<seat> supplies" (22 + 5 * R)  resources 4 / BOX[k]; warehouses and free warehouses
                       / (S * WH); production of wood, stone, clay / (S * SYM); pioneers on the
                       boat, on the board, settled / PIONEERS; the pioneer still on its token
                       spot (0/1); tiles claimed this round / (claims a round + extra-claim
                       meadows); kept extra claims / extra-claim meadows; kept discounts
                       / discount meadows; reserved cards / R (R = most reserved at once); each
                       reserved card slot as ``CARD``; buildings built / number of cards;
                       tokens / token spots; token points / the most tokens can be worth;
                       pioneers set aside this round / PIONEERS; framed spaces covered this
                       round (each settles a pioneer at cleanup) / FRAMED.
"<seat> points" (6)    points so far / POINT_SCALE: buildings, tokens, columns, meadows,
                       leftover resources (as the ``resource_points`` option counts them), and
                       the total (the final score once the game is over).

With the built-in components the vector has 1355 numbers at 2 players, 1862 at 3, 2366 at 4.
"""

from __future__ import annotations

import struct
from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from upriver.games.the_river import scoring, storage
from upriver.games.the_river.components import MEADOW_EFFECTS, RESOURCES, TERRAINS, load
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

POINT_SCALE = 100.0  # points have no useful maximum: a scale, not a bound
CHOOSE_MAX = 2  # the "two resources" meadow asks for two (turns.resolve_meadow_then)
TILE_WIDTH = 1 + len(TERRAINS) + len(MEADOW_EFFECTS) + 3 + 1
CARD_WIDTH = 5
SPACE_WIDTH = TILE_WIDTH + 1 + 4
DECISION_WIDTH = 17
POINTS_WIDTH = 6
STEP_INDEX = {name: i for i, name in enumerate(STAGE_NAMES)}
ZERO4 = (0.0, 0.0, 0.0, 0.0)
NO_TILE_HEAD = (0.0,) * (1 + len(TERRAINS) + len(MEADOW_EFFECTS))
NO_CARD = (0.0,) * CARD_WIDTH
NO_TILE = (0.0,) * TILE_WIDTH


@dataclass(frozen=True)
class Tables:
    """What the component data fixes: sizes, scales and each component's numbers by id."""

    tiles: int
    buildings: int
    tokens: int
    spaces: int
    tile_index: dict[str, int]
    tile_numbers: dict[str, tuple[float, ...]]  # id -> TILE
    card_index: dict[str, int]
    card_numbers: dict[str, tuple[float, ...]]  # id -> CARD
    card_points: dict[str, int]
    spot_ids: tuple[str, ...]  # single spots, both sides
    unlimited_ids: tuple[str, ...]  # spots that take any number, both sides
    token_values: tuple[int, ...]  # distinct, ascending
    token_value_count: dict[int, int]
    terrain_display: dict[int, int]
    building_display: dict[int, int]
    box: tuple[float, float, float, float]
    sym: float
    wh: float
    cost: float
    pts: float
    tok: float
    pioneers: float
    claims: float
    extra_claims: float
    discounts: float
    reserved: int
    token_spots: float
    token_points: float
    trade_cost: float
    framed: float
    # The same numbers by index, as the state holds components (``encode_state``).
    tile_rows: tuple[tuple[float, ...], ...]
    card_rows: tuple[tuple[float, ...], ...]
    card_points_at: tuple[int, ...]
    token_value_at: tuple[int, ...]


@lru_cache(maxsize=16)
def _doubles(n: int) -> struct.Struct:
    """The packer of ``n`` doubles (one per observation size)."""
    return struct.Struct(f"{n}d")


def _positive(x: float) -> float:
    """A divisor that is never 0 (a custom component file may lack a kind entirely)."""
    return float(x) if x > 0 else 1.0


@lru_cache(maxsize=8)
def tables(components: str = "") -> Tables:
    comp = load(components)
    sym = max([max(t.production) for t in comp.tiles]
              + [max(p) for b in comp.boards.values() for p in b.production])
    wh = max([t.warehouses for t in comp.tiles]
             + [w for b in comp.boards.values() for w in b.warehouses])
    cost = max(max(b.cost) for b in comp.buildings)
    pts = max(b.points for b in comp.buildings)
    tok = max(comp.token_values)
    tile_numbers: dict[str, tuple[float, ...]] = {}
    for t in comp.tiles:
        terrains = tuple(1.0 if k in t.terrains else 0.0 for k in range(len(TERRAINS)))
        meadow = tuple(1.0 if t.meadow == e else 0.0 for e in MEADOW_EFFECTS)
        prod = tuple(x / _positive(sym) for x in t.production)
        tile_numbers[t.id] = (1.0, *terrains, *meadow, *prod, t.warehouses / _positive(wh))
    card_numbers = {b.id: (1.0, *(c / _positive(cost) for c in b.cost), b.points / _positive(pts))
                    for b in comp.buildings}
    spot_ids: list[str] = []
    unlimited_ids: list[str] = []
    for side in ("34", "2"):
        for spot in comp.spots[side]:
            ids = unlimited_ids if spot.unlimited else spot_ids
            if spot.id not in ids:
                ids.append(spot.id)
    count: dict[int, int] = {}
    for v in comp.token_values:
        count[v] = count.get(v, 0) + 1
    spots = max(b.token_spots for b in comp.boards.values())
    extra = sum(1 for t in comp.tiles if t.meadow == "extra claim")
    return Tables(
        tiles=len(comp.tiles),
        buildings=len(comp.buildings),
        tokens=len(comp.token_values),
        spaces=comp.river_spaces,
        tile_index={t.id: i for i, t in enumerate(comp.tiles)},
        tile_numbers=tile_numbers,
        card_index={b.id: i for i, b in enumerate(comp.buildings)},
        card_numbers=card_numbers,
        card_points={b.id: b.points for b in comp.buildings},
        spot_ids=tuple(spot_ids),
        unlimited_ids=tuple(unlimited_ids),
        token_values=tuple(sorted(count)),
        token_value_count=count,
        terrain_display=dict(comp.terrain_display),
        building_display=dict(comp.building_display),
        box=(_positive(comp.box[0]), _positive(comp.box[1]), _positive(comp.box[2]),
             _positive(comp.box[3])),
        sym=_positive(sym),
        wh=_positive(wh),
        cost=_positive(cost),
        pts=_positive(pts),
        tok=_positive(tok),
        pioneers=_positive(comp.pioneers),
        claims=_positive(comp.claims_per_round + extra),
        extra_claims=_positive(extra),
        discounts=_positive(sum(1 for t in comp.tiles if t.meadow == "discount")),
        reserved=comp.max_reserved,
        token_spots=_positive(spots),
        token_points=_positive(sum(sorted(comp.token_values, reverse=True)[:spots])),
        trade_cost=_positive(comp.trade_cost),
        framed=_positive(max(len(b.framed) for b in comp.boards.values())),
        tile_rows=tuple(tile_numbers[t.id] for t in comp.tiles),
        card_rows=tuple(card_numbers[b.id] for b in comp.buildings),
        card_points_at=tuple(b.points for b in comp.buildings),
        token_value_at=tuple(comp.token_values),
    )


def _tables(options: dict[str, Any]) -> Tables:
    return tables(str(options.get("components", "")))


def _display_slots(tab: Tables, players: int) -> int:
    # The setup display shows p + 1 tiles; the island's own size is 2p + 1 by default.
    return max(tab.terrain_display.get(players, 0), players + 1)


def seat_names(players: int) -> list[str]:
    """The seats as the layout names them: the observer, then the others in turn order."""
    return ["own"] + [f"other {k}" for k in range(1, players)]


def layout(players: int, options: dict[str, Any]) -> list[tuple[str, int]]:
    tab = _tables(options)
    p = players
    out = [
        ("step", len(STAGE_NAMES)),
        ("turn", 2 + 3 * p + 1),
        ("islands", 4),
        ("piles", 7),
        ("token values", len(tab.token_values)),
        ("tokens out of play", len(tab.token_values)),
        ("spots", len(tab.spot_ids) * (1 + p)),
        ("unlimited spots", len(tab.unlimited_ids) * p),
        ("terrain display", _display_slots(tab, p) * TILE_WIDTH),
        ("building display", tab.building_display.get(p, 0) * CARD_WIDTH),
        ("decision", DECISION_WIDTH),
        ("swap first", tab.spaces),
        ("prelim order", p * p),
        ("covering tile", TILE_WIDTH),
        ("tiles", tab.tiles * (3 + p)),
        ("buildings", tab.buildings * (1 + 2 * p)),
    ]
    for who in seat_names(p):
        out += [(f"{who} river", tab.spaces * SPACE_WIDTH),
                (f"{who} supplies", 22 + CARD_WIDTH * tab.reserved),
                (f"{who} points", POINTS_WIDTH)]
    return out


def _one_hot(width: int, index: int) -> list[float]:
    cells = [0.0] * width
    if 0 <= index < width:
        cells[index] = 1.0
    return cells


def _counts(d: dict[str, int], box: tuple[float, float, float, float]) -> list[float]:
    return [d.get(name, 0) / box[k] for k, name in enumerate(RESOURCES)]


def encode(view: dict[str, Any], players: int, options: dict[str, Any]) -> list[float]:
    if view.get("game") != "the-river":
        raise ValueError("not a view of The River")
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        raise ValueError("a spectator's view has no seat to encode from")
    seats = view["players"]
    p = players
    if len(seats) != p:
        raise ValueError(f"the view has {len(seats)} seats, not {p}")
    tab = _tables(options)
    box = tab.box

    def rel(seat: int) -> int:
        return (seat - viewer) % p

    out: list[float] = _one_hot(len(STAGE_NAMES), STEP_INDEX.get(view["step"], -1))

    # turn
    out.append(view["round"] / _positive(float(options.get("round_limit", 50))))
    out.append(1.0 if view["end_triggered"] else 0.0)
    to_move = view["to_move"]
    out += _one_hot(p + 1, p if to_move is None else rel(to_move))
    out += _one_hot(p, rel(view["first_player"]))
    out += _one_hot(p, rel(view["opening_player"]))

    out += _counts(view["islands"], box)

    piles = view["token_piles"]
    left = piles["left"]
    out += (view["terrain_stack"] / tab.tiles, len(view["terrain_discard"]) / tab.tiles,
            len(view["terrain_removed"]) / tab.tiles, view["building_deck"] / tab.buildings,
            len(left) / tab.tokens, piles["right"] / tab.tokens,
            left[0] / tab.tok if left else 0.0)
    in_left: dict[int, int] = {}
    for v in left:
        in_left[v] = in_left.get(v, 0) + 1
    out += [in_left.get(v, 0) / tab.token_value_count[v] for v in tab.token_values]
    out_of_play: dict[int, int] = {}
    for v in view["tokens_out_of_play"]:
        out_of_play[v] = out_of_play.get(v, 0) + 1
    out += [out_of_play.get(v, 0) / tab.token_value_count[v] for v in tab.token_values]

    spots = view["spots"]
    for spot in tab.spot_ids:
        if spot not in spots:
            out += [0.0] * (1 + p)
        else:
            occupant = spots[spot]
            out += _one_hot(1 + p, 0 if occupant is None else 1 + rel(occupant))
    crowds = view["unlimited_spots"]
    for spot in tab.unlimited_ids:
        cells = [0.0] * p
        for seat, n in enumerate(crowds.get(spot, ())):
            cells[rel(seat)] = n / tab.pioneers
        out += cells

    # the terrain display, slot by slot
    slots = _display_slots(tab, p)
    display = view["terrain_display"]
    if len(display) > slots:
        raise ValueError(f"{len(display)} display tiles, the layout has {slots} slots")
    for tile in display:
        out += tab.tile_numbers[tile["id"]]
    out += [0.0] * (TILE_WIDTH * (slots - len(display)))

    cards = view["building_display"]
    if len(cards) != tab.building_display.get(p, 0):
        raise ValueError(f"{len(cards)} building slots, the layout has a different number")
    for card in cards:
        out += NO_CARD if card is None else tab.card_numbers[card["id"]]

    # what is being asked beyond the step itself
    paying = view.get("paying")
    if paying is None:
        out += (0.0,) * 6
    else:
        owed = paying["left"]
        out += (1.0, owed["wood"] / tab.cost, owed["stone"] / tab.cost, owed["clay"] / tab.cost,
                1.0 if paying["reserved"] else 0.0,
                tab.card_points[paying["building"]] / tab.pts)
    out.append(view.get("trade_left", 0) / tab.trade_cost)
    out.append(view.get("choose_left", 0) / CHOOSE_MAX)
    pending = view.get("pending")
    out += ZERO4 if pending is None else _counts(pending, box)
    covered = view.get("covered")
    out += ZERO4 if covered is None else _counts(covered, box)
    out.append(1.0 if view.get("turn_goes_on") else 0.0)
    swap_first = view.get("swap_first")
    out += _one_hot(tab.spaces, -1 if swap_first is None else swap_first - 1)
    order = [0.0] * (p * p)
    for place, seat in enumerate(view.get("prelim_order", ())):
        order[place * p + rel(seat)] = 1.0
    out += order
    covering = view.get("covering_tile")
    out += NO_TILE if covering is None else tab.tile_numbers[covering]

    # where each tile lies, by id: [display, discard, removed, river of relative seat 0..p-1]
    width = 3 + p
    where = [0.0] * (tab.tiles * width)
    index = tab.tile_index
    for tile in display:
        where[index[tile["id"]] * width] = 1.0
    for tile_id in view["terrain_discard"]:
        where[index[tile_id] * width + 1] = 1.0
    for tile_id in view["terrain_removed"]:
        where[index[tile_id] * width + 2] = 1.0
    for entry in seats:
        column = 3 + rel(entry["seat"])
        for space in entry["river"]:
            tile = space["tile"]
            if tile is not None:
                where[index[tile["id"]] * width + column] = 1.0
    out += where

    # where each building card lies, by id: [display, reserved by 0..p-1, built by 0..p-1]
    width = 1 + 2 * p
    where = [0.0] * (tab.buildings * width)
    index = tab.card_index
    for card in cards:
        if card is not None:
            where[index[card["id"]] * width] = 1.0
    for entry in seats:
        r = rel(entry["seat"])
        for card_id in entry["reserved"]:
            where[index[card_id] * width + 1 + r] = 1.0
        for card_id in entry["built"]:
            where[index[card_id] * width + 1 + p + r] = 1.0
    out += where

    scores = view.get("scores")
    tile_numbers = tab.tile_numbers
    sym = tab.sym
    wh = tab.wh
    board_wh = tab.spaces * wh
    board_sym = tab.spaces * sym
    rule = options.get("resource_points", "none")
    for k in range(p):
        seat = (viewer + k) % p
        entry = seats[seat]
        for space in entry["river"]:
            tile = space["tile"]
            if tile is not None:
                out += tile_numbers[tile["id"]]
            else:
                printed = space["printed"]
                out += NO_TILE_HEAD
                out += (printed.count("wood") / sym, printed.count("stone") / sym,
                        printed.count("clay") / sym, space["warehouses"] / wh)
            out.append(1.0 if space["framed"] else 0.0)
            stored = space["stored"]
            if stored:
                out += (stored.get("wood", 0) / wh, stored.get("stone", 0) / wh,
                        stored.get("clay", 0) / wh, stored.get("food", 0) / wh)
            else:
                out += ZERO4

        res = entry["resources"]
        held = sum(res.values())
        prod = entry["production"]
        out += _counts(res, box)
        out += (entry["warehouses"] / board_wh, (entry["warehouses"] - held) / board_wh,
                prod["wood"] / board_sym, prod["stone"] / board_sym, prod["clay"] / board_sym,
                entry["boat"] / tab.pioneers, entry["pioneers_on_board"] / tab.pioneers,
                entry["settled"] / tab.pioneers,
                1.0 if entry["pioneer_on_token_spot"] else 0.0,
                entry["claims_this_round"] / tab.claims, entry["extra_claims"] / tab.extra_claims,
                entry["meadow_discounts"] / tab.discounts,
                len(entry["reserved"]) / _positive(tab.reserved))
        reserved = entry["reserved"]
        if len(reserved) > tab.reserved:
            raise ValueError(f"{len(reserved)} reserved cards, the layout has {tab.reserved}")
        for card_id in reserved:
            out += tab.card_numbers[card_id]
        out += NO_CARD * (tab.reserved - len(reserved))
        tokens = entry["tokens"]
        token_points = sum(tokens)
        out += (len(entry["built"]) / tab.buildings, len(tokens) / tab.token_spots,
                token_points / tab.token_points, entry["set_aside"] / tab.pioneers,
                entry["framed_covered_this_round"] / tab.framed)

        building_points = sum(tab.card_points[b] for b in entry["built"])
        if rule == "1 per resource":
            leftover = held
        elif rule == "1 per 3 resources":
            leftover = held // 3
        else:
            leftover = 0
        parts = (building_points, token_points, entry["columns"], entry["meadow_points"],
                 leftover)
        total = scores[seat] if scores is not None else sum(parts)
        out += [x / POINT_SCALE for x in parts]
        out.append(total / POINT_SCALE)
    return out


@lru_cache(maxsize=16)
def _spot_places(components: str, side: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each of the layout's single and unlimited spots is among the spots of ``side``
    (-1: that side lacks it)."""
    spots = load(components).spots[side]
    at = {spot.id: i for i, spot in enumerate(spots)}
    tab = tables(components)
    return (tuple(at.get(i, -1) for i in tab.spot_ids),
            tuple(at.get(i, -1) for i in tab.unlimited_ids))


def encode_state(st: State, viewer: int, players: int, options: dict[str, Any]) -> array[float]:
    """``encode(view(st, viewer))`` without the view: the same numbers in the same order, read
    from the state field by field as ``view.view`` shows them to ``viewer``."""
    p = players
    if st.num_players != p:
        raise ValueError(f"the state has {st.num_players} seats, not {p}")
    if not 0 <= viewer < p:
        raise ValueError(f"seat {viewer} does not exist in a {p}-player game")
    components = str(options.get("components", ""))
    tab = tables(components)
    box = tab.box
    cfg = st.cfg
    comp = cfg.comp
    stage = st.stage
    over = stage == OVER
    tile_rows = tab.tile_rows
    card_rows = tab.card_rows
    values = tab.token_value_at

    out: list[float] = _one_hot(len(STAGE_NAMES), stage)

    # turn
    out.append(st.round / _positive(float(options.get("round_limit", 50))))
    out.append(1.0 if st.triggered else 0.0)
    out += _one_hot(p + 1, p if over else (st.seat - viewer) % p)
    out += _one_hot(p, (st.first_player - viewer) % p)
    out += _one_hot(p, (st.opening_player - viewer) % p)

    stock = st.stock
    out += (stock[0] / box[0], stock[1] / box[1], stock[2] / box[2], stock[3] / box[3])

    left = st.left_pile
    out += (len(st.stack) / tab.tiles, len(st.tile_discard) / tab.tiles,
            len(st.tiles_out) / tab.tiles, len(st.deck) / tab.buildings,
            len(left) / tab.tokens, len(st.right_pile) / tab.tokens,
            values[left[-1]] / tab.tok if left else 0.0)  # the view lists the pile top first
    in_left: dict[int, int] = {}
    for t in left:
        v = values[t]
        in_left[v] = in_left.get(v, 0) + 1
    out += [in_left.get(v, 0) / tab.token_value_count[v] for v in tab.token_values]
    out_of_play: dict[int, int] = {}
    for t in st.tokens_out:
        v = values[t]
        out_of_play[v] = out_of_play.get(v, 0) + 1
    out += [out_of_play.get(v, 0) / tab.token_value_count[v] for v in tab.token_values]

    singles, unlimited = _spot_places(components, cfg.side)
    spot_occ = st.spot_occ
    for i in singles:
        if i < 0:
            out += [0.0] * (1 + p)
        else:
            occupant = spot_occ[i]
            out += _one_hot(1 + p, 0 if occupant < 0 else 1 + (occupant - viewer) % p)
    for i in unlimited:
        cells = [0.0] * p
        if i >= 0:
            for seat in range(p):
                cells[(seat - viewer) % p] = st.crowd_at(i, seat) / tab.pioneers
        out += cells

    slots = _display_slots(tab, p)
    if len(st.display) > slots:
        raise ValueError(f"{len(st.display)} display tiles, the layout has {slots} slots")
    for t in st.display:
        out += tile_rows[t]
    out += [0.0] * (TILE_WIDTH * (slots - len(st.display)))
    if len(st.bdisplay) != tab.building_display.get(p, 0):
        raise ValueError(f"{len(st.bdisplay)} building slots, the layout has a different number")
    for b in st.bdisplay:
        out += NO_CARD if b < 0 else card_rows[b]

    # what is being asked beyond the step itself
    if stage == PAY:
        owed = st.pay_left
        out += (1.0, owed[0] / tab.cost, owed[1] / tab.cost, owed[2] / tab.cost,
                1.0 if st.pay_reserved else 0.0, tab.card_points_at[st.pay_building] / tab.pts)
    else:
        out += (0.0,) * 6
    out.append((st.trade_left if stage == TRADE else 0) / tab.trade_cost)
    out.append((st.choose_left if stage == CHOOSE else 0) / CHOOSE_MAX)
    pending = st.pending
    waiting = not over and any(pending)
    moved = (pending[0] / box[0], pending[1] / box[1], pending[2] / box[2],
             pending[3] / box[3])
    out += moved if waiting and stage != COVER else ZERO4
    out += moved if waiting and stage == COVER else ZERO4
    out.append(1.0 if stage == STORE and st.resume_turn else 0.0)
    out += _one_hot(tab.spaces, st.swap_first if stage == SWAP_B else -1)
    order = [0.0] * (p * p)
    if not over:
        for place, seat in enumerate(st.prelim_order):
            order[place * p + (seat - viewer) % p] = 1.0
    out += order
    out += tile_rows[st.cover_tile] if stage == COVER else NO_TILE

    # where each tile lies, by index: [display, discard, removed, river of relative seat ..]
    n = comp.river_spaces
    river = st.river
    width = 3 + p
    where = [0.0] * (tab.tiles * width)
    for t in st.display:
        where[t * width] = 1.0
    for t in st.tile_discard:
        where[t * width + 1] = 1.0
    for t in st.tiles_out:
        where[t * width + 2] = 1.0
    for seat in range(p):
        column = 3 + (seat - viewer) % p
        for k in range(seat * n, seat * n + n):
            t = river[k]
            if t >= 0:
                where[t * width + column] = 1.0
    out += where

    # where each building card lies: [display, reserved by 0..p-1, built by 0..p-1]
    width = 1 + 2 * p
    where = [0.0] * (tab.buildings * width)
    for b in st.bdisplay:
        if b >= 0:
            where[b * width] = 1.0
    for seat in range(p):
        r = (seat - viewer) % p
        for b in st.reserved[seat]:
            where[b * width + 1 + r] = 1.0
        for b in st.built[seat]:
            where[b * width + 1 + p + r] = 1.0
    out += where

    scores = scoring.scores(st) if over else None
    sym = tab.sym
    wh = tab.wh
    board_wh = tab.spaces * wh
    board_sym = tab.spaces * sym
    rule = options.get("resource_points", "none")
    stored = st.stored
    for k in range(p):
        seat = (viewer + k) % p
        board = cfg.boards[seat]
        for space in range(n):
            t = river[seat * n + space]
            if t >= 0:
                out += tile_rows[t]
            else:
                printed = board.production[space]
                out += NO_TILE_HEAD
                out += (printed[0] / sym, printed[1] / sym, printed[2] / sym,
                        storage.slots(st, seat, space) / wh)
            out.append(1.0 if space in board.framed else 0.0)
            i = (seat * n + space) * 4
            out += (stored[i] / wh, stored[i + 1] / wh, stored[i + 2] / wh, stored[i + 3] / wh)

        i = seat * 4
        res = st.res[i : i + 4]
        held = sum(res)
        warehouses = st.capacity(seat)
        out += (res[0] / box[0], res[1] / box[1], res[2] / box[2], res[3] / box[3])
        out += (warehouses / board_wh, (warehouses - held) / board_wh,
                st.production(seat, 0) / board_sym, st.production(seat, 1) / board_sym,
                st.production(seat, 2) / board_sym,
                st.boat[seat] / tab.pioneers, st.on_board[seat] / tab.pioneers,
                st.settled[seat] / tab.pioneers,
                1.0 if st.token_pioneer[seat] else 0.0,
                st.claims[seat] / tab.claims, st.extra_claims[seat] / tab.extra_claims,
                st.discounts[seat] / tab.discounts,
                len(st.reserved[seat]) / _positive(tab.reserved))
        reserved = st.reserved[seat]
        if len(reserved) > tab.reserved:
            raise ValueError(f"{len(reserved)} reserved cards, the layout has {tab.reserved}")
        for b in reserved:
            out += card_rows[b]
        out += NO_CARD * (tab.reserved - len(reserved))
        tokens = st.tokens[seat]
        token_points = sum(values[t] for t in tokens)
        out += (len(st.built[seat]) / tab.buildings, len(tokens) / tab.token_spots,
                token_points / tab.token_points, st.crowd_at(len(cfg.spots), seat) / tab.pioneers,
                st.framed_new[seat] / tab.framed)

        building_points = sum(tab.card_points_at[b] for b in st.built[seat])
        if rule == "1 per resource":
            leftover = held
        elif rule == "1 per 3 resources":
            leftover = held // 3
        else:
            leftover = 0
        parts = (building_points, token_points, scoring.column_points(st, seat),
                 scoring.meadow_points(st, seat), leftover)
        total = scores[seat] if scores is not None else sum(parts)
        out += [x / POINT_SCALE for x in parts]
        out.append(total / POINT_SCALE)
    # Packed as doubles at once: numpy then reads the buffer as is (rl.surface), and the
    # list is built by the appends the compiled build makes fast.
    return array("d", _doubles(len(out)).pack(*out))
