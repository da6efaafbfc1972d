"""Text rendering of a 12 Rivers view for the terminal (``upriver play`` and ``upriver replay``).

It reads only the view dict (so it never shows more than the viewing seat may know) plus the
board layout from the component data, which is public. Seats are the 0-based numbers of the API;
a space shows ``.`` when empty, or the digit of the seat whose marker stands there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from upriver.core.text import fold
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


def _left_to_pay(view: dict[str, Any]) -> str:
    """``2 of 3 left to pay`` (the whole cost, when the view gives it)."""
    cost = f" of {view['cost']}" if "cost" in view else ""
    return f"{view['cost_left']}{cost} left to pay"


def _cards_to_take(view: dict[str, Any]) -> str:
    """``2 cards left to take (may decline)``."""
    words = _words(view)["cards"].split()[0].lower()
    text = f"{_plural(view['cards_left'], words.rstrip('s') + ' card')} left to take"
    return text + (" (may decline)" if view.get("cards_optional") else "")


def _picks(view: dict[str, Any]) -> str:
    """``1 pick left, 1 taken, 1 added``: what is left of a river marker's picks."""
    parts = [f"{_plural(view['picks_left'], 'pick')} left"]
    if view.get("picks_taken"):
        parts.append(f"{view['picks_taken']} taken")
    if view.get("picks_added"):
        parts.append(f"{view['picks_added']} added by pairs and fairies")
    return ", ".join(parts)


def _earth(view: dict[str, Any]) -> str:
    """``2 pearls left to move`` (2022: a breeze fairy moves any number: ``1 moved``)."""
    if view.get("edition") == "2022":
        return f"{view.get('earth_moved', 0)} moved"
    return f"{_plural(view['earth_moves_left'], 'pearl')} left to move"


def _fairy_word(view: dict[str, Any]) -> str:
    return "breeze fairy" if view.get("edition") == "2022" else "earth fairy"


def decision(view: dict[str, Any]) -> list[str]:
    """What the table sees of the decision under way, each in a few words: the marker being
    resolved, what is left to pay, take or move, the pearls given up at a marker."""
    details = []
    if view.get("current_space"):
        details.append(f"resolving {view['current_space']}")
    if view.get("placed"):
        details.append(f"placed this turn: {view['placed']}")
    if "cost_left" in view:
        details.append(f"cost: {_left_to_pay(view)}")
    if "cards_left" in view:
        details.append(_cards_to_take(view))
    if view.get("moving_from"):
        details.append(f"supplies: moving the marker from {view['moving_from']}")
    if "picks_left" in view:
        details.append(f"picks: {_picks(view)}")
    if view.get("given_up_here"):
        details.append(f"given up here (not to be taken back): {_counts(view['given_up_here'])}")
    if "earth_moves_left" in view:
        details.append(f"{_fairy_word(view)}: {_earth(view)}")
    if view.get("fairy_during"):
        details.append(f"the fairy interrupts: {view['fairy_during']}")
    if view.get("delivering"):
        details.append("every seat delivers at once (the others' pearls show when all have)")
    return details


