"""vote records (who voted for whom in each closed phase, for the final post's whole record)
and the daemon's last tick (when, whether it worked, its summary) for `mafiabot status`

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from mafiabot.store.tables import UTCDateTime

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs: SQLite takes them natively, so `games` is not copied (its foreign keys)
    op.add_column("games", sa.Column("last_tick_at", UTCDateTime(), nullable=True))
    op.add_column("games", sa.Column("last_tick_ok", sa.Boolean(), nullable=True))
    op.add_column(
        "games", sa.Column("last_tick_result", sa.String(), nullable=False, server_default="")
    )
    op.create_table(
        "vote_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("tag", sa.String(), nullable=False),
        sa.Column("votes", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "tag"),
    )
    with op.batch_alter_table("vote_records", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vote_records_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("vote_records", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vote_records_game_id"))
    op.drop_table("vote_records")
    op.drop_column("games", "last_tick_result")
    op.drop_column("games", "last_tick_ok")
    op.drop_column("games", "last_tick_at")
