"""Measure the win-chance temperatures a review uses (src/upriver/review/data/win_chance.toml).

For each game and player count it plays greedy games (greedy in every seat), notes at sampled
decisions every seat's projected margin (the game's evaluation, each seat judged on a copy
determinised for it) and, at the end, who won. It then fits the temperatures at the start, the
middle and the end of the game (linear between) under which ``upriver.review.chances.win_share``
best foretold the winners (the largest log-likelihood, one temperature at a time over a grid),
and writes the file with the figures it was fitted on.

    python scripts/calibrate_review.py [--games N] [--jobs J]

Run it against the compiled build for speed (PYTHONPATH=build/compiled/<digest>): the games are
the same games.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

import upriver
from upriver.agents import make_agent
from upriver.core.rng import derive_seed
from upriver.review.chances import DATA, Curve, final_worth, win_share

# Each game and player count, and the option sets that make another game of it (the 2022
# edition of 12 Rivers and its Family Mode); other options use their game's curve.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("twelve-rivers", {}), ("twelve-rivers", {"edition": "2022"}),
    ("twelve-rivers", {"edition": "2022", "family": True}), ("the-river", {}), ("wayfarers", {})]
KNOTS = 3  # temperatures at the start, the middle and the end of the game
GRID = [0.5 * 1.08**k for k in range(90)]  # 0.5 to about 500 points
SAMPLES_PER_GAME = 40  # decisions noted per game, spread evenly


Sample = tuple[int, list[float]]


def play(job: tuple[str, int, dict[str, Any], int]
         ) -> tuple[int, list[Sample], list[float], list[float]]:
    """One greedy game: its length, the sampled (ply, margins), and each seat's win share and
    final margin."""
    game_id, players, options, seed = job
    game = upriver.new_game(game_id, players=players, seed=seed, **options)
    bots = [make_agent("greedy", derive_seed(seed, s)) for s in range(players)]
    noted: list[Sample] = []
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if rng.random() < 0.2:
            noted.append((len(game.history), game.evaluations()))
        game.play(bots[seat].choose(game))
    winners = game.winners()
    shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    step = max(1, len(noted) // SAMPLES_PER_GAME)
    finals = [final_worth(game, s)[1] for s in range(players)]
    return len(game.history), noted[::step], shares, finals


def fit_solo(samples: list[tuple[float, float, float]]) -> tuple[list[float], list[float]]:
    """A solo game's drift and temperature at the knots: how far, on average, the final margin
    ends from the margin projected at that point of the game, and how widely (a logistic's
    scale, sd * sqrt(3) / pi), each weighted by the knots' linear interpolation. Measured from
    the margins themselves, since the bots never beat the automated opponent: a fit to wins
    could only say "never"."""
    x = np.array([s[0] for s in samples])
    residual = np.array([s[2] - s[1] for s in samples])
    drift, scale = [], []
    for k, at in enumerate(np.linspace(0, 1, KNOTS)):
        w = np.clip(1 - np.abs(np.clip(x, 0, 1) - at) * (KNOTS - 1), 0, None)
        mean = float(np.average(residual, weights=w))
        sd = float(np.sqrt(np.average((residual - mean) ** 2, weights=w)))
        drift.append(mean)
        scale.append(max(0.5, sd * math.sqrt(3) / math.pi))
        del k
    return drift, scale


def log_likelihood(data: tuple[Any, Any, Any], knots: list[float]) -> float:
    """The log-likelihood per sample of the winners under the temperatures ``knots`` (evenly
    spaced over the game, linear between), as ``upriver.review.chances.win_share`` gives
    them (checked against it in ``fit``)."""
    x, margins, shares = data
    t = np.interp(x, np.linspace(0, 1, len(knots)), knots)
    if margins.shape[1] == 1:  # solo: win or lose against the automated opponent
        z = margins[:, 0] / t
        p = np.clip(1 / (1 + np.exp(-np.clip(z, -700, 700))), 1e-9, 1 - 1e-9)
        return float(np.mean(shares[:, 0] * np.log(p) + (1 - shares[:, 0]) * np.log(1 - p)))
    leader = margins.argmax(axis=1)
    rel = margins.copy()
    rel[np.arange(len(rel)), leader] = 0.0
    logits = rel / t[:, None]
    top = logits.max(axis=1, keepdims=True)
    log_p = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
    return float(np.mean((shares * np.maximum(log_p, -27.6)).sum(axis=1)))


def fit(samples: list[tuple[float, list[float], list[float]]]) -> tuple[list[float], float]:
    """The temperatures at the knots with the largest log-likelihood of the winners (one knot
    at a time over the grid, until none moves), and that log-likelihood per sample."""
    data = (np.array([s[0] for s in samples]), np.array([s[1] for s in samples]),
            np.array([s[2] for s in samples]))
    knots = [10.0] * KNOTS
    best = log_likelihood(data, knots)
    for _ in range(20):
        moved = False
        for k in range(KNOTS):
            for t in GRID:
                trial = [*knots[:k], t, *knots[k + 1:]]
                ll = log_likelihood(data, trial)
                if ll > best + 1e-12:
                    knots, best, moved = trial, ll, True
        if not moved:
            break
    # The vectorised likelihood must be the review's own: one sample, checked by hand.
    x, margins, shares = samples[0]
    t = Curve(1.0, tuple(knots)).at(x)
    winner = max(range(len(shares)), key=lambda s: shares[s])
    mine = win_share(margins, 0 if len(margins) == 1 else winner, t)
    one = (np.array([x]), np.array([margins]), np.array([[1.0 if len(margins) == 1 else 0.0]
                                                          * len(margins)]))
    if len(margins) > 1:
        one[2][0, winner] = 1.0
    assert abs(math.exp(log_likelihood(one, knots)) - mine) < 1e-6
    return knots, best


def calibrate(pool: Any, game_id: str, players: int, options: dict[str, Any],
              args: argparse.Namespace) -> list[str]:
    """The data file's table for one game, player count and option set."""
    started = time.perf_counter()
    n = (args.games if game_id != "wayfarers"
         else args.solo_games if players == 1 else args.wayfarers_games)
    games = pool.map(play, [(game_id, players, options, 1_000 + i) for i in range(n)])
    plies = sum(g[0] for g in games) / len(games)
    name = " ".join([game_id, *(f"{k}={str(v).lower()}" for k, v in options.items())])
    took = f"{n} games, fitted in {time.perf_counter() - started:.0f} s"
    if players == 1:
        solo = [(ply / plies, margins[0], finals[0])
                for _, noted, _, finals in games for ply, margins in noted]
        drift, scale = fit_solo(solo)
        won = sum(g[2][0] for g in games)
        out = [
            f'[curve."{name}"."{players}"]',
            f"# {took}; {len(solo)} samples; the bots won {won:g} of {n}: the win chance is",
            "# the chance the final margin (projected margin + drift) is above 0",
            f"plies = {plies:.1f}",
            "drift = [" + ", ".join(f"{d:.2f}" for d in drift) + "]",
            "temperatures = [" + ", ".join(f"{t:.2f}" for t in scale) + "]",
            "",
        ]
    else:
        samples = [(ply / plies, margins, shares)
                   for _, noted, shares, _ in games for ply, margins in noted]
        knots, ll = fit(samples)
        out = [
            f'[curve."{name}"."{players}"]',
            f"# {took}; {len(samples)} samples; log-likelihood per sample {ll:.3f} (uniform "
            f"guess: {math.log(1 / players):.3f})",
            f"plies = {plies:.1f}",
            "temperatures = [" + ", ".join(f"{t:.2f}" for t in knots) + "]",
            "",
        ]
    print(*out[:-1], sep="\n", flush=True)
    return out


