"""The game database as a file on disk: private permissions, corruption caught early, a
database that vanishes under the running bot, and a refusal to start the game over when its
database was lost.

SQLite creates the `-wal`, `-shm` and `-journal` files with the mode of the database file,
so making the database itself 0600 before SQLite first opens it keeps them all private: they
hold the roles, the salt of the commitment and every PM. Only a regular file the bot's own
account owns is touched: a device, a FIFO, a folder or a link named as the database is
refused, never opened for writing nor changed in mode (`/dev/null` as a database must not
become 0600 for the whole machine).

What the bot sent is on the board, not only in its database: every marker it writes carries
its game's token, and the token starts with the topic (`topic_token`), so the board itself
tells whether this game's start post or role PMs already went out (`refuse_lost_database`).
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from mafiabot.exitcodes import DatabaseTrouble, DatabaseUnusable, HostError, UsageError
from poster.outbox import new_game_token
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


def _kind(mode: int) -> str:
    for test, word in (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return word
    return "not a regular file"


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be the bot's own file (a device, FIFO, folder, link …), or None when
    it is a regular file or absent."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be looked at ({exc.strerror})"
    return None if stat.S_ISREG(st.st_mode) else _kind(st.st_mode)


def check_regular(path: Path, what: str = "the game database") -> None:
    """Refuse (exit 2) a path that is not a regular file of its own."""
    why = not_a_file(path)
    if why is not None:
        raise UsageError(
            f"{what} {path} is {why}, not a file: point [storage] url at a file of the bot's "
            "own (a new name in an existing folder is fine)"
        )


def private_file(path: Path) -> None:
    """Create `path` empty with mode 0600 if it is missing, else narrow its mode to 0600 —
    only for a regular file (never through a link) owned by this account."""
    check_regular(path)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags, 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped in between: touch nothing
            raise UsageError(f"the game database {path} is {_kind(st.st_mode)}, not a file")
        if st.st_mode & 0o077 and st.st_uid == os.geteuid():
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    for suffix in ("-wal", "-shm", "-journal"):
        side = path.with_name(path.name + suffix)
        try:
            st = os.lstat(side)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077 and st.st_uid == os.geteuid():
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
    check_regular(path)
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


#: a marker whose game token starts with the topic (`topic_token`): group 1 is the topic
TOPIC_MARKER = re.compile(r"mafiabot \S+/\d+ t(\d+)-[0-9A-Za-z_]+\.[0-9a-f]{8}")


def topic_token(topic: int) -> str:
    """A new game's marker token: the topic, then a random part (`t4-1a2b3c4d5e`)."""
    return f"t{topic}-{new_game_token()}"


def sent_for_topic(client: BoardClient, topic: int, game_name: str) -> int | None:
    """The id of a PM in the bot's sent folders that carries a marker of `topic`'s game
    (role PMs go out before the start post), or None. Only letters whose subject names the
    game are opened (every subject the bot writes does), each folder listed once."""
    want = game_name.strip().casefold()
    folders: tuple[str, ...] = getattr(client, "sent_folders", ("sentbox",))
    for folder in folders:
        for row in client.list_pm_folder(folder):
            if want and want not in row.subject.casefold():
                continue
            html = client.read_pm(row.id, folder).html
            if any(int(m.group(1)) == topic for m in TOPIC_MARKER.finditer(html)):
                return row.id
    return None


def refuse_lost_database(store: Store | None, client: BoardClient, topic: int, name: str) -> None:
    """With no game for `topic` in the store (or no store at all), look at the board for what
    the bot already sent: its own post carrying an outbox marker in the topic, or a PM of
    this game (its marker names the topic) in the sent folders — role PMs go out before the
    start post. Either proves the game began and its database is gone; starting again would
    re-deal, re-send the role PMs and replay the game differently, so refuse (exit 2) and
    tell the host how to restore.

    Reads the topic from its first page and the sent folders (once, only while the store
    has no game for the topic)."""
    if store is not None and store.find_game(topic) is not None:
        return
    found = client.find_post_with_marker(topic, MARKER_PREFIX, since=TopicCursor(topic))
    where = f"the topic already holds the bot's post #{found}"
    if found is None:
        found = sent_for_topic(client, topic, name)
        where = f"the bot's sent messages already hold this game's PM #{found}"
    if found is None:
        return
    db = shown_url(store.url) if store is not None else "the game database"
    raise DatabaseUnusable(
        f"{db} has no game for topic {topic}, but {where}: the game has begun and its "
        "database was lost. Nothing was sent. Restore the database file from a backup (or "
        "point [storage] url at it) and start again; for a new game, use a new topic."
    )


def database_exists(url: str) -> bool:
    """Whether the store at `url` may hold a game: a SQLite file that exists, or any server
    database (asked later)."""
    path = sqlite_path(url)
    return path is None or os.path.lexists(path)


class DatabaseVanished(DatabaseUnusable):
    """The database file was deleted, moved or replaced while the bot had it open."""


