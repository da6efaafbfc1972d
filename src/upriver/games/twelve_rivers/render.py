"""Text rendering of a 12 Rivers view for the terminal (``upriver play`` and ``upriver replay``).

It reads only the view dict (so it never shows more than the viewing seat may know) plus the
board layout from the component data, which is public. Seats are the 0-based numbers of the API;
a space shows ``.`` when empty, or the digit of the seat whose marker stands there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from upriver.games.twelve_rivers.components import (
    COLOURS,
    NEEDS_COLOUR,
    RAINBOW,
    TRIBES,
    Components,
    Tile,
    load,
    raw_data,
)

WIDTH = 96  # fits a 100-column terminal
# Names that differ between the editions (rulebook 000 / rulebook 001).
WORDS = {
    "current": {"tiles": "Markaya", "goals": "Alpaca cards", "cards": "Supply cards"},
    "2022": {"tiles": "Villagers", "goals": "Mission card", "cards": "Camp cards"},
}


def _words(view: dict[str, Any]) -> dict[str, str]:
    return WORDS.get(view.get("edition", "current"), WORDS["current"])


@lru_cache(maxsize=1)
def _row_labels() -> dict[int, str]:
    """Row number -> its placement cost as printed in the data ("pay 3", "gain 1")."""
    rows = raw_data().get("rows", {})
    return {int(k): str(v) for k, v in rows.items() if str(k).isdigit()}


def _counts(items: Mapping[str, int] | None, empty: str = "none") -> str:
    """``{"blue": 2, "pink": 1}`` -> ``"2 blue, 1 pink"``."""
    if not items:
        return empty
    return ", ".join(f"{n} {name}" for name, n in items.items())


def _seat(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "-"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def _grid(cells: list[str], indent: str = "  ") -> list[str]:
    """Lay cells out in aligned columns, as many per line as fit in WIDTH."""
    if not cells:
        return []
    width = max(len(c) for c in cells) + 3
    per_line = max(1, (WIDTH - len(indent)) // width)
    lines = []
    for i in range(0, len(cells), per_line):
        chunk = cells[i : i + per_line]
        lines.append(indent + "".join(c.ljust(width) for c in chunk).rstrip())
    return lines


def _header(view: dict[str, Any], comp: Components) -> list[str]:
    viewer = view.get("viewer")
    title = f"12 Rivers - round {view['round']} of {comp.rounds}, {view['phase']} phase"
    lines = [f"=== {title} ===", f"Step: {view['step']}"]
    details = []
    if view.get("current_space"):
        details.append(f"resolving {view['current_space']}")
    if "cost_left" in view:
        details.append(f"cost left to pay: {view['cost_left']}")
    if "picks_left" in view:
        details.append(f"picks left: {view['picks_left']}")
    if details:
        lines.append("      " + "; ".join(details))
    if view.get("to_move") is None:
        lines.append("The game is over.")
    else:
        lines.append(f"To decide: {_seat(view['to_move'], viewer)}")
    return lines


def _space_marks(comp: Components, spaces: Mapping[str, int], indices: Iterable[int]) -> str:
    marks = []
    for sp in indices:
        seat = spaces.get(comp.space_names[sp])
        marks.append("." if seat is None else str(seat))
    return "[" + " ".join(marks) + "]"


def _stretch_cell(view: dict[str, Any], comp: Components, i: int, river_of: dict[int, int]) -> str:
    sid = comp.stretch_ids[i]
    cell = f"{sid} {_space_marks(comp, view['spaces'], comp.stretch_spaces[i])}"
    if i in river_of:  # a row-1 stretch: the pearl waiting above its river's dam
        rivers = view.get("rivers", [])
        r = river_of[i]
        pearl = rivers[r - 1] if r - 1 < len(rivers) else None
        cell += f" dam:{pearl or '-'}"
    pool = view.get("pools", {}).get(sid)
    if pool:
        cell += " pool:" + "+".join(
            f"{n}{c}" if n > 1 else c for c, n in pool.items()
        )
    return cell


def _board(view: dict[str, Any], comp: Components) -> list[str]:
    river_of = {st: r + 1 for r, st in enumerate(comp.row1_of_river)}
    labels = _row_labels()
    lines = ["River board (. = empty space, digit = that seat's marker; dam = pearl above it):"]
    for row in sorted(set(comp.stretch_row)):
        lines.append(f" Row {row} ({labels.get(row, '?')}):")
        cells = [
            _stretch_cell(view, comp, i, river_of)
            for i, r in enumerate(comp.stretch_row)
            if r == row
        ]
        lines.extend(_grid(cells))
    sea_seats = _space_marks(comp, view["spaces"], [comp.sea])
    lines.append(
        f" Sea {sea_seats} (pay {comp.space_cost[comp.sea]}): "
        f"{_counts(view.get('sea'), 'no pearls')}"
    )
    village = [
        f"{comp.space_names[sp]} {_space_marks(comp, view['spaces'], [sp])} "
        f"pay {comp.space_cost[sp]}"
        for sp in comp.village
    ]
    lines.append(" Village:")
    lines.extend(_grid(village))
    return lines


def _sites(view: dict[str, Any], comp: Components) -> list[str]:
    cells = []
    for sid, fairies in view.get("sites", {}).items():
        k = comp.site_ids.index(sid) if sid in comp.site_ids else -1
        where = f" @{comp.stretch_ids[comp.site_stretch[k]]}" if k >= 0 else ""
        cells.append(f"{sid}{where}: {', '.join(fairies)}")
    if not cells:
        return ["Fairies on sites: none"]
    return ["Fairies on sites:", *_grid(cells)]


def _track(view: dict[str, Any]) -> list[str]:
    slots = ["." if s is None else str(s) for s in view.get("track", [])]
    return ["Turn-order track (front first): [" + " ".join(slots) + "]"]


def _supplies(view: dict[str, Any]) -> list[str]:
    display = ", ".join(view.get("card_display", [])) or "empty"
    return [
        f"{_words(view)['cards']}: display {display} | draw pile {view.get('draw_pile', 0)}",
        f"  discard: {_counts(view.get('discard'))}",
    ]


def _tile_summary(tile: Tile) -> str:
    spots = " ".join(_spot_name(c) for c in tile.spots)
    objective = tile.objective
    if objective in NEEDS_COLOUR and tile.colour >= 0:
        objective += f" ({COLOURS[tile.colour]})"
    if tile.cap:
        objective += f" (max {tile.cap})"
    kind = "introverted" if tile.introverted else "extroverted"
    if tile.totem >= 0:
        kind = f"{TRIBES[tile.totem]} totem"
    return (
        f"{tile.id}: spots {spots}; {_plural(tile.cards, 'card')}; "
        f"{kind}: {objective}, {_plural(tile.points, 'pt')}"
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _spot_name(colour: int) -> str:
    return "rainbow" if colour == RAINBOW else COLOURS[colour]


def _markaya_display(view: dict[str, Any], comp: Components) -> list[str]:
    lines = [
        f"{_words(view)['tiles']} display (deck {view.get('markaya_deck', 0)}):"
        + ("" if view.get("markaya_display") else " empty")
    ]
    for tid in view.get("markaya_display", []):
        t = comp.tile_index.get(tid)
        lines.append("  " + (_tile_summary(comp.tiles[t]) if t is not None else tid))
    return lines


def _alpaca_cards(view: dict[str, Any]) -> list[str]:
    cells = []
    for card in view.get("alpaca_cards", []):
        owner = card.get("owner")
        who = "free" if owner is None else f"seat {owner}"
        cells.append(f"{card['count']} {card['colour']}: {card['points']} pts ({who})")
    return _wrap(_words(view)["goals"] + ": ", "  ".join(cells)) if cells else []


def _markaya_of(entry: dict[str, Any], comp: Components) -> str:
    """``M05[white:white blue:- purple:-]``: each spot's requirement and the pearl on it."""
    parts = []
    for m in entry.get("markaya", []):
        t = comp.tile_index.get(m["id"])
        pearls = m.get("pearls", [])
        needs = (
            [_spot_name(c) for c in comp.tiles[t].spots] if t is not None else ["?"] * len(pearls)
        )
        for k in m.get("rainbow_spots", []):  # 2022: turned rainbow by a mushroom fairy
            if 0 < k <= len(needs):
                needs[k - 1] = "rainbow*"
        spots = " ".join(f"{need}:{p or '-'}" for need, p in zip(needs, pearls, strict=False))
        parts.append(f"{m['id']}[{spots}]")
    return "  ".join(parts) or "none"


