"""Small statistics for win rates and scores."""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); a shared victory counts as
    a fraction of a win."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def stdev(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float]:
    """A normal-approximation interval for the mean of per-game shares in 0..1, clipped to it
    (``(0, 1)`` for fewer than two games)."""
    if len(values) < 2:
        return (0.0, 1.0)
    half = z * stdev(values) / math.sqrt(len(values))
    m = mean(values)
    return (max(0.0, m - half), min(1.0, m + half))


def with_interval(row: dict[str, Any], key: str) -> str:
    """``row[key]`` and its ``key_ci95`` as report and console print them: "0.530 (0.461-0.598)"."""
    low, high = row[f"{key}_ci95"]
    return f"{row[key]:.3f} ({low:.3f}-{high:.3f})"
