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
    if view.get("scores"):
        for s, b in enumerate(view["scores"]):
            lines.append(f"Seat {s}: {sum(b.values())} VP "
                         + ", ".join(f"{k} {v}" for k, v in b.items()))
        if view.get("opponent"):
            b = view["opponent"]["score"]
            lines.append(f"Opponent: {sum(b.values())} VP "
                         + ", ".join(f"{k} {v}" for k, v in b.items()))
    return "\n".join(lines)


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
