"""The game database as a file on disk: private permissions, corruption caught early, and a
refusal to start the game over when its database was lost.

SQLite creates the `-wal`, `-shm` and `-journal` files with the mode of the database file,
so making the database itself 0600 before SQLite first opens it keeps them all private: they
hold the roles, the salt of the commitment and every PM.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from mafiabot.exitcodes import DatabaseUnusable, UsageError
from scraper.board import TopicCursor

if TYPE_CHECKING:
    from mafiabot.store import Store
    from scraper.board import BoardClient

_SQLITE_MAGIC = b"SQLite format 3\x00"
#: text every outbox marker starts with (poster.outbox.marker_for)
MARKER_PREFIX = "mafiabot "


def sqlite_path(url: str) -> Path | None:
    """The file of a `sqlite:///` URL; None for PostgreSQL and in-memory databases."""
    if not url.startswith("sqlite:///"):
        return None
    rest = url.removeprefix("sqlite:///").split("?", 1)[0]
    if rest in ("", ":memory:"):
        return None
    return Path(rest)


def private_file(path: Path) -> None:
    """Create `path` empty with mode 0600 if it is missing, else narrow its mode to 0600."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        if side.exists() and side.stat().st_mode & 0o077:
            side.chmod(0o600)


def check_sqlite_file(path: Path) -> None:
    """Refuse (exit 2) a file that is not an SQLite database, with one line naming it."""
    try:
        with path.open("rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UsageError(f"cannot read the game database {path}: {exc.strerror}") from None
    if head and head != _SQLITE_MAGIC:
        raise corrupt(path, "it is not an SQLite database")


def corrupt(path: Path | str, why: str) -> DatabaseUnusable:
    return DatabaseUnusable(
        f"the game database {path} is unusable ({why}). Nothing was sent. Restore it from a "
        "backup (or move it aside to start a new game only if no game has begun) and start again."
    )


def prepare_sqlite(url: str) -> None:
    """Before the store opens a SQLite file: its folder must exist, the file must be a
    database (or absent) and private. No-op for other databases."""
    path = sqlite_path(url)
    if path is None:
        return
    check_folder(path)
    check_sqlite_file(path)
    private_file(path)


def check_folder(path: Path) -> None:
    if not path.parent.is_dir():
        raise UsageError(
            f"the folder of the game database {path} does not exist: create it or fix [storage] url"
        )


def is_corruption(exc: BaseException) -> bool:
    """An error SQLite raises for a damaged file (not for a locked or missing one)."""
    orig = exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc
    return type(orig) is sqlite3.DatabaseError  # OperationalError etc. are subclasses


def shown_url(url: str) -> str:
    """A database URL fit for a message: the file, or the server without its password."""
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    return url.split("@")[-1]


def refuse_lost_database(store: Store, client: BoardClient, topic: int) -> None:
    """With no game for `topic` in the store, look at the topic for a post of the bot's own
    carrying an outbox marker: then a game was already hosted there and its database is
    gone. Starting again would re-deal, re-send the role PMs and replay the game
    differently, so refuse (exit 2) and tell the host how to restore.

    Reads the topic from its first page (once, only while the store has no game for it)."""
    if store.find_game(topic) is not None:
        return
    found = client.find_post_with_marker(topic, MARKER_PREFIX, since=TopicCursor(topic))
    if found is None:
        return
    raise DatabaseUnusable(
        f"the game database {shown_url(store.url)} has no game for topic {topic}, but the "
        f"topic already holds the bot's post #{found}: the game has begun and its database "
        "was lost. Nothing was sent. Restore the database file from a backup (or point "
        "[storage] url at it) and start again; for a new game, use a new topic."
    )


def cookie_path(database_url: str, config_path: Path) -> Path:
    """Where the board session's cookie jar lives: beside the SQLite database (the bot's state
    folder), else in the working directory — never beside the config, which belongs in a
    read-only /etc."""
    db = sqlite_path(database_url)
    if db is not None:
        return db.with_name(db.name + ".cookies")
    return Path(config_path.stem + ".cookies")
