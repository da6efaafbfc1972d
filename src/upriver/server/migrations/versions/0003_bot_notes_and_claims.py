"""A note on a decision (a bot that gave none, and what was played instead), and the claim a
server process holds on a bot's turn, so that several processes never decide it twice.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("note", sa.Text, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bot_ply", sa.Integer, nullable=True))
        batch.add_column(sa.Column("bot_owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("bot_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("bot_until")
        batch.drop_column("bot_owner")
        batch.drop_column("bot_ply")
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("note")
