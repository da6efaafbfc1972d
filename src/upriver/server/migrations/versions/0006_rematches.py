"""Rematches: a finished game names the game its table went on to, so asking twice (or from
two pages, or two processes at once) gives the one rematch.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rematch_id", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "rematch_id")
