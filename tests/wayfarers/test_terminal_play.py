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


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_full_screen_fits_80_by_24_and_names_the_step(players: int) -> None:
    """The full screen at 80x24 in the middle of a game: no row is wider than 80 columns, the
    board column (53) holds the display rows cut to fit rather than at their full width, the
    options' title names the step ("place a die, place a worker or rest", "place die 4 ..."),
    and the help tells most choices apart by what they do, not by their own words again."""
    import io
    import random

    import upriver
    from upriver.terminal import board, layout
    from upriver.terminal.layout import Options
    from upriver.terminal.screen import HINT, PROMPT, Screen
    from upriver.terminal.table import Table

    game = upriver.new_game("wayfarers", players=players, seed=3)
    rng = random.Random(3)
    described = offered = 0
    for _ in range(60):
        seat = game.to_move
        assert seat is not None
        actions = game.legal_actions()
        view = game.view(seat)
        step = board.step(game, view)
        assert step
        table = Table(game, ["human"] * players, 3)
        screen = Screen(table, out=io.StringIO(), size=(80, 24))
        frame = screen.frame(seat, Options(f"Seat {seat}, {step}: {len(actions)} choices",
                                           list(enumerate(actions, 1)), 0, HINT), PROMPT)
        rows = [line.plain for line in layout.compose(frame)]
        assert len(rows) <= 24 and all(len(r) <= 80 for r in rows), rows
        assert any(r.startswith(("towns (", "land (")) for r in rows), rows
        assert HINT in rows
        for action in actions:
            offered += 1
            described += bool(board.describe(game, view, action))
        game.play(rng.choice(actions))
    assert described / offered > 0.5, (described, offered)
