"""Building Wayfarers positions for tests: start a game, then arrange the table directly
(cards in a display slot or a panorama, dice, resources, tiles) before playing actions by their
text. Arranging bypasses the rules on purpose; everything after ``play`` goes through them."""

from __future__ import annotations

from typing import Any

import upriver
from upriver.core.game import Game
from upriver.games.wayfarers import caravan as caravan_mod
from upriver.games.wayfarers.components import LAND, SPACE, TOWNSFOLK, WATER
from upriver.games.wayfarers.state import CARDS, SLOTS, State, host

ROWS = {"townsfolk": 0, "land": 1, "water": 2, "space": 3, "inspiration": 4}
GUILD = {"black": 0, "yellow": 1, "blue": 2}
PART = {"city": 0, "harbour": 1, "sky": 2, "observatory": 4, "library": 5, "market": 6,
        "reserve": 7}
# How the steps of some common effect parts end: a step of a part that is not plain names its
# part (``resolve.step_text``), "take T08 (2 silver)" + MARKET.
OBSERVATORY = " (of: space card | space tile)"
LIBRARY = " (of: journal | any influence & retrieve worker)"
MARKET = " (of: townsfolk card | 2 provisions)"
RESERVE = " (of: basic tile | 2 silver)"
LAND_TILE = " (of: land tile | 2 yellow influence)"  # a Land card's die action
ANY_GUILD = " (of: any influence)"
FREE_TOWNSFOLK = " (of: townsfolk card (free))"
SPACE_OFF = " (of: space card (1 silver off))"


def new(players: int = 2, seed: int = 0, **options: Any) -> Game:
    """A fresh game whose seat 0 moves first (the random first player is set to seat 0, and
    the seats' starting resources follow from that)."""
    g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
    st = g.state
    if st.first_player != 0:
        comp = st.cfg.comp
        st.first_player = 0
        st.seat = 0
        for seat in range(players):
            silver, provisions, guilds = comp.seats[seat]
            st.silver[seat] = silver
            st.provisions[seat] = provisions
            st.inf_supply[seat] = comp.influence - len(guilds)
            st.guild[seat * 3 : seat * 3 + 3] = [guilds.count(x) for x in range(3)]
    g._legal = None
    return g


def state(g: Game) -> State:
    st: State = g.state
    return st


def idx(g: Game, card_id: str) -> int:
    return int(state(g).cfg.comp.by_id[card_id])


def _lift(st: State, card: int) -> None:
    """Take a card from wherever it is (pile, display, drawn) so it can be put elsewhere."""
    for r, pile in enumerate(st.piles):
        if card in pile:
            i = pile.index(card)
            del pile[i]
            del st.pile_known[r][i]
            return
    if card in st.display:
        pos = st.display.index(card)
        row = pos // SLOTS
        # refill the slot from the pile so the display stays full
        st.display[pos] = st.piles[row].pop() if st.piles[row] else -1
        if st.display[pos] >= 0:
            st.pile_known[row].pop()
        return
    raise AssertionError(f"card {card} is not in a pile or on display")


def put_display(g: Game, row: str, slot: int, card_id: str) -> int:
    """Put a card in display slot ``slot`` (1-4) of ``row``; the card there goes back on top
    of its pile. Returns the card's index."""
    st = state(g)
    card = idx(g, card_id)
    pos = ROWS[row] * SLOTS + slot - 1
    if st.display[pos] == card:
        return card
    _lift(st, card)
    old = st.display[pos]
    if old >= 0:
        st.piles[ROWS[row]].append(old)
        st.pile_known[ROWS[row]].append(-1)
    st.display[pos] = card
    g._legal = None
    return card


