"""Train a masked PPO agent (sb3-contrib's MaskablePPO) on 12 Rivers for 2 players against the
random bot, on the CPU, then measure it against random and greedy (docs/learning.md).

Needs a deep-learning framework, which the test command does not install: a CPU build of torch
first, then the training extra (`.venv/bin/pip install torch==2.13.0 && .venv/bin/pip install
-e '.[dev,train]'`).

    .venv/bin/python scripts/train_ppo.py --steps 50000 --every 10000 --out ppo/
    .venv/bin/python scripts/train_ppo.py --steps 500000 --envs 16 --processes 2 \
        --actions words --every 50000 --out ppo-words/

writes ppo/model.zip, ppo/curve.json (win rate against random every --every steps, with 95%
intervals), ppo/curve.png and ppo/result.json (the final agent against random and greedy).
The learner's seat is drawn each game, so it learns both seats. ``--envs N`` collects experience
from N games at once (``rl.sb3_vec_env``), over ``--processes`` processes; ``--actions words``
spells each decision word by word (a 183-word action space instead of the 57,252-action
catalogue, ``docs/learning.md``), and a training step is then a word.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from upriver import rl
from upriver.sim.stats import wilson

GAME = "twelve-rivers"


def play_match(model: Any, opponent: str, games: int, seed: int,
               actions: str = "catalogue") -> dict[str, Any]:
    """``games`` games of the trained agent (masked, deterministic) against ``opponent``,
    the agent's seat alternating; a shared victory counts as half a win."""
    wins = 0.0
    margins = []
    for k in range(games):
        env = rl.gym_env(GAME, players=2, seat=k % 2, opponents=opponent, illegal="raise",
                         actions=actions)
        obs, _ = env.reset(seed=seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        winners = env.game.winners()
        if env.seat in winners:
            wins += 1.0 / len(winners)
        margins.append(float(reward))
    low, high = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "win_rate": wins / games,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_margin": round(float(np.mean(margins)), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--every", type=int, default=25_000, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=100, help="games per evaluation")
    parser.add_argument("--final-games", type=int, default=200, help="games per final match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=1, help="games stepped together")
    parser.add_argument("--processes", type=int, default=1, help="processes stepping them")
    parser.add_argument("--actions", choices=("catalogue", "words"), default="catalogue")
    parser.add_argument("--n-steps", type=int, default=256,
                        help="rollout steps per game between updates")
    parser.add_argument("--out", type=Path, default=Path("ppo"))
    args = parser.parse_args()
    import torch
    from sb3_contrib import MaskablePPO  # the optional training extra

    # One thread: the network is small, and a second thread fighting the game's own work for
    # two cores made each step 30 times slower.
    torch.set_num_threads(1)

    args.out.mkdir(parents=True, exist_ok=True)
    settings = {"players": 2, "seat": None, "opponents": "random", "illegal": "raise",
                "actions": args.actions}
    env = rl.gym_env(GAME, **settings) if args.envs == 1 else \
        rl.sb3_vec_env(GAME, num_envs=args.envs, processes=args.processes, **settings)
    # Short rollouts with the catalogue: each step's mask is 57,252 numbers, and SB3 keeps
    # every mask of a rollout (2,048 steps of them is half a gigabyte and made a step four
    # times slower). A word's mask is 183 numbers.
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=args.n_steps, batch_size=64,
                        n_epochs=4, learning_rate=3e-4, gamma=1.0, ent_coef=0.01, verbose=0,
                        policy_kwargs={"net_arch": [256, 256]})
    curve = [{"steps": 0, **play_match(model, "random", args.eval_games, 10_000, args.actions)}]
    start = time.perf_counter()
    learning = 0.0  # seconds in learn() alone, without the evaluations
    done_steps = 0
    while done_steps < args.steps:
        chunk = min(args.every, args.steps - done_steps)
        began = time.perf_counter()
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        learning += time.perf_counter() - began
        done_steps += chunk
        point = {"steps": done_steps, "seconds": round(time.perf_counter() - start, 1),
                 "learning_seconds": round(learning, 1),
                 **play_match(model, "random", args.eval_games, 10_000, args.actions)}
        curve.append(point)
        print(json.dumps(point), flush=True)
    model.save(args.out / "model.zip")
    (args.out / "curve.json").write_text(json.dumps(curve, indent=1))
    result = {"game": GAME, "players": 2, "steps": args.steps, "seed": args.seed,
              "envs": args.envs, "processes": args.processes, "actions": args.actions,
              "training_seconds": round(time.perf_counter() - start, 1),
              "learning_seconds": round(learning, 1),
              "against": [play_match(model, bot, args.final_games, 20_000, args.actions)
                          for bot in ("random", "greedy")]}
    (args.out / "result.json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result))
    _plot(curve, args.out / "curve.png", args.actions)


def _plot(curve: list[dict[str, Any]], path: Path, actions: str = "catalogue") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p["steps"] for p in curve]
    rate = [p["win_rate"] for p in curve]
    low = [p["win_rate_ci95"][0] for p in curve]
    high = [p["win_rate_ci95"][1] for p in curve]
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.fill_between(steps, low, high, alpha=0.25, label="95% interval")
    ax.plot(steps, rate, marker="o", label="win rate against random")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlabel("training steps (words the learner said)" if actions == "words"
                  else "training steps (the learner's decisions)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    spelled = ", words" if actions == "words" else ""
    ax.set_title(f"MaskablePPO on 12 Rivers{spelled}, 2 players, vs random "
                 f"({curve[-1]['games']} games per point)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
