"""Building solo positions for tests: a solo game, the opponent's markers and Scheme cards set
directly, and the opponent's steps or whole turn run on demand. Arranging bypasses the rules on
purpose; the steps and turns themselves go through them."""

from __future__ import annotations

from typing import Any

import upriver
from tests.wayfarers.helpers import state
from upriver.core.game import Game
from upriver.games.wayfarers import opponent, turns
from upriver.games.wayfarers.solo_components import load_solo
from upriver.games.wayfarers.state import (
    AI,
    AI_MARKERS,
    AI_REVEALED,
    F_AI,
    F_ALLOW,
    TRACK,
)

BOARDS = ("stargazer", "inventor", "mayor", "wayfarer")


def new_solo(board: str = "stargazer", seed: int = 0, **options: Any) -> Game:
    return upriver.new_game("wayfarers", players=1, seed=seed, ai_board=board, **options)


def markers(g: Game) -> list[int]:
    """The opponent's markers (index with state.TRACK, COMET_TRACK, AI_BOARD, FILLED,
    EXTRA_STEP, FEE_STEPS); changes to the list change the game."""
    out: list[int] = state(g).ai[AI_MARKERS]
    return out


def scheme_index(scheme_id: str) -> int:
    return next(i for i, s in enumerate(load_solo().schemes) if s.id == scheme_id)


def set_revealed(g: Game, *scheme_ids: str) -> None:
    """These Scheme cards face up, in reveal order; the others face down."""
    st = state(g)
    up = [scheme_index(s) for s in scheme_ids]
    st.ai[AI_REVEALED] = up
    st.schemes = [i for i in range(6) if i not in up]
    g._legal = None


def set_next(g: Game, *scheme_ids: str) -> None:
    """The face-down pile so these Scheme cards are revealed next, in this order."""
    st = state(g)
    pile = [i for i in st.schemes if i not in {scheme_index(s) for s in scheme_ids}]
    st.schemes = pile + [scheme_index(s) for s in reversed(scheme_ids)]
    g._legal = None


def set_track(g: Game, space: int) -> None:
    markers(g)[TRACK] = space
    g._legal = None


def run_steps(g: Game, *steps: tuple[int, int]) -> None:
    """Run opponent steps (``(operation, parameter)``, operations of solo_components or
    opponent) now, outside any turn; they stop where the human must answer (F_ALLOW)."""
    st = state(g)
    assert not st.stack, "run steps between turns"
    st.main_done = 0
    opponent.push_steps(st, steps)
    turns.settle(st)
    g._legal = None


def opponent_turn(g: Game) -> None:
    """Play the opponent's whole turn now, as if the human's turn had just ended; it stops
    where the human must answer. Afterwards the human is to move (``st.seat`` 0)."""
    st = state(g)
    assert not st.stack
    st.seat = AI
    opponent.start_turn(st)
    g._legal = turns.settle(st)


def waiting_on_human(g: Game) -> bool:
    """An allow-or-deny question for the human is pending."""
    st = state(g)
    return bool(st.stack) and st.stack[-4] == F_ALLOW


def human_pass(g: Game) -> None:
    """The human Rests and declines everything after, so the opponent takes its turn; stops at
    the human's next turn, at the end, or at an allow-or-deny question."""
    st = state(g)
    turn = st.turn
    g.play("rest")
    while not g.is_over and not waiting_on_human(g) and (st.turn < turn + 2 or st.stack):
        a = g.legal_actions()
        g.play("keep the other dice" if "keep the other dice" in a
               else "end turn" if "end turn" in a else "done")


assert F_AI != F_ALLOW
