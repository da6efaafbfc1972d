"""Helpers for 12 Rivers rule tests."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "new", "placeable", "play", "position", "seat_view", "stretch_of", "totals"]
GAME = "twelve-rivers"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see twelve_rivers/position.py)."""
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, **options)


def placeable(game: Game) -> list[str]:
    """The spaces named by the legal "place ..." actions, in the order offered."""
    return [a.removeprefix("place ") for a in game.legal_actions() if a.startswith("place ")]


def stretch_of(space: str) -> str:
    """"R2-1P space 1" -> "R2-1P"."""
    return space.rsplit(" space ", 1)[0]
