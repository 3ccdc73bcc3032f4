"""The outbox in the database: the poster's `Outbox` protocol, exactly once across crashes."""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, select

from mafiabot.store.codec import JsonObject, from_json, to_json
from mafiabot.store.database import Database
from mafiabot.store.tables import OutboxDBRow, utcnow
from poster.outbox import OutboxKey, OutboxRow, SearchFrom
from scraper.board import Attachment


def enqueue(s: Session, game_id: int, row: OutboxRow, now: datetime) -> bool:
    """Queue `row` in the transaction `s`: False, and no change, when its key is queued."""
    k = row.key
    same = s.exec(
        select(OutboxDBRow).where(
            OutboxDBRow.game_id == game_id,
            OutboxDBRow.turn == k.turn,
            OutboxDBRow.kind == k.kind,
            OutboxDBRow.recipient == k.recipient,
        )
    ).first()
    if same is not None:
        return False
    s.add(
        OutboxDBRow(
            game_id=game_id,
            turn=k.turn,
            kind=k.kind,
            recipient=k.recipient,
            channel=row.channel,
            text=row.text,
            subject=row.subject,
            topic_id=row.topic_id,
            recipients=list(row.recipients),
            status=row.status,
            board_ids=list(row.board_ids),
            in_flight_part=row.in_flight_part,
            error=row.error,
            marker_token=row.marker_token,
            search_from=None if row.search_from is None else to_json(row.search_from),
            attachment=_attachment_json(row.attachment),
            created_at=now,
        )
    )
    return True


class OutboxStore(Database):
    """The game's outbox, as the poster sees it."""

    def outbox(
        self, game_id: int, stamp: Callable[[OutboxRow], OutboxRow] | None = None
    ) -> SqlOutbox:
        """The game's outbox as the poster's `Outbox` protocol (`stamp`: see SqlOutbox)."""
        return SqlOutbox(self, game_id, stamp)


def _to_row(r: OutboxDBRow, game: str) -> OutboxRow:
    return OutboxRow(
        key=OutboxKey(game=game, turn=r.turn, kind=r.kind, recipient=r.recipient),
        channel="pm" if r.channel == "pm" else "newtopic" if r.channel == "newtopic" else "topic",
        text=r.text,
        subject=r.subject,
        topic_id=r.topic_id,
        recipients=tuple(r.recipients or ()),
        status="sent" if r.status == "sent" else "failed" if r.status == "failed" else "pending",
        board_ids=tuple(r.board_ids or ()),
        in_flight_part=r.in_flight_part,
        error=r.error,
        attempts=r.attempts or 0,
        marker_token=r.marker_token or "",
        search_from=None if r.search_from is None else from_json(SearchFrom, r.search_from),
        attachment=_attachment_of(r.attachment),
        claimed_by=r.claimed_by,
        claimed_at=r.claimed_at,
    )


def _attachment_json(a: Attachment | None) -> JsonObject | None:
    if a is None:
        return None
    return {"name": a.name, "mime": a.mime, "data": base64.b64encode(a.data).decode("ascii")}


def _attachment_of(d: JsonObject | None) -> Attachment | None:
    if not d:
        return None
    return Attachment(str(d["name"]), base64.b64decode(str(d["data"])), str(d.get("mime", "")))


