"""The host's overrides (C-6) already applied."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import col, select

from mafiabot.store.database import Database
from mafiabot.store.tables import AppliedOverride, utcnow


class OverrideStore(Database):
    """Applied overrides."""

    # -- overrides -------------------------------------------------------------------------

    def override_applied(self, game_id: int, key: str) -> bool:
        with self.session() as s:
            return (
                s.exec(
                    select(AppliedOverride).where(
                        AppliedOverride.game_id == game_id, AppliedOverride.key == key
                    )
                ).first()
                is not None
            )

    def mark_override(
        self,
        game_id: int,
        key: str,
        kind: str,
        description: str,
        turn: int | None,
        now: datetime | None = None,
    ) -> bool:
        with self.session() as s:
            if s.exec(
                select(AppliedOverride).where(
                    AppliedOverride.game_id == game_id, AppliedOverride.key == key
                )
            ).first():
                return False
            s.add(
                AppliedOverride(
                    game_id=game_id,
                    key=key,
                    kind=kind,
                    description=description,
                    turn=turn,
                    at=now or utcnow(),
                )
            )
            return True

    def applied_overrides(self, game_id: int, turn: int | None = None) -> list[AppliedOverride]:
        with self.session() as s:
            q = select(AppliedOverride).where(AppliedOverride.game_id == game_id)
            if turn is not None:
                q = q.where(AppliedOverride.turn == turn)
            return list(s.exec(q.order_by(col(AppliedOverride.id))))
