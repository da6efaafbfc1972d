"""The score table at the end of a game: categories down, seats across, and the winners."""

from __future__ import annotations

from upriver.core.game import Game


def label(seat: int, seats: list[str] | None) -> str:
    return f"seat {seat} ({seats[seat]})" if seats and seat < len(seats) else f"seat {seat}"


def summary(g: Game, seats: list[str] | None) -> str:
    breakdown = g.score_breakdown()
    categories = list(dict.fromkeys(k for b in breakdown for k in b))
    heads = [label(s, seats) for s in range(g.num_players)]
    first = max([len("total"), *(len(c) for c in categories)]) + 2
    widths = [max(len(h), 5) + 2 for h in heads]

    def row(name: str, values: list[str]) -> str:
        return name.ljust(first) + "".join(v.rjust(w) for v, w in zip(values, widths, strict=True))

    lines = [row("", heads), "-" * (first + sum(widths))]
    lines += [row(c, [str(b.get(c, 0)) for b in breakdown]) for c in categories]
    lines.append(row("total", [str(s) for s in g.scores()]))
    winners = g.winners()
    if winners:
        names = ", ".join(label(s, seats) for s in winners)
        word = "Winner" if len(winners) == 1 else "Winners (shared)"
        lines.append(f"{word}: {names} with {g.scores()[winners[0]]} points")
    return "\n".join(lines)
