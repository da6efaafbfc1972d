"""Helpers for 12 Rivers 2022-edition rule tests: positions and games under edition = "2022"."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals, turn_order
from upriver.core.game import Game

__all__ = ["GAME", "new", "play", "position", "seat_view", "totals", "turn_order"]
GAME = "twelve-rivers"


def position(text: str) -> Game:
    """A 2022 position: ``[options] edition = "2022"`` is added unless the text has options."""
    if "[options]" not in text:
        text = text + '\n[options]\nedition = "2022"\n'
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, edition="2022", **options)
