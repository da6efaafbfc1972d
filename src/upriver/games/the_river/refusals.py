"""Why a move The River names is not legal now: the rule that forbids it, in one short line
(``Game.why_not``, issue 29).

``why_not(st, text)`` reads a text of the catalogue (``catalogue``), finds the first rule that
forbids it in ``st`` and says it as a lowercase clause naming the pieces involved, or returns
``None`` where it cannot tell. It only reads ``st``: it changes nothing and draws no randomness.
Each check repeats one made by the functions that list the legal decisions (``stages``,
``turns``, ``storage``, ``terrain``), so a reason is true in the position it is given for.

The rulebook is ``shared/rules/003_84d9a36fa9977324.txt``; ids are those of
``shared/rules/checklists/the-river-003.md``. Which reason wins: first the decision under way
(what the seat must finish, or that the step a text belongs to is not under way), then the rule
that closes the whole action (a taken spot, a full board, the claim limit, no warehouse), then
the one about the piece the text names (a tile, a card, a resource, a place). The reasons:

- The preliminary turn: a starting tile first; afterwards no more starting tiles; only a tile
  among the setup tiles [RV-PRELIM-01, -04].
- A decision under way is finished first: a trade's returns, storing, the meadow's choice, the
  payment, the swap's two tiles, the covered resources; once the pioneer is placed the turn
  takes no other action and no trade [RV-TURN-02, RV-TRADE-01, RV-PLACE-03].
- A taken single spot is closed to every other pioneer [RV-PLACE-02, RV-PLACE-04..09].
- Trading needs 3 resources and a food on the food island [RV-TRADE-02..04]; each return names a
  resource held, at a place that holds it [RV-TRADE-02, RV-RULING-12, -15].
- Claiming: not with 12 tiles or after 2 claims this round (a kept meadow allows one more), and
  only a tile on the terrain island [RV-TERRAIN-01, -07, -08, RV-RULING-05].
- Producing and the food island need a warehouse [RV-RULING-14] and at least 1 resource to take
  [RV-PRODUCE-01..04]; the food island gives food, and another resource only while it is empty
  [RV-PRODUCE-11, -12].
- Reserving: at most 2 reserved cards, and only a card on the display [RV-RESERVE-01..03].
- Constructing: a display card or your own reserved card that you can afford, food being wild
  and a reserved card 1 cheaper [RV-BUILD-01..04, RV-PRODUCE-10, RV-RULING-05].
- Swapping needs 2 tiles on your board, and moves no tile onto an empty space
  [RV-SWAP-01, -04].
- A pioneer is set aside only when no spot can be used [RV-RULING-10, RV-TURN-03].
- Storing: each resource on a free warehouse, one kind at a time; forfeiting and returning only
  while something does not fit, never returning a kind that is among the new ones
  [RV-PRODUCE-05..08, RV-RULING-13, -15].
- Covered resources move to free warehouses and are lost only when they do not fit; nothing
  else is returned for them [RV-TERRAIN-05, -06].
- A meadow's two resources come from islands that hold them [RV-RULING-05].
- Paying: only what the card still costs, with a resource you hold or food, from a place that
  holds it; the reserved card's and the meadow's waivers once each; the reserved card's last
  resource is the one waived; no step that leaves the rest unpayable [RV-BUILD-02, -03,
  RV-PRODUCE-10, RV-RULING-05].
"""

from __future__ import annotations

import re
from typing import Final

from upriver.games.the_river import stages
from upriver.games.the_river.components import ACTIONS, FOOD, RESOURCES
from upriver.games.the_river.state import (
    CHOOSE,
    COVER,
    OVER,
    PAY,
    PRELIM,
    STORE,
    SWAP_A,
    SWAP_B,
    TRADE,
    TURN,
    State,
)
from upriver.games.the_river.storage import TILE, free_places, places_holding