def refit_only(args: argparse.Namespace) -> None:
    """Fit the tables ``--only`` names again and put them in place in the data file."""
    text = Path(DATA).read_text(encoding="utf-8")
    blocks = text.split("\n[curve.")
    with multiprocessing.Pool(args.jobs) as pool:
        for item in args.only.split(","):
            game_id, players = item.split(":")
            fresh = "\n".join(calibrate(pool, game_id, int(players), {}, args))
            head = f'"{game_id}"."{players}"]'
            blocks = [fresh[len("[curve."):].rstrip("\n") + "\n" if b.startswith(head) else b
                      for b in blocks]
    Path(DATA).write_text("\n[curve.".join(blocks), encoding="utf-8")
    print(f"wrote {DATA}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--wayfarers-games", type=int, default=40)
    parser.add_argument("--solo-games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--only", default="", help="GAME:PLAYERS,...: refit these tables only "
                        "(of the game without options), keeping the rest of the file")
    args = parser.parse_args()
    if args.only:
        refit_only(args)
        return
    lines = [
        "# Win-chance temperatures for game reviews (upriver.review.chances), written by",
        "# scripts/calibrate_review.py from greedy games (greedy in every seat). Measured, not",
        "# published: each temperature is the one under which the projected margins best",
        "# foretold the winners, at the start, the middle and the end of the game (linear",
        "# between); solo, the drift and spread of the final margin from the projected one.",
        "# Each table's comment gives what it was fitted on and how well it fits.",
        "",
    ]
    with multiprocessing.Pool(args.jobs) as pool:
        for game_id, options in VARIANTS:
            for players in upriver.game_info(game_id)["players"]:
                lines += calibrate(pool, game_id, players, options, args)
    Path(DATA).parent.mkdir(parents=True, exist_ok=True)
    Path(DATA).write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
