"""Final scoring (rulebook 004, "Scoring"; checklist section END)."""

from __future__ import annotations

from typing import Final

from upriver.games.wayfarers import caravan
from upriver.games.wayfarers.state import AI, AI_BESIDE, AI_PATH, CARDS, SKY, State, host

CATEGORIES = ("primary tags", "unique sets", "space cards", "inspiration", "caravan", "guilds")


def breakdown(st: State) -> list[dict[str, int]]:
    return [dict(zip(CATEGORIES, parts, strict=True)) for parts in _parts(st)]


def _parts(st: State) -> list[tuple[int, int, int, int, int, int]]:
    """Each seat's VP in ``CATEGORIES`` order (bots score every position they judge, so this
    builds no dictionaries)."""
    comp = st.cfg.comp
    table = comp.common_sets
    top = len(table) - 1
    guild = st.guild
    out = []
    for seat in range(st.num_players):
        counts = st.counts(seat)
        primary = counts[:4]  # the four primary tags lead the count list
        common = sum(table[min(n, top)] for n in primary)  # WF-END-03/04
        space, insp = _space_vp(st, seat, counts)
        guilds = 0
        for g in range(3):  # WF-END-10
            mine = guild[seat * 3 + g]
            if mine > 0 and all(mine > guild[s * 3 + g]  # the solo opponent too
                                for s in range(st.cfg.table) if s != seat):
                guilds += comp.guild_majority
        out.append((common, comp.unique_set * min(primary), space, insp,  # WF-END-05
                    caravan.tile_vp(st, seat), guilds))  # WF-END-09
    return out


MEMO_SIZE: Final = 1 << 15  # positions ``_space_vp`` remembers; forgotten all at once when full


def _space_vp(st: State, seat: int, counts: list[int]) -> tuple[int, int]:
    """A seat's Space card VP (WF-END-07: each Space card's formula, the Capital Sky's
    included) and Inspiration VP (WF-END-08: a Space card whose Inspiration goal is met scores
    twice). Both follow from the seat's counts and which cards it holds where, so they are
    remembered by those (``Components.space_memo``): in the positions a bot judges, most seats'
    holdings have not changed."""
    comp = st.cfg.comp
    above, insp_on = st.above, st.insp_on
    hosts = [host(seat, SKY)]
    for c in st.lands[seat]:
        if above[c] >= 0:
            hosts.append(above[c])
    for c in st.waters[seat]:
        if above[c] >= 0:
            hosts.append(above[c])
    key = counts[:]
    for h in hosts:
        key.append(h)
        key.append(insp_on[h])
    memo, holding = comp.space_memo, tuple(key)
    known = memo.get(holding)
    if known is not None:
        return known
    space = insp = 0
    for h in hosts:
        card = comp.capital_sky if h >= CARDS else comp.cards[h]
        assert card.score is not None  # for the type checker: components refuse none
        value = card.score(counts)
        space += value
        ins = insp_on[h]
        if ins >= 0:
            goal = comp.cards[ins]
            assert goal.goal is not None  # likewise
            if goal.goal(counts) >= goal.at_least:
                insp += value
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[holding] = (space, insp)
    return space, insp


OPPONENT_CATEGORIES = ("cards", "tiles", "guilds")


def opponent_breakdown(st: State) -> dict[str, int]:
    """The solo opponent's VP: 1, 2, 2, 3 and 4 per Townsfolk, Land, Water, Space and
    Inspiration card, its tiles' VP (caravan and beside it) and Guild majorities; no tags,
    Space formulas or Comets (WF-SOLO-60..62)."""
    comp = st.cfg.comp
    per_card = (2, 2, 3, 1, 4)  # ncards columns: land, water, space, townsfolk, inspiration
    owned = st.ncards[AI * 5 : AI * 5 + 5]
    tiles = [code // 2 for code in st.ai[AI_PATH] if code >= 0 and code % 2 == 0]
    tiles += st.ai[AI_BESIDE]
    guilds = 0
    for g in range(3):
        mine = st.guild[AI * 3 + g]
        if mine > 0 and mine > st.guild[g]:  # a tie with the human gives nobody the Guild
            guilds += comp.guild_majority
    return {"cards": sum(v * n for v, n in zip(per_card, owned, strict=True)),
            "tiles": sum(comp.tiles[t].vp for t in tiles), "guilds": guilds}


def scores(st: State) -> list[int]:
    return [sum(parts) for parts in _parts(st)]


def winners(st: State) -> list[int]:
    """Most VP; ties broken by Black, then Yellow, then Blue Influence; then shared
    (WF-END-12/13). In solo the human wins with at least the opponent's VP (WF-RUL-21)."""
    totals = scores(st)
    if st.ai:
        return [0] if totals[0] >= sum(opponent_breakdown(st).values()) else []
    keys = [(totals[s], st.guild[s * 3], st.guild[s * 3 + 1], st.guild[s * 3 + 2])
            for s in range(st.num_players)]
    best = max(keys)
    return [s for s in range(st.num_players) if keys[s] == best]
