"""Cleanup and the end of the game (rulebook 003, "Cleanup Phase", "End of the Game")."""

from __future__ import annotations

from upriver.games.the_river import terrain
from upriver.games.the_river.state import OVER, State


def cleanup(st: State) -> None:
    """Refill the islands, settle pioneers, bring the rest home; end if triggered."""
    st.tile_discard.extend(st.display)  # RV-CLEAN-01
    st.display = []
    terrain.refill_terrain(st)
    for i, b in enumerate(st.bdisplay):  # RV-CLEAN-03, -04
        if b < 0 and st.deck:
            st.bdisplay[i] = st.deck.pop()
    for seat in range(st.num_players):
        settle = min(st.framed_new[seat], st.on_board[seat])  # RV-CLEAN-06
        st.settled[seat] += settle
        st.boat[seat] += st.on_board[seat] - settle  # RV-CLEAN-05
        st.on_board[seat] = 0
        st.framed_new[seat] = 0
        st.claims[seat] = 0  # RV-CLEAN-09
    st.spot_occ = [-1] * len(st.spot_occ)
    st.crowd = [0] * ((len(st.cfg.spots) + 1) * st.num_players)
    limit = st.cfg.round_limit
    if st.triggered or (limit and st.round >= limit):  # RV-END-05, -06: the last round
        finish(st)
        return
    st.round += 1  # the next round begins (``turns.begin_round``)


def finish(st: State) -> None:
    st.stage = OVER
    st.seat = -1
