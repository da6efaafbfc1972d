"""Helpers for The River rule tests."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "new", "play", "position", "seat_view", "totals"]
GAME = "the-river"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see the_river/position.py)."""
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, **options)
