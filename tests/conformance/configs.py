"""Every registered game, option set and player count: the conformance suite's parameters.

An option set is the defaults, plus each non-default choice of each option taken alone with the
other options it requires, plus the lowest value of each whole-number option (free-form options
such as a component file path are left at their default). A game joins the suite by
registering; nothing here names a game.
"""

from __future__ import annotations

from typing import Any

import pytest

import upriver


def option_sets(game_id: str) -> list[dict[str, Any]]:
    sets: list[dict[str, Any]] = [{}]
    for name, spec in upriver.game_info(game_id)["options"].items():
        for choice in spec["choices"]:
            if choice != spec["default"]:
                sets.append({**spec.get("requires", {}), name: choice})
        if spec.get("minimum") is not None and spec["minimum"] != spec["default"]:
            sets.append({**spec.get("requires", {}), name: spec["minimum"]})
    return sets


def configurations() -> list[Any]:
    out = []
    for game_id in upriver.games():
        for players in upriver.game_info(game_id)["players"]:
            for options in option_sets(game_id):
                specs = upriver.game_info(game_id)["options"]
                if any(players not in specs[name]["players"] for name in options):
                    continue  # an option value for other player counts (solo's AI board)
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
                out.append(
                    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{label}")
                )
    return out


def default_configurations() -> list[Any]:
    return [
        pytest.param(game_id, players, {}, id=f"{game_id}-{players}p")
        for game_id in upriver.games()
        for players in upriver.game_info(game_id)["players"]
    ]
