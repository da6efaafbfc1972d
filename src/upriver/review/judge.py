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

from upriver.agents.mcts import MCTSAgent, Node
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
    seconds) of search seeded by ``seed``: a turn of one decision (``judge_turn``), judged
    even if it was forced. ``ValueError`` for a finished game or an action that is not legal
    there."""
    seat = game.to_move
    if seat is None:
        raise ValueError("the game is over: there is no decision to judge")
    _choices(game, seat, [taken])
    return _search_turn(game, seat, [taken], [True], seed, iters, secs)[0]


def judge_turn(game: Game, taken: list[str], *, seed: int, iters: int = 0,
               secs: float = 0.0) -> list[Judgement]:
    """Judge a seat's turn as one search, as the bots think (``MCTSAgent``): ``taken`` are
    the seat's decisions of the turn, in order, from ``game``. The budget, ``iters``
    iterations or ``secs`` seconds seeded by ``seed``, is the turn's, shared evenly by the
    decisions that offered a choice (a forced one is played, not judged); each goes on from
    the node of the tree the decision before it reached, so what the search learnt there
    still counts. A judgement per decision with a choice. ``ValueError`` for a finished game,
    an action that is not legal where it was taken, or a decision of another seat."""
    seat = game.to_move
    if seat is None:
        raise ValueError("the game is over: there is no decision to judge")
    return _search_turn(game, seat, taken, _choices(game, seat, taken), seed, iters, secs)


def _search_turn(game: Game, seat: int, taken: list[str], choices: list[bool], seed: int,
                 iters: int, secs: float) -> list[Judgement]:
    judged = sum(choices)
    curve = curve_for(game)
    # Where the iterations through each of the seat's own nodes ended: count, win, margin.
    tallies: dict[Node, list[float]] = {}

    def observe(path: list[Node], world: Game) -> None:
        win, margin = worth(world, seat, curve)
        for node in path:
            if node.mover == seat:
                tally = tallies.get(node)
                if tally is None:
                    tally = tallies[node] = [0.0, 0.0, 0.0]
                tally[0] += 1
                tally[1] += win
                tally[2] += margin

    bot = MCTSAgent(seed, iters=iters, secs=secs, early=0)
    world = game.clone()
    node: Node | None = None  # where the turn's tree stands
    out: list[Judgement] = []
    for action, choice in zip(taken, choices, strict=True):
        if not choice:
            node = node.children.get(action) if node is not None else None
            world.play(action)
            continue
        k = len(out)  # the decision's even share of the turn's budget
        budget = (iters * (k + 1) // judged - iters * k // judged, secs / judged)
        root, searched = bot.search(world, keep=action, share=TAKEN_SHARE, observe=observe,
                                    budget=budget, root=node)

        def mean_of(a: str, root: Node = root) -> tuple[float, float]:
            tally = tallies.get(root.children[a])
            return _mean(tally, 1), _mean(tally, 2)

        # The bot's choice: the most visited root action (the better valued one among equals).
        best = max(searched, key=lambda a, root=root: (  # type: ignore[misc]
            root.children[a].visits, mean_of(a)[0], a == action))
        win, margin = mean_of(action)
        best_win, best_margin = mean_of(best)
        # Rounded once here, so a judgement read back from its dict is the same judgement.
        out.append(Judgement(len(world.history), seat, world.legal_count(), action, best,
                             round(win, 4), round(margin, 2), round(best_win, 4),
                             round(best_margin, 2), root.children[action].visits,
                             root.children[best].visits, bot.last_iterations))
        node = root.children[action]
        world.play(action)
    return out


def _choices(game: Game, seat: int, taken: list[str]) -> list[bool]:
    """Per decision of the turn, whether it offered a choice; ``ValueError`` where the turn
    does not fit the game."""
    probe = game.clone()
    choices = []
    for n, action in enumerate(taken):
        if probe.to_move != seat:
            raise ValueError(f"decision {n + 1} of the turn is not seat {seat}'s")
        if action not in probe.legal_actions():
            raise ValueError(f"{action!r} is not legal here (seat {seat} to move)")
        choices.append(probe.legal_count() > 1)
        probe.play(action)
    return choices


def _mean(tally: list[float] | None, i: int) -> float:
    return tally[i] / tally[0] if tally and tally[0] else 0.0
