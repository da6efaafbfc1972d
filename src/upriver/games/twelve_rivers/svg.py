"""The 12 Rivers board as SVG, drawn from one seat's view (for the web app).

It reads only the view, so it can never draw what the seat may not see, and it keeps the
contract of ``upriver.core.drawing``: every legal decision but the ``PASSES`` is a target on the
board, pieces say when they changed, explain themselves, and people's names are drawn safely.

The drawing is a ``<div class="board">`` of SVG parts: the board itself (rivers, sea, village,
track, Markaya and card displays, alpaca cards, a legend), then one panel per seat. The page lays
the parts out for the screen (panels side by side when wide, stacked on a phone).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from typing import Any

from upriver.core import drawing
from upriver.core.drawing import chip, first_legal, piece, target, title, tray
from upriver.games.twelve_rivers.components import COLOURS, RAINBOW, Components, load
from upriver.games.twelve_rivers.render import step as step_words

# Decisions left to the buttons beside the board (they have no place on it).
PASSES: frozenset[str] = frozenset({"done", "end turn", "take no card", "befriend no one",
                                    "earth: done", "breeze: done"})

PEARL_FILL = {"green": "#4caf50", "blue": "#2f7de1", "pink": "#e86aa6", "purple": "#8e44ad",
              "white": "#f4f4f4"}
# A letter on every pearl, so colours need not be told apart by hue alone.
PEARL_LETTER = {"green": "G", "blue": "B", "pink": "P", "purple": "U", "white": "W"}
PEARL_INK = {"green": "#fff", "blue": "#fff", "pink": "#222", "purple": "#fff", "white": "#222"}
SEAT_FILL = ("#1e6fd9", "#d93a2b", "#e0b000", "#2e9b48")
SEAT_INK = ("#fff", "#fff", "#222", "#fff")
COL = 72  # viewBox units per river
LEFT = 96  # room for the row costs
ROW_H = 62
TOP = 64
PANEL_W = 520
OBJECTIVE_TEXT = {
    "one colour": "{p} points if its 5 pearls are all one colour",
    "full tiles": "{p} points per full tile you hold",
    "colour count": "{p} points per {c} pearl on your tiles",
    "fairy count": "{p} points per unused fairy",
    "card count": "{p} points per card in hand at the end",
    "colour majority": "{p} points for strictly the most {c} pearls",
    "fairy majority": "{p} points for strictly the most unused fairies",
    "card majority": "{p} points for strictly the most cards",
    "full tile": "{p} points when this tile is full",
    "four alike": "{p} points when full with 4 pearls of one colour",
    "five colours": "{p} points when full with 5 colours",
}


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    comp = load(view.get("components_file", ""), view.get("edition", "current"))
    legal = set(view.get("legal_actions") or [])
    who = drawing.seat_names(names, len(view["players"]))
    parts = [_board(view, legal, comp, who)]
    viewer = view.get("viewer")
    order = sorted(range(len(view["players"])), key=lambda s: s != viewer)  # yours first
    parts += [_panel(view, view["players"][s], legal, comp, who) for s in order]
    return '<div class="board">' + "".join(parts) + "</div>"


# ---------------------------------------------------------------- small pieces


def _pearl(colour: str, x: float, y: float, r: float = 6, extra: str = "") -> str:
    return (f'<g{extra}><circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{PEARL_FILL[colour]}" '
            f'stroke="#333" stroke-width="0.7">{title(colour + " pearl")}</circle>'
            f'<text x="{x:.1f}" y="{y + r * 0.45:.1f}" font-size="{r * 1.2:.1f}" '
            f'text-anchor="middle" fill="{PEARL_INK[colour]}" pointer-events="none">'
            f"{PEARL_LETTER[colour]}</text></g>")


def _pearls(counts: dict[str, int], x: float, y: float, per_row: int = 6,
            action_of: Any = None, legal: set[str] | None = None) -> str:
    """Pearls in rows; ``action_of(colour)`` makes each pearl of a colour a target."""
    out = []
    k = 0
    for colour, n in counts.items():
        act = action_of(colour) if action_of is not None else None
        for _ in range(n):
            out.append(_pearl(colour, x + (k % per_row) * 14, y + (k // per_row) * 14,
                              extra=target(act, legal or set())))
            k += 1
    return "".join(out)


def seat_colours(view: dict[str, Any]) -> list[str]:
    """Each seat's colour on this board, for the page to show beside its name."""
    return [SEAT_FILL[s % 4] for s in range(len(view["players"]))]


