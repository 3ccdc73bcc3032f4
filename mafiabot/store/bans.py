"""Bans (P-B.1): removals follow a player across games."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import col, select

from engine import bans as engine_bans
from mafiabot.store.database import Database
from mafiabot.store.tables import BanRow, Game, utcnow


@dataclass(frozen=True, slots=True)
class Ban:
    nick: str
    removals: int
    games_left: int


# P-B.1: the 1st…5th removal bans for this many games (the 5th and later: 16).
BAN_GAMES = engine_bans.BAN_GAMES  # P-B.1: the rule lives in engine/bans.py


class BanStore(Database):
    """Removals (P-B.1) and the bans they earn, kept apart from any one game's rows."""

    def record_removal(
        self, nick: str, game_id: int | None, reason: str, now: datetime | None = None
    ) -> BanRow:
        """A removal for passivity or rule-breaking: the n-th earns `ban_games(n)` (P-B.1)."""
        key = nick.casefold()
        with self.session() as s:
            n = s.exec(
                select(sa.func.count()).select_from(BanRow).where(BanRow.nick_key == key)
            ).one()
            if game_id is not None:
                dup = s.exec(
                    select(BanRow).where(BanRow.nick_key == key, BanRow.game_id == game_id)
                ).first()
                if dup is not None:  # one removal per game: re-recording changes nothing
                    return dup
            no = int(n) + 1
            row = BanRow(
                nick_key=key,
                nick=nick,
                game_id=game_id,
                removal_no=no,
                games=engine_bans.ban_games(no),
                reason=reason,
                at=now or utcnow(),
            )
            s.add(row)
            s.flush()
            s.refresh(row)
            return row

    def ban(self, nick: str, current_game: int | None = None) -> Ban | None:
        """The player's ban: games started since his last removal (before `current_game`,
        the one he wants to join) are the games he has sat out."""
        key = nick.casefold()
        with self.session() as s:
            last = s.exec(
                select(BanRow).where(BanRow.nick_key == key).order_by(col(BanRow.removal_no).desc())
            ).first()
            if last is None:
                return None
            q = select(sa.func.count()).select_from(Game)
            if last.game_id is not None:
                q = q.where(col(Game.id) > last.game_id)
            elif last.at is not None:
                q = q.where(col(Game.created_at) > last.at)
            if current_game is not None:
                q = q.where(col(Game.id) < current_game)
            played = int(s.exec(q).one())
            left = last.games - played
            if left <= 0:
                return None
            return Ban(nick=last.nick, removals=last.removal_no, games_left=left)
