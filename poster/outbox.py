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
from dataclasses import dataclass, replace
from typing import Literal, Protocol, runtime_checkable

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


def marker_for(key: OutboxKey, part: int = 0) -> str:
    """The marker text for one part of a row: readable game/turn plus a short key hash.

    Stable across restarts (no randomness, no clock), unique per (key, part).
    """
    raw = f"{key.game}|{key.turn}|{key.kind}|{key.recipient}|{part}"
    digest = hashlib.sha1(raw.encode("utf-8")).hexdigest()[:8]
    return f"mafiabot {key.game}/{key.turn} {digest}"


def with_marker(text: str, marker: str) -> str:
    """Append the marker on its own line."""
    return f"{text.rstrip()}\n\n{MARKER_BBCODE.format(marker=marker)}"


def marker_overhead(marker: str) -> int:
    return len(with_marker("", marker))


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
