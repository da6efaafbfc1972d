"""Random play of our games against OpenSpiel's C++ hearts, through the same Python loop, in one
run (issue 26: at least 0.4x for 12 Rivers and The River at 4 players, compiled build).

    python scripts/hearts_ratio.py [--seconds 3] [--rounds 3] [--games twelve-rivers,the-river]

Each round times every game for the same seconds, alternating, so all see the same machine; a
step is one decision (hearts: its deals too, as OpenSpiel counts a chance node a step). The loop
is the same for all: the legal actions, a uniformly random one, applied. Needs ``pyspiel`` (the
rl extra); run it with the compiled build's Python to time the compiled build.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

import upriver


def hearts_steps(seconds: float, seed: int) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def our_steps(game_id: str, players: int, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = upriver.new_game(game_id, players=players, seed=seed * 100_000 + games)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", default="twelve-rivers,the-river")
    args = parser.parse_args()
    games = args.games.split(",")
    rates: dict[str, list[float]] = {name: [] for name in ["hearts", *games]}
    for r in range(args.rounds):
        rates["hearts"].append(hearts_steps(args.seconds, r))
        for name in games:
            rates[name].append(our_steps(name, args.players, args.seconds, r))
    hearts = statistics.median(rates["hearts"])
    build = "compiled" if upriver.compiled() else "pure Python"
    print(f"OpenSpiel C++ hearts: {hearts:,.0f} steps/s (median of {args.rounds} rounds)")
    for name in games:
        ours = statistics.median(rates[name])
        print(f"{name}, {args.players} players, {build}: {ours:,.0f} decisions/s "
              f"= {ours / hearts:.2f}x hearts")


if __name__ == "__main__":
    main()
