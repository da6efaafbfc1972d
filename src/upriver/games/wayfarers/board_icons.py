"""The small pieces of the Wayfarers drawing: dice, Silver, Provisions, Influence, Workers, and
the badges that tell apart the decisions one piece carries (``board_targets``)."""

from __future__ import annotations

from html import escape

from upriver.core.drawing import piece, target_attrs, title
from upriver.games.wayfarers.board_targets import Badge

GUILD_COLOURS = {"black": "#3a3a3a", "yellow": "#e0b000", "blue": "#2a6fc9"}
WORKER_COLOURS = {"green": "#3a9a3a", "yellow": "#e0b000", "blue": "#2a6fc9"}
SILVER, PROVISION = "#c9ccd1", "#c8925a"
BADGE = 18  # a badge's side, in board units
_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def die(x: float, y: float, value: int, size: float = 22, colour: str = "#fff",
        ink: str = "#222") -> str:
    """A die face: a rounded square with its pips."""
    step = size / 4
    out = [f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="{size / 5:.1f}" '
           f'fill="{colour}" stroke="#444"/>']
    for cx, cy in _PIPS[value]:
        out.append(f'<circle cx="{x + step * (cx + 1):.1f}" cy="{y + step * (cy + 1):.1f}" '
                   f'r="{size / 11:.1f}" fill="{ink}"/>')
    return "".join(out)


def coin(x: float, y: float, r: float, label: str = "") -> str:
    """A Silver coin centred at (x, y), with an amount."""
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{SILVER}" stroke="#777"/>'
            + _label(x, y, label, r * 1.1))


def sack(x: float, y: float, r: float, label: str = "") -> str:
    """A Provision sack centred at (x, y), with an amount."""
    return (f'<path d="M{x - r * 0.9:.1f},{y + r:.1f} Q{x - r:.1f},{y - r * 0.2:.1f} '
            f'{x - r * 0.35:.1f},{y - r * 0.55:.1f} L{x - r * 0.5:.1f},{y - r:.1f} '
            f'L{x + r * 0.5:.1f},{y - r:.1f} L{x + r * 0.35:.1f},{y - r * 0.55:.1f} '
            f'Q{x + r:.1f},{y - r * 0.2:.1f} {x + r * 0.9:.1f},{y + r:.1f} Z" '
            f'fill="{PROVISION}" stroke="#7a5230"/>' + _label(x, y + r * 0.2, label, r * 1.1))


def disc(x: float, y: float, r: float, colour: str, label: str = "") -> str:
    """An Influence disc centred at (x, y)."""
    ink = "#fff" if colour in ("#3a3a3a", "#2a6fc9") else "#222"
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}" stroke="#222"/>'
            + _label(x, y, label, r * 1.1, ink))


def worker(x: float, y: float, size: float, colour: str, filled: bool = True) -> str:
    """A Worker: a pawn shape in its colour, or its empty space (a dashed outline)."""
    fill = colour if filled else "#fff"
    dash = "" if filled else ' stroke-dasharray="2 1.5"'
    s = size
    return (f'<path d="M{x + s * 0.5:.1f},{y:.1f} a{s * 0.22:.1f},{s * 0.22:.1f} 0 1 1 0.01,0 '
            f'Z M{x + s * 0.18:.1f},{y + s:.1f} L{x + s * 0.32:.1f},{y + s * 0.45:.1f} '
            f'L{x + s * 0.68:.1f},{y + s * 0.45:.1f} L{x + s * 0.82:.1f},{y + s:.1f} Z" '
            f'fill="{fill}" stroke="{colour}" stroke-width="1.5"{dash}/>')


def _label(x: float, y: float, text: str, font: float, ink: str = "#222") -> str:
    if not text:
        return ""
    return (f'<text x="{x}" y="{y + font * 0.35:.1f}" font-size="{font:.1f}" '
            f'text-anchor="middle" fill="{ink}" pointer-events="none">{escape(text)}</text>')


def badge_look(look: Badge, x: float, y: float) -> str:
    """A badge's picture in a BADGE-sized square at (x, y)."""
    shape, label = look
    cx, cy, r = x + BADGE / 2, y + BADGE / 2, BADGE / 2 - 2
    frame = (f'<rect x="{x}" y="{y}" width="{BADGE}" height="{BADGE}" rx="4" fill="#fff" '
             f'stroke="#888"/>')
    if shape == "coin":
        return frame + coin(cx, cy, r, label)
    if shape == "sack":
        return frame + sack(cx, cy, r, label)
    if shape.startswith("disc-"):
        return frame + disc(cx, cy, r, GUILD_COLOURS[shape[5:]], label)
    if shape in ("up", "down"):
        tip, base = (y + 3, y + BADGE - 3) if shape == "up" else (y + BADGE - 3, y + 3)
        return frame + (f'<path d="M{cx},{tip} L{x + 3},{base} L{x + BADGE - 3},{base} Z" '
                        f'fill="#5b8fc7"/>')
    if shape == "check":
        return frame + (f'<path d="M{x + 3},{cy} L{cx - 1},{y + BADGE - 4} L{x + BADGE - 3},'
                        f'{y + 3}" fill="none" stroke="#2e8b3a" stroke-width="2.5"/>'
                        + _small(x, y, label))
    if shape == "cross":
        return frame + (f'<path d="M{x + 4},{y + 4} L{x + BADGE - 4},{y + BADGE - 4} '
                        f'M{x + BADGE - 4},{y + 4} L{x + 4},{y + BADGE - 4}" '
                        f'stroke="#b3261e" stroke-width="2.5"/>' + _small(x, y, label))
    if shape == "die":
        return frame + die(x + 3, y + 3, 5, BADGE - 6)
    if shape == "pigeon":
        return frame + (f'<path d="M{x + 3},{cy} Q{cx},{y + 2} {x + BADGE - 3},{cy - 2} '
                        f'Q{cx},{cy + 2} {cx - 2},{y + BADGE - 3} Z" fill="#8a9bb0"/>')
    if shape == "card":
        return (f'<rect x="{x}" y="{y}" width="{BADGE}" height="{BADGE}" rx="2" '
                f'fill="#fffaf0" stroke="#a07040"/>' + _label(cx, cy, label, 6.5))
    return frame + _label(cx, cy, label, 9 if len(label) < 3 else 7)


def _small(x: float, y: float, label: str) -> str:
    """A corner amount on a solo answer's badge ("$1": pay or gain a Silver)."""
    if not label:
        return ""
    return _label(x + BADGE - 3, y + BADGE + 2, label, 7.5)


def badges(key: str, found: list[tuple[Badge, str]], x: float, y: float,
           across: bool = True) -> str:
    """The badges of a piece that carries several decisions, in a row from (x, y) (or a
    column), each the target of its decision and explained in its tooltip."""
    out = []
    for i, (look, action) in enumerate(found):
        bx, by = (x + i * (BADGE + 2), y) if across else (x, y + i * (BADGE + 2))
        out.append(f"<g{target_attrs(action)}{piece(f'{key}#{i}', look)}>"
                   f"{badge_look(look, bx, by)}{title(action)}</g>")
    return "".join(out)
