"""A position's value for one seat, for the greedy bot and search: the score it would have if
the game ended now, plus what its position promises (Journal progress, which also brings the
end nearer; tags toward the next step of the tag table; Townsfolk, tiles, dice and Workers that
make later turns stronger; a few resources), minus the best such value among the other seats.
It reads only public parts of the state."""

from __future__ import annotations

from upriver.core.margins import final_margins, margins
from upriver.games.wayfarers import scoring
from upriver.games.wayfarers.state import OVER, State

JOURNAL = 2.0  # per column advanced
PRIMARY_TAG = 0.8  # a primary tag not yet scoring
TOWNSFOLK = 1.2
TILE = 0.9
DIE = 1.5
WORKER = 0.8
SILVER = 0.35
PROVISION = 0.3
HOARD = 6  # resources beyond this many are worth little
INFLUENCE = 0.15


def _promise(st: State, seat: int) -> float:
    v = JOURNAL * (st.jpos[seat] // 10)
    v += PRIMARY_TAG * sum(min(st.tags[seat * 11 + t], 2) for t in range(4))
    v += TOWNSFOLK * (st.ncards[seat * 5 + 3] - 1)
    v += TILE * sum(st.ntiles[seat * 5 : seat * 5 + 5])
    v += DIE * (5 - st.reserve[seat])
    v += WORKER * sum(st.workers[seat * 3 : seat * 3 + 3])
    v += SILVER * min(st.silver[seat], HOARD) + PROVISION * min(st.provisions[seat], HOARD)
    v += INFLUENCE * sum(st.guild[seat * 3 : seat * 3 + 3])
    return v


def evaluate(st: State, seat: int) -> float:
    return evaluate_all(st)[seat]


def evaluate_all(st: State) -> list[float]:
    """Every seat's value at once (search judges all seats of a position); in solo the
    automated opponent counts as one of the others."""
    totals = scoring.scores(st)
    if st.ai:  # solo: against the opponent's score as it stands (WF-SOLO-60)
        totals.append(sum(scoring.opponent_breakdown(st).values()))
    seats = st.num_players
    if st.stage == OVER:
        return final_margins(totals, seats)
    values = [totals[s] + _promise(st, s) for s in range(seats)] + totals[seats:]
    return margins(values, seats)
