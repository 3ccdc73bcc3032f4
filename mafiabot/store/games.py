"""Games and their seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import col, select

from mafiabot.store.database import Database
from mafiabot.store.tables import Game, Player, utcnow


class GameStore(Database):
    """Games and seats."""

    # -- games and players -----------------------------------------------------------------

    def create_game(
        self,
        *,
        name: str,
        ruleset: str,
        topic_id: int,
        seed: int,
        court_topic_id: int | None = None,
        token: str = "",
        now: datetime | None = None,
    ) -> Game:
        with self.session() as s:
            g = Game(
                name=name,
                ruleset=ruleset,
                topic_id=topic_id,
                court_topic_id=court_topic_id,
                seed=seed,
                token=token,
                created_at=now or utcnow(),
            )
            s.add(g)
            s.flush()
            s.refresh(g)
            return g

    def find_game(self, topic_id: int) -> Game | None:
        """The newest game in a topic (a topic hosts one game; reruns make a new one)."""
        with self.session() as s:
            return s.exec(
                select(Game).where(Game.topic_id == topic_id).order_by(col(Game.id).desc())
            ).first()

    def get_game(self, game_id: int) -> Game:
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(f"no game {game_id}")
            return g

    def update_game(self, game_id: int, **values: object) -> Game:
        with self.session() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(f"no game {game_id}")
            for k, v in values.items():
                setattr(g, k, v)
            s.add(g)
            s.flush()
            s.refresh(g)
            return g

    def add_players(self, game_id: int, nicks: Sequence[str]) -> None:
        with self.session() as s:
            have = {p.nick for p in s.exec(select(Player).where(Player.game_id == game_id))}
            for n in nicks:
                if n not in have:
                    s.add(Player(game_id=game_id, nick=n, account=n))

    def players(self, game_id: int) -> list[Player]:
        """The game's seats, as rows of their own: changing one changes nothing in the store
        (`update_player`, `set_user_ids` do), inside a unit of work too."""
        with self.session() as s:
            rows = list(
                s.exec(select(Player).where(Player.game_id == game_id).order_by(col(Player.id)))
            )
            for row in rows:  # flushed before the read: nothing of theirs is left unwritten
                s.expunge(row)
            return rows

    def update_player(self, game_id: int, seat: str, **values: object) -> None:
        """Change a seat's row (`values` may rename it: nick=…)."""
        with self.session() as s:
            p = s.exec(select(Player).where(Player.game_id == game_id, Player.nick == seat)).one()
            for k, v in values.items():
                setattr(p, k, v)
            s.add(p)

    def set_user_ids(self, game_id: int, ids: Mapping[str, int]) -> None:
        """Keep the board user id of each seat in `ids` (seat -> id): one statement however
        many, in the caller's unit of work inside `transaction()`."""
        if not ids:
            return
        players_t = Player.__table__  # type: ignore[attr-defined]
        with self.connection() as conn:
            conn.execute(
                sa.update(players_t)
                .where(
                    players_t.c.game_id == sa.bindparam("game"),
                    players_t.c.nick == sa.bindparam("seat"),
                )
                .values(user_id=sa.bindparam("uid")),
                [{"game": game_id, "seat": seat, "uid": uid} for seat, uid in ids.items()],
            )

    def deaths(self, game_id: int) -> dict[str, datetime]:
        """When each seat left the game (the deadline that removed him)."""
        with self.session() as s:
            rows = s.exec(select(Player).where(Player.game_id == game_id))
            return {p.nick: p.died_at for p in rows if p.died_at is not None}
