"""How River games end: by the rulebook's triggers, because no pioneer is left on any boat at the
start of a round (RV-RULING-11), or at the engine's round limit (option `round_limit`).

Re-run it whenever the component data changes (the framed spaces and the token spots decide how
fast pioneers leave the boats); docs/rulings/the-river.md quotes its table.

Usage: .venv/bin/python scripts/river_round_ends.py [--random 500] [--greedy 100]
       [--players 2,3,4] [--jobs 1] [--option KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import upriver
from upriver.agents import make_agent

REASONS = ("trigger", "no pioneer left", "round limit")


def how_it_ended(game: upriver.Game) -> str:
    """From the public view of a finished game: the trigger is recorded; otherwise the game
    ended with every boat empty at the start of a round, or at the round limit."""
    view = game.view(None)
    if view["end_triggered"]:
        return "trigger"
    if not any(p["boat"] for p in view["players"]):
        return "no pioneer left"
    return "round limit"


def play(job: tuple[str, int, int, dict[str, Any]]) -> tuple[str, int]:
    agent, players, seed, options = job
    game = upriver.new_game("the-river", players=players, seed=seed, **options)
    if agent == "random":
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
    else:
        seats = [make_agent(agent, seed * 10 + s) for s in range(players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.play(seats[seat].choose(game))
    return how_it_ended(game), int(game.view(None)["round"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=500, help="random games per player count")
    parser.add_argument("--greedy", type=int, default=100, help="greedy games per player count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    print("| play | players | games | trigger | no pioneer left (RV-RULING-11) | round limit "
          "| mean rounds |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for agent, count in (("random", args.random), ("greedy", args.greedy)):
            for players in (int(p) for p in args.players.split(",")):
                jobs = [(agent, players, seed, options) for seed in range(count)]
                results = list(pool.map(play, jobs, chunksize=10))
                if not results:
                    continue
                ends = Counter(reason for reason, _ in results)
                share = " | ".join(f"{100 * ends[r] / count:.1f}%" for r in REASONS)
                rounds = sum(r for _, r in results) / count
                print(f"| {agent} | {players} | {count} | {share} | {rounds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
