"""Game reviews, kept with their game so each is computed once, and whether a game is public
(anyone may ask for its review; a private game's is for its players, and the lobby leaves it
out).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN: a batch copy of games would cascade-delete its seats on SQLite.
    op.add_column("games", sa.Column("public", sa.Boolean, nullable=False,
                                     server_default=sa.true()))
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("iters", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("decisions", sa.JSON, nullable=False),
        sa.Column("note", sa.Text, nullable=True),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_reviews_status", "reviews", ["status"])


def downgrade() -> None:
    op.drop_index("ix_reviews_status", "reviews")
    op.drop_table("reviews")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("public")
