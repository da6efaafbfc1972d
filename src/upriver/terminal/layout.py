"""Composing one screen: header, board and last moves side by side, the person's own things,
the options, a message line and the prompt. Pure: text in, lines out, so tests can check it.

At 80x24 the board column is 53 wide and the last moves 26; sections the game ranks lower
(other seats, tiles on offer) give way first and the ``view`` command shows everything.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from rich.text import Text

from upriver.terminal.board import Section

# Pearl and resource words drawn in their colours (12 Rivers' short codes too).
COLOURS = {
    "gr": "green", "green": "green", "bl": "blue", "blue": "blue", "pk": "magenta",
    "pink": "magenta", "pu": "purple", "purple": "purple", "wh": "bold white",
    "white": "bold white",
    "wood": "dark_orange3", "stone": "grey70", "clay": "red3", "food": "yellow",
}
COLOUR_WORDS = re.compile(r"(?<![\w-])(" + "|".join(COLOURS) + r")(?![\w-])")
BELOW_OPTIONS = 2  # the message line and the prompt


@dataclass
class LogLine:
    who: str  # "seat 1 (random)", "you"
    text: str  # the action: "place R2-1P space 1"
    new: bool  # since the deciding person's last decision


@dataclass
class Options:
    """The options pane: a title and numbered choices (their numbers in the full list)."""

    title: str
    numbered: list[tuple[int, str]]
    page: int = 0
    hint: str = ""


@dataclass
class Frame:
    width: int
    height: int
    header: str
    status: str  # whose turn, on the header's right
    short_status: str  # the same in fewer words, for a narrow screen
    sections: list[Section]  # laid out at ``widths(width)[0]``, the person's own not among them
    you: list[str]  # the person's own things, laid out at the full width
    log: list[LogLine]
    options: Options | None
    message: str = ""
    prompt: str = ""
    pager: list[str] | None = None  # help, the full view or the whole log, instead of the board
    pager_title: str = ""
    pager_page: int = 0


def coloured(line: str, style: str = "") -> Text:
    text = Text(line, style=style)
    for m in COLOUR_WORDS.finditer(line):
        text.stylize(COLOURS[m.group(1)], m.start(), m.end())
    return text


def _wrap(text: str, width: int, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, max(8, width), subsequent_indent=" " * indent,
                         break_on_hyphens=False) or [""]


def option_rows(options: Options, width: int, rows: int) -> tuple[list[str], int, int]:
    """The options laid out in columns within ``rows`` lines: the lines, the first and the
    last+1 index shown (the page)."""
    cells = [f"{n:>2} {text}" for n, text in options.numbered]
    if not cells:
        return [], 0, 0
    col = max(len(c) for c in cells) + 2
    per_line = max(1, min(len(cells), width // col))
    if per_line == 1:
        col = width
    per_page = per_line * rows
    pages = max(1, -(-len(cells) // per_page))
    page = options.page % pages
    start = page * per_page
    chunk = cells[start : start + per_page]
    # Column-major, as a person reads a list: down, then across.
    down = -(-len(chunk) // per_line)
    lines = []
    for r in range(down):
        parts = [chunk[c * down + r] for c in range(per_line) if c * down + r < len(chunk)]
        lines.append("".join(p[: col - 1].ljust(col) for p in parts).rstrip())
    return lines, start, start + len(chunk)


def _pick_sections(sections: list[Section], height: int) -> list[Section]:
    """The sections that fit in ``height`` lines, most important first, in their own order.
    The board (rank 1 or less) is cut to fit rather than left out."""
    kept: dict[str, Section] = {}
    used = 0
    for s in sorted(sections, key=lambda s: s.rank):
        if used + len(s.lines) <= height:
            kept[s.name] = s
            used += len(s.lines)
        elif s.rank <= 1 and used < height:
            kept[s.name] = Section(s.name, s.lines[: height - used], s.rank)
            used = height
    return [kept[s.name] for s in sections if s.name in kept]


def _log_lines(log: list[LogLine], width: int, height: int) -> list[Text]:
    """The last moves that fit, newest at the bottom, one heading per run of moves by the
    same seat; the moves since the person's last decision in bold, older ones dim."""
    title = Text("Last moves".ljust(width)[:width], style="bold underline")
    runs: list[tuple[Text, list[list[Text]]]] = []  # a heading and its moves' lines
    who = None
    for entry in log:
        style = "bold" if entry.new else "dim"
        if entry.who != who:
            who = entry.who
            runs.append((Text(who + ":", style=style + " underline" if entry.new else style), []))
        runs[-1][1].append([Text(part, style=style)
                            for part in _wrap(" " + entry.text, width, 2)])
    room = height - 2  # the title, and a line for the count of earlier moves
    rows: list[Text] = []
    shown = 0
    for heading, moves in reversed(runs):  # the newest first, whole moves only
        take: list[Text] = []
        for lines in reversed(moves):
            if len(rows) + len(take) + len(lines) + 1 > room:
                break
            take = lines + take
            shown += 1
        if take:
            rows = [heading, *take, *rows]
        if len(rows) >= room - 1 or not take:
            break
    if not log:
        rows = [Text("none yet", style="dim")]
    elif shown < len(log):
        rows.insert(0, Text(f"… {len(log) - shown} earlier (type log)", style="dim"))
    return [title, *rows[: height - 1]]


