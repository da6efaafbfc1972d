"""Text rendering of a Wayfarers view for the terminal (``upriver play``, ``replay``)."""

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
    todo = [_step(f) for f in t["pending"]]
    if todo:
        lines += fold(["Still to do, next first:", *todo], 78, "    ")
    return lines


def _step(f: dict[str, Any]) -> str:
    """A pending step in a few words."""
    step = f["step"]
    if step == "resolve effects":
        parts = ", ".join(p["part"] for p in f["parts"])
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
