"""The `Outbox` protocol's contract, as one function any implementation's tests can call.

    from tests.outbox_contract import check_outbox_contract

    def test_sql_outbox_keeps_the_contract(tmp_path):
        check_outbox_contract(lambda: make_sql(tmp_path))

`make` must return an EMPTY outbox each call; for a persistent outbox, two calls may share
storage only if the test wants to check that rows survive (see `check_survives_restart`).
"""

from __future__ import annotations

from collections.abc import Callable

from poster.outbox import Outbox, OutboxKey, OutboxRow, SearchFrom

KEY = OutboxKey("12", 3, "newspaper", "topic")
PM_KEY = OutboxKey("12", 3, "role", "Шерлок")


def rows() -> tuple[OutboxRow, OutboxRow]:
    return (
        OutboxRow(KEY, "topic", "Газета", topic_id=4),
        OutboxRow(PM_KEY, "pm", "Вы — комиссар.", "Роль", recipients=("Шерлок",)),
    )


def check_outbox_contract(make: Callable[[], Outbox]) -> None:
    ob = make()
    post, pm = rows()
    assert ob.pending() == []
    assert ob.add(post) is True
    assert ob.add(pm) is True
    # a key is enqueued once; a second add changes nothing
    assert ob.add(OutboxRow(KEY, "topic", "другой текст", topic_id=4)) is False
    got = ob.get(KEY)
    assert got is not None and got.text == "Газета" and got.status == "pending"
    assert got.board_ids == () and got.in_flight_part is None
    assert [r.key for r in ob.pending()] == [KEY, PM_KEY]  # insertion order
    assert ob.get(OutboxKey("12", 9, "newspaper", "topic")) is None

    ob.begin_part(KEY, 0)
    got = ob.get(KEY)
    assert got is not None and got.in_flight_part == 0 and got.status == "pending"
    ob.record_part(KEY, 0, 120)
    ob.record_part(KEY, 0, 999)  # recording a part twice keeps the first id
    ob.begin_part(KEY, 1)
    ob.record_part(KEY, 1, 121)
    got = ob.get(KEY)
    assert got is not None and got.board_ids == (120, 121) and got.in_flight_part is None
    ob.mark_sent(KEY)
    got = ob.get(KEY)
    assert got is not None and got.status == "sent"
    assert [r.key for r in ob.pending()] == [PM_KEY]

    ob.mark_failed(PM_KEY, "no such user on the board: Шерлок")
    got = ob.get(PM_KEY)
    assert got is not None and got.status == "failed" and "Шерлок" in got.error
    assert got.recipients == ("Шерлок",) and got.subject == "Роль"
    assert ob.pending() == []


def check_survives_restart(
    make_first: Callable[[], Outbox], make_again: Callable[[], Outbox]
) -> None:
    """An in-flight part recorded before a 'crash' is seen by the next process."""
    first = make_first()
    post, _ = rows()
    first.add(post)
    first.begin_part(KEY, 0)
    again = make_again()
    got = again.get(KEY)
    assert got is not None and got.in_flight_part == 0 and got.status == "pending"


def check_attempts_contract(make: Callable[[], Outbox]) -> None:
    """For an outbox that also has `CountsAttempts.note_attempt`."""
    from poster.outbox import CountsAttempts

    ob = make()
    assert isinstance(ob, CountsAttempts)
    post, pm = rows()
    ob.add(post)
    ob.add(pm)
    assert ob.note_attempt(KEY, "flood") == 1
    assert ob.note_attempt(KEY, "flood again") == 2
    got = ob.get(KEY)
    assert got is not None and got.attempts == 2 and got.status == "pending"
    other = ob.get(PM_KEY)
    assert other is not None and other.attempts == 0  # counted per row


