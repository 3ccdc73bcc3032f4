"""Letters (PMs) from the inbox, the moves read out of them, and the inbox messages dealt with."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import col, select

from mafiabot.store.codec import JsonObject
from mafiabot.store.database import Database
from mafiabot.store.tables import MoveRow, PMRow, SeenPM, utcnow


class LetterStore(Database):
    """PMs, moves, seen inbox messages."""

    # -- PMs and moves ---------------------------------------------------------------------

    def upsert_pm(
        self,
        game_id: int,
        *,
        board_id: int,
        sender: str,
        subject: str,
        sent_at: datetime | None,
        body_html: str,
        text: str,
        turn: int | None,
        record: JsonObject | None = None,
        now: datetime | None = None,
    ) -> bool:
        """Store a PM; True when it is new (PMs cannot be edited on the boards we serve)."""
        with self.session() as s:
            exists = s.exec(
                select(PMRow).where(PMRow.game_id == game_id, PMRow.board_id == board_id)
            ).first()
            if exists is not None:
                return False
            s.add(
                PMRow(
                    game_id=game_id,
                    board_id=board_id,
                    sender=sender,
                    subject=subject,
                    sent_at=sent_at,
                    body_html=body_html,
                    text=text,
                    record=record,
                    turn=turn,
                    seen_at=now or utcnow(),
                )
            )
            return True

    def pms(self, game_id: int, *, unhandled: bool = False) -> list[PMRow]:
        with self.session() as s:
            q = select(PMRow).where(PMRow.game_id == game_id)
            if unhandled:
                q = q.where(PMRow.handled == False)  # noqa: E712 (SQL comparison)
            return list(s.exec(q.order_by(col(PMRow.board_id))))

    def mark_pm_handled(self, game_id: int, board_id: int) -> None:
        with self.session() as s:
            pm = s.exec(
                select(PMRow).where(PMRow.game_id == game_id, PMRow.board_id == board_id)
            ).one()
            pm.handled = True
            s.add(pm)

    def add_move(self, move: MoveRow) -> MoveRow:
        with self.session() as s:
            s.add(move)
            s.flush()
            s.refresh(move)
            return move

    def moves(self, game_id: int, turn: int, *, status: str | None = None) -> list[MoveRow]:
        with self.session() as s:
            q = select(MoveRow).where(MoveRow.game_id == game_id, MoveRow.turn == turn)
            if status is not None:
                q = q.where(MoveRow.status == status)
            return list(s.exec(q.order_by(col(MoveRow.id))))

    def set_move_status(self, move_id: int, status: str, reason: str = "") -> None:
        with self.session() as s:
            m = s.get(MoveRow, move_id)
            if m is None:
                raise KeyError(move_id)
            m.status = status
            m.reason = reason
            s.add(m)

    def seen_pms(self, game_id: int) -> list[int]:
        with self.session() as s:
            return [r.board_id for r in s.exec(select(SeenPM).where(SeenPM.game_id == game_id))]

    def mark_pms_seen(self, game_id: int, board_ids: Sequence[int]) -> None:
        with self.session() as s:
            known = set(
                s.exec(
                    select(SeenPM.board_id).where(
                        SeenPM.game_id == game_id, col(SeenPM.board_id).in_(list(board_ids))
                    )
                )
            )
            for b in dict.fromkeys(board_ids):
                if b not in known:
                    s.add(SeenPM(game_id=game_id, board_id=b))
