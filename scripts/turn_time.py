"""How long a bot takes over a turn, per game and player count: the figure the web's hard
level is chosen by (docs/bots.md). The bot plays seat 0 of whole games against greedy bots;
every turn of seat 0 (its decisions with one budget, as the web asks for them) is timed.

    .venv-fast/bin/python scripts/turn_time.py mcts:iters=1500 --games 2
"""

from __future__ import annotations

import argparse
import statistics
import time

import upriver
from upriver.agents import make_agent

CONFIGS = [
    ("twelve-rivers", 2, {}), ("twelve-rivers", 4, {}),
    ("twelve-rivers", 2, {"edition": "2022"}), ("twelve-rivers", 4, {"edition": "2022"}),
    ("the-river", 2, {}), ("the-river", 4, {}),
    ("wayfarers", 2, {}), ("wayfarers", 4, {}), ("wayfarers", 1, {"ai_board": "mayor"}),
]


def turn_times(game_id: str, players: int, options: dict[str, str], spec: str,
               games: int) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        g = upriver.new_game(game_id, players=players, seed=seed, **options)
        bot = make_agent(spec, seed)
        others = [make_agent("greedy", seed * 10 + s) for s in range(players)]
        turn: tuple[int | None, int] | None = None
        while not g.is_over:
            seat = g.to_move
            assert seat is not None
            if seat != 0:
                g.play(others[seat].choose(g))
                turn = None
                continue
            if turn != (g.turns_taken, len(g.history)):  # not its own last turn going on
                times.append(0.0)
            turn = (g.turns_taken, len(g.history) + 1)
            start = time.perf_counter()
            g.play(bot.choose(g))
            times[-1] += time.perf_counter() - start
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.spec}, compiled build: {upriver.compiled()}")
    print("| game | players | turns | mean s | median s | p90 s | max s |")
    print("|---|---|---|---|---|---|---|")
    for game_id, players, options in CONFIGS:
        t = sorted(turn_times(game_id, players, options, args.spec, args.games))
        name = game_id + (f" {options['edition']}" if "edition" in options else "")
        count = "solo" if players == 1 else str(players)
        print(f"| {name} | {count} | {len(t)} | {statistics.mean(t):.2f} | "
              f"{statistics.median(t):.2f} | {t[int(0.9 * (len(t) - 1))]:.2f} | {t[-1]:.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
