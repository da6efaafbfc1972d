"""The Wayfarers table drawn for the web (``upriver.core.drawing`` describes the contract).

The main board as the rulebook lays it out: Townsfolk and Land rows on the left with their piles
at the left end (slot 1 nearest the centre, on the right), Space and Water rows on the right with
their piles at the right end, the Inspiration column down the right edge (WF-ACQ-02); the
Journal Track with the markers and Green Workers, and the Upgrade Tiles in supply. Then each
player's board: dice, Rest, Silver, Provisions, Influence, Workers, Guilds, the Capital's
sites, the cards of their panorama and the caravan. Every decision but the ``PASSES`` is taken
on the piece it is about (``board_targets``); a piece carrying several gets a badge for each.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from html import escape
from typing import Any

from upriver.core.drawing import name, piece, seat_names, target_attrs, title
from upriver.games.wayfarers.board_icons import (
    BADGE,
    GUILD_COLOURS,
    WORKER_COLOURS,
    badges,
    coin,
    die,
    disc,
    sack,
    worker,
)
from upriver.games.wayfarers.board_targets import PASSES, Targets
from upriver.games.wayfarers.card_words import describe, effect, tag_words
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.render import step_words, this_turn

__all__ = ["PASSES", "opponent_colour", "render", "seat_colours"]

WIDTH = 1040
CARD_W, CARD_H = 104, 66
SEAT_COLOURS = ("#d9534f", "#5b8fc7", "#e0a526", "#5cb85c")
OPPONENT_COLOUR = "#6b4c9a"
ROW_WORKERS = {"townsfolk": ("green",), "land": ("green", "yellow"),
               "water": ("green", "blue"), "space": (), "inspiration": ("green", "yellow", "blue")}
TILE_FILLS = {"basic": "#e9dcc0", "land": "#cfe3b8", "water": "#bcd6ee", "space": "#d6c8ea",
              "special": "#f3c6dc"}
# The key of a piece a player's panel draws if that player is the one to move, else "".
Mine = Callable[[str], str]
JOURNAL_SPACES = (0, 10, 15, 20, 23, 27, 32, 36, 40, 43, 47, 50, 55, 60, 63, 67, 72, 76, 80, 83,
                  87, 90, 95, 100, 102, 103, 106, 107)


class _Board:
    """One drawing under way: the SVG parts so far and the targets still to place."""

    def __init__(self, view: dict[str, Any], names: list[str] | None) -> None:
        self.view = view
        self.people = seat_names(names, len(view["players"]))
        self.targets = Targets.of(view.get("legal_actions") or [])
        self.out: list[str] = []

    def add(self, *parts: str) -> None:
        self.out.extend(parts)

    def body(self, key: str) -> str:
        """The target attributes of a piece's body: its decision when it carries one."""
        return target_attrs(self.targets.body(key))

    def badges(self, key: str, x: float, y: float, across: bool = True) -> float:
        """Draw a piece's badges from (x, y); returns where the row (or column) ends."""
        found = self.targets.badges(key)
        self.add(badges(key, found, x, y, across))
        return x + len(found) * (BADGE + 2) if across else x

    # --- the main board ----------------------------------------------------------------

    def card(self, x: float, y: float, c: dict[str, Any] | None, row: str, slot: int) -> None:
        """A card on display: its body (take it), its Influence spot and its Worker spaces,
        with the worker action of its slot in the tooltip."""
        action = self.view["rows"][row]["actions"][slot]
        if c is None:
            self.add(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" fill="none" '
                     f'stroke="#ccc" stroke-dasharray="3">'
                     f'{title(f"empty {row} slot {slot + 1}")}</rect>')
            return
        cid = c["id"]
        tip = describe(c) + (f" Worker space here: {effect(action)}." if action else "")
        self.mini_card(x, y, CARD_W, CARD_H, c, tip, f"{row}{slot + 1}",
                       (c["id"], c.get("influence"), c.get("workers", [])))
        self.influence_spot(x + CARD_W - 9, y + 9, cid, c.get("influence"))
        on = c.get("workers", [])
        for k, colour in enumerate(ROW_WORKERS[row]):
            self.worker_space(x + 4 + 16 * k, y + 30, cid, colour, colour in on)
        bx = self.badges(f"card:{cid}", x + 2, y + CARD_H - BADGE - 2)
        for colour in ROW_WORKERS[row]:
            bx = self.badges(f"worker:{cid}:{colour}", bx, y + CARD_H - BADGE - 2)
        self.badges(f"influence:{cid}", bx, y + CARD_H - BADGE - 2)

    def mini_card(self, x: float, y: float, w: float, h: float, c: dict[str, Any], tip: str,
                  key: str, state: object) -> None:
        label = c["id"] if c["name"] == c["id"] else f"{c['id']} {c['name']}"
        chars = int(w / 6.2)
        self.add(f'<g{self.body("card:" + c["id"])}{piece(key, state)}>'
                 f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fffaf0" '
                 f'stroke="#a07040"/>{title(tip)}'
                 f'<text x="{x + 4}" y="{y + 12}" font-size="10">{escape(label[:chars])}</text>'
                 f'<text x="{x + 4}" y="{y + 24}" font-size="8.5">'
                 f'{escape(tag_words(c.get("tags", []))[:chars + 4])}</text></g>')

    def influence_spot(self, x: float, y: float, cid: str, owner: int | None) -> None:
        # In solo the automated opponent holds Influence too, as the seat after the human's.
        theirs = owner is not None and owner >= len(self.people)
        colour = ("#fff" if owner is None else OPPONENT_COLOUR if theirs
                  else SEAT_COLOURS[owner % 4])
        who = ("no one's Influence yet" if owner is None else "the opponent's Influence"
               if theirs else f"{self.people[owner]}'s Influence")
        dash = "" if owner is not None else ' stroke-dasharray="2 1.5"'
        tip = title(f"Influence spot of {cid}: {who}")
        self.add(f'<g{self.body("influence:" + cid)}{piece(f"influence-{cid}", owner)}>'
                 f'<circle cx="{x}" cy="{y}" r="7" fill="{colour}" stroke="#555"{dash}/>'
                 f'{tip}</g>')

    def worker_space(self, x: float, y: float, cid: str, colour: str, taken: bool) -> None:
        what = f"a {colour} Worker" if taken else f"space for a {colour} Worker"
        self.add(f'<g{self.body(f"worker:{cid}:{colour}")}'
                 f'{piece(f"worker-{cid}-{colour}", taken)}>'
                 f'<rect x="{x - 1}" y="{y - 1}" width="16" height="16" rx="3" fill="#fff" '
                 f'stroke="#ddd"/>{worker(x, y, 14, WORKER_COLOURS[colour], taken)}'
                 f'{title(f"{cid}: {what}")}</g>')

    def pile(self, x: float, y: float, row: str, left: int) -> None:
        self.add(f'<g{self.body("pile:" + row)}{piece(f"pile-{row}", left)}>'
                 f'<rect x="{x}" y="{y}" width="46" height="{CARD_H}" rx="4" fill="#e8dcc8" '
                 f'stroke="#a07040"/>{title(f"the {row} draw pile: {left} cards")}'
                 f'<text x="{x + 5}" y="{y + 18}" font-size="9">{escape(row)}</text>'
                 f'<text x="{x + 5}" y="{y + 32}" font-size="9">{left} left</text></g>')
        if row in ("land", "water"):  # draw 3, keep 1 (WF-ACQ-08)
            self.badges("pile:" + row, x, y + CARD_H + 2, across=False)

    def rows(self) -> None:
        rows = self.view["rows"]
        for row, x0, y, reverse in (("townsfolk", 70, 10, True), ("land", 70, 80, True),
                                    ("space", 520, 10, False), ("water", 520, 80, False)):
            xs = [x0 + (CARD_W + 6) * k for k in range(4)]
            self.pile(x0 - 52 if reverse else x0 + 4 * (CARD_W + 6), y, row, rows[row]["pile"])
            for k, c in enumerate(rows[row]["slots"]):
                self.card(xs[::-1][k] if reverse else xs[k], y, c, row, k)
        insp = rows["inspiration"]
        ix = WIDTH - CARD_W - 10
        self.add(f'<text x="{ix}" y="166" font-size="9">inspiration: {insp["pile"]} '
                 f'left</text>')
        for k, c in enumerate(insp["slots"]):  # slot 1 at the bottom
            self.card(ix, 172 + (CARD_H + 4) * (3 - k), c, "inspiration", k)

    def journal(self, y: float) -> float:
        v = self.view
        self.add(f'<text x="10" y="{y}" font-size="11">Journal Track (sides '
                 f'{"".join(v["sides"])})</text>')
        greens = set(v.get("green_workers", []))
        for sp in JOURNAL_SPACES:
            col, rowd = sp // 10, sp % 10
            cx, cy = 24 + col * 78, y + 16 + rowd * 14
            if rowd == 0 and col in greens:
                tip = title("a Green Worker: the first to enter a space beside it takes it")
                self.add(f'<g{piece(f"green-{col}", True)}>'
                         f'{worker(cx + 28, cy - 12, 12, WORKER_COLOURS["green"])}{tip}</g>')
            tile = v["journal_tiles"].get(str(sp), "")
            tip = f"Journal space {sp}" + (f": Journal Tile, {effect(tile)}" if tile else "")
            self.add(f'<g{self.body(f"journal:{sp}")}{piece(f"journal-{sp}", sp)}>'
                     f'<circle cx="{cx}" cy="{cy}" r="6.5" fill="{"#f3e3b0" if tile else "#fff"}" '
                     f'stroke="#555"/>{title(tip)}</g>')
            here = [s for s, p in enumerate(v["players"]) if p["journal"] == sp]
            for k, s in enumerate(here):
                self.add(f'<circle cx="{cx + 10 + 6 * k}" cy="{cy}" r="4" '
                         f'fill="{SEAT_COLOURS[s % 4]}" stroke="#222"'
                         f'{piece(f"marker{s}", sp)}>{title(self.people[s])}</circle>')
            opp = v.get("opponent")
            if opp and opp["journal"] == sp:
                self.add(f'<circle cx="{cx + 10 + 6 * len(here)}" cy="{cy}" r="4" '
                         f'fill="{OPPONENT_COLOUR}" stroke="#222"'
                         f'{piece("marker-opponent", sp)}>{title("the opponent")}</circle>')
            self.badges(f"journal:{sp}", cx + 8, cy + 5)
        return y + 16 + 10 * 14

    def tiles(self, y: float) -> float:
        """The Upgrade Tiles in supply, a piece per tile and face (a Land or Water tile may be
        laid either face up, WF-UPG-08), each with how many are left."""
        left = self.view["tiles_left"]
        self.add(f'<text x="10" y="{y}" font-size="11">Upgrade Tiles</text>')
        x, row_y = 10.0, y + 6
        for t in load().tiles:
            colour = ("basic", "land", "water", "space", "special")[t.colour]
            if colour == "special" and x > 10 and row_y == y + 6:
                x, row_y = 10.0, row_y + 50
            for face in ("a", "b") if len(t.faces) > 1 else ("",):
                key = f"tile:{t.id}:{face}"
                label = t.id.split("-", 1)[1].replace("-", " ")
                tip = (f"Upgrade Tile {t.id}" + (f", face {face}" if face else "")
                       + f" ({colour}, {t.width}x{t.height} cells"
                       + (f", {t.vp} VP" if t.vp else "") + f"): {left[t.id]} left")
                self.add(f'<g{self.body(key)}{piece(f"tile-{t.id}-{face}", left[t.id])}>'
                         f'<rect x="{x}" y="{row_y}" width="44" height="28" rx="3" '
                         f'fill="{TILE_FILLS[colour]}" stroke="#777"/>{title(tip)}'
                         f'<text x="{x + 3}" y="{row_y + 11}" font-size="8">'
                         f'{escape(label[:10])}</text><text x="{x + 3}" y="{row_y + 23}" '
                         f'font-size="8">{escape(face)} \u00d7{left[t.id]}</text></g>')
                self.badges(key, x, row_y + 30)
                x += 48
        return row_y + 54

    # --- the players --------------------------------------------------------------------

    def player(self, s: int, p: dict[str, Any], y: float) -> float:
        v = self.view
        mover = v["to_move"] == s and not v.get("over")
        mark = "\u25b6 " if mover else ""
        looks = (p["silver"], p["provisions"], p["dice"], p["journal"], p["guilds"],
                 p["workers"])
        self.add(f'<rect x="4" y="{y}" width="{WIDTH - 8}" height="236" rx="6" fill="none" '
                 f'stroke="{SEAT_COLOURS[s % 4]}" stroke-width="{2.5 if mover else 1}"/>',
                 f'<text x="12" y="{y + 15}" font-size="12"{piece(f"seat{s}", looks)}>'
                 f'<tspan fill="{SEAT_COLOURS[s % 4]}">\u25cf</tspan> {escape(mark)}'
                 f'{name(self.people[s], 24)} (board {p["board"]}, journal {p["journal"]})'
                 f'</text>')
        mine = (lambda key: key) if mover else (lambda key: "")
        self.dice(s, p, 12, y + 24, mine)
        self.stock(s, p, 290, y + 24, mine)
        self.guilds(s, p, 600, y + 22, mine)
        self.capital(s, p, 12, y + 96, mine)
        self.caravan(s, p, WIDTH - 222, y + 96, mine)
        self.panorama(s, p, 12, y + 158)
        return y + 244

    def dice(self, s: int, p: dict[str, Any], x: float, y: float, mine: Mine) -> None:
        """The dice in supply, in the order the steps count them; the die a step is about (the
        one to place) carries that step's decisions."""
        pending = (self.view.get("this_turn") or {}).get("pending") or [{}]
        to_place = pending[0].get("die") if pending[0].get("step") == "place a die" else None
        values = p["dice_in_order"]
        order = list(range(len(values)))
        if to_place is not None and to_place < len(values):
            order.remove(to_place)
            order.insert(0, to_place)
        first: dict[int, int] = {}
        for k in order:
            first.setdefault(values[k], k)
        for k, value in enumerate(values):
            key = mine(f"die:{value}") if first[value] == k else ""
            lift = -4 if k == to_place else 0
            dx = x + k * 48
            tip = f"a die showing {value}" + (" (the die to place)" if k == to_place else "")
            self.add(f'<g{self.body(key) if key else ""}{piece(f"die-{s}-{k}", value)}>'
                     f'{die(dx, y + 4 + lift, value, 26)}{title(tip)}</g>')
            if key:
                self.badges(key, dx + 28, y, across=False)
        self.add(f'<text x="{x}" y="{y + 50}" font-size="9">{len(values)} in supply, '
                 f'{p["reserve"]} in reserve</text>')

    def stock(self, s: int, p: dict[str, Any], x: float, y: float, mine: Mine) -> None:
        """Rest, Silver, Provisions, the Influence in supply and the Workers at hand."""
        rest = mine("rest")
        self.add(f'<g{self.body(rest) if rest else ""}{piece(f"rest-{s}", 0)}>'
                 f'<path d="M{x},{y + 30} L{x + 18},{y + 2} L{x + 36},{y + 30} Z" '
                 f'fill="#e8d7b0" stroke="#7a5230"/>{title("Rest: take back your dice")}'
                 f'<text x="{x + 6}" y="{y + 44}" font-size="9">Rest</text></g>')
        for k, (key, what, amount) in enumerate((("silver", "Silver", p["silver"]),
                                                 ("provisions", "Provisions",
                                                  p["provisions"]))):
            cx = x + 62 + 40 * k
            draw = coin if key == "silver" else sack
            mk = mine(key)
            self.add(f'<g{self.body(mk) if mk else ""}{piece(f"{key}-{s}", amount)}>'
                     f'{draw(cx, y + 16, 14, str(amount))}{title(f"{what}: {amount}")}</g>')
            if mk:
                self.badges(mk, cx - 14, y + 34)
        supply = p["influence"]
        self.add(f'<g{piece(f"supply-{s}", supply)}>'
                 f'{disc(x + 142, y + 16, 13, SEAT_COLOURS[s % 4], str(supply))}'
                 f'{title(f"Influence in supply: {supply}")}</g>')
        for k, colour in enumerate(("green", "yellow", "blue")):
            n = p["workers"][colour]
            wx = x + 170 + 44 * k
            tip = title(f"{n} {colour} Worker{'' if n == 1 else 's'} at hand")
            self.add(f'<g{piece(f"workers-{s}-{colour}", n)}>'
                     f'{worker(wx, y + 4, 22, WORKER_COLOURS[colour], n > 0)}'
                     f'<text x="{wx + 24}" y="{y + 22}" font-size="11">{n}</text>{tip}</g>')

    def guilds(self, s: int, p: dict[str, Any], x: float, y: float, mine: Mine) -> None:
        """The three Guilds: this player's Influence in each (a decision to add Influence is
        taken on its Guild), and the Guild abilities (yellow: change dice; blue: hire a
        ship)."""
        words = {"black": "Science", "yellow": "Trade", "blue": "Exploration"}
        for k, g in enumerate(("black", "yellow", "blue")):
            gx = x + k * 142
            key = mine(f"guild:{g}")
            n = p["guilds"][g]
            tip = title(f"{words[g]} Guild ({g}): {n} Influence")
            self.add(f'<g{self.body(key) if key else ""}{piece(f"guild-{s}-{g}", n)}>'
                     f'<rect x="{gx}" y="{y}" width="96" height="44" rx="5" fill="#fbfaf6" '
                     f'stroke="{GUILD_COLOURS[g]}" stroke-width="2"/>{tip}'
                     f'<text x="{gx + 5}" y="{y + 13}" font-size="9">{words[g]}</text>'
                     f'{disc(gx + 20, y + 29, 11, GUILD_COLOURS[g], str(n))}</g>')
            use = mine(f"guild-use:{g}") if g != "black" else ""
            if use:
                what = ("change your dice by 2 (one die by 2 or two by 1)" if g == "yellow"
                        else "a Ship for this die")
                label = "\u00b1 dice" if g == "yellow" else "ship"
                self.add(f'<g{self.body(use)}{piece(f"guild-use-{s}-{g}", 0)}>'
                         f'<rect x="{gx + 99}" y="{y + 16}" width="40" height="24" rx="4" '
                         f'fill="#fff" stroke="{GUILD_COLOURS[g]}"/>'
                         f'{title(f"Spend 1 {g} Influence: {what}")}'
                         f'<text x="{gx + 102}" y="{y + 32}" font-size="9">{label}</text></g>')
                self.badges(use, gx + 99, y + 46)
            if key:
                self.badges(key, gx, y + 46)

    def capital(self, s: int, p: dict[str, Any], x: float, y: float, mine: Mine) -> None:
        """The Capital (the Player Board): its six die spaces and the Sky (its Star card)."""
        sites = [*p["capital"], {"name": "Capital Sky", "die": False,
                                 "inspiration": p.get("sky_inspiration")}]
        for k, site in enumerate(sites):
            sx = x + k * 88
            short = site["name"].replace("Capital ", "")
            key = mine(f"card:{site['name']}")
            extra = [f"{site['townsfolk']} tucked under" if site.get("townsfolk") else "",
                     f"{site['inspiration']} tucked above" if site.get("inspiration") else ""]
            tip = (f"{site['name']}, on {self.people[s]}'s board"
                   + "".join(f"; {e}" for e in extra if e))
            looks = tuple(site.items())
            self.add(f'<g{self.body(key) if key else ""}{piece(f"site-{s}-{short}", looks)}>'
                     f'<rect x="{sx}" y="{y}" width="84" height="40" rx="4" fill="#f4efe2" '
                     f'stroke="#8a7a5a"/>{title(tip)}'
                     f'<text x="{sx + 4}" y="{y + 12}" font-size="9">{escape(short)}</text>'
                     f'<text x="{sx + 4}" y="{y + 35}" font-size="8">'
                     f'{escape(" ".join(e.split()[0] for e in extra if e))}</text></g>')
            if site["die"]:
                self.die_on(sx + 56, y + 8, site["name"], mine)
            if key:
                self.badges(key, sx, y + 42)

    def die_on(self, x: float, y: float, host: str, mine: Mine) -> None:
        """A die placed on a space: refreshing it is taken on the die."""
        key = mine(f"die-on:{host}")
        self.add(f'<g{self.body(key) if key else ""}{piece(f"die-on-{host}", True)}>'
                 f'{die(x, y, 1, 22, "#ddd", "#ddd")}{title(f"a die placed on {host}")}</g>')
        if key:
            self.badges(key, x + 24, y)

    def caravan(self, s: int, p: dict[str, Any], x: float, y: float, mine: Mine) -> None:
        """The caravan: 6 columns (one per die face) by 3 rows; a Camel printed in column 1,
        a Telescope in column 6 (WF-UPG-05)."""
        self.add(f'<text x="{x}" y="{y - 3}" font-size="9">caravan</text>')
        for i, cell in enumerate(p["caravan"]):
            col, row = i % 6, i // 6
            cx, cy = x + 36 * col, y + 20 * row
            key = mine(f"cell:{col + 1}:{row + 1}")
            printed = {0: "camel", 5: "telescope"}.get(i)
            tile = (p.get("caravan_tiles") or [None] * 18)[i]
            fill = (TILE_FILLS[tile["tile"].split("-")[0]] if tile else
                    "#eee" if printed else "#fff")
            kind, _, icons = (cell or "").partition(":")
            shows = f", showing {icons.replace('+', ' and ')}" if icons else ""
            tip = (f"column {col + 1} row {row + 1}: "
                   + (f"a {kind} tile{shows}" if cell else f"printed {printed}" if printed
                      else "empty"))
            self.add(f'<g{self.body(key) if key else ""}{piece(f"cell-{s}-{i}", cell)}>'
                     f'<rect x="{cx}" y="{cy}" width="34" height="18" fill="{fill}" '
                     f'stroke="#888"/>{title(tip)}<text x="{cx + 2}" y="{cy + 12}" '
                     f'font-size="7">{escape((cell or printed or "").split(":")[-1][:8])}'
                     f'</text></g>')

    def panorama(self, s: int, p: dict[str, Any], x: float, y: float) -> None:
        """The player's Land and Water cards, each with the Space card above it, the
        Townsfolk under it and a die on it."""
        mover = self.view["to_move"] == s
        cards = p["lands"] + p["waters"]
        if not cards:
            self.add(f'<text x="{x}" y="{y + 20}" font-size="9">no Land or Water cards yet'
                     f'</text>')
        for k, host in enumerate(cards):
            cx = x + (k % 12) * 84
            cy = y + (k // 12) * 70
            c = host["card"]
            cid = c["id"]
            looks = (host.get("townsfolk"), host["die"])
            if host.get("space"):
                sid = host["space"]
                above = sid + (" + " + host["inspiration"] if host.get("inspiration") else "")
                self.add(f'<g{self.body("card:" + sid) if mover else ""}'
                         f'{piece(f"above-{cid}", above)}>'
                         f'<rect x="{cx}" y="{cy}" width="80" height="14" rx="3" fill="#ece6f7" '
                         f'stroke="#7a6aa0"/>{title(f"Space card {sid} above {cid}")}'
                         f'<text x="{cx + 3}" y="{cy + 10}" font-size="8">{escape(above)}'
                         f'</text></g>')
                if mover:
                    self.badges("card:" + sid, cx + 82, cy)
            tip = describe(c) + (f" {host['townsfolk']} is tucked under it."
                                 if host.get("townsfolk") else "")
            if mover:
                self.mini_card(cx, cy + 16, 80, 40, c, tip, f"own-{cid}", looks)
                self.badges("card:" + cid, cx, cy + 58)
            else:
                tags = escape(tag_words(c.get("tags", []))[:16])
                self.add(f'<g{piece(f"own-{cid}", looks)}>'
                         f'<rect x="{cx}" y="{cy + 16}" width="80" height="40" rx="4" '
                         f'fill="#fffaf0" stroke="#a07040"/>{title(tip)}'
                         f'<text x="{cx + 4}" y="{cy + 28}" font-size="10">{escape(cid)}'
                         f'</text><text x="{cx + 4}" y="{cy + 40}" font-size="8.5">{tags}</text>'
                         f'</g>')
            if host.get("townsfolk"):
                self.add(f'<text x="{cx + 4}" y="{cy + 52}" font-size="8">'
                         f'+{escape(host["townsfolk"])}</text>')
            if host["die"]:
                self.die_on(cx + 56, cy + 30, c["id"], (lambda k: k) if mover else
                            (lambda k: ""))

    # --- the turn under way --------------------------------------------------------------

    def now(self, y: float) -> float:
        """The step the mover is on, in words, and the cards it is about (the drawn cards to
        keep one of, the Inspiration card to tuck or discard)."""
        v = self.view
        turn = v.get("this_turn") or {}
        pending = turn.get("pending") or []
        if pending:  # wrapped at the board's width (about 6 units a letter)
            words = step_words(pending[0])
            lines = textwrap.wrap(f"Now: {words}", (WIDTH - 20) // 6) or [""]
            spans = "".join(f'<tspan x="10" dy="{0 if k == 0 else 14}">{escape(line)}</tspan>'
                            for k, line in enumerate(lines))
            self.add(f'<text x="10" y="{y + 12}" font-size="11" font-weight="600"'
                     f'{piece("now", words)}>{spans}</text>')
            y += 4 + 14 * len(lines)
        cards = list(v["drawn"]) if isinstance(v.get("drawn"), list) else []
        for step in pending[:1]:
            if step.get("step") in ("inspiration", "tuck a townsfolk"):
                cards.append(step["card"])
        for k, cid in enumerate(cards):
            cx = 10 + k * 96
            self.add(f'<g{self.body("card:" + cid)}{piece(f"hand-{cid}", cid)}>'
                     f'<rect x="{cx}" y="{y}" width="90" height="36" rx="4" fill="#fffaf0" '
                     f'stroke="#a07040"/>{title(f"{cid}: the card this step is about")}'
                     f'<text x="{cx + 4}" y="{y + 14}" font-size="10">{escape(cid)}</text>'
                     f'</g>')
            self.badges("card:" + cid, cx, y + 38)
        if cards:
            y += 62
        if turn:
            lines = this_turn(turn)
            self.add(f"<g{piece('this-turn', ' / '.join(lines))}>")
            for line in lines:
                self.add(f'<text x="10" y="{y + 12}" font-size="10">{escape(line.strip())}'
                         f'</text>')
                y += 13
            self.add("</g>")
        return y + 6

    def left_over(self, y: float) -> float:
        """Any decision no piece above carried, as a badge each (a safety net: the tests
        check that the drawing leaves none)."""
        rest = self.targets.left_over()
        for k, action in enumerate(rest):
            self.add(badges(f"other{k}", [(("number", str(k + 1)), action)], 10 + k * 22, y))
        return y + (24 if rest else 0)


def opponent_colour(view: dict[str, Any]) -> str | None:
    """The solo opponent's colour on this board (None outside solo)."""
    return OPPONENT_COLOUR if view.get("opponent") else None


def seat_colours(view: dict[str, Any]) -> list[str]:
    """Each seat's colour on this board, for the page to show beside its name."""
    return [SEAT_COLOURS[s % 4] for s in range(len(view["players"]))]


def render(view: dict[str, Any], names: list[str] | None = None) -> str:
    board = _Board(view, names)
    board.rows()
    y = board.journal(166)
    y = board.tiles(y + 14)
    y = max(y, 172 + 4 * (CARD_H + 4)) + 6
    for s, p in enumerate(view["players"]):
        y = board.player(s, p, y)
    if view.get("opponent"):
        y = _opponent(board.out, view["opponent"], int(y))
    y = board.now(y)
    y = board.left_over(y)
    height = y + 8
    return (f'<div class="board"><svg xmlns="http://www.w3.org/2000/svg" class="board-main" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
            f'font-family="sans-serif">{"".join(board.out)}</svg></div>')


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
