"""Every decision text The River can ever offer, numbered once: the action space of the learning
surfaces (``upriver.rl``).

The texts are generated, never harvested: from the built-in components (tile and building ids,
the trade cost, the number of river spaces) and from the text patterns of the functions that
list legal decisions (``rules._legal_prelim``, ``turns.legal_*``, ``storage.legal_places`` and
``storage.sources``), reusing the game's own constants (``RESOURCES``, ``turns.PRODUCE``) and
place names (``storage.place_text``). Options other than ``components`` change scoring and the
end only, and the two main-board sides differ in how many spots an action has, never in its
text, so one catalogue serves 2, 3 and 4 players and every option set. A ``components=PATH``
file that renames tiles or buildings, or changes the trade cost or the river's length, makes
texts this fixed catalogue cannot know; one that corrects the river boards' printing is covered
(see the places below), and it is what makes "lose covered ..." reachable at all: the built-in
boards print one warehouse a space, so a covered space never spills two kinds.

A resource taken from the tiles' warehouses (one place for the rules: "a tile") goes unnamed; one
taken from an uncovered printed warehouse space names it. So the suffixes are none and
" from space K" whatever else is stored (a text names one move), and storing says "on a tile" or
"on space K". K runs over
every river space, not only the 4 whose placeholder printing shows a warehouse: a corrected
boards table (the likeliest ``components`` file) moves them, and a spare mask bit is cheap.

Groups, in order (sizes with the built-in components: 65 tiles, 33 buildings, 12 river spaces,
so 13 place suffixes and 13 places to store on):

=====================  ====  =========================================================
starting tile            65  "take starting tile T01" (the preliminary turn)
trade                    53  "trade 3 resources for 1 food", then "trade: return wood",
                             "trade: return wood from space 3" (4 kinds x 13 suffixes)
claim                    65  "claim T01"
islands                   7  "produce wood|stone|clay", "take food", and with an empty
                             food island "take wood from the food island"
reserve                  33  "reserve B01"
construct                66  "construct B01", "construct reserved B01"
first player              1  "take the first player pawn"
swap                    145  "swap two tiles", "swap: space 1" (12), "swap space 1 with
                             space 2" (12 x 11 ordered pairs)
set aside                 1  "set a pioneer aside" (no spot can be used)
store                   108  "store wood on a tile|space 3" (4 x 13), "forfeit wood" (4),
                             "return stored wood[ from ...]" (4 x 13)
cover                     4  "lose covered wood"
choose                    4  "meadow: take wood|stone|clay|food" (a "two resources" meadow)
pay                      84  "pay wood[ from ...]", "pay food for wood[ from ...]" (3 x 13
                             each), "waive wood (reserved card)", "waive wood (meadow)"
=====================  ====  =========================================================

Total: 636. Each text names one decision: no two groups share a text ("store ..." puts a resource
waiting for a warehouse there, whether it is new or comes off a covered space: one decision).
"""

from __future__ import annotations

from functools import cache

from upriver.games.the_river.components import CLAY, FOOD, RESOURCES, STONE, WOOD, load
from upriver.games.the_river.storage import TILE, place_text
from upriver.games.the_river.turns import PRODUCE

Group = tuple[str, tuple[str, ...]]

PAID = RESOURCES[:FOOD]  # building costs are in wood, stone and clay; food stands in for them


def _places() -> tuple[int, ...]:
    """Every place a resource can be stored, in the order ``storage`` lists them: the tile
    warehouses, then the river spaces along the river."""
    return (TILE, *range(load().river_spaces))


def _sources() -> tuple[str, ...]:
    """The suffixes ``storage.sources`` adds: none for the tiles' warehouses, the usual place;
    " from space K" for a printed warehouse."""
    return ("", *(f" from {place_text(p)}" for p in _places() if p != TILE))


def _raw_groups() -> list[Group]:
    """Each group's texts in the order its legal-listing function offers them."""
    comp = load()
    tiles = [t.id for t in comp.tiles]
    buildings = [b.id for b in comp.buildings]
    spaces = range(1, comp.river_spaces + 1)
    sources = _sources()
    return [
        ("starting tile", tuple(f"take starting tile {t}" for t in tiles)),
        ("trade", (f"trade {comp.trade_cost} resources for 1 food",
                   *(f"trade: return {r}{w}" for r in RESOURCES for w in sources))),
        ("claim", tuple(f"claim {t}" for t in tiles)),
        ("islands", (*(f"produce {name}" for name in PRODUCE), "take food",
                     *(f"take {RESOURCES[k]} from the food island" for k in (WOOD, STONE, CLAY)))),
        ("reserve", tuple(f"reserve {b}" for b in buildings)),
        ("construct", (*(f"construct {b}" for b in buildings),
                       *(f"construct reserved {b}" for b in buildings))),
        ("first player", ("take the first player pawn",)),
        ("swap", ("swap two tiles", *(f"swap: space {a}" for a in spaces),
                  *(f"swap space {a} with space {b}" for a in spaces for b in spaces if a != b))),
        ("set aside", ("set a pioneer aside",)),
        ("store", (*(f"store {r} on {place_text(p)}" for r in RESOURCES for p in _places()),
                   *(f"forfeit {r}" for r in RESOURCES),
                   *(f"return stored {r}{w}" for r in RESOURCES for w in sources))),
        ("cover", tuple(f"lose covered {r}" for r in RESOURCES)),
        ("choose", tuple(f"meadow: take {r}" for r in RESOURCES)),
        ("pay", (*(f"pay {r}{w}" for r in PAID for w in sources),
                 *(f"pay food for {r}{w}" for r in PAID for w in sources),
                 *(f"waive {r} (reserved card)" for r in PAID),
                 *(f"waive {r} (meadow)" for r in PAID))),
    ]


@cache
def groups() -> tuple[Group, ...]:
    """The catalogue by kind of decision, in order; no text is in two groups (a text names one
    decision), so the groups split ``actions()`` exactly."""
    return tuple(_raw_groups())


@cache
def actions() -> tuple[str, ...]:
    """Every decision text, each once, in a stable order: an action's index is its place."""
    return tuple(t for _, texts in groups() for t in texts)
