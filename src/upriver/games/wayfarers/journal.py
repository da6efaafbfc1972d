"""The Journal Track (rulebook 004, "Journaling", "Guilds"; checklist sections JRN and GLD).
"""

from __future__ import annotations

from upriver.games.wayfarers.components import Link
from upriver.games.wayfarers.stack import push, push_effects
from upriver.games.wayfarers.state import F_BLACK, FROM_JOURNAL, USED_BLACK, State

FINAL_COLUMN = 10


def section(column: int) -> int:
    """The board section holding the links that leave a column (WF-JRN-08, WF-BUG-12)."""
    return 0 if column <= 2 else 1 if column <= 8 else 2


def usable(st: State, seat: int, black_spent: int = 0) -> list[Link]:
    """The links the seat may cross now: requirement met or cost payable, and never into an
    occupied final space (WF-JRN-03..12, WF-JRN-22, WF-JRN-24)."""
    comp = st.cfg.comp
    pos = st.jpos[seat]
    links = comp.links_from.get(pos, ())
    if not links:
        return []
    side = st.sides[section(pos // 10)]
    counts = None
    out = []
    for link in links:
        if link.dst // 10 == FINAL_COLUMN and any(
                st.jpos[s] == link.dst for s in range(st.cfg.table)):
            continue
        need = link.need[side]
        if need is not None:
            if counts is None:
                counts = st.counts(seat)
            if not need(counts):
                continue
        pay = link.pay[side]
        if pay:
            have = list(st.guild[seat * 3 : seat * 3 + 3])
            have[0] -= black_spent
            if any(have[g] < pay.count(g) for g in set(pay)):
                continue
        out.append(link)
    return out


def move(st: State, seat: int, link: Link) -> None:
    """Cross a link: pay its cost, enter the space and resolve it; then, once it has resolved,
    the Black Guild's extra step is offered (WF-JRN-13, WF-GLD-03/05/06)."""
    side = st.sides[section(link.src // 10)]
    for g in link.pay[side]:
        st.guild[seat * 3 + g] -= 1
        st.inf_supply[seat] += 1
    st.jpos[seat] = link.dst
    if link.dst // 10 == FINAL_COLUMN and st.end_seat < 0:
        st.end_seat = seat  # WF-END-01; a later arrival changes nothing (WF-RUL-13)
    if not st.used & USED_BLACK:
        push(st, F_BLACK)
    comp = st.cfg.comp
    push_effects(st, [(comp.spaces[comp.space_index[link.dst]].effect, 0,
                       FROM_JOURNAL + link.dst)])
