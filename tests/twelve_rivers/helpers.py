"""Helpers for 12 Rivers rule tests."""

from __future__ import annotations

from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "SUPPLIES_TURN", "new", "placeable", "play", "position", "seat_view",
           "stretch_of", "totals"]
GAME = "twelve-rivers"
# Seat 0 to place, a marker already on R4-A and a supplies pair in hand: a turn that reaches
# every step of a supplies move.
SUPPLIES_TURN = """
players = 2
track = "0 1 0 1 1"
[spaces]
"R4-A space 1" = 0
[[seat]]
hand = "supplies supplies banner"
"""


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