def _marker(x: float, y: float, seat: int, label: str = "") -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{SEAT_FILL[seat % 4]}" '
            f'stroke="#111">{title(label)}</circle>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" text-anchor="middle" '
            f'fill="{SEAT_INK[seat % 4]}" pointer-events="none">{seat}</text>')


def _svg(width: float, height: float, body: str, cls: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" role="group" '
            f'aria-label="{escape(label)}">{_DEFS}{body}</svg>')


_DEFS = ('<defs><linearGradient id="rainbow"><stop offset="0" stop-color="#e74c3c"/>'
         '<stop offset="0.5" stop-color="#f1c40f"/><stop offset="1" stop-color="#3498db"/>'
         "</linearGradient></defs>")


def _tile_tip(comp: Components, tid: str) -> str:
    t = comp.tile_index.get(tid)
    if t is None:
        return tid
    tile = comp.tiles[t]
    spots = ", ".join("rainbow" if s == RAINBOW else COLOURS[s] for s in tile.spots)
    colour = COLOURS[tile.colour] if tile.colour >= 0 else ""
    goal = OBJECTIVE_TEXT.get(tile.objective, tile.objective).format(p=tile.points, c=colour)
    cards = f"; gives {tile.cards} card{'s' if tile.cards != 1 else ''}" if tile.cards else ""
    return f"{tid}: spots {spots}; {goal}{cards}"


# ---------------------------------------------------------------- the board


def _space(name: str, x: float, y: float, view: dict[str, Any], legal: set[str],
           who: list[str]) -> str:
    seat = view["spaces"].get(name)
    action = first_legal((f"place {name}", f"supplies: move it to {name}",
                          f"supplies: move marker from {name}"), legal)
    # The marker resolved now, or the one supplies are moving.
    here = " current" if name in (view.get("current_space"), view.get("moving_from")) else ""
    tip = name + (f": {who[seat]}'s marker" if seat is not None else "")
    out = [f'<g{target(action, legal)}{piece("space:" + name, seat)}>'
           f'<circle class="space{here}" cx="{x}" cy="{y}" r="11" fill="#fff" '
           f'stroke="{"#f39c12" if here else "#555"}" stroke-width="{3 if here else 1}">'
           f"{title(tip)}</circle>"]
    if seat is not None:
        out.append(_marker(x, y, seat, tip))
    out.append("</g>")
    return "".join(out)


def _take_action(colour: str, legal: set[str]) -> str | None:
    return first_legal((f"take {colour}",), legal)


def _choices_at_marker(legal: set[str]) -> list[tuple[str, str, str]]:
    """Exchanges and the 2022 take-and-discard choices, as chips beside the pearls."""
    chips = []
    for a in sorted(legal):
        m = re.fullmatch(r"exchange (\w+) for (\w+)", a)
        if m:
            chips.append((f"give {m[1]}, take {m[2]}", a, a))
            continue
        m = re.fullmatch(r"take (\w+), discard (\w+) from alpaca", a)
        if m:
            chips.append((f"take {m[1]}, drop {m[2]}", a, a))
            continue
        m = re.fullmatch(r"take (\w+) and discard it", a)
        if m:
            chips.append((f"take {m[1]} and drop it", a, a))
    return chips


