"""outbox claims: the sender sending a row and when it last renewed its claim, so two senders
that meet on one database (a lock that did not hold) never send the same row both

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from mafiabot.store.tables import UTCDateTime

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (SQLite takes them natively, no table copy); rows queued before are
    # unclaimed, free for the first sender
    op.add_column("outbox", sa.Column("claimed_by", sa.String(), nullable=True))
    op.add_column("outbox", sa.Column("claimed_at", UTCDateTime(), nullable=True))


def downgrade() -> None:
    op.drop_column("outbox", "claimed_at")
    op.drop_column("outbox", "claimed_by")
