"""Plain lines, for pipes, scripts and tests: every decision as ``seat 1 (random): ...``.

A person is shown the game's full text view and the numbered actions, and answers on a line;
the log is printed as the person may know it (other seats' hidden deliveries as one line each
until every seat has delivered).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from upriver.terminal import board
from upriver.terminal.choosing import matches, read
from upriver.terminal.table import Table

WIDTH = 96


def columns(cells: list[str], indent: str = "  ", width: int = WIDTH) -> str:
    """Cells in aligned columns, as many per line as fit in ``width``."""
    size = max((len(c) for c in cells), default=0) + 3
    per_line = max(1, (width - len(indent)) // size)
    return "\n".join(
        indent + "".join(c.ljust(size) for c in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line))


class Plain:
    """The plain front end: prints, and reads answers from standard input."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.shown = table.log()

    def think(self, seat: int, choose: Callable[[], str]) -> str:
        return choose()

    def played(self, seat: int, action: str, auto: bool) -> None:
        self.shown = echo_log(self.table, self.table.log(), self.shown)

    def ask(self, seat: int, actions: list[str]) -> str | None:
        g = self.table.game
        view = g.view(seat)
        click.echo()
        click.echo(board.full_text(g, view))
        click.echo(f"\nSeat {seat}, choose one of {len(actions)}:")
        click.echo(columns([f"{i}. {a}" for i, a in enumerate(actions, 1)]))
        while True:
            click.echo("choice: ", nl=False)
            line = sys.stdin.readline()
            if not line:  # end of input
                click.echo()
                return None
            if not _is_terminal(sys.stdin):  # a transcript shows the answer a terminal echoes
                click.echo(line.rstrip("\n"))
            answer = read(line, actions, self.table.refusal)
            if answer.quit:
                return None
            if answer.action is not None:
                return answer.action
            if answer.help:
                for i, a in enumerate(actions, 1):
                    if not answer.help_filter or a in matches(answer.help_filter, actions):
                        what = board.describe(g, view, a)
                        click.echo(f"  {i}. {a}" + (f" — {what}" if what else ""))
            elif answer.error:
                click.echo(answer.error)
                for a in answer.candidates:
                    click.echo(f"  {actions.index(a) + 1}. {a}")


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except ValueError:  # a closed stream
        return False


def echo_log(table: Table, log: list[tuple[int, str]],
             shown: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Print what the log adds to what was shown: new lines, and lines that were hidden (a
    simultaneous step) once they are revealed."""
    same = 0
    while same < min(len(log), len(shown)) and log[same] == shown[same]:
        same += 1
    if same < len(shown):
        click.echo("shown now that every seat has chosen:")
    for seat, action in log[same:]:
        click.echo(f"{table.label(seat)}: {action}")
    return log
