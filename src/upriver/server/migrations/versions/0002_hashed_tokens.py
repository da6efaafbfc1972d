"""Seat and host tokens are kept as SHA-256 hashes, never as the links' secrets.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    db = op.get_bind()
    for game_id, token in db.execute(sa.text("SELECT id, host_token FROM games")).all():
        db.execute(sa.text("UPDATE games SET host_token = :h WHERE id = :id"),
                   {"h": _hash(token), "id": game_id})
    for game_id, seat, token in db.execute(
            sa.text("SELECT game_id, seat, token FROM seats")).all():
        db.execute(sa.text("UPDATE seats SET token = :h WHERE game_id = :id AND seat = :s"),
                   {"h": _hash(token), "id": game_id, "s": seat})


def downgrade() -> None:
    raise NotImplementedError("a hashed token cannot be turned back into the secret")
