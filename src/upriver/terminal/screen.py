"""The full-screen front end: one screen redrawn in place on the terminal's alternate screen.

Each frame is written row by row at fixed positions (no scrolling), so the board, the person's
hand, the last moves and the options stay where they are. The person answers on the bottom
line in the terminal's own line editing; a bot that takes a moment shows a spinner there.
"""

from __future__ import annotations

import io
import os
import select
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from upriver.terminal import board, layout
from upriver.terminal.choosing import matches, read
from upriver.terminal.layout import Frame, LogLine, Options
from upriver.terminal.table import Table, since_last

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
SPIN_AFTER = 0.15  # seconds: a bot quicker than this shows no spinner
REDRAW_EVERY = 0.05  # seconds between redraws while bots move one after another
PROMPT = "Your choice (number, words, ? help, q quit): "
HINT = "? what each choice does · view whole table · log all moves · q save, quit"


def usable(stdin: TextIO, stdout: TextIO) -> bool:
    """The full screen needs a terminal on both ends that can move the cursor."""
    try:
        return (stdin.isatty() and stdout.isatty()
                and os.environ.get("TERM", "dumb") not in ("dumb", ""))
    except (AttributeError, ValueError):
        return False


class Screen:
    """Draws the table and asks the people; use it as a context manager."""

    def __init__(self, table: Table, out: TextIO | None = None,
                 stdin: TextIO | None = None, size: tuple[int, int] | None = None) -> None:
        self.table = table
        self.fixed_size = size  # columns, rows; None: the terminal's, read at each frame
        self.out = out or sys.stdout
        self.stdin = stdin or sys.stdin
        # Re-entrant: a Ctrl-C between taking the lock and the block that frees it leaves it held
        # by this thread, and leaving the screen must still be able to write.
        self.lock = threading.RLock()
        self.last_draw = 0.0
        self.message = ""
        self.stale = False  # a decision was played since the last frame drawn
        self.resized = False
        self._old_winch: Any = None
        self._ansi = Console(file=io.StringIO(), force_terminal=True,
                             color_system="truecolor" if os.environ.get("COLORTERM") else
                             "standard", legacy_windows=False, width=1000)

    # ---------------------------------------------------------------- entering and leaving

    def __enter__(self) -> Screen:
        self._write("\x1b[?1049h\x1b[H\x1b[2J")  # the alternate screen, cleared
        if hasattr(signal, "SIGWINCH"):
            self._old_winch = signal.signal(signal.SIGWINCH, self._on_resize)
        return self

    def __exit__(self, *exc: object) -> None:
        self._write("\x1b[0m\x1b[?25h\x1b[?1049l")
        if hasattr(signal, "SIGWINCH") and self._old_winch is not None:
            signal.signal(signal.SIGWINCH, self._old_winch)

    def _on_resize(self, signum: int, frame: FrameType | None) -> None:
        self.resized = True  # redrawn by the input loop: never draw inside a signal handler

    def _write(self, data: str) -> None:
        with self.lock:
            self.out.write(data)
            self.out.flush()

    def size(self) -> tuple[int, int]:
        if self.fixed_size is not None:
            return self.fixed_size
        try:
            cols, rows = os.get_terminal_size(self.out.fileno())
        except (OSError, ValueError, AttributeError):
            cols, rows = shutil.get_terminal_size()
        return max(20, cols), max(10, rows)

    # ---------------------------------------------------------------- drawing

    def _ansi_line(self, text: Text) -> str:
        with self._ansi.capture() as cap:
            self._ansi.print(text, end="", overflow="crop", no_wrap=True, soft_wrap=True)
        return cap.get()

    def draw(self, frame: Frame) -> None:
        lines = layout.compose(frame)
        parts = ["\x1b[?25l"]
        for row, text in enumerate(lines, 1):
            parts.append(f"\x1b[{row};1H\x1b[0m\x1b[2K" + self._ansi_line(text))
        # The cursor waits at the end of the prompt, on the last line.
        parts.append(f"\x1b[0m\x1b[{len(lines)};{len(frame.prompt) + 1}H\x1b[?25h")
        self._write("".join(parts))
        self.last_draw = time.monotonic()

    def frame(self, seat: int | None, options: Options | None = None, prompt: str = "",
              status: str = "") -> Frame:
        g = self.table.game
        width, height = self.size()
        viewer = seat if seat is not None else self.table.viewer
        view = g.view(viewer)
        left, _ = layout.widths(width)
        found = board.sections(g, view, left)
        mine = [ln for s in board.sections(g, view, width) if s.name == "you" for ln in s.lines]
        others = [s for s in found if s.name != "you"]
        log = self.table.log()
        start = since_last(log, seat if seat is not None else self.table.viewer)
        me = seat if seat is not None else self.table.viewer
        entries = [LogLine("you" if s == me else self.table.label(s), a, i >= start)
                   for i, (s, a) in enumerate(log)]
        header = " · ".join(x for x in (board.headline(g, view), board.progress(g, view)) if x)
        to_move = g.to_move
        short = status
        if not status and to_move is None:
            status = short = "game over"
        elif not status and to_move in (self.table.viewer, seat):
            status, short = f"seat {to_move} (you) to decide", "your turn"
        elif not status and to_move is not None:
            status, short = f"{self.table.label(to_move)} to decide", f"seat {to_move} to decide"
        return Frame(width, height, header, status, short, others, mine, entries, options,
                     message=self.message, prompt=prompt)

    # ---------------------------------------------------------------- the front end

    def played(self, seat: int, action: str, auto: bool) -> None:
        if auto:
            self.message = f"your only choice was taken: {action}"
        self.stale = True
        if time.monotonic() - self.last_draw >= REDRAW_EVERY or self.table.game.is_over:
            self.draw(self.frame(None))
            self.stale = False

    def think(self, seat: int, choose: Callable[[], str]) -> str:
        # Bots in a row redraw at most every REDRAW_EVERY; a bot that takes longer than
        # SPIN_AFTER first brings the screen up to date (a frame made here, drawn by the
        # spinner, as the game must not be read while the bot reads it).
        now = self.frame(None) if self.stale else None
        if now is not None and time.monotonic() - self.last_draw >= REDRAW_EVERY:
            self.draw(now)
            self.stale, now = False, None
        stop = threading.Event()
        label = self.table.label(seat)
        spinner = threading.Thread(target=self._spin, args=(stop, label, now), daemon=True)
        spinner.start()
        try:
            return choose()
        finally:
            stop.set()
            spinner.join()

    def _spin(self, stop: threading.Event, label: str, stale: Frame | None) -> None:
        if stop.wait(SPIN_AFTER):
            return
        if stale is not None:
            self.draw(stale)
            self.stale = False
        _, rows = self.size()
        k = 0
        while not stop.is_set():
            text = f"{SPINNER[k % len(SPINNER)]} {label} is thinking…"
            self._write(f"\x1b[{rows};1H\x1b[2K\x1b[36m{text}\x1b[0m")
            k += 1
            stop.wait(0.1)
        self._write(f"\x1b[{rows};1H\x1b[2K")

    def ask(self, seat: int, actions: list[str]) -> str | None:
        g = self.table.game
        view = g.view(seat)
        title = f"Seat {seat}, {board.step(g, view)}: {len(actions)} choices"
        shown = list(enumerate(actions, 1))
        page = 0
        pager: tuple[str, list[str]] | None = None
        pager_page = 0

        def build() -> Frame:
            frame = self.frame(seat, Options(title, shown, page, HINT), PROMPT)
            if pager is not None:
                frame.pager_title, frame.pager = pager
                frame.pager_page = pager_page
            return frame

        while True:
            frame = build()
            self.draw(frame)
            self.message = ""
            line = self._read_line(build)
            if line is None:
                return None
            typed = " ".join(line.split()).casefold()
            if typed == "view":
                pager, pager_page = ("The whole table", board.full_text(g, view).splitlines()), 0
                continue
            if typed == "log":
                lines = [f"{i}. {self.table.label(s)}: {a}"
                         for i, (s, a) in enumerate(self.table.log(), 1)]
                pager, pager_page = ("Every move so far", lines or ["none yet"]), 0
                continue
            answer = read(line, actions, self.table.refusal)
            if answer.quit:
                return None
            if answer.action is not None:
                return answer.action
            if answer.help:
                wanted = matches(answer.help_filter, actions) if answer.help_filter else actions
                pager = (f"What each choice does ({len(wanted)})",
                         [self._described(view, actions, a) for a in wanted] or ["none"])
                pager_page = 0
            elif answer.page and pager is not None:
                pager_page += answer.page
                room = layout.pager_room(frame.height)
                if pager_page < 0 or pager_page * room >= len(
                        layout.pager_lines(pager[1], frame.width)):
                    pager = None  # paged past either end: back to the table
            elif answer.page:
                page += answer.page
            else:
                self.message = answer.error
                shown = [(actions.index(a) + 1, a) for a in answer.candidates] or list(
                    enumerate(actions, 1))
                page = 0

    def _described(self, view: dict[str, Any], actions: list[str], action: str) -> str:
        what = board.describe(self.table.game, view, action)
        return f"{actions.index(action) + 1:>2} {action}" + (f" — {what}" if what else "")

    def _read_line(self, redraw: Callable[[], Frame]) -> str | None:
        """A line typed at the prompt (None at end of input); a resized terminal is redrawn
        while the person types."""
        try:
            fd = self.stdin.fileno()
        except (AttributeError, ValueError, io.UnsupportedOperation):
            fd = -1
        while fd >= 0:
            if self.resized:
                self.resized = False
                self.draw(redraw())
            try:
                ready, _, _ = select.select([fd], [], [], 0.25)
            except InterruptedError:
                continue
            if ready:
                break
        line = self.stdin.readline()
        return line if line else None
