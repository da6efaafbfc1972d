"""Speed of this tree against another revision, on the same machine in one run (issue 16).

    python scripts/speed_ratios.py REV [--greedy-games N] [--greedy-seconds S] [--compiled SITE]

REV is checked out into a temporary git worktree; every workload below is then timed in a fresh
process for each tree, alternating, so both see the same machine. Each workload is fixed work
(the same seeds, positions and iteration counts), so a ratio compares equal work:

- random play: whole games with random legal actions (seeds 0, 1, ...);
- greedy: whole games with the greedy bot in every seat, as ``upriver simulate`` plays them: at
  least N, and in REV's tree as many more as fit in S seconds (default 0); the other trees then
  play the same number, so fast games are timed over enough of them;
- decisions/s of the random and greedy games beside games/s: where the rules have changed since
  REV (a fidelity fix that adds a decision), games are not equal work but a decision nearly is;
- MCTS: iterations from fixed mid-game positions (default settings, fixed iteration count,
  spent whole: no early stop).

``--compiled SITE`` also times this tree's compiled build (a folder holding the unpacked wheel
that ``UPRIVER_COMPILE=1 pip wheel --no-build-isolation .`` makes; tests/test_compiled.py leaves
one under build/compiled/). Prints one table of rates (higher is faster) and ratios to REV;
``--json`` prints them as one JSON object. ``--cases`` picks the games and player counts: a game
that REV predates is timed against a later revision of its own (Wayfarers against its first
commits, 711e2a1 and, solo, 2d10b2a).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATES = {"random": "random games/s", "random_steps": "random decisions/s",
         "greedy": "greedy games/s", "greedy_steps": "greedy decisions/s",
         "mcts": "MCTS iterations/s"}
CASES = [("twelve-rivers", 4), ("twelve-rivers", 2), ("the-river", 4), ("the-river", 2),
         ("wayfarers", 4), ("wayfarers", 2), ("wayfarers", 1)]

# Run inside each tree: prints {"random": games/s, "greedy": games/s, "mcts": iterations/s}.
WORKLOAD = r"""
import inspect, json, random, sys, time
import upriver
from upriver.agents.mcts import MCTSAgent
from upriver.sim.runner import play_game
try:
    from upriver.sim.study import SimConfig
except ImportError:  # trees before the study's config had its own module
    from upriver.sim.runner import SimConfig  # type: ignore[attr-defined, no-redef]

game, players = sys.argv[1], int(sys.argv[2])
greedy_games, greedy_seconds = int(sys.argv[3]), float(sys.argv[4])
start = time.perf_counter()
random_steps = 0
for seed in range(40):
    g = upriver.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    random_steps += len(g.history)
random_time = time.perf_counter() - start
random_rate = 40 / random_time
config = SimConfig(game, ("greedy",) * players, games=greedy_games)
start = time.perf_counter()
played = greedy_steps = 0
while played < greedy_games or time.perf_counter() - start < greedy_seconds:
    greedy_steps += play_game(config, played)["decisions"]
    played += 1
greedy_time = time.perf_counter() - start
greedy_rate = played / greedy_time
positions = []
for seed in range(4):
    g = upriver.new_game(game, players=players, seed=100 + seed)
    rng = random.Random(seed)
    for _ in range(30 + 10 * seed):
        if g.is_over or len(g.legal_actions()) > 1 and len(g.history) > 25 + 10 * seed:
            break
        g.play(rng.choice(g.legal_actions()))
    if not g.is_over and len(g.legal_actions()) > 1:
        positions.append(g)
iterations, elapsed = 0, 0.0
# The whole budget every time (no early stop, where the tree has one), so the work is equal.
whole = {"early": 0} if "early" in inspect.signature(MCTSAgent).parameters else {}
for k, g in enumerate(positions):
    agent = MCTSAgent(k, iters=300, **whole)
    t = time.perf_counter()
    agent.choose(g)
    elapsed += time.perf_counter() - t
    iterations += agent.last_iterations
print(json.dumps({"random": random_rate, "greedy": greedy_rate, "greedy_games": played,
                  "mcts": iterations / elapsed if elapsed else 0.0,
                  "random_steps": random_steps / random_time,
                  "greedy_steps": greedy_steps / greedy_time}))
"""


def measure(src: Path, game: str, players: int, greedy_games: int,
            greedy_seconds: float = 0.0) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", WORKLOAD, game, str(players), str(greedy_games),
                           str(greedy_seconds)], env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the workload failed in {src}: {done.stderr.strip().splitlines()[-1]}")
    out: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the revision to compare with, e.g. a commit or tag")
    parser.add_argument("--greedy-games", type=int, default=2)
    parser.add_argument("--greedy-seconds", type=float, default=0.0)
    parser.add_argument("--compiled", type=Path, default=None, metavar="SITE")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cases", default=",".join(f"{g}:{n}" for g, n in CASES),
                        help="GAME:PLAYERS,... to time (default every game and player count); "
                             "a game REV does not have yet needs a later REV of its own")
    args = parser.parse_args()
    cases = [(c.split(":")[0], int(c.split(":")[1])) for c in args.cases.split(",")]
    trees = {"new": ROOT / "src"}
    if args.compiled:
        trees["compiled"] = args.compiled.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(old_tree), args.rev], check=True)
        try:
            rows = []
            for game, players in cases:
                row: dict[str, object] = {"game": game, "players": players}
                old = row["old"] = measure(old_tree / "src", game, players, args.greedy_games,
                                           args.greedy_seconds)
                for name, src in trees.items():
                    rates = measure(src, game, players, int(old["greedy_games"]))
                    row[name] = rates
                    row[f"{name}_ratio"] = {k: rates[k] / old[k] for k in RATES if old.get(k)}
                rows.append(row)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(old_tree)], check=False)
    if args.json:
        print(json.dumps({"base": args.rev, "rows": rows}))
        return
    for k, label in RATES.items():
        print(f"\n{label} ({args.rev} > this tree" + (", compiled" if args.compiled else "")
              + ")")
        for r in rows:
            cells = [f"{r['old'][k]:>9.2f}"]  # type: ignore[index]
            for name in trees:
                cells.append(f"{r[name][k]:>9.2f} ({r[f'{name}_ratio'].get(k, 0):.2f}x)")  # type: ignore[index,attr-defined]
            print(f"  {r['game']:<14} {r['players']}p " + "  ".join(cells))


if __name__ == "__main__":
    main()
