"""Game review: each decision of a finished game judged from what its seat knew, against the
search bot's choice, as win chance and score margin lost (docs/review.md)."""

from upriver.review.classes import CLASSES, classify
from upriver.review.game_review import DEFAULT_ITERS, Review, decisions, review_game
from upriver.review.graph import draw
from upriver.review.judge import Judgement, judge

__all__ = ["CLASSES", "DEFAULT_ITERS", "Judgement", "Review", "classify", "decisions", "draw",
           "judge", "review_game"]
