"""Text rendering of a The River view for the terminal."""

from __future__ import annotations

from typing import Any

from upriver.core.text import fold


def _tile(t: dict[str, Any] | None) -> str:
    if t is None:
        return "."
    text = f"{t['id']} {'/'.join(t['terrains'])}"
    if t["symbols"]:
        text += " " + "+".join(t["symbols"])
    if t.get("meadow"):
        text += f" [{t['meadow']}]"
    return text


def _cost(cost: dict[str, int]) -> str:
    return " ".join(f"{n} {k}" for k, n in cost.items() if n) or "free"


def _card(b: dict[str, Any]) -> str:
    """``B28 (3 wood 1 stone 1 clay; 8 VP)``."""
    return f"{b['id']} ({_cost(b['cost'])}; {b['points']} VP)"


def _short_card(b: dict[str, Any]) -> str:
    """``B28 3w 1s 1c 8VP``."""
    cost = " ".join(f"{n}{k[0]}" for k, n in b["cost"].items() if n)
    return f"{b['id']} {cost} {b['points']}VP"


def _reserved(p: dict[str, Any]) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = p.get("reserved_cards") or [
        {"id": r, "cost": {}, "points": "?"} for r in p.get("reserved", [])]
    return cards


def _round_notes(p: dict[str, Any]) -> str:
    """``, 1 set aside, 1 framed space covered``: what this round did, when anything."""
    out = ""
    if p.get("set_aside"):
        out += f", {p['set_aside']} set aside"
    if p.get("framed_covered_this_round"):
        n = p["framed_covered_this_round"]
        out += f", {n} framed space{'s' if n > 1 else ''} covered"
    return out


def _token_piles(view: dict[str, Any]) -> str:
    """``left pile: 5 on top, 10 tokens; right pile: 9 tokens worth 0``."""
    left = view["token_piles"]["left"]
    right = view["token_piles"]["right"]
    top = f"{left[0]} on top, {len(left)} tokens" if left else "empty"
    return f"left pile {top}; right pile {right} tokens worth 0"


SPOT_NAMES = {"terrain": "the terrain island", "construct": "the construction site"}


def _crowds(view: dict[str, Any]) -> list[str]:
    """``pioneers on the terrain island: seat 0 x2, seat 1 x1``, for each unlimited spot
    where any pioneer stands."""
    out = []
    for spot, counts in (view.get("unlimited_spots") or {}).items():
        here = [f"seat {s} x{n}" for s, n in enumerate(counts) if n]
        if here:
            out.append(f"pioneers on {SPOT_NAMES.get(spot, spot)}: {', '.join(here)}")
    return out


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def decision(view: dict[str, Any]) -> list[str]:
    """What the table sees of the decision under way, each in a few words."""
    out = []
    if view.get("prelim_order"):
        out.append(f"still to pick a starting tile: {_seats(view['prelim_order'])}")
    if view.get("swap_first"):
        out.append(f"swap: space {view['swap_first']} chosen first")
    if view.get("covering_tile"):
        out.append(f"{view['covering_tile']} covered these resources; its meadow follows")
    if view.get("turn_goes_on"):
        out.append("storing a trade's food: the turn goes on after")
    return out