def _board(view: dict[str, Any], legal: set[str], comp: Components, who: list[str]) -> str:
    rivers = comp.n_rivers
    width = LEFT + rivers * COL + 24
    rows = max(comp.stretch_row)
    out: list[str] = []
    turn = view.get("to_move")
    heading = (f"Round {view['round']}, {view['phase']}: "
               + (f"{drawing.name(who[turn])} to move ({escape(step_words(view))})"
                  if turn is not None else "game over"))
    out.append(f'<text x="10" y="18" font-size="14" font-weight="bold">{heading}</text>')
    # Pearls above the dam, one per active river.
    out.append(f'<text x="10" y="{TOP - 24}" font-size="11">above the dam</text>')
    for r, colour in enumerate(view["rivers"]):
        x = LEFT + r * COL + COL / 2
        out.append(f'<text x="{x}" y="{TOP - 36}" font-size="10" text-anchor="middle">'
                   f"{r + 1}</text>")
        out.append(f'<g{piece(f"dam:{r}", colour)}>'
                   + (_pearl(colour, x, TOP - 22) if colour else "") + "</g>")
    out.append(f'<line x1="{LEFT}" y1="{TOP - 10}" x2="{LEFT + rivers * COL}" '
               f'y2="{TOP - 10}" stroke="#7a5230" stroke-width="4"/>')
    current = view.get("current_space") or ""
    costs: dict[int, int] = {}
    marker_box: tuple[float, float] | None = None
    for i, sid in enumerate(comp.stretch_ids):
        row = comp.stretch_row[i]
        span = sorted(comp.stretch_rivers[i])
        x0 = LEFT + (span[0] - 1) * COL + 4
        x1 = LEFT + span[-1] * COL - 4
        y0 = TOP + (row - 1) * ROW_H
        costs[row] = comp.space_cost[comp.stretch_spaces[i][0]]
        gain = "; the last row also gives a card" if comp.stretch_gain[i] else ""
        out.append(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{ROW_H - 8}" rx="8" '
                   f'fill="#cfe8f7" stroke="#6aa0c7">'
                   f"{title(f'{sid}: {len(comp.stretch_spaces[i])} spaces{gain}')}</rect>")
        out.append(f'<text x="{x0 + 4}" y="{y0 + 11}" font-size="9" fill="#345">{sid}</text>')
        for k, sp in enumerate(comp.stretch_spaces[i]):
            out.append(_space(comp.space_names[sp], x0 + 16 + k * 26, y0 + 28, view, legal,
                              who))
        pool = view["pools"].get(sid, {})
        at_marker = current.startswith(sid + " ")
        act = (lambda c: _take_action(c, legal)) if at_marker else None
        out.append(f'<g{piece(f"pool:{sid}", sorted(pool.items()))}>'
                   + _pearls(pool, x0 + 10, y0 + 46, per_row=max(1, int((x1 - x0) // 14)),
                             action_of=act, legal=legal) + "</g>")
        if at_marker:
            marker_box = (x0, y0 + ROW_H - 6)
    for row in range(1, rows + 1):
        y = TOP + (row - 1) * ROW_H + 26
        cost = costs.get(row, 0)
        words = "gain 1 card" if row == rows else f"pay {cost} card{'s' if cost != 1 else ''}"
        out.append(f'<text x="8" y="{y}" font-size="11">row {row}</text>'
                   f'<text x="8" y="{y + 14}" font-size="10" fill="#555">{words}</text>')
    # Fairy sites: each fairy a chip, taken with a lantern pair.
    for i, site in enumerate(comp.site_ids):  # right-aligned in its stretch's lower corner
        stretch = comp.site_stretch[i]
        fairies = view["sites"].get(site, {})
        y = TOP + (comp.stretch_row[stretch] - 1) * ROW_H + ROW_H - 24
        right = LEFT + max(comp.stretch_rivers[stretch]) * COL - 6
        labels = [(kind, f"{n} {kind}" if n > 1 else kind) for kind, n in fairies.items()]
        x = right - sum(10 + 8 * 0.62 * len(label) + 4 for _, label in labels)
        out.append(f'<g{piece("site:" + site, sorted(fairies.items()))}>')
        for kind, label in labels:
            action = f"lantern: take {kind} fairy from {site}"
            svg, x = chip(x, y, label, action, legal, fill="#fff3d6", stroke="#c79a2e",
                          radius=7, height=13, font=8,
                          tip=f"{kind} fairy by {site}: taken by the next marker placed on its "
                              f"stretch; {_FAIRY_POWER.get(kind, '')}")
            out.append(svg)
        out.append("</g>")
    # The sea and the village.
    y_sea = TOP + rows * ROW_H + 6
    sea_w = 4 * COL
    at_sea = current == "sea"
    out.append(f'<rect x="{LEFT}" y="{y_sea}" width="{sea_w}" height="56" rx="10" '
               f'fill="#9cc9e8" stroke="#4a86b0">{title("the sea: every pearl no marker stopped")}'
               f'</rect><text x="{LEFT + 6}" y="{y_sea + 14}" font-size="11">sea</text>')
    out.append(_space("sea", LEFT + 22, y_sea + 34, view, legal, who))
    out.append(f'<g{piece("sea", sorted(view["sea"].items()))}>'
               + _pearls(view["sea"], LEFT + 46, y_sea + 20, per_row=15,
                         action_of=(lambda c: _take_action(c, legal)) if at_sea else None,
                         legal=legal) + "</g>")
    if at_sea:
        marker_box = (LEFT, y_sea + 60)
    xv = LEFT + sea_w + 20
    out.append(f'<text x="{xv}" y="{y_sea + 14}" font-size="11">village</text>')
    for k in range(len(comp.village)):
        out.append(_space(f"village {k + 1}", xv + 16 + k * 30, y_sea + 34, view, legal, who))
    y_next: float = y_sea + 66
    if marker_box is not None:  # exchanges and take-and-drop choices beside the marker
        chips = _choices_at_marker(legal)
        if chips:
            svg, y_next2 = tray(marker_box[0], y_next, chips, legal, width=width - 40)
            out.append(f'<text x="10" y="{y_next + 13}" font-size="10">choose</text>{svg}')
            y_next = y_next2 + 6
    # The turn-order track; a banner pair moves a marker to the front.
    out.append(f'<text x="10" y="{y_next + 15}" font-size="11">track</text>')
    for k, seat in enumerate(view["track"]):
        x = LEFT + k * 26
        banner = f"banner: move marker on track space {k + 1} to the front"
        tip = f"track space {k + 1}" + (f": {who[seat]}" if seat is not None else "")
        out.append(f'<g{target(banner, legal)}{piece(f"track:{k}", seat)}>'
                   f'<rect x="{x}" y="{y_next}" width="22" height="22" fill="#eee" '
                   f'stroke="#999">{title(tip)}</rect>'
                   + (_marker(x + 11, y_next + 11, seat, tip) if seat is not None else "")
                   + "</g>")
    # Markaya on display.
    y_m = y_next + 34
    word = "villagers" if view.get("edition") == "2022" else "Markaya"
    out.append(f'<text x="10" y="{y_m + 14}" font-size="11">{word}</text>'
               f'<text x="10" y="{y_m + 28}" font-size="9" fill="#555">deck '
               f'{view["markaya_deck"]}</text>')
    for k, tid in enumerate(view["markaya_display"]):
        x = LEFT + k * 132
        out.append(f'<g{target(f"befriend {tid}", legal)}{piece("markaya:" + str(k), tid)}>'
                   f'<rect x="{x}" y="{y_m}" width="124" height="38" rx="5" fill="#fdf3dc" '
                   f'stroke="#b08a3a">{title(_tile_tip(comp, tid))}</rect>'
                   f'<text x="{x + 5}" y="{y_m + 13}" font-size="11">{escape(tid)}</text>')
        t = comp.tile_index.get(tid)
        if t is not None:
            out.append(_spots_needed(comp.tiles[t].spots, x + 12, y_m + 27))
            if comp.tiles[t].cards:
                out.append(f'<text x="{x + 118}" y="{y_m + 13}" font-size="9" '
                           f'text-anchor="end">+{comp.tiles[t].cards} card</text>')
        out.append("</g>")
    # Supply cards on display and the pile.
    y_c = y_m + 48
    out.append(f'<text x="10" y="{y_c + 14}" font-size="11">cards</text>')
    x = LEFT
    for k, kind in enumerate(view["card_display"]):
        svg, x = chip(x, y_c, kind, f"take {kind} from display", legal, height=22, font=11,
                      tip=f"a {kind} card on display: take it when you gain a card")
        out.append(f'<g{piece(f"card:{k}", kind)}>{svg}</g>')
    pool = ", ".join(f"{n} {k}" for k, n in view.get("draw_pile_pool", {}).items())
    svg, x = chip(x + 8, y_c, f"pile ({view['draw_pile']})", "draw from pile", legal,
                  fill="#ddd", height=22, font=11,
                  tip=f"the face-down draw pile: {view['draw_pile']} cards"
                      + (f"; it may hold {pool}" if pool else ""))
    out.append(f'<g{piece("pile", view["draw_pile"])}>{svg}</g>')
    discard = ", ".join(f"{n} {k}" for k, n in view["discard"].items()) or "empty"
    out.append(f'<text x="{x + 8}" y="{y_c + 15}" font-size="10" fill="#555">discards: '
               f"{escape(discard)}</text>")
    # Alpaca cards (missions), their owners.
    y_a = y_c + 32
    out.append(f'<text x="10" y="{y_a + 14}" font-size="11">'
               f'{"mission" if view.get("edition") == "2022" else "alpaca cards"}</text>')
    x = LEFT
    for card in view["alpaca_cards"]:
        owner = card["owner"]
        label = f"{card['count']}+ {card['colour']}: {card['points']}"
        tip = (f"{card['points']} points to the first to hold {card['count']} "
               f"{card['colour']} pearls on the alpaca"
               + (f"; taken by {who[owner]}" if owner is not None else ""))
        out.append(f'<g{piece("alpaca card:" + card["colour"], owner)}>'
                   f'<rect x="{x}" y="{y_a}" width="104" height="22" rx="4" '
                   f'fill="{"#eee" if owner is not None else "#fff"}" stroke="#888">'
                   f"{title(tip)}</rect>"
                   + _pearl(card["colour"], x + 11, y_a + 11, r=6)
                   + f'<text x="{x + 22}" y="{y_a + 15}" font-size="10">{escape(label)}</text>'
                   + (_marker(x + 94, y_a + 11, owner, tip) if owner is not None else "")
                   + "</g>")
        x += 110
    # What the symbols mean.
    y_l = y_a + 34
    out.append(f'<g class="legend"><text x="10" y="{y_l + 10}" font-size="10">legend</text>')
    x = LEFT
    for colour in PEARL_FILL:
        out.append(_pearl(colour, x + 6, y_l + 6) + f'<text x="{x + 16}" y="{y_l + 10}" '
                   f'font-size="10">{colour}</text>')
        x += 70
    out.append(f'<circle cx="{x + 6}" cy="{y_l + 6}" r="6" fill="url(#rainbow)" '
               f'stroke="#333"/><text x="{x + 16}" y="{y_l + 10}" font-size="10">rainbow '
               "spot: any colour</text></g>")
    height = y_l + 22
    return _svg(width, height, "".join(out), "board-main", "the board")


def _spots_needed(spots: Iterable[int], x: float, y: float) -> str:
    out = []
    for j, need in enumerate(spots):
        fill = "url(#rainbow)" if need == RAINBOW else PEARL_FILL[COLOURS[need]]
        label = "" if need == RAINBOW else PEARL_LETTER[COLOURS[need]]
        out.append(f'<circle cx="{x + j * 15}" cy="{y}" r="6" fill="{fill}" stroke="#333"/>'
                   f'<text x="{x + j * 15}" y="{y + 3}" font-size="7" text-anchor="middle" '
                   f'fill="{PEARL_INK.get(COLOURS[need], "#222") if label else "#222"}" '
                   f'pointer-events="none">{label}</text>')
    return "".join(out)


# ---------------------------------------------------------------- a seat's panel


PAIR = re.compile(r"play (.+) pair(?: \((.+)\))?")
MOVE = re.compile(r"(?:(?:earth|breeze|\w+): move|deliver) (\w+)(?: from (.+?))? to (\S+) spot "
                  r"(\d+)( with light fairy)?")


def _pair_label(action: str) -> str:
    m = PAIR.fullmatch(action)
    if m is None:
        return action
    kind, how = m[1], m[2]
    if how is None:
        return f"{kind} pair"
    return f"{kind} pair: {how}"


def _move_label(action: str) -> str:
    """"deliver pink to M07 spot 2 with light fairy" -> "pink → M07·2 (light)"."""
    m = MOVE.fullmatch(action)
    if m is None:
        return action
    colour, source, tile, spot, light = m.groups()
    where = f" from {source.replace(' spot ', '·')}" if source and source != "alpaca" else ""
    return f"{colour}{where} → {tile}·{spot}" + (" (light)" if light else "")


def _panel(view: dict[str, Any], p: dict[str, Any], legal: set[str], comp: Components,
           who: list[str]) -> str:
    seat = p["seat"]
    mine = seat == view.get("viewer")
    out: list[str] = []
    scores = view.get("scores") or []
    score = f" · {scores[seat]} points" if seat < len(scores) else ""
    turn = " · to move" if seat == view.get("to_move") else ""
    you = " (you)" if mine else ""
    tribe = ""
    if view.get("tribes"):
        tribe = f" · {view['tribes'][seat]} tribe"
    out.append(f'<rect x="2" y="2" width="{PANEL_W - 4}" height="HEIGHT" rx="8" '
               f'fill="{"#fffdf5" if mine else "#fbfaf6"}" stroke="{SEAT_FILL[seat % 4]}" '
               f'stroke-width="{3 if turn else 1.5}"/>')
    out.append(_marker(18, 18, seat, who[seat]))
    out.append(f'<text x="34" y="23" font-size="13" font-weight="bold">'
               f"{drawing.name(who[seat], 22)}{you}</text>"
               f'<text x="{PANEL_W - 10}" y="23" font-size="11" text-anchor="end">'
               f"{escape((score + tribe + turn).lstrip(' ·'))}</text>")
    y: float = 34
    # The hand: the owner's cards by name; others see a count and the cards everyone saw.
    cards = p["hand"] if p["hand"] is not None else p["known_cards"]
    x = 10.0
    out.append(f'<g{piece(f"hand:{seat}", (p["hand_size"], sorted(cards.items())))}>')
    for kind, n in cards.items():
        action = first_legal((f"pay {kind}", f"play {kind} pair"), legal) if mine else None
        svg, x = chip(x, y, f"{n} {kind}", action, legal, height=20, font=11,
                      tip=f"{n} {kind} card{'s' if n != 1 else ''} in hand")
        out.append(svg)
    hidden = p["hand_size"] - sum(cards.values())
    if hidden > 0 or not cards:
        text = (f"{hidden} hidden card{'s' if hidden != 1 else ''}" if p["hand"] is None
                else "no cards")
        out.append(f'<text x="{x + 2}" y="{y + 14}" font-size="11" fill="#666">{text}</text>')
    out.append("</g>")
    y += 26
    # Fairies: paid, used or kept.
    x = 10.0
    out.append(f'<g{piece(f"fairies:{seat}", sorted(p["fairies"].items()))}>')
    for kind, n in p["fairies"].items():
        action = (first_legal((f"pay {kind} fairy", f"use {kind} fairy"), legal)
                  if mine else None)
        svg, x = chip(x, y, f"{n} {kind} fairy", action, legal, fill="#fff3d6",
                      stroke="#c79a2e", radius=9, height=20, font=11,
                      tip=f"{kind} fairy: {_FAIRY_POWER.get(kind, 'a fairy')}")
        out.append(svg)
    out.append("</g>")
    # The alpaca: lake discards are made on its pearls.
    out.append(f'<text x="{x + 4}" y="{y + 14}" font-size="11">alpaca</text>'
               f'<g{piece(f"alpaca:{seat}", sorted(p["alpaca"].items()))}>')
    discard = (lambda c: first_legal((f"discard {c}",), legal)) if mine else None
    out.append(_pearls(p["alpaca"], x + 50, y + 10, per_row=12, action_of=discard,
                       legal=legal) + "</g>")
    if p["alpaca_cards"]:
        out.append(f'<text x="{PANEL_W - 10}" y="{y + 14}" font-size="10" text-anchor="end">'
                   f'cards: {escape(", ".join(p["alpaca_cards"]))}</text>')
    y += 28
    # Markaya befriended, their spots filled or wanted; a mushroom's target is a spot.
    x = 10.0
    for tile in p["markaya"]:
        spots = tile["pearls"]
        w = 40 + 15 * len(spots)
        if x + w > PANEL_W - 8:
            x, y = 10.0, y + 32
        out.append(f'<g{piece("markaya:" + tile["id"], spots)}><rect x="{x}" y="{y}" '
                   f'width="{w}" height="26" rx="4" fill="#fdf3dc" stroke="#b08a3a">'
                   f'{title(_tile_tip(comp, tile["id"]))}</rect><text x="{x + 4}" '
                   f'y="{y + 17}" font-size="10">{escape(tile["id"])}</text>')
        t = comp.tile_index.get(tile["id"])
        needs = comp.tiles[t].spots if t is not None else [RAINBOW] * len(spots)
        lit = set(tile.get("rainbow_spots", []))
        for j, pearl in enumerate(spots):
            px = x + 40 + j * 15
            if pearl is not None:
                out.append(_pearl(pearl, px, y + 13))
                continue
            need = RAINBOW if j + 1 in lit else needs[j]
            action = f"mushroom: make {tile['id']} spot {j + 1} rainbow" if mine else None
            fill = "url(#rainbow)" if need == RAINBOW else "#fff"
            stroke = "#999" if need == RAINBOW else PEARL_FILL[COLOURS[need]]
            letter = "" if need == RAINBOW else PEARL_LETTER[COLOURS[need]]
            wants = f"spot {j + 1}: wants " + (letter or "any colour")
            out.append(f'<g{target(action, legal)}><circle cx="{px}" cy="{y + 13}" r="6" '
                       f'fill="{fill}" stroke="{stroke}" stroke-width="1.5" '
                       f'stroke-dasharray="2 1">{title(wants)}</circle>'
                       f'<text x="{px}" y="{y + 16}" font-size="7" text-anchor="middle" '
                       f'fill="#555" pointer-events="none">{letter}</text></g>')
        out.append("</g>")
        x += w + 6
    y += 34
    if mine:  # this seat's choices that have no single spot: pairs and moves of pearls
        chips = [(_pair_label(a), a, a) for a in sorted(legal) if PAIR.fullmatch(a)]
        chips += [(_move_label(a), a, a) for a in sorted(legal) if MOVE.fullmatch(a)]
        if chips:
            out.append(f'<text x="10" y="{y + 13}" font-size="10">choose</text>')
            svg, y = tray(56, y, chips, legal, width=PANEL_W - 66)
            out.append(svg)
            y += 4
    height = y + 4
    body = "".join(out).replace('height="HEIGHT"', f'height="{height - 4}"', 1)
    return _svg(PANEL_W, height, body, "board-panel" + (" mine" if mine else ""),
                f"{who[seat]}'s pieces")


_FAIRY_POWER = {
    "fire": "counts as one supply card, to pay or to pair",
    "earth": "moves up to 3 pearls onto your Markaya",
    "wind": "cancels the whole cost of one placement",
    "light": "lets one pearl onto a spot of another colour",
    "water": "takes one more pearl at a river marker",
    "cloud": "places a token for no camp cards",
    "river": "keeps 2 pearls instead of 1 at a river token",
    "bonfire": "lowers a placement's cost by 1",
    "breeze": "moves any alpaca pearls onto your villager tiles",
    "mushroom": "turns an empty space rainbow",
}


def actions_drawn(svg: str, legal: Iterable[str]) -> set[str]:
    """The legal actions that have a target in ``svg`` (tests, the page's fallback list)."""
    return drawing.drawn_actions(svg, legal)
