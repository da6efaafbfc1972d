"""The River as SVG, drawn from one seat's view (for the web app).

It reads only the view and keeps the contract of ``upriver.core.drawing``: every legal action
of the viewer is a target (``PASSES`` is empty), every piece whose look can change carries
``data-piece``/``data-state``, pieces explain themselves in ``<title>``, names are isolated.

The layout (viewBox 560 wide, so a phone 390 px wide still shows text of 9 units at 6-7 px):

- a band on top: the round, who decides what, a hint for the viewer, the resources waiting
  to be stored and, as chips, the decisions with no single place on the board;
- the main board: the terrain island (5 tiles a row) and the buildings with the token piles
  beside it; then the four resource islands with their spots, the first player, swap and trade
  spots;
- one panel per seat, two a row, the viewer's first: a header (name, colour, first player,
  whose turn), the river (3 rows of 4 spaces winding like the river), the boat, bonus tokens,
  resources held, production, reserved cards (clickable to construct) and built cards;
- a legend of the symbols.

Where each decision is clicked (only on the viewer's own river for river decisions):

- a tile on the terrain island: ``take starting tile T12``, ``claim T12``;
- a building on display: ``construct B07``; its "reserve" tab below it: ``reserve B07``;
- a reserved card in the viewer's panel: ``construct reserved B07``;
- an island: ``produce wood``, ``take food``, a meadow's ``take wood``; the empty food island's
  small wood/stone/clay pieces: ``take wood from the food island``;
- the first player, swap and trade spots; the viewer's boat: ``set a pioneer aside``;
- a tile on the river: ``swap: space 3``, ``swap space 3 with space 7``;
- a free warehouse: ``store clay on a tile`` (on the first tile with room, where the rules put
  it), ``store clay on space 5``;
- a stored resource: ``trade: return wood``, ``return stored stone``, ``pay wood`` (from a
  tile: the last tile holding that kind, where the rules take it from; ``... from space N`` from
  a printed warehouse), ``pay food for wood`` when the food pays for one kind only, else a
  drawn resource per kind just above the food;
- the resources waiting in the top band: ``forfeit clay``, ``lose covered clay``;
- the reserved card being paid for, on its cost symbol: ``waive wood (reserved card)``; the
  last discount meadow on the river, a drawn resource per kind: ``waive wood (meadow)`` (with
  no such meadow, on the resource still to pay in the top band).

Every target is a piece (``data-piece``): nothing is clicked on a text chip.

Resources are drawn as shapes (a log, a rock, a brick, an ear of wheat) as well as colours, and
terrains carry a short name ("Fo", "Mo"...), so colour-blind players can tell them apart; seats
carry their number on every pioneer."""

from __future__ import annotations

from functools import lru_cache
from html import escape, unescape
from typing import Any

from upriver.core import drawing
from upriver.core.drawing import first_legal, piece, target, title
from upriver.games.the_river.render import step as step_words

# Decisions left to the buttons beside the board: none, every decision has a place on it.
PASSES: frozenset[str] = frozenset()

W = 560  # viewBox width
KINDS = ("wood", "stone", "clay", "food")
BUILD = ("wood", "stone", "clay")  # what a building costs
TERRAIN_FILL = {"desert": "#f2d16b", "badlands": "#d9674a", "forest": "#3f8f45",
                "meadow": "#a5d86b", "mountains": "#9aa0a6"}
TERRAIN_CODE = {"desert": "De", "badlands": "Ba", "forest": "Fo", "meadow": "Me",
                "mountains": "Mo"}
TINT = {"wood": "#ead7c3", "stone": "#e3e5e8", "clay": "#f3d2c4", "food": "#f8ecb8"}
SEAT_FILL = {"black": "#222", "blue": "#1e6fd9", "green": "#2e9b48", "yellow": "#e0b000"}
HOT = "#e67e22"  # the outline of whatever the viewer can click
TILE_W, TILE_H = 64, 56  # a terrain tile, on the island and on a river
SPACE_W = 66  # a river space (a tile plus a margin)
PANEL_W, PANEL_H = 272, 274
CARD_W, CARD_H = 50, 76  # a building on display (a reserve tab of 18 below)

# Meadow effects: a short label for the tile and what it does.
MEADOW = {
    "tokens": ("+1/token", "end of game: 1 VP per bonus token"),
    "buildings": ("+1/bldg", "end of game: 1 VP per building"),
    "pioneers": ("+1/settler", "end of game: 1 VP per settled pioneer"),
    "three points": ("3 VP", "end of game: 3 VP"),
    "two food": ("+2 food", "when placed: take 2 food"),
    "two resources": ("+2 any", "when placed: take 2 resources of your choice"),
    "discount": ("-1 cost", "kept: one later building costs 1 resource less"),
    "extra claim": ("+1 claim", "kept: one claim beyond the limit of 2 a round"),
}

INFO_TIP = ("tiles claimed this round (2 a round), kept meadow effects, and points so far "
            "from columns and meadows")
HINTS = {
    "choose a starting tile": "Click a tile on the terrain island to start your river.",
    "trade or place a pioneer": "Place a pioneer: click an island, a tile, a building or a "
                                "spot (or trade first).",
    "trade: choose resources to return": "Trade: click a stored resource on your river to "
                                         "return it.",
    "choose resources": "Meadow: click an island to take one of its resources.",
    "pay for the building": "Pay: click a stored resource on your river, or a chip.",
    "swap: choose the first tile": "Swap: click the first tile on your river.",
    "swap: choose the second tile": "Swap: click the tile to swap it with.",
}

_GRAINS = "".join(
    f'<ellipse cx="{cx}" cy="{cy}" rx="1.7" ry="2.7" transform="rotate({a} {cx} {cy})"/>'
    for cx, cy, a in ((10, 4, 0), (7.6, 8, -35), (12.4, 8, 35), (7.6, 12, -35),
                      (12.4, 12, 35)))
DEFS = (
    "<defs>"
    '<symbol id="rv-wood" viewBox="0 0 20 20"><rect x="1.5" y="6" width="14" height="8" '
    'rx="2" fill="#8d5a2b" stroke="#3b2412"/><ellipse cx="15.5" cy="10" rx="3" ry="4" '
    'fill="#e0b07a" stroke="#3b2412"/><ellipse cx="15.5" cy="10" rx="1.2" ry="1.7" '
    'fill="none" stroke="#3b2412" stroke-width=".7"/></symbol>'
    '<symbol id="rv-stone" viewBox="0 0 20 20"><path d="M2 15L4 7L9 3L15 4.5L18.5 11L15 17'
    'L7 18Z" fill="#a3a9af" stroke="#2f3336"/><path d="M9 3L10 10L18.5 11M10 10L7 18" '
    'fill="none" stroke="#2f3336" stroke-width=".7"/></symbol>'
    '<symbol id="rv-clay" viewBox="0 0 20 20"><rect x="1.5" y="5" width="17" height="10" '
    'fill="#c8643b" stroke="#4a1d0c"/><path d="M1.5 10H18.5M7 5V10M13 10V15" '
    'stroke="#4a1d0c" stroke-width=".9"/></symbol>'
    '<symbol id="rv-food" viewBox="0 0 20 20"><path d="M10 19V5" stroke="#7a5c10" '
    f'stroke-width="1.3"/><g fill="#f0c63c" stroke="#7a5c10" stroke-width=".6">{_GRAINS}'
    "</g></symbol>"
    '<symbol id="rv-house" viewBox="0 0 20 20"><path d="M2.5 10L10 2.5L17.5 10V18H2.5Z" '
    'stroke="#6b5a3a" stroke-width="1.3"/><rect x="8.5" y="12.5" width="3" '
    'height="5.5" fill="#6b5a3a"/></symbol>'
    '<symbol id="rv-pioneer" viewBox="0 0 20 20"><circle cx="10" cy="5" r="3.8"/>'
    '<path d="M3.5 19.5L5.5 10Q10 7.5 14.5 10L16.5 19.5Z"/></symbol>'
    '<symbol id="rv-pawn" viewBox="0 0 20 20"><path d="M10 1.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 '
    '0-7ZM6.5 9.5H13.5L15 15H5ZM3 15.5H17V19H3Z" fill="#f7d046" stroke="#6b4e00" '
    'stroke-width="1.1"/></symbol>'
    "</defs>"
)



