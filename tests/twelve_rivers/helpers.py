"""Small helpers for 12 Rivers rule tests: build positions, play scripted decisions."""

from __future__ import annotations

from typing import Any

import upriver
from upriver.core.game import Game
from upriver.core.registry import rules_for

GAME = "twelve-rivers"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see twelve_rivers/position.py)."""
    return upriver.from_position(GAME, text)


def play(game: Game, *actions: str) -> Game:
    """Play each action in turn (each must be legal)."""
    for action in actions:
        game.play(action)
    return game


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """The public part of one seat's own entry in the game's view."""
    entry: dict[str, Any] = game.view(seat)["players"][seat]
    return entry


def totals(game: Game) -> dict[str, int]:
    """Every component counted wherever it lies (constant for a whole game)."""
    rules: Any = rules_for(GAME)
    counts: dict[str, int] = rules.component_totals(game.state)
    return counts


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return upriver.new_game(GAME, players=players, seed=seed, **options)
