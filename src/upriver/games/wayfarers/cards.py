"""Cards: the display rows, Influence fees, acquiring, tucking and the effects a gain triggers
(rulebook 004, "Cards", "Acquiring Cards", "Influence"; checklist sections CARD, ACQ, INF).
"""

from __future__ import annotations

from upriver.games.wayfarers.components import INSPIRATION, LAND, SPACE, TOWNSFOLK, WATER, Card
from upriver.games.wayfarers.stack import Effect, push, push_effects
from upriver.games.wayfarers.state import (
    AI,
    AI_MARKERS,
    CARDS,
    CITY,
    F_INSP,
    F_KEEP,
    F_TUCK,
    FEE_STEPS,
    FROM_HOST,
    FROM_SLOT,
    HARBOUR,
    KNOWN_TO_ALL,
    SKY,
    SLOTS,
    State,
    host,
)

# ncards columns, by card type (townsfolk, land, water, space, inspiration)
COUNT_COLUMN = (3, 0, 1, 2, 4)


def slot_of(st: State, card: int) -> int:
    """The display position (row * 4 + slot) of a face-up card, -1 if it is not on display."""
    try:
        return st.display.index(card)
    except ValueError:
        return -1


def fee_due(st: State, card: int, seat: int) -> bool:
    """Interacting with a card under another player's Influence costs a fee (WF-INF-08/09)."""
    return st.card_inf[card] not in (-1, seat)


def fee_ways(st: State, seat: int, silver_needed: int, provisions_needed: int,
             card: int) -> tuple[int, ...]:
    """How the fee can be paid beside a price (0: no fee; 1: Silver; 2: a Provision), given
    the price must also be paid (WF-INF-10/11)."""
    if not fee_due(st, card, seat):
        ok = st.silver[seat] >= silver_needed and st.provisions[seat] >= provisions_needed
        return (0,) if ok else ()
    ways = []
    if st.silver[seat] >= silver_needed + 1 and st.provisions[seat] >= provisions_needed:
        ways.append(1)
    if st.silver[seat] >= silver_needed and st.provisions[seat] >= provisions_needed + 1:
        ways.append(2)
    return tuple(ways)


def fee_text(st: State, card: int, way: int) -> str:
    if way == 0:
        return ""
    what = "silver" if way == 1 else "provision"
    return f", fee 1 {what} to seat {st.card_inf[card]}"


def pay_fee(st: State, seat: int, card: int, way: int) -> None:
    if way == 0:
        return
    to = st.card_inf[card]
    if way == 1:
        st.silver[seat] -= 1
    else:
        st.provisions[seat] -= 1
    if st.ai and to == AI:
        # To the main supply; the opponent's Resource Track moves a step as soon as this
        # decision is applied (WF-SOLO-57, WF-SOLO-18, WF-RUL-24).
        st.ai[AI_MARKERS][FEE_STEPS] += 1
    elif way == 1:
        st.silver[to] += 1
    else:
        st.provisions[to] += 1


def take_from_display(st: State, seat: int, card: int) -> int:
    """Remove an acquired card from its display slot: its Workers go to the acquirer and its
    Influence back to its owner (WF-ACQ-10, WF-INF-06). Returns the slot (0-3)."""
    pos = st.display.index(card)
    st.display[pos] = -1
    bits = st.card_workers[card]
    for colour in range(3):
        if bits >> colour & 1:
            st.workers[seat * 3 + colour] += 1
    st.w_card_workers()[card] = 0
    st.w_worker_new()[card] = 0
    if st.card_inf[card] >= 0:
        st.inf_supply[st.card_inf[card]] += 1
        st.w_card_inf()[card] = -1
    return pos % SLOTS


def space_hosts(st: State, seat: int) -> list[int]:
    """The seat's Land and Water cards with no Space card above yet (WF-CARD-19)."""
    return [c for c in (*st.lands[seat], *st.waters[seat]) if st.above[c] < 0]


def tuck_hosts(st: State, seat: int, townsfolk: int) -> list[int]:
    """Where a Townsfolk card may be tucked: a Land or Water card of the seat (the Capital
    City and Harbour included) that shows one of its required tags and has none tucked
    (WF-CARD-41..48)."""
    comp = st.cfg.comp
    need = comp.cards[townsfolk].hosts
    out = []
    for h, card in ((host(seat, CITY), comp.capital_city), (host(seat, HARBOUR),
                                                           comp.capital_harbour)):
        if st.tuck[h] < 0 and any(t in need for t in card.tags):
            out.append(h)
    for c in (*st.lands[seat], *st.waters[seat]):
        if st.tuck[c] < 0 and any(t in need for t in comp.cards[c].tags):
            out.append(c)
    return out


def open_host_tags(st: State, seat: int) -> set[int]:
    """The tags shown by the seat's Land and Water cards (Capital City and Harbour included)
    with no Townsfolk tucked yet: a Townsfolk needing one of them has a host."""
    comp = st.cfg.comp
    shown: set[int] = set()
    if st.tuck[host(seat, CITY)] < 0:
        shown.update(comp.capital_city.tags)
    if st.tuck[host(seat, HARBOUR)] < 0:
        shown.update(comp.capital_harbour.tags)
    for c in (*st.lands[seat], *st.waters[seat]):
        if st.tuck[c] < 0:
            shown.update(comp.cards[c].tags)
    return shown


def inspiration_hosts(st: State, seat: int) -> list[int]:
    """The seat's Space cards, the Capital Sky included, with no Inspiration card above
    (WF-CARD-34/35)."""
    out = [host(seat, SKY)] if st.insp_on[host(seat, SKY)] < 0 else []
    out += [st.above[c] for c in (*st.lands[seat], *st.waters[seat])
            if st.above[c] >= 0 and st.insp_on[st.above[c]] < 0]
    return out


