"""The outbox: every outgoing message is a row with a unique key, sent exactly once.

A row is keyed by (game, turn, kind, recipient). The poster records progress on the row in
three steps per part: `begin_part` (persisted BEFORE the form is submitted), then
`record_part` (after the board accepted it), then `mark_sent` when all parts are done. A row
whose in-flight part was begun but never recorded may or may not be on the board — the
poster looks for the part's marker on the board before sending it again.

`InMemoryOutbox` is the reference implementation; the daemon's SQL outbox implements the
same `Outbox` protocol with the same semantics (one transaction per call).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import socket
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal, Protocol, runtime_checkable

from scraper.board import Attachment

Status = Literal["pending", "sent", "failed"]
Channel = Literal["topic", "pm", "newtopic"]

#: BBCode wrapped around the marker; small but legible, and no colour (colours are votes).
MARKER_BBCODE = "[size=50]{marker}[/size]"


@dataclass(frozen=True, slots=True)
class OutboxKey:
    game: str
    turn: int
    kind: str  # "newspaper", "votecount", "role", "ack", "host_report", ...
    recipient: str  # "topic" for public posts, a nick (or "a,b") for PMs


@dataclass(frozen=True, slots=True)
class SearchFrom:
    """Where the board stood when a row was queued, so the marker search after a crash or a
    lost answer starts there and reads to the end (no fixed window of pages to fall out of).

    `page`/`start`: the topic page (1-based) and the board's offset of it (phpBB `start=`);
    `post_id`: the newest post id seen then; `pm_id`: any private-message id the board had
    issued by then (phpBB numbers every message in one sequence, so ours gets a larger one;
    conversation boards ignore it)."""

    page: int = 1
    start: int = 0
    post_id: int | None = None
    pm_id: int | None = None


@dataclass(frozen=True, slots=True)
class OutboxRow:
    key: OutboxKey
    channel: Channel
    text: str
    subject: str = ""
    topic_id: int | None = None  # channel "topic"; the forum id for channel "newtopic"
    recipients: tuple[str, ...] = ()  # channel "pm"
    status: Status = "pending"
    # post/message id of every part sent so far; for "newtopic" the first is the topic id
    board_ids: tuple[int, ...] = ()
    in_flight_part: int | None = None  # part begun but not yet confirmed
    error: str = ""
    attempts: int = 0  # flushes that left the row pending after a board refusal
    # the game's random token (see `new_game_token`): markers of two games never match;
    # "" keeps the markers rows had before tokens existed
    marker_token: str = ""
    search_from: SearchFrom | None = None  # None: rows saved before positions existed
    # a file sent with the row's first part, in the same submit (channel "topic", boards
    # that take attachments); where the board cannot or will not take it, the text goes
    # without it (`FlushReport.without_attachment`)
    attachment: Attachment | None = None
    # the sender that claimed the row and when (see `Claims`); None: nobody holds it
    claimed_by: str | None = None
    claimed_at: datetime | None = None


_TOKEN = re.compile(r"[0-9A-Za-z_-]{1,32}")


def new_game_token() -> str:
    """A random game token, made once when a game is created and kept with it."""
    return secrets.token_hex(5)


def marker_for(key: OutboxKey, part: int = 0, token: str = "") -> str:
    """The marker text for one part of a row: readable game/turn plus a short key hash.

    Stable across restarts (no clock; the token is the game's, stored with it), unique per
    (key, part) — and, with the game's `token`, per game: two games with the same key (a
    fresh database, a second bot on the board) never take each other's posts for their own.
    Without a token the marker is the one rows had before tokens existed.
    """
    raw = f"{key.game}|{key.turn}|{key.kind}|{key.recipient}|{part}"
    if not token:
        digest = hashlib.sha1(raw.encode("utf-8")).hexdigest()[:8]
        return f"mafiabot {key.game}/{key.turn} {digest}"
    if not _TOKEN.fullmatch(token):
        raise ValueError(f"a game token is 1-32 letters, digits, '-' or '_': {token!r}")
    digest = hashlib.sha1(f"{token}|{raw}".encode()).hexdigest()[:8]
    return f"mafiabot {key.game}/{key.turn} {token}.{digest}"


def with_marker(text: str, marker: str, markup: str = MARKER_BBCODE) -> str:
    """Append the marker on its own line, in the board's small print (`markup`, a format
    string with `{marker}`, the client's `marker_markup`)."""
    return f"{text.rstrip()}\n\n{markup.format(marker=marker)}"


def marker_overhead(marker: str, markup: str = MARKER_BBCODE) -> int:
    return len(with_marker("", marker, markup))


class Outbox(Protocol):
    def add(self, row: OutboxRow) -> bool:
        """Store a new pending row; False (and no change) if the key already exists."""

    def get(self, key: OutboxKey) -> OutboxRow | None: ...

    def pending(self) -> list[OutboxRow]:
        """Rows not yet sent nor failed, in insertion order."""

    def begin_part(self, key: OutboxKey, part: int) -> None:
        """Persist that part `part` is about to be submitted."""

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        """Persist that part `part` is on the board with this id; clears in-flight."""

    def mark_sent(self, key: OutboxKey) -> None: ...

    def mark_failed(self, key: OutboxKey, error: str) -> None:
        """A permanent refusal (unknown recipient, no permission): never retried."""


