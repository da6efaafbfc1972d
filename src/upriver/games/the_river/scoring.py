"""Final scoring (rulebook 003, "Final Scoring"; the bonuses from the reference note)."""

from __future__ import annotations

from upriver.games.the_river.components import MEADOW, space_position
from upriver.games.the_river.state import OVER, State

CATEGORIES = ("buildings", "bonus tokens", "columns", "meadows", "resources")


def column_points(st: State, seat: int) -> int:
    """Per column of the 3x4 grid: 2 VP for two tiles sharing a terrain, 6 VP for all three;
    one bonus per column (RV-SCORE-03..05, RV-RULING-01..04)."""
    comp = st.cfg.comp
    n = comp.river_spaces
    columns: list[list[frozenset[int] | None]] = [[None, None, None] for _ in range(4)]
    for k in range(n):
        t = st.river[seat * n + k]
        row, col = space_position(k)
        if t >= 0:
            terrains = comp.tiles[t].terrains
            if len(terrains) > 1 and not st.cfg.mixed_both:
                terrains = frozenset()
            if not st.cfg.meadow_in_columns:
                terrains = terrains - {MEADOW}
            columns[col][row] = terrains
    total = 0
    for cells in columns:
        best = 0
        for terrain in range(5):
            hits = [c is not None and terrain in c for c in cells]
            if all(hits):
                best = max(best, 3)
            elif sum(hits) == 2 and (not st.cfg.adjacent_pairs or hits[1]):
                best = max(best, 2)
        total += comp.column_bonus.get(best, 0)
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
