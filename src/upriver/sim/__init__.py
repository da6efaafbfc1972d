"""Bulk simulation: many games between bots, with results, confidence intervals and reports."""

from upriver.sim.runner import SimConfig, run_games, simulate

__all__ = ["SimConfig", "run_games", "simulate"]
