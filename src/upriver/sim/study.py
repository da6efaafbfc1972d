"""What a study is: the game, its options, the bots in each seat slot, how many games and the
seed, and how seats are assigned to games; the runner plays it and the summary describes it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from upriver.core.rng import derive_seed


@dataclass(frozen=True)
class SimConfig:
    game: str
    players: tuple[str, ...]  # agent specs, one per seat slot
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seating: str = "rotate"  # rotate: each slot plays each table seat equally; random
    # Judge a sample of the bots' decisions with the review's judge (``upriver.review``):
    # search iterations per judged decision (0: none), and the share of decisions judged.
    judge_iters: int = 0
    judge_share: float = 0.25

    def seating_of(self, index: int) -> list[int]:
        """Which agent slot sits at each table seat in game ``index``."""
        p = len(self.players)
        if self.seating == "rotate":
            return [(seat + index) % p for seat in range(p)]
        order = list(range(p))
        random.Random(derive_seed(self.seed, index, 0x5EA7)).shuffle(order)
        return order
