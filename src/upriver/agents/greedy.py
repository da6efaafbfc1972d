"""The greedy agent: look ahead to the end of its own run of decisions, using the game's own
evaluation.

Each legal action is tried on a determinised copy of the game (so a card it would draw is a
resampled one, never the real next card). If the same seat must decide again straight away (pay
for the placement, choose the pearl, store what it took), those follow-up decisions are made one
step greedily, so "construct" is judged by the finished building and not by the half-paid one.
The action whose result the game's ``evaluate`` likes best wins; ties go to the seeded
generator.
"""

from __future__ import annotations

import random

from upriver.core.game import Game

MAX_FOLLOW_UP = 8  # own decisions followed after the candidate action


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = game.to_move
        assert seat is not None
        world = game.determinize(seat, self.rng.getrandbits(62))
        # The look-ahead never reads the moves that led here; without them none of its hundreds
        # of copies copies the history (thousands of moves late in a game of Wayfarers).
        world.history = []
        return self._best(actions, [self._judge(world, a, seat) for a in actions])

    def _best(self, actions: list[str], values: list[float]) -> str:
        top = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True)
                                if v > top - 1e-9])

    def _judge(self, world: Game, action: str, seat: int) -> float:
        turn = world.turns_taken
        child = world.clone()
        child.play(action)
        value: float | None = None
        for _ in range(MAX_FOLLOW_UP):
            # A solo seat always decides next, so the end of the turn ends its run too.
            if child.is_over or child.to_move != seat or child.turns_taken != turn:
                break
            options = child.legal_actions()
            values: list[float] = []
            # The positions that may still be picked (those tied with the best so far), kept
            # so the run goes on from the judged position instead of playing it again.
            best: dict[int, Game] = {}
            top = float("-inf")
            for i, a in enumerate(options):
                after, v = _one_step(child, a, seat)
                values.append(v)
                if v > top:
                    top = v
                    best = {j: g for j, g in best.items() if values[j] > top - 1e-9}
                if v > top - 1e-9:
                    best[i] = after
            i = options.index(self._best(options, values))
            child, value = best[i], values[i]
        return child.evaluate(seat) if value is None else value


def _one_step(world: Game, action: str, seat: int) -> tuple[Game, float]:
    child = world.clone()
    child.play(action)
    return child, child.evaluate(seat)
