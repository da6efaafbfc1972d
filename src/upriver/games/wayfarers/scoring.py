"""Final scoring (rulebook 004, "Scoring"; checklist section END)."""

from __future__ import annotations

from upriver.games.wayfarers import caravan
from upriver.games.wayfarers.state import CARDS, SKY, State, host

CATEGORIES = ("primary tags", "unique sets", "space cards", "inspiration", "caravan", "guilds")


def breakdown(st: State) -> list[dict[str, int]]:
    comp = st.cfg.comp
    out = []
    for seat in range(st.num_players):
        counts = st.counts(seat)
        primary = [st.tags[seat * 11 + t] for t in range(4)]
        table = comp.common_sets
        common = sum(table[min(n, len(table) - 1)] for n in primary)  # WF-END-03/04
        space = insp = 0
        above = st.above
        for h in [host(seat, SKY), *(above[c] for c in (*st.lands[seat], *st.waters[seat])
                                     if above[c] >= 0)]:
            card = comp.capital_sky if h >= CARDS else comp.cards[h]
            assert card.score is not None
            value = card.score(counts)
            space += value  # WF-END-07
            ins = st.insp_on[h]
            if ins >= 0:
                goal = comp.cards[ins]
                assert goal.goal is not None
                if goal.goal(counts) >= goal.at_least:
                    insp += value  # WF-END-08: the Space card scores twice
        guilds = 0
        for g in range(3):  # WF-END-10
            mine = st.guild[seat * 3 + g]
            if mine > 0 and all(mine > st.guild[s * 3 + g]
                                for s in range(st.num_players) if s != seat):
                guilds += comp.guild_majority
        out.append({
            "primary tags": common,
            "unique sets": comp.unique_set * min(primary),  # WF-END-05
            "space cards": space,
            "inspiration": insp,
            "caravan": caravan.tile_vp(st, seat),  # WF-END-09
            "guilds": guilds,
        })
    return out


def scores(st: State) -> list[int]:
    return [sum(b.values()) for b in breakdown(st)]


def winners(st: State) -> list[int]:
    """Most VP; ties broken by Black, then Yellow, then Blue Influence; then shared
    (WF-END-12/13)."""
    totals = scores(st)
    keys = [(totals[s], st.guild[s * 3], st.guild[s * 3 + 1], st.guild[s * 3 + 2])
            for s in range(st.num_players)]
    best = max(keys)
    return [s for s in range(st.num_players) if keys[s] == best]
