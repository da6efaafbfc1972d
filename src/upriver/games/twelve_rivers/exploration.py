"""The exploration phase: placing family markers, paying, and the banner, lantern and supplies
pairs (rulebook 000, "Exploration Phase" and "Supply Cards in the Exploration Phase")."""

from __future__ import annotations

from typing import Final

from upriver.games.twelve_rivers import collection, delivery, supply
from upriver.games.twelve_rivers.components import (
    BANNER,
    FIRE,
    LANTERN,
    SUPPLIES,
    WIND,
)
from upriver.games.twelve_rivers.preparation import start_turn
from upriver.games.twelve_rivers.state import (
    AFTER_GAIN,
    BANNER_STEP,
    CARDS,
    LANTERN_STEP,
    PAIRS,
    PAY,
    SUP_FROM,
    SUP_TO,
    State,
)

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

Moves = list[tuple[object, ...]]
END_TURN: Final = "end turn"


_PLACE_TEXTS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}


def place_texts_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """The placing texts of a board's spaces, made once per board: keyed by the space names
    themselves, so two boards never share an answer (a key by ``id()`` could be reused)."""
    texts = _PLACE_TEXTS.get(names)
    if texts is None:
        texts = _PLACE_TEXTS[names] = tuple(f"place {n}" for n in names)
    return texts


def legal_place(st: State, texts: list[str], moves: Moves) -> None:
    """Any free space in play whose cost the player can meet (TR-EXPL-02, -03, -15)."""
    seat = st.seat
    hands = st.hands
    budget = sum(hands[k] for k in range(seat * 5, seat * 5 + 5)) + st.fairies[seat * 5 + FIRE]
    wind = st.fairies[seat * 5 + WIND] > 0
    cfg = st.cfg
    cost = cfg.comp.space_cost
    occ = st.occ
    names, placing = cfg.place_texts, cfg.place_moves
    for sp in cfg.play_spaces:
        if occ[sp] < 0 and (cost[sp] <= budget or wind):
            texts.append(names[sp])
            moves.append(placing[sp])
    delivery.add_earth_option(st, texts, moves)


def apply_place(st: State, sp: int) -> None:
    seat = st.seat
    track = st.track
    track[track.index(seat)] = -1  # the frontmost marker is this seat's (TR-EXPL-01)
    st.occ[sp] = seat
    st.last_placed = sp
    st.cur_space = sp
    cost = st.cfg.comp.space_cost[sp]
    if cost > 0:
        st.stage = PAY
        st.pay_left = st.pay_full = cost
    else:
        after_payment(st)


def legal_pay(st: State, texts: list[str], moves: Moves) -> None:
    """One card (any kind, TR-EXPL-12) or a fire fairy at a time; a wind fairy waives the whole
    cost before anything is paid (TR-FAIRY-12). Only what still lets the cost be met is offered."""
    seat = st.seat
    comp = st.cfg.comp
    hand = st.hands[seat * 5 : seat * 5 + 5]
    fire = st.fairies[seat * 5 + FIRE]
    if st.pay_left == st.pay_full and st.fairies[seat * 5 + WIND] > 0:
        texts.append(f"pay {comp.fairy_names[WIND]} fairy")
        moves.append(("pay", -2))
    if sum(n for n in hand) + fire >= st.pay_left:  # else only the wind fairy makes it affordable
        for k in range(5):
            if hand[k]:
                texts.append(f"pay {comp.card_names[k]}")
                moves.append(("pay", k))
        if fire:
            texts.append(f"pay {comp.fairy_names[FIRE]} fairy")
            moves.append(("pay", -1))
    delivery.add_earth_option(st, texts, moves)  # at any moment (TR-FAIRY-08, TR22-RULING-11)


def apply_pay(st: State, what: int) -> None:
    seat = st.seat
    if what == -2:
        supply.use_fairy(st, seat, WIND)
        st.pay_left = 0
    elif what == -1:
        supply.use_fairy(st, seat, FIRE)  # TR-FAIRY-04
        st.pay_left -= 1
    else:
        supply.discard_card(st, seat, what)  # TR-EXPL-13
        st.pay_left -= 1
    if st.pay_left == 0:
        after_payment(st)


def after_payment(st: State) -> None:
    """Take the fairies beside the chosen stretch (TR-EXPL-19), then the final stretch's optional
    card (TR-EXPL-18), then pairs. Fairies come after the cost is settled: see the rulings."""
    comp = st.cfg.comp
    stretch = comp.space_stretch[st.cur_space]
    if st.cfg.e2022:  # the +1 row and the +2 / +1 village grooves give cards at once
        gain = 1 if stretch >= 0 and comp.stretch_gain[stretch] else 0
        if st.cur_space in comp.village:
            gain = st.cfg.village_gains[comp.village.index(st.cur_space)]
        supply.gain_cards(st, st.seat, gain)  # TR22-CAMP-06, TR22-CAMP-13
    if stretch >= 0:
        for site in comp.stretch_sites[stretch]:
            base = site * 5
            for k in range(5):
                n = st.sites[base + k]
                if n:
                    st.sites[base + k] = 0
                    st.fairies[st.seat * 5 + k] += n
                    st.fairies_taken[st.seat * 5 + k] += n
        if comp.stretch_gain[stretch] and not st.cfg.e2022 and supply.can_take(st):
            st.stage = CARDS
            st.cards_left = 1
            st.cards_optional = 1
            st.after_cards = AFTER_GAIN
            return
    enter_pairs(st)


