"""Helpers for The River rule tests: positions, scripted decisions, component totals."""

from __future__ import annotations

from typing import Any

import upriver
from upriver.core.game import Game
from upriver.core.registry import rules_for

GAME = "the-river"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see the_river/position.py)."""
    return upriver.from_position(GAME, text)


def play(game: Game, *actions: str) -> Game:
    for action in actions:
        game.play(action)
    return game


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = game.view(seat)["players"][seat]
    return entry


def totals(game: Game) -> dict[str, int]:
    rules: Any = rules_for(GAME)
    counts: dict[str, int] = rules.component_totals(game.state)
    return counts


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return upriver.new_game(GAME, players=players, seed=seed, **options)