def _hand(entry: dict[str, Any]) -> str:
    if entry.get("hand") is not None:
        return f"{_plural(entry.get('hand_size', 0), 'card')}: {_counts(entry['hand'], 'empty')}"
    known = entry.get("known_cards") or {}
    text = _plural(entry.get("hand_size", 0), "card")
    return text + (f" (known: {_counts(known)})" if known else "")


def _players(view: dict[str, Any], comp: Components) -> list[str]:
    viewer = view.get("viewer")
    scores = view.get("scores", [])
    lines = []
    for entry in view.get("players", []):
        s = entry["seat"]
        score = scores[s] if s < len(scores) else "?"
        turn = "  <- to decide" if s == view.get("to_move") else ""
        tribes = view.get("tribes") or []
        tribe = f" ({tribes[s]} tribe)" if s < len(tribes) else ""
        lines.append(f"{_seat(s, viewer).capitalize()}{tribe}: score {score}{turn}")
        lines.append(f"  hand: {_hand(entry)}")
        alpaca_cards = ", ".join(entry.get("alpaca_cards", [])) or "none"
        lines.append(
            f"  fairies: {_counts(entry.get('fairies'))} | "
            f"alpaca: {_counts(entry.get('alpaca'), 'empty')} | alpaca cards: {alpaca_cards}"
        )
        lines.extend(_wrap(f"  {_words(view)['tiles']}: ", _markaya_of(entry, comp)))
    return lines


def _wrap(prefix: str, body: str) -> list[str]:
    """Break a long line at double spaces (between items), indenting continuation lines."""
    lines: list[str] = []
    current = prefix
    for item in body.split("  "):
        if len(current) + len(item) + 2 > WIDTH and current.strip() != prefix.strip():
            lines.append(current.rstrip())
            current = " " * len(prefix)
        current += item + "  "
    lines.append(current.rstrip())
    return lines


def _footer(view: dict[str, Any]) -> list[str]:
    scores = view.get("scores", [])
    bag = sum(view.get("bag", {}).values())
    used = _counts(view.get("fairies_used"))
    return [
        f"Pearl bag: {bag} | fairy supply: {view.get('fairy_supply', 0)} face down",
        f"Fairies used: {used}",
        "Scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores)),
    ]


def text(view: dict[str, Any]) -> str:
    """The whole view as plain text, about 96 columns wide."""
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    sections = [
        _header(view, comp),
        _board(view, comp) + _sites(view, comp) + _track(view),
        _supplies(view) + _markaya_display(view, comp) + _alpaca_cards(view),
        _players(view, comp),
        _footer(view),
    ]
    if view.get("notes"):
        sections.append([f"Note: {note}" for note in view["notes"]])
    return "\n\n".join("\n".join(s) for s in sections)