_R = "(wood|stone|clay|food)"
_P = "(wood|stone|clay)"  # a building's cost and production are in these three
_FROM = r"(?: from space (\d+))?"

# Each text pattern of the catalogue, the kind of decision it names, and the stage that offers
# it ("store" is offered while storing new resources and while moving covered ones).
PATTERNS: Final = tuple((kind, re.compile(pattern), stage) for kind, pattern, stage in (
    ("prelim", r"take starting tile (\S+)", PRELIM),
    ("trade", r"trade (\d+) resources for 1 food", TURN),
    ("trade return", rf"trade: return {_R}{_FROM}", TRADE),
    ("claim", r"claim (\S+)", TURN),
    ("produce", rf"produce {_P}", TURN),
    ("food", r"take food", TURN),
    ("food island", rf"take {_P} from the food island", TURN),
    ("reserve", r"reserve (\S+)", TURN),
    ("construct reserved", r"construct reserved (\S+)", TURN),
    ("construct", r"construct (\S+)", TURN),
    ("first", r"take the first player pawn", TURN),
    ("swap", r"swap two tiles", TURN),
    ("swap a", r"swap: space (\d+)", SWAP_A),
    ("swap b", r"swap space (\d+) with space (\d+)", SWAP_B),
    ("aside", r"set a pioneer aside", TURN),
    ("store", rf"store {_R} on (?:a tile|space (\d+))", STORE),
    ("forfeit", rf"forfeit {_R}", STORE),
    ("return stored", rf"return stored {_R}{_FROM}", STORE),
    ("lose", rf"lose covered {_R}", COVER),
    ("meadow", rf"meadow: take {_R}", CHOOSE),
    ("pay food", rf"pay food for {_P}{_FROM}", PAY),
    ("pay", rf"pay {_P}{_FROM}", PAY),
    ("waive reserved", rf"waive {_P} \(reserved card\)", PAY),
    ("waive meadow", rf"waive {_P} \(meadow\)", PAY),
))

# What the spots of each action are called at the table.
SPOT_NAMES: Final = {"claim": "terrain island", "construct": "construct", "wood": "wood island",
                     "stone": "stone island", "clay": "clay island", "food": "food island",
                     "reserve": "reserve", "first": "first player", "swap": "swap"}
PRELIM_FIRST: Final = "it is the preliminary turn: each player takes a starting tile first"


class _Reason(Exception):
    """The first rule found that forbids the move: raised by the checks, caught once."""


class _Unknown(Exception):
    """The text names something this game's components do not have: no reason to give."""


def why_not(st: State, text: str) -> str | None:
    """The rule that forbids ``text`` for the seat to move in ``st``, or ``None`` where it
    cannot tell (a text outside the catalogue, a legal one, the game over)."""
    if st.stage == OVER:
        return None
    for kind, pattern, stage in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            try:
                _check(st, kind, stage, match.groups())
            except _Reason as reason:
                return str(reason)
            return None
    return None



# ---------------------------------------------------------------- small words


def _who(st: State, seat: int) -> str:
    return "you" if seat == st.seat else f"seat {seat}"


def _n(count: int, kind: int) -> str:
    return f"{count} {RESOURCES[kind]}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _kind(word: str | None) -> int:
    return RESOURCES.index(word) if word else -1


def _space(st: State, word: str | None) -> int:
    """A river space named in a text, 0-based; TILE when none is named (the tiles' warehouses);
    a number off the board is no move of this game."""
    if word is None:
        return TILE
    space = int(word) - 1
    if not 0 <= space < st.cfg.comp.river_spaces:
        raise _Unknown
    return space


# ---------------------------------------------------------------- the decision under way


def _post_placement(st: State) -> bool:
    """Whether the seat to move has placed its pioneer this turn: every step but a trade (and
    the storing of its food) follows a placement (RV-TURN-02)."""
    return not (st.stage == TRADE or (st.stage == STORE and st.resume_turn))


