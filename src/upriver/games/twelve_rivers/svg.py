"""The 12 Rivers board as SVG, drawn from one seat's view (for the web app).

It reads only the view, so it can never draw what the seat may not see. Every element that a
legal action names carries ``data-action`` with that action's exact text, and the class
``target``, so a click can send it; the browser code needs to know nothing about the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from upriver.games.twelve_rivers.components import COLOURS, RAINBOW, load

# Decisions left to the buttons beside the board (they have no place on it).
PASSES: frozenset[str] = frozenset({"done", "end turn", "take no card", "befriend no one",
                                    "earth: done", "breeze: done"})

PEARL_FILL = {"green": "#4caf50", "blue": "#2f7de1", "pink": "#e86aa6", "purple": "#8e44ad",
              "white": "#f4f4f4"}
SEAT_FILL = ("#1e6fd9", "#d93a2b", "#e0b000", "#2e9b48")
COL = 72  # pixels per river
LEFT = 110  # room for the row costs and fairy sites
ROW_H = 62
TOP = 60


def _attr(action: str | None, legal: set[str]) -> str:
    if action is not None and action in legal:
        return f' class="target" data-action="{escape(action)}" tabindex="0"'
    return ""


def _pearls(counts: dict[str, int], x: float, y: float, per_row: int = 6) -> list[str]:
    out = []
    k = 0
    for colour, n in counts.items():
        for _ in range(n):
            cx = x + (k % per_row) * 11
            cy = y + (k // per_row) * 11
            out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{PEARL_FILL[colour]}" '
                       f'stroke="#333" stroke-width="0.6"><title>{colour}</title></circle>')
            k += 1
    return out


def _marker(x: float, y: float, seat: int) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="9" fill="{SEAT_FILL[seat % 4]}" stroke="#111"/>'
            f'<text x="{x}" y="{y + 4}" font-size="10" text-anchor="middle" fill="#fff">'
            f"{seat}</text>")


def _space(name: str, x: float, y: float, view: dict[str, Any], legal: set[str]) -> list[str]:
    seat = view["spaces"].get(name)
    actions = [f"place {name}", f"supplies: move it to {name}",
               f"supplies: move marker from {name}"]
    action = next((a for a in actions if a in legal), None)
    out = [f'<g{_attr(action, legal)}><circle cx="{x}" cy="{y}" r="11" fill="#fff" '
           f'stroke="#555"><title>{escape(name)}</title></circle>']
    if seat is not None:
        out.append(_marker(x, y, seat))
    out.append("</g>")
    return out


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    legal = set(view.get("legal_actions") or [])
    rivers = comp.n_rivers
    width = LEFT + rivers * COL + 40
    rows = max(comp.stretch_row)
    out: list[str] = []
    # pearls above the dam
    out.append(f'<text x="10" y="{TOP - 30}" font-size="12">dam</text>')
    for r, colour in enumerate(view["rivers"]):
        x = LEFT + r * COL + COL / 2
        out.append(f'<text x="{x}" y="{TOP - 40}" font-size="10" text-anchor="middle">'
                   f"{r + 1}</text>")
        if colour:
            out.extend(_pearls({colour: 1}, x, TOP - 22))
    out.append(f'<line x1="{LEFT}" y1="{TOP - 10}" x2="{LEFT + rivers * COL}" y2="{TOP - 10}" '
               'stroke="#7a5230" stroke-width="4"/>')
    # stretches, row by row
    costs = {}
    for i, sid in enumerate(comp.stretch_ids):
        row = comp.stretch_row[i]
        span = sorted(comp.stretch_rivers[i])
        x0 = LEFT + (span[0] - 1) * COL + 4
        x1 = LEFT + span[-1] * COL - 4
        y0 = TOP + (row - 1) * ROW_H
        costs[row] = comp.space_cost[comp.stretch_spaces[i][0]]
        out.append(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{ROW_H - 8}" rx="8" '
                   f'fill="#cfe8f7" stroke="#6aa0c7"><title>{sid}</title></rect>')
        out.append(f'<text x="{x0 + 4}" y="{y0 + 12}" font-size="9" fill="#345">{sid}</text>')
        for k, sp in enumerate(comp.stretch_spaces[i]):
            out.extend(_space(comp.space_names[sp], x0 + 16 + k * 26, y0 + 30, view, legal))
        pool = view["pools"].get(sid)
        if pool:
            here = view.get("current_space", "") or ""
            take = [a for a in legal if here.startswith(sid) and a.startswith(("take ",
                                                                             "exchange "))]
            out.append(f'<g>{"".join(_pearls(pool, x0 + 8, y0 + 48, per_row=5))}</g>')
            if take:
                out.append(f'<text x="{x0 + 66}" y="{y0 + 12}" font-size="9" fill="#b00">'
                           "your pick</text>")
    for row in range(1, rows + 1):
        y = TOP + (row - 1) * ROW_H + 30
        cost = "gain 1" if row == rows else f"pay {costs.get(row, 0)}"
        out.append(f'<text x="8" y="{y}" font-size="11">row {row}: {cost}</text>')
    # fairy sites, on the left bank of their stretch
    for i, site in enumerate(comp.site_ids):
        stretch = comp.site_stretch[i]
        fairies = view["sites"].get(site, {})
        y = TOP + (comp.stretch_row[stretch] - 1) * ROW_H + 44
        x = LEFT + (min(comp.stretch_rivers[stretch]) - 1) * COL + 30
        label = ", ".join(f"{n} {k}" for k, n in fairies.items())
        if label:
            out.append(f'<text x="{x}" y="{y + 8}" font-size="9" fill="#6b3b00">'
                       f"{escape(site)}: {escape(label)}</text>")
    # the sea and the village
    y_sea = TOP + rows * ROW_H + 10
    out.append(f'<rect x="{LEFT}" y="{y_sea}" width="{3 * COL}" height="50" rx="10" '
               'fill="#9cc9e8" stroke="#4a86b0"/>')
    out.append(f'<text x="{LEFT + 6}" y="{y_sea + 14}" font-size="11">sea</text>')
    out.extend(_space("sea", LEFT + 20, y_sea + 32, view, legal))
    out.extend(_pearls(view["sea"], LEFT + 44, y_sea + 26, per_row=12))
    xv = LEFT + 4 * COL
    out.append(f'<text x="{xv}" y="{y_sea + 14}" font-size="11">village</text>')
    for k in range(len(comp.village)):
        out.extend(_space(f"village {k + 1}", xv + 20 + k * 30, y_sea + 32, view, legal))
    # the track
    y_track = y_sea + 70
    out.append(f'<text x="10" y="{y_track + 14}" font-size="11">track</text>')
    for k, seat in enumerate(view["track"]):
        x = LEFT + k * 26
        out.append(f'<rect x="{x}" y="{y_track}" width="22" height="22" fill="#eee" '
                   'stroke="#999"/>')
        banner = f"banner: move marker on track space {k + 1} to the front"
        if seat is not None:
            out.append(f"<g{_attr(banner, legal)}>{_marker(x + 11, y_track + 11, seat)}</g>")
    # Markaya on display, cards on display
    y_m = y_track + 40
    out.append(f'<text x="10" y="{y_m + 12}" font-size="11">Markaya</text>')
    for k, tid in enumerate(view["markaya_display"]):
        x = LEFT + k * 120
        out.append(f'<g{_attr(f"befriend {tid}", legal)}><rect x="{x}" y="{y_m}" width="112" '
                   f'height="36" rx="5" fill="#fdf3dc" stroke="#b08a3a"/>')
        out.append(f'<text x="{x + 5}" y="{y_m + 14}" font-size="11">{escape(tid)}</text>')
        t = comp.tile_index.get(tid)
        if t is not None:
            for j, need in enumerate(comp.tiles[t].spots):
                fill = "url(#rainbow)" if need == RAINBOW else PEARL_FILL[COLOURS[need]]
                out.append(f'<circle cx="{x + 12 + j * 14}" cy="{y_m + 26}" r="5" '
                           f'fill="{fill}" stroke="#333"/>')
        out.append("</g>")
    y_c = y_m + 50
    out.append(f'<text x="10" y="{y_c + 12}" font-size="11">cards</text>')
    for k, kind in enumerate(view["card_display"]):
        x = LEFT + k * 100
        out.append(f'<g{_attr(f"take {kind} from display", legal)}><rect x="{x}" y="{y_c}" '
                   f'width="92" height="22" rx="4" fill="#fff" stroke="#888"/><text x="{x + 6}" '
                   f'y="{y_c + 15}" font-size="11">{escape(kind)}</text></g>')
    x = LEFT + 3 * 100
    out.append(f'<g{_attr("draw from pile", legal)}><rect x="{x}" y="{y_c}" width="92" '
               f'height="22" rx="4" fill="#ddd" stroke="#888"/><text x="{x + 6}" y="{y_c + 15}" '
               f'font-size="11">pile ({view["draw_pile"]})</text></g>')
    panel, height = _players(view, legal, comp, y_c + 40, width)
    out.extend(panel)
    defs = ('<defs><linearGradient id="rainbow"><stop offset="0" stop-color="#e74c3c"/>'
            '<stop offset="0.5" stop-color="#f1c40f"/><stop offset="1" stop-color="#3498db"/>'
            "</linearGradient></defs>")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" font-family="sans-serif">{defs}'
            + "".join(out) + "</svg>")


PANEL_H = 112


def _chip(out: list[str], x: float, y: float, label: str, attr: str, style: str) -> float:
    """A small labelled box (a card in hand, a fairy); returns where the next one goes."""
    w = 10 + 6.2 * len(label)
    out.append(f'<g{attr}><rect x="{x}" y="{y}" width="{w}" height="18" {style}/>'
               f'<text x="{x + 5}" y="{y + 13}" font-size="10">{escape(label)}</text></g>')
    return x + w + 4


def _players(view: dict[str, Any], legal: set[str], comp: Any, top: float,
             width: float) -> tuple[list[str], float]:
    """Each seat's pieces: the hand (its cards for the owner, a count and the cards everyone
    saw for others), fairies, the alpaca's pearls and the Markaya tiles befriended."""
    out: list[str] = []
    half = width / 2
    scores = view.get("scores") or []
    for p in view["players"]:
        seat = p["seat"]
        x = 10 + (seat % 2) * half
        y = top + (seat // 2) * PANEL_H
        you = " (you)" if seat == view.get("viewer") else ""
        score = f", {scores[seat]} points" if seat < len(scores) else ""
        out.append(f'<rect x="{x - 4}" y="{y}" width="{half - 12}" height="{PANEL_H - 8}" '
                   f'rx="6" fill="#fbfaf6" stroke="{SEAT_FILL[seat % 4]}"/>')
        out.append(_marker(x + 8, y + 14, seat))
        out.append(f'<text x="{x + 22}" y="{y + 18}" font-size="12" font-weight="bold">'
                   f"Seat {seat}{you}{score}</text>")
        # The hand: named cards are the owner's; others see a count and what was shown.
        cards = p["hand"] if p["hand"] is not None else p["known_cards"]
        cx = x + 4
        for kind, n in cards.items():
            cx = _chip(out, cx, y + 26, f"{n} {kind}", _attr(f"pay {kind}", legal),
                       'rx="3" fill="#fff" stroke="#888"')
        hidden = p["hand_size"] - sum(cards.values())
        if hidden > 0 or not cards:
            label = f"{hidden} hidden card{'s' if hidden != 1 else ''}" if p["hand"] is None \
                else "no cards"
            out.append(f'<text x="{cx + 2}" y="{y + 39}" font-size="10" fill="#666">'
                       f"{label}</text>")
        # Fairies and the alpaca.
        fx = x + 4
        for name, n in p["fairies"].items():
            fx = _chip(out, fx, y + 50, f"{n} {name} fairy", _attr(f"pay {name} fairy", legal),
                       'rx="9" fill="#fff3d6" stroke="#c79a2e"')
        out.append(f'<text x="{fx + 2}" y="{y + 63}" font-size="10">alpaca:</text>')
        out.extend(_pearls(p["alpaca"], fx + 48, y + 59, per_row=20))
        if p["alpaca_cards"]:
            out.append(f'<text x="{fx + 48 + 11 * min(20, sum(p["alpaca"].values()))}" '
                       f'y="{y + 63}" font-size="10" fill="#666">'
                       f'cards: {escape(", ".join(p["alpaca_cards"]))}</text>')
        # Markaya tiles befriended, their spots filled or still wanted.
        mx = x + 4
        for tile in p["markaya"]:
            spots = tile["pearls"]
            w = 30 + 14 * len(spots)
            out.append(f'<rect x="{mx}" y="{y + 74}" width="{w}" height="24" rx="4" '
                       f'fill="#fdf3dc" stroke="#b08a3a"/><text x="{mx + 4}" y="{y + 90}" '
                       f'font-size="10">{escape(tile["id"])}</text>')
            t = comp.tile_index.get(tile["id"])
            needs = comp.tiles[t].spots if t is not None else [None] * len(spots)
            for j, pearl in enumerate(spots):
                px = mx + 34 + j * 14
                if pearl is not None:
                    fill, stroke, dash = PEARL_FILL.get(pearl, "#ccc"), "#333", ""
                else:
                    need = needs[j] if j < len(needs) else None
                    fill = "#fff"
                    stroke = ("#999" if need is None or need == RAINBOW
                              else PEARL_FILL[COLOURS[need]])
                    dash = ' stroke-dasharray="2 1"'
                out.append(f'<circle cx="{px}" cy="{y + 86}" r="5" fill="{fill}" '
                           f'stroke="{stroke}"{dash}/>')
            mx += w + 6
    rows = (len(view["players"]) + 1) // 2
    return out, top + rows * PANEL_H + 4


def actions_drawn(svg: str, legal: Iterable[str]) -> set[str]:
    """The legal actions that have a clickable element in ``svg`` (for tests and the UI's
    fallback list)."""
    return {a for a in legal if f'data-action="{escape(a)}"' in svg}
