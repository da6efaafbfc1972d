"""The optional compiled build (``setup.py``, ``UPRIVER_COMPILE=1``) plays the same games to the
bit as the pure-Python source: random games, greedy games and MCTS decisions of every game.

The test builds the compiled wheel itself with the dev environment's mypyc (no download), once
per version of the sources (``tests/compiled_build.py``), and runs the same workload in a
process that imports that build and in one that imports the source tree.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.compiled_build import ROOT, compiled_site

EXT = sysconfig.get_config_var("EXT_SUFFIX")

# Prints one JSON line: for each game and player count, a random game's, a greedy game's and
# an MCTS decision's outcome, every seat's encoding mid-game (a digest of its exact numbers),
# and which of the bots' modules were compiled.
WORKLOAD = r"""
import hashlib, importlib, json, random
import upriver
from upriver.agents.mcts import MCTSAgent
from upriver.sim.runner import play_game
from upriver.sim.study import SimConfig

hot = ["upriver.agents.greedy", "upriver.agents.mcts", "upriver.games.the_river.stages",
       "upriver.games.twelve_rivers.stages", "upriver.games.wayfarers.turns"]
out = {"compiled": [m for m in hot if not importlib.import_module(m).__file__.endswith(".py")],
       "says": upriver.compiled()}
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
    encodings = [hashlib.sha256(repr(g.rules.encode_seat(g.state, s, players, g.options))
                                .encode()).hexdigest()[:16] for s in range(players)]
    choice = MCTSAgent(5, iters=60).choose(g)
    turn, agent, seat, taken = g.clone(), MCTSAgent(6, iters=80), g.to_move, g.turns_taken
    while not turn.is_over and (turn.to_move, turn.turns_taken) == (seat, taken):
        turn.play(agent.choose(turn))  # one budget for the turn, its tree going on
    out[f"{game} {players} {options}"] = [g.history[-1], len(g.history), choice,
                                         greedy["scores"], greedy["decisions"],
                                         g.evaluations(), g.scores(), turn.history[-8:],
                                         agent.turn_spent()[0], encodings]
print(json.dumps(out))
"""


def _run(pythonpath: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", WORKLOAD], env=env, capture_output=True,
                          text=True, timeout=900, check=False, cwd=ROOT / "build")
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_compiled_build_plays_the_same_games_as_the_source() -> None:
    """Random, greedy and MCTS play of every game give the same decisions, scores,
    evaluations and observation encodings whether the bots' and rules' hot modules are
    compiled or not."""
    pytest.importorskip("mypyc")
    compiled = _run(compiled_site())
    source = _run(ROOT / "src")
    assert compiled.pop("compiled") == ["upriver.agents.greedy", "upriver.agents.mcts",
                                        "upriver.games.the_river.stages",
                                        "upriver.games.twelve_rivers.stages",
                                        "upriver.games.wayfarers.turns"]
    assert source.pop("compiled") == []
    assert compiled.pop("says") is True and source.pop("says") is False
    assert compiled == source
    assert len(source) == 5


def _wheel_of_a_copy(tmp_path: Path, env: dict[str, str]) -> tuple[Path, str]:
    """Build a wheel of a copy of the sources (no earlier build to reuse) with ``env``."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__"))
    # What an earlier compiled build leaves in build/lib: a wheel must not pack it.
    for lib in ("lib", f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}"):
        stale = source / "build" / lib / "upriver" / "core" / f"rules_base{EXT}"
        stale.parent.mkdir(parents=True)
        stale.write_bytes(b"an old binary")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-v",
         "-w", str(tmp_path / "wheels"), str(source)],
        env={**os.environ, **env}, capture_output=True, text=True, timeout=900, check=False,
        start_new_session=True)  # no terminal for the build's notice
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = (tmp_path / "wheels").glob("upriver-*.whl")
    return wheel, done.stdout + done.stderr


def _compiled_modules(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return [n for n in archive.namelist() if n.endswith(".so")]


@pytest.mark.parametrize(("cc", "reason"), [
    ("/nonexistent/cc", "no C compiler: /nonexistent/cc is not installed"),
    ("false", "the build failed: CompileError"),
])
def test_without_a_working_c_compiler_the_install_is_pure_python_and_says_so(
        tmp_path: Path, cc: str, reason: str) -> None:
    """The default build compiles where it can; with no C compiler, or one that fails, it
    installs pure Python (no compiled module at all, not even one an earlier build left in
    build/) with a one-line notice saying why."""
    pytest.importorskip("mypyc")
    wheel, output = _wheel_of_a_copy(tmp_path, {"CC": cc, "UPRIVER_COMPILE": "auto"})
    assert _compiled_modules(wheel) == []
    assert f"upriver: installing pure Python ({reason})" in output
    # and it is whole: every data file of the sources (tables, web pages, migrations) is in it
    with zipfile.ZipFile(wheel) as archive:
        packed = set(archive.namelist())
    data = {f"upriver/{p.relative_to(ROOT / 'src' / 'upriver').as_posix()}"
            for p in (ROOT / "src" / "upriver").rglob("*")
            if p.is_file() and p.suffix != ".pyc" and "__pycache__" not in p.parts}
    assert sorted(data - packed) == []


def test_an_unknown_compile_setting_is_refused_in_one_line() -> None:
    """``UPRIVER_COMPILE`` is auto, 1 or 0; anything else stops the install before it starts."""
    done = subprocess.run([sys.executable, "setup.py", "--version"], cwd=ROOT,
                          env={**os.environ, "UPRIVER_COMPILE": "yes"}, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert done.stderr.strip() == "UPRIVER_COMPILE must be auto, 1 or 0, not 'yes'"


def test_a_pure_python_install_says_so_when_the_web_app_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``upriver serve`` on the pure-Python build prints one line saying the bots are slower
    (pip hides what a build prints); the compiled build prints nothing more than its address."""
    import upriver
    import upriver.server as server

    monkeypatch.setattr(server, "_check_free", lambda host, port: None)
    monkeypatch.setattr(server, "create_app", lambda *a, **k: object())
    monkeypatch.setattr(server.uvicorn, "run", lambda *a, **k: None)
    for compiled in (False, True):
        monkeypatch.setattr(upriver, "compiled", lambda c=compiled: c)
        server.serve(db="sqlite://")
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith("upriver is serving on http://localhost:8000/")
        assert lines[1:] == ([] if compiled else [
            "upriver: this is the pure-Python build, so bots think about 2-3 times slower "
            "(the compiled build needs a C compiler at install: README)"])