def _overflow(st: State) -> bool:
    """New or covered resources waiting that do not all fit in the free warehouses."""
    return st.held(st.seat) + sum(st.pending) > st.capacity(st.seat)


def _busy(st: State) -> str:
    """What the seat to move must finish now, as a clause."""
    stage = st.stage
    if stage == TRADE:
        return f"a trade is under way: return {_plural(st.trade_left, 'more resource')} first"
    if stage == STORE:
        if st.resume_turn:
            return "the food of your trade must be stored first"
        return "the new resources must be stored first"
    if stage == CHOOSE:
        return f"choose the meadow's {_plural(st.choose_left, 'resource')} first"
    if stage == PAY:
        return f"finish paying for {st.cfg.comp.buildings[st.pay_building].id} first"
    if stage == SWAP_A:
        return "choose the first tile of the swap first"
    if stage == SWAP_B:
        return "choose the second tile of the swap first"
    return "the covered resources must be moved or lost first"  # COVER


def _not_under_way(st: State, kind: str) -> str:
    """Why a step's decision is refused while that step is not under way."""
    if kind == "trade return":
        return "no trade is under way"
    if kind in ("store", "forfeit", "return stored"):
        return "no new resource is waiting to be stored"
    if kind == "lose":
        return "no covered resource is waiting to be moved"
    if kind == "meadow":
        return "no meadow is giving resources to choose"
    if kind == "swap b" and st.stage == SWAP_A:
        return "choose the first tile of the swap first"
    if kind in ("swap a", "swap b"):
        return "no swap is under way"
    return "no building is being paid for"  # pay, pay food, waive ...


def _check_stage(st: State, kind: str, stage: int) -> None:
    """Refuse a decision of a step other than the one under way [RV-PRELIM-01, RV-TURN-02,
    RV-TRADE-01]."""
    now = st.stage
    if now == stage or (kind == "store" and now == COVER):
        return
    in_setup = bool(st.prelim_order)
    if kind == "prelim":
        if in_setup:  # a starting tile's own storing or meadow is under way
            raise _Reason("each player takes one starting tile, and you have yours")
        raise _Reason("the preliminary turn is over: starting tiles are taken before round 1")
    if now == PRELIM or (in_setup and stage in (TURN, TRADE, PAY, SWAP_A, SWAP_B)):
        raise _Reason(PRELIM_FIRST)
    if stage != TURN:
        if kind == "swap a" and now == SWAP_B:
            raise _Reason(f"the swap's first tile is chosen (space {st.swap_first + 1}): "
                          "choose the second")
        if kind in ("forfeit", "return stored") and now == COVER:
            if _overflow(st):
                raise _Reason("the waiting resources were covered: choose which are lost, and "
                              "no stored resource is returned for them")
            raise _Reason("the covered resources all fit in your free warehouses")
        if (kind == "meadow" and now == COVER) or (
                kind in ("forfeit", "return stored", "store") and now == CHOOSE):
            raise _Reason(_busy(st))  # the same placement's next step: it may still come
        raise _Reason(_not_under_way(st, kind))
    if _post_placement(st):
        if kind == "trade":
            raise _Reason("trading comes before placing a pioneer, and you have placed yours "
                          "this turn")
        raise _Reason(f"you have placed your pioneer this turn: {_busy(st)}")
    raise _Reason(_busy(st))


# ---------------------------------------------------------------- the checks


