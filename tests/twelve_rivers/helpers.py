"""Helpers for 12 Rivers rule tests."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "new", "play", "position", "seat_view", "totals"]
GAME = "twelve-rivers"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see twelve_rivers/position.py)."""
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, **options)
