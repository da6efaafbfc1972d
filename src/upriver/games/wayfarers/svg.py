"""A first board drawing for Wayfarers (``upriver.core.drawing`` describes the contract).

The main board as the rulebook lays it out: Townsfolk and Land rows on the left with their piles
at the left end (slot 1 nearest the centre, on the right), Space and Water rows on the right with
their piles at the right end, the Inspiration column down the right edge with its pile on top
(WF-ACQ-02); the Journal Track with the markers; then each player's board: dice, Guilds,
Workers, cards and the caravan grid. Every legal decision is a target: a card for the decisions
naming it, a Journal space, a caravan cell, or a chip in the tray under the board.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from upriver.core.drawing import chip, name, piece, seat_names, title, tray
from upriver.games.wayfarers.render import this_turn

PASSES: frozenset[str] = frozenset({"done", "end turn"})
WIDTH = 1040
CARD_W, CARD_H = 104, 44
SEAT_COLOURS = ("#d9534f", "#5b8fc7", "#e0a526", "#5cb85c")
_CARD_ID = re.compile(r"\b([TLWSI]\d\d)\b")


def _attrs(action: str | None) -> str:
    if action is None:
        return ""
    a = escape(action)
    return f' class="target" data-action="{a}" tabindex="0" role="button" aria-label="{a}"'


def _card_box(x: float, y: float, c: dict[str, Any] | None, action: str | None, key: str,
              slot_text: str) -> str:
    if c is None:
        return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" fill="none" '
                f'stroke="#ccc" stroke-dasharray="3"><title>{escape(slot_text)}</title></rect>')
    tip = "; ".join(f"{k}: {v}" for k, v in c.items()
                    if k not in ("id", "influence", "workers") and v not in (None, [], ""))
    if slot_text:
        tip += f"; worker slot: {slot_text}"
    label = c["id"] if c["name"] == c["id"] else f"{c['id']} {c['name']}"
    inf = c.get("influence")
    workers = c.get("workers", [])
    out = [f'<g{_attrs(action)}{piece(key, (c["id"], inf, workers))}>',
           f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fffaf0" '
           f'stroke="#a07040">{title(tip)}</rect>',
           f'<text x="{x + 4}" y="{y + 13}" font-size="10">{escape(label[:17])}</text>',
           f'<text x="{x + 4}" y="{y + 26}" font-size="8.5">'
           f'{escape(" ".join(c.get("tags", [])))}</text>']
    if inf is not None:
        out.append(f'<circle cx="{x + CARD_W - 8}" cy="{y + 8}" r="5" '
                   f'fill="{SEAT_COLOURS[inf % 4]}"><title>Influence of seat {inf}</title>'
                   f'</circle>')
    for k, w in enumerate(workers):
        colour = {"green": "#3a3", "yellow": "#db2", "blue": "#37c"}[w]
        out.append(f'<rect x="{x + 4 + 12 * k}" y="{y + 31}" width="9" height="9" '
                   f'fill="{colour}"><title>{w} Worker</title></rect>')
    out.append("</g>")
    return "".join(out)


def _first(legal: list[str], used: set[str], test: Any) -> str | None:
    for a in legal:
        if a not in used and test(a):
            used.add(a)
            return a
    return None


def _names_card(action: str, cid: str) -> bool:
    """A decision that a click on card ``cid`` takes. The human's answers to the solo
    opponent stay chips: each names the card, and a click must not pick one of them."""
    return cid in _CARD_ID.findall(action) and not action.startswith(ANSWERS)


ANSWERS = ("let the opponent", "deny:")


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    legal = list(view.get("legal_actions") or [])
    legal_set = set(legal)
    used: set[str] = set()
    people = seat_names(names, len(view["players"]))
    opp = view.get("opponent")
    out: list[str] = []
    rows = view["rows"]

    def row(row_name: str, x0: float, y: float, reverse: bool) -> None:
        r = rows[row_name]
        xs = [x0 + (CARD_W + 6) * k for k in range(4)]
        if reverse:
            xs = xs[::-1]
        pile_x = x0 - 52 if reverse else x0 + 4 * (CARD_W + 6)
        out.append(f'<g><rect x="{pile_x}" y="{y}" width="46" height="{CARD_H}" rx="4" '
                   f'fill="#e8dcc8" stroke="#a07040"/><text x="{pile_x + 6}" y="{y + 18}" '
                   f'font-size="9">{escape(row_name)}</text><text x="{pile_x + 6}" '
                   f'y="{y + 32}" font-size="9">{r["pile"]} left</text></g>')
        for k, c in enumerate(r["slots"]):
            act = None
            if c is not None:
                cid = c["id"]
                act = _first(legal, used, lambda a, cid=cid: _names_card(a, cid))
            out.append(_card_box(xs[k], y, c, act, f"{row_name}{k + 1}", r["actions"][k]))

    row("townsfolk", 70, 10, True)
    row("land", 70, 10 + CARD_H + 8, True)
    row("space", 520, 10, False)
    row("water", 520, 10 + CARD_H + 8, False)
    # Inspiration: a column down the right edge, pile on top, slot 1 at the bottom.
    insp = rows["inspiration"]
    ix = WIDTH - CARD_W - 10
    out.append(f'<text x="{ix}" y="{130}" font-size="9">inspiration: {insp["pile"]} left</text>')
    for k, c in enumerate(insp["slots"]):
        act = None
        if c is not None:
            cid = c["id"]
            act = _first(legal, used, lambda a, cid=cid: _names_card(a, cid))
        out.append(_card_box(ix, 136 + (CARD_H + 4) * (3 - k), c, act, f"inspiration{k + 1}",
                             insp["actions"][k]))

    # The Journal Track.
    y = 130
    out.append(f'<text x="10" y="{y}" font-size="11">Journal Track (sides '
               f'{"".join(view["sides"])})</text>')
    spaces = [0, 10, 15, 20, 23, 27, 32, 36, 40, 43, 47, 50, 55, 60, 63, 67, 72, 76, 80, 83, 87,
              90, 95, 100, 102, 103, 106, 107]
    for sp in spaces:
        col, rowd = sp // 10, sp % 10
        cx, cy = 24 + col * 78, y + 14 + rowd * 11
        # A Journal step, whether or not it names the part it comes from ("(of: ...)").
        act = _first(legal, used, lambda a, sp=sp: a.split(" (of: ")[0].endswith(f" to {sp}"))
        tile = view["journal_tiles"].get(str(sp), "")
        tip = f"space {sp}" + (f": Journal Tile {tile}" if tile else "")
        out.append(f'<circle{_attrs(act)} cx="{cx}" cy="{cy}" r="5" fill="#fff" '
                   f'stroke="#555">{title(tip)}</circle>')
        here = [s for s, p in enumerate(view["players"]) if p["journal"] == sp]
        for k, s in enumerate(here):
            out.append(f'<circle cx="{cx + 7 + 5 * k}" cy="{cy}" r="3.5" '
                       f'fill="{SEAT_COLOURS[s % 4]}"{piece(f"marker{s}", sp)}>'
                       f'<title>{escape(people[s])}</title></circle>')
        if opp and opp["journal"] == sp:
            out.append(f'<circle cx="{cx + 7 + 5 * len(here)}" cy="{cy}" r="3.5" '
                       f'fill="{OPPONENT_COLOUR}"{piece("marker-opponent", sp)}>'
                       f'<title>the opponent</title></circle>')
    # Below the Inspiration column, which reaches further down than the Journal Track.
    y = max(y + 104, 136 + 4 * (CARD_H + 4) + 8)

    # Each player.
    for s, p in enumerate(view["players"]):
        mark = "\u25b6 " if view["to_move"] == s else ""
        g, w = p["guilds"], p["workers"]
        looks = (p["silver"], p["provisions"], p["dice"], p["journal"], g, w)
        out.append(
            f'<text x="10" y="{y + 12}" font-size="11"{piece(f"seat{s}", looks)}>'
            f'<tspan fill="{SEAT_COLOURS[s % 4]}">\u25cf</tspan> {escape(mark)}{name(people[s])}'
            f': {p["silver"]} silver, {p["provisions"]} provisions, dice '
            f'{" ".join(map(str, p["dice"])) or "none"} (+{p["reserve"]}), guilds black '
            f'{g["black"]} yellow {g["yellow"]} blue {g["blue"]}, influence {p["influence"]}, '
            f'workers {w["green"]}g {w["yellow"]}y {w["blue"]}b</text>')
        cards = [x["card"]["id"] + ("+" + x["townsfolk"] if "townsfolk" in x else "")
                 + ("^" + x["space"] if "space" in x else "") + ("*" if x["die"] else "")
                 for x in p["lands"] + p["waters"]]
        capital = " ".join(("*" if c["die"] else "") + c["name"].replace("Capital ", "")
                           + ("+" + c["townsfolk"] if "townsfolk" in c else "")
                           for c in p["capital"])
        out.append(f'<text x="24" y="{y + 26}" font-size="9">board: {escape(capital)}; cards: '
                   f'{escape(" ".join(cards) or "none")}</text>')
        for i, cell in enumerate(p["caravan"]):
            cx, cy = WIDTH - 150 + 22 * (i % 6), y + 2 + 12 * (i // 6)
            act = None
            if view["to_move"] == s:
                act = _first(legal, used, lambda a, i=i: a == f"place tile at column "
                             f"{i % 6 + 1} row {i // 6 + 1}")
            printed = {0: "camel", 5: "telescope"}.get(i)
            fill = "#c9a66b" if cell else "#ddd" if printed else "#fff"
            out.append(f'<rect{_attrs(act)} x="{cx}" y="{cy}" width="20" height="10" '
                       f'fill="{fill}" stroke="#888">'
                       f'{title(cell or printed or "empty caravan cell")}</rect>')
        y += 44

    if opp:
        y = _opponent(out, opp, y)

    if view.get("this_turn"):  # what the mover did this turn and what is still owed
        lines = this_turn(view["this_turn"])
        out.append(f"<g{piece('this-turn', ' / '.join(lines))}>")
        for line in lines:
            out.append(f'<text x="10" y="{y + 12}" font-size="10">{escape(line.strip())}</text>')
            y += 13
        out.append("</g>")
        y += 4

    rest = [a for a in legal if a not in PASSES and a not in used]
    chips, bottom = tray(10, y + 4, [(a, a, a) for a in rest], legal_set, width=WIDTH - 20)
    out.append(chips)
    for a in legal:
        if a in PASSES:
            svg, _ = chip(10, bottom + 4, a, None, legal_set)
            out.append(svg)
            bottom += 24
    height = bottom + 12
    return (f'<div class="board"><svg xmlns="http://www.w3.org/2000/svg" class="board-main" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
            f'font-family="sans-serif">{"".join(out)}</svg></div>')


OPPONENT_COLOUR = "#6b4c9a"


def _opponent(out: list[str], o: dict[str, Any], y: int) -> int:
    """The solo opponent's panel: markers, holdings, caravan, and what it did since its turn
    began, one line per step."""
    g, w = o["guilds"], o["workers"]
    owned = ", ".join(f"{len(ids)} {n}" for n, ids in o["cards"].items() if ids) or "no cards"
    looks = (o["resource_track"], o["comet_track"], o["schemes_face_up"], g, w, owned)
    out.append(
        f'<text x="10" y="{y + 12}" font-size="11"{piece("opponent", looks)}>'
        f'<tspan fill="{OPPONENT_COLOUR}">\u25cf</tspan> The opponent ({escape(o["board"])}): '
        f'Resource Track {o["resource_track"]} ({escape(" > ".join(o["colour_order"]))}), '
        f'sum {o["sum_value"]}, Comet Track {o["comet_track"]}, guilds black {g["black"]} '
        f'yellow {g["yellow"]} blue {g["blue"]}, workers {w["green"]}g {w["yellow"]}y '
        f'{w["blue"]}b</text>')
    schemes = " ".join(o["schemes_face_up"]) or "none"
    out.append(f'<text x="24" y="{y + 26}" font-size="9">Schemes face up: {escape(schemes)} '
               f'({o["scheme_pile"]} face down); {escape(owned)}; '
               f'{sum(1 for t in o["caravan"] if t) + len(o["beside"])} tile cells</text>')
    for i, cell in enumerate(o["caravan"]):
        cx, cy = WIDTH - 172 + 22 * (i % 7), y + 2 + 12 * (i // 7)
        out.append(f'<rect x="{cx}" y="{cy}" width="20" height="10" '
                   f'fill="{"#c9a66b" if cell else "#fff"}" stroke="#888">'
                   f'{title(cell or "empty AI caravan cell")}</rect>')
    y += 44
    for line in o["since_its_turn_began"]:
        out.append(f'<text x="24" y="{y}" font-size="9">{escape(line)}</text>')
        y += 12
    return y + 4