def check_positions_contract(make: Callable[[], Outbox]) -> None:
    """A row's game token and saved board position come back as stored: the marker search
    after a crash depends on both (an outbox that drops them searches the last pages only
    and with the old, game-less markers)."""
    ob = make()
    topic = OutboxRow(
        KEY,
        "topic",
        "Газета",
        topic_id=4,
        marker_token="a1b2c3d4e5",
        search_from=SearchFrom(page=8, start=70, post_id=119),
    )
    pm = OutboxRow(
        PM_KEY,
        "pm",
        "Вы — комиссар.",
        "Роль",
        recipients=("Шерлок",),
        marker_token="a1b2c3d4e5",
        search_from=SearchFrom(pm_id=31),
    )
    ob.add(topic)
    ob.add(pm)
    ob.begin_part(KEY, 0)
    got = ob.get(KEY)
    assert got is not None and got.marker_token == "a1b2c3d4e5"
    assert got.search_from == SearchFrom(page=8, start=70, post_id=119)
    got = ob.get(PM_KEY)
    assert got is not None and got.search_from == SearchFrom(pm_id=31)
    assert [r.search_from for r in ob.pending()] == [topic.search_from, pm.search_from]


def check_claims_contract(make: Callable[[], Outbox]) -> None:
    """For an outbox that also has `Claims` (issue 11 item 1: a row is claimed before it is
    sent): one sender at a time, a stale claim taken over, a sent row never claimed."""
    from datetime import UTC, datetime, timedelta

    from poster.outbox import Claims

    ob = make()
    assert isinstance(ob, Claims)
    post, pm = rows()
    ob.add(post)
    ob.add(pm)
    t0 = datetime(2026, 12, 2, 0, 0, tzinfo=UTC)
    stale = timedelta(minutes=10)
    assert ob.claim(KEY, "a", t0, stale) is True
    got = ob.get(KEY)
    assert got is not None and got.claimed_by == "a" and got.claimed_at == t0
    # another live sender is refused; the holder renews
    assert ob.claim(KEY, "b", t0 + timedelta(minutes=9), stale) is False
    assert ob.claim(KEY, "a", t0 + timedelta(minutes=5), stale) is True
    assert ob.claim(KEY, "b", t0 + timedelta(minutes=14), stale) is False  # renewed at 5
    # claims are per row
    assert ob.claim(PM_KEY, "b", t0, stale) is True
    # a claim not renewed for longer than `stale` (its sender died) is taken over
    assert ob.claim(KEY, "b", t0 + timedelta(minutes=16), stale) is True
    got = ob.get(KEY)
    assert got is not None and got.claimed_by == "b"
    assert ob.claim(KEY, "a", t0 + timedelta(minutes=17), stale) is False
    # release drops only the releaser's own claim
    ob.release(KEY, "a")
    got = ob.get(KEY)
    assert got is not None and got.claimed_by == "b"
    ob.release(KEY, "b")
    got = ob.get(KEY)
    assert got is not None and got.claimed_by is None and got.claimed_at is None
    assert ob.claim(KEY, "a", t0 + timedelta(minutes=18), stale) is True
    # a row no longer pending is claimed by nobody; an unknown key neither
    ob.mark_sent(KEY)
    assert ob.claim(KEY, "a", t0 + timedelta(minutes=19), stale) is False
    ob.mark_failed(PM_KEY, "no such user")
    assert ob.claim(PM_KEY, "b", t0 + timedelta(minutes=19), stale) is False
    assert ob.claim(OutboxKey("12", 9, "x", "topic"), "a", t0, stale) is False

    # a sender known dead (`dead=`) loses a live claim at once — only if it still holds it
    third = OutboxRow(OutboxKey("12", 4, "newspaper", "topic"), "topic", "Газета", topic_id=4)
    ob.add(third)
    assert ob.claim(third.key, "a", t0, stale) is True
    assert ob.claim(third.key, "c", t0, stale, dead="b") is False  # "a" is not the dead one
    assert ob.claim(third.key, "c", t0, stale, dead="a") is True
    got = ob.get(third.key)
    assert got is not None and got.claimed_by == "c"
