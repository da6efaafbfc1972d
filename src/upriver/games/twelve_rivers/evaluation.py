"""A position's value for one seat, for the greedy bot and for search (issue: bots).

It reads only what the seat may know: bots call it on determinised copies, where everything
hidden has been resampled. The value is the seat's running score plus what its pieces promise
(pearls its markers will stop, pearls on its alpaca that fit a free spot, cards, fairies), minus
the best such value among the other seats.
"""

from __future__ import annotations

from typing import Final

from upriver.core.margins import final_margins, margins
from upriver.games.twelve_rivers import scoring
from upriver.games.twelve_rivers.components import RAINBOW
from upriver.games.twelve_rivers.state import OVER, State

CARD_VALUE: Final = 0.4
FAIRY_VALUE: Final = 1.0
ALPACA_FIT: Final = 0.7  # a carried pearl that fits a free spot is most of its points
ALPACA_LOOSE: Final = 0.25
FREE_SPOT: Final = 0.6  # room to deliver later
VILLAGE_PROMISE: Final = 4.0  # a Markaya still to be befriended: spots, cards and an objective
SEA_SHARE: Final = 0.5


def _marker_promises(st: State) -> list[float]:
    """Pearls waiting above the dam for each seat's river markers: each marker expects the best
    pearl of its rivers not claimed by markers further up (before the dam is removed)."""
    comp = st.cfg.comp
    points = comp.pearl_points
    out = [0.0] * st.num_players
    claimed = [0] * len(comp.stretch_spaces)  # stretch -> markers on it
    for i, spaces in enumerate(comp.stretch_spaces):
        pearls: list[int] | None = None
        ahead = 0
        for sp in spaces:
            owner = st.occ[sp]
            if owner < 0:
                continue
            if pearls is None:  # the stretch's first marker: its rivers' pearls, best first
                pearls = sorted((points[st.rivers[r - 1]] for r in comp.stretch_rivers[i]
                                 if st.rivers[r - 1] >= 0), reverse=True)
                ahead = sum(claimed[j] for j in comp.stretch_shared_before[i])
            if ahead < len(pearls):
                out[owner] += pearls[ahead]
            ahead += 1
            claimed[i] += 1
    return out


def _placement_promises(st: State) -> list[float]:
    """Before the collection phase: each seat's village markers (one Markaya each while the
    display lasts, left first) and the sea marker (a share of the sea)."""
    comp = st.cfg.comp
    out = [0.0] * st.num_players
    waiting = 0
    for sp in comp.village:
        owner = st.occ[sp]
        if owner >= 0:
            if waiting < len(st.mk_display):
                out[owner] += VILLAGE_PROMISE
            waiting += 1
    owner = st.occ[comp.sea]
    if owner >= 0:
        out[owner] += SEA_SHARE * sum(comp.pearl_points[c] * n for c, n in enumerate(st.sea))
    return out


def _alpaca_promise(st: State, seat: int, open_spots: list[int]) -> float:
    """What the pearls on the seat's alpaca promise: most of their points where an open spot
    (``open_spots``, by kind) fits them."""
    comp = st.cfg.comp
    free = open_spots[:]
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
    return evaluate_all(st)[seat]


def evaluate_all(st: State) -> list[float]:
    """Every seat's value at once: its own score and promise minus the best other seat's."""
    tally = scoring.Tally(st)
    score = scoring.scores(st, tally)
    p = st.num_players
    if st.stage == OVER:
        return final_margins(score, p)
    exploring = st.stage < 8  # exploration: pearls still above the dam
    if exploring:
        markers, placed = _marker_promises(st), _placement_promises(st)
    values = []
    for s in range(p):
        open_spots = tally.open[s]
        v = float(score[s])
        v += _alpaca_promise(st, s, open_spots)
        v += CARD_VALUE * tally.cards[s]
        v += FAIRY_VALUE * tally.fairies[s]
        v += FREE_SPOT * sum(open_spots)
        if exploring:
            v += markers[s] + placed[s]
        values.append(v)
    return margins(values, p)
