"""Reading a position's TOML text: the part every game's position format shares."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any, TypeVar

from upriver.core.errors import BadOption, BadPosition
from upriver.core.options import check_options
from upriver.core.registry import rules_for

T = TypeVar("T")


def read_position(game_id: str, text: str, keys: set[str]) -> tuple[dict[str, Any], int,
                                                                     dict[str, Any]]:
    """The parsed table, its player count and its options (defaults filled in); a bad text,
    an unknown key, a bad player count or a bad option raises ``BadPosition``."""
    try:
        d = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadPosition(f"position is not valid TOML: {exc}") from None
    unknown = set(d) - keys - {"players", "options"}
    if unknown:
        raise BadPosition(f"position has unknown key(s): {', '.join(sorted(unknown))}")
    rules = rules_for(game_id)
    players = d.get("players")
    if players not in rules.players:
        allowed = ", ".join(str(p) for p in rules.players)
        raise BadPosition(f"position needs players = {allowed}")
    try:
        options = check_options(game_id, rules.options, d.get("options", {}), int(players))
    except BadOption as exc:
        raise BadPosition(str(exc)) from None
    return d, int(players), options


def build_position(build: Callable[[], T]) -> T:
    """``build()``, with a missing or malformed entry of the position turned into
    ``BadPosition``."""
    try:
        return build()
    except BadPosition:
        raise
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise BadPosition(f"position: {exc}") from None
