"""Final scoring (rulebook 003, "Final Scoring"; the bonuses from the reference note)."""

from __future__ import annotations

from typing import Final

from upriver.games.the_river.components import space_position
from upriver.games.the_river.state import OVER, State

CATEGORIES: Final = ("buildings", "bonus tokens", "columns", "meadows", "resources")
# The river spaces of each column of the 3x4 grid, by row (RV-TERRAIN-03).
COLUMNS: Final = tuple(tuple(sorted((k for k in range(12) if space_position(k)[1] == col),
                             key=lambda k: space_position(k)[0])) for col in range(4))


def column_points(st: State, seat: int) -> int:
    """Per column of the 3x4 grid: 2 VP for two tiles sharing a terrain, 6 VP for all three;
    one bonus per column (RV-SCORE-03..05, RV-RULING-01..04)."""
    comp = st.cfg.comp
    n = comp.river_spaces
    masks = st.cfg.column_terrains
    river = st.river
    total = 0
    for spaces in COLUMNS:  # one column's spaces, top row first
        a, b, c = (masks[t] if (t := river[seat * n + k]) >= 0 else 0 for k in spaces)
        if a & b & c:  # a terrain in all three
            total += comp.column_bonus.get(3, 0)
        elif a & b or b & c or (a & c and not st.cfg.adjacent_pairs):  # in exactly two
            total += comp.column_bonus.get(2, 0)
        else:
            total += comp.column_bonus.get(0, 0)
    return total


def meadow_points(st: State, seat: int) -> int:
    """End-of-game meadow effects (RV-SCORE-06..08, RV-RULING-05)."""
    comp = st.cfg.comp
    n = comp.river_spaces
    total = 0
    for t in st.river[seat * n : seat * n + n]:
        if t < 0:
            continue
        effect = comp.tiles[t].meadow
        if effect == "tokens":
            total += len(st.tokens[seat])
        elif effect == "buildings":
            total += len(st.built[seat])
        elif effect == "pioneers":
            total += st.settled[seat]
        elif effect == "three points":
            total += 3
    return total


def resource_points(st: State, seat: int) -> int:
    """Leftover resources: 0 unless the option says otherwise (RV-SCORE-09)."""
    held = st.held(seat)
    if st.cfg.resource_points == "1 per resource":
        return held
    if st.cfg.resource_points == "1 per 3 resources":
        return held // 3
    return 0


def breakdown(st: State) -> list[dict[str, int]]:
    comp = st.cfg.comp
    out = []
    for seat in range(st.num_players):
        parts = (
            sum(comp.buildings[b].points for b in st.built[seat]),  # RV-SCORE-01, -10
            sum(comp.token_values[t] for t in st.tokens[seat]),  # RV-SCORE-02
            column_points(st, seat),
            meadow_points(st, seat),
            resource_points(st, seat),
        )
        out.append(dict(zip(CATEGORIES, parts, strict=True)))
    return out


def scores(st: State) -> list[int]:
    return [sum(b.values()) for b in breakdown(st)]  # RV-SCORE-11


def winners(st: State) -> list[int]:
    """Highest total; ties share the victory (RV-SCORE-12, -13)."""
    if st.stage != OVER:
        return []
    s = scores(st)
    return [seat for seat, v in enumerate(s) if v == max(s)]
