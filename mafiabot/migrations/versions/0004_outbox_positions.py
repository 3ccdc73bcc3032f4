"""outbox positions: the game's marker token and where the board stood when a row was queued

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # additive: a game and rows saved before tokens existed keep "" and no position, which
    # the poster reads as the markers and the last-pages search they were sent with
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token", sa.String(), nullable=False, server_default=""))
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("marker_token", sa.String(), nullable=False, server_default="")
        )
        batch_op.add_column(sa.Column("search_from", sa.JSON(), nullable=True))


def downgrade() -> None:
    # native drops (SQLite 3.35+): a batch copy of `games` would trip the foreign keys of the
    # rows that point at it
    op.drop_column("outbox", "search_from")
    op.drop_column("outbox", "marker_token")
    op.drop_column("games", "token")
