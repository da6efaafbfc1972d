"""Taking supply cards one at a time, each with its own choice (rulebook 000, "Supply Cards in
the Exploration Phase" and "Village"): after a marker on a final stretch (optional, then pairs)
and after befriending a Markaya (then an instrument pair may follow). Both phases hand this step
their way on, so it sits above them."""

from __future__ import annotations

from upriver.games.twelve_rivers import collection, delivery, exploration, supply
from upriver.games.twelve_rivers.state import AFTER_GAIN, State

Moves = list[tuple[object, ...]]


def legal_cards(st: State, texts: list[str], moves: Moves) -> None:
    supply.take_options(st, texts, moves)
    if st.cards_optional:
        texts.append(supply.NO_CARD_TEXT)
        moves.append(("take", -2))
    delivery.add_earth_option(st, texts, moves)  # at any moment (TR-FAIRY-08)


def apply_cards(st: State, kind: int) -> None:
    """One card at a time, each with its own choice (TR-CARD-05)."""
    if kind == -2:
        st.cards_left = 0
    else:
        supply.take_card(st, st.seat, kind)
        st.cards_left -= 1
    if st.cards_left and supply.can_take(st):
        return
    if st.after_cards == AFTER_GAIN:
        exploration.enter_pairs(st)
    else:
        collection.after_befriend(st)
