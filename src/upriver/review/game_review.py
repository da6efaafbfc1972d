"""Reviewing a finished game: every decision of the chosen seats judged, and summed up per seat.

A review replays the game from its start and judges each decision that offered a choice (a
forced one teaches nothing) from the deciding seat's knowledge (``judge``). Each decision gets
its own search seed, derived from the review's seed and the decision's number, so a review is
the same whichever process judged which decision, and the same again for the same seed and
iteration budget.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import upriver
from upriver.core.game import Game
from upriver.core.rng import derive_seed
from upriver.review.classes import CLASSES
from upriver.review.judge import Judgement, judge

FORMAT = "upriver-review/1"
DEFAULT_ITERS = 4000  # per decision: a 4-player 12 Rivers seat in about a minute on two cores


@dataclass(frozen=True)
class Decision:
    """A decision to judge: the position it was taken in (a full save: the judge itself looks
    only through the deciding seat's eyes) and what was taken."""

    ply: int
    seat: int
    saved: str
    taken: str


def decisions(start: Game, history: list[tuple[int, str]],
              seats: set[int] | None = None) -> Iterator[Decision]:
    """The decisions of ``history`` played from ``start`` that offered a choice, for ``seats``
    (all by default). ``ValueError`` where the history does not fit the game."""
    game = start.clone()
    for ply, (seat, action) in enumerate(history):
        if game.to_move != seat:
            raise ValueError(f"decision {ply + 1} is seat {seat}'s in the record but seat "
                             f"{game.to_move}'s in the game")
        if (seats is None or seat in seats) and game.legal_count() > 1:
            yield Decision(ply, seat, game.to_json(), action)
        game.play(action)


def judge_saved(saved: str, taken: str, seed: int, iters: int, secs: float) -> dict[str, Any]:
    """``judge`` on a saved position, as a plain dict (what worker processes send back)."""
    return judge(upriver.load_game(saved), taken, seed=seed, iters=iters, secs=secs).to_dict()


@dataclass
class Review:
    """A game's review: its judged decisions, in order, and how they were judged."""

    game: str
    players: int
    options: dict[str, Any]
    seats: list[int]  # the seats reviewed
    iters: int
    secs: float
    seed: int
    judgements: list[Judgement] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def of(self, seat: int) -> list[Judgement]:
        return [j for j in self.judgements if j.seat == seat]

    def summary(self, seat: int) -> dict[str, Any]:
        """A seat's decisions judged, its average loss per decision (win chance and points),
        and how many fell in each class."""
        mine = self.of(seat)
        n = len(mine)
        return {
            "seat": seat,
            "decisions": n,
            "average_loss": sum(j.loss for j in mine) / n if n else 0.0,
            "average_margin_loss": sum(j.margin_loss for j in mine) / n if n else 0.0,
            "counts": {c: sum(1 for j in mine if j.grade == c) for c in CLASSES},
        }

    def largest_losses(self, seat: int, count: int = 5) -> list[Judgement]:
        """A seat's costliest decisions, the costliest first (none that lost nothing)."""
        costly = [j for j in self.of(seat) if j.loss > 0]
        return sorted(costly, key=lambda j: (-j.loss, j.ply))[:count]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "options": self.options, "seats": self.seats, "iters": self.iters,
                "secs": self.secs, "seed": self.seed, "names": self.names,
                "summary": [self.summary(s) for s in self.seats],
                "decisions": [j.to_dict() for j in self.judgements]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        if data.get("format") != FORMAT:
            raise ValueError(f"not an upriver review (format {data.get('format')!r})")
        return cls(data["game"], int(data["players"]), dict(data["options"]),
                   [int(s) for s in data["seats"]], int(data["iters"]), float(data["secs"]),
                   int(data["seed"]), [Judgement.from_dict(d) for d in data["decisions"]],
                   [str(n) for n in data.get("names", [])])


def check_budget(iters: int, secs: float) -> None:
    """A review's budget per decision: iterations (reproducible) or seconds, not both."""
    if iters and secs:
        raise ValueError("give a review an iteration budget or a time budget, not both")
    if not 1 <= (iters or 1) <= 1_000_000:
        raise ValueError(f"iterations per decision must be from 1 to 1000000, not {iters}")
    if secs and not 0 < secs <= 600:
        raise ValueError(f"seconds per decision must be above 0 and at most 600, not {secs:g}")


def review_game(start: Game, history: list[tuple[int, str]], *, seats: list[int] | None = None,
                iters: int = 0, secs: float = 0.0, seed: int = 0, jobs: int = 1,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """Review the decisions of ``seats`` (all by default) in the game that ``history`` plays
    from ``start``, with ``iters`` iterations (default ``DEFAULT_ITERS``) or ``secs`` seconds of
    search per decision, on ``jobs`` processes; ``progress(done, total)`` after each."""
    if not iters and not secs:
        iters = DEFAULT_ITERS
    check_budget(iters, secs)
    chosen = sorted(set(range(start.num_players)) if seats is None else set(seats))
    for s in chosen:
        if not 0 <= s < start.num_players:
            raise ValueError(f"seat {s} does not exist in a {start.num_players}-player game")
    todo = list(decisions(start, history, set(chosen)))
    out = Review(start.game_id, start.num_players, dict(start.options), chosen, iters, secs,
                 seed)
    args = [(d.saved, d.taken, derive_seed(seed, d.ply), iters, secs) for d in todo]
    if progress:
        progress(0, len(todo))
    if jobs <= 1 or len(todo) <= 1:
        results = []
        for a in args:
            results.append(judge_saved(*a))
            if progress:
                progress(len(results), len(todo))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(judge_saved, *a) for a in args]
            results = []
            for f in futures:
                results.append(f.result())
                if progress:
                    progress(len(results), len(todo))
    out.judgements = [Judgement.from_dict(r) for r in results]
    return out
