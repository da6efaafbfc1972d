"""The River as SVG, drawn from one seat's view (for the web app).

It reads only the view. Every element a legal action names carries ``data-action`` with the
action's exact text and the class ``target``; the browser code needs to know nothing about the
game.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

# Decisions left to the buttons beside the board (they have no place on it).
PASSES: frozenset[str] = frozenset()

TERRAIN_FILL = {"desert": "#f2d16b", "badlands": "#d9674a", "forest": "#3f8f45",
                "meadow": "#a5d86b", "mountains": "#9aa0a6"}
RESOURCE_FILL = {"wood": "#8d5a2b", "stone": "#8a8f96", "clay": "#c8643b", "food": "#e7c341"}
SEAT_FILL = {"black": "#222", "blue": "#1e6fd9", "green": "#2e9b48", "yellow": "#e0b000"}


def _attr(action: str | None, legal: set[str]) -> str:
    if action is not None and action in legal:
        return f' class="target" data-action="{escape(action)}" tabindex="0"'
    return ""


def _tile(t: dict[str, Any] | None, x: float, y: float, w: float = 78, h: float = 52) -> str:
    if t is None:
        return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#f6f6f6" '
                'stroke="#bbb" stroke-dasharray="3 2"/>')
    terrains = t["terrains"]
    fill = TERRAIN_FILL.get(terrains[0], "#ccc")
    out = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" '
           f'stroke="#333"><title>{escape(t["id"])}: {escape("/".join(terrains))}</title></rect>']
    if len(terrains) > 1:
        out.append(f'<polygon points="{x + w},{y} {x + w},{y + h} {x},{y + h}" '
                   f'fill="{TERRAIN_FILL.get(terrains[1], "#ccc")}" opacity="0.9"/>')
    out.append(f'<text x="{x + 4}" y="{y + 12}" font-size="10">{escape(t["id"])}</text>')
    label = t.get("meadow") or " ".join(s[:1].upper() if s != "warehouse" else "H"
                                         for s in t["symbols"])
    out.append(f'<text x="{x + 4}" y="{y + 30}" font-size="10">{escape(label)}</text>')
    return "".join(out)


def _stored(stored: dict[str, int], x: float, y: float) -> str:
    """A small disc per resource stored on a river space, along its bottom edge."""
    out = []
    k = 0
    for kind, n in stored.items():
        for _ in range(n):
            out.append(f'<circle class="stored" cx="{x + 8 + k * 12}" cy="{y + 43}" r="5" '
                       f'fill="{RESOURCE_FILL[kind]}" stroke="#333"><title>{kind}</title>'
                       "</circle>")
            k += 1
    return "".join(out)


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    legal = set(view.get("legal_actions") or [])
    out: list[str] = []
    x = 10
    out.append('<text x="10" y="18" font-size="13">Terrain island</text>')
    for k, t in enumerate(view["terrain_display"]):
        action = next((a for a in (f"claim {t['id']}", f"take starting tile {t['id']}")
                       if a in legal), None)
        out.append(f"<g{_attr(action, legal)}>{_tile(t, x + k * 84, 26)}</g>")
    y = 96
    out.append(f'<text x="10" y="{y}" font-size="13">Buildings</text>')
    for k, b in enumerate(view["building_display"]):
        bx = 10 + k * 130
        if b is None:
            out.append(f'<rect x="{bx}" y="{y + 8}" width="122" height="40" rx="4" fill="none" '
                       'stroke="#bbb" stroke-dasharray="3 2"/>')
            continue
        action = next((a for a in (f"construct {b['id']}", f"reserve {b['id']}") if a in legal),
                      None)
        cost = " ".join(f"{n}{k[0]}" for k, n in b["cost"].items() if n)
        out.append(f'<g{_attr(action, legal)}><rect x="{bx}" y="{y + 8}" width="122" height="40"'
                   f' rx="4" fill="#fff8e8" stroke="#a0783c"/><text x="{bx + 6}" y="{y + 24}" '
                   f'font-size="11">{b["id"]}: {b["points"]} VP</text><text x="{bx + 6}" '
                   f'y="{y + 40}" font-size="10">cost {escape(cost)}</text></g>')
    y = 170
    out.append(f'<text x="10" y="{y}" font-size="13">Islands</text>')
    spots = {k: v for k, v in view["spots"].items()}
    for k, (name, n) in enumerate(view["islands"].items()):
        ix = 10 + k * 150
        action = next((a for a in (f"produce {name}", "take food" if name == "food" else "")
                       if a in legal), None)
        taken = [s for s, seat in spots.items() if s.startswith(name) and seat is not None]
        out.append(f'<g{_attr(action, legal)}><rect x="{ix}" y="{y + 8}" width="140" '
                   f'height="34" rx="17" fill="{RESOURCE_FILL[name]}" opacity="0.85"/>'
                   f'<text x="{ix + 12}" y="{y + 30}" font-size="12" fill="#fff">{name}: {n}'
                   f'{" (" + str(len(taken)) + " taken)" if taken else ""}</text></g>')
    for k, action in enumerate(("take the first player pawn", "swap two tiles",
                                "trade 3 resources for 1 food", "set a pioneer aside")):
        if action in legal:
            bx = 10 + k * 180
            out.append(f'<g{_attr(action, legal)}><rect x="{bx}" y="{y + 50}" width="170" '
                       f'height="24" rx="4" fill="#eef" stroke="#88a"/><text x="{bx + 6}" '
                       f'y="{y + 66}" font-size="11">{escape(action)}</text></g>')
    y = 270
    for p in view["players"]:
        px = 10 + (p["seat"] % 2) * 420
        py = y + (p["seat"] // 2) * 230
        you = " (you)" if p["seat"] == view.get("viewer") else ""
        first = " - first player" if p["seat"] == view["first_player"] else ""
        out.append(f'<text x="{px}" y="{py}" font-size="13" fill="{SEAT_FILL.get(p["colour"])}">'
                   f'Seat {p["seat"]}{you}: {p["colour"]}{first}</text>')
        for cell in p["river"]:
            cx = px + (cell["column"] - 1) * 84
            cy = py + 8 + (cell["row"] - 1) * 58
            action = None
            if p["seat"] == view.get("viewer"):
                action = next((a for a in legal if a == f"swap: space {cell['space']}"
                               or a.endswith(f" with space {cell['space']}")), None)
            out.append(f"<g{_attr(action, legal)}>{_tile(cell['tile'], cx, cy)}"
                       f"{_stored(cell['stored'], cx, cy)}</g>")
        # Reserved cards beside the river (public); the owner constructs one by clicking it.
        for k, card in enumerate(p["reserved_cards"]):
            cy = py + 8 + k * 44
            cost = " ".join(f"{n}{r[0]}" for r, n in card["cost"].items() if n)
            action = f"construct reserved {card['id']}"
            out.append(f'<g{_attr(action, legal)}><rect '
                       f'x="{px + 340}" y="{cy}" width="74" height="40" rx="4" fill="#fff8e8" '
                       f'stroke="#a0783c" stroke-dasharray="4 2"/><text x="{px + 345}" '
                       f'y="{cy + 15}" font-size="10">{escape(card["id"])}: {card["points"]} VP'
                       f'</text><text x="{px + 345}" y="{cy + 31}" font-size="9">'
                       f"{escape(cost)}</text></g>")
        res = ", ".join(f"{n} {k}" for k, n in p["resources"].items() if n) or "no resources"
        out.append(f'<text x="{px}" y="{py + 196}" font-size="11">{escape(res)} '
                   f'(storage {p["warehouses"]}); boat {p["boat"]}, settled {p["settled"]}</text>')
        out.append(f'<text x="{px}" y="{py + 212}" font-size="11">{escape(_cards(p))}</text>')
    height = y + 2 * 230 + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 850 {height}" width="850" '
            f'height="{height}" font-family="sans-serif">' + "".join(out) + "</svg>")


def _cards(p: dict[str, Any]) -> str:
    """Buildings and bonus tokens: all public (docs/rulings/the-river.md)."""
    def shown(items: list[Any], what: str) -> str:
        return f"{what} " + (", ".join(str(x) for x in items) if items else "none")

    return "; ".join((shown(p["reserved"], "reserved"), shown(p["built"], "built"),
                      shown(p["tokens"], "tokens")))


def actions_drawn(svg: str, legal: Iterable[str]) -> set[str]:
    return {a for a in legal if f'data-action="{escape(a)}"' in svg}