def _check(st: State, kind: str, stage: int, groups: tuple[str | None, ...]) -> None:
    try:
        _check_stage(st, kind, stage)
        if kind in ("prelim", "claim"):
            _check_tile(st, kind, groups[0] or "")
        elif kind == "trade":
            _check_trade(st, int(groups[0] or 0))
        elif kind == "trade return":
            _check_source(st, _kind(groups[0]), _space(st, groups[1]))
        elif kind in ("produce", "food", "food island"):
            _check_island(st, kind, _kind(groups[0]) if groups else FOOD)
        elif kind in ("reserve", "construct", "construct reserved"):
            _check_card(st, kind, groups[0] or "")
        elif kind == "first":
            _check_spot(st, "first")
        elif kind == "swap":
            _check_swap(st)
        elif kind in ("swap a", "swap b"):
            _check_swap_tiles(st, kind, groups)
        elif kind == "aside":
            _check_aside(st)
        elif kind in ("store", "forfeit", "return stored", "lose"):
            _check_store(st, kind, _kind(groups[0]), groups[1] if len(groups) > 1 else None)
        elif kind == "meadow":
            _check_stock(st, _kind(groups[0]))
        else:
            _check_pay(st, kind, _kind(groups[0]), groups[1] if len(groups) > 1 else None)
    except _Unknown:
        return


def _check_spot(st: State, action: str) -> None:
    """A single spot holding a pioneer is closed until cleanup [RV-PLACE-02]; an unlimited spot
    is always open (as ``turns._free_spot`` reads them)."""
    spots = st.cfg.spots_of[ACTIONS.index(action)]
    name = SPOT_NAMES[action]
    if not spots:
        raise _Reason(f"this side of the main board has no {name} spot")
    if any(unlimited or st.spot_occ[i] < 0 for i, unlimited in spots):
        return
    seats = [_who(st, st.spot_occ[i]) for i, _ in spots]
    if len(seats) == 1:
        raise _Reason(f"the {name} spot is taken by {seats[0]} this round")
    every = "both" if len(seats) == 2 else f"all {len(seats)}"
    raise _Reason(f"{every} {name} spots are taken this round (by {_join(seats)})")


def _tile_index(st: State, name: str) -> int:
    for i, tile in enumerate(st.cfg.comp.tiles):
        if tile.id == name:
            return i
    raise _Unknown


def _check_tile(st: State, kind: str, name: str) -> None:
    """A starting tile among the setup tiles [RV-PRELIM-01]; a claim needs a free board space,
    a claim left this round and the tile on the terrain island [RV-TERRAIN-01, -07, -08]."""
    tile = _tile_index(st, name)
    comp = st.cfg.comp
    seat = st.seat
    if kind == "claim":
        _check_spot(st, "claim")
        if st.tiles_placed(seat) >= comp.river_spaces:
            raise _Reason(f"your river board is complete ({comp.river_spaces} tiles)")
        if st.claims[seat] >= comp.claims_per_round and st.extra_claims[seat] <= 0:
            raise _Reason(f"you have claimed {_plural(st.claims[seat], 'tile')} this round, "
                          f"the most a player may")
        if not st.display:
            raise _Reason("the terrain island is empty")
    if tile in st.display:
        return
    n = comp.river_spaces
    for owner in range(st.num_players):
        if tile in st.river[owner * n : owner * n + n]:
            board = "your" if owner == seat else f"seat {owner}'s"
            raise _Reason(f"{name} is already on {board} river board")
    if kind == "prelim":
        raise _Reason(f"{name} is not among the starting tiles")
    raise _Reason(f"{name} is not on the terrain island")


def _check_trade(st: State, cost: int) -> None:
    """3 resources for 1 food, while the food island holds one [RV-TRADE-02..04]."""
    comp = st.cfg.comp
    if cost != comp.trade_cost:
        raise _Unknown
    held = st.held(st.seat)
    if held < cost:
        raise _Reason(f"a trade returns {cost} resources and you have {held}")
    if st.stock[FOOD] <= 0:
        raise _Reason("the food island is empty")


