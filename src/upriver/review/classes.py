"""The classes a review puts decisions in, by the win chance they lost against the bot's choice.

The thresholds were chosen from measured losses (docs/review.md, ``scripts/review_numbers.py
spread``): "good" covers what the judge itself cannot tell apart from its own choice (judged
again with another seed, its own choice lost at most 3.5% win chance in 95 of 100 positions of
every game measured), and each class above is twice as costly as the one before.
"""

from __future__ import annotations

# The least loss (of win chance, 0-1) of each class; below the first, a decision is "good".
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.16),
    ("mistake", 0.08),
    ("inaccuracy", 0.04),
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
