"""The random agent: uniform over the legal actions, the baseline every bot must beat."""

from __future__ import annotations

import random

from upriver.core.game import Game


class RandomAgent:
    """Picks uniformly among ``legal_actions()`` with its own seeded generator (never the game's,
    so a bot's choices do not disturb the game's random stream)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal_actions())