def _header(view: dict[str, Any], comp: Components) -> list[str]:
    viewer = view.get("viewer")
    title = f"12 Rivers - round {view['round']} of {comp.rounds}, {view['phase']} phase"
    lines = [f"=== {title} ===", f"Step: {view['step']}"]
    details = decision(view)
    if details:
        lines += ["      " + ln for ln in fold(details, WIDTH - 6, "", "; ")]
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
        record = []
        if entry.get("fairies_taken"):
            record.append(f"fairies taken: {_counts(entry['fairies_taken'])}")
        if entry.get("fairies_used"):
            record.append(f"used: {_counts(entry['fairies_used'])}")
        if entry.get("drawn_from_pile"):
            record.append(f"{_plural(entry['drawn_from_pile'], 'card')} drawn from the pile")
        if record:
            lines.append("  " + " | ".join(record))
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
    box = view.get("fairies_in_box", 0)
    lines = [
        f"Pearl bag: {bag} | fairy supply: {view.get('fairy_supply', 0)} face down"
        + (f" | {box} in the box unseen" if box else ""),
        f"Fairies used: {used}",
    ]
    if view.get("starting_order"):
        lines.append("Starting order: " + ", ".join(f"seat {s}" for s in view["starting_order"]))
    if view.get("markaya_out"):
        lines.append(f"{_words(view)['tiles']} out of the game: {', '.join(view['markaya_out'])}")
    lines.append("Scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores)))
    return lines


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


# ---------------------------------------------------------------- the terminal's short forms
# ``upriver play`` on a small terminal: a title, the view in short sections and a few words on
# what each action does. All of it reads the view only, like ``text``.

SHORT = {"green": "gr", "blue": "bl", "pink": "pk", "purple": "pu", "white": "wh",
         "rainbow": "*", "rainbow*": "*!"}
# What each fairy does, by its name in either edition (rulebook 000 / 001).
FAIRY_POWERS = {
    "fire": "counts as 1 supply card", "bonfire": "counts as 1 camp card",
    "wind": "ignores one placement cost", "cloud": "ignores one placement cost",
    "earth": "moves up to 3 pearls onto your Markaya", "breeze": "moves pearls off your alpaca",
    "light": "delivers 1 pearl of any colour", "mushroom": "turns a villager spot rainbow",
    "water": "takes 2 pearls at a river", "river": "takes 2 pearls at a river",
}
PAIR_EFFECTS = {
    "banner": "move one of your unplaced markers to the front of the track",
    "lantern": "take a fairy of your choice from the board",
    "supplies": "move one of your placed markers to a free space, free",
    "fishing net": "take 1 more pearl at this marker",
    "instrument": "move this marker to the next free village space to the right",
}


def headline(view: dict[str, Any]) -> str:
    """The game, edition and mode: ``12 Rivers · 2022 edition · Family Mode``."""
    parts = ["12 Rivers", f"{view.get('edition', 'current')} edition"]
    if view.get("family"):
        parts.append("Family Mode")
    return " · ".join(parts)


def progress(view: dict[str, Any]) -> str:
    """Round and phase: ``round 2 of 5 · exploration``."""
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    return f"round {view['round']} of {comp.rounds} · {view['phase']}"


def step(view: dict[str, Any]) -> str:
    """The step in this edition's words, with what is left of it."""
    text = str(view["step"])
    if view.get("edition") == "2022":
        text = text.replace("Markaya", "villager").replace("earth fairy", "breeze fairy")
    if view.get("current_space"):
        text += f" at {view['current_space']}"
    if "cost_left" in view:
        text += f" ({view['cost_left']} left to pay)"
    if "cards_left" in view:
        text += f" ({view['cards_left']} left" + (", may decline)" if view.get(
            "cards_optional") else ")")
    if view.get("moving_from"):
        text += f" (moving the marker from {view['moving_from']})"
    if "picks_left" in view:
        text += f" ({_plural(view['picks_left'], 'pick')} left)"
    if "earth_moves_left" in view:
        text += f" ({_earth(view)})"
    return text


def _short(colour: str | None) -> str:
    return "-" if colour is None else SHORT.get(colour, colour)


def _short_counts(items: Mapping[str, int] | None, empty: str = "-") -> str:
    if not items:
        return empty
    return " ".join(f"{n}{_short(c)}" if n > 1 else _short(c) for c, n in items.items())


def _marks(comp: Components, spaces: Mapping[str, int], indices: Iterable[int]) -> str:
    return "".join("." if (s := spaces.get(comp.space_names[i])) is None else str(s)
                   for i in indices)


def _short_board(view: dict[str, Any], comp: Components, width: int) -> list[str]:
    """Rows 1-5 (row 1: the pearl on each dam above its single space), the sea, the village;
    each space ``.`` or the digit of the seat whose marker stands there."""
    spaces = view["spaces"]
    labels = _row_labels()
    rows: dict[int, list[int]] = {}
    for i, r in enumerate(comp.stretch_row):
        rows.setdefault(r, []).append(i)
    lines = []
    rivers = view.get("rivers", [])
    for row, members in sorted(rows.items()):
        cost = labels.get(row, "")
        if row == 1:
            dams = [_short(rivers[k] if k < len(rivers) else None) for k in range(len(members))]
            lines.append("dam " + " ".join(d.ljust(2) for d in dams).rstrip())
            marks = " ".join(_marks(comp, spaces, comp.stretch_spaces[i]).ljust(2)
                             for i in members)
            line = f"R1  {marks}".rstrip()
        else:
            cells = []
            for i in members:
                sid = comp.stretch_ids[i]
                name = sid.split("-", 1)[1] if "-" in sid else ""
                # R2's stretches come in pairs (1P and 1S share a river): no gap inside a pair
                gap = "" if name.endswith("P") else " "
                cells.append(f"{name}[{_marks(comp, spaces, comp.stretch_spaces[i])}]{gap}")
            line = f"R{row} " + "".join(cells).rstrip()
        if len(line) + len(cost) + 2 <= width:
            line += "  " + cost
        lines.append(line[:width])
    pools = [f"{sid} {_short_counts(p)}" for sid, p in view.get("pools", {}).items()]
    if pools:
        lines.extend(fold(["pools " + pools[0], *pools[1:]], width, "      "))
    sea = _marks(comp, spaces, [comp.sea])
    lines.append(f"sea [{sea}] pay {comp.space_cost[comp.sea]}: "
                 f"{_short_counts(view.get('sea'), 'no pearls')}"[:width])
    village = " ".join(_marks(comp, spaces, [sp]) for sp in comp.village)
    costs = " ".join(str(comp.space_cost[sp]) for sp in comp.village)
    line = f"village [{village}] pay {costs}"
    if any(comp.village_gains):
        gains = " ".join(str(g) for g in comp.village_gains)
        line = (f"village [{village}] gain {gains}" if not any(comp.space_cost[sp]
                for sp in comp.village) else f"{line}, gain {gains}")
    lines.extend(fold([line], width))
    return lines


def _short_table(view: dict[str, Any], comp: Components, width: int) -> list[str]:
    """The track, the fairies on the board and the card display."""
    lines = ["track " + " ".join("." if s is None else str(s) for s in view.get("track", []))
             + " (front first)"]
    sites = [f"{sid} {'+'.join(f.keys())}"
             for sid, f in view.get("sites", {}).items()]
    lines.extend(fold(["fairies " + (sites[0] if sites else "none"), *sites[1:]], width,
                       "        ", ", "))
    display = ", ".join(view.get("card_display", [])) or "empty"
    cards = _words(view)["cards"].split()[0].lower()
    lines.extend(fold([f"{cards} {display}", f"pile {view.get('draw_pile', 0)}"], width))
    return lines


def _short_tile(tile: Tile) -> str:
    spots = " ".join(_short(_spot_name(c)) for c in tile.spots)
    objective = tile.objective
    if objective in NEEDS_COLOUR and tile.colour >= 0:
        objective += f" {_short(COLOURS[tile.colour])}"
    return f"{tile.id} {spots} · {objective} {tile.points}pt · {_plural(tile.cards, 'card')}"


def _short_display(view: dict[str, Any], comp: Components, width: int) -> list[str]:
    head = f"{_words(view)['tiles']} (deck {view.get('markaya_deck', 0)})"
    tiles = []
    for tid in view.get("markaya_display", []):
        t = comp.tile_index.get(tid)
        tiles.append(_short_tile(comp.tiles[t]) if t is not None else tid)
    lines = [head + (":" if tiles else ": none")]
    lines.extend(ln[:width] for ln in (" " + t for t in tiles))
    goals = [f"{c['count']}{_short(c['colour'])} {c['points']}pt"
             + ("" if c.get("owner") is None else f" seat {c['owner']}")
             for c in view.get("alpaca_cards", [])]
    if goals:
        name = _words(view)["goals"].split()[0].lower()
        lines.extend(fold([f"{name} {goals[0]}", *goals[1:]], width, " "))
    return lines


def _short_tiles(entry: dict[str, Any], comp: Components) -> list[str]:
    """Each befriended tile with its spots: ``M05 wh:wh bl:- *:-``."""
    out = []
    for m in entry.get("markaya", []):
        t = comp.tile_index.get(m["id"])
        pearls = m.get("pearls", [])
        needs = ([_short(_spot_name(c)) for c in comp.tiles[t].spots] if t is not None
                 else ["?"] * len(pearls))
        for k in m.get("rainbow_spots", []):
            if 0 < k <= len(needs):
                needs[k - 1] = "*!"
        out.append(m["id"] + " " + " ".join(
            f"{need}:{_short(p)}" for need, p in zip(needs, pearls, strict=False)))
    return out


def _short_seat(view: dict[str, Any], entry: dict[str, Any], comp: Components,
                width: int) -> list[str]:
    s = entry["seat"]
    scores = view.get("scores", [])
    tribes = view.get("tribes") or []
    who = f"you (seat {s}" if s == view.get("viewer") else f"seat {s}"
    who += (f", {tribes[s]} tribe" if s < len(tribes) else "") + (")" if "(" in who else "")
    if who.startswith("seat") and s < len(tribes):
        who = f"seat {s} ({tribes[s]} tribe)"
    score = scores[s] if s < len(scores) else 0
    if entry.get("hand") is not None:
        hand = "hand " + _counts(entry["hand"], "empty")
    else:
        known = entry.get("known_cards") or {}
        hand = _plural(entry.get("hand_size", 0), "card")
        hand += f" (known: {_counts(known)})" if known else ""
    items = [f"{who}: {_plural(score, 'pt')}", hand,
             f"fairies {_counts(entry.get('fairies'))}",
             f"alpaca {_short_counts(entry.get('alpaca'), 'empty')}"]
    if entry.get("alpaca_cards"):
        items.append("goals " + " ".join(_short(c) for c in entry["alpaca_cards"]))
    items += _short_tiles(entry, comp)
    return fold(items, width, "  ")


def compact(view: dict[str, Any], width: int = 80) -> list[dict[str, Any]]:
    """The view in short sections for a small terminal, each ``{"name", "lines", "rank"}``:
    ``you`` (the viewing seat), ``board``, ``table`` (track, fairies, cards), ``display`` (the
    tiles on offer and the goals) and ``seats`` (the others). A lower rank matters more now:
    the tiles on offer rank high while a seat is befriending, so a small screen keeps them."""
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    viewer = view.get("viewer")
    players = view.get("players", [])
    mine = [p for p in players if p["seat"] == viewer]
    others = [p for p in players if p["seat"] != viewer]
    befriending = "befriend" in str(view.get("step", ""))
    sections: list[dict[str, Any]] = [
        {"name": "board", "lines": _short_board(view, comp, width), "rank": 1},
        {"name": "table", "lines": _short_table(view, comp, width), "rank": 3},
        {"name": "display", "lines": _short_display(view, comp, width),
         "rank": 2 if befriending else 5},
        {"name": "seats", "rank": 4,
         "lines": [ln for p in others for ln in _short_seat(view, p, comp, width)]},
    ]
    if mine:
        lines = _short_seat(view, mine[0], comp, width)
        sections.insert(0, {"name": "you", "lines": lines, "rank": 0})
    return sections


def _space_cost(view: dict[str, Any], comp: Components, space: str) -> str:
    if space not in comp.space_names:
        return ""
    sp = comp.space_names.index(space)
    words = _words(view)["cards"].lower().replace("cards", "card").split()[0]
    cost = comp.space_cost[sp]
    if sp in comp.village and comp.village_gains[comp.village.index(sp)]:
        return f"gain {_plural(comp.village_gains[comp.village.index(sp)], words + ' card')}"
    if comp.space_stretch[sp] >= 0:
        label = _row_labels().get(comp.stretch_row[comp.space_stretch[sp]], "")
        if label.startswith("gain"):
            return f"gain {_plural(int(label.split()[1]), words + ' card')}"
    return "free" if cost == 0 else f"costs {_plural(cost, words + ' card')}"


def describe(view: dict[str, Any], action: str) -> str:
    """A few words on what ``action`` does, from the view: ``put a family marker there;
    costs 2 cards``. Empty when there is nothing to add to the action's own words."""
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    words = action.split()
    points = dict(zip(COLOURS, comp.pearl_points, strict=False))
    if action.startswith(("place ", "supplies: move it to ")):
        space = action.split(" ", 1)[1] if action.startswith("place ") else action[21:]
        cost = _space_cost(view, comp, space)
        if space == "sea":
            then = "take or exchange sea pearls later"
        elif space.startswith("village"):
            tile = "villager" if view.get("edition") == "2022" else "Markaya"
            then = f"befriend a {tile} later"
        else:
            then = "collect river pearls here later"
        if action.startswith("supplies"):
            return f"move your marker there without paying; {then}"
        return f"put a family marker there; {cost}; {then}"
    if action.startswith("pay "):
        what = action[4:]
        if what.endswith(" fairy"):
            return f"use your {what}: {FAIRY_POWERS.get(what[:-6], '')}"
        return f"discard a {what} ({view.get('cost_left', '?')} left to pay)"
    if action.startswith("take ") and action.endswith(" from display"):
        return "take that card from the face-up display"
    if action == "draw from pile":
        return f"draw the pile's top card unseen ({view.get('draw_pile', 0)} in the pile)"
    if action.startswith("play ") and " pair" in action:
        kind = action[5:].split(" pair")[0]
        cost = action.split("(", 1)[1].rstrip(")") if "(" in action else f"2 {kind}s"
        return f"discard {cost}: {PAIR_EFFECTS.get(kind, kind + ' effect')}"
    if action == "end turn":
        return "play no more pairs this turn"
    if action.startswith("banner: "):
        return "that marker moves to the front of the turn-order track"
    if action.startswith("lantern: take "):
        fairy = words[2]
        return f"take that fairy: it {FAIRY_POWERS.get(fairy, 'has a power')}"
    if action.startswith("supplies: move marker from "):
        return "pick up that marker, to put it on a free space"
    if action.startswith("use ") and action.endswith(" fairy"):
        return f"it {FAIRY_POWERS.get(words[1], 'has a power')}"
    if words[0] in ("take", "exchange", "discard") and len(words) >= 2:
        colour = words[-1] if words[0] == "exchange" else words[1].rstrip(",")
        worth = f"worth {points[colour]} on a tile" if colour in points else ""
        if words[0] == "exchange":
            return f"give back a {words[1]} pearl for a {colour} one, {worth}"
        if "and discard it" in action:
            return "take it and put it back: your alpaca is full"
        if "from alpaca" in action:
            return f"a {words[3]} pearl leaves your full alpaca for a {colour} one, {worth}"
        if words[0] == "discard":
            return f"a {colour} pearl leaves your alpaca"
        return f"into your alpaca, {worth}"
    if action.startswith("befriend "):
        tid = words[1]
        t = comp.tile_index.get(tid)
        if t is None:
            return "take no tile; the marker goes back to the track"
        return f"take {_short_tile(comp.tiles[t])}"
    if action.startswith(("deliver ", "earth: move ", "breeze: move ")):
        colour = words[1] if words[0] == "deliver" else words[2]
        light = "; uses your light fairy, any colour fits" if "light fairy" in action else ""
        return f"the {colour} pearl scores {points.get(colour, 0)} on that spot at the end{light}"
    if action.startswith("mushroom: make "):
        return "that spot takes a pearl of any colour"
    if action in ("done", "earth: done", "breeze: done"):
        return f"finish: {step(view)}"
    return ""
