"""A position's value as bots judge it, for every game: each seat's margin over the best other
side (another seat, or a solo game's automated opponent)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

WIN_BONUS: Final = 100.0  # a finished game: winning (or tying for first) outweighs any margin


def margins(values: Sequence[float], seats: int) -> list[float]:
    """For each of the first ``seats`` entries of ``values``, its value minus the best of all
    the others (entries after the seats are automated opponents, judged but not judging)."""
    return [values[seat] - max(v for i, v in enumerate(values) if i != seat)
            for seat in range(seats)]


def final_margins(scores: Sequence[int], seats: int) -> list[float]:
    """A finished game: each seat's score margin over the best other side, plus ``WIN_BONUS``
    when no other side scored more."""
    out = []
    for seat in range(seats):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        out.append(float(scores[seat] - best_other)
                   + (WIN_BONUS if scores[seat] >= best_other else 0.0))
    return out
