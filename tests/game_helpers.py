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


def turn_order(game: Game) -> list[int]:
    """12 Rivers: the seats in turn order before anyone has placed (the track's front)."""
    track: list[int] = game.view(None)["track"][: game.num_players]
    return track


def position_of(game_id: str, text: str) -> Game:
    return upriver.from_position(game_id, text)


def new_of(game_id: str, players: int, seed: int, **options: Any) -> Game:
    return upriver.new_game(game_id, players=players, seed=seed, **options)


def current(game: Game) -> dict[str, Any]:
    """The view of the seat that must decide now."""
    seat = game.to_move
    assert seat is not None
    return game.view(seat)


def deliveries(game: Game) -> list[str]:
    """The delivery actions on offer, sorted."""
    return sorted(a for a in game.legal_actions() if a.startswith("deliver "))


def pearls_on(game: Game, seat: int, tile: str) -> list[str | None]:
    """The pearls on each spot of one of a seat's Markaya (12 Rivers)."""
    for entry in seat_view(game, seat)["markaya"]:
        if entry["id"] == tile:
            pearls: list[str | None] = entry["pearls"]
            return pearls
    raise AssertionError(f"seat {seat} has no tile {tile}")
