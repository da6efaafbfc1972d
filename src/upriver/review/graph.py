"""A review's graph as a picture: each seat's estimated win chance over the game, with its
mistakes and blunders marked (what ``upriver review`` writes, and the docs show)."""

from __future__ import annotations

from pathlib import Path

from upriver.review.game_review import Review

MARKS = {"inaccuracy": ("#e0b000", 28), "mistake": ("#e07000", 40), "blunder": ("#c00000", 56)}


def draw(review: Review, path: Path, title: str = "") -> None:
    """Write the graph of ``review`` to ``path`` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    fig, ax = plt.subplots(figsize=(9, 4.2), dpi=110)
    shown: set[str] = set()
    for seat in review.seats:
        mine = review.of(seat)
        if not mine:
            continue
        name = review.names[seat] if seat < len(review.names) else f"seat {seat}"
        xs = [j.ply + 1 for j in mine]
        (line,) = ax.plot(xs, [100 * j.win for j in mine], lw=1.4, label=name)
        for grade, (colour, size) in MARKS.items():
            bad = [j for j in mine if j.grade == grade]
            if bad:
                ax.scatter([j.ply + 1 for j in bad], [100 * j.win for j in bad], s=size,
                           color=colour, edgecolor=line.get_color(), zorder=3)
                shown.add(grade)
    sides = review.players + (1 if review.players == 1 else 0)
    ax.axhline(100 / sides, color="#888", lw=0.8, ls=":")
    ax.set_ylim(0, 100)
    ax.set_xlabel("decision")
    ax.set_ylabel("estimated win chance (%)")
    ax.set_title(title or f"{review.game}, {review.players} players: review")
    handles, _ = ax.get_legend_handles_labels()
    handles += [Line2D([], [], ls="", marker="o", color=MARKS[g][0], label=g)
                for g in MARKS if g in shown]
    ax.legend(handles=handles, loc="upper left", fontsize=8, ncol=2)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
