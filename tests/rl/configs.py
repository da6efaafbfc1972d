"""The configurations the environment checks run over: every game at every player count, each
12 Rivers edition and mode, and solo Wayfarers against each AI board."""

from __future__ import annotations

from typing import Any

import pytest

import upriver


def environment_configurations() -> list[Any]:
    out = []
    for game_id in upriver.games():
        info = upriver.game_info(game_id)
        variants: list[dict[str, Any]] = [{}]
        if "edition" in info["options"]:
            variants += [{"edition": "2022"}, {"edition": "2022", "family": True}]
        for players in info["players"]:
            sets = variants
            if players == 1 and "ai_board" in info["options"]:
                sets = [{"ai_board": b} for b in info["options"]["ai_board"]["choices"]
                        if b != "random"]
            for options in sets:
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
                out.append(pytest.param(game_id, players, options,
                                        id=f"{game_id}-{players}p-{label}"))
    return out