def text(view: dict[str, Any]) -> str:
    lines = [f"=== The River - round {view['round']} ===", f"Step: {view['step']}"]
    lines += [f"  {d}" for d in decision(view)]
    if view["to_move"] is not None:
        lines.append(f"To decide: seat {view['to_move']}")
    lines.append(f"First player pawn: seat {view['first_player']}"
                 + ("   (end of game triggered)" if view["end_triggered"] else ""))
    if "opening_player" in view:
        lines.append(f"Opening player (round 1): seat {view['opening_player']}")
    lines.append("Islands: " + ", ".join(f"{k} {v}" for k, v in view["islands"].items()))
    lines.append("Terrain island: " + ("; ".join(_tile(t) for t in view["terrain_display"])
                                       or "empty") + f"  (stack {view['terrain_stack']})")
    if view["terrain_removed"]:
        lines.append("Removed from the game: " + ", ".join(view["terrain_removed"]))
    cards = []
    for b in view["building_display"]:
        if b is None:
            cards.append("-")
        else:
            cost = " ".join(f"{n} {k}" for k, n in b["cost"].items() if n)
            cards.append(f"{b['id']} ({cost}; {b['points']} VP)")
    lines.append("Buildings: " + "; ".join(cards) + f"  (deck {view['building_deck']})")
    lines.append("Bonus tokens: " + _token_piles(view))
    if view.get("tokens_out_of_play"):
        lines.append("Bonus tokens out of play: "
                     + ", ".join(str(v) for v in view["tokens_out_of_play"]))
    taken = ", ".join(f"{k}: seat {v}" for k, v in view["spots"].items() if v is not None)
    lines.append("Taken spots: " + (taken or "none"))
    lines += [c[0].upper() + c[1:] for c in _crowds(view)]
    for p in view["players"]:
        you = " (you)" if p["seat"] == view["viewer"] else ""
        lines.append("")
        lines.append(f"Seat {p['seat']}{you} - {p['colour']}: boat {p['boat']}, "
                     f"settled {p['settled']}, claims this round {p['claims_this_round']}"
                     + _round_notes(p))
        res = ", ".join(f"{n} {k}" for k, n in p["resources"].items() if n) or "none"
        prod = ", ".join(f"{n} {k}" for k, n in p["production"].items())
        lines.append(f"  resources: {res} (warehouses {p['warehouses']}); production {prod}")
        grid = [["."] * 4 for _ in range(3)]
        for cell in p["river"]:
            # One letter per stored resource on the space: w(ood), s(tone), c(lay), f(ood).
            held = "".join(k[0] * n for k, n in cell["stored"].items())
            grid[cell["row"] - 1][cell["column"] - 1] = (
                f"{cell['space']}:" + (cell["tile"]["id"] if cell["tile"] else ".")
                + (f"[{held}]" if held else ""))
        for row in grid:
            lines.append("  river " + "  ".join(c.ljust(10) for c in row))
        reserved = ", ".join(p["reserved"]) or "none"
        built = ", ".join(p["built"]) or "none"
        tokens = ", ".join(str(v) for v in p["tokens"]) or "none"
        lines.append(f"  reserved {reserved}; built {built}; tokens {tokens}; "
                     f"columns {p['columns']} VP, meadows {p['meadow_points']} VP")
    if view.get("pending"):
        lines.append("Waiting to be stored: " + ", ".join(
            f"{n} {k}" for k, n in view["pending"].items() if n))
    if view.get("covered"):
        lines.append("Off a covered warehouse, to move or lose: " + ", ".join(
            f"{n} {k}" for k, n in view["covered"].items() if n))
    for note in view.get("notes", []):
        lines.append(f"Note: {note}")
    return "\n".join(lines)


# ---------------------------------------------------------------- the terminal's short forms
# ``upriver play`` on a small terminal: a title, the view in short sections and a few words on
# what each action does, read from the view only.

INITIAL = {"wood": "w", "stone": "s", "clay": "c", "food": "f"}
MEADOW_EFFECTS = {
    "tokens": "scores for your bonus tokens at the end",
    "buildings": "scores for your buildings at the end",
    "pioneers": "scores for your settled pioneers at the end",
    "three points": "3 points at the end",
    "two food": "gives 2 food now",
    "two resources": "gives 2 resources of your choice now",
    "discount": "saves 1 resource on a later building",
    "extra claim": "allows one more claim in a round",
}


def headline(view: dict[str, Any]) -> str:
    """The game's name (The River has one edition and no modes)."""
    return "The River"


def progress(view: dict[str, Any]) -> str:
    text = f"round {view['round']}"
    return text + (" · end triggered" if view.get("end_triggered") else "")


def step(view: dict[str, Any]) -> str:
    """The step, with what the table sees of it: the space chosen first in a swap, the tile
    whose placing covered resources, a trade's food before the turn goes on."""
    text = str(view["step"])
    if view.get("swap_first"):
        text += f" (space {view['swap_first']} chosen first)"
    if view.get("covering_tile"):
        text += f" (covered by {view['covering_tile']})"
    if view.get("turn_goes_on"):
        text += " (then the turn goes on)"
    if len(view.get("prelim_order") or ()) > 1:
        text += f" (then {_seats(view['prelim_order'][1:])})"
    return text