def _check_source(st: State, kind: int, place: int) -> None:
    """A resource is taken from a place that holds one: the tiles (unnamed) or a printed space
    [RV-RULING-15; ``storage.sources``]."""
    seat = st.seat
    word = RESOURCES[kind]
    if st.res[seat * 4 + kind] <= 0:
        raise _Reason(f"you have no {word}")
    holding = places_holding(st, seat, kind)
    if place in holding:
        return
    if place == TILE:
        spaces = _join([f"space {p + 1}" for p in holding])
        raise _Reason(f"none of your {word} is on a tile; it is on {spaces}")
    if st.river[seat * st.cfg.comp.river_spaces + place] >= 0:
        raise _Reason(f"space {place + 1} holds a tile: resources on tiles are taken without "
                      f"naming a space")
    if st.cfg.boards[seat].warehouses[place] <= 0:
        raise _Reason(f"space {place + 1} prints no warehouse")
    raise _Reason(f"space {place + 1} holds no {word}")


def _check_storage(st: State) -> None:
    if st.capacity(st.seat) <= 0:  # RV-RULING-14
        raise _Reason("you have no warehouse to store resources in")


def _check_stock(st: State, kind: int) -> None:
    if st.stock[kind] <= 0:
        raise _Reason(f"the {RESOURCES[kind]} island is empty")


def _check_island(st: State, kind: str, resource: int) -> None:
    """Producing or the food island: a spot, a warehouse [RV-RULING-14] and at least one
    resource to take [RV-PRODUCE-01..04, -11, -12]."""
    word = RESOURCES[resource]
    action = word if kind == "produce" else "food"
    _check_spot(st, action)
    _check_storage(st)
    if kind == "food":
        if st.stock[FOOD] <= 0:
            if not any(st.stock[k] for k in range(FOOD)):
                raise _Reason("the food, wood, stone and clay islands are all empty")
            raise _Reason("the food island is empty: it gives wood, stone or clay instead")
        return
    if kind == "food island":
        if st.stock[FOOD] > 0:
            raise _Reason(f"the food island still holds food: it gives {word} only when empty")
        _check_stock(st, resource)
        return
    _check_stock(st, resource)
    spots = st.cfg.spots_of[ACTIONS.index(action)]
    free = next(i for i, unlimited in spots if unlimited or st.spot_occ[i] < 0)
    if st.production(st.seat, resource) + st.cfg.spots[free].first_bonus > 0:
        return
    if any(st.cfg.spots[i].first_bonus for i, _ in spots):
        raise _Reason(f"you show no {word} production symbol, and the first pioneer's extra "
                      f"{word} is taken this round")
    raise _Reason(f"you show no {word} production symbol")


def _card_index(st: State, name: str) -> int:
    for i, card in enumerate(st.cfg.comp.buildings):
        if card.id == name:
            return i
    raise _Unknown


def _where_card(st: State, card: int, name: str) -> str:
    """Where a card is, when it is not where the text needs it."""
    for owner in range(st.num_players):
        if card in st.reserved[owner]:
            return f"{name} is reserved by {_who(st, owner)}"
        if card in st.built[owner]:
            return f"{name} is built by {_who(st, owner)}"
    return f"{name} is not on the building display"


def _afford(st: State, card: int, reserved: bool) -> None:
    """Food is wild, and a reserved card and each meadow discount waive one resource
    [RV-BUILD-02..04, RV-PRODUCE-10, RV-RULING-05] (``turns.affordable``)."""
    seat = st.seat
    building = st.cfg.comp.buildings[card]
    cost = building.cost
    res = st.res[seat * 4 : seat * 4 + 4]
    meadow = st.discounts[seat]
    short = sum(max(0, cost[k] - res[k]) for k in range(FOOD))
    if short <= res[FOOD] + int(reserved) + meadow:
        return
    kinds = [k for k in range(FOOD) if cost[k]]
    less = []
    if reserved:
        less.append("your reservation")
    if meadow:
        less.append(f"{_plural(meadow, 'meadow discount')}")
    waived = f" ({int(reserved) + meadow} less with {_join(less)})" if less else ""
    have = _join([_n(res[k], k) for k in (*kinds, FOOD)])
    raise _Reason(f"{building.id} costs {_join([_n(cost[k], k) for k in kinds])}{waived} "
                  f"and you have {have}")


