"""Text rendering of a Wayfarers view for the terminal (``upriver play``, ``replay``): the full
text, and the short form an 80x24 screen shows (``compact``, ``step``, ``describe``)."""

from __future__ import annotations

from typing import Any

from upriver.core.text import fold


def _card(c: dict[str, Any] | None) -> str:
    if c is None:
        return "-"
    text = c["id"] if c["name"] == c["id"] else f"{c['id']} {c['name']}"
    if c.get("tags"):
        text += " [" + " ".join(c["tags"]) + "]"
    extra = []
    if c.get("influence") is not None:
        extra.append(f"influence of seat {c['influence']}")
    if c.get("workers"):
        extra.append("w:" + "/".join(c["workers"]))
    return text + (" (" + ", ".join(extra) + ")" if extra else "")


def text(view: dict[str, Any]) -> str:
    lines = [f"Wayfarers of the South Tigris - turn {view['turn'] + 1}, board sides "
             f"{''.join(view['sides'])}"]
    for name, row in view["rows"].items():
        cards_ = [_card(c) for c in row["slots"]]
        lines += fold([f"{name} ({row['pile']} left):", *cards_], 78, "    ")
    for s, p in enumerate(view["players"]):
        mark = "*" if view["to_move"] == s else " "
        g = p["guilds"]
        w = p["workers"]
        lines.append(
            f"{mark}Seat {s}: {p['silver']} silver, {p['provisions']} provisions, dice "
            f"{p['dice']} (+{p['reserve']}), journal {p['journal']}, influence {p['influence']} "
            f"(B{g['black']} Y{g['yellow']} U{g['blue']}), workers G{w['green']} Y{w['yellow']} "
            f"U{w['blue']}")
        cards = [_card(x["card"]) + (f"+{x['townsfolk']}" if "townsfolk" in x else "")
                 + (f"^{x['space']}" if "space" in x else "") for x in p["lands"] + p["waters"]]
        if cards:
            lines += fold(["   cards:", *cards], 78, "     ")
        tiles = sorted({c.split(":")[0] for c in p["caravan"] if c})
        if tiles:
            lines += fold(["   caravan:", *tiles], 78, "     ")
    if view.get("opponent"):
        lines += _opponent(view["opponent"])
    if isinstance(view["drawn"], list) and view["drawn"]:
        lines.append("Drawn: " + " ".join(view["drawn"]))
    if view.get("pending"):
        lines.append(f"Now: {view['pending']}")
    if view.get("this_turn"):
        lines += this_turn(view["this_turn"])
    if view.get("scores"):
        for s, b in enumerate(view["scores"]):
            lines.append(f"Seat {s}: {sum(b.values())} VP "
                         + ", ".join(f"{k} {v}" for k, v in b.items()))
        if view.get("opponent"):
            b = view["opponent"]["score"]
            lines.append(f"Opponent: {sum(b.values())} VP "
                         + ", ".join(f"{k} {v}" for k, v in b.items()))
    return "\n".join(lines)


def this_turn(t: dict[str, Any]) -> list[str]:
    """What the player whose turn it is has done, and what is still to do, the next first."""
    done = ["main action done" if t["main_action_done"] else "main action not taken yet"]
    done += [f"{name} used" if "influence" in name else name for name in t["used"]]
    if t["die_column"] is not None:
        done.append(f"die placed in column {t['die_column']}")
    if t["spare_pigeons"]:
        done.append("a spare pigeon")
    if t["cards_gained"]:
        done.append("gained " + " ".join(t["cards_gained"]))
    done += [f"{'/'.join(colours)} worker on {card}"
             for card, colours in t["workers_placed"].items()]
    lines = fold([f"This turn (seat {t['seat']}):", *done], 78, "    ")
    todo = [step_words(f) for f in t["pending"]]
    if todo:
        lines += fold(["Still to do, next first:", *todo], 78, "    ")
    return lines


