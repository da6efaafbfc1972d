"""A position's value for one seat, for the greedy bot and for search (issue: bots).

It reads only what the views show (every seat's cards and tokens are public; the order of the
stack and the deck is never read). The value is the seat's score so far plus what its board
promises (resources, production, storage, reserved cards, tiles still to come), minus the best
such value among the other seats, judged the same way.
"""

from __future__ import annotations

from typing import Final

from upriver.core.margins import final_margins, margins
from upriver.games.the_river import scoring
from upriver.games.the_river.state import OVER, State

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

RESOURCE: Final = 0.9
PRODUCTION: Final = 0.8
WAREHOUSE: Final = 0.25
RESERVED: Final = 0.3
PIONEER: Final = 1.0


def evaluate(st: State, seat: int) -> float:
    return evaluate_all(st)[seat]


def evaluate_all(st: State) -> list[float]:
    """Every seat's value at once (search judges all seats of a position)."""
    parts = scoring.breakdown(st)
    score = [sum(p.values()) for p in parts]
    if st.stage == OVER:
        return final_margins(score, st.num_players)
    comp = st.cfg.comp
    values = []
    for s in range(st.num_players):
        v = float(score[s])
        v += RESOURCE * st.held(s)
        v += PRODUCTION * sum(st.prod[i] for i in range(s * 3, s * 3 + 3))
        v += WAREHOUSE * st.capacity(s)
        v += RESERVED * sum(comp.buildings[b].points for b in st.reserved[s])
        v += PIONEER * (st.boat[s] + st.on_board[s])  # pioneers still working
        values.append(v)
    return margins(values, st.num_players)
