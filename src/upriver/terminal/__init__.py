"""``upriver play`` in the terminal: a full screen redrawn in place on a terminal, plain lines
everywhere else (pipes, scripts, tests).

Modules: ``table`` (who sits where, the turn loop), ``screen`` and ``plain`` (the two front
ends), ``layout`` (one screen's lines), ``board`` (each game's texts), ``choosing`` (reading a
choice), ``saves`` (saving and resuming), ``scores`` (the final table).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from upriver.terminal import board, saves
from upriver.terminal.plain import Plain
from upriver.terminal.scores import summary
from upriver.terminal.screen import Screen, usable
from upriver.terminal.table import Table

# Exit statuses of ``upriver play``: finished, quit (q or end of input), Ctrl-C as shells do.
FINISHED, QUIT, INTERRUPTED = 0, 3, 130

__all__ = ["FINISHED", "INTERRUPTED", "QUIT", "Table", "play", "usable"]


def play(table: Table, *, plain: bool, save: Path | None, resumed: Path | None) -> int:
    """Play the table to its end or until a person stops; save; return the exit status."""
    full_screen = not plain and usable(sys.stdin, sys.stdout)
    interrupted = False
    try:
        if full_screen:
            with Screen(table) as screen:
                finished = table.run(screen)
        else:
            finished = table.run(Plain(table))
    except KeyboardInterrupt:
        finished, interrupted = False, True
    g = table.game
    if finished:
        click.echo()
        click.echo(board.full_text(g, g.view(None)))
        click.echo()
        click.echo(summary(g, table.seats))
        target = save or resumed
        if target is not None:
            saves.write(target, g, table.seats, table.seed)
            click.echo(f"saved to {target}")
        return FINISHED
    target = save or resumed or saves.default_path(g.game_id, table.seed)
    saves.write(target, g, table.seats, table.seed)
    how = "interrupted" if interrupted else "quit"
    click.echo(f"{how} after {len(g.history)} decisions; saved to {target}")
    click.echo(f"resume with: upriver play {_quoted(target)}")
    return INTERRUPTED if interrupted else QUIT


def _quoted(path: Path) -> str:
    return shlex.quote(str(path))