def compose(frame: Frame) -> list[Text]:
    """Exactly ``frame.height`` lines, none wider than ``frame.width``."""
    w, h = frame.width, frame.height
    out: list[Text] = []
    head = Text(" " + frame.header, style="bold reverse")
    status = frame.status + " "
    if len(head.plain) + len(status) + 1 > w:
        status = frame.short_status + " "
    pad = max(1, w - len(head.plain) - len(status))
    head.append(" " * pad + status, style="bold reverse")
    head.truncate(w)
    out.append(head)

    option_lines: list[Text] = []
    hint = ""
    if frame.options is not None and frame.pager is None:
        max_rows = max(2, min(len(frame.options.numbered), (h - 4) // 4))
        rows, start, stop = option_rows(frame.options, w, max_rows)
        total = len(frame.options.numbered)
        title = frame.options.title
        if stop - start < total:
            title += f" ({start + 1}-{stop} of {total}; Enter: more)"
        option_lines.append(Text(title[:w], style="bold cyan"))
        option_lines += [Text(r, style="cyan") for r in rows]
        hint = frame.options.hint
    body_height = h - 1 - len(option_lines) - BELOW_OPTIONS

    if frame.pager is not None:
        room = max(1, body_height - 1)
        wrapped = pager_lines(frame.pager, w)
        pages = max(1, -(-len(wrapped) // room))
        page = min(frame.pager_page, pages - 1)
        lines = wrapped[page * room : (page + 1) * room]
        out.append(Text(f"{frame.pager_title} (page {page + 1} of {pages}; Enter: next, "
                        "< back, a choice as usual)"[:w], style="bold"))
        out += [coloured(ln[:w]) for ln in lines]
        out += [Text("")] * (body_height - 1 - len(lines))
    else:
        out += _body(frame, body_height)
    out += option_lines
    message = frame.message or hint
    out.append(Text(message[:w], style="yellow" if frame.message else "dim"))
    out.append(Text(frame.prompt[:w]))
    return out[:h]


def widths(width: int) -> tuple[int, int]:
    """The board column's and the last moves' widths (0: one column, moves below)."""
    if width < 70:
        return width, 0
    log_width = max(26, min(48, width // 3))
    return width - log_width - 1, log_width


def pager_lines(lines: list[str], width: int) -> list[str]:
    """Long lines broken under their text (past a leading number)."""
    out: list[str] = []
    for line in lines:
        lead = len(line) - len(line.lstrip(" 0123456789.")) if line[:1] in " 0123456789" else 0
        out += textwrap.wrap(line, width, subsequent_indent=" " * min(lead, 8),
                             break_on_hyphens=False, drop_whitespace=True) or [""]
    return out


def pager_room(height: int) -> int:
    """Lines on one page of the pager: the body less its title line."""
    return max(1, height - 1 - BELOW_OPTIONS - 1)


def _body(frame: Frame, height: int) -> list[Text]:
    w = frame.width
    rest = frame.sections
    mine = frame.you
    left_width, log_width = widths(w)
    two_columns = log_width > 0
    top = max(0, height - len(mine))
    if not two_columns:
        top = max(0, top - 4)  # the last moves go under the board
    chosen = _pick_sections(rest, top)
    left = [ln for s in chosen for ln in s.lines][:top]
    lines: list[Text] = []
    if two_columns:
        right = _log_lines(frame.log, log_width, top)
        for i in range(top):
            l_text = coloured(left[i][:left_width]) if i < len(left) else Text("")
            l_text.pad_right(left_width - len(l_text.plain))
            row = Text.assemble(l_text, Text("│", style="dim"))
            if i < len(right):
                r = right[i]
                r.truncate(log_width)
                row.append_text(r)
            lines.append(row)
    else:
        lines += [coloured(ln[:w]) for ln in left]
        lines += [Text("")] * (top - len(left))
        lines += _log_lines(frame.log, w, min(4, height - len(lines) - len(mine)))
    for ln in mine[: height - len(lines)]:
        lines.append(coloured(ln[:w], "bold"))
    lines += [Text("")] * (height - len(lines))
    return lines[:height]
