"""A review as console tables: each seat's decisions, and a summary per seat."""

from __future__ import annotations

from rich import box
from rich.table import Table

from upriver.review.classes import CLASSES
from upriver.review.game_review import Review


def _name(review: Review, seat: int) -> str:
    return review.names[seat] if seat < len(review.names) else f"seat {seat}"


def decision_table(review: Review, seat: int) -> Table:
    """One row per decision of ``seat`` judged: what was taken, the bot's choice, the win
    chance and margin after each, and the loss and class."""
    table = Table(title=f"{_name(review, seat)}: decisions", box=box.SIMPLE_HEAD)
    for column in ("#", "taken", "bot's choice", "win %", "margin", "loss %", "class"):
        table.add_column(column, no_wrap=column not in ("taken", "bot's choice"))
    for j in review.of(seat):
        same = j.best == j.taken
        table.add_row(
            str(j.ply + 1), j.taken, "=" if same else j.best,
            f"{100 * j.win:.1f}" if same else f"{100 * j.win:.1f} / {100 * j.best_win:.1f}",
            f"{j.margin:+.1f}" if same else f"{j.margin:+.1f} / {j.best_margin:+.1f}",
            f"{100 * j.loss:.1f}", j.grade)
    return table


def summary_table(review: Review) -> Table:
    """Per seat: decisions judged, average loss per decision (win chance and points), and the
    count in each class."""
    table = Table(title="review summary (average loss per decision)", box=box.SIMPLE_HEAD)
    for column in ("seat", "judged", "win %", "points", *CLASSES):
        table.add_column(column, no_wrap=True)
    for seat in review.seats:
        row = review.summary(seat)
        table.add_row(_name(review, seat), str(row["decisions"]),
                      f"{100 * row['average_loss']:.2f}", f"{row['average_margin_loss']:.2f}",
                      *(str(row["counts"][c]) for c in CLASSES))
    return table
