"""Two senders on one outbox (issue 11 item 1, defence in depth behind the one-instance lock:
a lock on a network filesystem that did not hold, an operator's mistake): a row is claimed by
one sender before it is sent, so it goes to the board once; a dead sender's claim goes stale
and its row is taken over, an in-flight part then found by its marker. Run on the SQL outbox
(SQLite, and PostgreSQL when MAFIABOT_TEST_PG is set), each sender with its own connection
as two processes would have."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest

from mafiabot.store import SqlOutbox, Store, open_store
from poster.outbox import OutboxKey, OutboxRow, claim_owner_is_dead, new_claim_owner
from poster.poster import Poster
from scraper.board import BoardClient, PostResult, TopicCursor
from tests.test_store import _reset_pg

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("MAFIABOT_TEST_PG") else [])
KEY = OutboxKey("1", 3, "newspaper", "topic")
T0 = datetime(2026, 12, 2, 0, 0, tzinfo=UTC)
STALE = timedelta(minutes=10)


@dataclass
class Board:
    """The topic as the board holds it: every accepted submit is a post."""

    posts: list[tuple[int, str]] = field(default_factory=list)

    @property
    def submits(self) -> int:
        return len(self.posts)


class CountingClient:
    """Just what the poster needs for topic rows; each accepted reply is counted."""

    max_message_length: int | None = None

    def __init__(self, board: Board, during_submit: object = None) -> None:
        self.board = board
        self.during_submit = during_submit  # called with the text, after the board took it

    def post_reply(self, topic_id: int, text: str, subject: str | None = None) -> PostResult:
        post_id = 500 + len(self.board.posts)
        self.board.posts.append((post_id, text))
        if callable(self.during_submit):
            self.during_submit(text)
        return PostResult(post_id, f"https://board/p{post_id}")

    def find_post_with_marker(
        self, topic_id: int, marker: str, since: TopicCursor | None = None
    ) -> int | None:
        return next((pid for pid, text in self.board.posts if marker in text), None)


class Killed(BaseException):
    """The process dies (kill -9): nothing after it runs, no claim is dropped."""


class DiesAfterSubmit(SqlOutbox):
    """Dies right after the board accepted a part, before recording it."""

    def record_part(self, key: OutboxKey, part: int, board_id: int) -> None:
        raise Killed


class ReadsThenWaits(SqlOutbox):
    """Lists the pending rows, then waits until the other sender has listed them too."""

    barrier: threading.Barrier

    def pending(self) -> list[OutboxRow]:
        rows = super().pending()
        self.barrier.wait()
        return rows


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'claims.db'}"
    else:
        url = os.environ["MAFIABOT_TEST_PG"]
        _reset_pg(url)
    st = open_store(url)
    g = st.create_game(name="Мафия – 1", ruleset="pefl", topic_id=4, seed=7, now=T0)
    assert g.id == 1
    st.outbox(g.id).add(OutboxRow(KEY, "topic", "Газета: этой ночью убит Шерлок.", topic_id=4))
    st.close()
    yield url


def sender(url: str, name: str, board: Board, at: datetime = T0, **kw: object) -> Poster:
    """One sender: its own store connection, its own claim id, its own clock."""
    outbox = SqlOutbox(Store(url), 1)
    client = cast(BoardClient, CountingClient(board, kw.pop("during_submit", None)))
    return Poster(client, outbox, owner=name, claim_stale=STALE, clock=lambda: at)


def saved(url: str) -> OutboxRow:
    row = SqlOutbox(Store(url), 1).get(KEY)
    assert row is not None
    return row


def test_two_senders_flushing_the_same_row_at_once_submit_it_once(url: str) -> None:
    board = Board()
    a, b = sender(url, "a", board), sender(url, "b", board)
    # both read the row as pending before either claims it: the claim alone decides
    both_read = threading.Barrier(2, timeout=30)
    for p in (a, b):
        p.outbox = ReadsThenWaits(Store(url), 1)
        p.outbox.barrier = both_read
    reports = {}

    def run(name: str, p: Poster) -> None:
        reports[name] = p.flush()

    threads = [threading.Thread(target=run, args=(n, p)) for n, p in (("a", a), ("b", b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert board.submits == 1
    sent = [n for n, r in reports.items() if r.sent == [KEY]]
    left = [n for n, r in reports.items() if [k for k, _ in r.claimed_elsewhere] == [KEY]]
    assert len(sent) == 1 and len(left) == 1 and sent != left
    row = saved(url)
    assert row.status == "sent" and row.board_ids == (500,)


def test_a_row_being_sent_by_another_sender_is_left_to_it(url: str) -> None:
    """B flushes while A's submit is on its way: B leaves the row; A records and marks it."""
    board = Board()
    seen = []

    def b_flushes_now(text: str) -> None:
        seen.append(sender(url, "b", board, T0 + timedelta(seconds=20)).flush())

    report = sender(url, "a", board, during_submit=b_flushes_now).flush()
    assert report.sent == [KEY]
    (b_report,) = seen
    assert b_report.sent == [] and b_report.recovered == []
    assert [k for k, _ in b_report.claimed_elsewhere] == [KEY]
    assert "a" in b_report.claimed_elsewhere[0][1]  # the log names the holder
    assert board.submits == 1
    row = saved(url)
    assert row.status == "sent" and row.claimed_by is None  # dropped once done


