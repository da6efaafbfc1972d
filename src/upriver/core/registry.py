"""The game registry: adding a game is one line in ``upriver.games``."""

from __future__ import annotations

import importlib
from typing import Any

from upriver.core.errors import BadOption
from upriver.core.game import Rules

_MODULES: dict[str, str] = {}
_LOADED: dict[str, Rules] = {}


def register(game_id: str, module: str) -> None:
    """Register a game whose module exposes ``RULES`` (imported on first use)."""
    _MODULES[game_id] = module


def game_ids() -> list[str]:
    return sorted(_MODULES)


def rules_for(game_id: str) -> Rules:
    if game_id not in _MODULES:
        known = ", ".join(game_ids())
        raise BadOption(f"unknown game {game_id!r} (games: {known})")
    if game_id not in _LOADED:
        rules: Any = importlib.import_module(_MODULES[game_id]).RULES
        _LOADED[game_id] = rules
    return _LOADED[game_id]