class SqlOutbox:
    """The poster's `Outbox` protocol on the store: one transaction per call, so the
    begin/record steps around each submit survive a crash (poster.poster explains why)."""

    def __init__(
        self,
        store: Database,
        game_id: int,
        stamp: Callable[[OutboxRow], OutboxRow] | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.game = str(game_id)
        # the daemon's: puts the game's token and the board's position on a row being queued
        self.stamp = stamp

    def _find(self, s: Session, key: OutboxKey) -> OutboxDBRow | None:
        return s.exec(
            select(OutboxDBRow).where(
                OutboxDBRow.game_id == self.game_id,
                OutboxDBRow.turn == key.turn,
                OutboxDBRow.kind == key.kind,
                OutboxDBRow.recipient == key.recipient,
            )
        ).first()

    def _must(self, s: Session, key: OutboxKey) -> OutboxDBRow:
        r = self._find(s, key)
        if r is None:
            raise KeyError(f"no outbox row {key}")
        return r

    def add(self, row: OutboxRow) -> bool:
        if self.stamp is not None:
            row = self.stamp(row)
        with self.store.session() as s:
            return enqueue(s, self.game_id, row, utcnow())

    def get(self, key: OutboxKey) -> OutboxRow | None:
        with self.store.session() as s:
            r = self._find(s, key)
            return None if r is None else _to_row(r, self.game)

    def get_kinds(self, turn: int, kinds: Sequence[str], recipient: str) -> dict[str, OutboxRow]:
        """The rows of `turn` for `recipient` of each of `kinds` there is, by kind: what
        `get` answers for each key, in one statement instead of one a kind."""
        with self.store.session() as s:
            rows = s.exec(
                select(OutboxDBRow)
                .where(
                    OutboxDBRow.game_id == self.game_id,
                    OutboxDBRow.turn == turn,
                    col(OutboxDBRow.kind).in_(list(kinds)),
                    OutboxDBRow.recipient == recipient,
                )
                .order_by(col(OutboxDBRow.id))
            )
            found: dict[str, OutboxRow] = {}
            for r in rows:
                found.setdefault(r.kind, _to_row(r, self.game))
            return found

    def pending(self) -> list[OutboxRow]:
        with self.store.session() as s:
            rows = s.exec(
                select(OutboxDBRow)
                .where(OutboxDBRow.game_id == self.game_id, OutboxDBRow.status == "pending")
                .order_by(col(OutboxDBRow.id))
            )
            return [_to_row(r, self.game) for r in rows]

    def all(self) -> list[OutboxRow]:
        with self.store.session() as s:
            rows = s.exec(
                select(OutboxDBRow)
                .where(OutboxDBRow.game_id == self.game_id)
                .order_by(col(OutboxDBRow.id))
            )
            return [_to_row(r, self.game) for r in rows]

    def refresh_unsent(self, key: OutboxKey, text: str) -> bool:
        """Replace the text of a row nothing of which has gone out yet (pending, no part
        begun or recorded): a recomputed message, such as the live vote count queued before a
        crash, goes out as it stands now. False, and no change, for any other row."""
        with self.store.session() as s:
            r = self._must(s, key)
            if r.status != "pending" or r.in_flight_part is not None or r.board_ids:
                return False
            r.text = text
            s.add(r)
            return True

    def begin_part(self, key: OutboxKey, part: int) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.in_flight_part = part
            s.add(r)

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            ids = list(r.board_ids or ())
            if part >= len(ids):  # already recorded: keep the first id
                r.board_ids = [*ids, board_id]
            r.in_flight_part = None
            s.add(r)

    def mark_sent(self, key: OutboxKey) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.status = "sent"
            r.in_flight_part = None
            r.sent_at = utcnow()
            s.add(r)

    def mark_failed(self, key: OutboxKey, error: str) -> None:
        with self.store.session() as s:
            r = self._must(s, key)
            r.status = "failed"
            r.error = error[:2000]
            s.add(r)

    def note_attempt(self, key: OutboxKey, error: str) -> int:
        """`poster.outbox.CountsAttempts`: one more refused try, in its own transaction."""
        with self.store.session() as s:
            r = self._must(s, key)
            r.attempts = (r.attempts or 0) + 1
            r.error = error[:2000]
            s.add(r)
            return r.attempts

    def _where_key(self, key: OutboxKey) -> list[sa.ColumnElement[bool]]:
        t = OutboxDBRow
        return [
            col(t.game_id) == self.game_id,
            col(t.turn) == key.turn,
            col(t.kind) == key.kind,
            col(t.recipient) == key.recipient,
        ]

    def claim(
        self,
        key: OutboxKey,
        owner: str,
        now: datetime,
        stale: timedelta,
        dead: str | None = None,
    ) -> bool:
        """`poster.outbox.Claims`: one conditional UPDATE, so of two senders claiming at once
        the database lets exactly one through (the other's WHERE no longer matches)."""
        t = OutboxDBRow
        free = sa.or_(
            col(t.claimed_by).is_(None),
            col(t.claimed_by).in_([owner] if dead is None else [owner, dead]),
            col(t.claimed_at).is_(None),
            col(t.claimed_at) < now - stale,
        )
        stmt = (
            sa.update(t)
            .where(*self._where_key(key), col(t.status) == "pending", free)
            .values(claimed_by=owner, claimed_at=now)
        )
        with self.store.session() as s:
            result = s.execute(stmt)
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def release(self, key: OutboxKey, owner: str) -> None:
        t = OutboxDBRow
        stmt = (
            sa.update(t)
            .where(*self._where_key(key), col(t.claimed_by) == owner)
            .values(claimed_by=None, claimed_at=None)
        )
        with self.store.session() as s:
            s.execute(stmt)
