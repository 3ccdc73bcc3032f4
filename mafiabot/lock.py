"""One `mafiabot run` per game.

Two processes hosting one game would post every newspaper and send every PM twice, so `run`
takes a lock before it opens the store and holds it until it exits:

- SQLite: an exclusive `flock` on `<database>.lock` beside the database file. The kernel
  drops it when the process dies (even by SIGKILL), so a crash never leaves a stale lock.
  The file holds the holder's pid, host and start time, which the refusal names. One lock
  per database file: keep one file per game.
- PostgreSQL: a session advisory lock (`pg_try_advisory_lock`) on a key derived from the
  game's identity (board URL and topic), held on a connection kept open for the run. The
  server drops it when that connection ends, so two machines sharing one database run as
  active and standby: the standby's `run` refuses (exit 1) and systemd retries it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import socket
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from mafiabot.dbfile import (
    check_folder,
    check_regular,
    corrupt,
    database_exists,
    is_corruption,
    prepare_sqlite,
    shown_url,
    sqlite_path,
)
from mafiabot.exitcodes import InstanceLocked, UsageError

if TYPE_CHECKING:
    from mafiabot.store import Store


def holder_line() -> str:
    """Who holds a lock: `pid 1234 on host, since 2026-12-01T22:35:00+00:00`."""
    started = datetime.now(UTC).isoformat(timespec="seconds")
    return f"pid {os.getpid()} on {socket.gethostname()}, since {started}"


def advisory_key(identity: str) -> int:
    """A signed 64-bit key (PostgreSQL bigint) for a game identity string."""
    digest = hashlib.sha256(f"mafiabot-game|{identity}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def game_identity(board_url: str, topic: int) -> str:
    return f"{board_url.rstrip('/')}|{topic}"


class GameLock:
    """Held from `acquire_game_lock` until `release()` (or the process ends)."""

    def release(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> GameLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


@dataclass
class FileLock(GameLock):
    path: Path
    fd: int | None

    def release(self) -> None:
        if self.fd is not None:
            # the file stays: removing it would let a third process lock a new inode while
            # a second one still waits on the old
            with contextlib.suppress(OSError):
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


@dataclass
class AdvisoryLock(GameLock):
    engine: sa.Engine
    conn: sa.Connection | None
    key: int

    def release(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(sa.exc.SQLAlchemyError):
                self.conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": self.key})
                self.conn.commit()
            self.conn.close()
            self.conn = None
            self.engine.dispose()


class NoLock(GameLock):
    """An in-memory database: nobody else can reach it."""

    def release(self) -> None:
        return None


def acquire_game_lock(url: str, identity: str) -> GameLock:
    """Take the game's lock or raise `InstanceLocked` naming the holder."""
    path = sqlite_path(url)
    if path is not None:
        check_folder(path)
        return _file_lock(path.with_name(path.name + ".lock"), shown_url(url))
    if url.startswith(("postgresql", "postgres")):
        return _advisory_lock(url, advisory_key(identity))
    return NoLock()


def _file_lock(path: Path, db: str) -> FileLock:
    # never through a link nor on a device: the lock file is truncated and written
    check_regular(path, "the lock file")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped in between: touch nothing
        os.close(fd)
        raise UsageError(f"the lock file {path} is not a regular file: remove it")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 500, 0).decode("utf-8", "replace").strip() or "another process"
        os.close(fd)
        raise InstanceLocked(
            f"another mafiabot is already running this game ({holder}; lock {path}): "
            f"stop it first — two would post everything twice. Database: {db}"
        ) from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.pwrite(fd, (holder_line() + "\n").encode(), 0)
    return FileLock(path, fd)


def _advisory_lock(url: str, key: int) -> AdvisoryLock:
    me = f"mafiabot {holder_line()}"[:63]  # application_name is cut at 63 bytes
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    conn = engine.connect()
    try:
        conn.execute(sa.text("SELECT set_config('application_name', :n, false)"), {"n": me})
        got = conn.execute(sa.text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar()
        conn.commit()
        if not got:
            holder = _pg_holder(conn, key)
            raise InstanceLocked(
                f"another mafiabot is already running this game ({holder}; advisory lock "
                f"{key} on {shown_url(url)}): this one is the standby — stop the other first"
            )
    except BaseException:
        conn.close()
        engine.dispose()
        raise
    return AdvisoryLock(engine, conn, key)


def _pg_holder(conn: sa.Connection, key: int) -> str:
    """The session holding advisory lock `key`, from pg_locks (a bigint key is stored as
    classid = high 32 bits, objid = low 32 bits, objsubid = 1)."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    row: Any = conn.execute(
        sa.text(
            "SELECT a.application_name, a.client_addr, a.pid FROM pg_locks l "
            "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' "
            "AND l.granted AND l.classid = :hi AND l.objid = :lo AND l.objsubid = 1"
        ),
        {"hi": unsigned >> 32, "lo": unsigned & 0xFFFFFFFF},
    ).first()
    conn.rollback()
    if row is None:
        return "another session"
    name, addr, pid = row
    where = f" from {addr}" if addr else ""
    return f"{name or 'a session'}{where}, server pid {pid}"


def open_locked_store(
    url: str,
    identity: str,
    before_create: Callable[[], None] | None = None,
    *,
    busy_timeout: float = 5.0,
) -> tuple[GameLock, Store]:
    """`run`'s way into its database: the game's lock first, then the file checks (private,
    not corrupt, its folder exists), then the store, migrated. A damaged SQLite file is one
    line naming it (exit 2), never a traceback. `before_create` runs (under the lock) when
    the SQLite file does not exist yet, before anything creates it: a refusal there leaves
    no empty database behind. `busy_timeout`: `[storage] busy_timeout`."""
    from mafiabot.store import open_store

    lock = acquire_game_lock(url, identity)
    try:
        if before_create is not None and not database_exists(url):
            before_create()
        prepare_sqlite(url)
        try:
            return lock, open_store(url, busy_timeout=busy_timeout)
        except sa.exc.DatabaseError as exc:
            if not is_corruption(exc):
                raise
            raise corrupt(shown_url(url), str(exc.orig)) from None
    except BaseException:
        lock.release()
        raise
