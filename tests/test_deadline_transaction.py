"""One transaction per deadline: everything a deadline decides — the game row and state, the
events, the outbox, the host notes it reported, the vote record, ban records (P-B.1),
renamed seats (C-6) and the dead — is written at once or not at all.

The deadline closed here (PEFL, day 1 of the recorded game) writes every one of those: a
night victim and a hanged player die, Tanya-77 wrote nothing all day and goes missing (P-A.1,
a removal toward a ban), and the host hands Кот's seat to a new account (C-6). The test
crashes the deadline at each of its writes in turn — the database refuses the k-th write
statement — and shows, for every k, that nothing the deadline decides is in the database
(only the re-read posts the topic shows, which ingest stores as it always does), and that
the next life then closes the deadline exactly as a deadline that never crashed does.
"""

from __future__ import annotations

import copy
import dataclasses
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from mafiabot.bootstrap import build_daemon
from mafiabot.config import Override
from mafiabot.daemon import Daemon, turn
from mafiabot.demo.play import DEMO_TOKEN, DemoRun, setup, tick_times
from mafiabot.memory_board import MemoryBoard
from mafiabot.store import Store, open_store

WRITES = ("INSERT", "UPDATE", "DELETE")
#: columns that say when or by whom, not what was decided
VOLATILE = {"id", "claimed_by", "claimed_at"}
#: what the deadline's re-read of the topic stores before anything is decided: the board as
#: it stands, written as ingest always writes it (idempotently, batch by batch)
READ = {"posts", "post_revisions"}


class Crash(Exception):
    """The process died here (the database never saw the statement)."""


@contextmanager
def crash_at(store: Store, k: int) -> Iterator[list[str]]:
    """Refuse the `k`-th write statement (0: none); yields the write statements executed."""
    seen: list[str] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(WRITES):
            seen.append(statement.split("(")[0].strip())
            if len(seen) == k:
                raise Crash(f"write {k}: {seen[-1]}")

    sa.event.listen(store.engine, "before_cursor_execute", before)
    try:
        yield seen
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", before)


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows as plain tuples (ids and claim stamps aside), in a stable order."""
    path = url.removeprefix("sqlite:///")
    con = sqlite3.connect(path)
    try:
        tables = [
            r[0]
            for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if r[0] != "alembic_version"
        ]
        out: dict[str, list[tuple[Any, ...]]] = {}
        for t in tables:
            cur = con.execute(f'SELECT * FROM "{t}"')
            cols = [d[0] for d in cur.description]
            keep = [i for i, c in enumerate(cols) if c not in VOLATILE]
            out[t] = sorted((tuple(row[i] for i in keep) for row in cur), key=repr)
        return out
    finally:
        con.close()


@dataclasses.dataclass
class Before:
    """The game just before the deadline: its database, the board, the config."""

    run: DemoRun
    saved: Path
    deadline: datetime

    def restore(self, name: str) -> str:
        """A copy of the database as saved; its URL."""
        target = self.saved.with_name(f"{name}.db")
        src, dst = sqlite3.connect(self.saved), sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
        return f"sqlite:///{target}"

    def life(self, url: str) -> tuple[Daemon, Store]:
        """A fresh process on the database at `url`, at the same moment, the board as it
        was before the deadline."""
        store = open_store(url)
        board: MemoryBoard = copy.deepcopy(self.run.board)
        cfg = dataclasses.replace(self.run.daemon.cfg, database_url=url)
        daemon = build_daemon(cfg, store, board, salt=lambda: "demo-salt", token=lambda: DEMO_TOKEN)
        return daemon, store


@pytest.fixture(scope="module")
def before(tmp_path_factory: pytest.TempPathFactory) -> Before:
    tmp = tmp_path_factory.mktemp("deadline")
    run, data = setup("pefl", f"sqlite:///{tmp / 'game.db'}")
    run.board.posts = [p for p in run.board.posts if p.author != "Tanya-77"]  # P-A.1
    handover = Override(index=0, kind="replace", turn=1, nick="Кот", new_nick="Кот2")  # C-6
    run.daemon.cfg = dataclasses.replace(run.daemon.cfg, overrides=(handover,))
    first = run.cfg.game.deadlines[0]
    day1 = run.cfg.game.deadlines[1]
    for t in [t for t in tick_times(run, data) if t < day1]:
        run.clock[0] = t
        run.daemon.tick(t)
    g = run.daemon.game()
    assert g.turn == 1 and g.deadline == day1 and first < day1
    run.store.close()
    return Before(run, tmp / "game.db", day1)


def _close(daemon: Daemon, deadline: datetime) -> None:
    """The deadline's part of a tick, and nothing else (no flush: the board stays as it is)."""
    sh = daemon.shell
    sh.begin_tick()
    turn.close_deadline(sh, sh.game(), deadline, deadline + timedelta(minutes=1))


@pytest.fixture(scope="module")
def reference(before: Before) -> tuple[dict[str, list[tuple[Any, ...]]], list[str]]:
    """The deadline closed without a crash: what it wrote, and its write statements."""
    url = before.restore("reference")
    daemon, store = before.life(url)
    with crash_at(store, 0) as writes:
        _close(daemon, before.deadline)
    store.close()
    return dump(url), writes


def test_the_deadline_writes_everything_it_decides(
    before: Before, reference: tuple[dict[str, list[tuple[Any, ...]]], list[str]]
) -> None:
    was = dump(f"sqlite:///{before.saved}")
    after, writes = reference
    changed = {t for t in after if after[t] != was.get(t)}
    # the game row and state, events, outbox, reported notes, vote record, bans, seats
    assert {"games", "events", "outbox", "host_flags", "vote_records", "bans", "players"} <= (
        changed
    ), changed
    con = sqlite3.connect(before.saved.with_name("reference.db"))
    try:
        seats = dict(con.execute("SELECT nick, alive FROM players").fetchall())
        banned = [r[0] for r in con.execute("SELECT nick FROM bans")]
    finally:
        con.close()
    assert "Кот2" in seats and "Кот" not in seats  # C-6: the seat plays under its new name
    assert seats["Tanya-77"] == 0 and "Tanya-77" in banned  # P-A.1, P-B.1
    assert len(writes) >= 10, writes


def test_a_crash_between_any_two_writes_of_a_deadline_loses_or_repeats_nothing(
    before: Before, reference: tuple[dict[str, list[tuple[Any, ...]]], list[str]]
) -> None:
    was = dump(f"sqlite:///{before.saved}")
    decided = {t: rows for t, rows in was.items() if t not in READ}
    expected, writes = reference
    for k in range(1, len(writes) + 1):
        url = before.restore(f"crash{k}")
        daemon, store = before.life(url)
        with crash_at(store, k), pytest.raises(Crash):
            _close(daemon, before.deadline)
        store.close()
        left = {t: rows for t, rows in dump(url).items() if t not in READ}
        assert left == decided, f"a crash at write {k} ({writes[k - 1]}) left part of it"
        # the next life, on the database the crash left: the same deadline closed from the
        # same data, as if nothing had happened
        daemon, store = before.life(url)
        _close(daemon, before.deadline)
        store.close()
        assert dump(url) == expected, f"after a crash at write {k}, the deadline closed otherwise"
