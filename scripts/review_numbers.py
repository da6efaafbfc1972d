"""The figures of docs/review.md: how long reviews take, how stable their classes are, and the
spread of losses the class thresholds were chosen from.

    python scripts/review_numbers.py times [--games twelve-rivers:4,the-river:2] [--all-seats]
    python scripts/review_numbers.py spread [--positions 60]
    python scripts/review_numbers.py stability
    python scripts/review_numbers.py whole [--games the-river:2,twelve-rivers:2] [--count 20]
        [--save DIR | --against DIR] [--seed 0] [--per turn|decision] [--jobs J]

``times`` reviews one greedy game of each game and player count (seat 0, then every seat with
``--all-seats``) at the default budget on every core. ``spread`` judges, in positions from
greedy games, the judge's own choice under another seed (what the judge cannot tell apart from
its choice), the greedy bot's decision and a random decision, and prints the quantiles of their
losses. ``stability`` reviews one game twice with different seeds and counts the decisions whose
class changed. ``whole`` reviews every seat of ``--count`` greedy games (seeds 1, 2, ...) on every
core, times each, and compares each decision's class with the reviews kept in ``--against`` (made
by an earlier judge with ``--save``): the issue-26 measure of a faster judge against today's. With
``--seed 1`` against reviews saved with seed 0 it measures the judge's own noise (with
``--per decision``, the noise of the judge before issue 26, which searched each decision alone).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

import upriver
from upriver.agents import make_agent
from upriver.core.game import Game
from upriver.core.rng import derive_seed
from upriver.review import DEFAULT_ITERS, judge, review_game

CONFIGS = ["twelve-rivers:4", "twelve-rivers:2", "the-river:4", "the-river:2", "wayfarers:4",
           "wayfarers:2", "wayfarers:1"]


def greedy_game(game_id: str, players: int, seed: int) -> tuple[Game, list[tuple[int, str]]]:
    """A game with greedy in every seat: its start and its decisions."""
    g = upriver.new_game(game_id, players=players, seed=seed)
    start = g.clone()
    bots = [make_agent("greedy", derive_seed(seed, s)) for s in range(players)]
    while not g.is_over:
        g.play(bots[g.to_move].choose(g))  # type: ignore[index]
    return start, g.history


def times(args: argparse.Namespace) -> None:
    jobs = os.cpu_count() or 1
    for config in args.games.split(","):
        game_id, players = config.split(":")
        start, history = greedy_game(game_id, int(players), 1)
        began = time.perf_counter()
        one = review_game(start, history, seats=[0], iters=args.iters, jobs=jobs)
        seat_secs = time.perf_counter() - began
        line = (f"{config}: {len(history)} decisions; seat 0: {len(one.judgements)} judged in "
                f"{seat_secs:.0f} s ({seat_secs / max(1, len(one.judgements)):.2f} s each)")
        if args.all_seats:
            began = time.perf_counter()
            every = review_game(start, history, iters=args.iters, jobs=jobs)
            line += (f"; all seats: {len(every.judgements)} judged in "
                     f"{time.perf_counter() - began:.0f} s")
        print(line, flush=True)


def _quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    pick = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in
            (0.5, 0.75, 0.9, 0.95, 0.99)]
    return " ".join(f"{100 * v:5.1f}" for v in pick)


def _spread_one(job: tuple[str, int, int, int]) -> dict[str, list[float]]:
    game_id, players, seed, iters = job
    start, history = greedy_game(game_id, players, seed)
    rng = random.Random(seed)
    g = start.clone()
    out: dict[str, list[float]] = {"own choice, another seed": [], "greedy": [], "random": []}
    picks = set(rng.sample(range(len(history)), min(len(history), 12)))
    for ply, (_, action) in enumerate(history):
        if ply in picks and g.legal_count() > 1:
            mine = judge(g, action, seed=1, iters=iters)
            out["greedy"].append(mine.loss)
            again = judge(g, mine.best, seed=2, iters=iters)
            out["own choice, another seed"].append(again.loss)
            other = rng.choice(g.legal_actions())
            out["random"].append(judge(g, other, seed=1, iters=iters).loss)
        g.play(action)
    return out


def spread(args: argparse.Namespace) -> None:
    from concurrent.futures import ProcessPoolExecutor

    for config in args.games.split(","):
        game_id, players = config.split(":")
        jobs = [(game_id, int(players), 100 + i, args.iters) for i in range(args.positions // 12)]
        merged: dict[str, list[float]] = {}
        with ProcessPoolExecutor(os.cpu_count()) as pool:
            for part in pool.map(_spread_one, jobs):
                for key, values in part.items():
                    merged.setdefault(key, []).extend(values)
        print(f"{config}: loss quantiles in win % (50 75 90 95 99)")
        for key, values in merged.items():
            print(f"  {key:26} n={len(values):4}  {_quantiles(values)}", flush=True)


def stability(args: argparse.Namespace) -> None:
    jobs = os.cpu_count() or 1
    for config in args.games.split(","):
        game_id, players = config.split(":")
        start, history = greedy_game(game_id, int(players), 1)
        reviews = [review_game(start, history, seats=[0], iters=args.iters, seed=seed,
                               jobs=jobs) for seed in (0, 1)]
        pairs: list[tuple[Any, Any]] = list(zip(reviews[0].judgements, reviews[1].judgements,
                                                strict=True))
        changed = sum(1 for a, b in pairs if a.grade != b.grade)
        serious = sum(1 for a, b in pairs if (a.grade in ("mistake", "blunder"))
                      != (b.grade in ("mistake", "blunder")))
        agree = ("best", "good")
        beyond = sum(1 for a, b in pairs if a.grade != b.grade
                     and not (a.grade in agree and b.grade in agree))
        print(f"{config}: {len(pairs)} decisions of seat 0; class changed in {changed} "
              f"({100 * changed / len(pairs):.0f}%), other than between best and good in "
              f"{beyond} ({100 * beyond / len(pairs):.0f}%); mistake-or-worse changed in "
              f"{serious} ({100 * serious / len(pairs):.0f}%)", flush=True)


def whole(args: argparse.Namespace) -> None:
    import json
    from pathlib import Path

    jobs = args.jobs or os.cpu_count() or 1
    for config in args.games.split(","):
        game_id, players = config.split(":")
        secs: list[float] = []
        same = close = serious = total = 0
        for seed in range(1, args.count + 1):
            start, history = greedy_game(game_id, int(players), seed)
            began = time.perf_counter()
            review = review_game(start, history, iters=args.iters, seed=args.seed, jobs=jobs,
                                 per=args.per)
            secs.append(time.perf_counter() - began)
            grades = [j.grade for j in review.judgements]
            name = f"{game_id}-{players}p-{seed}.json"
            if args.save:
                Path(args.save).mkdir(parents=True, exist_ok=True)
                (Path(args.save) / name).write_text(json.dumps(grades))
            if args.against:
                before = json.loads((Path(args.against) / name).read_text())
                for a, b in zip(grades, before, strict=True):
                    total += 1
                    same += a == b
                    close += a == b or {a, b} <= {"best", "good"}
                    serious += (a in ("mistake", "blunder")) != (b in ("mistake", "blunder"))
        line = (f"{config}: {args.count} games, a whole-game review in "
                f"{statistics.mean(secs):.1f} s on average, {max(secs):.1f} s at most")
        if total:
            line += (f"; of {total} decisions, the same class {100 * same / total:.1f}%, the same "
                     f"or best/good {100 * close / total:.1f}%, mistake-or-worse changed "
                     f"{100 * serious / total:.1f}%")
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["times", "spread", "stability", "whole"])
    parser.add_argument("--games", default=",".join(CONFIGS))
    parser.add_argument("--iters", type=int, default=DEFAULT_ITERS)
    parser.add_argument("--all-seats", action="store_true")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per", choices=["turn", "decision"], default="turn")
    parser.add_argument("--save", default=None, metavar="DIR")
    parser.add_argument("--against", default=None, metavar="DIR")
    parser.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    args = parser.parse_args()
    {"times": times, "spread": spread, "stability": stability, "whole": whole}[args.what](args)


if __name__ == "__main__":
    main()
