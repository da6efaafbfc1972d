"""Final scoring (rulebook 000, "Markaya and Bonus Objectives", "End of Game and Scoring")."""

from __future__ import annotations

from typing import Final

from upriver.games.twelve_rivers.components import Components, Tile
from upriver.games.twelve_rivers.state import OVER, State

CATEGORIES: Final = ("pearls", "starting Markaya", "Markaya objectives", "alpaca cards")
CATEGORIES_2022: Final = ("pearls", "villager rewards", "totem sets", "mission card")
TOTEM_SET_POINTS: Final = 4  # rulebook 001, "Scoring"


class Tally:
    """What the objectives look at, per seat: delivered pearls, full tiles, fairies, cards;
    and, for the bots' evaluation, the open spots of each kind (colour or RAINBOW)."""

    def __init__(self, st: State) -> None:
        comp = st.cfg.comp
        p = st.num_players
        self.comp = comp
        self.st = st
        self.delivered = [[0] * 5 for _ in range(p)]
        self.full = [0] * p
        self.open = [[0] * 6 for _ in range(p)]
        offsets, counts, spots, tiles = comp.spot_offset, comp.spot_count, st.spots, comp.tiles
        for seat in range(p):
            got, room = self.delivered[seat], self.open[seat]
            for t in st.tiles_of[seat]:
                base = offsets[t]
                needs = tiles[t].spots
                full = True
                for k in range(counts[t]):
                    c = spots[base + k]
                    if c >= 0:
                        got[c] += 1
                    else:
                        full = False
                        room[needs[k]] += 1
                if full:
                    self.full[seat] += 1
        fairies, hands = st.fairies, st.hands
        self.fairies = [sum(fairies[s * 5 : s * 5 + 5]) for s in range(p)]
        self.cards = [sum(hands[s * 5 : s * 5 + 5]) for s in range(p)]


def tile_pearls(st: State, t: int) -> list[int]:
    base = st.cfg.comp.spot_offset[t]
    return st.spots[base : base + len(st.cfg.comp.tiles[t].spots)]


def _strictly_most(values: list[int], seat: int) -> bool:
    """Majorities: strictly more than every other player; ties score nothing (TR-OBJ-10, -14)."""
    return all(values[seat] > v for s, v in enumerate(values) if s != seat)


def objective_points(tally: Tally, seat: int, t: int, per_fairy_tie_rule: bool) -> int:
    """One tile's bonus objective (TR-OBJ-05..19)."""
    tile: Tile = tally.comp.tiles[t]
    points = _objective_points(tally, seat, tile, t, per_fairy_tie_rule)
    if tile.cap:  # 2022: "Maximum 8 stars" on the per-fairy and per-card rewards
        points = min(points, tile.cap)
    return points


def _objective_points(
    tally: Tally, seat: int, tile: Tile, t: int, per_fairy_tie_rule: bool
) -> int:
    obj = tile.objective
    if tile.introverted:  # TR-OBJ-15, -16: only a full tile scores, on its own pearls
        pearls = tile_pearls(tally.st, t)
        if any(c < 0 for c in pearls):
            return 0
        if obj == "full tile":
            return tile.points
        if obj == "four alike":  # "4 of the same colour" read as at least 4 (open point 8)
            return tile.points if max(pearls.count(c) for c in range(5)) >= 4 else 0
        if obj == "five colours":
            return tile.points if len(set(pearls)) >= 5 else 0
        if obj == "one colour":  # 2022: 5 pearls, all of one colour (TR22-SCORE-07)
            return tile.points if len(set(pearls)) == 1 else 0
        raise AssertionError(obj)
    if obj == "full tiles":
        return tile.points * tally.full[seat]
    if obj == "colour count":
        return tile.points * tally.delivered[seat][tile.colour]
    if obj == "fairy count":
        if per_fairy_tie_rule and not _strictly_most(tally.fairies, seat):
            return 0
        return tile.points * tally.fairies[seat]
    if obj == "card count":
        return tile.points * tally.cards[seat]
    if obj == "colour majority":
        counts = [d[tile.colour] for d in tally.delivered]
        return tile.points if _strictly_most(counts, seat) else 0
    if obj == "fairy majority":
        return tile.points if _strictly_most(tally.fairies, seat) else 0
    if obj == "card majority":
        return tile.points if _strictly_most(tally.cards, seat) else 0
    raise AssertionError(obj)


def totem_sets(st: State, seat: int) -> int:
    """2022: sets of three tiles showing the three other tribes' totems (TR22-SCORE-18, -19)."""
    if st.cfg.family:
        return 0  # TR22-FAMILY-04
    comp = st.cfg.comp
    own = comp.tribes[seat]
    counts = [0, 0, 0, 0]
    for t in st.tiles_of[seat]:
        if comp.tiles[t].totem >= 0:
            counts[comp.tiles[t].totem] += 1
    return min(n for tribe, n in enumerate(counts) if tribe != own)


def breakdown(st: State) -> list[dict[str, int]]:
    """Per seat, in the rulebook's order: pearls, starting Markaya, other Markaya, alpaca cards
    (TR-END-02..06); 2022: pearls, villager rewards, totem sets, mission (TR22-SCORE-01).
    Before the end this is the running total if the game ended now."""
    names = CATEGORIES_2022 if st.cfg.e2022 else CATEGORIES
    return [dict(zip(names, parts, strict=True)) for parts in _parts(st)]


def scores(st: State, tally: Tally | None = None) -> list[int]:
    return [sum(parts) for parts in _parts(st, tally)]


def _parts(st: State, tally: Tally | None = None) -> list[tuple[int, int, int, int]]:
    """Each seat's four scoring categories, in ``breakdown``'s order (bots call this for every
    position they judge, so it builds no dictionaries)."""
    comp: Components = st.cfg.comp
    if tally is None:
        tally = Tally(st)
    points = comp.pearl_points
    missions = [0] * st.num_players
    for i, o in enumerate(st.acards):
        if o >= 0:
            missions[o] += comp.alpaca_cards[i][2]
    out = []
    for seat in range(st.num_players):
        got = tally.delivered[seat]
        pearls = sum(points[c] * got[c] for c in range(5))
        mission = missions[seat]
        if st.cfg.e2022:
            rewards = sum(objective_points(tally, seat, t, False) for t in st.tiles_of[seat])
            sets = TOTEM_SET_POINTS * totem_sets(st, seat)
            out.append((pearls, rewards, sets, mission))
            continue
        start = other = 0
        for t in st.tiles_of[seat]:
            pts = objective_points(tally, seat, t, st.cfg.per_fairy_tie_rule)
            if comp.tiles[t].start:
                start += pts
            else:
                other += pts
        out.append((pearls, start, other, mission))
    return out


def winners(st: State) -> list[int]:
    """Highest total wins; ties share the victory (TR-END-08, -09)."""
    if st.stage != OVER:
        return []
    s = scores(st)
    best = max(s)
    tied = [seat for seat, v in enumerate(s) if v == best]
    if st.cfg.e2022 and len(tied) > 1:
        # TR22-END-03: the tied player whose token stands frontmost on the trail wins.
        for seat in st.track:
            if seat in tied:
                return [seat]
    return tied