def step_words(f: dict[str, Any]) -> str:
    """A pending step in a few words."""
    step = f["step"]
    if step == "resolve effects":  # the parts by where they come from, in their order
        groups: dict[str, list[str]] = {}
        for p in f["parts"]:
            groups.setdefault(p.get("from") or "", []).append(p["part"])
        parts = ", ".join(", ".join(texts) + (f" (from {where})" if where else "")
                          for where, texts in groups.items())
        die = " (die action)" if any(p["die_action"] for p in f["parts"]) else ""
        return f"resolve {parts}{die}"
    if step == "tuck a townsfolk":
        return f"tuck {f['card']}"
    if step == "inspiration":
        return f"tuck {f['card']} above a space card or discard it (slot {f['slot']})"
    if step == "keep a drawn card":
        return f"keep a drawn {f['row']} card"
    if step == "place a tile":
        return f"place tile {f['tile']} face {f['face']}"
    if step == "place a die":
        return f"place die {f['value']} (caravan chain {f['caravan_chain']})"
    if step == "yellow influence":
        first = f["first_step"]
        return ("yellow influence" if first is None else
                f"yellow influence, second step (die {first['value']} moved {first['by']:+d})")
    if step == "reroll dice":
        return "reroll " + ", ".join(map(str, f["values"])) + " or keep them"
    if step == "the opponent acts":
        about = ["/".join(f[k]) if isinstance(f[k], list) else str(f[k])
                 for k in ("on", "steps", "black_price") if k in f]
        return f"opponent: {f['action']}" + (f" ({about[0]})" if about else "")
    if step == "allow or deny the opponent":
        return f"allow or deny: opponent would {f['action']} {f['card']}"
    return str(step)


def _opponent(o: dict[str, Any]) -> list[str]:
    """The solo opponent: its markers, what it holds and what it did since its turn began."""
    g, w = o["guilds"], o["workers"]
    owned = [f"{n} {len(ids)}" for n, ids in o["cards"].items() if ids]
    tiles = [t for t in o["caravan"] if t]
    lines = fold([f" Opponent ({o['board']}):", f"track {o['resource_track']} "
                  f"({'>'.join(o['colour_order'])})", f"sum {o['sum_value']}",
                  f"comets {o['comet_track']}", f"journal {o['journal']}",
                  f"B{g['black']} Y{g['yellow']} U{g['blue']}",
                  f"workers G{w['green']} Y{w['yellow']} U{w['blue']}"], 78, "     ")
    lines += fold(["   schemes up:", *o["schemes_face_up"], f"({o['scheme_pile']} down)"],
                  78, "     ")
    if owned or tiles or o["beside"]:
        lines += fold(["   has:", *owned, f"tiles {len(set(tiles)) + len(o['beside'])}"],
                      78, "     ")
    if o["since_its_turn_began"]:
        lines += fold(["   did:", *o["since_its_turn_began"]], 78, "     ")
    return lines


# --- the terminal's short form (``upriver.terminal.board``) ----------------------------------

_KIND_SHORT = {"city": "city", "vista": "vista", "harbour": "harb", "open_water": "open",
               "observatory": "obs", "library": "lib", "space": "", "townsfolk": "",
               "inspiration": ""}


def _labelled(label: str, items: list[str], width: int, indent: str = "    ") -> list[str]:
    """``label first · second ...`` folded to ``width``."""
    if not items:
        return fold([label], width, indent)
    return fold([f"{label} {items[0]}", *items[1:]], width, indent)


def headline(view: dict[str, Any]) -> str:
    """The game, and the AI board a solo player faces."""
    opp = view.get("opponent")
    return "Wayfarers of the South Tigris" + (f" · solo vs the {opp['board'].title()}"
                                              if opp else "")


def progress(view: dict[str, Any]) -> str:
    text = f"turn {view['turn'] + 1} · sides {''.join(view['sides'])}"
    if view.get("final_turns_left") is not None:
        text += f" · end triggered, {view['final_turns_left']} turns left"
    return text


def step(view: dict[str, Any]) -> str:
    """The step the mover is on: the next thing still owed this turn, or the main action."""
    pending = (view.get("this_turn") or {}).get("pending") or []
    if pending:
        return step_words(pending[0])
    if view.get("over"):
        return "game over"
    return "place a die, place a worker or rest"


