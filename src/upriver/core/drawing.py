"""What every game's SVG board shares: clickable targets, chips, pieces that say when they
changed, and people's names drawn safely.

The contract each game's ``svg.render(view, names)`` keeps (the web page knows no game):

- every legal action of the viewer, except the game's ``PASSES`` ("done", "end turn"...), is
  drawn as a *target*: an element with the class ``target`` and ``data-action`` holding the
  action's exact text, reachable from the keyboard (``tabindex``) and named for screen readers;
- every piece whose look can change carries ``data-piece`` (a stable name) and ``data-state``
  (a short text that changes whenever the piece does), so the page can highlight what changed
  since the person's last decision;
- pieces explain themselves in a ``<title>`` (what it is, what it costs and gives);
- people's names are drawn isolated from the text around them (a right-to-left name cannot
  reverse its line) and cut with an ellipsis when long.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate


def target(action: str | None, legal: Iterable[str] | set[str]) -> str:
    """The attributes that make an element a target for ``action`` when it is legal."""
    if action is None or action not in legal:
        return ""
    return target_attrs(action)


def target_attrs(action: str | None) -> str:
    """The attributes that make an element the target of ``action`` (known to be legal);
    nothing for None."""
    if action is None:
        return ""
    text = escape(action)
    return (f' class="target" data-action="{text}" tabindex="0" role="button" '
            f'aria-label="{text}"')


def first_legal(actions: Iterable[str], legal: set[str]) -> str | None:
    return next((a for a in actions if a in legal), None)


def piece(name: str, state: object) -> str:
    """The attributes naming a piece and its current look."""
    return f' data-piece="{escape(name)}" data-state="{escape(str(state))}"'


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def name(text: str, limit: int = 18) -> str:
    """A person's name for a drawing: cut to ``limit`` characters with an ellipsis, isolated
    from the text around it, escaped."""
    cut = text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"
    return escape(FSI + cut + PDI)


def seat_names(names: list[str] | None, seats: int) -> list[str]:
    """The names to draw for each seat: the people's own, or "Seat N"."""
    if names is None or len(names) != seats:
        return [f"Seat {s}" for s in range(seats)]
    return list(names)


def chip(x: float, y: float, label: str, action: str | None, legal: set[str], *,
         fill: str = "#fff", stroke: str = "#888", tip: str = "", height: float = 18,
         font: float = 10, radius: float = 3) -> tuple[str, float]:
    """A small labelled box that may be a target; returns its SVG and its right edge."""
    width = 10 + font * 0.62 * len(label)
    extra = title(tip) if tip else ""
    svg = (f'<g{target(action, legal)}><rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" '
           f'height="{height}" rx="{radius}" fill="{fill}" stroke="{stroke}">{extra}</rect>'
           f'<text x="{x + 5:.1f}" y="{y + height / 2 + font / 2.8:.1f}" font-size="{font}">'
           f"{escape(label)}</text></g>")
    return svg, x + width + 4


def tray(x: float, y: float, chips: list[tuple[str, str, str]], legal: set[str], *,
         width: float, fill: str = "#eef6ff", stroke: str = "#5b8fc7") -> tuple[str, float]:
    """Choices drawn as a row of chips (wrapping at ``width``) where a decision has no single
    spot on the board: (label, action, tooltip) each. Returns the SVG and the bottom edge."""
    out = []
    cx, cy = x, y
    for label, action, tip in chips:
        svg, right = chip(cx, cy, label, action, legal, fill=fill, stroke=stroke, tip=tip)
        if right > x + width and cx > x:  # wrap to a new line
            cx, cy = x, cy + 22
            svg, right = chip(cx, cy, label, action, legal, fill=fill, stroke=stroke, tip=tip)
        out.append(svg)
        cx = right
    return "".join(out), (cy + 22 if chips else y)


def drawn_actions(svg: str, legal: Iterable[str]) -> set[str]:
    """The legal actions that have a target in ``svg``."""
    return {a for a in legal if f'data-action="{escape(a)}"' in svg}