def seat_colours(view: dict[str, Any]) -> list[str]:
    """Each seat's colour on this board (its Player Board's), for the page to show beside its
    name."""
    return [SEAT_FILL.get(p["colour"], "#777") for p in view["players"]]

def _use(symbol: str, x: float, y: float, size: float, extra: str = "") -> str:
    if symbol == "house" and not extra:
        extra = ' fill="#fffaf0"'
    return (f'<use href="#rv-{symbol}" x="{x:g}" y="{y:g}" width="{size:g}" '
            f'height="{size:g}"{extra}/>')


def _text(x: float, y: float, text: str, size: int = 10, extra: str = "") -> str:
    """``text`` is already escaped."""
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{text}</text>'


def _width(text: str, size: float) -> float:
    """A rough width of plain text in a sans-serif font."""
    return len(text) * size * 0.56


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _amounts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in counts.items() if n) or "nothing"


def _stored_code(stored: dict[str, int]) -> str:
    return "".join(f"{k[0]}{n}" for k, n in stored.items() if n)


def tile_text(t: dict[str, Any]) -> str:
    """What a terrain tile is, produces and stores (its tooltip)."""
    return _tile_text(t["id"], tuple(t["terrains"]), tuple(t["symbols"]), t.get("meadow") or "")


@lru_cache(maxsize=1024)
def _tile_text(tile_id: str, terrains: tuple[str, ...], symbols: tuple[str, ...],
               meadow: str) -> str:
    parts = [f"{tile_id}: {' and '.join(terrains)}"]
    if meadow:
        parts.append(f"meadow: {MEADOW.get(meadow, (meadow, meadow))[1]}")
    produce = {k: symbols.count(k) for k in BUILD}
    if any(produce.values()):
        parts.append(f"produces {_amounts(produce)}")
    houses = symbols.count("warehouse")
    if houses:
        parts.append(f"{_plural(houses, 'warehouse')} (each stores 1 resource)")
    return "; ".join(parts)


@lru_cache(maxsize=2048)
def _face(terrains: tuple[str, ...], symbols: tuple[str, ...], meadow: str,
          corner: str) -> str:
    """A terrain tile's face at (0, 0) without its warehouses: terrain colours and short
    names, production symbols, a meadow's effect; ``corner`` (top right) names the tile or the
    space. Tiles look alike wherever they lie, so each face is drawn once."""
    w, h = TILE_W, TILE_H
    out = [f'<rect width="{w}" height="{h}" rx="4" '
           f'fill="{TERRAIN_FILL.get(terrains[0], "#ccc")}" stroke="#333"/>']
    if len(terrains) > 1:
        out.append(f'<path d="M{w} 4V{h}H4Z" fill="{TERRAIN_FILL.get(terrains[1], "#ccc")}"/>')
    code = "/".join(TERRAIN_CODE.get(k, k[:3]) for k in terrains)
    out.append(f'<rect x="2" y="2" width="{_width(code, 9) + 5:.0f}" height="12" rx="3" '
               f'fill="#fff" fill-opacity=".85"/>'
               + _text(4.5, 11, escape(code), 9, ' font-weight="bold"'))
    cw = _width(corner, 9) + 5
    out.append(f'<rect x="{w - 2 - cw:.0f}" y="2" width="{cw:.0f}" height="12" rx="3" '
               f'fill="#fff" fill-opacity=".85"/>'
               + _text(w - 4.5, 11, escape(corner), 9, ' text-anchor="end"'))
    produce = [s for s in symbols if s != "warehouse"]
    step = min(19, (w - 4) / max(1, len(produce)))
    left = w / 2 - len(produce) * step / 2
    for k, kind in enumerate(produce):
        cx = left + k * step + step / 2
        out.append(f'<circle cx="{cx:g}" cy="25" r="8.5" fill="#fff" stroke="#333"/>'
                   + _use(kind, cx - 7, 18, 14))
    if meadow:
        label = MEADOW.get(meadow, (meadow, meadow))[0]
        lw = _width(label, 9) + 8
        out.append(f'<rect x="{w / 2 - lw / 2:.1f}" y="20" width="{lw:.1f}" height="15" rx="7" '
                   f'fill="#fff" stroke="#3d7a1e"/>'
                   + _text(w / 2, 31, escape(label), 9, ' text-anchor="middle" '
                           'font-weight="bold"'))
    return "".join(out)


def card_text(b: dict[str, Any]) -> str:
    return f"Building {b['id']}: {b['points']} VP; costs {_amounts(b['cost'])}"


def discount_meadow(p: dict[str, Any]) -> int | None:
    """The space of the last discount meadow on a seat's river, where a kept discount is
    waived (None without one)."""
    return max((c["space"] for c in p["river"]
                if c["tile"] is not None and c["tile"].get("meadow") == "discount"),
               default=None)