@runtime_checkable
class CountsAttempts(Protocol):
    """Optional extension of `Outbox`: a persistent count of refused tries per row.

    The poster gives up on a row (marks it failed) once the board has refused it
    `Poster.max_attempts` times for reasons that might pass (flood control, form tokens,
    odd pages). An outbox without this method still works: the poster then counts in
    memory for as long as the process keeps the same board client, so a restart starts
    the count again.
    """

    def note_attempt(self, key: OutboxKey, error: str) -> int:
        """Record one more refused try of the row (with the board's reason in `error`);
        returns the row's count so far. Its own committed transaction."""


#: how long a claim holds without being renewed: a sender renews it before every part, so
#: only a sender that died (or hangs) leaves one this old, and its rows are taken over.
#: The default of the host's `[board] claim_stale` (mafiabot/config/sections.py).
DEFAULT_CLAIM_STALE = timedelta(minutes=10)


def new_claim_owner() -> str:
    """A sender's claim id: host and pid for the host to read, plus a random part because a
    pid is reused (a container's first process is always 1)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


#: this process's claim id; the daemon builds a Poster per tick and must keep its claims
PROCESS_OWNER = new_claim_owner()


def claim_owner_is_dead(owner: str) -> bool:
    """True only when `owner` is surely gone: a claim id of this host (`new_claim_owner`)
    whose process no longer runs — the bot restarted after a crash, whose rows need not
    wait for the claim to go stale. Anything else (another host, a pid that runs, even a
    reused one, an id of another form) counts as alive: waiting is the safe side."""
    host, _, rest = owner.partition(":")
    pid_text, _, rand = rest.partition(":")
    if host != socket.gethostname()[:40] or not pid_text.isdigit() or not rand:
        return False
    pid = int(pid_text)
    if pid == os.getpid() or pid <= 0:
        return False  # ours, or a container's pid 1 seen from another container: alive
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # PermissionError: it runs, as another user
        return False
    return False


@runtime_checkable
class Claims(Protocol):
    """Optional extension of `Outbox`: a row is claimed by one sender before it is sent.

    Defence in depth behind the one-instance lock (a lock on a network filesystem that does
    not hold, an operator's mistake): two senders that meet on one outbox never submit the
    same row both. Each claim is one atomic conditional write, so exactly one of two
    concurrent claimers wins. An outbox without these methods is sent unclaimed.
    """

    def claim(
        self,
        key: OutboxKey,
        owner: str,
        now: datetime,
        stale: timedelta,
        dead: str | None = None,
    ) -> bool:
        """Claim (or renew) the pending row for `owner`: True if the row was free, already
        `owner`'s, claimed by another more than `stale` before `now`, or still claimed by
        `dead` (a sender known to be gone) — taken over; False if another sender holds it
        or the row is no longer pending."""

    def release(self, key: OutboxKey, owner: str) -> None:
        """Drop `owner`'s claim on the row (another's claim is left alone)."""


def claim_free(
    row: OutboxRow, owner: str, now: datetime, stale: timedelta, dead: str | None = None
) -> bool:
    """Whether `owner` may claim `row` (the rule every `Claims` outbox applies atomically)."""
    if row.status != "pending":
        return False
    if row.claimed_by is None or row.claimed_by in (owner, dead):
        return True
    return row.claimed_at is None or row.claimed_at < now - stale


class InMemoryOutbox:
    """Outbox kept in a dict; survives a simulated crash if the same object is reused."""

    def __init__(self) -> None:
        self._rows: dict[OutboxKey, OutboxRow] = {}

    def add(self, row: OutboxRow) -> bool:
        if row.key in self._rows:
            return False
        self._rows[row.key] = row
        return True

    def get(self, key: OutboxKey) -> OutboxRow | None:
        return self._rows.get(key)

    def pending(self) -> list[OutboxRow]:
        return [r for r in self._rows.values() if r.status == "pending"]

    def begin_part(self, key: OutboxKey, part: int) -> None:
        self._rows[key] = replace(self._rows[key], in_flight_part=part)

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        row = self._rows[key]
        if part < len(row.board_ids):  # already recorded: keep the first id
            return
        self._rows[key] = replace(row, board_ids=(*row.board_ids, board_id), in_flight_part=None)

    def mark_sent(self, key: OutboxKey) -> None:
        self._rows[key] = replace(self._rows[key], status="sent", in_flight_part=None)

    def mark_failed(self, key: OutboxKey, error: str) -> None:
        self._rows[key] = replace(self._rows[key], status="failed", error=error)

    def note_attempt(self, key: OutboxKey, error: str) -> int:
        row = self._rows[key]
        self._rows[key] = replace(row, attempts=row.attempts + 1, error=error)
        return row.attempts + 1

    def claim(
        self,
        key: OutboxKey,
        owner: str,
        now: datetime,
        stale: timedelta,
        dead: str | None = None,
    ) -> bool:
        row = self._rows.get(key)
        if row is None or not claim_free(row, owner, now, stale, dead):
            return False
        self._rows[key] = replace(row, claimed_by=owner, claimed_at=now)
        return True

    def release(self, key: OutboxKey, owner: str) -> None:
        row = self._rows.get(key)
        if row is not None and row.claimed_by == owner:
            self._rows[key] = replace(row, claimed_by=None, claimed_at=None)
