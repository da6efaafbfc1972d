"""Text rendering of a The River view for the terminal."""

from __future__ import annotations

from typing import Any


def _tile(t: dict[str, Any] | None) -> str:
    if t is None:
        return "."
    text = f"{t['id']} {'/'.join(t['terrains'])}"
    if t["symbols"]:
        text += " " + "+".join(t["symbols"])
    if t.get("meadow"):
        text += f" [{t['meadow']}]"
    return text


def text(view: dict[str, Any]) -> str:
    lines = [f"=== The River - round {view['round']} ===", f"Step: {view['step']}"]
    if view["to_move"] is not None:
        lines.append(f"To decide: seat {view['to_move']}")
    lines.append(f"First player pawn: seat {view['first_player']}"
                 + ("   (end of game triggered)" if view["end_triggered"] else ""))
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
    left = view["token_piles"]["left"]
    lines.append(f"Tokens: left pile {left[:1] or '-'} ({len(left)}), "
                 f"right pile {view['token_piles']['right']} zeros")
    taken = ", ".join(f"{k}: seat {v}" for k, v in view["spots"].items() if v is not None)
    lines.append("Taken spots: " + (taken or "none"))
    for p in view["players"]:
        you = " (you)" if p["seat"] == view["viewer"] else ""
        lines.append("")
        lines.append(f"Seat {p['seat']}{you} - {p['colour']}: boat {p['boat']}, "
                     f"settled {p['settled']}, claims this round {p['claims_this_round']}")
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
