"""Judging one decision from what the deciding seat knew.

The judge is the strongest bot, the information-set MCTS of ``upriver.agents.mcts``, searching
the position the seat decided in. It sees only what that seat saw: every iteration starts from
a copy determinised for the seat, so the real hidden cards never count. Besides its own choice
it always searches the decision taken (with at least a sixth of the iterations, so both are
valued on comparable evidence), and it notes where each iteration ended: each root action is
worth the mean win chance and score margin of the iterations through it (``chances.worth``).
The loss of a decision is how much less the decision taken was worth than the bot's choice.
With an iteration budget the judgement is exactly reproducible from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from upriver.agents.mcts import MCTSAgent
from upriver.core.game import Game
from upriver.review.chances import curve_for, worth
from upriver.review.classes import classify

TAKEN_SHARE = 1 / 6  # of the iterations, at least, through the decision taken


@dataclass(frozen=True)
class Judgement:
    """One decision judged: what was taken and what the bot prefers, each with its estimated
    win chance (0-1) and final score margin, and how many iterations went through each."""

    ply: int  # decisions before this one
    seat: int
    choices: int  # legal actions there were
    taken: str
    best: str
    win: float  # the decision taken
    margin: float
    best_win: float
    best_margin: float
    visits: int
    best_visits: int
    iterations: int

    @property
    def loss(self) -> float:
        """Win chance lost against the bot's choice (0 when the decision taken is it, or is
        worth at least as much)."""
        return 0.0 if self.taken == self.best else max(0.0, self.best_win - self.win)

    @property
    def margin_loss(self) -> float:
        """Expected final margin lost against the bot's choice, in points (0 as for ``loss``)."""
        return 0.0 if self.taken == self.best else max(0.0, self.best_margin - self.margin)

    @property
    def grade(self) -> str:
        return classify(self.loss, self.taken == self.best)

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "choices": self.choices,
                "taken": self.taken, "best": self.best,
                "win": self.win, "margin": self.margin,
                "best_win": self.best_win, "best_margin": self.best_margin,
                "visits": self.visits, "best_visits": self.best_visits,
                "iterations": self.iterations,
                "loss": round(self.loss, 4), "margin_loss": round(self.margin_loss, 2),
                "class": self.grade}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Judgement:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})


def judge(game: Game, taken: str, *, seed: int, iters: int = 0,
          secs: float = 0.0) -> Judgement:
    """Judge ``taken`` for the seat to move in ``game`` with ``iters`` iterations (or ``secs``
    seconds) of search seeded by ``seed``. ``ValueError`` for a finished game or an action that
    is not legal there."""
    seat = game.to_move
    actions = game.legal_actions()
    if seat is None:
        raise ValueError("the game is over: there is no decision to judge")
    if taken not in actions:
        raise ValueError(f"{taken!r} is not legal here (seat {seat} to move)")
    curve = curve_for(game)
    tallies: dict[str, list[float]] = {}

    def observe(action: str, world: Game) -> None:
        win, margin = worth(world, seat, curve)
        tally = tallies.setdefault(action, [0.0, 0.0, 0.0])
        tally[0] += 1
        tally[1] += win
        tally[2] += margin

    bot = MCTSAgent(seed, iters=iters, secs=secs, early=0)
    root, searched = bot.search(game, keep=taken, share=TAKEN_SHARE, observe=observe)
    # The bot's choice: the most visited root action (the better valued one among equals).
    best = max(searched, key=lambda a: (root.children[a].visits,
                                        _mean(tallies.get(a), 1), a == taken))

    def mean_of(action: str) -> tuple[float, float]:
        tally = tallies.get(action)
        return _mean(tally, 1), _mean(tally, 2)

    win, margin = mean_of(taken)
    best_win, best_margin = mean_of(best)
    # Rounded once here, so a judgement read back from its dict is the same judgement.
    return Judgement(len(game.history), seat, len(actions), taken, best, round(win, 4),
                     round(margin, 2), round(best_win, 4), round(best_margin, 2),
                     root.children[taken].visits, root.children[best].visits,
                     bot.last_iterations)


def _mean(tally: list[float] | None, i: int) -> float:
    return tally[i] / tally[0] if tally and tally[0] else 0.0