def host_name(st: State, h: int) -> str:
    comp = st.cfg.comp
    if h < CARDS:
        return comp.cards[h].id
    part = (h - CARDS) % 8
    if part >= 4:
        return comp.centre[part - 4][0]
    return ("Capital City", "Capital Harbour", "Capital Sky", "Capital Townsfolk")[part]


def _add_tags(st: State, seat: int, tags: tuple[int, ...]) -> None:
    for t in tags:
        st.tags[seat * 11 + t] += 1


def vista_triggers(st: State, seat: int, tags: tuple[int, ...], townsfolk: bool,
                   out: list[Effect]) -> None:
    """The Vistas of ``seat`` that fire on a gained item with these tags (or a Townsfolk),
    once per item, never for a Vista or Townsfolk gained this turn, each with the ability of
    the Townsfolk tucked under it (WF-CARD-05..10, WF-RUL-06)."""
    comp = st.cfg.comp
    for c in st.lands[seat]:
        card = comp.cards[c]
        if card.kind != "vista" or c in st.fresh:
            continue
        if any(t in tags for t in card.trigger) or (townsfolk and -1 in card.trigger):
            out.append((card.ability, 0, FROM_HOST + c))
            tf = st.tuck[c]
            if tf >= 0 and tf not in st.fresh and not comp.cards[tf].resting:
                out.append((comp.cards[tf].ability, 0, FROM_HOST + tf))


def gain_card(st: State, seat: int, card: int, slot: int) -> None:
    """A card enters the seat's panorama, and what it triggers is pushed as one bundle: its
    immediate effect, its Water links and the Vistas it fires (WF-CARD-04, WF-RUL-07)."""
    comp = st.cfg.comp
    c = comp.cards[card]
    if c.type == TOWNSFOLK:
        push(st, F_TUCK, card)
        return
    if c.type == INSPIRATION:
        push(st, F_INSP, card, slot)
        return
    st.w_owner()[card] = seat
    st.fresh.append(card)
    effects: list[Effect] = []
    if c.type == LAND:
        st.lands[seat].append(card)
    elif c.type == WATER:
        left = st.waters[seat][-1] if st.waters[seat] else -1
        links = comp.cards[left].right_links if left >= 0 else comp.capital_harbour.right_links
        edge = FROM_HOST + (left if left >= 0 else host(seat, HARBOUR))
        st.waters[seat].append(card)
        # Only the new card's left edge pays, against its left neighbour (WF-CARD-15..17).
        for row, bar in enumerate(c.left_bars):
            if bar and links[row] >= 0:
                effects.append((links[row], 0, edge))
    elif c.type == SPACE:
        st.w_above()[space_hosts(st, seat)[0]] = card
    st.ncards[seat * 5 + COUNT_COLUMN[c.type]] += 1
    _add_tags(st, seat, c.tags)
    effects.insert(0, (c.immediate, 0, FROM_HOST + card))
    vista_triggers(st, seat, c.tags, False, effects)
    push_effects(st, effects)


def tuck(st: State, seat: int, townsfolk: int, h: int) -> None:
    st.w_owner()[townsfolk] = seat
    st.fresh.append(townsfolk)
    st.w_tuck()[h] = townsfolk
    st.ncards[seat * 5 + 3] += 1
    effects: list[Effect] = []
    vista_triggers(st, seat, (), True, effects)
    push_effects(st, effects)


def place_inspiration(st: State, seat: int, card: int, h: int) -> None:
    st.w_owner()[card] = seat
    st.fresh.append(card)
    st.w_insp_on()[h] = card
    st.ncards[seat * 5 + 4] += 1


def discard_inspiration(st: State, card: int, slot: int) -> None:
    """Face down under the Inspiration pile, for the action of its slot (WF-CARD-34/36)."""
    st.piles[INSPIRATION].insert(0, card)
    st.pile_known[INSPIRATION].insert(0, KNOWN_TO_ALL)
    push_effects(st, [(st.cfg.comp.slot_actions[INSPIRATION][slot], 0,
                       FROM_SLOT + INSPIRATION * SLOTS + slot)])


def draw(st: State, seat: int, ctype: int, n: int) -> None:
    """Draw N from a pile to keep one (WF-OP-23); a short pile gives what it has (WF-RUL-05)."""
    pile = st.piles[ctype]
    known = st.pile_known[ctype]
    k = min(n, len(pile))
    if k == 0:
        return
    st.drawn = pile[-k:][::-1]
    del pile[-k:]
    del known[-k:]
    st.drawer = seat
    push(st, F_KEEP, ctype)


def keep(st: State, seat: int, ctype: int, card: int) -> None:
    """Keep one drawn card; the others go under the pile in the order drawn (WF-RUL-17)."""
    rest = [c for c in st.drawn if c != card]
    st.piles[ctype][:0] = rest[::-1]
    st.pile_known[ctype][:0] = [seat] * len(rest)
    st.drawn = []
    st.drawer = -1
    gain_card(st, seat, card, -1)


def refill(st: State) -> None:
    """End of turn: each row slides toward slot 1 and fills from its pile (WF-ACQ-13..16)."""
    if -1 not in st.display:
        return  # no slot is empty: nothing slides, nothing is drawn
    for row in range(5):
        base = row * SLOTS
        cards = [c for c in st.display[base : base + SLOTS] if c >= 0]
        if len(cards) == SLOTS:
            continue  # nothing taken from this row
        pile = st.piles[row]
        while len(cards) < SLOTS and pile:
            cards.append(pile.pop())
            st.pile_known[row].pop()
        cards += [-1] * (SLOTS - len(cards))
        st.display[base : base + SLOTS] = cards


def card_label(c: Card) -> str:
    return c.id
