"""The database a store opens: its engine, sessions and schema version,
brought to the newest alembic migration."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry
from sqlmodel import Session, create_engine

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
# the newest migration: revision ids are the 4-digit prefixes of the files in versions/ (a
# test holds this to alembic's own idea of the head)
SCHEMA_HEAD = max(p.name[:4] for p in (MIGRATIONS / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))


def _plain_mako_errors() -> None:
    """alembic renders migration templates with mako, whose error pages are highlighted by
    pygments when it is installed (rich brings it): ~60 lexers and ~4 MB loaded for pages
    the bot never shows. Without the plugin mako falls back to plain HTML escaping."""
    sys.modules.setdefault("mako.ext.pygmentplugin", None)  # type: ignore[arg-type]


#: SQLite's page cache of a connection, in KB (`_sqlite_pragmas`)
SQLITE_CACHE_KB = 512


class Database:
    """The database under every part of the store: the engine, a session per transaction."""

    def __init__(self, url: str, *, busy_timeout: float = 5.0) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        # a SQLite connection may be used from the thread that did not open it (the web app),
        # and waits `busy_timeout` seconds for another connection's lock (`[storage]`)
        connect_args: dict[str, object] = (
            {"check_same_thread": False, "timeout": busy_timeout} if sqlite else {}
        )
        self.engine = create_engine(url, connect_args=connect_args)
        # the open unit of work of this thread (`transaction`), if any
        self._unit = threading.local()
        if sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    def close(self) -> None:
        self.engine.dispose()

    # -- schema ----------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creates it in an empty database).

        A database already there is left alone without loading alembic: a daemon keeps what
        it imports for weeks, and alembic with its template engine is ~10 MB of it."""
        if self.schema_version() == SCHEMA_HEAD:
            return
        _plain_mako_errors()
        from alembic import command
        from alembic.config import Config as AlembicConfig

        cfg = AlembicConfig()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def schema_version(self) -> str | None:
        """The migration the database stands at (None: a database alembic never touched)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
        except sa.exc.DBAPIError:  # no such table: an empty database
            return None
        return str(rows[0][0]) if len(rows) == 1 else None

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A method's own short transaction — or, inside `transaction()`, the unit of work's
        session, committed with the rest of it."""
        shared: Session | None = getattr(self._unit, "session", None)
        if shared is not None:
            yield shared
            return
        with Session(self.engine, expire_on_commit=False) as s:
            try:
                yield s
                s.commit()
            except BaseException:
                s.rollback()
                raise

    @contextmanager
    def connection(self) -> Iterator[sa.Connection]:
        """A connection for SQLAlchemy Core statements: a method's own short transaction —
        or, inside `transaction()`, the unit of work's, committed with the rest of it."""
        shared: Session | None = getattr(self._unit, "session", None)
        if shared is not None:
            shared.flush()  # what the unit of work's session holds is seen (autoflush's part)
            yield shared.connection()
            return
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A unit of work: every method called inside shares one session and the writes of
        all of them are committed at the end at once, or — on any exception, or a crash —
        not at all. A transaction inside a transaction is part of the outer one."""
        if getattr(self._unit, "session", None) is not None:
            yield
            return
        with Session(self.engine, expire_on_commit=False) as s:
            self._unit.session = s
            try:
                yield
                s.commit()
            except BaseException:
                s.rollback()
                raise
            finally:
                self._unit.session = None


def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    # WAL + synchronous=NORMAL: a commit survives a crash of the process (what exactly-once
    # needs) without an fsync per transaction; only a power cut may lose the last one.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    # SQLite's page cache, per connection: 512 KB instead of its 2 MB default. The daemon's
    # statements touch a few index pages each; a first poll of a long topic filled the
    # whole default cache (~1.8 MB of a one-game process's peak) to no measurable speed.
    cur.execute(f"PRAGMA cache_size=-{SQLITE_CACHE_KB}")
    cur.close()
