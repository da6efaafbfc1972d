"""Game review: each decision of a finished game judged from what its seat knew, against the
search bot's choice, as win chance and score margin lost (docs/review.md)."""

from upriver.review.classes import CLASSES, classify
from upriver.review.game_review import (
    DEFAULT_ITERS,
    Review,
    Turn,
    decisions,
    review_game,
    turns,
)
from upriver.review.graph import draw
from upriver.review.judge import Judgement, judge, judge_turn

__all__ = ["CLASSES", "DEFAULT_ITERS", "Judgement", "Review", "Turn", "classify", "decisions",
           "draw", "judge", "judge_turn", "review_game", "turns"]
