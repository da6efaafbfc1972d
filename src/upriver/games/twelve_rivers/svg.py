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
from upriver.core.drawing import first_legal, piece, target, title
from upriver.games.twelve_rivers.components import (
    CARD_KINDS,
    COLOURS,
    RAINBOW,
    Components,
    load,
)
from upriver.games.twelve_rivers.render import step as step_words
from upriver.games.twelve_rivers.supply import PAIR_TEXT
from upriver.games.twelve_rivers.table_pieces import (
    CARD_H,
    CARD_W,
    PEARL_FILL,
    PEARL_INK,
    PEARL_LETTER,
    card,
    fairy,
    pair_badge,
    pearl,
    pearls_moving,
    spot_badge,
)

# Decisions left to the buttons beside the board (they have no place on it).
PASSES: frozenset[str] = frozenset({"done", "end turn", "take no card", "befriend no one",
                                    "earth: done", "breeze: done"})

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


def _pearls(counts: dict[str, int], x: float, y: float, per_row: int = 6,
            action_of: Any = None, legal: set[str] | None = None, name: str = "") -> str:
    """Pearls in rows; ``action_of(colour)`` makes each pearl of a colour a target, and with
    a ``name`` each pearl is a piece (``name:i``)."""
    out = []
    k = 0
    for colour, n in counts.items():
        act = action_of(colour) if action_of is not None else None
        for _ in range(n):
            out.append(pearl(colour, x + (k % per_row) * 14, y + (k // per_row) * 14,
                             action=act, legal=legal or set(),
                             name=f"{name}:{k}" if name else "",
                             tip=f"{colour} pearl" + (f": click to {act}" if act else "")))
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


def _choices_at_marker(legal: set[str]) -> list[tuple[str, str | None, str, str]]:
    """A full alpaca's choices at the marker: an exchange (current rules) or a take and a
    discard (2022), each as (pearl taken, pearl dropped or None for itself, action, words)."""
    found: list[tuple[str, str | None, str, str]] = []
    for a in sorted(legal):
        m = re.fullmatch(r"exchange (\w+) for (\w+)", a)
        if m:
            found.append((m[2], m[1], a, f"take a {m[2]} pearl, give back a {m[1]} one from "
                                         "your alpaca"))
            continue
        m = re.fullmatch(r"take (\w+), discard (\w+) from alpaca", a)
        if m:
            found.append((m[1], m[2], a, f"take a {m[1]} pearl, discard a {m[2]} one from "
                                         "your alpaca"))
            continue
        m = re.fullmatch(r"take (\w+) and discard it", a)
        if m:
            found.append((m[1], None, a, f"take a {m[1]} pearl and discard it"))
    return found


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
                   + (pearl(colour, x, TOP - 22) if colour else "") + "</g>")
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
                             action_of=act, legal=legal, name=f"pool:{sid}") + "</g>")
        if at_marker:
            marker_box = (x0, y0 + ROW_H - 6)
    for row in range(1, rows + 1):
        y = TOP + (row - 1) * ROW_H + 26
        cost = costs.get(row, 0)
        words = "gain 1 card" if row == rows else f"pay {cost} card{'s' if cost != 1 else ''}"
        out.append(f'<text x="8" y="{y}" font-size="11">row {row}</text>'
                   f'<text x="8" y="{y + 14}" font-size="10" fill="#555">{words}</text>')
    # Fairy sites: each fairy a token on its stretch's top edge, right of the stretch's
    # name (closer together where a short stretch holds several), taken with a lantern pair.
    for i, site in enumerate(comp.site_ids):
        stretch = comp.site_stretch[i]
        fairies = view["sites"].get(site, {})
        y = TOP + (comp.stretch_row[stretch] - 1) * ROW_H + 1
        left = LEFT + (min(comp.stretch_rivers[stretch]) - 1) * COL + 36
        right = LEFT + max(comp.stretch_rivers[stretch]) * COL - 13
        step = min(17.0, (right - left) / max(1, len(fairies) - 1))
        x = right - step * (len(fairies) - 1)
        out.append(f'<g{piece("site:" + site, sorted(fairies.items()))}>')
        for kind, n in fairies.items():
            action = f"lantern: take {kind} fairy from {site}"
            out.append(fairy(x, y, kind, n, action, legal, f"site:{site}:{kind}",
                             f"{kind} fairy by {site}: taken by the next marker placed on its "
                             f"stretch; {_FAIRY_POWER.get(kind, '')}", r=7.5))
            x += step
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
                         legal=legal, name="sea") + "</g>")
    if at_sea:
        marker_box = (LEFT, y_sea + 60)
    xv = LEFT + sea_w + 20
    out.append(f'<text x="{xv}" y="{y_sea + 14}" font-size="11">village</text>')
    for k in range(len(comp.village)):
        out.append(_space(f"village {k + 1}", xv + 16 + k * 30, y_sea + 34, view, legal, who))
    y_next: float = y_sea + 66
    if marker_box is not None:  # a full alpaca's choices, drawn as the pearls that move
        choices = _choices_at_marker(legal)
        if choices:
            out.append(f'<text x="10" y="{y_next + 15}" font-size="10">full alpaca</text>')
            x = float(LEFT)
            for taken, dropped, action, words in choices:
                if x + 50 > width - 10:
                    x, y_next = float(LEFT), y_next + 28
                svg, x = pearls_moving(x, y_next, taken, dropped, action, legal,
                                       f"choice:{taken}:{dropped or 'itself'}", words)
                out.append(svg)
            y_next += 32
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
    x = float(LEFT)
    for k, kind in enumerate(view["card_display"]):
        out.append(card(x, y_c, kind, None, f"take {kind} from display", legal, f"card:{k}",
                        f"a {kind} card on display: take it when you gain a card"))
        x += CARD_W + 6
    pool = ", ".join(f"{n} {k}" for k, n in view.get("draw_pile_pool", {}).items())
    out.append(card(x + 8, y_c, "pile", view["draw_pile"], "draw from pile", legal, "pile",
                    f"the face-down draw pile: {view['draw_pile']} cards"
                    + (f"; it may hold {pool}" if pool else ""), face_down=True))
    x += CARD_W + 14
    discard = ", ".join(f"{n} {k}" for k, n in view["discard"].items()) or "empty"
    out.append(f'<text x="{x + 8}" y="{y_c + 26}" font-size="10" fill="#555">discards: '
               f"{escape(discard)}</text>")
    # Alpaca cards (missions), their owners.
    y_a = y_c + CARD_H + 10
    out.append(f'<text x="10" y="{y_a + 14}" font-size="11">'
               f'{"mission" if view.get("edition") == "2022" else "alpaca cards"}</text>')
    x = LEFT
    for mission in view["alpaca_cards"]:
        owner = mission["owner"]
        label = f"{mission['count']}+ {mission['colour']}: {mission['points']}"
        tip = (f"{mission['points']} points to the first to hold {mission['count']} "
               f"{mission['colour']} pearls on the alpaca"
               + (f"; taken by {who[owner]}" if owner is not None else ""))
        out.append(f'<g{piece("alpaca card:" + mission["colour"], owner)}>'
                   f'<rect x="{x}" y="{y_a}" width="104" height="22" rx="4" '
                   f'fill="{"#eee" if owner is not None else "#fff"}" stroke="#888">'
                   f"{title(tip)}</rect>"
                   + pearl(mission["colour"], x + 11, y_a + 11, r=6)
                   + f'<text x="{x + 22}" y="{y_a + 15}" font-size="10">{escape(label)}</text>'
                   + (_marker(x + 94, y_a + 11, owner, tip) if owner is not None else "")
                   + "</g>")
        x += 110
    # What the symbols mean.
    y_l = y_a + 34
    out.append(f'<g class="legend"><text x="10" y="{y_l + 10}" font-size="10">legend</text>')
    x = LEFT
    for colour in PEARL_FILL:
        out.append(pearl(colour, x + 6, y_l + 6) + f'<text x="{x + 16}" y="{y_l + 10}" '
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


# a pearl that can fill a spot: delivered, or moved by the earth fairy (the 2022 breeze)
MOVE = re.compile(r"(?:\w+: move|deliver) (\w+)(?: from (.+?))? to (\S+) spot (\d+)"
                  r"( with light fairy)?")


# The rules' pair texts: text -> (card kind, way: two cards, card + fire fairy, two fairies).
PAIR_WAYS = {text: (kind, way) for kind, texts in zip(CARD_KINDS, PAIR_TEXT, strict=True)
             for way, text in enumerate(texts)}


def _hand(p: dict[str, Any], mine: bool, legal: set[str], x: float,
          y: float) -> tuple[str, float, float]:
    """The hand as cards: the owner's by name, others' as a count and the cards everyone saw.
    A card is clicked to pay it or to play a pair; where a pair can be made in more than one
    way, a drawn badge under the card per way. Returns the SVG, its bottom and its right
    edge."""
    seat = p["seat"]
    cards = dict(p["hand"] if p["hand"] is not None else p["known_cards"])
    pairs: dict[str, list[tuple[int, str]]] = {}
    for text in sorted(legal) if mine else ():
        found = PAIR_WAYS.get(text)
        if found:
            pairs.setdefault(found[0], []).append((found[1], text))
    for kind in pairs:  # a pair of fire fairies needs no card of its kind in hand
        cards.setdefault(kind, 0)
    out = [f'<g{piece(f"hand:{seat}", (p["hand_size"], sorted(cards.items())))}>']
    bottom = y + CARD_H
    for kind, n in cards.items():
        ways = sorted(pairs.get(kind, []))
        action: str | None = None
        if mine:
            action = first_legal([f"pay {kind}"] + ([ways[0][1]] if len(ways) == 1 else []),
                                 legal)
        tip = f"{n} {kind} card{'s' if n != 1 else ''} in hand"
        if action:
            tip += f": click to {action}"
        out.append(card(x, y, kind, n, action, legal, f"hand:{seat}:{kind}", tip))
        width = CARD_W
        if len(ways) > 1:
            for k, (variant, pair) in enumerate(ways):
                out.append(pair_badge(x + k * 29, y + CARD_H + 3, kind, variant, pair,
                                       legal, seat))
            width = max(width, 29 * len(ways) - 3)
            bottom = y + CARD_H + 22
        x += width + 5
    hidden = p["hand_size"] - sum(cards.values())
    if hidden > 0 or not cards:
        text = (f"{hidden} hidden card{'s' if hidden != 1 else ''}" if hidden else "no cards")
        out.append(f'<text x="{x + 2}" y="{y + 26}" font-size="11" fill="#666">{text}</text>')
        x += 11 * 0.6 * len(text) + 8
    out.append("</g>")
    return "".join(out), bottom, x


Choice = tuple[str, str | None, str]  # action, pearl colour (None: rainbow), words
MUSHROOM = re.compile(r"mushroom: make (\S+) spot (\d+) rainbow")


def _spot_choices(legal: set[str]) -> dict[tuple[str, str], list[Choice]]:
    """The decisions that fill each empty Markaya spot, by (tile, spot), read once from the
    legal texts: the mushroom's rainbow first, then each pearl that can go there."""
    found: dict[tuple[str, str], list[Choice]] = {}
    for action in sorted(legal):
        m = MUSHROOM.fullmatch(action)
        if m:
            found.setdefault((m[1], m[2]), []).insert(
                0, (action, None, "make this spot rainbow (any colour fits it)"))
            continue
        m = MOVE.fullmatch(action)
        if m:
            colour, source, light = m[1], m[2], m[5]
            words = f"a {colour} pearl from " + (
                "your alpaca" if source in (None, "alpaca") else source)
            found.setdefault((m[3], m[4]), []).append(
                (action, colour, words + (" (light fairy)" if light else "")))
    return found


def _markaya(p: dict[str, Any], mine: bool, legal: set[str], comp: Components,
             y: float) -> tuple[str, float]:
    """The Markaya (villagers) befriended, their spots filled or wanted. An empty spot is
    clicked to fill it; where it can be filled more than one way (pearls of several colours,
    a light fairy, the earth fairy's moves...), a drawn pearl under it per way."""
    out: list[str] = []
    x = 10.0
    row_h = 32.0
    fills = _spot_choices(legal) if mine else {}
    for tile in p["markaya"]:
        spots = tile["pearls"]
        w = 40 + 15 * len(spots)
        if x + w > PANEL_W - 8:
            x, y, row_h = 10.0, y + row_h, 32.0
        t = comp.tile_index.get(tile["id"])
        needs = comp.tiles[t].spots if t is not None else [RAINBOW] * len(spots)
        lit = set(tile.get("rainbow_spots", []))
        out.append(f'<g{piece("markaya:" + tile["id"], spots)}><rect x="{x}" y="{y}" '
                   f'width="{w}" height="26" rx="4" fill="#fdf3dc" stroke="#b08a3a">'
                   f'{title(_tile_tip(comp, tile["id"]))}</rect><text x="{x + 4}" '
                   f'y="{y + 17}" font-size="10">{escape(tile["id"])}</text>')
        for j, pearl_here in enumerate(spots):
            px = x + 40 + j * 15
            if pearl_here is not None:
                out.append(pearl(pearl_here, px, y + 13))
                continue
            need = RAINBOW if j + 1 in lit else needs[j]
            choices = fills.get((tile["id"], str(j + 1)), [])
            one = choices[0][0] if len(choices) == 1 else None
            fill = "url(#rainbow)" if need == RAINBOW else "#fff"
            stroke = "#999" if need == RAINBOW else PEARL_FILL[COLOURS[need]]
            letter = "" if need == RAINBOW else PEARL_LETTER[COLOURS[need]]
            wants = f"spot {j + 1}: wants " + (letter or "any colour")
            if one:
                wants += f"; click to {one}"
            named = piece(f"spot:{tile['id']}:{j + 1}", "-") if one else ""
            out.append(f'<g{target(one, legal)}{named}><circle cx="{px}" cy="{y + 13}" r="6" '
                       f'fill="{fill}" stroke="{stroke}" stroke-width="1.5" '
                       f'stroke-dasharray="2 1">{title(wants)}</circle>'
                       f'<text x="{px}" y="{y + 16}" font-size="7" text-anchor="middle" '
                       f'fill="#555" pointer-events="none">{letter}</text></g>')
            if len(choices) > 1:
                seen: dict[tuple[str | None, bool], int] = {}
                looks = [(c, a.endswith("light fairy")) for a, c, _ in choices]
                for k, (action, colour, words) in enumerate(choices):
                    look = looks[k]
                    seen[look] = seen.get(look, 0) + 1
                    number = seen[look] if looks.count(look) > 1 else 0
                    out.append(spot_badge(px, y + 36 + k * 14, colour, action, words, legal,
                                           f"spot:{tile['id']}:{j + 1}:{k}", number))
                row_h = max(row_h, 36 + 14 * len(choices))
        out.append("</g>")
        x += w + 6
    return "".join(out), y + row_h


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
    # The hand, then the fairies: paid, used or kept by clicking them.
    hand, bottom, x = _hand(p, mine, legal, 10.0, y)
    out.append(hand)
    out.append(f'<g{piece(f"fairies:{seat}", sorted(p["fairies"].items()))}>')
    x += 6
    for kind, n in p["fairies"].items():
        action = (first_legal((f"pay {kind} fairy", f"use {kind} fairy"), legal)
                  if mine else None)
        tip = f"{n} {kind} fair{'ies' if n != 1 else 'y'}: {_FAIRY_POWER.get(kind, 'a fairy')}"
        if action:
            tip += f"; click to {action}"
        out.append(fairy(x + 13, y + 22, kind, n, action, legal, f"fairy:{seat}:{kind}", tip,
                         r=13))
        x += 32
    out.append("</g>")
    y = bottom + 6
    # The alpaca: lake discards are made on its pearls.
    out.append(f'<text x="10" y="{y + 14}" font-size="11">alpaca</text>'
               f'<g{piece(f"alpaca:{seat}", sorted(p["alpaca"].items()))}>')
    discard = (lambda c: first_legal((f"discard {c}",), legal)) if mine else None
    out.append(_pearls(p["alpaca"], 60, y + 10, per_row=24, action_of=discard, legal=legal,
                       name=f"alpaca:{seat}") + "</g>")
    if p["alpaca_cards"]:
        out.append(f'<text x="{PANEL_W - 10}" y="{y + 14}" font-size="10" text-anchor="end">'
                   f'cards: {escape(", ".join(p["alpaca_cards"]))}</text>')
    y += 26
    # Markaya befriended, their spots filled or wanted.
    markaya, y = _markaya(p, mine, legal, comp, y)
    out.append(markaya)
    height = y + 6
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
