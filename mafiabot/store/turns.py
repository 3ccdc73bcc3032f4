"""What a deadline records (state, events, vote records, host notes), and the bookkeeping
around turns (topic cursors, interim counts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from mafiabot.store.codec import JsonObject, from_json, to_json
from mafiabot.store.database import Database
from mafiabot.store.outbox import enqueue
from mafiabot.store.tables import (
    EventRow,
    Game,
    HostFlag,
    Player,
    TopicCursorRow,
    VoteCountRow,
    VoteRecordRow,
    utcnow,
)
from poster.outbox import OutboxRow
from scraper.board import TopicCursor


class TurnStore(Database):
    """Turns and their bookkeeping."""

    # -- a resolved turn: state + events + outbox in ONE transaction -----------------------

    def commit_turn(
        self,
        game_id: int,
        *,
        turn: int,
        state: JsonObject | None,
        events: Sequence[tuple[str, str, JsonObject]],
        outbox: Sequence[OutboxRow] = (),
        game_values: Mapping[str, object] | None = None,
        reported: Sequence[str] = (),
        deaths: Mapping[str, datetime] | None = None,
        new_turn_pages: bool = False,
        votes: tuple[str, Sequence[JsonObject]] | None = None,
        now: datetime | None = None,
    ) -> None:
        """Record a turn's resolution atomically: a crash leaves either all of it or none.

        reported: the host notes of `turn` its report carries; deaths: when each seat left;
        new_turn_pages: the next turn's posts start on the page each topic cursor stands on;
        votes: ("turn/phase", the votes that phase counted) for the game's vote record."""
        now = now or utcnow()
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(game_id)
            if state is not None:
                g.state = state
            for k, v in (game_values or {}).items():
                setattr(g, k, v)
            s.add(g)
            start = s.exec(
                select(sa.func.count())
                .select_from(EventRow)
                .where(EventRow.game_id == game_id, EventRow.turn == turn)
            ).one()
            for i, (kind, audience, payload) in enumerate(events):
                s.add(
                    EventRow(
                        game_id=game_id,
                        turn=turn,
                        seq=int(start) + i,
                        kind=kind,
                        audience=audience,
                        payload=payload,
                        at=now,
                    )
                )
            for row in outbox:
                enqueue(s, game_id, row, now)
            for text in reported:
                flag = self._flag_row(s, game_id, turn, text)
                if flag is None:
                    s.add(
                        HostFlag(game_id=game_id, turn=turn, text=text, raised=False, reported=True)
                    )
                else:
                    flag.reported = True
                    s.add(flag)
            for nick, at in (deaths or {}).items():
                p = s.exec(
                    select(Player).where(Player.game_id == game_id, Player.nick == nick)
                ).first()
                if p is not None:
                    p.died_at = at
                    s.add(p)
            if new_turn_pages:
                for tc in s.exec(select(TopicCursorRow).where(TopicCursorRow.game_id == game_id)):
                    stands = _position(tc)
                    tc.turn_start_page = 1 if stands is None else stands.page
                    s.add(tc)
            if votes is not None:
                tag, counted = votes
                rec = s.exec(
                    select(VoteRecordRow).where(
                        VoteRecordRow.game_id == game_id, VoteRecordRow.tag == tag
                    )
                ).first() or VoteRecordRow(game_id=game_id, tag=tag)
                rec.votes = list(counted)
                s.add(rec)

    # -- bookkeeping: cursors, host flags, seen PMs, interim counts --------------------------

    def topic_cursors(self, game_id: int) -> dict[int, TopicCursorRow]:
        with self.session() as s:
            rows = s.exec(select(TopicCursorRow).where(TopicCursorRow.game_id == game_id))
            return {r.topic_id: r for r in rows}

    def topic_positions(self, game_id: int) -> dict[int, TopicCursor]:
        """Where the bot stands in each topic it reads (`save_topic_cursor`)."""
        return {
            topic: cursor
            for topic, row in self.topic_cursors(game_id).items()
            if (cursor := _position(row)) is not None
        }

    def save_topic_cursor(self, game_id: int, topic_id: int, cursor: TopicCursor) -> None:
        with self.session() as s:
            row = s.exec(
                select(TopicCursorRow).where(
                    TopicCursorRow.game_id == game_id, TopicCursorRow.topic_id == topic_id
                )
            ).first()
            row = row or TopicCursorRow(game_id=game_id, topic_id=topic_id)
            row.cursor = to_json(cursor)
            s.add(row)

    @staticmethod
    def _flag_row(s: Session, game_id: int, turn: int, text: str) -> HostFlag | None:
        return s.exec(
            select(HostFlag).where(
                HostFlag.game_id == game_id, HostFlag.turn == turn, HostFlag.text == text
            )
        ).first()

    def add_flag(self, game_id: int, turn: int, text: str) -> bool:
        """Raise a note for the host in `turn`; False when it was raised already."""
        return bool(self.raise_flags(game_id, [(turn, text)]))

    def raise_flags(self, game_id: int, notes: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
        """Raise notes for the host, each (turn, text), in order — a few statements however
        many there are, in the caller's unit of work inside `transaction()`. A note is kept
        once per turn (the table's key is game, turn and text): the ones raised already are
        left alone, and what is returned is the notes raised now."""
        wanted = list(dict.fromkeys(notes))  # a note twice in one call: raised once
        if not wanted:
            return []
        flags_t = HostFlag.__table__  # type: ignore[attr-defined]
        with self.connection() as conn:
            known = {
                (r.turn, r.text): (r.id, r.raised)
                for r in conn.execute(
                    sa.select(flags_t.c.id, flags_t.c.turn, flags_t.c.text, flags_t.c.raised).where(
                        flags_t.c.game_id == game_id,
                        flags_t.c.text.in_(sa.bindparam("texts", expanding=True)),
                    ),
                    {"texts": sorted({text for _turn, text in wanted})},
                )
            }
            fresh = [n for n in wanted if n not in known]
            # recorded as reported by a deadline, not raised while the turn ran: raised now
            quiet = [known[n][0] for n in wanted if n in known and not known[n][1]]
            if fresh:  # one statement, the rows in order (the notes' order is their ids')
                flag = {"game_id": game_id, "raised": True, "reported": False}
                rows = [{**flag, "turn": turn, "text": text} for turn, text in fresh]
                conn.execute(sa.insert(flags_t), rows)
            if quiet:
                conn.execute(
                    sa.update(flags_t)
                    .where(flags_t.c.id.in_(sa.bindparam("ids", expanding=True)))
                    .values(raised=True),
                    {"ids": quiet},
                )
        return [n for n in wanted if n not in known or not known[n][1]]

    def host_flags(self, game_id: int, turn: int) -> list[HostFlag]:
        """The notes raised in `turn`, in the order they were raised."""
        with self.session() as s:
            return list(
                s.exec(
                    select(HostFlag)
                    .where(HostFlag.game_id == game_id, HostFlag.turn == turn, col(HostFlag.raised))
                    .order_by(col(HostFlag.id))
                )
            )

    def reported_flags(self, game_id: int, turn: int) -> set[str]:
        with self.session() as s:
            rows = s.exec(
                select(HostFlag).where(
                    HostFlag.game_id == game_id, HostFlag.turn == turn, col(HostFlag.reported)
                )
            )
            return {r.text for r in rows}

    def vote_count(self, game_id: int, tag: str) -> VoteCountRow | None:
        with self.session() as s:
            return s.exec(
                select(VoteCountRow).where(VoteCountRow.game_id == game_id, VoteCountRow.tag == tag)
            ).first()

    def save_vote_count(self, game_id: int, tag: str, votes: int, at: datetime) -> None:
        with self.session() as s:
            row = s.exec(
                select(VoteCountRow).where(VoteCountRow.game_id == game_id, VoteCountRow.tag == tag)
            ).first()
            row = row or VoteCountRow(game_id=game_id, tag=tag)
            row.votes, row.at = votes, at
            s.add(row)

    def vote_records(self, game_id: int) -> dict[str, list[JsonObject]]:
        """The votes each closed phase counted, by "turn/phase" (see `commit_turn`)."""
        with self.session() as s:
            rows = s.exec(select(VoteRecordRow).where(VoteRecordRow.game_id == game_id))
            return {r.tag: list(r.votes or []) for r in rows}

    def events(self, game_id: int, turn: int | None = None) -> list[EventRow]:
        with self.session() as s:
            q = select(EventRow).where(EventRow.game_id == game_id)
            if turn is not None:
                q = q.where(EventRow.turn == turn)
            return list(s.exec(q.order_by(col(EventRow.turn), col(EventRow.seq))))


def _position(row: TopicCursorRow) -> TopicCursor | None:
    return from_json(TopicCursor, row.cursor) if row.cursor else None
