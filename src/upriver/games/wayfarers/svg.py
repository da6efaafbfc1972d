"""A first board drawing for Wayfarers: the five display rows, the Journal Track, each
player's panorama and caravan; every legal decision is a target on the board or a chip in the
tray under it (``upriver.core.drawing``)."""

from __future__ import annotations

from html import escape
from typing import Any

from upriver.core.drawing import chip, name, piece, seat_names, title, tray

PASSES: frozenset[str] = frozenset({"done"})
WIDTH = 1000


def _card_box(x: float, y: float, c: dict[str, Any] | None, legal: list[str],
              key: str) -> str:
    if c is None:
        return (f'<rect x="{x}" y="{y}" width="110" height="40" fill="none" stroke="#ccc" '
                f'stroke-dasharray="3"/>')
    acts = [a for a in legal if a.split(" (")[0].endswith(" " + c["id"]) or
            f" {c['id']} " in f" {a} "]
    tip = "; ".join(f"{k}: {v}" for k, v in c.items() if k not in ("id",) and v)
    attrs = ""
    if acts:
        a = escape(acts[0])
        attrs = (f' class="target" data-action="{a}" tabindex="0" role="button" '
                 f'aria-label="{a}"')
    label = c["id"] if c["name"] == c["id"] else f"{c['id']} {c['name']}"
    inf = c.get("influence")
    workers = "".join(w[0].upper() for w in c.get("workers", []))
    return (f'<g{attrs}{piece(key, (c["id"], inf, workers))}><rect x="{x}" y="{y}" width="110" '
            f'height="40" rx="4" fill="#fffaf0" stroke="#a07040">{title(tip)}</rect>'
            f'<text x="{x + 4}" y="{y + 14}" font-size="10">{escape(label[:18])}</text>'
            f'<text x="{x + 4}" y="{y + 30}" font-size="9">'
            f'{escape(" ".join(c.get("tags", [])))} {_inf(inf)}'
            f' {workers}</text></g>')


def _inf(inf: int | None) -> str:
    return "" if inf is None else f"influence of seat {inf}"


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    legal = list(view.get("legal") or [])
    legal_set = set(legal)
    people = seat_names(names, len(view["players"]))
    out: list[str] = []
    y = 10
    for r, (row_name, row) in enumerate(view["rows"].items()):
        out.append(f'<text x="10" y="{y + 24}" font-size="11">{escape(row_name)} '
                   f'({row["pile"]})</text>')
        for k, c in enumerate(row["slots"]):
            out.append(_card_box(110 + 120 * k, y, c, legal, f"row{r}slot{k}"))
        y += 48
    drawn_boxes = "".join(out)
    y += 6
    for s, p in enumerate(view["players"]):
        mark = "▶ " if view["to_move"] == s else ""
        out.append(f'<text x="10" y="{y + 12}" font-size="12"{piece(f"seat{s}", p["journal"])}>'
                   f'{escape(mark)}{name(people[s])}: {p["silver"]} silver, '
                   f'{p["provisions"]} provisions, dice {p["dice"]}, journal {p["journal"]}'
                   f'</text>')
        for i, cell in enumerate(p["caravan"]):
            cx, cy = 620 + 22 * (i % 6), y + 2 + 12 * (i // 6)
            act = f"place tile at column {i % 6 + 1} row {i // 6 + 1}"
            attrs = ""
            if view["to_move"] == s and act in legal_set:
                attrs = (f' class="target" data-action="{escape(act)}" tabindex="0" '
                         f'role="button" aria-label="{escape(act)}"')
            fill = "#c9a66b" if cell else "#fff"
            out.append(f'<rect{attrs} x="{cx}" y="{cy}" width="20" height="10" fill="{fill}" '
                       f'stroke="#888">{title(cell or "empty caravan cell")}</rect>')
        y += 44
    svg_targets = "".join(out)
    rest = [a for a in legal if a not in PASSES and f'data-action="{escape(a)}"' not in
            svg_targets]
    chips, bottom = tray(10, y, [(a, a, a) for a in rest], legal_set, width=WIDTH - 20)
    out.append(chips)
    for a in legal:
        if a in PASSES:
            svg, _ = chip(10, bottom + 4, a, None, legal_set)
            out.append(svg)
    del drawn_boxes
    height = bottom + 30
    return (f'<div class="board"><svg xmlns="http://www.w3.org/2000/svg" class="board-main" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
            f'font-family="sans-serif">{"".join(out)}</svg></div>')
