"""The optional compiled build (``setup.py``, ``UPRIVER_COMPILE=1``) plays the same games to the
bit as the pure-Python source: random games, greedy games and MCTS decisions of every game.

The test builds the compiled wheel itself with the dev environment's mypyc (no download), once
per version of the sources (kept under ``build/compiled/``), and runs the same workload in a
process that imports that build and in one that imports the source tree.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Prints one JSON line: for each game and player count, a random game's, a greedy game's and
# an MCTS decision's outcome, and which of the bots' modules were compiled.
WORKLOAD = r"""
import importlib, json, random
import upriver
from upriver.agents.mcts import MCTSAgent
from upriver.sim.runner import play_game
from upriver.sim.study import SimConfig

hot = ["upriver.agents.greedy", "upriver.agents.mcts", "upriver.games.wayfarers.turns"]
out = {"compiled": [m for m in hot if not importlib.import_module(m).__file__.endswith(".py")]}
for game, players, options in [("twelve-rivers", 3, {}), ("twelve-rivers", 2, {"edition": "2022"}),
                               ("the-river", 3, {}), ("wayfarers", 2, {}), ("wayfarers", 1, {})]:
    g = upriver.new_game(game, players=players, seed=7, **options)
    rng = random.Random(7)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    greedy = play_game(SimConfig(game, ("greedy",) * players, 1, seed=3, options=options), 0)
    g = upriver.new_game(game, players=players, seed=11, **options)
    while len(g.history) < 30 or len(g.legal_actions()) < 2:
        g.play(rng.choice(g.legal_actions()))
    choice = MCTSAgent(5, iters=60).choose(g)
    out[f"{game} {players} {options}"] = [g.history[-1], len(g.history), choice,
                                         greedy["scores"], greedy["decisions"],
                                         g.evaluations(), g.scores()]
print(json.dumps(out))
"""


def _sources_digest() -> str:
    digest = hashlib.sha256((ROOT / "setup.py").read_bytes())
    for path in sorted((ROOT / "src").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _compiled_site() -> Path:
    """The compiled build of these sources, unpacked; built on first use."""
    site = ROOT / "build" / "compiled" / _sources_digest()
    if (site / "upriver").is_dir():
        return site
    for old in site.parent.glob("*"):  # builds of sources that have changed since
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
    wheels = site.with_suffix(".wheels")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q",
         "-w", str(wheels), str(ROOT)],
        env={**os.environ, "UPRIVER_COMPILE": "1"}, capture_output=True, text=True,
        timeout=1200, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = wheels.glob("upriver-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def _run(pythonpath: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", WORKLOAD], env=env, capture_output=True,
                          text=True, timeout=900, check=False, cwd=ROOT / "build")
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_compiled_build_plays_the_same_games_as_the_source() -> None:
    """Random, greedy and MCTS play of every game give the same decisions, scores and
    evaluations whether the bots' and rules' hot modules are compiled or not."""
    pytest.importorskip("mypyc")
    compiled = _run(_compiled_site())
    source = _run(ROOT / "src")
    assert compiled.pop("compiled") == ["upriver.agents.greedy", "upriver.agents.mcts",
                                        "upriver.games.wayfarers.turns"]
    assert source.pop("compiled") == []
    assert compiled == source
    assert len(source) == 5