def gain(g: Game, seat: int, card_id: str, under: str | int | None = None,
         above: str | int | None = None) -> int:
    """Put a card straight into a panorama, gained in an earlier turn: Land and Water cards in
    their rows, a Space card above ``above`` (a host: a card id or a board part name), a
    Townsfolk under ``under``, an Inspiration card above the Space card ``above``."""
    st = state(g)
    comp = st.cfg.comp
    card = idx(g, card_id)
    _lift(st, card)
    c = comp.cards[card]
    st.owner[card] = seat
    counts = {TOWNSFOLK: 3, LAND: 0, WATER: 1, SPACE: 2, 4: 4}
    st.ncards[seat * 5 + counts[c.type]] += 1
    for t in c.tags:
        st.tags[seat * 11 + t] += 1
    if c.type == LAND:
        st.lands[seat].append(card)
    elif c.type == WATER:
        st.waters[seat].append(card)
    elif c.type == SPACE:
        h = _host(g, seat, above) if above is not None else next(
            x for x in (*st.lands[seat], *st.waters[seat]) if st.above[x] < 0)
        st.above[h] = card
    elif c.type == TOWNSFOLK:
        assert under is not None
        st.tuck[_host(g, seat, under)] = card
    else:
        assert above is not None
        st.insp_on[_host(g, seat, above)] = card
    g._legal = None
    return card


def _host(g: Game, seat: int, where: str | int) -> int:
    if isinstance(where, int):
        return where
    if where in PART:
        return host(seat, PART[where])
    return idx(g, where)


def board_host(seat: int, part: str) -> int:
    return host(seat, PART[part])


def set_dice(g: Game, seat: int, values: list[int], reserve: int | None = None) -> None:
    st = state(g)
    st.dice[seat] = list(values)
    if reserve is not None:
        st.reserve[seat] = reserve
    g._legal = None


def give(g: Game, seat: int, *, silver: int | None = None, provisions: int | None = None,
         influence: int | None = None, black: int | None = None, yellow: int | None = None,
         blue: int | None = None, green_workers: int | None = None,
         yellow_workers: int | None = None, blue_workers: int | None = None) -> None:
    """Set a seat's holdings (only those named)."""
    st = state(g)
    if silver is not None:
        st.silver[seat] = silver
    if provisions is not None:
        st.provisions[seat] = provisions
    for g_name, value in (("black", black), ("yellow", yellow), ("blue", blue)):
        if value is not None:
            st.guild[seat * 3 + GUILD[g_name]] = value
    if influence is not None:
        st.inf_supply[seat] = influence
    for colour, value in enumerate((green_workers, yellow_workers, blue_workers)):
        if value is not None:
            st.workers[seat * 3 + colour] = value
    g._legal = None


def place_tile(g: Game, seat: int, tile_id: str, column: int, row: int, face: int = 0) -> None:
    """Put a tile in a caravan directly (columns and rows from 1), no icons gained."""
    st = state(g)
    comp = st.cfg.comp
    tile = next(t for t in comp.tiles if t.id == tile_id)
    cells = caravan_mod.cells_of(tile, (column - 1) + 6 * (row - 1))
    assert cells is not None
    for part, cell in enumerate(cells):
        assert st.caravan[seat * 18 + cell] < 0
        st.caravan[seat * 18 + cell] = tile.index * 8 + face * 2 + part
    st.tile_supply[tile.index] -= 1
    st.ntiles[seat * 5 + tile.colour] += 1
    for t in tile.tags:
        st.tags[seat * 11 + t] += 1
    g._legal = None


def play(g: Game, *actions: str) -> None:
    for a in actions:
        g.play(a)


def rest_turn(g: Game) -> None:
    """The seat to move Rests and declines everything after (rerolls, the end-of-turn Yellow,
    leftover effect parts), so the turn passes."""
    seat = state(g).seat
    play(g, "rest")
    while state(g).seat == seat and not g.is_over:
        a = acts(g)
        play(g, "keep the other dice" if "keep the other dice" in a
             else "end turn" if "end turn" in a else "done")


def acts(g: Game) -> list[str]:
    return g.legal_actions()


def starting(g: Game, text: str) -> list[str]:
    return [a for a in g.legal_actions() if a.startswith(text)]


assert CARDS == 160
