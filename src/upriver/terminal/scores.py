"""The score table at the end of a game: categories down, seats across, and the winners."""

from __future__ import annotations

from upriver.core.game import Game


def label(seat: int, seats: list[str] | None) -> str:
    return f"seat {seat} ({seats[seat]})" if seats and seat < len(seats) else f"seat {seat}"


def summary(g: Game, seats: list[str] | None) -> str:
    """Seats across, then any automated opponent of a solo game."""
    opponents = g.opponents()
    breakdown = g.score_breakdown() + [o["breakdown"] for o in opponents]
    totals = g.scores() + [o["score"] for o in opponents]
    categories = list(dict.fromkeys(k for b in breakdown for k in b))
    heads = [label(s, seats) for s in range(g.num_players)]
    heads += [f"opponent ({o['name']})" for o in opponents]
    first = max([len("total"), *(len(c) for c in categories)]) + 2
    widths = [max(len(h), 5) + 2 for h in heads]

    def row(name: str, values: list[str]) -> str:
        return name.ljust(first) + "".join(v.rjust(w) for v, w in zip(values, widths, strict=True))

    lines = [row("", heads), "-" * (first + sum(widths))]
    lines += [row(c, [str(b[c]) if c in b else "" for b in breakdown]) for c in categories]
    lines.append(row("total", [str(s) for s in totals]))
    winners = g.winners()
    if not winners and opponents:
        best = max(opponents, key=lambda o: int(o["score"]))
        lines.append(f"Winner: the opponent ({best['name']}) with {best['score']} points")
    if winners:
        names = ", ".join(label(s, seats) for s in winners)
        word = "Winner" if len(winners) == 1 else "Winners (shared)"
        lines.append(f"{word}: {names} with {g.scores()[winners[0]]} points")
    return "\n".join(lines)
