"""Storage: everything the daemon has read, decided and must still send (sqlmodel).

One SQLite file by default, PostgreSQL by URL. The schema is created and upgraded by the
alembic migrations in `mafiabot/migrations` (`Store.migrate()`), never by `create_all`, so a
database made by an older version is brought forward in place.

What the tables guarantee:
- posts and PMs are keyed by their board ids: refetching a page changes nothing; an edit
  (different body) adds a revision instead of overwriting, so a vote edited after the deadline
  can still be counted as it stood at the deadline and flagged (ARCHITECTURE "recompute");
- outbox rows are unique on (game, turn, kind, recipient): the same newspaper or PM can be
  queued any number of times after a crash and still goes out once;
- bans (P-B.1) are not tied to one game's rows, so they follow a player across games.

The package by stage: `tables` (the rows), `codec` (records to JSON and back), `database`
(engine, sessions, schema), one part of `Store` per thing it keeps (`games`, `posts`,
`tallies`, `letters`, `turns`, `outbox`, `bans`, `overrides`). This module is `Store` put together.
"""

from __future__ import annotations

from mafiabot.store.bans import BanStore
from mafiabot.store.games import GameStore
from mafiabot.store.letters import LetterStore
from mafiabot.store.outbox import OutboxStore, SqlOutbox
from mafiabot.store.overrides import OverrideStore
from mafiabot.store.posts import PostStore
from mafiabot.store.tallies import TallyStore
from mafiabot.store.turns import TurnStore

__all__ = ["SqlOutbox", "Store", "open_store"]


class Store(
    GameStore, PostStore, TallyStore, LetterStore, TurnStore, OutboxStore, BanStore, OverrideStore
):
    """The daemon's database. Methods open their own short transaction unless given one."""


def open_store(url: str, *, busy_timeout: float = 5.0) -> Store:
    """Open and migrate a store (what the daemon, status and demo all call); `busy_timeout`:
    `[storage] busy_timeout`."""
    st = Store(url, busy_timeout=busy_timeout)
    st.migrate()
    return st
