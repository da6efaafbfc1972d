"""12 Rivers' decision stages: what each stage offers, and a decision applied in the stage it
was taken in. The rulebook's parts (``exploration``, ``collection``, ``delivery``...) hold the
rules; this module only routes to them, and is compiled with them, so a step of play runs no
interpreted code between the core and the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from upriver.games.twelve_rivers import collection, delivery, exploration, taking_cards
from upriver.games.twelve_rivers.state import (
    BANNER_STEP,
    CARDS,
    DELIVER,
    EARTH_STEP,
    INSTRUMENT_STEP,
    LAKE_DISCARD,
    LANTERN_STEP,
    MUSHROOM_STEP,
    OVER,
    PAIRS,
    PAY,
    PLACE,
    RIVER,
    SEA,
    SUP_FROM,
    SUP_TO,
    VILLAGE,
    State,
)

Moves = list[tuple[object, ...]]
Legal = Callable[[State, list[str], Moves], None]

LEGAL: Final[dict[int, Legal]] = {
    PLACE: exploration.legal_place,
    PAY: exploration.legal_pay,
    CARDS: taking_cards.legal_cards,
    PAIRS: exploration.legal_pairs,
    BANNER_STEP: exploration.legal_banner,
    LANTERN_STEP: exploration.legal_lantern,
    SUP_FROM: exploration.legal_supplies_from,
    SUP_TO: exploration.legal_supplies_to,
    RIVER: collection.legal_river,
    SEA: collection.legal_sea,
    VILLAGE: collection.legal_village,
    INSTRUMENT_STEP: collection.legal_instrument,
    DELIVER: delivery.legal_deliver,
    EARTH_STEP: delivery.legal_earth,
    LAKE_DISCARD: collection.legal_lake_discard,
    MUSHROOM_STEP: delivery.legal_mushroom,
}


# The core's three questions, as ``RulesBase`` asks them, but typed with this game's State so
# the compiled code reads its fields natively (hence one copy per game).
def to_move(st: State) -> int | None:
    return None if st.stage == OVER else st.seat


def is_over(st: State) -> bool:
    return st.stage == OVER


def legal(st: State) -> tuple[list[str], list[tuple[object, ...]]]:
    """Every decision of the seat to move, as texts and the moves they stand for."""
    texts: list[str] = []
    moves: Moves = []
    if st.stage != OVER:
        LEGAL[st.stage](st, texts, moves)
    return texts, moves


def apply(st: State, move: tuple[Any, ...]) -> None:
    delivering = st.delivering
    _apply(st, move)
    if delivering and st.delivering:
        st.dl_moves += 1  # kept from the other seats until every seat has delivered


def _apply(st: State, move: tuple[Any, ...]) -> None:
    op = move[0]
    stage = st.stage
    if op == "use earth":
        delivery.apply_use_earth(st)
    elif op == "use mushroom":
        delivery.apply_use_mushroom(st)
    elif stage == PLACE:
        exploration.apply_place(st, move[1])
    elif stage == PAY:
        exploration.apply_pay(st, move[1])
    elif stage == CARDS:
        taking_cards.apply_cards(st, move[1])
    elif stage == PAIRS:
        if op == "end":
            exploration.end_turn(st)
        else:
            exploration.apply_pair(st, move[1], move[2])
    elif stage == BANNER_STEP:
        exploration.apply_banner(st, move[1])
    elif stage == LANTERN_STEP:
        exploration.apply_lantern(st, move[1], move[2])
    elif stage == SUP_FROM:
        exploration.apply_supplies_from(st, move[1])
    elif stage == SUP_TO:
        exploration.apply_supplies_to(st, move[1])
    elif stage == RIVER:
        collection.apply_river(st, move)
    elif stage == SEA:
        collection.apply_sea(st, move)
    elif stage == VILLAGE:
        collection.apply_village(st, move[1])
    elif stage == INSTRUMENT_STEP:
        collection.apply_instrument(st, move)
    elif stage == DELIVER:
        delivery.apply_deliver(st, move)
    elif stage == EARTH_STEP:
        delivery.apply_earth(st, move)
        if st.stage == LAKE_DISCARD:  # a breeze fairy may have made room
            collection.check_lake(st)
    elif stage == LAKE_DISCARD:
        collection.apply_lake_discard(st, move[1])
    elif stage == MUSHROOM_STEP:
        delivery.apply_mushroom(st, move[1], move[2])
    else:  # pragma: no cover - the core never applies a move to a finished game
        raise AssertionError(f"no decision in stage {stage}")