def _pair_options(st: State, texts: list[str], moves: Moves) -> None:
    if st.cfg.e2022:
        return  # camp cards have no powers (TR22-COMP-07)
    seat = st.seat
    if seat in st.track:  # TR-RULING-15: a banner needs a marker still on the track
        supply.add_pair_options(st, seat, BANNER, texts, moves)
    if any(x for x in st.sites):
        supply.add_pair_options(st, seat, LANTERN, texts, moves)
    occ = st.occ
    if any(occ[sp] == seat and sp != st.last_placed for sp in st.cfg.play_spaces):
        supply.add_pair_options(st, seat, SUPPLIES, texts, moves)


def enter_pairs(st: State) -> None:
    """After placing and settling the cost, pairs may be played (TR-EXPL-09); a turn with no pair
    or earth fairy to use ends at once."""
    texts: list[str] = []
    moves: Moves = []
    _pair_options(st, texts, moves)
    delivery.add_earth_option(st, texts, moves)
    if texts:
        st.stage = PAIRS
    else:
        end_turn(st)


def legal_pairs(st: State, texts: list[str], moves: Moves) -> None:
    _pair_options(st, texts, moves)
    delivery.add_earth_option(st, texts, moves)
    texts.append(END_TURN)
    moves.append(("end",))


def apply_pair(st: State, kind: int, mode: int) -> None:
    supply.pay_pair(st, st.seat, kind, mode)
    st.stage = {BANNER: BANNER_STEP, LANTERN: LANTERN_STEP, SUPPLIES: SUP_FROM}[kind]


def legal_banner(st: State, texts: list[str], moves: Moves) -> None:
    """A banner moves one of the player's own markers still on the track (TR-CARD-15, -17)."""
    for slot, seat in enumerate(st.track):
        if seat == st.seat:
            texts.append(f"banner: move marker on track space {slot + 1} to the front")
            moves.append(("banner", slot))
    delivery.add_earth_option(st, texts, moves)


def apply_banner(st: State, slot: int) -> None:
    track = st.track
    seat = track[slot]
    track[slot] = -1
    front = next(i for i, s in enumerate(track) if s >= 0) if any(s >= 0 for s in track) else 1
    if front > 0:
        track[front - 1] = seat
    else:  # no free space ahead: lay the markers out again, this one first
        order = [seat] + [s for s in track if s >= 0]
        track[:] = order + [-1] * (len(track) - len(order))
    enter_pairs(st)


def legal_lantern(st: State, texts: list[str], moves: Moves) -> None:
    """A lantern takes one fairy of the player's choice from any site (TR-CARD-18, -19)."""
    comp = st.cfg.comp
    for site, name in enumerate(comp.site_ids):
        for k in range(5):
            if st.sites[site * 5 + k]:
                texts.append(f"lantern: take {comp.fairy_names[k]} fairy from {name}")
                moves.append(("lantern", site, k))
    delivery.add_earth_option(st, texts, moves)


def apply_lantern(st: State, site: int, kind: int) -> None:
    st.sites[site * 5 + kind] -= 1
    st.fairies[st.seat * 5 + kind] += 1
    st.fairies_taken[st.seat * 5 + kind] += 1
    enter_pairs(st)


def legal_supplies_from(st: State, texts: list[str], moves: Moves) -> None:
    """Supplies move another of the player's placed markers (TR-CARD-20)."""
    names = st.cfg.comp.space_names
    for sp in st.cfg.play_spaces:
        if st.occ[sp] == st.seat and sp != st.last_placed:
            texts.append(f"supplies: move marker from {names[sp]}")
            moves.append(("from", sp))
    delivery.add_earth_option(st, texts, moves)


def apply_supplies_from(st: State, sp: int) -> None:
    st.moving_from = sp
    st.stage = SUP_TO


def legal_supplies_to(st: State, texts: list[str], moves: Moves) -> None:
    """To any free space in play, free of cost, and not a placement (TR-CARD-21, -22)."""
    names = st.cfg.comp.space_names
    for sp in st.cfg.play_spaces:
        if st.occ[sp] < 0:
            texts.append(f"supplies: move it to {names[sp]}")
            moves.append(("to", sp))
    delivery.add_earth_option(st, texts, moves)


def apply_supplies_to(st: State, sp: int) -> None:
    st.occ[st.moving_from] = -1  # TR-CARD-23: the old space is free again
    st.occ[sp] = st.seat
    st.moving_from = -1
    enter_pairs(st)


def end_turn(st: State) -> None:
    """Next marker on the track, or the collection phase once the track is empty (TR-EXPL-07)."""
    st.turns += 1
    if any(s >= 0 for s in st.track):
        start_turn(st)
    else:
        collection.start(st)
