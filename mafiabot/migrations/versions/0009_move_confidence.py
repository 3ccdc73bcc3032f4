"""moves.confidence: how surely the letter reader read each night move, kept with the move so
the host's dashboard shows the reader's own figure instead of guessing it again

Revision ID: 0009
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN (SQLite takes it natively); moves read before keep NULL: unknown
    op.add_column("moves", sa.Column("confidence", sa.Float(), nullable=True))


def downgrade() -> None:
    op.drop_column("moves", "confidence")