def _check_card(st: State, kind: str, name: str) -> None:
    """Reserve a display card, holding fewer than 2 [RV-RESERVE-01..03]; construct a display
    card or your own reserved one that you can afford [RV-BUILD-01, -03, -04]."""
    card = _card_index(st, name)
    seat = st.seat
    on_display = card in st.bdisplay
    if kind == "reserve":
        _check_spot(st, "reserve")
        limit = st.cfg.comp.max_reserved
        if len(st.reserved[seat]) >= limit:
            raise _Reason(f"you already hold {limit} reserved cards, the most a player may")
        if not any(b >= 0 for b in st.bdisplay):
            raise _Reason("the building display is empty")
        if not on_display:
            raise _Reason(_where_card(st, card, name))
        return
    _check_spot(st, "construct")
    reserved = kind == "construct reserved"
    if reserved and card not in st.reserved[seat]:
        if on_display:
            raise _Reason(f"{name} is on the building display, not one of your reserved cards")
        raise _Reason(_where_card(st, card, name))
    if not reserved and not on_display:
        if card in st.reserved[seat]:
            raise _Reason(f"{name} is one of your reserved cards, built with 'construct "
                          f"reserved {name}'")
        raise _Reason(_where_card(st, card, name))
    _afford(st, card, reserved)


def _check_swap(st: State) -> None:
    """Two tiles on the board to swap [RV-SWAP-01, -04]."""
    _check_spot(st, "swap")
    placed = st.tiles_placed(st.seat)
    if placed < 2:
        raise _Reason(f"a swap needs 2 tiles on your river board and you have {placed}")


def _check_swap_tiles(st: State, kind: str, groups: tuple[str | None, ...]) -> None:
    """Both swapped spaces hold a tile; the second text repeats the first space chosen
    [RV-SWAP-01]."""
    n = st.cfg.comp.river_spaces
    first = _space(st, groups[0])
    if kind == "swap b":
        if first != st.swap_first:
            raise _Reason(f"the swap's first tile is the one on space {st.swap_first + 1}")
        space = _space(st, groups[1])
        if st.river[st.seat * n + space] < 0:
            raise _Reason(f"space {space + 1} has no tile, and a tile is never moved onto an "
                          f"empty space")
        return
    if st.river[st.seat * n + first] < 0:
        raise _Reason(f"space {first + 1} has no tile to swap")


def _check_aside(st: State) -> None:
    """Only a pioneer with no usable spot is set aside [RV-RULING-10, RV-TURN-03]."""
    texts, _ = stages.legal(st)
    usable = [t for t in texts if not t.startswith("trade ") and t != "set a pioneer aside"]
    if usable:
        raise _Reason(f"a pioneer is set aside only when no spot can be used, and you can "
                      f"use one (e.g. {usable[0]!r})")


def _check_store(st: State, kind: str, resource: int, space: str | None) -> None:
    """Storing one kind at a time on a place with room; forfeiting and returning only while
    something does not fit [RV-PRODUCE-05..08, RV-RULING-13, -15]; covered resources are lost
    only when they do not fit [RV-TERRAIN-05, -06]."""
    word = RESOURCES[resource]
    seat = st.seat
    overflow = _overflow(st)
    free = st.capacity(seat) - st.held(seat)
    waiting = sum(st.pending)
    covered = st.stage == COVER
    if kind == "store":
        if overflow:
            ask = ("choose which are lost" if covered
                   else "forfeit some or return stored ones")
            which = "covered" if covered else "new"
            verb = "waits" if waiting == 1 else "wait"
            raise _Reason(f"{_plural(waiting, f'{which} resource')} {verb} and you have "
                          f"{_plural(free, 'free warehouse')}: {ask} first")
        _check_waiting(st, resource, covered)
        first = next(k for k in range(4) if st.pending[k])
        if resource != first:
            raise _Reason(f"the waiting {RESOURCES[first]} is stored first: resources are "
                          f"stored one kind at a time")
        _check_room(st, _space(st, space))
        return
    if kind == "lose":
        if not overflow:
            raise _Reason("the covered resources all fit in your free warehouses, so none is "
                          "lost")
        _check_waiting(st, resource, True)
        return
    if not overflow:
        what = "forfeited" if kind == "forfeit" else "returned"
        raise _Reason(f"the new resources all fit, so nothing is {what}")
    if kind == "forfeit":
        _check_waiting(st, resource, False)
        return
    if st.pending[resource]:
        raise _Reason(f"{word} is among the new resources: forfeit it rather than return a "
                      f"stored one")
    _check_source(st, resource, _space(st, space))