def _short(c: dict[str, Any] | None) -> str:
    """A card in a few characters: ``L09 city+obs``, a Worker ``+y``, Influence ``*1``."""
    if c is None:
        return "-"
    kinds = [_KIND_SHORT.get(t, t) for t in c.get("tags", [])]
    text = str(c["id"]) + (" " + "+".join(k for k in kinds if k) if any(kinds) else "")
    text += "".join(f"+{w[0]}" for w in c.get("workers", []))
    if c.get("influence") is not None:
        text += f"*{c['influence']}"
    return text


def _seat(view: dict[str, Any], s: int, p: dict[str, Any], width: int, mine: bool) -> list[str]:
    g, w = p["guilds"], p["workers"]
    who = f"you (seat {s})" if mine else f"seat {s}"
    mark = "▶" if view["to_move"] == s and not view.get("over") else " "
    dice = " ".join(map(str, p["dice_in_order"])) or "none"
    items = [f"{mark}{who}: {p['silver']} silver", f"{p['provisions']} provisions",
             f"dice {dice} (+{p['reserve']})", f"journal {p['journal']}",
             f"influence {p['influence']}", f"guilds B{g['black']} Y{g['yellow']} U{g['blue']}",
             f"workers G{w['green']} Y{w['yellow']} U{w['blue']}"]
    lines = fold(items, width, "   ")
    sites = [("*" if c["die"] else "") + c["name"].replace("Capital ", "")
             + (f"({c['townsfolk']})" if "townsfolk" in c else "") for c in p["capital"]]
    cards = [("*" if h["die"] else "") + _short(h["card"])
             + (f"({h['townsfolk']})" if "townsfolk" in h else "")
             + (f"^{h['space']}" if "space" in h else "") for h in p["lands"] + p["waters"]]
    if mine:
        lines += _labelled("   capital:", sites, width, "     ")
    if cards:
        lines += _labelled("   cards:", cards, width, "     ")
    tiles = sorted({c.split(":")[0] for c in p["caravan"] if c})
    if tiles and mine:
        lines += _labelled("   caravan:", tiles, width, "     ")
    return lines


def compact(view: dict[str, Any], width: int = 80) -> list[dict[str, Any]]:
    """The view in short sections for an 80x24 terminal, each ``{"name", "lines", "rank"}``:
    ``you`` (the viewer's holdings, Capital, cards and caravan), ``board`` (the five rows, the
    Journal Track, the step under way), ``seats`` (the others), ``opponent`` (solo) and
    ``tiles`` (the Upgrade Tiles in supply). A lower rank matters more; ``view`` shows all."""
    board: list[str] = []
    for row, r in view["rows"].items():
        board += _labelled(f"{row[:5]} ({r['pile']}):", [_short(c) for c in r["slots"]], width)
    marks = [f"{'you' if s == view.get('seat') else f'seat {s}'} {p['journal']}"
             for s, p in enumerate(view["players"])]
    if view.get("opponent"):
        marks.append(f"opponent {view['opponent']['journal']}")
    greens = " ".join(str(c) for c in view.get("green_workers", [])) or "none"
    board += _labelled("journal:", [*marks, f"green workers by {greens}"], width)
    if isinstance(view.get("drawn"), list) and view["drawn"]:
        board += _labelled("drawn:", list(view["drawn"]), width)
    sections: list[dict[str, Any]] = []
    seat = view.get("seat")
    others: list[str] = []
    for s, p in enumerate(view["players"]):
        if s == seat:
            sections.append({"name": "you", "lines": _seat(view, s, p, width, True), "rank": 0})
        else:
            others += _seat(view, s, p, width, False)
    sections.append({"name": "board", "lines": board, "rank": 1})
    if view.get("opponent"):
        o = view["opponent"]
        g = o["guilds"]
        lines = fold([f"opponent ({o['board']}): track {o['resource_track']}",
                      f"comets {o['comet_track']}", f"journal {o['journal']}",
                      f"B{g['black']} Y{g['yellow']} U{g['blue']}",
                      "schemes " + (" ".join(o["schemes_face_up"]) or "none")], width, "   ")
        lines += _labelled("   did:", o["since_its_turn_began"][-4:], width, "     ")
        sections.append({"name": "opponent", "lines": lines, "rank": 2})
    if others:
        sections.append({"name": "seats", "lines": others, "rank": 2})
    tiles = [f"{t} {n}" for t, n in view["tiles_left"].items() if n]
    sections.append({"name": "tiles", "lines": _labelled("tiles left:", tiles, width),
                     "rank": 3})
    return sections


