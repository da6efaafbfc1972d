"""A position's value for one seat, for the greedy bot and search: the score it would have if
the game ended now, plus what its resources, dice, Workers and Journal progress promise, minus
the best such value among the other seats. It reads only public parts of the state."""

from __future__ import annotations

from upriver.games.wayfarers import scoring
from upriver.games.wayfarers.state import OVER, State

RESOURCE = 0.4
INFLUENCE = 0.3
WORKER = 0.8
DIE = 1.0
JOURNAL = 0.9


def evaluate(st: State, seat: int) -> float:
    totals = scoring.scores(st)
    if st.stage == OVER:
        best_other = max(s for i, s in enumerate(totals) if i != seat)
        return float(totals[seat] - best_other) + (100.0 if totals[seat] >= best_other else 0.0)
    values = []
    for s in range(st.num_players):
        v = float(totals[s])
        v += RESOURCE * (st.silver[s] + st.provisions[s])
        v += INFLUENCE * sum(st.guild[s * 3 : s * 3 + 3])
        v += WORKER * sum(st.workers[s * 3 : s * 3 + 3])
        v += DIE * (len(st.dice[s]) + 5 - st.reserve[s]) * 0.3
        v += JOURNAL * (st.jpos[s] // 10)
        values.append(v)
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)
