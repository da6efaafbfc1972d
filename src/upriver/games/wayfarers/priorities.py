"""How the solo opponent picks among targets (rulebook 004, "AI Prioritising"; checklist
WF-SOLO-16, -22 .. -33, -50, -52, WF-RUL-22, -23, WF-BUG-03, -05, -11).

Everything here is a pure function of the opponent's Resource Track space, its face-up Scheme
cards and what a target offers, so each rule is checked on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from upriver.games.wayfarers.solo_components import BLACK, BLUE, GREEN, YELLOW, Solo

TRACK_SPACES = 8
PATH_CELLS = 21
# The Guild index (effects.GUILDS: black, yellow, blue) of each colour but Green.
GUILD_OF = {BLACK: 0, BLUE: 2, YELLOW: 1}
# The colour's tile colour (effects.TILE_COLOURS: basic, land, water, space, special) and card
# row (components: townsfolk, land, water, space, inspiration) (WF-SOLO-24).
TILE_OF = {BLACK: 3, BLUE: 2, YELLOW: 1, GREEN: 0}
ROW_OF = {BLACK: 3, BLUE: 2, YELLOW: 1, GREEN: 0}


def track_after(position: int, steps: int) -> tuple[int, int]:
    """The Resource Track space after ``steps`` clockwise steps from ``position``, and how many
    times the marker moved from space 4 onto 5 on the way (WF-SOLO-16, WF-SOLO-17)."""
    bonuses = 0
    for _ in range(steps):
        position = (position + 1) % TRACK_SPACES
        if position == 5:
            bonuses += 1
    return position, bonuses


def colour_order(solo: Solo, track: int) -> tuple[int, ...]:
    """Black, Blue, Yellow, Green round from the track space's colour (WF-SOLO-22, -23)."""
    start = solo.track_colours[track]
    return tuple((start + k) % 4 for k in range(4))


def guild_order(solo: Solo, track: int) -> tuple[int, ...]:
    """The Guilds in colour order, Green skipped (WF-SOLO-25)."""
    return tuple(GUILD_OF[c] for c in colour_order(solo, track) if c != GREEN)


def sum_value(solo: Solo, revealed: Sequence[int]) -> int:
    """The Silver values of the two latest face-up Scheme cards (or the only one); 0 counts as 1
    (WF-SOLO-26). With none face up it is 1 as well."""
    total = sum(solo.schemes[s].silver for s in revealed[-2:])
    return max(1, total)


def slot_order(solo: Solo, revealed: Sequence[int]) -> tuple[int, ...]:
    """The display (or tile) slots 1-4 in the order the opponent tries them (WF-SOLO-27)."""
    return solo.slot_orders[sum_value(solo, revealed) - 1]


def inspiration_slots(solo: Solo, track: int) -> tuple[int, ...]:
    """The Inspiration display slots the opponent tries, best first: the preferred card counted
    from the top of the column, then down, wrapping to the 2nd from the top; the top card
    last, only when none of the three below is there (WF-SOLO-30, WF-BUG-03, WF-RUL-22). The
    column's top card sits in slot 4, next to the pile."""
    first = solo.track_inspiration[track]
    from_top = [first + k for k in range(3)]
    from_top = [n if n <= 4 else n - 3 for n in from_top]
    return (*(5 - n for n in from_top), 4)


def path_cells() -> tuple[int, ...]:
    """The AI caravan's cells in filling order: bottom row left to right, middle row right to
    left, top row left to right (cell = column + 7 * row, top row 0) (WF-SOLO-50)."""
    return (*range(14, 21), *range(13, 6, -1), *range(0, 7))


def fits_path(filled: int, size: int) -> bool:
    """Whether a tile of ``size`` cells still fits the path after ``filled`` cells: a 2-cell
    tile needs two (WF-SOLO-50, WF-SOLO-52, WF-RUL-23)."""
    return filled + size <= PATH_CELLS