def _res(items: dict[str, int], empty: str = "none") -> str:
    return ", ".join(f"{n} {k}" for k, n in items.items() if n) or empty


def _fold(items: list[str], width: int, indent: str = "  ", sep: str = " · ") -> list[str]:
    """Folded lines, continuation lines indented two spaces (``upriver.core.text.fold``)."""
    return fold(items, width, indent, sep)


def _short_tile(t: dict[str, Any]) -> str:
    """``T06 forest wood+warehouse``, a meadow with its effect."""
    return _tile(t).replace(" [", " (").replace("]", ")")


TERRAIN_SHORT = {"desert": "de", "badlands": "ba", "forest": "fo", "meadow": "me",
                 "mountains": "mo"}


def _river(p: dict[str, Any]) -> list[str]:
    """The river board as 3 rows of 4 spaces in their printed order (1-4, 8-5, 9-12): each
    space's terrains (de ba fo me mo) and what is stored there (w s c f)."""
    grid = [[""] * 4 for _ in range(3)]
    for cell in p["river"]:
        held = "".join(INITIAL.get(k, k[0]) * n for k, n in cell["stored"].items())
        tile = cell["tile"]
        land = "/".join(TERRAIN_SHORT.get(t, t[:2]) for t in tile["terrains"]) if tile else "."
        grid[cell["row"] - 1][cell["column"] - 1] = (
            f"{cell['space']}:{land}" + (f"[{held}]" if held else ""))
    return ["".join(c.ljust(12) for c in row) for row in grid]


def _seat_lines(view: dict[str, Any], p: dict[str, Any], width: int, mine: bool) -> list[str]:
    s = p["seat"]
    who = f"you (seat {s}, {p['colour']})" if mine else f"seat {s} ({p['colour']})"
    items = [f"{who}: {_res(p['resources'], 'no resources')}",
             f"{p['warehouses']} warehouses",
             "makes " + ", ".join(f"{n} {k}" for k, n in p["production"].items()),
             f"boat {p['boat']}, settled {p['settled']}" + _round_notes(p)]
    more = ["reserved " + (", ".join(_short_card(c) for c in _reserved(p)) or "none"),
            f"built {', '.join(p['built']) or 'none'}",
            "tokens " + (" ".join(str(v) for v in p["tokens"]) or "none"),
            f"columns {p['columns']} VP, meadows {p['meadow_points']} VP"]
    if not mine:
        return _fold(items + more, width)
    # One's own river, with the cards and points beside it when the screen is wide enough.
    river = _river(p)
    grid = len(river[0])
    if width - grid < 24:
        return _fold(items + more, width) + river
    beside = _fold(more, width - grid - 1)
    rows = max(len(river), len(beside))
    river += [" " * grid] * (rows - len(river))
    return _fold(items, width) + [(r + " " + (beside[i] if i < len(beside) else "")).rstrip()
                                  for i, r in enumerate(river)]


def compact(view: dict[str, Any], width: int = 80) -> list[dict[str, Any]]:
    """The view in short sections for a small terminal, each ``{"name", "lines", "rank"}``:
    ``you`` (the viewing seat's resources and river), ``board`` (islands, tiles, buildings,
    tokens, spots) and ``seats`` (the others). A lower rank matters more."""
    islands = ", ".join(f"{k} {v}" for k, v in view["islands"].items())
    board = _fold([f"islands {islands}"], width)
    tiles = [_short_tile(t) for t in view["terrain_display"]] or ["none"]
    board += _fold([f"tiles {tiles[0]}", *tiles[1:], f"stack {view['terrain_stack']}"],
                   width)
    cards = [("-" if b is None else _short_card(b)) for b in view["building_display"]]
    board += _fold([f"buildings {cards[0] if cards else 'none'}", *cards[1:],
                    f"deck {view['building_deck']}"], width)
    left = view["token_piles"]["left"]
    tokens = f"{left[0]} on top of {len(left)}" if left else "left pile empty"
    board += _fold([f"tokens {tokens}, then {view['token_piles']['right']} worth 0",
                    f"first player seat {view['first_player']}"], width)
    taken = [f"{k} s{v}" for k, v in view["spots"].items() if v is not None]
    board += _fold(["taken " + (", ".join(taken) or "none")], width)
    for crowd in _crowds(view):
        board += _fold([crowd], width)
    if view.get("terrain_removed"):
        board += _fold(["out of the game " + ", ".join(view["terrain_removed"])], width)
    waiting = []
    if view.get("pending"):
        waiting.append("to store: " + _res(view["pending"]))
    if view.get("covered"):
        waiting.append("off a covered warehouse: " + _res(view["covered"]))
    viewer = view.get("viewer")
    sections: list[dict[str, Any]] = []
    for p in view["players"]:
        if p["seat"] == viewer:
            lines = _seat_lines(view, p, width, True)
            sections.append({"name": "you", "lines": _fold(waiting, width) + lines, "rank": 0})
    if waiting and not sections:
        board += _fold(waiting, width)
    others = [ln for p in view["players"] if p["seat"] != viewer
              for ln in _seat_lines(view, p, width, False)]
    sections += [{"name": "board", "lines": board, "rank": 1},
                 {"name": "seats", "lines": others, "rank": 2}]
    return sections