def test_a_dead_senders_claim_holds_until_stale_then_the_row_is_taken_over(url: str) -> None:
    # A claimed the row and died before its first part was begun
    assert SqlOutbox(Store(url), 1).claim(KEY, "a", T0, STALE)
    board = Board()
    early = sender(url, "b", board, T0 + timedelta(minutes=9)).flush()
    assert [k for k, _ in early.claimed_elsewhere] == [KEY] and board.submits == 0
    late = sender(url, "b", board, T0 + timedelta(minutes=11)).flush()
    assert late.sent == [KEY] and board.submits == 1
    assert saved(url).board_ids == (500,)


def test_a_crash_between_submit_and_record_leaves_the_part_to_the_marker_search(
    url: str,
) -> None:
    board = Board()
    a = sender(url, "a", board)
    a.outbox = DiesAfterSubmit(Store(url), 1)
    with pytest.raises(Killed):
        a.flush()
    assert board.submits == 1
    row = saved(url)
    assert row.in_flight_part == 0 and row.claimed_by == "a"  # the crash kept the claim
    # another sender does not touch it while the claim is live…
    early = sender(url, "b", board, T0 + timedelta(minutes=5)).flush()
    assert early.claimed_elsewhere and board.submits == 1
    # …and once stale takes it over, finds the part by its marker, and sends nothing again
    late = sender(url, "b", board, T0 + timedelta(minutes=11)).flush()
    assert late.recovered == [KEY] and late.sent == []
    assert board.submits == 1
    row = saved(url)
    assert row.status == "sent" and row.board_ids == (500,)


def test_a_crash_between_claim_and_submit_sends_the_row_once_after_takeover(url: str) -> None:
    """Begun, never submitted: the marker search finds nothing and the part goes once."""
    board = Board()
    ob = SqlOutbox(Store(url), 1)
    assert ob.claim(KEY, "a", T0, STALE)
    ob.begin_part(KEY, 0)  # A died here, before the submit
    late = sender(url, "b", board, T0 + timedelta(minutes=11)).flush()
    assert late.sent == [KEY] and board.submits == 1


def test_a_sender_that_lost_its_claim_while_stalled_sends_no_further_part(url: str) -> None:
    """The claim is renewed before every part: a sender whose row was taken over while one
    submit hung past the stale span stops at the next part instead of sending behind the
    new owner's back."""
    long_row = OutboxRow(
        OutboxKey("1", 3, "final", "topic"), "topic", "\n\n".join(["абзац " * 30] * 3), topic_id=4
    )
    SqlOutbox(Store(url), 1).add(long_row)
    board = Board()

    def b_takes_over(text: str) -> None:
        # A's first part hung past the stale span; B meanwhile took the row over
        if "абзац" in text and not SqlOutbox(Store(url), 1).claim(
            long_row.key, "b", T0 + timedelta(minutes=11), STALE
        ):
            raise AssertionError("the stale claim was not taken over")

    a = sender(url, "a", board, during_submit=b_takes_over)
    a.client.max_message_length = 300  # three parts
    report = a.flush()
    assert report.sent == [KEY]
    assert [k for k, _ in report.claimed_elsewhere] == [long_row.key]
    assert len([t for _, t in board.posts if "абзац" in t]) == 1  # A stopped after part 0
    row = SqlOutbox(Store(url), 1).get(long_row.key)
    assert row is not None and row.board_ids == (501,) and row.claimed_by == "b"
    # B (its claim renewed) sends the remaining two parts, once each
    b = sender(url, "b", board, T0 + timedelta(minutes=12))
    b.client.max_message_length = 300
    assert b.flush().sent == [long_row.key]
    assert len([t for _, t in board.posts if "абзац" in t]) == 3
    row = SqlOutbox(Store(url), 1).get(long_row.key)
    assert row is not None and row.status == "sent" and row.board_ids == (501, 502, 503)


def gone_pid() -> int:
    """The pid of a process of this host that has exited."""
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(proc.stdout)


def test_only_a_claim_of_this_host_whose_process_is_gone_counts_as_dead() -> None:
    host = socket.gethostname()[:40]
    assert claim_owner_is_dead(f"{host}:{gone_pid()}:1a2b3c4d")
    assert not claim_owner_is_dead(new_claim_owner())  # this process
    assert not claim_owner_is_dead(f"{host}:{os.getppid()}:1a2b3c4d")  # runs
    assert not claim_owner_is_dead(f"{host}-elsewhere:{gone_pid()}:1a2b3c4d")  # another host
    assert not claim_owner_is_dead(f"{host}:{gone_pid()}")  # not a claim id we make
    assert not claim_owner_is_dead("a")


def test_a_restart_after_a_crash_takes_its_dead_predecessors_row_at_once(url: str) -> None:
    """kill -9 mid-send, systemd restarts the bot: the dead process's claim (this host, pid
    gone) need not go stale; the part already on the board is found by its marker."""
    board = Board()
    dead = f"{socket.gethostname()[:40]}:{gone_pid()}:1a2b3c4d"
    a = sender(url, dead, board)
    a.outbox = DiesAfterSubmit(Store(url), 1)
    with pytest.raises(Killed):
        a.flush()
    restarted = SqlOutbox(Store(url), 1)
    soon = T0 + timedelta(minutes=1)  # long before the claim goes stale
    report = Poster(cast(BoardClient, CountingClient(board)), restarted, clock=lambda: soon).flush()
    assert report.recovered == [KEY] and report.claimed_elsewhere == []
    assert board.submits == 1
    assert saved(url).status == "sent"
