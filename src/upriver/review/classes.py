"""The classes a review puts decisions in, by the win chance they lost against the bot's choice.

The thresholds were chosen from measured losses (docs/review.md): "good" covers what the judge
itself cannot tell apart from its own choice (the spread of losses it finds for its own
decisions judged again with another seed), and each class above it is about twice as costly as
the one before.
"""

from __future__ import annotations

# The least loss (of win chance, 0-1) of each class; below the first, a decision is "good".
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.15),
    ("mistake", 0.07),
    ("inaccuracy", 0.03),
)
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")


def classify(loss: float, is_best: bool) -> str:
    """The class of a decision that lost ``loss`` win chance (``is_best``: it was the bot's own
    choice)."""
    if is_best:
        return "best"
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return "good"