def _find(view: dict[str, Any], key: str, ident: str) -> dict[str, Any] | None:
    for item in view.get(key) or []:
        if item is not None and item.get("id") == ident:
            found: dict[str, Any] = item
            return found
    return None


def describe(view: dict[str, Any], action: str) -> str:
    """A few words on what ``action`` does, from the view; empty when the words say it all."""
    words = action.split()
    me = next((p for p in view["players"] if p["seat"] == view.get("to_move")), None)
    if action.startswith("take starting tile "):
        tile = _find(view, "terrain_display", words[-1])
        return f"start your river with {_short_tile(tile)}" if tile else "start your river"
    if action.startswith("claim "):
        tile = _find(view, "terrain_display", words[1])
        what = _short_tile(tile) if tile else words[1]
        effect = MEADOW_EFFECTS.get(tile.get("meadow", "")) if tile else None
        return f"add {what} to your river" + (f"; {effect}" if effect else "")
    if words[0] == "produce" and me is not None:
        n = me["production"].get(words[1], 0)
        return f"take {words[1]} for your {n} {words[1]} symbols (plus any first-pioneer bonus)"
    if action.startswith("trade ") and "resources for" in action:
        return "before your pioneer: return resources for 1 food (a wild resource)"
    if action.startswith("take ") and "island" in action:
        return "the food island is empty: take this instead"
    if action == "take food":
        return "food stands in for any resource"
    if action.startswith("meadow: take "):
        return "one of the resources your meadow gives"
    if words[0] in ("reserve", "construct"):
        card = _find(view, "building_display", words[-1])
        if card is None and me is not None:
            card = next((c for c in _reserved(me) if c["id"] == words[-1]), None)
        what = _card(card) if card else words[-1]
        if words[0] == "reserve":
            return f"keep {what} face down, to build later for 1 resource less"
        saving = "; 1 resource less" if "reserved" in action else ""
        return f"pay for {what} and take a bonus token{saving}"
    if action == "take the first player pawn":
        return "you start the next round"
    if action == "swap two tiles":
        return "swap two tiles of your river (their resources move with them)"
    if action.startswith("swap"):
        return "the tiles change places; columns score by terrain"
    if action == "set a pioneer aside":
        return "nothing else is possible: the pioneer sits out this round"
    if action.startswith("trade: return "):
        return f"one of the 3 resources you trade ({' '.join(words[2:])})"
    if words[0] == "forfeit":
        return f"no room: leave that {words[1]} on its island"
    if action.startswith("return stored "):
        return f"make room: a stored {words[2]} goes back to its island"
    if words[0] == "store":
        return f"put the {words[1]} in a free warehouse there"
    if words[0] == "lose":
        return f"no room left: that {words[2]} goes back to its island"
    if words[0] == "take" and len(words) == 2:
        return f"one of your meadow's resources: {words[1]}"
    if words[0] == "pay":
        if len(words) > 2 and words[2] == "for":
            return f"food stands in for {words[3]}"
        return f"return a {words[1]} towards the building's cost"
    if words[0] == "waive":
        why = "your reserved card's saving" if "reserved" in action else "your meadow's discount"
        return f"pay no {words[1]}: {why}"
    return ""
