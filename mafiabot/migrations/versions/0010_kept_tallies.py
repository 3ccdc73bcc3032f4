"""tallies: each phase's live tally kept as posts arrive (votes, agreements, notes, and the
refused votes in tally_rejections), so a restart or an idle tick reads no post of the turn

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # new tables only: nothing to bring forward (a tally is read again when it is missing)
    op.create_table(
        "tallies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("tag", sa.String(), nullable=False),
        sa.Column("topic_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("through", sa.Integer(), nullable=True),
        sa.Column("revisions_through", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("votes", sa.JSON(), nullable=True),
        sa.Column("agreed", sa.JSON(), nullable=True),
        sa.Column("notes", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "tag"),
    )
    with op.batch_alter_table("tallies", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tallies_game_id"), ["game_id"], unique=False)
    op.create_table(
        "tally_rejections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tally_id", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["tally_id"], ["tallies.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("tally_rejections", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_tally_rejections_tally_id"), ["tally_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tally_rejections", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tally_rejections_tally_id"))
    op.drop_table("tally_rejections")
    with op.batch_alter_table("tallies", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tallies_game_id"))
    op.drop_table("tallies")
