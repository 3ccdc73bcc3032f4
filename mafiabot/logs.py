"""Logging set-up for every command: one line per record, on stderr and optionally a file.

Under systemd (stderr is the journal's stream, named by `$JOURNAL_STREAM`) a line carries no
time stamp — the journal adds its own — but a `<N>` syslog priority prefix, so
`journalctl -p warning` filters by level. Anywhere else (a terminal, a file) each line starts
with an ISO 8601 time with its UTC offset.
"""

from __future__ import annotations

import logging
import os
import sys
from datetime import datetime

# typing and pathlib are for annotations only: a quick command (`mafiabot parse posts`) does not
# import them just to log (mypy reads a `TYPE_CHECKING` block whatever defines the name)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import TextIO

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

# syslog priorities (sd-daemon(3)): what the journal reads from a "<N>" line prefix
_PRIORITY = {
    logging.DEBUG: 7,
    logging.INFO: 6,
    logging.WARNING: 4,
    logging.ERROR: 3,
    logging.CRITICAL: 2,
}

# libraries whose INFO lines are noise in a host's log (alembic names every migration step,
# httpx every request)
_QUIET = ("alembic", "httpx", "httpcore", "pymorphy3")
_OURS = "_mafiabot_handler"


class IsoFormatter(logging.Formatter):
    """`2026-12-01T22:35:00.123+03:00 INFO mafiabot.daemon: message`."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return (
            datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="milliseconds")
        )


class JournalFormatter(logging.Formatter):
    """`<6>mafiabot.daemon: message`: the journal stamps the time itself."""

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        prio = _PRIORITY.get(record.levelno, 6 if record.levelno < logging.WARNING else 3)
        # a traceback's later lines get the same priority (the journal reads each line)
        return "\n".join(f"<{prio}>{line}" for line in super().format(record).splitlines())


def under_journal(stream: TextIO) -> bool:
    """True when `stream` is the systemd journal's socket ($JOURNAL_STREAM is "dev:inode" of
    the stream systemd connected; a child whose stderr was redirected must not match)."""
    value = os.environ.get("JOURNAL_STREAM", "")
    dev, _, ino = value.partition(":")
    if not dev.isdigit() or not ino.isdigit():
        return False
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (st.st_dev, st.st_ino) == (int(dev), int(ino))


def parse_level(name: str) -> int:
    """A level name (any case) or number → logging level; ValueError for anything else."""
    text = name.strip().upper()
    if text.isdigit():
        return int(text)
    if text == "WARN":
        text = "WARNING"
    if text not in (*LEVELS, "CRITICAL"):
        raise ValueError(f"unknown log level {name!r}; use one of {', '.join(LEVELS)}")
    return int(logging.getLevelName(text))


def setup(
    level: int = logging.INFO, log_file: str | Path | None = None, stream: TextIO | None = None
) -> None:
    """Set the root logger's handlers (replacing those of an earlier call): stderr
    (journal-aware) plus `log_file` if given, opened for appending (rotate it with
    logrotate's copytruncate)."""
    stream = stream if stream is not None else sys.stderr
    root = logging.getLogger()
    for h in [h for h in root.handlers if getattr(h, _OURS, False)]:
        root.removeHandler(h)  # ours from an earlier call; a host program's stay
        h.close()
    console = logging.StreamHandler(stream)
    console.setFormatter(JournalFormatter() if under_journal(stream) else IsoFormatter())
    handlers: list[logging.Handler] = [console]
    if log_file is not None:
        path = os.fspath(log_file)
        fh = logging.FileHandler(path, encoding="utf-8")
        os.chmod(path, 0o600)  # the log names players, roles and moves
        fh.setFormatter(IsoFormatter())
        handlers.append(fh)
    for h in handlers:
        setattr(h, _OURS, True)
        root.addHandler(h)
    root.setLevel(level)
    for name in _QUIET:
        logging.getLogger(name).setLevel(
            logging.DEBUG if level <= logging.DEBUG else logging.WARNING
        )
