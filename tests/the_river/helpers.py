"""Helpers for The River rule tests."""

from __future__ import annotations

import json
from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "new", "play", "position", "position_from", "seat_view", "totals"]
GAME = "the-river"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see the_river/position.py)."""
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, **options)


def position_from(top: dict[str, Any], seats: tuple[dict[str, Any], ...] = (),
                  spots: dict[str, int] | None = None,
                  options: dict[str, Any] | None = None) -> Game:
    """A game from position values: top-level keys, taken spots, options and seat tables."""
    lines = [f"{key} = {json.dumps(value)}" for key, value in top.items()]
    if spots:
        lines.append("[spots]")
        lines += [f'"{name}" = {seat}' for name, seat in spots.items()]
    if options:
        lines.append("[options]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in options.items()]
    for seat in seats:
        lines.append("[[seat]]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in seat.items()]
    return position("\n".join(lines))
