"""A position's worth to one seat, in the two units a review speaks: the chance of winning and
the expected final-score margin (the seat's score less the best other side's: another seat, or a
solo game's automated opponent).

A finished game is worth what it was: the seat's share of victory (a tie for first shares it)
and its real margin. An unfinished one is worth what the game's own evaluation projects: its
margin is the seat's evaluation (running score plus what its pieces promise, less the best other
side's), and its win chance is a softmax of every side's projected lead over the leader at a
temperature that changes as the game goes on. Alone against a solo game's automated opponent,
the expected final margin is the projected one moved by its measured drift (the opponent's
evaluation cannot see its own future), and the win chance is the chance that it ends above 0.
These are measured, not guessed: for each game and player count, ``scripts/calibrate_review.py``
plays greedy games and fits the temperatures at the start, the middle and the end of a game
under which the projections best foretold the winners, or, solo, how the final margin strayed
from the projected one (``data/win_chance.toml``).
"""

from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from upriver.core.game import Game

DATA = Path(__file__).parent / "data" / "win_chance.toml"


@dataclass(frozen=True)
class Curve:
    """One game and player count's calibration: how many decisions a game lasts, and the
    temperature (points of projected lead) at evenly spaced points of it, from its first
    decision to its last."""

    plies: float
    temperatures: tuple[float, ...]
    # Solo: how far the final margin ends, on average, from the projected one (points).
    drift: tuple[float, ...] = (0.0, 0.0)

    def temperature(self, ply: int) -> float:
        """The temperature ``ply`` decisions into the game."""
        return self.at(ply / self.plies)

    def at(self, progress: float, points: tuple[float, ...] = ()) -> float:
        """The temperature (or another of the curve's lists) at ``progress`` (0: the start,
        1: a game's usual length and on), linear between the points."""
        t = points or self.temperatures
        x = max(0.0, min(1.0, progress)) * (len(t) - 1)
        i = min(int(x), len(t) - 2)
        return t[i] + (t[i + 1] - t[i]) * (x - i)


@functools.cache
def curves() -> dict[tuple[str, tuple[tuple[str, str], ...], int], Curve]:
    """Every calibration in the data file, by (game, the options it is for, players). A table
    is named after its game and the options that make another game of it:
    ``[curve."twelve-rivers edition=2022"."3"]``."""
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    out = {}
    for name, counts in data["curve"].items():
        game, *pairs = name.split()
        options = tuple((k, v) for k, _, v in (pair.partition("=") for pair in pairs))
        for players, entry in counts.items():
            out[(game, options, int(players))] = Curve(
                float(entry["plies"]), tuple(float(v) for v in entry["temperatures"]),
                tuple(float(v) for v in entry.get("drift", (0.0, 0.0))))
    return out


def curve_for(game: Game) -> Curve:
    """The calibration of ``game``: its game and player count, under the most options it
    names that ``game`` is played with (the 2022 edition of 12 Rivers and its Family Mode have
    their own; the other options change a game too little to need one)."""
    played = {k: str(v).lower() for k, v in game.options.items()}
    fitting = [(len(options), curve) for (gid, options, players), curve in curves().items()
               if gid == game.game_id and players == game.num_players
               and all(played.get(k) == v for k, v in options)]
    if not fitting:
        raise ValueError(f"no win-chance calibration for {game.game_id} with "
                         f"{game.num_players} players (run scripts/calibrate_review.py)")
    return max(fitting, key=lambda nc: nc[0])[1]


def final_worth(game: Game, seat: int) -> tuple[float, float]:
    """A finished game's (win share, score margin) for ``seat``."""
    scores = game.scores()
    others = [s for i, s in enumerate(scores) if i != seat]
    others += [o["score"] for o in game.opponents()]
    winners = game.winners()
    win = 1.0 / len(winners) if seat in winners else 0.0
    return win, float(scores[seat] - max(others)) if others else float(scores[seat])


def win_share(margins: list[float], seat: int, temperature: float,
              drift: float = 0.0) -> float:
    """``seat``'s chance of winning when each side's projected margin is ``margins`` (one per
    seat): a softmax of each side's lead over the leader. The leader's margin is over the
    runner-up, everyone else's is over the leader, so every side's score relative to the leader
    is known. A single seat's margin is over an automated opponent: its chance is that the final
    margin, the projected one plus ``drift``, ends above 0 (a logistic of scale
    ``temperature``)."""
    if len(margins) == 1:
        z = (margins[0] + drift) / temperature
        return 1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, z))))
    leader = max(range(len(margins)), key=lambda i: margins[i])
    rel = [0.0 if i == leader else m for i, m in enumerate(margins)]
    weights = [math.exp(max(-700.0, r / temperature)) for r in rel]
    return weights[seat] / sum(weights)


def worth(world: Game, seat: int, curve: Curve) -> tuple[float, float]:
    """(win chance, expected final margin) of ``world`` for ``seat``: exact once the game is
    over, else projected from the game's evaluation of every seat (on a copy determinised for
    ``seat``, all seats are judged on that copy)."""
    if world.is_over:
        return final_worth(world, seat)
    margins = world.evaluations()
    progress = len(world.history) / curve.plies
    drift = curve.at(progress, curve.drift) if len(margins) == 1 else 0.0
    return win_share(margins, seat, curve.at(progress), drift), margins[seat] + drift