def _check_waiting(st: State, resource: int, covered: bool) -> None:
    if st.pending[resource] <= 0:
        which = "covered" if covered else "new"
        todo = "moved" if covered else "stored"
        raise _Reason(f"no {which} {RESOURCES[resource]} is waiting to be {todo}")


def _check_room(st: State, place: int) -> None:
    """The place has a free warehouse (``storage.free_places``)."""
    seat = st.seat
    if any(p == place for p, _ in free_places(st, seat)):
        return
    if place == TILE:
        raise _Reason("your tiles have no free warehouse")
    n = st.cfg.comp.river_spaces
    if st.river[seat * n + place] >= 0:
        raise _Reason(f"space {place + 1} holds a tile: resources go on tiles as 'on a tile'")
    printed = st.cfg.boards[seat].warehouses[place]
    if printed <= 0:
        raise _Reason(f"space {place + 1} prints no warehouse")
    if printed == 1:
        raise _Reason(f"the warehouse of space {place + 1} is full")
    raise _Reason(f"the warehouses of space {place + 1} are full")


def _check_pay(st: State, kind: str, resource: int, space: str | None) -> None:
    """One resource of the cost at a time [RV-BUILD-02, -03, RV-PRODUCE-10, RV-RULING-05], as
    ``turns._can_pay`` allows it."""
    seat = st.seat
    word = RESOURCES[resource]
    building = st.cfg.comp.buildings[st.pay_building]
    if st.pay_left[resource] <= 0:
        if building.cost[resource] == 0:
            raise _Reason(f"{building.id} costs no {word}")
        raise _Reason(f"the {word} of {building.id}'s cost is paid")
    how = {"pay": resource, "pay food": FOOD, "waive reserved": -1, "waive meadow": -2}[kind]
    res = st.res[seat * 4 : seat * 4 + 4]
    if how >= 0 and res[how] <= 0:
        raise _Reason(f"you have no {RESOURCES[how]}")
    reserved = st.pay_reserved
    if reserved and sum(st.pay_left) == 1 and how != -1:
        raise _Reason(f"the last resource of your reserved card's cost is the one it waives: "
                      f"waive the {word}")
    if how == -1 and not reserved:
        if st.pay_building in st.reserved[seat]:
            raise _Reason(f"your reserved {building.id} already waived one resource")
        raise _Reason(f"{building.id} is not one of your reserved cards, so nothing of its "
                      f"cost is waived")
    meadow = st.discounts[seat]
    if how == -2 and not meadow:
        raise _Reason("you have no meadow discount")
    after = res[:]
    if how >= 0:
        after[how] -= 1
    left = st.pay_left[:]
    left[resource] -= 1
    discount = reserved - (how == -1) + meadow - (how == -2)
    if sum(max(0, left[k] - after[k]) for k in range(FOOD)) > after[FOOD] + discount:
        raise _Reason(f"that would leave too little to pay the rest of {building.id}'s cost")
    if how >= 0:
        _check_source(st, how, _space(st, space))
