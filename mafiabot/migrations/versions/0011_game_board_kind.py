"""games.board_kind: the board's engine as the bot met it, so the host's views link to posts
and letters on a board whose config leaves the engine to detection (`[board] kind = "auto"`)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # "" until the daemon's next tick names it: a game already running gets it then
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("board_kind", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    op.drop_column("games", "board_kind")