@dataclass
class FileWatch:
    """The SQLite file a running bot opened: the same file (device and inode) must still be
    at its path at the start of every transaction. One that vanished (deleted, moved) or was
    replaced (a backup copied over it) would have the bot write on into a file nobody will
    ever read, or into a game that is not the one it is playing: it stops instead.

    `on_trip` runs once, when the file is found gone (the run stops its loop)."""

    path: Path
    ident: tuple[int, int]
    on_trip: Callable[[str], None] = lambda _line: None
    tripped: str | None = None

    @classmethod
    def of(cls, url: str) -> FileWatch | None:
        path = sqlite_path(url)
        if path is None:
            return None
        st = os.stat(path)
        return cls(path, (st.st_dev, st.st_ino))

    def check(self) -> None:
        if self.tripped is not None:
            raise DatabaseVanished(self.tripped)
        try:
            st = os.stat(self.path)
            now: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except FileNotFoundError:
            now = None
        if now == self.ident:
            return
        what = "was deleted or moved" if now is None else "was replaced by another file"
        self.tripped = (
            f"the game database {self.path} {what} while the bot was running: stopped at once, "
            "nothing more is sent. Put the game's database back at that path (or point "
            "[storage] url at it) and start again — the board shows what was already sent"
        )
        self.on_trip(self.tripped)
        raise DatabaseVanished(self.tripped)

    def attach(self, engine: sa.Engine) -> None:
        """Check before every transaction of `engine`."""

        def _begin(_conn: Any) -> None:
            self.check()

        sa.event.listen(engine, "begin", _begin)


def note_path(database_url: str, config_path: Path) -> Path:
    """Where a refused run leaves its one line for `status`: beside the SQLite database,
    else beside the cookie jar."""
    db = sqlite_path(database_url)
    if db is not None:
        return db.with_name(db.name + ".refused")
    return Path(config_path.stem + ".refused")


def write_note(path: Path, line: str) -> None:
    """Keep a refused run's line (best effort: a full disk must not hide the refusal)."""
    try:
        if not_a_file(path) is not None:
            return
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"{datetime.now(UTC).isoformat(timespec='seconds')} {line}\n")
    except OSError:
        pass


def read_note(path: Path) -> str | None:
    """A refused run's note: `<when> <line>`, or None."""
    try:
        if not_a_file(path) is not None:
            return None
        return path.read_text("utf-8").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def clear_note(path: Path) -> None:
    try:
        if not_a_file(path) is None:
            path.unlink()
    except OSError:
        pass


def cookie_path(database_url: str, config_path: Path) -> Path:
    """Where the board session's cookie jar lives: beside the SQLite database (the bot's state
    folder), else in the working directory — never beside the config, which belongs in a
    read-only /etc."""
    db = sqlite_path(database_url)
    if db is not None:
        return db.with_name(db.name + ".cookies")
    return Path(config_path.stem + ".cookies")


# -- faults a host can meet, as one line each -------------------------------------------------

_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


def as_host_error(exc: BaseException) -> HostError | None:
    """`exc` as the one line a host can act on, when it is a fault he can meet (the
    database, the disk, the database server), else None (a bug: its traceback helps)."""
    if isinstance(exc, HostError):
        return exc
    return database_error(exc)


def database_error(exc: BaseException, url: str | None = None) -> HostError | None:
    """A database or disk fault as the line a host acts on (None: not one of those). The
    database's address never shows a password (`shown_url`)."""
    where = f"the game database {shown_url(url)}" if url else "the game database"
    if isinstance(exc, OSError) and not isinstance(exc, ConnectionError):
        return _os_error(exc)
    if not isinstance(exc, sa.exc.SQLAlchemyError | sqlite3.Error):
        return None
    orig = exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    low = text.lower()
    if isinstance(orig, sqlite3.Error):
        if is_corruption(exc):
            return corrupt(shown_url(url) if url else "", text)
        if "locked" in low:
            return DatabaseTrouble(
                f"{where} is locked by another program (an sqlite3 shell, a backup?): close "
                "it — the bot tries again by itself"
            )
        if "full" in low or "disk i/o" in low:
            return DatabaseTrouble(
                f"{where} cannot be written: the disk is full ({text}). Free some space — "
                "the bot tries again by itself; nothing is lost"
            )
        if "readonly" in low or "read-only" in low:
            return UsageError(
                f"{where} is read-only for the bot's account ({text}): give the account "
                "write access to the file and its folder"
            )
        if "unable to open" in low:
            return UsageError(
                f"cannot open {where} ({text}): check [storage] url, that its folder exists "
                "and that the bot's account may write there"
            )
        return None
    module = type(orig).__module__
    if module.startswith("psycopg") or isinstance(exc, sa.exc.OperationalError):
        if "password authentication failed" in low or "does not exist" in low:
            return UsageError(f"{where} refused the bot ({_clean(text, url)}): fix [storage] url")
        return DatabaseTrouble(
            f"cannot reach {where} ({_clean(text, url)}): start the database server or fix "
            "[storage] url — the bot tries again by itself"
        )
    if isinstance(exc, sa.exc.ArgumentError | sa.exc.NoSuchModuleError):
        return UsageError(f"[storage] url is not a database URL the bot can use ({text})")
    return None


def _clean(text: str, url: str | None) -> str:
    """A driver's message without anything of the URL's password."""
    if url and "@" in url and "://" in url:
        creds = url.split("://", 1)[1].rsplit("@", 1)[0]
        secret = creds.partition(":")[2]
        if secret:
            text = text.replace(secret, "***")
    return text


def _os_error(exc: OSError) -> HostError | None:
    what = f" {exc.filename}" if exc.filename else ""
    if exc.errno in _FULL:
        return DatabaseTrouble(
            f"cannot write{what}: the disk is full. Free some space — the bot tries again by "
            "itself; nothing is lost"
        )
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return UsageError(
            f"cannot write{what}: {exc.strerror} — give the bot's account write access there"
        )
    return None