class _Board:
    """One drawing: the view, the viewer's legal actions and the names; each method returns
    SVG text."""

    def __init__(self, view: dict[str, Any], names: list[str] | None) -> None:
        self.view = view
        self.legal: set[str] = set(view.get("legal_actions") or [])
        self.players: list[dict[str, Any]] = view["players"]
        self.names = drawing.seat_names(names, len(self.players))
        self.viewer: int | None = view.get("viewer")
        self.colour = {p["seat"]: p["colour"] for p in self.players}
        self.plain: dict[int, str] = {}

    # ------------------------------------------------------------------ small pieces

    def who(self, seat: int, limit: int = 16) -> str:
        """A seat's name for SVG text (escaped, isolated, cut)."""
        return drawing.name(self.names[seat], limit)

    def who_plain(self, seat: int) -> str:
        """A seat's name for a tooltip (isolated and cut; ``title`` escapes it)."""
        if seat not in self.plain:
            self.plain[seat] = unescape(drawing.name(self.names[seat], 24))
        return self.plain[seat]

    def pioneer(self, seat: int, x: float, y: float, size: float = 18, tip: str = "") -> str:
        """A pioneer in its seat's colour, with the seat's number on it."""
        colour = self.colour.get(seat, "")
        ink = "#111" if colour == "yellow" else "#fff"
        tip = tip or f"pioneer of {self.who_plain(seat)} (seat {seat}, {colour})"
        return (f"<g>{title(tip)}"
                + _use("pioneer", x, y, size,
                       f' fill="{SEAT_FILL.get(colour, "#777")}" stroke="#111"')
                + _text(x + size / 2, y + size * 0.93, str(seat), 9,
                        f' text-anchor="middle" fill="{ink}" font-weight="bold"') + "</g>")

    def crowd(self, spot_id: str, right: float, y: float) -> str:
        """The pioneers on an unlimited spot, by seat, drawn right-aligned ending at ``right``:
        everyone sees who claimed or built this round."""
        counts = (self.view.get("unlimited_spots") or {}).get(spot_id) or []
        pioneers = [s for s, n in enumerate(counts) for _ in range(n)]
        if not pioneers:
            return ""
        tip = f"{spot_id} spot: " + ", ".join(
            f"{self.who_plain(s)} x{n}" for s, n in enumerate(counts) if n)
        out = [f"<g{piece('crowd:' + spot_id, ' '.join(map(str, counts)))}>{title(tip)}"]
        for k, seat in enumerate(pioneers[::-1]):
            out.append(self.pioneer(seat, right - 13 - k * 11, y, 13, tip))
        out.append("</g>")
        return "".join(out)

    def hot(self, x: float, y: float, w: float, h: float, action: str | None,
            rx: float = 4) -> str:
        """The orange outline of a target (nothing when the action is not legal): the page
        outlines a target's ``outline`` where it draws one."""
        if action is None or action not in self.legal:
            return ""
        return (f'<rect class="outline" x="{x - 1.5:g}" y="{y - 1.5:g}" width="{w + 3:g}" '
                f'height="{h + 3:g}" rx="{rx + 1:g}" fill="none" stroke="{HOT}" '
                f'stroke-width="2.5"/>')

    def face(self, t: dict[str, Any], x: float, y: float, corner: str) -> str:
        """A terrain tile's face without its warehouses (see ``_face``)."""
        return (f'<g transform="translate({x:g} {y:g})">'
                + _face(tuple(t["terrains"]), tuple(t["symbols"]), t.get("meadow") or "", corner)
                + "</g>")

    def slots(self, x: float, y: float, houses: int, stored: dict[str, int],
              actions: dict[str, str | None] | None = None, empty: str | None = None,
              where: str = "", key: str = "") -> str:
        """Warehouses along the bottom of a tile or space, filled with what they store.
        ``actions`` gives the target of a stored resource of each kind, ``empty`` that of a
        free warehouse; with a ``key`` each warehouse is a piece (``key:i``), what is
        clicked."""
        held = [k for k in KINDS for _ in range(stored.get(k, 0))]
        n = max(houses, len(held))
        if not n:
            return ""
        step = min(19, (TILE_W - 2) / n)  # more than 3 only with unusual components
        size = min(18, step - 1)
        left = x + TILE_W / 2 - n * step / 2
        out = []
        for i in range(n):
            sx = left + i * step
            sy = y + TILE_H - 19
            named = piece(f"{key}:{i}", held[i] if i < len(held) else "free") if key else ""
            if i < len(held):
                kind = held[i]
                # of two alike the last is the one taken, so the only target
                last = i + 1 == len(held) or held[i + 1] != kind
                action = (actions or {}).get(kind) if last else None
                out.append(f"<g{target(action, self.legal)}{named}>"
                           f"{title(f'{kind} stored {where}'.strip())}"
                           + _use("house", sx, sy, size,
                                  f' class="stored" fill="{TINT[kind]}"')
                           + _use(kind, sx + size / 12, sy + size / 5, size * 5 / 6)
                           + self.hot(sx, sy, size, size, action, 3) + "</g>")
            else:  # the first free warehouse is the one filled
                first = empty if i == len(held) else None
                out.append(f"<g{target(first, self.legal)}{named}>"
                           f"{title(f'free warehouse {where}'.strip())}"
                           + _use("house", sx, sy, size)
                           + self.hot(sx, sy, size, size, first, 3) + "</g>")
        return "".join(out)

    def card(self, b: dict[str, Any], x: float, y: float, w: float, h: float,
             action: str | None, *, reserved_by: int | None = None, key: str,
             state: str, waive: bool = False) -> str:
        """A building card: its id, points and cost in symbols. With ``waive`` (the reserved
        card being paid for) a cost symbol is the target of waiving one of its kind."""
        tip = card_text(b)
        if reserved_by is not None:
            tip += f"; reserved by {self.who_plain(reserved_by)} (1 resource less to pay)"
        dash = ' stroke-dasharray="4 2"' if reserved_by is not None else ""
        badge = 19 if w > 45 else 15
        out = [f"<g{target(action, self.legal)}{piece(key, state)}>{title(tip)}"
               f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fff8e8" '
               f'stroke="#a0783c"{dash}/>',
               _text(x + 4, y + 11, escape(b["id"]), 9),
               f'<rect x="{x + w - 2 - badge}" y="{y + 2}" width="{badge}" height="14" '
               f'rx="3" fill="#5b3a8c"/>',
               _text(x + w - 2 - badge / 2, y + 13, str(b["points"]), 11,
                     ' text-anchor="middle" fill="#fff" font-weight="bold"')]
        row = 0
        for kind in BUILD:
            n = b["cost"].get(kind, 0)
            if n:
                ry = y + 19 + row * (h - 22) / 3
                size = min(14, (h - 22) / 3 - 1)
                cost = _use(kind, x + 4, ry, size) + _text(x + 6 + size, ry + size - 3,
                                                           f"\u00d7{n}", 10)
                waiver = f"waive {kind} (reserved card)" if waive else None
                if waiver in self.legal:  # the whole row is the target, not just its ink
                    cost = (f"<g{target(waiver, self.legal)}"
                            f"{piece(f'{key}:waive-{kind}', '-')}>{title(waiver)}"
                            f'<rect x="{x + 3}" y="{ry - 1}" width="{w - 6}" height="{size + 2}" '
                            f'rx="3" fill="#fff8e8"/>{cost}'
                            + self.hot(x + 3, ry - 1, w - 6, size + 2, waiver, 3) + "</g>")
                out.append(cost)
                row += 1
        out.append(self.hot(x, y, w, h, action))
        out.append("</g>")
        return "".join(out)

    # ------------------------------------------------------------------ the top band

    def band(self) -> tuple[str, float]:
        v = self.view
        out: list[str] = []
        mover = v.get("to_move")
        head = f"Round {v['round']}"
        if v.get("scores") is not None:
            scores = v["scores"]
            best = max(scores) if scores else 0
            line = escape(f"{head} \u00b7 Game over \u00b7 ") + ", ".join(
                f"{self.who(s, 12)} {n} VP" + (" \u2605" if n == best else "")
                for s, n in enumerate(scores))
        elif mover is not None:
            line = (escape(f"{head} \u00b7 ") + f'<tspan font-weight="bold">{self.who(mover)}'
                    f"</tspan>" + escape(f": {step_words(v)}"))
        else:
            line = escape(head)
        if v.get("end_triggered") and v.get("scores") is None:
            line += escape(" \u00b7 end triggered: last round")
        out.append(f"<g{piece('round', v['round'])}>" + _text(6, 15, line, 12) + "</g>")
        y = 30
        if mover is not None and mover == self.viewer and self.legal:
            hint = self.hint()
            out.append(_text(6, y, escape(hint), 10, ' fill="#7a3e00"'))
        elif mover is not None:
            out.append(_text(6, y, escape("Waiting for ") + self.who(mover)
                             + escape("\u2026"), 10, ' fill="#555"'))
        bottom = 36.0
        waiting = v.get("pending") or v.get("covered")
        paying = v.get("paying")
        if waiting or paying:
            x = 6.0
            left = paying.get("left") if isinstance(paying, dict) else None
            state = f"{_stored_code(waiting or {})}|{_stored_code(left or {})}"
            row = [f'<g{piece("waiting", state)}>']
            if waiting:
                covered = bool(v.get("covered"))
                label = "Off covered warehouses:" if covered else "Waiting to be stored:"
                row.append(_text(x, y + 17, escape(label), 10))
                x += _width(label, 10) + 4
                for kind in KINDS:
                    n = waiting.get(kind, 0)
                    if n:
                        # forfeiting or losing one: the waiting resource itself is clicked
                        action = f"lose covered {kind}" if covered else f"forfeit {kind}"
                        tip = (f"{n} {kind} off covered warehouses" if covered else
                               f"{n} new {kind} waiting to be stored")
                        if action in self.legal:
                            tip += ("; click to lose one (it goes back to its island)"
                                    if covered else "; click to forfeit one (it stays on "
                                                    "its island)")
                        x = self.resource_group(row, kind, n, x, y + 5, f"waiting:{kind}",
                                                tip, action)
                x += 6
            if left:
                label = "Still to pay:"
                row.append(_text(x, y + 17, escape(label), 10))
                x += _width(label, 10) + 4
                elsewhere = self.waivers_drawn_elsewhere()
                for kind in BUILD:
                    n = int(left.get(kind, 0))
                    if n:
                        waive = first_legal([f"waive {kind} ({why})" for why in
                                             ("reserved card", "meadow")
                                             if why not in elsewhere], self.legal)
                        tip = f"{n} {kind} still to pay" + (f"; click to {waive}" if waive
                                                            else "")
                        x = self.resource_group(row, kind, n, x, y + 5, f"to-pay:{kind}",
                                                tip, waive)
                x += 6
            row.append("</g>")
            out.extend(row)
            bottom = y + 26
        return "".join(out), bottom

    def resource_group(self, out: list[str], kind: str, n: int, x: float, y: float, key: str,
                       tip: str, action: str | None) -> float:
        """``n`` resources of one kind side by side, one piece (``key``) that may be a
        target; returns the right edge."""
        out.append(f"<g{target(action, self.legal)}{piece(key, n)}>{title(tip)}"
                   f'<rect x="{x}" y="{y}" width="{17 * n - 1}" height="16" rx="3" '
                   f'fill="#fff" fill-opacity="0"/>')  # clicked anywhere, not only on ink
        for k in range(n):
            out.append(_use(kind, x + k * 17, y, 16))
        out.append(self.hot(x, y, 17 * n - 1, 16, action, 3) + "</g>")
        return x + 17 * n + 2

    def waivers_drawn_elsewhere(self) -> set[str]:
        """The waivers drawn on their own piece: the reserved card being paid (its cost
        symbols) and the last discount meadow of the river; others go on "Still to pay"."""
        found: set[str] = set()
        paying = self.view.get("paying")
        me = next((p for p in self.players if p["seat"] == self.viewer), None)
        if me is None or not isinstance(paying, dict):
            return found
        if paying.get("building") in me.get("reserved", []):
            found.add("reserved card")
        if discount_meadow(me) is not None:
            found.add("meadow")
        return found

    def hint(self) -> str:
        step = self.view["step"]
        legal = self.legal
        if step in ("store resources", "move covered resources"):
            if any(a.startswith(("forfeit ", "lose covered ")) for a in legal):
                if step == "store resources":
                    return ("Too many to store: forfeit a new one, or click a stored one to "
                            "return it.")
                return "Not all fit: choose which covered resource is lost."
            kind = next((a.split()[1] for a in sorted(legal) if a.startswith("store ")), "it")
            return f"Click a free warehouse for the {kind}."
        if step == "swap: choose the second tile":
            first = next((a.split()[2] for a in legal if a.startswith("swap space ")), "")
            return f"Swap: click the tile to swap with the one on space {first}."
        if "set a pioneer aside" in legal:
            return "No spot can take a pioneer: click your boat to set one aside."
        return HINTS.get(step, "Your decision.")

    # ------------------------------------------------------------------ the main board

    def terrain(self, y: float) -> tuple[str, float]:
        v = self.view
        display = v["terrain_display"]
        # 2N+1 tiles: one row of 5 with 2 players, two rows with 3 or 4 (room kept for all)
        rows = max(1 if len(self.players) == 2 else 2, -(-len(display) // 5))
        removed = v.get("terrain_removed") or []
        discard = v.get("terrain_discard") or []
        stack = v["terrain_stack"]
        tip = (f"terrain stack: {stack} face down; discarded: "
               f"{', '.join(discard) or 'none'}; removed from the game: "
               f"{', '.join(removed) or 'none'}")
        out = [f'<rect x="3" y="{y}" width="336" height="{18 + rows * 60}" rx="8" '
               f'fill="#f4e7c5" stroke="#7fb3d5" stroke-width="2"/>',
               f"<g{piece('terrain:stack', f'{stack}/{len(discard)}')}>"
               f"{title(tip)}"
               + _text(8, y + 13, escape(f"Terrain island \u00b7 stack {v['terrain_stack']}"
                                         f" \u00b7 discard {len(discard)}"), 10,
                       ' font-weight="bold"') + "</g>", self.crowd("terrain", 336, y + 1)]
        for k, t in enumerate(display):
            tx = 8 + (k % 5) * 66
            ty = y + 17 + (k // 5) * 60
            action = first_legal((f"claim {t['id']}", f"take starting tile {t['id']}"),
                                 self.legal)
            out.append(f"<g{target(action, self.legal)}{piece('display:' + t['id'], 'up')}>"
                       f"{title(tile_text(t))}{self.face(t, tx, ty, t['id'])}"
                       + self.slots(tx, ty, t["symbols"].count("warehouse"), {})
                       + self.hot(tx, ty, TILE_W, TILE_H, action) + "</g>")
        return "".join(out), y + 18 + rows * 60

    def buildings(self, y: float) -> tuple[str, float]:
        v = self.view
        legal = self.legal
        x0 = 344
        out = [_text(x0, y + 13, escape(f"Buildings \u00b7 deck {v['building_deck']}"), 10,
                     ' font-weight="bold"'), self.crowd("construct", W - 90, y + 1)]
        if "reserve" in v["spots"]:
            out.append(_text(W - 26, y + 13, "reserve", 9, ' text-anchor="end" fill="#555"'))
        out.append(self.spot("reserve", W - 22, y + 1, 16, "reserve spot: one pioneer a "
                             "round reserves a building"))
        paying = v.get("paying") if isinstance(v.get("paying"), dict) else None
        display = v["building_display"]
        cw = min(CARD_W, (W - 4 - x0 - 4 * (len(display) - 1)) / max(1, len(display)))
        for k, b in enumerate(display):
            x = x0 + k * (cw + 4)
            cy = y + 18
            if b is None:
                out.append(f"<g{piece(f'building:{k}', '-')}>"
                           f"{title('empty building slot: refilled at cleanup')}"
                           f'<rect x="{x}" y="{cy}" '
                           f'width="{cw}" height="{CARD_H}" rx="4" fill="none" '
                           f'stroke="#bbb" stroke-dasharray="3 2"/></g>')
                continue
            construct = f"construct {b['id']}"
            reserve = f"reserve {b['id']}"
            out.append(self.card(b, x, cy, cw, CARD_H,
                                 construct if construct in legal else None,
                                 key=f"building:{k}", state=b["id"]))
            if paying and paying.get("building") == b["id"]:
                out.append(self.paying_mark(x, cy, cw, CARD_H))
            if reserve in legal:  # the card is constructed, its tab reserves it
                ty = cy + CARD_H + 3
                tip = (f"{reserve}: a pioneer on the reserve spot keeps it for you, 1 "
                       "resource cheaper")
                out.append(f"<g{target(reserve, legal)}{piece(f'building:{k}:reserve', '-')}>"
                           f"{title(tip)}"
                           f'<rect x="{x}" y="{ty}" width="{cw}" height="17" rx="4" '
                           f'fill="#eef6ff" stroke="{HOT}" stroke-width="1.5"/>'
                           + _text(x + cw / 2, ty + 12, "reserve", 10,
                                   ' text-anchor="middle"') + "</g>")
        # the bonus token piles
        ty = y + 18 + CARD_H + 24
        left = v["token_piles"]["left"]
        right = v["token_piles"]["right"]
        out.append(_text(x0, ty + 12, "Tokens", 10, ' font-weight="bold"'))
        values = ", ".join(str(t) for t in left) or "none"
        left_tip = f"left token pile: {len(left)} tokens, from the top: {values}"
        out.append(f"<g{piece('tokens:left', f'{left[:1]}/{len(left)}')}>"
                   f"{title(left_tip)}"
                   + self.token(x0 + 54, ty + 8, left[0] if left else None)
                   + _text(x0 + 66, ty + 12, f"\u00d7{len(left)}", 10) + "</g>")
        out.append(f"<g{piece('tokens:right', right)}>"
                   f"{title(f'right token pile: {right} tokens worth 0')}"
                   + self.token(x0 + 112, ty + 8, 0 if right else None)
                   + _text(x0 + 124, ty + 12, f"\u00d7{right}", 10) + "</g>")
        return "".join(out), ty + 20

    def paying_mark(self, x: float, y: float, w: float, h: float, label: bool = True) -> str:
        """The building being paid for (when the view names it: ``paying``)."""
        return (f'<rect x="{x - 2}" y="{y - 2}" width="{w + 4}" height="{h + 4}" rx="5" '
                f'fill="none" stroke="#5b3a8c" stroke-width="2" stroke-dasharray="5 3">'
                f"{title('the building being paid for')}</rect>"
                + (_text(x + w / 2, y + h + 13, "paying", 10,
                         ' text-anchor="middle" fill="#5b3a8c" font-weight="bold"')
                   if label else ""))

    def token(self, cx: float, cy: float, value: int | None) -> str:
        if value is None:
            return (f'<circle cx="{cx:g}" cy="{cy:g}" r="8.5" fill="none" stroke="#999" '
                    f'stroke-dasharray="2 2"/>')
        return (f'<circle cx="{cx:g}" cy="{cy:g}" r="8.5" fill="#2c3e50" stroke="#111"/>'
                + _text(cx, cy + 3.5, str(value), 10,
                        ' text-anchor="middle" fill="#fff" font-weight="bold"'))

    def spot(self, spot_id: str, x: float, y: float, size: float, tip: str,
             named: bool = True) -> str:
        """A single spot of the main board: empty, or the pioneer on it; ``named`` false
        when the piece around it (an action spot) carries its name."""
        spots = self.view["spots"]
        if spot_id not in spots:
            return ""
        seat = spots[spot_id]
        out = [f"<g{piece('spot:' + spot_id, '-' if seat is None else seat) if named else ''}>"]
        if seat is None:
            r = size / 2
            out.append(f'<circle cx="{x + r:g}" cy="{y + r:g}" r="{r:g}" fill="#fff" '
                       f'fill-opacity=".6" stroke="#777" stroke-dasharray="2 2">'
                       f"{title(f'{spot_id}: free; {tip}')}</circle>")
        else:
            out.append(self.pioneer(seat, x, y, size,
                                    f"{spot_id}: pioneer of {self.who_plain(seat)}; {tip}"))
        out.append("</g>")
        return "".join(out)

    def islands(self, y: float) -> tuple[str, float]:
        v = self.view
        legal = self.legal
        out = []
        w, h = 88, 56
        takes = [a for a in (f"take {k} from the food island" for k in BUILD) if a in legal]
        for k, kind in enumerate(KINDS):
            x = 4 + k * (w + 4)
            stock = v["islands"][kind]
            ids = [s for s in v["spots"] if s.startswith(kind + " ")]
            action = first_legal((f"produce {kind}", f"meadow: take {kind}") if kind != "food"
                                 else ("take food", "meadow: take food"), legal)
            taken = ", ".join(f"{s}: {self.who_plain(v['spots'][s])}" for s in ids
                              if v["spots"][s] is not None) or "none"
            tip = (f"{kind.capitalize()} island: {stock} {kind} left; spots taken: {taken}."
                   + (" Place a pioneer to produce: 1 per visible symbol on your river (in a"
                      " 3-4 player game, 1 more for the first pioneer)." if kind != "food" else
                      " Place a pioneer to take 1 food (when empty, 1 wood, stone or clay)."))
            out.append(f"<g{target(action, legal)}{piece('island:' + kind, stock)}>{title(tip)}"
                       f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="18" '
                       f'fill="#f4e7c5" stroke="#7fb3d5" stroke-width="2"/>'
                       + _use(kind, x + 6, y + 6, 24)
                       + ("" if kind == "food" and takes else
                          _text(x + 33, y + 22, f"\u00d7{stock}", 14, ' font-weight="bold"'))
                       + _text(x + 8, y + 44, kind, 10)
                       + self.hot(x, y, w, h, action, 18) + "</g>")
            for i, spot_id in enumerate(ids):
                out.append(self.spot(spot_id, x + w - 24 - i * 21, y + 33 if i else y + 31,
                                     18, f"a pioneer here takes {kind}"))
            if kind == "food":  # empty: one resource of the player's choice instead
                for i, take in enumerate(takes):
                    cx = x + 33 + i * 18
                    named = piece(f"island:food:{take.split()[1]}", "-")
                    out.append(f"<g{target(take, legal)}{named}>{title(take)}"
                               f'<rect x="{cx}" y="{y + 6}" width="17" height="17" rx="3" '
                               f'fill="#eef6ff" stroke="{HOT}" stroke-width="1.5"/>'
                               + _use(take.split()[1], cx + 1.5, y + 7.5, 14) + "</g>")
        x = 4 + 4 * (w + 4)
        sw = 60
        first = "take the first player pawn"
        out.append(self.action_spot(
            x, y, sw, h, "first player", first,
            "First player spot: take the first player pawn (you start the next round)",
            _use("pawn", x + 5, y + 6, 18) + _text(x + 26, y + 15, "1st", 10,
                                                    ' font-weight="bold"')))
        swap = "swap two tiles"
        out.append(self.action_spot(
            x + sw + 3, y, sw, h, "swap", swap,
            "Swap spot: swap two terrain tiles on your river (their resources move with them)",
            _text(x + sw + 9, y + 17, "\u21c4 swap", 11, ' font-weight="bold"')))
        trade = next((a for a in sorted(legal) if a.startswith("trade ")
                      and a.endswith(" food")), None)
        tx = x + 2 * (sw + 3)
        out.append(f"<g{target(trade, legal)}{piece('spot:trade', '-')}>"
                   f"{title('Trade: at the start of your turn, return any 3 resources for 1 food')}"
                   f'<rect x="{tx}" y="{y}" width="{sw - 2}" height="{h}" rx="6" fill="#f0f0ea" '
                   f'stroke="#999"/>' + _text(tx + 5, y + 15, "trade", 10, ' font-weight="bold"')
                   + _text(tx + 5, y + 36, "3 \u2192", 11) + _use("food", tx + 26, y + 23, 18)
                   + self.hot(tx, y, sw - 2, h, trade, 6) + "</g>")
        return "".join(out), y + h

    def action_spot(self, x: float, y: float, w: float, h: float, spot_id: str, action: str,
                    tip: str, label: str) -> str:
        """A spot of the main board with its own action: the spot is what is clicked."""
        seat = self.view["spots"].get(spot_id)
        return (f"<g{target(action, self.legal)}"
                f"{piece('spot:' + spot_id, '-' if seat is None else seat)}>{title(tip)}"
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#f0f0ea" '
                f'stroke="#999"/>{label}' + self.hot(x, y, w, h, action, 6)
                + self.spot(spot_id, x + w / 2 - 9, y + 31, 18, tip, named=False) + "</g>")

    # ------------------------------------------------------------------ the player panels

    def panel(self, p: dict[str, Any], x: float, y: float) -> str:
        v = self.view
        seat = p["seat"]
        mine = seat == self.viewer
        moving = seat == v.get("to_move")
        colour = p["colour"]
        out = [f'<g class="player{" you" if mine else ""}{" to-move" if moving else ""}">',
               f'<rect x="{x}" y="{y}" width="{PANEL_W}" height="{PANEL_H}" rx="6" '
               f'fill="#fcfbf7" stroke="{"#1d2b36" if mine else "#bbb"}" '
               f'stroke-width="{2.5 if mine else 1}"/>']
        # header: who, colour, you, first player, whose turn
        head_fill = "#fde3b5" if moving else "#eef1f4"
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{PANEL_W - 2}" height="20" rx="5" '
                   f'fill="{head_fill}"/>')
        out.append(self.pioneer(seat, x + 4, y + 2, 17))
        label = self.who(seat) + (escape(" (you)") if mine else "")
        out.append(_text(x + 24, y + 15, label, 11,
                         f' font-weight="bold" fill="{SEAT_FILL.get(colour, "#111")}"'
                         if colour != "yellow" else ' font-weight="bold" fill="#8a6a00"'))
        right = x + PANEL_W - 5
        scores = v.get("scores")
        if scores is not None:
            out.append(_text(right, y + 15, f"{scores[seat]} VP", 11,
                             ' text-anchor="end" font-weight="bold"'))
            right -= 44
        elif moving:
            out.append(_text(right, y + 15, "\u25b6 to move", 10,
                             ' text-anchor="end" font-weight="bold" fill="#a04000"'))
            right -= 60
        first = v["first_player"] == seat
        out.append(f"<g{piece(f'pawn:{seat}', 'first' if first else '-')}>")
        if first:
            out.append(f"<g>{title('first player pawn: this seat starts the next round')}"
                       + _use("pawn", right - 18, y + 2, 17) + "</g>")
        out.append("</g>")
        # the river
        out.append(self.river(p, x + 3, y + 23))
        # the boat, tokens, built cards
        by = y + 23 + 3 * TILE_H + 6
        out.append(self.boat(p, x + 4, by))
        out.append(self.tokens(p, x + 68, by))
        built = p["built"]
        tip = f"built: {', '.join(built) or 'none'}"
        out.append(f"<g{piece(f'built:{seat}', ' '.join(built) or '-')}>{title(tip)}"
                   f'<rect x="{x + 160}" y="{by + 3}" width="12" height="17" rx="2" '
                   f'fill="#fff8e8" stroke="#a0783c"/><rect x="{x + 163}" y="{by + 1}" '
                   f'width="12" height="17" rx="2" fill="#fff8e8" stroke="#a0783c"/>'
                   + _text(x + 177, by + 14, f"\u00d7{len(built)}", 10) + "</g>")
        # resources held and warehouses
        ry = by + 24
        res = p["resources"]
        out.append(f"<g{piece(f'resources:{seat}', _stored_code(res) or '-')}>"
                   f"{title(f'resources held: {_amounts(res)}')}")
        for k, kind in enumerate(KINDS):
            rx = x + 4 + k * 28
            out.append(_use(kind, rx, ry, 15) + _text(rx + 16, ry + 12, str(res[kind]), 10))
        out.append("</g>")
        held = sum(res.values())
        houses = p["warehouses"]
        out.append(f"<g>{title(f'warehouses: {held} of {houses} full')}"
                   + _use("house", x + 117, ry, 15)
                   + _text(x + 133, ry + 12, f"{held}/{houses}", 10) + "</g>")
        settled = p["settled"]
        out.append(f"<g{piece(f'settled:{seat}', settled)}>"
                   f"{title(f'settled pioneers: {settled} (they stay on the river)')}"
                   + self.pioneer(seat, x + 158, ry - 1, 15, f"settled pioneers of "
                                  f"{self.who_plain(seat)}: {settled}")
                   + _text(x + 173, ry + 12, f"\u00d7{settled}", 10) + "</g>")
        # production, claims, kept meadows, points so far
        prod = p["production"]
        out.append(f"<g{piece(f'production:{seat}', _stored_code(prod) or '-')}>"
                   f"{title(f'production: {_amounts(prod)} (visible symbols on the river)')}"
                   + _text(x + 5, ry + 31, "makes", 9, ' fill="#444"'))
        for k, kind in enumerate(BUILD):
            px = x + 37 + k * 23
            out.append(_use(kind, px, ry + 22, 12) + _text(px + 13, ry + 31, str(prod[kind]), 9))
        out.append("</g>")
        bits = [f"columns {p['columns']} VP", f"meadows {p['meadow_points']} VP"]
        if p.get("extra_claims"):
            bits.append(f"+{p['extra_claims']} claim")
        if p.get("meadow_discounts"):
            bits.append(f"-{p['meadow_discounts']} cost")
        points = " \u00b7 ".join(bits)
        if _width(points, 9) > 183:
            points = points.replace("columns", "cols").replace("meadows", "mdw")
        state = (f"{p['claims_this_round']}/{p.get('extra_claims', 0)}/"
                 f"{p.get('meadow_discounts', 0)}/{p['columns']}/{p['meadow_points']}")
        out.append(f"<g{piece(f'info:{seat}', state)}>"
                   f"{title(INFO_TIP)}"
                   + _text(x + 105, ry + 31, escape(f"\u00b7 claims {p['claims_this_round']}"),
                           9, ' fill="#444"')
                   + _text(x + 5, ry + 43, escape(points), 9, ' fill="#444"') + "</g>")
        # reserved cards (public); the owner constructs one by clicking it
        cards = p.get("reserved_cards") or []
        out.append(f"<g{piece(f'reserved:{seat}', ' '.join(p['reserved']) or '-')}>")
        for k in range(2):
            cx = x + PANEL_W - 80 + k * 41
            if k < len(cards):
                c = cards[k]
                action = f"construct reserved {c['id']}" if mine else None
                paying = v.get("paying")
                paid = mine and isinstance(paying, dict) and paying.get("building") == c["id"]
                out.append(self.card(c, cx, by, 38, 70, action, reserved_by=seat,
                                     key=f"reserved:{seat}:{k}", state=c["id"], waive=paid))
                if (mine and isinstance(paying, dict) and paying.get("building") == c["id"]):
                    out.append(self.paying_mark(cx, by, 38, 70, label=False))
            else:
                out.append(f'<rect x="{cx}" y="{by}" width="38" height="70" rx="4" '
                           f'fill="none" stroke="#ccc" stroke-dasharray="3 2">'
                           f"{title('room for a reserved building (2 at most)')}</rect>")
        out.append("</g></g>")
        return "".join(out)

    def boat(self, p: dict[str, Any], x: float, y: float) -> str:
        seat = p["seat"]
        action = "set a pioneer aside" if seat == self.viewer else None
        n = p["boat"]
        tip = (f"boat of {self.who_plain(seat)}: {_plural(n, 'pioneer')} to place this round;"
               f" {p['pioneers_on_board']} on the main board")
        out = [f"<g{target(action, self.legal)}{piece(f'boat:{seat}', n)}>{title(tip)}"
               f'<path d="M{x} {y + 12}H{x + 62}L{x + 55} {y + 21}H{x + 7}Z" fill="#8d6e4a" '
               f'stroke="#4a3520"/>']
        for k in range(min(n, 5)):
            out.append(_use("pioneer", x + 2 + k * 12, y, 13,
                            f' fill="{SEAT_FILL.get(p["colour"], "#777")}" stroke="#111"'))
        if n > 5:
            out.append(_text(x + 62, y + 10, f"+{n - 5}", 9))
        out.append(self.hot(x - 1, y - 1, 64, 24, action))
        out.append("</g>")
        return "".join(out)

    def tokens(self, p: dict[str, Any], x: float, y: float) -> str:
        seat = p["seat"]
        values = p["tokens"]
        state = " ".join(str(t) for t in values) + ("+P" if p["pioneer_on_token_spot"] else "")
        tip = (f"bonus tokens of {self.who_plain(seat)}: "
               + (", ".join(f"{t} VP" for t in values) or "none"))
        out = [f"<g{piece(f'tokens:{seat}', state or '-')}>{title(tip)}"]
        for k in range(max(5, len(values))):
            cx = x + 9 + k * 18
            if k < len(values):
                out.append(self.token(cx, y + 11, values[k]))
            elif k == 1 and p["pioneer_on_token_spot"]:
                out.append(self.token(cx, y + 11, None)
                           + self.pioneer(seat, cx - 7, y + 4, 14,
                                          "the 5th pioneer: it joins the boat with the 2nd "
                                          "bonus token"))
            else:
                out.append(self.token(cx, y + 11, None))
        out.append("</g>")
        return "".join(out)

    def river(self, p: dict[str, Any], x: float, y: float) -> str:
        seat = p["seat"]
        mine = seat == self.viewer
        legal = self.legal if mine else set()
        cells = sorted(p["river"], key=lambda c: c["space"])
        centres = [(x + (c["column"] - 1) * SPACE_W + SPACE_W / 2,
                    y + (c["row"] - 1) * TILE_H + TILE_H / 2) for c in cells]
        path = "M" + "L".join(f"{cx:g} {cy:g}" for cx, cy in centres)
        out = [f'<path d="{path}" fill="none" stroke="#bfe0f5" stroke-width="22" '
               f'stroke-linejoin="round" stroke-linecap="round"/>']
        swap_second = next((a.split()[2] for a in legal if a.startswith("swap space ")), None)
        # "a tile" is one place for the rules: a resource goes on the first tile along the
        # river with room and is taken from the last one holding its kind (storage.put, take).
        # Only those warehouses are targets, so what is clicked is what changes.
        tiled = [c for c in cells if c["tile"] is not None]
        upcoming = next((c["space"] for c in cells if c["tile"] is None), None)
        room = next((c["space"] for c in tiled
                     if c["warehouses"] > sum(c["stored"].values())), None)
        last = {k: max((c["space"] for c in tiled if c["stored"].get(k)), default=None)
                for k in KINDS}
        # a kept meadow discount is waived on the last discount meadow of the river
        discount_at = discount_meadow(p) if mine and self.meadow_waivers() else None
        for c in cells:
            n = c["space"]
            sx = x + (c["column"] - 1) * SPACE_W + 1
            sy = y + (c["row"] - 1) * TILE_H
            t = c["tile"]
            stored = c["stored"]
            where = "" if t else f" from space {n}"  # a tile is the unnamed place
            action = None
            if mine and t is not None:
                action = first_legal((f"swap: space {n}",
                                      f"swap space {swap_second} with space {n}"), legal)
            state = f"{t['id'] if t else '-'} {_stored_code(stored)}".strip()
            printed = [k for k in c.get("printed", []) if k != "warehouse"]
            if t is None:
                tip = (f"space {n}: no tile yet; "
                       f"{_plural(c['warehouses'], 'printed warehouse')}"
                       + (f"; printed production: {', '.join(printed)}" if printed else "")
                       + ("; framed: covering it settles a pioneer at cleanup"
                          if c.get("framed") else ""))
            else:
                tip = f"space {n}: {tile_text(t)}"
            if stored:
                tip += f"; storing {_amounts(stored)}"
            out.append(f"<g{target(action, legal)}{piece(f'river:{seat}:{n}', state)}>"
                       f"{title(tip)}")
            if t is None:
                out.append(f'<rect x="{sx}" y="{sy}" width="{TILE_W}" height="{TILE_H}" '
                           f'rx="4" fill="#eef6fb" fill-opacity=".7" stroke="#9ab" '
                           f'stroke-dasharray="3 2"/>'
                           + _text(sx + TILE_W - 4, sy + 11, str(n), 9,
                                   ' text-anchor="end" fill="#456"'))
                for j, kind in enumerate(printed):  # what a tile here would cover
                    out.append(_use(kind, sx + 4 + j * 13, sy + 3, 11))
                if c.get("framed"):
                    out.append(f'<rect x="{sx + 2}" y="{sy + 2}" width="{TILE_W - 4}" '
                               f'height="{TILE_H - 4}" rx="3" fill="none" stroke="#8a5a00" '
                               f'stroke-width="1.6"/>')
                if n == upcoming:  # a claimed tile goes here
                    out.append(_text(sx + TILE_W / 2, sy + 28, "next tile", 9,
                                     ' text-anchor="middle" fill="#456" font-style="italic"'))
            else:
                out.append(self.face(t, sx, sy, str(n)))
            if swap_second is not None and str(n) == swap_second:
                out.append(f'<rect x="{sx - 1}" y="{sy - 1}" width="{TILE_W + 2}" '
                           f'height="{TILE_H + 2}" rx="5" fill="none" stroke="#5b3a8c" '
                           f'stroke-width="2.5" stroke-dasharray="5 3"/>')
            out.append(self.hot(sx, sy, TILE_W, TILE_H, action))
            # what a stored resource or a free warehouse does when clicked
            actions: dict[str, str | None] = {}
            tray = ""
            for kind in stored:
                if t is not None and last[kind] != n:
                    continue
                actions[kind] = first_legal(
                    [f"{verb} {kind}{where}" for verb in ("trade: return", "return stored",
                                                          "pay")], legal)
                if kind == "food" and actions[kind] is None:
                    paid = [f"pay food for {k}{where}" for k in BUILD
                            if f"pay food for {k}{where}" in legal]
                    if len(paid) == 1:
                        actions[kind] = paid[0]
                    elif paid:
                        tray = self.badges(paid, sx, sy, f"warehouse:{seat}:{n}:food",
                                           "pay with this food for")
            free = None
            if t is None or n == room:
                free = first_legal([a for a in legal if a.startswith("store ")
                                    and a.endswith(" on a tile" if t else f" on space {n}")],
                                   legal)
            place = f"on space {n}" + (" (a tile)" if t else "")
            out.append(self.slots(sx, sy, c["warehouses"], stored, actions, free, place,
                                  key=f"warehouse:{seat}:{n}"))
            if n == discount_at:
                # over the meadow's label; over the top edge when a food's badges are there
                tray += self.badges(self.meadow_waivers(), sx, sy - 24 if tray else sy,
                                    f"meadow:{seat}:{n}",
                                    "waive with this meadow's discount one")
            out.append(tray + "</g>")
        return "".join(out)

    def meadow_waivers(self) -> list[str]:
        return [a for a in (f"waive {k} (meadow)" for k in BUILD) if a in self.legal]

    def badges(self, actions: list[str], sx: float, sy: float, key: str, tip: str) -> str:
        """Where one piece offers a choice of kinds (a stored food paying for wood or stone, a
        meadow's discount waiving either): a drawn resource per kind, just above the piece
        and inside its space, each its own target (``key:kind``). The kind is the word
        after "for" or "waive"."""
        if not actions:
            return ""
        kinds = [a.split()[3] if a.startswith("pay food for") else a.split()[1]
                 for a in actions]
        width = 4 + 20 * len(actions)
        tx = sx + TILE_W / 2 - width / 2
        ty = sy + 15
        out = [f'<g class="tray">{title(f"{tip}: " + ", ".join(kinds))}<rect x="{tx:g}" '
               f'y="{ty}" width="{width}" height="22" rx="4" fill="#fff4e0" stroke="{HOT}"/>']
        for k, (action, kind) in enumerate(zip(actions, kinds, strict=True)):
            cx = tx + 3 + k * 20
            out.append(f"<g{target(action, self.legal)}{piece(f'{key}:{kind}', '-')}>"
                       f"{title(action)}"
                       f'<rect x="{cx:g}" y="{ty + 2}" width="18" height="18" rx="3" '
                       f'fill="#fff" stroke="{HOT}" stroke-width="1.5"/>'
                       + _use(kind, cx + 2, ty + 4, 14) + "</g>")
        out.append("</g>")
        return "".join(out)

    # ------------------------------------------------------------------ the legend

    def legend(self, y: float) -> tuple[str, float]:
        entries: list[tuple[str, str]] = [
            (_use("wood", 0, -11, 14), "wood"), (_use("stone", 0, -11, 14), "stone"),
            (_use("clay", 0, -11, 14), "clay"), (_use("food", 0, -11, 14), "food (wild)"),
            (_use("house", 0, -11, 14), "warehouse: stores 1"),
            (_use("pioneer", 0, -11, 14, ' fill="#888" stroke="#111"'), "pioneer"),
            (_use("pawn", 0, -11, 14), "first player"),
            (self.token(7, -4, 3), "bonus token (VP)"),
            ('<rect x="0" y="-11" width="14" height="14" rx="3" fill="none" '
             f'stroke="{HOT}" stroke-width="2.5"/>', "you can click it"),
        ]
        for terrain, code in TERRAIN_CODE.items():
            entries.append((f'<rect x="0" y="-11" width="14" height="14" rx="2" '
                            f'fill="{TERRAIN_FILL[terrain]}" stroke="#333"/>',
                            f"{code} {terrain}"))
        notes = " ".join(self.view.get("notes") or [])
        out = [f'<g class="legend">{title("Legend. " + notes if notes else "Legend")}']
        x, ly = 6.0, y + 14
        for icon, label in entries:
            w = 18 + _width(label, 9) + 10
            if x + w > W - 4:
                x, ly = 6.0, ly + 18
            out.append(f'<g transform="translate({x:g} {ly:g})">{icon}'
                       + _text(17, 0, escape(label), 9) + "</g>")
            x += w
        out.append("</g>")
        return "".join(out), ly + 8

    # ------------------------------------------------------------------ the whole board

    def render(self) -> str:
        band, y = self.band()
        parts = [DEFS, band]
        y += 4
        terrain, t_bottom = self.terrain(y)
        buildings, b_bottom = self.buildings(y)
        parts += [terrain, buildings]
        islands, y = self.islands(max(t_bottom, b_bottom) + 6)
        parts.append(islands)
        y += 8
        order = self.players
        if self.viewer is not None and 0 <= self.viewer < len(order):
            order = order[self.viewer:] + order[: self.viewer]
        for k, p in enumerate(order):
            parts.append(self.panel(p, 4 + (k % 2) * (PANEL_W + 8),
                                    y + (k // 2) * (PANEL_H + 6)))
        y += ((len(order) + 1) // 2) * (PANEL_H + 6)
        legend, y = self.legend(y)
        parts.append(legend)
        height = int(y + 4)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="the-river" '
                f'viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
                f'font-family="sans-serif" font-size="10">' + "".join(parts) + "</svg>")


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    """The board seen by ``view["viewer"]`` (``names``: the seats' names, or None)."""
    return _Board(view, names).render()

