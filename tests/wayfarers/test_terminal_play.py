"""Wayfarers in the terminal: ``upriver play`` to the end at every player count, and replay."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "upriver.cli"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_terminal_game_is_played_to_the_end(players: int, tmp_path: Path) -> None:
    """A person (always answering 1) against random bots plays Wayfarers to its final scores in
    plain mode; the saved game replays to its last decision."""
    seats = ",".join(["human"] + ["random"] * (players - 1))
    save = tmp_path / "game.json"
    run = subprocess.run(
        [*CLI, "play", "wayfarers", "--players", seats, "--plain", "--seed", "3",
         "--save", str(save)],
        input="1\n" * 20000, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-500:]
    assert "Winner" in run.stdout and "total" in run.stdout
    replay = subprocess.run([*CLI, "replay", str(save), "--all", "--short"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert replay.returncode == 0, replay.stderr[-500:]
    assert "Seat 0:" in replay.stdout


@pytest.mark.parametrize("board", ["stargazer", "inventor", "mayor", "wayfarer"])
def test_a_solo_terminal_game_is_played_to_the_end(board: str, tmp_path: Path) -> None:
    """A person (always answering 1) plays a solo game against each AI board to the end in
    plain mode: the opponent's panel shows what it did, the final table has its column and the
    winner line names the opponent or the seat; the saved game replays."""
    save = tmp_path / "game.json"
    run = subprocess.run(
        [*CLI, "play", "wayfarers", "--players", "human", "--plain", "--seed", "3",
         "--option", f"ai_board={board}", "--save", str(save)],
        input="1\n" * 20000, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-500:]
    assert "revealed Scheme" in run.stdout
    assert f"opponent ({board.title()})" in run.stdout
    assert "Winner: " in run.stdout
    replay = subprocess.run([*CLI, "replay", str(save), "--all", "--short"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert replay.returncode == 0, replay.stderr[-500:]
    assert "Opponent (" in replay.stdout