def _card_named(view: dict[str, Any], cid: str) -> dict[str, Any] | None:
    """A card of the display or of someone's panorama, by its id."""
    for r in view["rows"].values():
        for c in r["slots"]:
            if c is not None and c["id"] == cid:
                return dict(c)
    for p in view["players"]:
        for h in p["lands"] + p["waters"]:
            if h["card"]["id"] == cid:
                return dict(h["card"])
    return None


def _slot_action(view: dict[str, Any], cid: str) -> str:
    for r in view["rows"].values():
        for k, c in enumerate(r["slots"]):
            if c is not None and c["id"] == cid:
                return str(r["actions"][k])
    return ""


def describe(view: dict[str, Any], action: str) -> str:
    """A few words on what ``action`` does, from the view; empty when its words say it all."""
    from upriver.games.wayfarers.card_words import describe as card_text
    from upriver.games.wayfarers.card_words import effect

    core = action.split(" (of: ")[0]
    words = core.split()
    cid = next((w.rstrip(",") for w in words if len(w.rstrip(",")) == 3
                and w[0] in "TLWSI" and w[1:3].isdigit()), None)
    card = _card_named(view, cid) if cid else None
    if core == "rest":
        return ("take back all your dice and reroll them; with at most 1 die left in supply "
                "your resting abilities act")
    if core == "use yellow influence":
        return "spend 1 yellow Influence: change your dice by 2 in all, before placing one"
    if core.startswith("hire a ship"):
        return "spend 1 blue Influence: this die counts as having a Ship"
    if len(words) == 3 and core.startswith("place die "):
        return (f"choose your {words[2]}: it will use column {words[2]} of your caravan "
                "(its assets, discounts and die changes)")
    if core.startswith("place die ") and "Capital" in core:
        return f"put it on your board's {core.split(' on ')[1]} and do that space's action"
    if " worker on " in core and cid:
        slot = _slot_action(view, cid)
        fee = " (it holds another player's Influence: pay them the fee)" if "fee" in core else ""
        return f"do the action of {cid}'s slot: {effect(slot)}{fee}" if slot else ""
    if core.startswith("influence on ") and cid:
        return (f"put 1 Influence on {cid}: whoever else uses it pays you 1 Silver or "
                "1 Provision")
    if core.startswith(("journal to", "black influence: journal")):
        space = words[-1]
        tile = view["journal_tiles"].get(space)
        return f"move your marker to space {space}" + (f", its Journal Tile: {effect(tile)}"
                                                        if tile else "")
    if core.startswith("take tile "):
        return "an Upgrade Tile for your caravan (you place it next)"
    if core.startswith("place tile "):
        return "lay the tile with its top-left cell here"
    if core.startswith("tuck ") and " under " in core:
        host = core.split(" under ")[1]
        return (f"{words[1]} goes under {host}; its ability works with that card (not on the "
                "turn it was gained)")
    if core.startswith("tuck ") and " above " in core:
        return (f"{words[1]} goes above {core.split(' above ')[1]}: met at the end, its goal "
                "doubles that Space card")
    if core.startswith("retrieve "):
        return f"the {words[1]} Worker comes back to your supply, to be placed again"
    if card is not None and core.startswith(("take ", "keep ", "place die ")):
        return card_text(card)
    if core.startswith("refresh die on "):
        return "pick that die up, roll it and put it back in your supply (the space is free again)"
    if core.startswith("reroll"):
        return "roll that die again"
    return ""
