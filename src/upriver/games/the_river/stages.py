"""The River's decision stages: what each stage offers, and a decision applied in the stage it
was taken in. The rules live in ``setup``, ``turns``, ``storage``, ``terrain`` and ``cleanup``;
this module only routes to them, and is compiled with them, so a step of play runs no
interpreted code between the core and the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from upriver.games.the_river import setup, storage, terrain, turns
from upriver.games.the_river.state import (
    ACTION_DONE,
    CHOOSE,
    COVER,
    OVER,
    PAY,
    PRELIM,
    STORE,
    SWAP_A,
    SWAP_B,
    TRADE,
    TURN,
    State,
)

Moves = list[tuple[object, ...]]


def _legal_prelim(st: State, texts: list[str], moves: Moves) -> None:
    for t in st.display:
        texts.append(f"take starting tile {st.cfg.comp.tiles[t].id}")
        moves.append(("prelim", t))


LEGAL: Final[dict[int, Callable[[State, list[str], Moves], None]]] = {
    PRELIM: _legal_prelim,
    TURN: turns.legal_turn,
    TRADE: turns.legal_trade,
    STORE: storage.legal_store,
    CHOOSE: terrain.legal_choose,
    PAY: turns.legal_pay,
    SWAP_A: turns.legal_swap_a,
    SWAP_B: turns.legal_swap_b,
    COVER: terrain.legal_cover,
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
    stage = st.stage
    if stage == PRELIM:
        setup.apply_prelim(st, move[1])
    elif stage == TURN:
        turns.apply_turn(st, move)
    elif stage == TRADE:
        turns.apply_trade(st, move[1], move[2])
    elif stage == STORE:
        storage.apply_store(st, move)
    elif stage == CHOOSE:
        terrain.apply_choose(st, move[1])
    elif stage == PAY:
        turns.apply_pay(st, move[1], move[2], move[3])
    elif stage == SWAP_A:
        turns.apply_swap_a(st, move[1])
    elif stage == SWAP_B:
        turns.apply_swap_b(st, move[1])
    elif stage == COVER:
        terrain.apply_cover(st, move)
    else:  # pragma: no cover
        raise AssertionError(f"no decision in stage {stage}")
    if st.stage == ACTION_DONE:  # setup's picks and the turns go on from a finished action
        if st.prelim_order:
            setup.after_prelim_pick(st)
        else:
            turns.end_turn(st)
