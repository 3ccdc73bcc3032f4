"""typed bookkeeping: topic cursors, host flags, seen PMs, interim counts, death times

The games.cursors JSON grab-bag becomes tables; a running game's data is carried over (and
back on downgrade), so the bot picks up where it stood.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

from mafiabot.store.tables import UTCDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _table(name: str, *columns: Any) -> None:
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table(name, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{name}_game_id"), ["game_id"], unique=False)


def _json(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    data = json.loads(value) if isinstance(value, str) else value
    return data if isinstance(data, dict) else {}


def _naive_utc(iso: str) -> datetime:
    """How UTCDateTime stores a time: naive, in UTC."""
    at = datetime.fromisoformat(iso)
    if at.tzinfo is None:
        return at
    return at.astimezone(UTC).replace(tzinfo=None)


def upgrade() -> None:
    _table(
        "host_flags",
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("raised", sa.Boolean(), nullable=False),
        sa.Column("reported", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("game_id", "turn", "text"),
    )
    _table(
        "seen_pms",
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game_id", "board_id"),
    )
    _table(
        "topic_cursors",
        sa.Column("topic_id", sa.Integer(), nullable=False),
        sa.Column("cursor", sa.JSON(), nullable=True),
        sa.Column("turn_start_page", sa.Integer(), nullable=True),
        sa.UniqueConstraint("game_id", "topic_id"),
    )
    _table(
        "vote_counts",
        sa.Column("tag", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("votes", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=True),
        sa.UniqueConstraint("game_id", "tag"),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("died_at", UTCDateTime(), nullable=True))
    _carry_up()
    if op.get_bind().dialect.name == "sqlite":
        # native since SQLite 3.35; a batch copy of `games` would trip the foreign keys of
        # every table that points at it
        op.execute("ALTER TABLE games DROP COLUMN cursors")
    else:
        op.drop_column("games", "cursors")


def _carry_up() -> None:
    """Each game's cursors JSON into the new tables."""
    bind = op.get_bind()
    games = bind.execute(sa.text("SELECT id, cursors FROM games")).fetchall()
    for gid, raw in games:
        c = _json(raw)
        starts = {str(k): v for k, v in _json(c.get("turn_start_page")).items()}
        for topic, cursor in _json(c.get("topics")).items():
            bind.execute(
                sa.text(
                    "INSERT INTO topic_cursors (game_id, topic_id, cursor, turn_start_page) "
                    "VALUES (:g, :t, :c, :p)"
                ),
                {"g": gid, "t": int(topic), "c": json.dumps(cursor), "p": starts.pop(topic, None)},
            )
        for topic, page in starts.items():  # a start page without a cursor (unlikely)
            bind.execute(
                sa.text(
                    "INSERT INTO topic_cursors (game_id, topic_id, turn_start_page) "
                    "VALUES (:g, :t, :p)"
                ),
                {"g": gid, "t": int(topic), "p": page},
            )
        flags: dict[tuple[int, str], list[bool]] = {}
        for turn, texts in _json(c.get("flags")).items():
            for text in texts:
                flags.setdefault((int(turn), text), [True, False])
        for turn, texts in _json(c.get("flags_reported")).items():
            for text in texts:
                flags.setdefault((int(turn), text), [False, False])[1] = True
        for (turn_no, text), (raised, reported) in flags.items():
            bind.execute(
                sa.text(
                    "INSERT INTO host_flags (game_id, turn, text, raised, reported) "
                    "VALUES (:g, :t, :x, :r, :p)"
                ),
                {"g": gid, "t": turn_no, "x": text, "r": raised, "p": reported},
            )
        for board_id in sorted({int(x) for x in c.get("pms") or []}):
            bind.execute(
                sa.text("INSERT INTO seen_pms (game_id, board_id) VALUES (:g, :b)"),
                {"g": gid, "b": board_id},
            )
        for tag, vc in _json(c.get("votecount")).items():
            at = vc.get("at")
            bind.execute(
                sa.text(
                    "INSERT INTO vote_counts (game_id, tag, votes, at) VALUES (:g, :t, :v, :a)"
                ),
                {"g": gid, "t": tag, "v": int(vc.get("votes", 0)), "a": at and _naive_utc(at)},
            )
        for nick, at in _json(c.get("deaths")).items():
            bind.execute(
                sa.text("UPDATE players SET died_at = :a WHERE game_id = :g AND nick = :n"),
                {"g": gid, "n": nick, "a": _naive_utc(at)},
            )


def downgrade() -> None:
    op.add_column("games", sa.Column("cursors", sa.JSON(), nullable=True))
    _carry_down()
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("died_at")
    for name in ("vote_counts", "topic_cursors", "seen_pms", "host_flags"):
        with op.batch_alter_table(name, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{name}_game_id"))
        op.drop_table(name)


def _carry_down() -> None:
    """The tables back into each game's cursors JSON."""
    bind = op.get_bind()
    for (gid,) in bind.execute(sa.text("SELECT id FROM games")).fetchall():
        c: dict[str, Any] = {
            "topics": {},
            "turn_start_page": {},
            "flags": {},
            "flags_reported": {},
            "pms": [],
            "votecount": {},
            "deaths": {},
        }
        q = "SELECT topic_id, cursor, turn_start_page FROM topic_cursors WHERE game_id = :g"
        for topic, cursor, page in bind.execute(sa.text(q), {"g": gid}):
            if cursor is not None:
                c["topics"][str(topic)] = _json(cursor)
            if page is not None:
                c["turn_start_page"][str(topic)] = page
        q = "SELECT turn, text, raised, reported FROM host_flags WHERE game_id = :g ORDER BY id"
        for turn, text, raised, reported in bind.execute(sa.text(q), {"g": gid}):
            if raised:
                c["flags"].setdefault(str(turn), []).append(text)
            if reported:
                c["flags_reported"].setdefault(str(turn), []).append(text)
        q = "SELECT board_id FROM seen_pms WHERE game_id = :g ORDER BY board_id"
        c["pms"] = [b for (b,) in bind.execute(sa.text(q), {"g": gid})]
        q = "SELECT tag, votes, at FROM vote_counts WHERE game_id = :g"
        for tag, votes, at in bind.execute(sa.text(q), {"g": gid}):
            c["votecount"][tag] = {"votes": votes, "at": _aware(at)}
        q = "SELECT nick, died_at FROM players WHERE game_id = :g AND died_at IS NOT NULL"
        for nick, at in bind.execute(sa.text(q), {"g": gid}):
            c["deaths"][nick] = _aware(at)
        bind.execute(
            sa.text("UPDATE games SET cursors = :c WHERE id = :g"), {"c": json.dumps(c), "g": gid}
        )


def _aware(value: Any) -> str | None:
    if value is None:
        return None
    at = datetime.fromisoformat(value) if isinstance(value, str) else value
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).isoformat()
