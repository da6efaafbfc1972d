"""Reviewing a finished game: every decision of the chosen seats judged, and summed up per seat.

A review replays the game from its start and judges each decision that offered a choice (a
forced one teaches nothing) from the deciding seat's knowledge. By default it judges a seat's
turn as one search (``judge_turn``), as the bots think: the budget is the turn's, and each
decision of the turn goes on from the tree of the one before. A seat's turn is its run of
decisions in one turn of the game (``Game.turns_taken``; where a game does not count turns,
its run of decisions until another seat decides). ``per="decision"`` judges each decision on
its own with the whole budget (``judge``). Each turn (or decision) gets its own search seed,
derived from the review's seed and the number of its first decision, so a review is the same
whichever process judged which, and the same again for the same seed and iteration budget.
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
from upriver.review.judge import Judgement, judge_turn

FORMAT = "upriver-review/1"
DEFAULT_ITERS = 4000  # per turn: a 2-player game of 12 Rivers or The River in half a minute
PER = ("turn", "decision")  # what a review's budget is for


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
    for t in turns(start, history, seats, per="decision"):
        yield Decision(t.ply, t.seat, t.saved, t.taken[0])


@dataclass(frozen=True)
class Turn:
    """A seat's turn to judge: the position before its first decision (a full save), every
    decision of it (forced ones too: the search's tree goes on through them), the number of
    that first decision and how many of them offered a choice."""

    ply: int
    seat: int
    saved: str
    taken: tuple[str, ...]
    judged: int


def turns(start: Game, history: list[tuple[int, str]], seats: set[int] | None = None,
          per: str = "turn") -> Iterator[Turn]:
    """The turns of ``seats`` (all by default) in ``history`` played from ``start`` that
    offered a choice; with ``per="decision"`` each decision with a choice is a turn of its
    own. ``ValueError`` where the history does not fit the game."""
    if per not in PER:
        raise ValueError(f"a review judges per turn or per decision, not per {per!r}")
    game = start.clone()
    run: list[str] = []
    first, saved, judged = 0, "", 0
    key: tuple[int, int | None] = (-1, None)  # the seat and turn of the run under way
    for ply, (seat, action) in enumerate(history):
        if game.to_move != seat:
            raise ValueError(f"decision {ply + 1} is seat {seat}'s in the record but seat "
                             f"{game.to_move}'s in the game")
        choice = game.legal_count() > 1
        mine = seats is None or seat in seats
        if per == "decision":
            if mine and choice:
                yield Turn(ply, seat, game.to_json(), (action,), 1)
            game.play(action)
            continue
        if (seat, game.turns_taken) != key:
            if judged:
                yield Turn(first, key[0], saved, tuple(run), judged)
            run, first, key, judged = [], ply, (seat, game.turns_taken), 0
            saved = game.to_json() if mine else ""
        if mine:
            run.append(action)
            judged += choice
        game.play(action)
    if judged:
        yield Turn(first, key[0], saved, tuple(run), judged)


def judge_saved_turn(saved: str, taken: list[str], seed: int, iters: int,
                     secs: float) -> list[dict[str, Any]]:
    """``judge_turn`` from a saved position, as plain dicts (what worker processes send
    back)."""
    return [j.to_dict() for j in judge_turn(upriver.load_game(saved), list(taken), seed=seed,
                                            iters=iters, secs=secs)]


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
    per: str = "turn"  # what the budget is for (reviews before turns: "decision")

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
        """A seat's costliest decisions, the most points lost first, then the most win chance
        (none that lost nothing): a seat far behind loses little win chance whatever it does,
        so points tell its mistakes apart."""
        costly = [j for j in self.of(seat) if j.loss > 0 or j.margin_loss > 0]
        return sorted(costly, key=lambda j: (-j.margin_loss, -j.loss, j.ply))[:count]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "options": self.options, "seats": self.seats, "iters": self.iters,
                "secs": self.secs, "seed": self.seed, "per": self.per, "names": self.names,
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
                   [str(n) for n in data.get("names", [])], str(data.get("per", "decision")))


def check_budget(iters: int, secs: float) -> None:
    """A review's budget per turn (or decision): iterations (reproducible) or seconds, not
    both."""
    if iters and secs:
        raise ValueError("give a review an iteration budget or a time budget, not both")
    if not 1 <= (iters or 1) <= 1_000_000:
        raise ValueError(f"iterations must be from 1 to 1000000, not {iters}")
    if secs and not 0 < secs <= 600:
        raise ValueError(f"seconds must be above 0 and at most 600, not {secs:g}")


def review_game(start: Game, history: list[tuple[int, str]], *, seats: list[int] | None = None,
                iters: int = 0, secs: float = 0.0, seed: int = 0, jobs: int = 1,
                progress: Callable[[int, int], None] | None = None,
                per: str = "turn") -> Review:
    """Review the decisions of ``seats`` (all by default) in the game that ``history`` plays
    from ``start``, with ``iters`` iterations (default ``DEFAULT_ITERS``) or ``secs`` seconds of
    search per turn (``per="decision"``: per decision), on ``jobs`` processes;
    ``progress(done, total)`` as decisions are judged."""
    if not iters and not secs:
        iters = DEFAULT_ITERS
    check_budget(iters, secs)
    chosen = sorted(set(range(start.num_players)) if seats is None else set(seats))
    for s in chosen:
        if not 0 <= s < start.num_players:
            raise ValueError(f"seat {s} does not exist in a {start.num_players}-player game")
    todo = list(turns(start, history, set(chosen), per))
    out = Review(start.game_id, start.num_players, dict(start.options), chosen, iters, secs,
                 seed, per=per)
    args = [(t.saved, list(t.taken), derive_seed(seed, t.ply), iters, secs) for t in todo]
    total = sum(t.judged for t in todo)
    results: list[dict[str, Any]] = []
    if progress:
        progress(0, total)
    if jobs <= 1 or len(todo) <= 1:
        for a in args:
            results += judge_saved_turn(*a)
            if progress:
                progress(len(results), total)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            # The longest turns first, so no process is left with a long one at the end.
            order = sorted(range(len(args)), key=lambda i: -todo[i].judged)
            futures = {i: pool.submit(judge_saved_turn, *args[i]) for i in order}
            for i in range(len(args)):
                results += futures[i].result()
                if progress:
                    progress(len(results), total)
    out.judgements = [Judgement.from_dict(r) for r in results]
    return out
