"""A position's value for one seat, for the greedy bot and for search (issue: bots).

It reads only what the seat may know: bots call it on determinised copies, where everything
hidden has been resampled. The value is the seat's running score plus what its pieces promise
(pearls its markers will stop, pearls on its alpaca that fit a free spot, cards, fairies), minus
the best such value among the other seats.
"""

from __future__ import annotations

from upriver.games.twelve_rivers import scoring
from upriver.games.twelve_rivers.components import RAINBOW
from upriver.games.twelve_rivers.state import OVER, State

CARD_VALUE = 0.4
FAIRY_VALUE = 1.0
ALPACA_FIT = 0.7  # a carried pearl that fits a free spot is most of its points
ALPACA_LOOSE = 0.25
FREE_SPOT = 0.6  # room to deliver later
VILLAGE_PROMISE = 4.0  # a Markaya still to be befriended: spots, cards and an objective
SEA_SHARE = 0.5


def _marker_promise(st: State, seat: int) -> float:
    """Pearls waiting above the dam for this seat's river markers: each marker expects the best
    pearl of its rivers not claimed by markers further up (before the dam is removed)."""
    comp = st.cfg.comp
    points = comp.pearl_points
    total = 0.0
    claimed: dict[int, int] = {}  # stretch -> markers ahead of it
    for i, spaces in enumerate(comp.stretch_spaces):
        for sp in spaces:
            owner = st.occ[sp]
            if owner < 0:
                continue
            rivers = comp.stretch_rivers[i]
            pearls = sorted((points[st.rivers[r - 1]] for r in rivers if st.rivers[r - 1] >= 0),
                            reverse=True)
            ahead = sum(n for j, n in claimed.items() if comp.stretch_rivers[j] & rivers)
            if owner == seat and ahead < len(pearls):
                total += pearls[ahead]
            claimed[i] = claimed.get(i, 0) + 1
    return total


def _placement_promise(st: State, seat: int) -> float:
    """Before the collection phase: the seat's village markers (one Markaya each while the
    display lasts, left first) and its sea marker (a share of the sea)."""
    comp = st.cfg.comp
    total = 0.0
    waiting = 0
    for sp in comp.village:
        owner = st.occ[sp]
        if owner >= 0:
            if owner == seat and waiting < len(st.mk_display):
                total += VILLAGE_PROMISE
            waiting += 1
    if st.occ[comp.sea] == seat:
        total += SEA_SHARE * sum(comp.pearl_points[c] * n for c, n in enumerate(st.sea))
    return total


def _free_spots(st: State, seat: int) -> int:
    comp = st.cfg.comp
    return sum(1 for t in st.tiles_of[seat]
               for k in range(len(comp.tiles[t].spots)) if st.spots[comp.spot_offset[t] + k] < 0)


def _alpaca_promise(st: State, seat: int) -> float:
    comp = st.cfg.comp
    free = [0] * 6
    for t in st.tiles_of[seat]:
        base = comp.spot_offset[t]
        for k, need in enumerate(comp.tiles[t].spots):
            if st.spots[base + k] < 0:
                free[need] += 1
    total = 0.0
    for c in range(5):
        for _ in range(st.alpaca[seat * 5 + c]):
            if free[c] > 0:
                free[c] -= 1
                total += ALPACA_FIT * comp.pearl_points[c]
            elif free[RAINBOW] > 0:
                free[RAINBOW] -= 1
                total += ALPACA_FIT * comp.pearl_points[c]
            else:
                total += ALPACA_LOOSE * comp.pearl_points[c]
    return total


def evaluate(st: State, seat: int) -> float:
    score = scoring.scores(st)
    if st.stage == OVER:
        best_other = max(s for i, s in enumerate(score) if i != seat)
        return float(score[seat] - best_other) + (100.0 if score[seat] >= best_other else 0.0)
    values = []
    for s in range(st.num_players):
        v = float(score[s])
        v += _alpaca_promise(st, s)
        v += CARD_VALUE * sum(st.hands[s * 5 : s * 5 + 5])
        v += FAIRY_VALUE * sum(st.fairies[s * 5 : s * 5 + 5])
        v += FREE_SPOT * _free_spots(st, s)
        if st.stage < 8:  # exploration: pearls still above the dam
            v += _marker_promise(st, s) + _placement_promise(st, s)
        values.append(v)
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)
