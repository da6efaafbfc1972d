"""Bulk simulation: many games between bots, with results, confidence intervals and reports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from upriver.sim.runner import run_games
from upriver.sim.study import SimConfig
from upriver.sim.summary import summarise

__all__ = ["SimConfig", "run_games", "simulate"]


def simulate(config: SimConfig, jobs: int = 1, backend: str = "local",
             address: str | None = None,
             progress: Callable[[int], None] | None = None,
             verbose: bool = False, journal: Path | None = None) -> dict[str, Any]:
    """Run the games and summarise them (see ``summary.summarise``); a ``journal`` keeps
    each finished game so a stopped study goes on where it stopped (``sim.journal``)."""
    return summarise(config, run_games(config, jobs, backend, address, progress, verbose,
                                       journal))
