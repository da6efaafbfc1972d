"""Helpers for The River rule tests."""

from __future__ import annotations

import json
from typing import Any

from tests.game_helpers import new_of, play, position_of, seat_view, totals
from upriver.core.game import Game

__all__ = ["GAME", "new", "no_spot_left", "play", "play_from_anywhere", "position",
           "position_from", "seat_view", "store_anywhere", "toml_value", "totals"]
GAME = "the-river"


def position(text: str) -> Game:
    """A game in the position described by ``text`` (format: see the_river/position.py)."""
    return position_of(GAME, text)


def new(players: int = 4, seed: int = 0, **options: Any) -> Game:
    return new_of(GAME, players, seed, **options)


def no_spot_left() -> Game:
    """RV-RULING-10: seat 0 to move with 2 claims made, 2 cards reserved, nothing affordable, no
    warehouse left, and the first player and swap spots taken: its only decision is to set a
    pioneer aside."""
    from upriver.games.the_river.components import load

    bare = [f'"{t.id}"' for t in load().tiles if t.warehouses == 0 and t.id != "T01"]
    return position(f"""
players = 3
terrain_display = "T01"
building_display = ["B31", "B32", "B33", "B28"]
[spots]
"first player" = 1
"swap" = 1
[[seat]]
river = [{", ".join(bare[:10])}]
reserved = ["B29", "B30"]
claims = 2
on_board = 2
[[seat]]
on_board = 2
[[seat]]
boat = 1
on_board = 3
""")


def store_anywhere(game: Game) -> Game:
    """Answer "where does it go" decisions with the first place offered (for tests about
    something else: RV-RULING-15 lets the player choose whenever it matters)."""
    while (actions := game.legal_actions()) and all(a.startswith("store ") for a in actions):
        game.play(actions[0])
    return game


def play_from_anywhere(game: Game, *actions: str) -> Game:
    """Play each action; one that takes a stored resource ("pay wood", "trade: return clay",
    "return stored stone") may be written without its place, for tests about something else:
    it is then taken from the one place offered (a printed space is always named, as in "pay
    wood from space 10"; the tiles are the unnamed place)."""
    for action in actions:
        if action not in game.legal_actions():
            named = [a for a in game.legal_actions() if a.startswith(action + " from space ")]
            if len(named) == 1:
                action = named[0]
        game.play(action)
    return game


def toml_value(value: Any) -> str:
    """A value as TOML: JSON is TOML except for tables, written inline here."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    return json.dumps(value)


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
        lines += [f"{key} = {toml_value(value)}" for key, value in seat.items()]
    return position("\n".join(lines))
