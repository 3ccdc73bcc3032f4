"""A SQLite store keeps a small page cache per connection (issue 20: one game's peak RSS)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from mafiabot.store.database import SQLITE_CACHE_KB, Database


def test_a_sqlite_connection_caches_at_most_the_set_size(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'game.db'}")
    try:
        with db.engine.connect() as conn:
            size = conn.execute(sa.text("PRAGMA cache_size")).scalar()
            mode = conn.execute(sa.text("PRAGMA journal_mode")).scalar()
    finally:
        db.close()
    assert size == -SQLITE_CACHE_KB  # negative: KB, not pages
    assert SQLITE_CACHE_KB < 2000  # below SQLite's own default of 2,000 KB
    assert mode == "wal"  # the other pragmas still set
