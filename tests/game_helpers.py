"""Helpers every game's rule tests share: positions, scripted decisions, component totals."""

from __future__ import annotations

from typing import Any

import upriver
from upriver.core.game import Game
from upriver.core.registry import rules_for


def play(game: Game, *actions: str) -> Game:
    """Play each action in turn (each must be legal)."""
    for action in actions:
        game.play(action)
    return game


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """One seat's own entry in that seat's view."""
    entry: dict[str, Any] = game.view(seat)["players"][seat]
    return entry


def totals(game: Game) -> dict[str, int]:
    """Every component counted wherever it lies (constant for a whole game)."""
    rules: Any = rules_for(game.game_id)
    counts: dict[str, int] = rules.component_totals(game.state)
    return counts


def position_of(game_id: str, text: str) -> Game:
    return upriver.from_position(game_id, text)


def new_of(game_id: str, players: int, seed: int, **options: Any) -> Game:
    return upriver.new_game(game_id, players=players, seed=seed, **options)
