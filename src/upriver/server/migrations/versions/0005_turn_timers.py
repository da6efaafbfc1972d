"""Turn timers: a game's time per turn and what happens to a seat whose person runs out of it
(a bot takes the seat until they come back, or the game is abandoned), the current turn's
deadline and whether its person was warned, and which seats a bot plays in an absent person's
place.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs: a batch copy of games would cascade-delete its seats on SQLite.
    op.add_column("games", sa.Column("turn_seconds", sa.Integer, nullable=True))
    op.add_column("games", sa.Column("on_timeout", sa.String(16), nullable=True))
    op.add_column("games", sa.Column("timeout_level", sa.String(16), nullable=True))
    op.add_column("games", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("warned", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.create_index("ix_games_deadline", "games", ["deadline"])
    op.add_column("seats", sa.Column("away", sa.Boolean, nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("seats", "away")
    op.drop_index("ix_games_deadline", "games")
    for name in ("warned", "deadline", "timeout_level", "on_timeout", "turn_seconds"):
        op.drop_column("games", name)
