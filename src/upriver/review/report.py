"""A review as console tables: each seat's decisions, and a summary per seat."""

from __future__ import annotations

from rich import box
from rich.table import Table

from upriver.review.classes import CLASSES
from upriver.review.game_review import Review


def _name(review: Review, seat: int) -> str:
    return review.names[seat] if seat < len(review.names) else f"seat {seat}"


def decision_table(review: Review, seat: int) -> Table:
    """One row per decision of ``seat`` judged: what was taken and the bot's choice, the
    points it lost first (a seat far behind loses little win chance whatever it does, so win
    chance alone flatters weak play), then the win chance lost and the class. The whole
    figures (win chance and margin after each choice) are in the review's JSON."""
    table = Table(title=f"{_name(review, seat)}: decisions", box=box.SIMPLE_HEAD)
    for column in ("#", "taken", "bot's choice", "points lost", "win % lost", "class"):
        table.add_column(column, no_wrap=column not in ("taken", "bot's choice"),
                         justify="right" if "lost" in column or column == "#" else "left")
    for j in review.of(seat):
        same = j.best == j.taken
        table.add_row(str(j.ply + 1), j.taken, "=" if same else j.best,
                      f"{j.margin_loss:.1f}", f"{100 * j.loss:.1f}", j.grade)
    return table


def summary_table(review: Review) -> Table:
    """Per seat: decisions judged, the average loss per decision in points and then in win
    chance, and how many decisions fell in each class (in the order of ``CLASSES``)."""
    table = Table(title="review summary (average loss per decision)", box=box.SIMPLE_HEAD)
    classes = "/".join(SHORT.get(c, c) for c in CLASSES)
    for column in ("seat", "judged", "points", "win %", classes):
        table.add_column(column, no_wrap=column != "seat", min_width=12 if column == "seat"
                         else None)
    for seat in review.seats:
        row = review.summary(seat)
        table.add_row(_name(review, seat), str(row["decisions"]),
                      f"{row['average_margin_loss']:.2f}", f"{100 * row['average_loss']:.2f}",
                      "/".join(str(row["counts"][c]) for c in CLASSES))
    return table


SHORT = {"inaccuracy": "inacc", "mistake": "mist", "blunder": "blund"}
